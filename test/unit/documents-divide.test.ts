import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cutSupport, divideCrowdedRow, divideIntoThree, divideLongQuad, rowShaped } from '../../src/image/divide.js';
import { isSliver, isWedge } from '../../src/image/documents.js';
import type { EdgeMap } from '../../src/image/edges.js';
import { joinCutPages } from '../../src/image/outline.js';
import type { Quad8 } from '../../src/ocr/types.js';

/** An edge map of w x h with vertical step edges (gradient at 0 degrees) at column x from y0 to y1. */
function verticalSteps(w: number, h: number, cuts: readonly [number, number, number][]): EdgeMap {
  const angle = new Int16Array(w * h).fill(-1);
  for (const [x, y0, y1] of cuts) for (let y = y0; y <= y1; y++) angle[y * w + x] = 0;
  return { w, h, angle };
}

test('cutSupport counts the share of a segment backed by step edges across it', () => {
  const map = verticalSteps(100, 60, [[50, 10, 29]]);
  const half = cutSupport(map, { x: 50, y: 10 }, { x: 50, y: 49 }, 8);
  assert.ok(half > 0.45 && half < 0.6, String(half));
  // Edges along the segment's own direction (a horizontal segment over vertical steps) do not back it.
  assert.equal(cutSupport(map, { x: 30, y: 20 }, { x: 70, y: 20 }, 8), 0);
});

test('a quad three times as long as wide with a backed cross edge is two documents', () => {
  // Two cards in a row: 200 x 70 at (20, 20), the border between them at x = 120.
  const map = verticalSteps(260, 120, [[120, 20, 90]]);
  const q: Quad8 = [20, 20, 220, 20, 220, 90, 20, 90];
  const parts = divideLongQuad(q, map);
  assert.ok(parts, 'divided');
  const [a, b] = parts;
  assert.ok(Math.abs(a[2] - 120) <= 1 && Math.abs(b[0] - 120) <= 1, JSON.stringify(parts));
  assert.deepEqual([a[0], a[1], b[4], b[5]], [20, 20, 220, 90]);
});

test('a long quad with no cross edge, or no longer than a receipt, stays one document', () => {
  const none = verticalSteps(260, 120, []);
  assert.equal(divideLongQuad([20, 20, 220, 20, 220, 90, 20, 90], none), null);
  // 2.2:1 (a long receipt) is never cut, whatever crosses it.
  const crossed = verticalSteps(260, 160, [[90, 20, 110]]);
  assert.equal(divideLongQuad([20, 20, 218, 20, 218, 110, 20, 110], crossed), null);
});

test('a long quad running into the frame is cut too (cards in a row photographed edge to edge)', () => {
  const map = verticalSteps(260, 120, [[120, 0, 70]]);
  const parts = divideLongQuad([0, 0, 200, 0, 200, 70, 0, 70], map);
  assert.ok(parts, 'divided');
  assert.ok(Math.abs(parts[0][2] - 120) <= 1 && Math.abs(parts[1][0] - 120) <= 1, JSON.stringify(parts));
  // The same quad with no cross edge stays whole, on the frame or not; and a caller may still keep quads on the frame whole.
  assert.equal(divideLongQuad([0, 0, 200, 0, 200, 70, 0, 70], verticalSteps(260, 120, [])), null);
  assert.equal(divideLongQuad([0, 0, 200, 0, 200, 70, 0, 70], map, { minBorderGap: 2 }), null);
});

test('a cut leaving a part too long for a document is refused', () => {
  // A 3.4:1 quad whose only backed cross edge lies at 0.3 of its length: the longer part is 2.4:1.
  const map = verticalSteps(300, 120, [[81, 20, 80]]);
  assert.equal(divideLongQuad([20, 20, 224, 20, 224, 80, 20, 80], map), null);
});

test('a quad about 4.7 times as long as wide with two backed cross edges is three documents', () => {
  // Three cards in a row, 300 x 64 at (20, 20), touching at x = 120 and 220; only their title
  // bands (the top 12 px) show the borders.
  const map = verticalSteps(360, 120, [[120, 20, 32], [220, 20, 32]]);
  const q: Quad8 = [20, 20, 320, 20, 320, 84, 20, 84];
  const parts = divideIntoThree(q, map);
  assert.ok(parts, 'divided');
  const [a, b, c] = parts;
  assert.ok(Math.abs(a[2] - 120) <= 1 && Math.abs(b[0] - 120) <= 1 && Math.abs(b[2] - 220) <= 1 && Math.abs(c[0] - 220) <= 1, JSON.stringify(parts));
  assert.deepEqual([a[0], a[1], c[4], c[5]], [20, 20, 320, 84]);
  // The pair rule leaves it alone: no single cut gives two document-shaped parts.
  assert.equal(divideLongQuad(q, map), null);
});

test('a quad 4.7 times as long as wide with one backed cross edge, or none, stays one document (a long slip)', () => {
  const q: Quad8 = [20, 20, 320, 20, 320, 84, 20, 84];
  assert.equal(divideIntoThree(q, verticalSteps(360, 120, [])), null);
  assert.equal(divideIntoThree(q, verticalSteps(360, 120, [[120, 20, 84]])), null);
  // Twice as long as a card pair (6:1) is no row of three cards either.
  assert.equal(divideIntoThree([20, 20, 380, 20, 380, 80, 20, 80], verticalSteps(400, 120, [[140, 20, 80], [260, 20, 80]])), null);
});

test('isSliver: a strip is no document, a receipt is', () => {
  assert.equal(isSliver([0, 0, 40, 0, 40, 160, 0, 160]), true);
  assert.equal(isSliver([0, 0, 60, 0, 60, 160, 0, 160]), false);
});

test('isWedge: a triangle cut off a page is a wedge, a page in perspective is not', () => {
  assert.equal(isWedge([0, 0, 300, 10, 290, 60, 0, 240]), true);
  assert.equal(isWedge([0, 0, 300, 0, 280, 200, 20, 200]), false);
});

test('joinCutPages: one page cut across comes back whole, overlapping cards stay two', () => {
  const pt = (x: number, y: number): { x: number; y: number } => ({ x, y });
  // A page 200 x 300 cut at y = 140..160: the two parts overlap and share the left and right sides.
  const top = [pt(10, 10), pt(210, 12), pt(212, 160), pt(12, 160)];
  const bottom = [pt(12, 140), pt(212, 140), pt(214, 310), pt(14, 310)];
  const joined = joinCutPages([top, bottom], 4);
  assert.equal(joined.length, 1);
  assert.deepEqual(joined[0], [pt(10, 10), pt(210, 12), pt(214, 310), pt(14, 310)]);
  // The same overlap, but the lower card turned: two documents.
  const turned = [pt(40, 140), pt(240, 120), pt(262, 290), pt(62, 310)];
  assert.equal(joinCutPages([top, turned], 4).length, 2);
  // Side by side in a row, touching but not overlapping: two cards, not one page.
  const right = [pt(210, 12), pt(410, 14), pt(412, 160), pt(212, 160)];
  assert.equal(joinCutPages([top, right], 4).length, 2);
});

test('a quad 3.55 times as long as wide (three cards overlapping) is three documents: no gap between the pair and triple ranges', () => {
  // 284 x 80 at (20, 20): three cards overlapping, their upper cards' sides at x = 113 and 206 (title bands only).
  const map = verticalSteps(340, 130, [[113, 20, 34], [206, 20, 34]]);
  const q: Quad8 = [20, 20, 304, 20, 304, 100, 20, 100];
  const parts = divideIntoThree(q, map);
  assert.ok(parts, 'divided');
  assert.ok(Math.abs(parts[0][2] - 113) <= 2 && Math.abs(parts[2][0] - 206) <= 2, JSON.stringify(parts));
  assert.equal(divideIntoThree(q, map, { minTripleAspect: 3.6 }), null);
});

test('a wedge is no row of documents: it is never cut, however well a cross edge backs it', () => {
  // A quad 2.6:1 by its mean sides, its right side a fifth of its left one (a region running into
  // the frame), crossed by a fully backed edge at x = 120.
  const map = verticalSteps(300, 200, [[120, 0, 160]]);
  const wedge: Quad8 = [0, 0, 236, 0, 251, 35, 0, 161];
  assert.equal(rowShaped([{ x: 0, y: 0 }, { x: 236, y: 0 }, { x: 251, y: 35 }, { x: 0, y: 161 }], 0.5), false);
  assert.equal(divideLongQuad(wedge, map), null);
  // The same crossing in a row of two cards in perspective (far side 20 % shorter) still cuts it.
  assert.equal(rowShaped([{ x: 20, y: 20 }, { x: 220, y: 27 }, { x: 220, y: 83 }, { x: 20, y: 90 }], 0.5), true);
  const row = verticalSteps(260, 120, [[120, 20, 90]]);
  assert.ok(divideLongQuad([20, 20, 220, 27, 220, 83, 20, 90], row));
});

test('three cards overlapping by a quarter (3.45:1, in the pair range) are three documents when no pair cut is found', () => {
  // 276 x 80 at (20, 20): the upper cards' sides at x = 106 (31 %, backed all along) and 191 (62 %,
  // title band only). The pair rule's best cut, at 106, leaves a part of two cards (2.4:1).
  const map = verticalSteps(330, 130, [[106, 20, 100], [191, 20, 34]]);
  const q: Quad8 = [20, 20, 296, 20, 296, 100, 20, 100];
  assert.equal(divideLongQuad(q, map), null);
  assert.equal(divideIntoThree(q, map), null, 'under the triple range');
  const parts = divideCrowdedRow(q, map);
  assert.ok(parts, 'divided');
  assert.ok(Math.abs(parts[0][2] - 106) <= 2 && Math.abs(parts[2][0] - 191) <= 2, JSON.stringify(parts));
  // Two cards touching (3.2:1, one cut in the middle) keep the pair rule's answer.
  const pair: Quad8 = [20, 20, 276, 20, 276, 100, 20, 100];
  const pairMap = verticalSteps(330, 130, [[148, 20, 100], [90, 20, 34]]);
  assert.ok(divideLongQuad(pair, pairMap));
  assert.equal(divideCrowdedRow(pair, pairMap), null);
  // Under 3:1 no row of three is sought.
  assert.equal(divideCrowdedRow([20, 20, 246, 20, 246, 100, 20, 100], verticalSteps(330, 130, [[95, 20, 100], [170, 20, 34]])), null);
});
