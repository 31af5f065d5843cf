import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import { Catalogue } from '../../src/extract/catalogue.js';
import { line, lineOf } from './extract-lines.js';

const catalogue = new Catalogue([
  { name: '阿莫西林', grade: '甲', section: '西药' },
  { name: '头孢克肟', grade: '乙', section: '西药' },
  { name: '感冒清热颗粒', grade: '甲', section: '中成药' },
]);

test('an ID card is refused with a description of what was found', () => {
  const lines = [line('姓名 小静', 50, 50), line('性别 女 民族 汉', 50, 90), line('出生 1987年9月17日', 50, 130), line('住址 北京市海淀区西北旺东路100号', 50, 170), line('公民身份号码 370782198709170246', 50, 260)];
  const out = extractInvoice({ lines, width: 800, height: 500, variant: 'general' });
  assert.deepEqual(out, { ok: false, found: 'an ID card' });
});

test('no lines: refused as "no text"', () => {
  assert.deepEqual(extractInvoice({ lines: [], width: 800, height: 500, variant: 'beijing' }), { ok: false, found: 'no text' });
});

test('a non-medical VAT invoice is refused', () => {
  const lines = [line('北京增值税电子普通发票', 300, 30), line('购买方 名称：某公司', 50, 100), line('销售方 名称：某运输公司', 50, 140), line('*运输服务*客运服务费 13.32 免税 税额 ***', 50, 200)];
  const out = extractInvoice({ lines, width: 900, height: 400, variant: 'general' });
  assert.equal(out.ok, false);
  assert.ok(!out.ok && out.found.includes('VAT'));
});

test('detail table: columns from the header, name split into code, grade, spec; catalogue name; unit check', () => {
  const header = lineOf([
    { text: '项目编码', x: 40 }, { text: '项目名称', x: 260 }, { text: '单位', x: 640 }, { text: '数量', x: 740 },
    { text: '单价', x: 860 }, { text: '金额', x: 980 }, { text: '等级', x: 1100 }, { text: '自付比例', x: 1200 },
  ], 300);
  const row1 = lineOf([
    { text: 'XJ01CAA040', x: 30 }, { text: '阿莫西林胶囊0.25g*24粒', x: 280 }, { text: '盒', x: 650 }, { text: '2', x: 750 },
    { text: '12.50', x: 860 }, { text: '25.00', x: 980 }, { text: '甲', x: 1110 }, { text: '0%', x: 1210 },
  ], 340);
  const row2 = lineOf([
    { text: 'XJ01DDA04', x: 30 }, { text: '头抱克肟分散片', x: 280 }, { text: '盒', x: 650 }, { text: '1', x: 750 },
    { text: '30.00', x: 860 }, { text: '31.00', x: 980 }, { text: '乙', x: 1110 }, { text: '10%', x: 1210 },
  ], 380);
  const lines = [
    line('上海市医疗门诊收费票据', 400, 40, 36, 40), header, row1, row2, line('合计（小写）56.00', 40, 460), line('西药费 56.00', 40, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'general', catalogue, today: '2024-01-01' });
  assert.ok(out.ok);
  const [a, b] = out.result.cost_detail_list;
  assert.ok(a && b);
  assert.equal(a.ocr_name, '阿莫西林胶囊');
  assert.equal(a.origin_ocr_name, '阿莫西林胶囊0.25g*24粒');
  assert.equal(a.spec, '0.25g*24粒');
  assert.equal(a.item_coding, 'XJ01CAA040');
  assert.equal(a.unit, '盒');
  assert.equal(a.amount, 2);
  assert.equal(a.unit_price, 12.5);
  assert.equal(a.cost, 25);
  assert.equal(a.medical_level, '甲');
  assert.equal(a.check_amount_unitprice_cost, 1);
  assert.equal(a.name, '阿莫西林', 'form suffix stripped before matching');
  assert.equal(a.medical_type, 1);
  assert.equal(b.name, '头孢克肟', 'one misread character tolerated');
  assert.equal(b.item_coding, 'XJ01DDA04');
  assert.equal(b.check_amount_unitprice_cost, 0, '1 x 30.00 is not 31.00');
  assert.equal(b.selfpay_ratio, 0.1);
  assert.equal(b.selfpay, 3.1);
  assert.equal(out.result.checksum.cost_detail_list, 1, '25 + 31 = 56');
  assert.equal(out.province, 'shanghai', 'the unsuffixed path recognises the province from the title');
});

test('QR elements are cross-checked with the printed ones and fill blanks', () => {
  const lines = [
    line('福建省医疗门诊收费票据（电子）', 400, 40, 36, 40), line('票据代码：35060221', 80, 150), line('票据号码：0000275301', 900, 150),
    line('开票日期：2021-03-06', 900, 190), line('诊察费 15.00', 80, 300), line('合计（小写）15.00', 80, 400),
  ];
  const agree = extractInvoice({ lines, width: 1400, height: 600, variant: 'e_invoice', qrPayloads: ['35060221,0000275301,d2cf1a,15.00,20210306'] });
  assert.ok(agree.ok);
  assert.deepEqual(agree.qrMismatch, [], 'a QR code was read and agrees');
  assert.equal(agree.result.check_code, 'd2cf1a', 'not printed legibly: taken from the QR');
  const differ = extractInvoice({ lines, width: 1400, height: 600, variant: 'e_invoice', qrPayloads: ['35060221,0000275399,d2cf1a,16.00,20210306'] });
  assert.ok(differ.ok);
  assert.deepEqual([...(differ.qrMismatch ?? [])].sort(), ['note_no', 'total_cost']);
  assert.equal(differ.result.note_no, '0000275301', 'the printed value stays');
  const other = extractInvoice({ lines, width: 1400, height: 600, variant: 'e_invoice', qrPayloads: ['https://example.org/app'] });
  assert.ok(other.ok);
  assert.equal(other.qrMismatch, undefined, 'a QR code without invoice elements is no cross-check');
  // Printed codes that differ from the QR only by OCR look-alikes (O for 0, l for 1) take the QR's value.
  const slipLines = [...lines, line('校验码：Od2cfl', 80, 190)];
  const slip = extractInvoice({ lines: slipLines, width: 1400, height: 600, variant: 'e_invoice', qrPayloads: ['35060221,0000275301,0d2cf1,15.00,20210306'] });
  assert.ok(slip.ok);
  assert.equal(slip.result.check_code, '0d2cf1');
  assert.deepEqual(slip.qrMismatch, [], 'an OCR slip is no disagreement');
  const real = extractInvoice({ lines: slipLines, width: 1400, height: 600, variant: 'e_invoice', qrPayloads: ['35060221,0000275301,7a9c3e,15.00,20210306'] });
  assert.ok(real.ok);
  assert.equal(real.result.check_code, 'Od2cfl', 'a real difference keeps the printed value');
  assert.deepEqual(real.qrMismatch, ['check_code']);
});
