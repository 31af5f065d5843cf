import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import { genderInsideCell } from '../../src/extract/header.js';
import { segmentLines } from '../../src/extract/layout.js';
import { line } from './extract-lines.js';

const TITLE = line('江苏省医疗住院收费票据', 300, 30, 28, 34);

test('a gender cell boxed into the cells before it is read after its label (医保性别：女, 性时：男)', () => {
  assert.equal(genderInsideCell(segmentLines([line('医疗保险类型：省内异地医保性别：女', 60, 100)])), 2);
  assert.equal(genderInsideCell(segmentLines([line('2022-08-26-2022-09-06性时：男', 60, 100)])), 1);
  assert.equal(genderInsideCell(segmentLines([line('住院号：123性别男', 60, 100)])), 1);
});

test('no gender inside a cell without its label, with a word after the value, or when cells disagree', () => {
  assert.equal(genderInsideCell(segmentLines([line('科室：妇女', 60, 100)])), null, 'no 性 label');
  assert.equal(genderInsideCell(segmentLines([line('类别：女', 60, 100)])), null, 'another label ending in 别');
  assert.equal(genderInsideCell(segmentLines([line('性质：女性专科', 60, 100)])), null, 'a word, not a lone value');
  assert.equal(genderInsideCell(segmentLines([line('医保性别：女', 60, 100), line('号码性别：男', 60, 140)])), null, 'disagreeing cells');
});

test('the extractor reads the gender of a cell the neighbouring label took (医保性别 matched as 医保类别)', () => {
  const out = extractInvoice({
    lines: [TITLE, line('交款人：林超', 60, 100), line('住院时间：2020-04-05至2020-04-19医疗保险类型：省内异地医保性别：女', 60, 140), line('合计 377.20', 60, 240)],
    width: 1400,
    height: 500,
    variant: 'jiangsu',
    today: '2026-01-01',
  });
  assert.ok(out.ok);
  if (out.ok) assert.equal(out.result.patient_gender, 2);
});
