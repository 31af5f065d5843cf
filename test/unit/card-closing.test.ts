import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cornerHolds, hiddenCorner, weakCardSide } from '../../src/image/card-closing.js';
import { DEFAULT_EDGE_QUAD_OPTIONS, edgeQuads } from '../../src/image/edges.js';
import { downscaleTo } from '../../src/image/ops.js';
import { page, svgToRgb } from './seals-draw.js';

const RULE = DEFAULT_EDGE_QUAD_OPTIONS.weakCardSide;
const CORNERS = DEFAULT_EDGE_QUAD_OPTIONS;

test('a card-shaped quad may have one weak side, no other quad and no second weak side', () => {
  assert.equal(weakCardSide([0.95, 0.3, 0.9, 0.92], 1.58, RULE), 1);
  assert.equal(weakCardSide([0.95, 0.3, 0.9, 0.92], 1.42, RULE), 1);
  assert.equal(weakCardSide([0.95, 0.3, 0.9, 0.92], 1.0, RULE), -1);
  assert.equal(weakCardSide([0.95, 0.3, 0.9, 0.92], 2.2, RULE), -1);
  assert.equal(weakCardSide([0.95, 0.3, 0.6, 0.92], 1.58, RULE), -1);
  assert.equal(weakCardSide([0.95, 0.1, 0.9, 0.92], 1.58, RULE), -1);
});

test('the side meeting a card\'s weak side must be firm there and end there', () => {
  assert.equal(cornerHolds([0, 0], [0.9, 0.1], true, false, CORNERS), true);
  assert.equal(cornerHolds([0, 0], [0.3, 0.1], true, false, CORNERS), false);
  // A band or rule printed across a card runs on past the weak "side": no corner there.
  assert.equal(cornerHolds([0, 0], [0.9, 0.9], true, false, CORNERS), false);
  assert.equal(cornerHolds([0.9, 0.9], [0, 0], false, true, CORNERS), false);
  assert.equal(cornerHolds([0.3, 0.9], [0.3, 0], false, false, CORNERS), true);
  assert.equal(cornerHolds([0.1, 0], [0.9, 0], false, false, CORNERS), false);
});

// A pale card on a dark desk in a patch of light as bright as the card: most of its right side is
// no step at all, the other three sides are firm to their corners.
function cardInLight(): string {
  return page(1000, 600, `<ellipse cx="650" cy="290" rx="45" ry="95" fill="#eef0f2"/><rect x="220" y="160" width="410" height="259" fill="#f1f3f5"/>`, '#5a4a3a');
}

function xsOf(q: readonly number[], scale: number): number[] {
  return [q[0], q[2], q[4], q[6]].map((v) => v / scale);
}

test('a pale card whose one side the light washed out is closed from its three firm sides', async () => {
  const { image, scale } = downscaleTo(await svgToRgb(cardInLight()), 480);
  const found = edgeQuads(image, { minAreaFraction: 0.04 });
  assert.equal(found.length, 1, JSON.stringify(found.map((e) => e.quad)));
  const xs = xsOf(found[0].quad, scale);
  assert.ok(Math.abs(Math.min(...xs) - 220) < 15 && Math.abs(Math.max(...xs) - 630) < 15, JSON.stringify(xs));
  assert.ok(found[0].minSupport < DEFAULT_EDGE_QUAD_OPTIONS.minSideSupport);
  // Without the rule (every side backed) the card is not found.
  assert.equal(edgeQuads(image, { minAreaFraction: 0.04, weakCardSide: { ...RULE, minWeakSide: 1 } }).length, 0);
});

test('a card-shaped box whose top and bottom run on past its weak side is no card', async () => {
  // A page running out of the frame on a dark desk, a band across it, a grey block below and a
  // tinted box under the band: the band, the block, the page's edge and the box's left side close
  // a card-shaped box (x 430-900, y 190-540), but band and block run on past its left side.
  const body =
    `<rect x="-50" y="-50" width="950" height="700" fill="#fbfbfb"/><rect x="-50" y="150" width="950" height="40" fill="#7a1f2a"/>` +
    `<rect x="-50" y="470" width="950" height="70" fill="#d0d0d0"/><rect x="430" y="190" width="470" height="110" fill="#ececec"/>`;
  const { image, scale } = downscaleTo(await svgToRgb(page(1000, 600, body, '#5a4a3a')), 480);
  const cardLike = (q: readonly number[]): boolean => {
    const ys = [q[1], q[3], q[5], q[7]].map((v) => v / scale);
    return Math.max(...ys) > 500 && Math.min(...xsOf(q, scale)) > 400;
  };
  assert.equal(edgeQuads(image, { minAreaFraction: 0.04 }).filter((e) => cardLike(e.quad)).length, 0);
  // The same scene with the run-on guard off does close it (the test can fail).
  assert.equal(edgeQuads(image, { minAreaFraction: 0.04, maxRunOn: 2 }).filter((e) => cardLike(e.quad)).length, 1);
});

const HIDDEN = DEFAULT_EDGE_QUAD_OPTIONS.hiddenCorner;

test('a corner may be hidden under a card when the other side runs on past it at that end only', () => {
  // Bare side firm along its length, the running side firm up to the corner and past it.
  assert.equal(hiddenCorner({ side: 0.9, near: 0.1, length: 100 }, { near: 0.9, beyond: 0.9, farBeyond: 0, length: 150 }, HIDDEN, CORNERS), true);
  // A stripe runs on past both ends of the side it makes.
  assert.equal(hiddenCorner({ side: 0.9, near: 0.1, length: 100 }, { near: 0.9, beyond: 0.9, farBeyond: 0.9, length: 150 }, HIDDEN, CORNERS), false);
  // Nothing runs on past the corner: a corner missing, not one hidden.
  assert.equal(hiddenCorner({ side: 0.9, near: 0.1, length: 100 }, { near: 0.9, beyond: 0.1, farBeyond: 0, length: 150 }, HIDDEN, CORNERS), false);
  // A long side bare near its end stops short of a neighbour's edge: no card's end under another.
  assert.equal(hiddenCorner({ side: 0.9, near: 0.1, length: 200 }, { near: 0.9, beyond: 0.9, farBeyond: 0, length: 150 }, HIDDEN, CORNERS), false);
  // The bare side is weak along its length too.
  assert.equal(hiddenCorner({ side: 0.6, near: 0.1, length: 100 }, { near: 0.9, beyond: 0.9, farBeyond: 0, length: 150 }, HIDDEN, CORNERS), false);
});

test('a red card half under a pale card is closed by the pale card\'s side though its corner is hidden', async () => {
  // The red card (x 80-420, y 40-260) lies under a pale card (x 380-760, y 70-330): the pale card's
  // left side closes the red card's visible part but begins 30 px below the red card's top, whose
  // edge runs on past that corner to the red card's own corner at x 420.
  const body = `<rect x="80" y="40" width="340" height="220" fill="#c8202c"/><rect x="380" y="70" width="380" height="260" fill="#eef0f2"/>`;
  const { image, scale } = downscaleTo(await svgToRgb(page(1000, 400, body, '#2e3a34')), 480);
  const red = (q: readonly number[]): boolean => {
    const xs = xsOf(q, scale);
    return Math.abs(Math.min(...xs) - 80) < 15 && Math.abs(Math.max(...xs) - 380) < 15;
  };
  assert.equal(edgeQuads(image, { minAreaFraction: 0.04 }).filter((e) => red(e.quad)).length, 1);
  // Without the rule the red card is not closed.
  assert.equal(edgeQuads(image, { minAreaFraction: 0.04, hiddenCorner: { ...HIDDEN, minBareSide: 2 } }).filter((e) => red(e.quad)).length, 0);
});
