import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_EDGE_QUAD_OPTIONS, dividedQuad, type EdgeMap, type Line, lineSupport, type Point } from '../../src/image/edges.js';
import { DEFAULT_PRINTED_RULE_OPTIONS, endRun, isPrintedRule, tintAcross } from '../../src/image/printed-rule.js';
import type { RgbImage } from '../../src/image/types.js';

/** A w x h image filled by `paint(x, y)` -> [r, g, b]. */
function image(w: number, h: number, paint: (x: number, y: number) => readonly [number, number, number]): RgbImage {
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [r, g, b] = paint(x, y);
      data.set([r, g, b], (y * w + x) * 3);
    }
  }
  return { data, width: w, height: h, channels: 3 };
}

/** Grey "text" strokes crowding the rows just above (y 90-98) and below (y 103-110) a rule at y 100. */
const textNear = (x: number, y: number): boolean => ((y >= 90 && y <= 98) || (y >= 103 && y <= 110)) && x % 5 < 2;

const rule = { p: { x: 10, y: 100 }, q: { x: 190, y: 100 } };
const tint = (img: RgbImage): number => tintAcross(img, rule.p, rule.q) ?? Infinity;

test('a table rule with text rows along both sides has the same paper on both sides', () => {
  const img = image(200, 200, (x, y) => (y === 100 ? [20, 20, 20] : textNear(x, y) ? [90, 90, 90] : [236, 234, 230]));
  assert.ok(tint(img) <= DEFAULT_PRINTED_RULE_OPTIONS.maxTintDifference, String(tint(img)));
  // Its backing stops short of the page's sides: a printed rule.
  assert.equal(isPrintedRule(img, rule.p, rule.q, [0, 0]), true);
  assert.equal(isPrintedRule(img, rule.p, rule.q, [0, 0.9]), true);
  // Backed to both ends it is the border of two documents of one stock in a row.
  assert.equal(isPrintedRule(img, rule.p, rule.q, [0.9, 0.9]), false);
});

test('text on one side only does not make the paper differ: the paper is the brighter part of each side', () => {
  const img = image(200, 200, (x, y) => (y === 100 ? [20, 20, 20] : y >= 90 && y <= 98 && x % 4 < 2 ? [60, 60, 60] : [240, 240, 240]));
  assert.equal(isPrintedRule(img, rule.p, rule.q, [0, 0]), true);
});

test("a sheet's edge over a desk is no printed rule, however its backing ends", () => {
  const img = image(200, 200, (x, y) => (y < 100 ? (textNear(x, y) ? [90, 90, 90] : [236, 234, 230]) : [120, 96, 70]));
  assert.equal(isPrintedRule(img, rule.p, rule.q, [0, 0]), false);
});

test('a pale card over white paper differs in tint: its edge is no printed rule', () => {
  // A card stock of #e6ebf0 lying on white paper: the step the ruled-paper bridging was made for.
  const img = image(200, 200, (_x, y) => (y < 100 ? [230, 235, 240] : [252, 252, 250]));
  assert.equal(isPrintedRule(img, rule.p, rule.q, [0, 0]), false);
});

test('a segment outside the image has no verdict', () => {
  const img = image(50, 50, () => [240, 240, 240]);
  assert.equal(tintAcross(img, { x: -100, y: -100 }, { x: -10, y: -100 }), null);
  assert.equal(isPrintedRule(img, { x: -100, y: -100 }, { x: -10, y: -100 }, [0, 0]), false);
});

test('the end runs are a share of the line, at least a few pixels', () => {
  assert.equal(endRun(1000), DEFAULT_PRINTED_RULE_OPTIONS.endShare);
  assert.equal(endRun(20), DEFAULT_PRINTED_RULE_OPTIONS.minEndRun / 20);
});

/** Step edges along a 120 x 160 quad's sides and across its middle (y = 100) from x0 to x1. */
function quadWithCrossing(x0: number, x1: number): { lines: Line[]; pts: Point[] } {
  const w = 200;
  const angle = new Int16Array(w * w).fill(-1);
  for (let t = 20; t <= 180; t++) {
    angle[t * w + 40] = 0;
    angle[t * w + 160] = 0;
  }
  for (let t = 40; t <= 160; t++) {
    angle[20 * w + t] = 90;
    angle[180 * w + t] = 90;
  }
  for (let t = x0; t <= x1; t++) angle[100 * w + t] = 90;
  const map: EdgeMap = { w, h: w, angle };
  const o = DEFAULT_EDGE_QUAD_OPTIONS;
  const lines = [lineSupport(map, 0, 40, o), lineSupport(map, 0, 160, o), lineSupport(map, 90, 20, o), lineSupport(map, 90, 180, o), lineSupport(map, 90, 100, o)];
  return { lines, pts: [{ x: 40, y: 20 }, { x: 160, y: 20 }, { x: 160, y: 180 }, { x: 40, y: 180 }] };
}

test('a quad crossed by a printed rule is one page; crossed side to side, or by a step, two documents', () => {
  const o = DEFAULT_EDGE_QUAD_OPTIONS;
  const ruled = image(200, 200, (x, y) => (y === 100 ? [20, 20, 20] : textNear(x, y) ? [90, 90, 90] : [236, 234, 230]));
  const twoPapers = image(200, 200, (_x, y) => (y < 100 ? [236, 234, 230] : [200, 214, 226]));
  // The rule ends 10 px inside the page's sides (its margin).
  const short = quadWithCrossing(50, 150);
  assert.equal(dividedQuad(short.lines, [0, 1, 2, 3], 0, 90, short.pts, o), true, 'without the image every backed crossing divides');
  assert.equal(dividedQuad(short.lines, [0, 1, 2, 3], 0, 90, short.pts, o, ruled), false);
  assert.equal(dividedQuad(short.lines, [0, 1, 2, 3], 0, 90, short.pts, o, twoPapers), true);
  // Two documents of one stock in a row: the upper one's edge runs from side to side.
  const full = quadWithCrossing(40, 160);
  assert.equal(dividedQuad(full.lines, [0, 1, 2, 3], 0, 90, full.pts, o, ruled), true);
});
