import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import { Catalogue } from '../../src/extract/catalogue.js';
import { segmentLines } from '../../src/extract/layout.js';
import { line, lineOf } from './extract-lines.js';

const emptyCatalogue = new Catalogue([]);

test('a grid row returned as one OCR line is cut into cells by character gaps', () => {
  const l = lineOf([{ text: '护理费', x: 70 }, { text: '180.00', x: 360 }, { text: '西药费', x: 580 }, { text: '11,274.86', x: 830 }], 350);
  const segs = segmentLines([l]);
  assert.deepEqual(segs.map((s) => s.text), ['护理费', '180.00', '西药费', '11,274.86']);
  assert.ok(segs[1]!.box.x0 > segs[0]!.box.x1);
});

/** A constructed e-invoice in the national layout, with one merged grid line and a shifted value. */
function eInvoiceLines() {
  return [
    line('河南省医疗住院收费票据（电子）', 500, 60, 36, 40),
    line('票据代码：41060221', 80, 170),
    line('票据号码：0005854812', 980, 170),
    line('交款人：张三', 80, 210),
    line('校验码：3365ab', 980, 210),
    line('开票日期：2021年04月12日', 980, 250),
    lineOf([{ text: '项目名称', x: 110 }, { text: '金额（元）', x: 320 }, { text: '项目名称', x: 620 }, { text: '金额（元）', x: 830 }], 300),
    lineOf([{ text: '床位费', x: 80 }, { text: '150.00', x: 360 }, { text: '检查费', x: 580 }, { text: '3,334.20', x: 830 }], 350),
    line('化验费', 80, 395),
    line('2061.40', 362, 400), // dot-matrix print a little low
    line('金额合计（大写）伍仟伍佰肆拾伍元陆角整', 80, 700),
    line('（小写）5545.60', 1000, 700),
    line('住院时间：2021-04-07至2021-04-12', 80, 745),
    line('性别：女', 1000, 745),
    line('预缴金额：6000.00', 80, 790),
    line('补缴金额：0.00', 420, 790),
    line('退费金额：454.40', 760, 790),
    line('医保统筹基金支付：0.00', 80, 835),
    line('个人账户支付：0.00', 420, 835),
    line('现金支付：5545.60', 760, 835),
    line('收款单位（章）：郑州大学第一附属医院', 80, 1000),
  ];
}

test('key-value fields anchored on labels, same line or right of the label', () => {
  const out = extractInvoice({ lines: eInvoiceLines(), width: 1600, height: 1100, variant: 'general', catalogue: emptyCatalogue, today: '2024-01-01' });
  assert.ok(out.ok);
  const r = out.result;
  assert.equal(r.note_title, '河南省医疗住院收费票据(电子)');
  assert.equal(out.province, 'henan');
  assert.equal(out.electronic, true);
  assert.equal(r.type, 2);
  assert.equal(r.note_code, '41060221');
  assert.equal(r.note_no, '0005854812');
  assert.equal(r.check_code, '3365ab');
  assert.equal(r.billing_date, '2021-04-12');
  assert.equal(r.patient_name, '张三');
  assert.equal(r.patient_gender, 2);
  assert.equal(r.start_hospital_date, '2021-04-07');
  assert.equal(r.end_hospital_date, '2021-04-12');
  assert.equal(r.hospital_days, 5);
  assert.equal(r.hospital_name, '郑州大学第一附属医院');
  assert.equal(r.total_cost, 5545.6);
  assert.equal(r.checksum.total_cost, 1, 'figures and capitals agree');
});

test('category grid: several pairs per line, amount read right of the name', () => {
  const out = extractInvoice({ lines: eInvoiceLines(), width: 1600, height: 1100, variant: 'general', catalogue: emptyCatalogue, today: '2024-01-01' });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_categories, [
    { name: '床位费', cost: 150 },
    { name: '检查费', cost: 3334.2 },
    { name: '化验费', cost: 2061.4 },
  ]);
  assert.equal(out.result.checksum.cost_categories, 1);
});

test('payments normalised through the alias table, with relation checks; absent ones not output', () => {
  const out = extractInvoice({ lines: eInvoiceLines(), width: 1600, height: 1100, variant: 'general', catalogue: emptyCatalogue, today: '2024-01-01' });
  assert.ok(out.ok);
  const pays = Object.fromEntries(out.result.payments_info.map((p) => [p.name, p]));
  assert.equal(pays['个人现金支付']?.cost, 5545.6, '现金支付 is the alias of 个人现金支付');
  assert.equal(pays['个人现金支付']?.check_info, 1);
  assert.equal(pays['退费金额']?.check_info, 1, '6000 + 0 - 454.40 = 5545.60');
  assert.equal(pays['其他支付'], undefined, 'not printed, not output');
  assert.equal(out.result.checksum.note_no, -1, 'not a Beijing outpatient paper invoice');
});

test('a label misread by one character still anchors its value', () => {
  const lines = [...eInvoiceLines()];
  lines[16] = line('退费全额：454.40', 760, 790);
  const out = extractInvoice({ lines, width: 1600, height: 1100, variant: 'henan', catalogue: emptyCatalogue });
  assert.ok(out.ok);
  assert.equal(out.result.payments_info.find((p) => p.name === '退费金额')?.cost, 454.4);
});

test('values below their labels (paper invoices print a header row over a value row)', () => {
  const lines = [
    line('北京市医疗门诊收费票据', 400, 40, 36, 40),
    lineOf([{ text: '姓名', x: 100 }, { text: '性别', x: 400 }, { text: '医保类型', x: 700 }], 150),
    lineOf([{ text: '李四', x: 100 }, { text: '男', x: 400 }, { text: '城镇职工', x: 700 }], 185),
    line('合计（小写）¥88.00', 100, 400),
    line('西药费 88.00', 100, 300),
  ];
  const out = extractInvoice({ lines, width: 1200, height: 600, variant: 'beijing', catalogue: emptyCatalogue, today: '2024-01-01' });
  assert.ok(out.ok);
  assert.equal(out.result.patient_name, '李四');
  assert.equal(out.result.patient_gender, 1);
  assert.equal(out.result.medical_insurance_type, '城镇职工');
  assert.equal(out.result.type, 1);
  assert.equal(out.result.total_cost, 88);
  assert.equal(out.result.checksum.cost_categories, 1);
});

test('a title naming no visit type: a 门诊日期 label makes the invoice outpatient, a 住院 item name does not make it inpatient', () => {
  const lines = [
    line('广东省医疗收费票据', 400, 40, 36, 40),
    line('门诊日期：2019-11-18', 100, 150),
    line('住院诊查费 88.00', 100, 300),
    line('合计（小写）¥88.00', 100, 400),
  ];
  const out = extractInvoice({ lines, width: 1200, height: 600, variant: 'guangdong', catalogue: emptyCatalogue, today: '2024-01-01' });
  assert.ok(out.ok);
  assert.equal(out.result.type, 1);
});
