import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareLocated, locateTotals, scoreLocated } from '../../src/eval/locate.js';

test('a found box pairs with a labelled one at box IoU >= 0.5, one to one', () => {
  // Two labelled sheets; found: the first, the first again shifted, and their union (IoU 1/3 with the second).
  const labelled = [[0, 0, 100, 100], [200, 0, 300, 100]];
  const r = scoreLocated('a.jpg', labelled, [[0, 0, 100, 100], [2, 0, 102, 100], [0, 0, 300, 100]]);
  assert.equal(r.matched, 1);
  assert.equal(r.lost, 1);
  assert.equal(r.extra, 2);
  assert.equal(r.countRight, false);
  assert.equal(r.byBox, true);
});

test('the right count with a box off its sheet still loses that sheet', () => {
  const r = scoreLocated('b.jpg', [[0, 0, 100, 100], [200, 0, 300, 100]], [[0, 0, 100, 100], [200, 0, 240, 100]]);
  assert.equal(r.countRight, true);
  assert.equal(r.lost, 1);
  assert.equal(r.extra, 1);
});

test('a label without boxes (real images) is compared by count only', () => {
  const r = scoreLocated('c.jpg', [null], [[0, 0, 10, 10], [20, 20, 40, 40]]);
  assert.deepEqual([r.matched, r.lost, r.extra, r.countRight, r.byBox], [1, 0, 1, false, false]);
});

test('totals add up images, documents and images with a lost document', () => {
  const t = locateTotals([
    scoreLocated('a.jpg', [[0, 0, 100, 100]], [[0, 0, 100, 100]]),
    scoreLocated('b.jpg', [[0, 0, 100, 100], [200, 0, 300, 100]], [[0, 0, 300, 100]]),
  ]);
  assert.deepEqual(t, { images: 2, labelled: 3, found: 2, matched: 1, lost: 2, extra: 1, countRight: 1, imagesWithLost: 1 });
});

test('comparison: fewer lost is better even with one more extra; same figures with moved boxes is moved', () => {
  const two = [[0, 0, 100, 100], [200, 0, 300, 100]];
  const before = [
    scoreLocated('a.jpg', two, [[0, 0, 300, 100]]),
    scoreLocated('b.jpg', two, two),
    scoreLocated('c.jpg', two, two),
    scoreLocated('d.jpg', two, two),
  ];
  const after = [
    scoreLocated('a.jpg', two, [[0, 0, 100, 100], [200, 0, 300, 100], [0, 200, 10, 210]]),
    scoreLocated('b.jpg', two, [[0, 0, 100, 100]]),
    scoreLocated('c.jpg', two, [[0, 0, 101, 100], [200, 0, 300, 100]]),
    scoreLocated('d.jpg', two, two),
    scoreLocated('e.jpg', two, []),
  ];
  const changes = compareLocated(before, after);
  assert.deepEqual(changes.map((c) => [c.name, c.verdict]), [['a.jpg', 'better'], ['b.jpg', 'worse'], ['c.jpg', 'moved']]);
});
