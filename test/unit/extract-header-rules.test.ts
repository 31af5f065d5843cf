import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import { readHeaderValue } from '../../src/extract/header-values.js';
import { amountDigits, chooseTotal } from '../../src/extract/total.js';
import { line } from './extract-lines.js';

const TITLE = line('江苏省医疗门诊收费票据', 300, 30, 28, 34);

function read(lines: Parameters<typeof extractInvoice>[0]['lines']) {
  const out = extractInvoice({ lines, width: 1200, height: 500, variant: 'jiangsu', today: '2026-01-01' });
  assert.ok(out.ok);
  if (!out.ok) throw new Error('not an invoice');
  return out.result;
}

test('a name loses quotes and marks read before it', () => {
  assert.equal(readHeaderValue('person', '“姚轩波'), '姚轩波');
  assert.equal(readHeaderValue('person', '"-林超'), '林超');
  assert.equal(readHeaderValue('person', '“连'), null, 'one character left: no name');
});

test('a short label starting a longer one broken over two lines is not read (交款人统一 | 社会信用代码)', () => {
  const r = read([
    TITLE,
    line('交款人统一', 60, 100),
    line('社会信用代码：500103196605029325', 170, 100),
    line('交款人：钟静晓', 60, 140),
    line('合计 377.20', 60, 240),
  ]);
  assert.equal(r.patient_name, '钟静晓');
});

test('a value printed over the label colon (dot-matrix shifted) is the label value, not the cell below', () => {
  // 交款人： ends at x = 60 + 4 * 20 = 140; the name starts at 125, over the colon, a little lower.
  const r = read([
    TITLE,
    line('交款人：', 60, 100),
    line('“姚轩波', 125, 110),
    line('连翘', 40, 160),
    line('合计 377.20', 60, 240),
  ]);
  assert.equal(r.patient_name, '姚轩波');
});

test('an amount’s printed digits', () => {
  assert.equal(amountDigits(770.2), '77020');
  assert.equal(amountDigits(7), '7');
  assert.equal(amountDigits(0.5), '50');
});

test('the total: 小写 and 大写 agree, or the backed one, or the one holding the other’s digits', () => {
  assert.equal(chooseTotal(362.5, 362.5, []), 362.5);
  assert.equal(chooseTotal(null, 362.5, []), 362.5);
  assert.equal(chooseTotal(362.5, null, []), 362.5);
  assert.equal(chooseTotal(null, null, []), 0);
  assert.equal(chooseTotal(7, 770.2, []), 770.2, 'a figure cut by a seal');
  assert.equal(chooseTotal(51160, 511.6, []), 511.6, 'a figure without its point');
  assert.equal(chooseTotal(770.2, 70.2, []), 770.2, 'a capital that lost numerals');
  assert.equal(chooseTotal(88.01, 362.5, [362.5]), 362.5, 'the categories add up to the capital');
  assert.equal(chooseTotal(362.5, 326.5, [362.5]), 362.5, 'the categories add up to the figures');
  assert.equal(chooseTotal(362.5, 326.5, []), 362.5, 'nothing decides: the figures as printed');
});

test('a 小写 candidate agreeing with the 大写 total wins over a nearer amount', () => {
  const r = read([
    TITLE,
    line('交款人：林超', 60, 100),
    line('金额合计（大写）', 60, 200),
    line('叁佰陆拾贰元伍角整', 260, 200),
    line('（小写）', 520, 200),
    line('8.00', 620, 196),
    line('362.50', 760, 200),
  ]);
  assert.equal(r.total_cost, 362.5);
});

test('a misread-term match does not swallow the first character of a printed label after it', async () => {
  const { TermDictionary } = await import('../../src/extract/terms.js');
  const dict = new TermDictionary<string>();
  dict.add('医疗保险号', 'insurance number');
  dict.add('性别', 'gender');
  assert.deepEqual(dict.scan('基本医疗保险性别:男').map((h) => h.term), ['性别'], '性 starts 性别: no misread 号');
  assert.deepEqual(dict.scan('医疗保险苟:123').map((h) => h.term), ['医疗保险号'], 'a misread that starts no label is still the term');
});

test('a gender on one line with another label and value is still read (医疗保险类型：… 性别：男)', () => {
  const r = read([
    TITLE,
    line('交款人：林超', 60, 100),
    line('其医疗保险类型：城镇职工基本医疗保险 性别：男', 60, 140),
    line('合计 377.20', 60, 240),
  ]);
  assert.equal(r.patient_gender, 1);
  assert.equal(r.medical_insurance_type, '城镇职工基本医疗保险');
});

test('a gender label that lost one character still gives the value after its colon (性：女, 别：男)', async () => {
  const { genderOfHalfLabel } = await import('../../src/extract/header.js');
  const { segmentLines } = await import('../../src/extract/layout.js');
  assert.equal(genderOfHalfLabel(segmentLines([line('性：女', 60, 100)])), 2);
  assert.equal(genderOfHalfLabel(segmentLines([line('别:男', 60, 100)])), 1);
  assert.equal(genderOfHalfLabel(segmentLines([line('性女', 60, 100)])), null, 'no colon: any word');
  assert.equal(genderOfHalfLabel(segmentLines([line('类别：女', 60, 100)])), null, 'another label ending in 别');
  const r = read([TITLE, line('交款人：林超', 60, 100), line('性：女', 500, 100), line('合计 377.20', 60, 240)]);
  assert.equal(r.patient_gender, 2);
});

test('a 大写 total starting with 参 (叁 as OCR reads it) keeps its first numeral', () => {
  assert.equal(readHeaderValue('capital', '参佰叁拾玖元柒角整'), 339.7);
});

test('whole figures without a 大写 are divided by 100 only when the invoice backs the hundredth', () => {
  assert.equal(chooseTotal(51160, null, [511.6]), 511.6);
  assert.equal(chooseTotal(51160, null, []), 51160);
  assert.equal(chooseTotal(51160, null, [51160, 511.6]), 51160);
});

test('a label of the field itself cut short (收款单位（章) is still read; another field’s longer label is not', () => {
  const r = read([
    TITLE,
    line('交款人：林超', 60, 100),
    line('收款单位（章', 60, 300),
    line('江苏省人民医院', 260, 300),
    line('合计 377.20', 60, 240),
  ]);
  assert.equal(r.charging_units, '江苏省人民医院');
});

test('a lone 男 or 女 cell is the gender when OCR lost its label, unless cells disagree', async () => {
  const { loneGender } = await import('../../src/extract/header.js');
  const { segmentLines } = await import('../../src/extract/layout.js');
  assert.equal(loneGender(segmentLines([line('男', 60, 100), line('住院科别：外科', 200, 100)])), 1);
  assert.equal(loneGender(segmentLines([line('：女', 60, 100)])), 2);
  assert.equal(loneGender(segmentLines([line('男', 60, 100), line('女', 60, 140)])), null);
  assert.equal(loneGender(segmentLines([line('男科', 60, 100)])), null);
  assert.equal(loneGender(segmentLines([line('营：男', 60, 100)])), 1, 'the blur made one character of the label');
  assert.equal(loneGender(segmentLines([line('1时：男', 60, 100)])), null, 'a digit before it: some other cell');
  assert.equal(loneGender(segmentLines([line('类别：男', 60, 100)])), null, 'a label of two characters is read as that label');
});

test('医保编号 gives both the insurance number and the social-security number', () => {
  const r = read([TITLE, line('交款人：林超', 60, 100), line('医保编号：2728642252', 60, 140), line('合计 377.20', 60, 240)]);
  assert.equal(r.medical_insurance_no, '2728642252');
  assert.equal(r.social_security_card_no, '2728642252');
});

test('个人编号 reads like 医保编号; a social-security card number printed beside it keeps its own field', () => {
  const alone = read([TITLE, line('交款人：林超', 60, 100), line('个人编号：3208642252', 60, 140), line('合计 377.20', 60, 240)]);
  assert.equal(alone.medical_insurance_no, '3208642252');
  assert.equal(alone.social_security_card_no, '3208642252');
  const withCard = read([TITLE, line('交款人：林超', 60, 100), line('个人编号：3208642252', 60, 140), line('社保卡号：B12345678', 60, 180), line('合计 377.20', 60, 240)]);
  assert.equal(withCard.medical_insurance_no, '3208642252');
  assert.equal(withCard.social_security_card_no, 'B12345678');
});

test('a code read with letters OCR takes for digits is read as digits, only when mostly digits', async () => {
  const { readValue } = await import('../../src/extract/values.js');
  assert.equal(readValue('code_digits', '6576S440'), '65765440');
  assert.equal(readValue('number_digits', 'B5421O97'), '85421097');
  assert.equal(readValue('code_digits', '65765440'), '65765440');
  assert.equal(readValue('code_digits', 'MZ32162251'), null, 'M is no digit look-alike');
  assert.equal(readValue('code_digits', 'SBZSBZ12'), null, 'mostly letters: not a misread code');
  assert.equal(readValue('code_digits', '12345678ab'), '12345678', 'letters after the code are not part of it');
});

test('words followed by a colon are a label, never a name; 校码 (校验码 without its 验) is the check code label', () => {
  assert.equal(readHeaderValue('person', '校码：okgdu'), null);
  assert.equal(readHeaderValue('person', '林超'), '林超');
  const r = read([TITLE, line('交款人：则', 60, 100), line('校码：okgdu', 400, 100), line('合计 377.20', 60, 240)]);
  assert.equal(r.patient_name, '');
  assert.equal(r.check_code, 'okgdu');
});

test('total: a line that is a 大写 amount alone is the total when the invoice backs it and nothing else was read', async () => {
  const { capitalOnlyTotal } = await import('../../src/extract/total.js');
  const { parseCapitalAmount } = await import('../../src/extract/parse/capital.js');
  // The label cut off by the picture's edge; 五 read for 伍; the details add up to it.
  assert.equal(capitalOnlyTotal(['五佰肆拾肆元伍角整', '门诊号：007415408'], [544.5], parseCapitalAmount), 544.5);
  assert.equal(capitalOnlyTotal(['五佰肆拾肆元伍角整'], [540], parseCapitalAmount), null, 'nothing backs it');
  const { figuresAgainstCapitalLine } = await import('../../src/extract/total.js');
  // The 大写 label lost, a seal over the 小写 cell: 40 of 70.40 holds the capital line's digits in order.
  assert.equal(figuresAgainstCapitalLine(40, ['柒拾元肆角整'], [], parseCapitalAmount), 70.4);
  assert.equal(figuresAgainstCapitalLine(70.4, ['柒拾元肆角整'], [], parseCapitalAmount), 70.4);
  // Figures the invoice backs stay; two capital lines disagreeing decide nothing.
  assert.equal(figuresAgainstCapitalLine(40, ['柒拾元肆角整'], [40], parseCapitalAmount), 40);
  assert.equal(figuresAgainstCapitalLine(40, ['柒拾元肆角整', '捌拾元整'], [], parseCapitalAmount), 40);
  assert.equal(capitalOnlyTotal(['金额合计大写五佰肆拾肆元伍角整'], [544.5], parseCapitalAmount), null, 'a labelled line is the header reader\'s');
  assert.equal(capitalOnlyTotal(['伍佰肆拾肆元伍角整', '壹佰元整'], [544.5, 100], parseCapitalAmount), null, 'two backed amounts: no telling');
});
