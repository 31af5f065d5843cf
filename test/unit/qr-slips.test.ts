import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blurredPrintYields, lostCharactersOf, readWithDoubt } from '../../src/extract/qr-slips.js';
import type { Segment } from '../../src/extract/layout.js';

function segment(text: string, scores: readonly number[]): Segment {
  const chars = [...text].map((char, i) => ({ char, x0: i * 10, x1: i * 10 + 9, score: scores[i] ?? 1 }));
  return { id: 0, line: 0, text, chars, box: { x0: 0, y0: 0, x1: text.length * 10, y1: 20 } };
}

test('a check code read with characters lost in order is the QR code', () => {
  assert.equal(lostCharactersOf('Samk', '5amxwk'), true); // S read for 5, x and w lost
  assert.equal(lostCharactersOf('amxwk', '5amxwk'), true);
  assert.equal(lostCharactersOf('AMXWK', '5amxwk'), true); // case never counts
});

test('a check code changed, too short or with too much lost stays a mismatch', () => {
  assert.equal(lostCharactersOf('5amxwq', '5amxwk'), false); // same length: changed
  assert.equal(lostCharactersOf('kamx', '5amxwk'), false); // not in order
  assert.equal(lostCharactersOf('amk', '5amxwk'), false); // too short to say
  assert.equal(lostCharactersOf('5amx', '5amxwkz9'), false); // four lost
});

test('a printed value is doubted when one of its characters scored low, or it was not read as is', () => {
  const segs = [segment('校验码：5amxwk', [1, 1, 1, 1, 1, 1, 0.62, 1, 1, 1]), segment('票据号码：0050713414', [])];
  assert.equal(readWithDoubt('5amxwk', segs), true);
  assert.equal(readWithDoubt('0050713414', segs), false);
  assert.equal(readWithDoubt('2023-10-25', segs), true);
  assert.equal(readWithDoubt('2023-10-25', segs, false), false);
  assert.equal(readWithDoubt('', segs), true);
});

test('on a blurred photo a doubted print yields to the QR, a confident one does not', () => {
  const segs = [segment('票据代码：45065476', [1, 1, 1, 1, 1, 0.56, 1, 1, 1, 1, 1, 1, 1]), segment('票据号码：0061196076', [])];
  assert.equal(blurredPrintYields('45065476', segs), true);
  assert.equal(blurredPrintYields('0061196076', segs), false);
});
