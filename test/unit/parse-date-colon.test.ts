import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findDates, parseDate } from '../../src/extract/parse/date.js';

test('a date with one separator read as a colon is still a date', () => {
  assert.equal(parseDate('开票日期：2023-10:25'), '2023-10-25');
  assert.equal(parseDate('2023：10-25'), '2023-10-25');
});

test('a time after a date is never read as a date part', () => {
  assert.deepEqual(findDates('2023-10-25 10:25').map((h) => h.date), ['2023-10-25']);
  assert.equal(parseDate('2023-10:25:40'), null, 'two colons: a time, not a date');
  assert.equal(parseDate('2023-13:25'), null, 'no 13th month');
});
