import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellNumber, reconcileDetailCosts, sealRun, splitDetailName, withoutSealText, type Token } from '../../src/extract/details.js';
import type { CostDetail } from '../../src/contract/extract.js';
import { Catalogue, loadForms } from '../../src/extract/catalogue.js';
import { extractInvoice } from '../../src/extract/extractor.js';
import { extractTables } from '../../src/extract/tables.js';
import { line, lineOf } from './extract-lines.js';

const tables = extractTables();

test('detail cells: unit prices keep four decimals, a grade glued after an amount is no part of it', () => {
  assert.equal(cellNumber('45.2000'), 45.2);
  assert.equal(cellNumber('0.1300'), 0.13);
  assert.equal(cellNumber('180.80Z'), 180.8);
  assert.equal(cellNumber('64.80 Z.'), 64.8);
  assert.equal(cellNumber('43.80甲'), 43.8);
  assert.equal(cellNumber('1,234.50'), 1234.5);
  assert.equal(cellNumber('清单24.7'), 24.7);
  assert.equal(cellNumber('Z'), null);
});

test('detail names: a preparation word glued after the name is its spec', () => {
  const parts = splitDetailName('枸杞子饮片', tables);
  assert.equal(parts.ocrName, '枸杞子');
  assert.equal(parts.spec, '饮片');
  // Too little left before it to be a name: kept whole.
  assert.equal(splitDetailName('参饮片', tables).ocrName, '参饮片');
});

test('detail names: a size in brackets is part of a service name, a spec in brackets is not', () => {
  assert.equal(splitDetailName('换药(中)', tables).ocrName, '换药(中)');
  assert.equal(splitDetailName('换药(中', tables).ocrName, '换药');
  assert.equal(splitDetailName('阿莫西林胶囊(0.25g*24粒)', tables).ocrName, '阿莫西林胶囊');
});

test('detail names: punctuation read at a name\'s end (a speck, a dot of the rule) is no part of it', () => {
  assert.equal(splitDetailName('盐酸昂丹司琼注射液.', tables).ocrName, '盐酸昂丹司琼注射液');
  assert.equal(splitDetailName('麦冬·', tables).ocrName, '麦冬');
  assert.equal(splitDetailName('阿莫西林胶囊(0.25g*24粒)、', tables).ocrName, '阿莫西林胶囊');
  assert.equal(splitDetailName('维生素B6片', tables).ocrName, '维生素B6片', 'letters and digits inside a name stay');
});

test('detail names: a character read much smaller than the name beside it is a seal letter', () => {
  const tok = (text: string, x0: number, x1: number, h: number): Token => ({ text, x0, x1, h });
  const cell = [tok('票', 128, 137, 10), tok('华法林钠片', 140, 227, 23)];
  assert.deepEqual(withoutSealText(cell, 23, tables.sealChars).map((t) => t.text), ['华法林钠片']);
  const sameSize = [tok('注射用', 100, 160, 23), tok('头孢曲松钠', 170, 270, 23)];
  assert.deepEqual(withoutSealText(sameSize, 23, tables.sealChars).map((t) => t.text), ['注射用', '头孢曲松钠']);
});

test('detail table: a weight in grams under 数量, a four-decimal price and a stamp word before the amount', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('重庆市医疗门诊收费票据', 500, 40, 36, 40),
    at('项目名称', 120, 300), at('规格', 420, 300), at('数量', 620, 300), at('单位', 740, 300), at('单价', 860, 300),
    at('金额(元)', 1000, 300), at('等级', 1160, 300),
    at('金水宝胶囊', 80, 340), at('0.33g*72粒', 400, 340), at('4盒', 630, 340), at('45.2000', 850, 340), at('180.80Z', 1000, 340),
    at('桔梗', 80, 380), at('饮片', 420, 380), at('190 g', 610, 380), at('0.1300', 850, 380), at('清单24.7', 990, 380),
    line('合计（小写）205.50', 180, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'chongqing', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(
    out.result.cost_detail_list.map((d) => [d.ocr_name, d.amount, d.unit, d.unit_price, d.cost]),
    [['金水宝胶囊', 4, '盒', 45.2, 180.8], ['桔梗', 190, 'g', 0.13, 24.7]],
  );
});

test('detail table: a row whose header words lie only inside longer cells is no header (and does not fail)', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('山西省医疗住院收费票据', 500, 40, 36, 40),
    at('名称：第三医院', 100, 300), at('数量', 600, 300), at('金额', 800, 300),
    at('西药费', 100, 340), at('77.85', 800, 340),
    line('合计（小写）77.85', 180, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'general', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_detail_list, []);
});

test('detail names: a national code ends before a strength that starts the name', () => {
  const parts = splitDetailName('XB05XAD77775062674432140.9%氯化钠注射液', extractTables());
  assert.equal(parts.ocrName, '0.9%氯化钠注射液');
  assert.equal(parts.code, 'XB05XAD7777506267443214');
});

test('cells: a stamp read between a four-decimal unit price and the amount splits them', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('宁夏回族自治区医疗住院收费票据', 400, 40, 36, 40),
    at('项目名称', 200, 300), at('规格', 460, 300), at('数量', 600, 300), at('单价', 760, 300), at('金额', 900, 300), at('类别', 1040, 300),
    at('丹参注射液', 160, 340), at('10ml', 450, 340), at('2支', 600, 340), at('3.6000已审核7.20', 730, 340), at('甲', 1050, 340),
    line('合计（小写）7.20', 180, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'general', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_detail_list.map((d) => [d.ocr_name, d.unit_price, d.cost]), [['丹参注射液', 3.6, 7.2]]);
});

test('costs: a cost misread against quantity × price is the product only when the sums decide', () => {
  const row = (name: string, amount: number, price: number, cost: number): CostDetail => ({
    ocr_name: name, cost, amount, unit_price: price, spec: '', unit: '', medical_level: '', selfpay_ratio: 0, selfpay: 0,
    medical_type: 0, class: '', item_coding: '', origin_ocr_name: name, name: '',
    check_amount_unitprice_cost: Math.abs(amount * price - cost) < 0.011 ? 1 : 0,
  });
  const details = [row('电解质六项', 2, 30, 60.09), row('医用纱布', 1, 2.4, 2.4)];
  assert.deepEqual(reconcileDetailCosts(details, [62.4]).map((d) => [d.cost, d.check_amount_unitprice_cost]), [[60, 1], [2.4, 1]]);
  assert.deepEqual(reconcileDetailCosts(details, [62.49]).map((d) => d.cost), [60.09, 2.4], 'printed inconsistent on purpose: the sums hold as read');
  assert.deepEqual(reconcileDetailCosts(details, [70]).map((d) => d.cost), [60.09, 2.4], 'the product does not make them add up either');
  assert.deepEqual(reconcileDetailCosts(details, [0]).map((d) => d.cost), [60.09, 2.4], 'no total: nothing decides');
});

test('detail names: an opening bracket nothing closes before a name is the rule read as one', () => {
  assert.equal(splitDetailName('(静脉输液', tables).ocrName, '静脉输液');
  assert.equal(splitDetailName('（静脉输液', tables).ocrName, '静脉输液');
  assert.equal(splitDetailName('[甲]静脉输液', tables).level, '甲');
});

test('detail tables: a heading read with a speck after it still heads its column group', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('江苏省医疗门诊收费票据（电子）', 460, 40, 36, 40),
    at('项目名称', 230, 300), at('数量', 420, 300), at('单位', 490, 300), at('金额(元)', 565, 300), at('备注', 670, 300),
    at('项目名称.', 825, 300), at('数量', 1010, 300), at('单位', 1080, 300), at('金额(元)', 1160, 300), at('备注', 1260, 300),
    at('吸氧', 130, 340), at('13小时', 442, 340), at('39.00', 603, 340), at('静脉输液', 720, 340), at('1组', 1040, 340), at('9.00', 1205, 340),
    line('合计（小写）48.00', 180, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'general', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_detail_list.map((d) => [d.ocr_name, d.cost]), [['吸氧', 39], ['静脉输液', 9]]);
});

test('detail names: a seal letter glued before the name is dropped; a name starting with a seal character others share stays', () => {
  assert.equal(splitDetailName('财肾功能三项', extractTables()).ocrName, '肾功能三项');
  assert.equal(splitDetailName('制霉素片', extractTables()).ocrName, '制霉素片', '制 of 监制 starts real names');
});

test('detail cells: a point read as a colon in a number cell is money; a well-formed amount reads as before', () => {
  assert.equal(cellNumber('37:20'), 37.2);
  assert.equal(cellNumber('¥8:50'), 8.5);
  assert.equal(cellNumber('37.20'), 37.2);
});

test('detail names: a dash ending a national code before the name is the name\'s 一', () => {
  const parts = splitDetailName('120100003-级护理', tables);
  assert.equal(parts.code, '120100003');
  assert.equal(parts.ocrName, '一级护理');
  // A code with a dash inside keeps it.
  assert.equal(splitDetailName('250101001-1血常规', tables).code, '250101001-1');
});

test('detail table: a count with its unit under 金额 (no 数量 heading read) is the quantity, never the cost', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('北京市医疗门诊收费票据', 500, 40, 36, 40),
    at('项目名称', 120, 300), at('规格', 300, 300), at('数单位', 600, 300), at('金额(元)', 900, 300),
    at('活血止痛胶囊', 80, 340), at('1盒', 620, 340), at('27.60', 900, 340),
    at('电解质六项', 80, 380), at('1次', 700, 380),
    line('合计（小写）27.60', 180, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'general', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(
    out.result.cost_detail_list.map((d) => [d.ocr_name, d.amount, d.unit, d.cost]),
    [['活血止痛胶囊', 1, '盒', 27.6]],
  );
});

test('detail table: 金额 before the first 项目名称 is the tail of a group the edge cut off, read into no row', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('天津市医疗门诊收费票据', 500, 40, 36, 40),
    at('数量/单位', 20, 300), at('金额(元)', 200, 300), at('项目名称', 420, 300), at('数量/单位', 620, 300), at('金额(元)', 780, 300),
    at('3盒', 40, 340), at('114.00', 200, 340), at('蒙脱石散', 330, 340), at('3盒', 640, 340), at('42.90', 790, 340),
    at('1次', 40, 380), at('560.00', 200, 380), at('阿卡波糖片', 330, 380), at('1盒', 640, 380), at('39.60', 790, 380),
    line('合计（小写）1154.50', 180, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'general', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(
    out.result.cost_detail_list.map((d) => [d.ocr_name, d.amount, d.cost]),
    [['蒙脱石散', 3, 42.9], ['阿卡波糖片', 1, 39.6]],
  );
});

test('detail names: a seal read at the name\'s end (its words, its star) is no part of it', () => {
  assert.equal(splitDetailName('肌肉注射财务专用章', tables).ocrName, '肌肉注射');
  assert.equal(splitDetailName('金银花饮片】★', tables).ocrName, '金银花');
  assert.equal(splitDetailName('血常规★', tables).ocrName, '血常规');
  // Too little before the seal's words to be a name: left whole.
  assert.equal(splitDetailName('收费专用章', tables).ocrName, '收费专用章');
});

test('detail names: a token of seal characters in a row with its ends misread is the seal\'s text', () => {
  const tok = (text: string, x0: number, x1: number): Token => ({ text, x0, x1, h: 30 });
  const cell = [tok('彩色多普勒超声', 945, 1094), tok('腾诊收费专用会', 1117, 1259)];
  assert.deepEqual(withoutSealText(cell, 30, tables.sealChars).map((t) => t.text), ['彩色多普勒超声']);
  assert.equal(sealRun('腾诊收费专用会', tables.sealChars), true);
  // A name with a whole seal word glued on holds more than the run's slack: splitDetailName cuts it.
  assert.equal(sealRun('肌肉注射财务专用章', tables.sealChars), false);
  assert.equal(sealRun('收费', tables.sealChars), false);
});

test('detail names: a figure read inside the seal\'s text does not make it a spec of the name', () => {
  const tok = (text: string, x0: number, x1: number): Token => ({ text, x0, x1, h: 30 });
  // The row's quantity under the ring was read into it: still the seal, not the name's spec.
  assert.equal(sealRun('诊收4专用章', tables.sealChars), true);
  const cell = [tok('注射用美罗培南', 83, 230), tok('诊收4专用章', 973, 1090)];
  assert.deepEqual(withoutSealText(cell, 30, tables.sealChars).map((t) => t.text), ['注射用美罗培南']);
  // A figure between a name's characters and a seal word is no part of a run.
  assert.equal(sealRun('维生素B12注射液', tables.sealChars), false);
  assert.equal(sealRun('收费2', tables.sealChars), false);
});

test('detail names: item codes', () => {
  // Capitals between a code of figures and the name start the name.
  const crp = splitDetailName('250403022C反应蛋白测定', tables);
  assert.equal(crp.ocrName, 'C反应蛋白测定');
  assert.equal(crp.code, '250403022');
  assert.equal(splitDetailName('210300001CT平扫', tables).ocrName, 'CT平扫');
  // A national drug code with a 0 read as O after its letters is still the code.
  const drug = splitDetailName('XNO1BBE0587924855359088盐酸利多卡因注射液', tables);
  assert.equal(drug.ocrName, '盐酸利多卡因注射液');
  assert.equal(drug.code, 'XNO1BBE0587924855359088');
  assert.equal(splitDetailName('XC09CAA2321601654454258缬沙坦胶囊', tables).ocrName, '缬沙坦胶囊');
});

test('detail rows: a one-character name is a row when the catalogue gives back the character lost from it', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('宁夏回族自治区医疗住院收费票据', 400, 40, 36, 40),
    at('项目名称', 200, 300), at('规格', 460, 300), at('数量', 600, 300), at('单价', 760, 300), at('金额', 900, 300),
    at('尿常规', 160, 340), at('2次', 600, 340), at('10.0000', 760, 340), at('20.00', 900, 340),
    at('川', 160, 380), at('饮片', 460, 380), at('100g', 600, 380), at('0.1500', 760, 380), at('15.00', 900, 380),
    line('合计（小写）35.00', 180, 500),
  ];
  const entries = [{ name: '川芎', grade: '', section: '中药饮片' }, { name: '川贝母', grade: '', section: '中药饮片' }];
  const forms = loadForms();
  const knows = extractInvoice({ lines, width: 1400, height: 700, variant: 'general', catalogue: new Catalogue(entries, { ...forms, lostChars: new Set(['芎']) }) });
  assert.ok(knows.ok);
  assert.deepEqual(knows.result.cost_detail_list.map((d) => [d.ocr_name, d.cost]), [['尿常规', 20], ['川芎', 15]]);
  const guesses = extractInvoice({ lines, width: 1400, height: 700, variant: 'general', catalogue: new Catalogue(entries, { ...forms, lostChars: new Set<string>() }) });
  assert.ok(guesses.ok);
  assert.deepEqual(guesses.result.cost_detail_list.map((d) => d.ocr_name), ['尿常规'], 'a character alone the catalogue cannot complete is no row');
});
