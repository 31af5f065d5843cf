/** The shared median: the middle value, the upper of two middles, 0 for none, input untouched. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { median } from '../../src/util/stats.js';

test('median of an odd count is the middle value, whatever the order', () => {
  assert.equal(median([9, 1, 5]), 5);
});

test('median of an even count is the upper of the two middle values, never a value between them', () => {
  assert.equal(median([4, 1, 3, 2]), 3);
});

test('median of no values is 0 and the input list is left in its order', () => {
  assert.equal(median([]), 0);
  const values = [3, 1, 2];
  median(values);
  assert.deepEqual(values, [3, 1, 2]);
});
