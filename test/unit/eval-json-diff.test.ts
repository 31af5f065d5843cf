import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDiff, jsonDiff } from '../../src/eval/json-diff.js';
import { stableBody } from '../../src/eval/golden.js';

test('jsonDiff names each differing leaf by path, and extra or missing items', () => {
  const expected = { status: 'OK', medical_result: { total_cost: 12.5, payments_info: [{ name: 'a', cost: 1 }] } };
  const actual = { status: 'OK', medical_result: { total_cost: 125, payments_info: [{ name: 'a', cost: 1 }, { name: 'b', cost: 2 }] }, extra: true };
  assert.deepEqual(jsonDiff(expected, actual), [
    '$.medical_result.total_cost: expected 12.5, got 125',
    '$.medical_result.payments_info: expected 1 items, got 2',
    '$.medical_result.payments_info[1]: unexpected {"name":"b","cost":2}',
    '$.extra: expected (absent), got true',
  ]);
  assert.deepEqual(jsonDiff(expected, structuredClone(expected)), []);
});

test('formatDiff caps the lines and says how many more', () => {
  assert.equal(formatDiff(['a', 'b', 'c'], 2), 'a\nb\n... and 1 more difference(s)');
});

test('stableBody drops only request_id and time_cost', () => {
  assert.deepEqual(stableBody({ request_id: 'x', time_cost: 0.4, status: 'OK', result: 1 }), { status: 'OK', result: 1 });
});
