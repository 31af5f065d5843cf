import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findDates, parseDate } from '../../src/extract/parse/date.js';

test('a date with one separator lost is still read; a wrong month or day is not', () => {
  assert.equal(parseDate('201904-14'), '2019-04-14');
  assert.equal(parseDate('2019-0414'), '2019-04-14');
  assert.equal(parseDate('201913-14'), null, 'month 13');
  assert.equal(parseDate('2019-0435'), null, 'day 35');
  assert.equal(parseDate('2021-07-27'), '2021-07-27');
});

test('a one-separator date does not swallow a full date next to it', () => {
  assert.deepEqual(findDates('2021-02-16-2021-02-23').map((d) => d.date), ['2021-02-16', '2021-02-23']);
});

test('a stay printed as one range right of 住院时间 gives both dates and the days', async () => {
  const { extractInvoice } = await import('../../src/extract/extractor.js');
  const { line } = await import('./extract-lines.js');
  const lines = [
    line('重庆市医疗住院收费票据', 300, 30, 28, 34),
    line('住院时间：', 60, 300),
    line('2021-01-10-2021-01-16', 170, 300),
    line('合计 377.20', 60, 200),
  ];
  const out = extractInvoice({ lines, width: 1000, height: 400, variant: 'chongqing' });
  assert.ok(out.ok);
  if (!out.ok) return;
  assert.equal(out.result.start_hospital_date, '2021-01-10');
  assert.equal(out.result.end_hospital_date, '2021-01-16');
  assert.equal(out.result.hospital_days, 6);
});

test('a second date glued to the first is found; a lone date is not doubled', () => {
  assert.deepEqual(findDates('住院时间：2023-04-222023-05-03').map((d) => d.date), ['2023-04-22', '2023-05-03']);
  assert.deepEqual(findDates('2023-04-22 12:30').map((d) => d.date), ['2023-04-22']);
  assert.deepEqual(findDates('2023-04-2220231503').map((d) => d.date), ['2023-04-22'], 'no valid date after it');
});
