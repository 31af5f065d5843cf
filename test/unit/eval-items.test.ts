import assert from 'node:assert/strict';
import { test } from 'node:test';
import { costsAgree, matchItems, prf } from '../../src/eval/items.js';

test('costs agree within one fen and not beyond', () => {
  assert.ok(costsAgree(10.0, 10.01));
  assert.ok(costsAgree(0.1 + 0.2, 0.3));
  assert.ok(!costsAgree(10.0, 10.02));
});

test('an item matches on normalised name and cost, each extracted item at most once', () => {
  const reference = [{ names: ['西药费'], cost: 100 }, { names: ['西药费'], cost: 100 }, { names: ['检查费'], cost: 50 }];
  const extracted = [{ name: '西 药 费', cost: 100.004 }, { name: '检查费', cost: 49 }, { name: '床位费', cost: 10 }];
  assert.deepEqual(matchItems(reference, extracted), { tp: 1, predicted: 3, reference: 3 });
});

test('any accepted name of a labelled item matches (printed term or its alias)', () => {
  const reference = [{ names: ['自付二', '自付二'], cost: 5 }, { names: ['乙类自理', '自付二'], cost: 6 }];
  const count = matchItems(reference, [{ name: '自付二', cost: 6 }, { name: '自付二', cost: 5 }]);
  assert.equal(count.tp, 2);
});

test('prf is micro-averaged and null where undefined', () => {
  assert.deepEqual(prf({ tp: 3, predicted: 4, reference: 6 }), { precision: 0.75, recall: 0.5, f1: 0.6 });
  assert.deepEqual(prf({ tp: 0, predicted: 0, reference: 0 }), { precision: null, recall: null, f1: null });
  assert.deepEqual(prf({ tp: 0, predicted: 2, reference: 0 }), { precision: 0, recall: null, f1: 0 });
});
