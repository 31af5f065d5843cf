import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findAmounts, parseAmount } from '../../src/extract/parse/amount.js';
import { formatCapitalAmount, parseCapitalAmount } from '../../src/extract/parse/capital.js';
import { daysBetween, findDates, parseDate } from '../../src/extract/parse/date.js';
import { parseGender, parseInvoiceType } from '../../src/extract/parse/fields.js';

test('amounts: currency signs, commas, spaces, full-width digits, signs', () => {
  assert.equal(parseAmount('¥1,234.50'), 1234.5);
  assert.equal(parseAmount('￥ 11,274.86'), 11274.86);
  assert.equal(parseAmount('１２３４．５６'), 1234.56);
  assert.equal(parseAmount('1 234.50'), 1234.5);
  assert.equal(parseAmount('-0.92'), -0.92);
  assert.equal(parseAmount('(15.00)'), -15);
  assert.equal(parseAmount('180,00'), 180);
  assert.equal(parseAmount('730.00元'), 730);
  assert.equal(parseAmount('13.795.66'), 13795.66, 'thousands comma read as a point');
});

test('amounts: OCR look-alike letters only inside numbers', () => {
  assert.equal(parseAmount('1O0.5O'), 100.5);
  assert.equal(parseAmount('l80.00'), 180);
  assert.equal(parseAmount('OK'), null, 'a word stays a word');
  assert.equal(parseAmount('西药费'), null);
  assert.equal(parseAmount('1,23,4'), null, 'malformed groups are refused');
});

test('findAmounts finds every amount in a grid line and skips long codes', () => {
  const hits = findAmounts('护理费180.00西药费11,274.86检查费730.00 票号 00002753123456');
  assert.deepEqual(hits.map((h) => h.value), [180, 11274.86, 730]);
  assert.ok(hits.every((h) => h.hasDecimals));
});

test('capital numerals parse', () => {
  assert.equal(parseCapitalAmount('壹万叁仟柒佰玖拾伍元陆角陆分'), 13795.66);
  assert.equal(parseCapitalAmount('玖万壹仟陆佰叁拾肆元贰角伍分'), 91634.25);
  assert.equal(parseCapitalAmount('叁佰柒拾元整'), 370);
  assert.equal(parseCapitalAmount('陆元整'), 6);
  assert.equal(parseCapitalAmount('壹万零伍拾元零伍分'), 10050.05);
  assert.equal(parseCapitalAmount('⊗拾⊗万贰仟肆佰柒拾玖元柒角玖分'), 2479.79);
  assert.equal(parseCapitalAmount('人民币(大写)拾元'), 10);
  assert.equal(parseCapitalAmount('abc'), null);
});

test('capital numerals format and round-trip', () => {
  assert.equal(formatCapitalAmount(13795.66), '壹万叁仟柒佰玖拾伍元陆角陆分');
  assert.equal(formatCapitalAmount(370), '叁佰柒拾元整');
  assert.equal(formatCapitalAmount(10050.05), '壹万零伍拾元零伍分');
  assert.equal(formatCapitalAmount(100.5), '壹佰元伍角');
  assert.equal(formatCapitalAmount(0), '零元整');
  for (const v of [0.01, 0.5, 6, 10, 101, 1001.1, 20000, 100010.01, 29133.76, 91634.25, 1200000.5, 100000000]) {
    assert.equal(parseCapitalAmount(formatCapitalAmount(v)), v, `round trip of ${v}`);
  }
});

test('dates in every printed form', () => {
  assert.equal(parseDate('2021-03-06'), '2021-03-06');
  assert.equal(parseDate('2021/3/6'), '2021-03-06');
  assert.equal(parseDate('2021.03.06'), '2021-03-06');
  assert.equal(parseDate('2021年3月6日'), '2021-03-06');
  assert.equal(parseDate('２０２１年０３月０６日'), '2021-03-06');
  assert.equal(parseDate('20210306'), '2021-03-06');
  assert.equal(parseDate('就诊日期20210207190251'), '2021-02-07');
  assert.equal(parseDate('2021-04-12 12:38:15'), '2021-04-12');
  assert.equal(parseDate('2021-02-30'), null, 'not a day of the calendar');
  assert.equal(parseDate('12345678'), null);
  assert.deepEqual(findDates('住院时间：2021-03-01-2021-03-06').map((d) => d.date), ['2021-03-01', '2021-03-06']);
  assert.equal(daysBetween('2021-02-06', '2021-02-10'), 4);
});

test('gender and invoice type', () => {
  assert.equal(parseGender('男'), 1);
  assert.equal(parseGender('女'), 2);
  assert.equal(parseGender('未知'), 0);
  assert.equal(parseInvoiceType('福建省医疗住院收费票据（电子）'), 2);
  assert.equal(parseInvoiceType('天津市医疗门诊收费票据（电子）'), 1);
  assert.equal(parseInvoiceType('收据'), 0);
});

test('amounts: a point read as a colon after money-shaped figures; times stay apart', () => {
  assert.deepEqual(findAmounts('（小写）￥1,282:10').map((h) => h.value), [1282.1]);
  assert.deepEqual(findAmounts('金额 123:45').map((h) => h.value), [123.45]);
  assert.deepEqual(findAmounts('08:30').map((h) => h.value), [8, 30]);
  assert.deepEqual(findAmounts('2024-01-02 14:30:00').map((h) => h.value).slice(3), [14, 30, 0]);
});

test('findAmounts: a grade read as a capital glued after two decimals keeps the decimals; units in lower case stay no money', () => {
  assert.deepEqual(findAmounts('180.80Z').map((h) => [h.value, h.hasDecimals]), [[180.8, true]]);
  assert.deepEqual(findAmounts('西药费 64.80Z 检查费 12.00').map((h) => h.value), [64.8, 12]);
  assert.equal(findAmounts('0.25g').some((h) => h.hasDecimals), false);
  assert.equal(findAmounts('5.00mg').some((h) => h.hasDecimals), false);
  assert.equal(findAmounts('180.80ZZ').some((h) => h.hasDecimals), false, 'two letters: a code, not a grade');
  assert.deepEqual(findAmounts('个人现金支付：1723.15x').map((h) => [h.value, h.hasDecimals]), [[1723.15, true]], 'a mark read as a letter');
  assert.equal(findAmounts('5.00l').some((h) => h.hasDecimals), false, 'a unit of one letter');
  assert.equal(findAmounts('2.50u').some((h) => h.hasDecimals), false);
});

test('parseAmount: a decimal comma after thousands commas (3,332,40)', () => {
  assert.equal(parseAmount('3,332,40'), 3332.4);
  assert.equal(parseAmount('12,345,678'), 12345678, 'thousands groups alone stay an integer');
  assert.deepEqual(findAmounts('中成药费 3,332,40').map((h) => [h.value, h.hasDecimals]), [[3332.4, true]]);
});

test('a 大写 value whose yuan numerals were misread away is no reading, not its cents alone', async () => {
  const { readValue } = await import('../../src/extract/values.js');
  assert.equal(readValue('capital', '登语式地费元壹角型'), null);
  assert.equal(readValue('capital', '温姓费元阳身伍分'), null);
  assert.equal(readValue('capital', '叁佰贰拾叁元壹角'), 323.1);
  assert.equal(readValue('capital', '金额(元)：壹佰元整'), 100, 'the heading\'s (元) is no unit of the amount');
});

test('findAmounts: the yen sign read as V before figures is a currency sign', () => {
  assert.deepEqual(findAmounts('（小写）V132.20').map((h) => h.value), [132.2]);
  assert.deepEqual(findAmounts('117G.00').map((h) => h.value), [], 'the figures after a letter and a point are no amount');
});

test('an amount whose point is followed by a Chinese character lost its decimals and is no amount', () => {
  assert.deepEqual(findAmounts('个人自付 371.费').map((h) => h.value), []);
  assert.deepEqual(findAmounts('371.00元').map((h) => h.value), [371]);
  assert.deepEqual(findAmounts('西药费 371.5元 检查费 20.00').map((h) => h.value), [371.5, 20]);
});

test('a lone zero before a point and a Chinese character is kept: nothing paid prints 0.00', () => {
  assert.deepEqual(findAmounts('其他支付：0.海').map((h) => h.value), [0]);
  assert.deepEqual(findAmounts('其他支付：10.海').map((h) => h.value), []);
});
