import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EdgeMap } from '../../src/image/edges.js';
import { divideMergedPair } from '../../src/image/merged-pair.js';
import type { Quad8 } from '../../src/ocr/types.js';

/** An edge map of w x h: vertical step edges (gradient 0 degrees) at [x, y0, y1], horizontal ones (90 degrees) at [y, x0, x1]. */
function steps(w: number, h: number, vertical: readonly [number, number, number][], horizontal: readonly [number, number, number][] = []): EdgeMap {
  const angle = new Int16Array(w * h).fill(-1);
  for (const [x, y0, y1] of vertical) for (let y = y0; y <= y1; y++) angle[y * w + x] = 0;
  for (const [y, x0, x1] of horizontal) for (let x = x0; x <= x1; x++) angle[y * w + x] = 90;
  return { w, h, angle };
}

// A 200 x 140 union (1.43:1) at (20, 20): a portrait sheet from x = 20 to 130 and another from
// 130 to 220, the upper one's side at x = 130 a step edge from top to bottom. Each sheet's top and
// bottom lie a little off the other's (two angles), so the union's long sides are backed only
// where one sheet's border happens to run along them: a third of their length here.
const union: Quad8 = [20, 20, 220, 20, 220, 160, 20, 160];
const ends: [number, number, number][] = [[20, 20, 160], [220, 20, 160]];
const brokenLongSides: [number, number, number][] = [[20, 20, 85], [160, 150, 220]];

test('a quad of one sheet\'s proportions whose long sides are broken and a cross edge backed is two documents', () => {
  const parts = divideMergedPair(union, steps(260, 200, [...ends, [130, 20, 160]], brokenLongSides));
  assert.ok(parts, 'divided');
  const [a, b] = parts;
  assert.ok(Math.abs(a[2] - 130) <= 1 && Math.abs(b[0] - 130) <= 1, JSON.stringify(parts));
  assert.deepEqual([a[0], a[1], b[4], b[5]], [20, 20, 220, 160]);
});

test('a lone sheet, its long sides backed all along, is not cut at a strong cross edge inside it', () => {
  const sides: [number, number, number][] = [[20, 20, 220], [160, 20, 220]];
  assert.equal(divideMergedPair(union, steps(260, 200, [...ends, [130, 20, 160]], sides)), null);
});

test('no backed cross edge, a part of no document\'s shape, or a quad on the frame: not cut', () => {
  assert.equal(divideMergedPair(union, steps(260, 200, ends, brokenLongSides)), null);
  // The only cross edge at x = 170 leaves a 50 x 140 part (2.8:1), no document's shape.
  assert.equal(divideMergedPair(union, steps(260, 200, [...ends, [170, 20, 160]], brokenLongSides)), null);
  // The same union on the frame's corner: its sides may be the frame's, not the sheets'.
  const onFrame: Quad8 = [0, 0, 200, 0, 200, 140, 0, 140];
  assert.equal(divideMergedPair(onFrame, steps(260, 200, [[110, 0, 140]], [[0, 0, 65], [140, 130, 200]])), null);
});

// A receipt under a card's end at another angle: the union's long sides run along the card's top
// and bottom (x 100-220 here, 60 % of them, more than a broken side), and miss the receipt's
// beside the other part (x 20-130: 27 % backed); the card's side at x = 130 is backed all along.
const cardsSides: [number, number, number][] = [[20, 100, 220], [160, 100, 220]];

test('a union whose long sides are backed along one part only is two documents when the cut is backed all along', () => {
  const parts = divideMergedPair(union, steps(260, 200, [...ends, [130, 20, 160]], cardsSides));
  assert.ok(parts, 'divided');
  assert.ok(Math.abs(parts[0][2] - 130) <= 1 && Math.abs(parts[1][0] - 130) <= 1, JSON.stringify(parts));
});

test('long sides backed along one part only do not cut the quad at a cross edge backed in part', () => {
  assert.equal(divideMergedPair(union, steps(260, 200, [...ends, [130, 20, 100]], cardsSides)), null);
});

// Two sheets side by side whose tops and bottoms nearly line up: the union's long sides are backed
// along both parts (x 20-170, 75 %), neither broken nor bare beside one part, and only the paper
// either side of the cut tells them apart.
const lonesSides: [number, number, number][] = [[20, 20, 170], [160, 20, 170]];

test('a firm cut between long sides backed all along divides the quad when the paper either side is different stock', () => {
  const seen: (readonly [Quad8, Quad8])[] = [];
  const parts = divideMergedPair(union, steps(260, 200, [...ends, [130, 20, 160]], lonesSides), {}, {
    differentStock: (pair) => {
      seen.push(pair);
      return true;
    },
  });
  assert.ok(parts, 'divided');
  assert.ok(Math.abs(parts[0][2] - 130) <= 1 && Math.abs(parts[1][0] - 130) <= 1, JSON.stringify(parts));
  // The cue is asked about the very parts returned.
  assert.deepEqual(seen, [parts]);
});

test('the same quad stays one document when the paper either side of the cut is one stock, or the cut is backed in part', () => {
  // Without the cue (no image to look at) it stays one as well: that is the rule the cue loosens.
  assert.equal(divideMergedPair(union, steps(260, 200, [...ends, [130, 20, 160]], lonesSides)), null);
  const sameStock = { differentStock: (): boolean => false };
  assert.equal(divideMergedPair(union, steps(260, 200, [...ends, [130, 20, 160]], lonesSides), {}, sameStock), null);
  const differentStock = { differentStock: (): boolean => true };
  assert.equal(divideMergedPair(union, steps(260, 200, [...ends, [130, 20, 100]], lonesSides), {}, differentStock), null);
  // A part of no document's shape is refused before the stock is looked at.
  assert.equal(divideMergedPair(union, steps(260, 200, [...ends, [170, 20, 160]], lonesSides), {}, differentStock), null);
  // Long sides backed all along (a lone sheet's) are refused before any cut is sought.
  const allAlong: [number, number, number][] = [[20, 20, 220], [160, 20, 220]];
  assert.equal(divideMergedPair(union, steps(260, 200, [...ends, [130, 20, 160]], allAlong), {}, differentStock), null);
});

// Two sheets of different sizes side by side: the union takes the taller one's height, and the
// part of the shorter sheet (here a 140 x 140 part at the cut x = 160 of the 200 x 140 union)
// is squatter than any document. Different paper either side of the cut stands in for its shape.
test('a union whose broken long sides and backed cut leave a squat part is cut only when the paper either side differs', () => {
  const map = steps(260, 200, [...ends, [160, 20, 160]], brokenLongSides);
  assert.equal(divideMergedPair(union, map), null);
  assert.equal(divideMergedPair(union, map, {}, { differentStock: () => false }), null);
  const parts = divideMergedPair(union, map, {}, { differentStock: () => true });
  assert.ok(parts, 'divided');
  assert.ok(Math.abs(parts[0][2] - 160) <= 1 && Math.abs(parts[1][0] - 160) <= 1, JSON.stringify(parts));
  // A part longer than any document (the cut at x = 170: 50 x 140) is refused all the same.
  assert.equal(divideMergedPair(union, steps(260, 200, [...ends, [170, 20, 160]], brokenLongSides), {}, { differentStock: () => true }), null);
});

// A page 140 high beside a card 60 high: their union is a wedge (its short sides 140 and 60),
// whose long sides run along neither sheet and are backed nowhere; the card's side at x = 120
// is a step edge from the union's top to its bottom.
const wedge: Quad8 = [20, 20, 220, 60, 220, 120, 20, 160];

test('a wedge whose long sides are bare is cut at a backed cross edge when the paper either side differs', () => {
  const map = steps(260, 200, [[20, 20, 160], [220, 60, 120], [120, 40, 140]]);
  assert.equal(divideMergedPair(wedge, map), null);
  assert.equal(divideMergedPair(wedge, map, {}, { differentStock: () => false }), null);
  const parts = divideMergedPair(wedge, map, {}, { differentStock: () => true });
  assert.ok(parts, 'divided');
  assert.ok(Math.abs(parts[0][2] - 120) <= 1 && Math.abs(parts[1][0] - 120) <= 1, JSON.stringify(parts));
  // A long side backed along the page's border (a card merged with the pale surface beside it keeps its own border) is refused.
  const backedTop = steps(260, 200, [[20, 40, 160], [220, 40, 90], [120, 40, 125]], [[40, 20, 220]]);
  assert.equal(divideMergedPair([20, 40, 220, 40, 220, 90, 20, 160], backedTop, {}, { differentStock: () => true }), null);
  // A wedge on the frame: a card merged with the pale surface running into it is bare along its long sides too.
  const onFrame: Quad8 = [20, 0, 220, 0, 220, 80, 20, 199];
  assert.equal(divideMergedPair(onFrame, steps(260, 200, [[20, 0, 199], [220, 0, 80], [120, 0, 140]]), {}, { differentStock: () => true }), null);
});

test('a union whose broken long sides leave the upper sheet\'s side backed on a third is cut there; on a quarter it is not', () => {
  // The cut at x = 130 backed from y = 20 to 65 (46 of 141 samples, 0.33): the upper sheet's side
  // shows as a step only where it crosses the lower sheet's print-free margin.
  const third = divideMergedPair(union, steps(260, 200, [...ends, [130, 20, 65]], brokenLongSides));
  assert.ok(third, 'divided');
  assert.ok(Math.abs(third[0][2] - 130) <= 1, JSON.stringify(third));
  assert.equal(divideMergedPair(union, steps(260, 200, [...ends, [130, 20, 52]], brokenLongSides)), null);
});
