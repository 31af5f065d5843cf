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
