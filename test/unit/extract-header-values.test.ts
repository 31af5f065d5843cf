import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import type { OcrLine } from '../../src/ocr/types.js';
import { parseHeaderValueTables, readHeaderValue } from '../../src/extract/header-values.js';
import { line } from './extract-lines.js';

test('a look-alike character standing alone after 性别 is read as that gender', () => {
  assert.equal(readHeaderValue('gender', '另'), 1);
  assert.equal(readHeaderValue('gender', '：汝'), 2);
  assert.equal(readHeaderValue('gender', '女'), 2);
  assert.equal(readHeaderValue('gender', '文'), 2);
  assert.equal(readHeaderValue('gender', '另外'), null, 'a word, not a lone character');
  assert.equal(readHeaderValue('gender', '张'), null);
});

test('digits of a code split by a speck read as a point are joined; other shapes are not', () => {
  assert.equal(readHeaderValue('code_digits', '11796.702'), '11796702');
  assert.equal(readHeaderValue('number_digits', '0044 725599'), '0044725599');
  assert.equal(readHeaderValue('code_digits', '123.45'), null, 'too short for a code');
  assert.equal(readHeaderValue('code_digits', '12.345.678'), null, 'two points: an amount, not a code');
});

test('a patient name loses separator marks at its ends only', () => {
  assert.equal(readHeaderValue('person', '·魏涛浩'), '魏涛浩');
  assert.equal(readHeaderValue('person', '古丽·买买提'), '古丽·买买提');
  assert.equal(readHeaderValue('person', '·张'), null);
});

test('the header-value table refuses a gender other than 男 or 女', () => {
  assert.throws(() => parseHeaderValueTables('{"genderLookalikes": {"x": ["另"]}, "personMarks": []}'), /genderLookalikes/);
});

test('on a page: 性别 with a misread value, a name with a leading dot, a value boxed over the label colon', () => {
  const lines = [
    line('江苏省医疗门诊收费票据', 300, 30, 28, 34),
    line('交款人：·魏涛浩', 60, 100),
    line('开票日期：', 60, 140),
    line('：2021-07-27', 150, 140),
    line('性别另', 500, 140),
    line('合计 377.20', 60, 240),
  ];
  const out = extractInvoice({ lines, width: 1000, height: 400, variant: 'jiangsu' });
  assert.ok(out.ok);
  if (!out.ok) return;
  assert.equal(out.result.patient_name, '魏涛浩');
  assert.equal(out.result.patient_gender, 1);
  assert.equal(out.result.billing_date, '2021-07-27');
});

test('a label cut by the left edge is read from its tail when only one field has that tail', () => {
  const lines = [
    line('广东省医疗住院收费票据', 300, 30, 28, 34),
    line('费日期：', 0, 100),
    line('2021-10-09', 110, 100),
    line('款人：', 0, 140),
    line('林超', 80, 140),
    line('合计 377.20', 300, 240),
  ];
  const out = extractInvoice({ lines, width: 1000, height: 400, variant: 'guangdong' });
  assert.ok(out.ok);
  if (!out.ok) return;
  assert.equal(out.result.billing_date, '2021-10-09', '费日期 ends 收费日期 and 缴费日期: both billing dates');
  assert.equal(out.result.patient_name, '', '款人 ends 交款人 and 收款人: which one is unknown');
});

test('a misread shared by two labels of one field is still that field (服保类型: 医保类型 and 参保类型)', async () => {
  const { TermDictionary } = await import('../../src/extract/terms.js');
  const { addFieldTerms } = await import('../../src/extract/header.js');
  const { extractTables } = await import('../../src/extract/tables.js');
  const dict = new TermDictionary<import('../../src/extract/header.js').TermPayload>();
  addFieldTerms(dict, extractTables(), undefined);
  const hits = dict.scan('服保类型：市医保');
  assert.equal(hits[0]?.term, '医保类型');
  const generic = new TermDictionary<string>();
  generic.add('个人自付', 'a');
  generic.add('个人自费', 'b');
  assert.deepEqual(generic.scan('个人自咐'), [], 'different meanings: ambiguous, no match');
  assert.equal(generic.scan('个人白费')[0]?.term, '个人自费', 'a misread only one term explains');
});

test('a worded value loses a leading dot too', () => {
  assert.equal(readHeaderValue('text', '·新农合'), '新农合');
  assert.equal(readHeaderValue('text', '城镇职工基本医疗保险'), '城镇职工基本医疗保险');
});

test('a cashier is a name, a number or a one-case login; mixed-case letters without a digit are noise', async () => {
  const { readValue } = await import('../../src/extract/values.js');
  assert.equal(readValue('person_or_code', '闫国平'), '闫国平');
  assert.equal(readValue('person_or_code', '0231'), '0231');
  assert.equal(readValue('person_or_code', 'SFY01'), 'SFY01');
  assert.equal(readValue('person_or_code', 'zhangli'), 'zhangli');
  assert.equal(readValue('person_or_code', 'nuAN'), null);
});

test('no billing date read: an outpatient invoice takes its visit date, an inpatient one its discharge date', () => {
  const billingDate = (lines: OcrLine[]): string => {
    const out = extractInvoice({ lines, width: 1000, height: 400, variant: 'general' });
    assert.ok(out.ok);
    return out.ok ? out.result.billing_date : '';
  };
  const outpatient = [
    line('山西省医疗机构门诊收费票据', 300, 30, 28, 34),
    line('就诊日期：', 60, 100),
    line('2022-08-07', 170, 100),
    line('合计 377.20', 300, 240),
  ];
  assert.equal(billingDate(outpatient), '2022-08-07');
  const inpatient = [
    line('山西省医疗机构住院收费票据', 300, 30, 28, 34),
    line('入院日期：2022-08-01', 60, 100),
    line('出院日期：2022-08-09', 500, 100),
    line('合计 377.20', 300, 240),
  ];
  assert.equal(billingDate(inpatient), '2022-08-09');
  // A printed billing date is kept.
  assert.equal(billingDate([...outpatient, line('开票日期：2022-08-09', 500, 140)]), '2022-08-09');
});
