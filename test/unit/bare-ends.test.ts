import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trimBareEnd, trimBareEnds } from '../../src/image/bare-ends.js';
import { DEFAULT_EDGE_QUAD_OPTIONS, stepEdges } from '../../src/image/edges.js';
import type { Quad8 } from '../../src/ocr/types.js';
import type { RgbImage } from '../../src/image/types.js';

const W = 300;
const H = 100;
const SIDE = 90;

// The left end of a row cropped from the frame: x < SIDE pale grey desk under soft light, then a
// bluish card with rows of dark print. With `printedDesk`, the strip carries print too (a page
// running out of the frame, not a desk).
function rowEnd(printedDesk: boolean): RgbImage {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const j = (y * W + x) * 3;
      const printRow = y % 10 < 3 && y > 15 && y < 85 && (x >> 2) % 3 !== 0;
      let rgb: [number, number, number];
      if (x < SIDE) {
        const v = 196 + Math.round((x / SIDE) * 12);
        rgb = printedDesk && printRow && x > 10 && x < SIDE - 10 ? [40, 40, 40] : [v, v, v];
      } else {
        rgb = printRow && x > SIDE + 15 && x < W - 10 ? [30, 30, 40] : [222, 232, 248];
      }
      data[j] = rgb[0];
      data[j + 1] = rgb[1];
      data[j + 2] = rgb[2];
    }
  }
  return { data, width: W, height: H, channels: 3 };
}

const whole: Quad8 = [0, 0, W - 1, 0, W - 1, H - 1, 0, H - 1];

test('an end part on the frame is trimmed to its card\'s side over bare desk', () => {
  const img = rowEnd(false);
  const out = trimBareEnd(img, whole, stepEdges(img, DEFAULT_EDGE_QUAD_OPTIONS));
  // Left side moved to the card's side, the other corners kept.
  assert.ok(Math.abs(out[0] - SIDE) <= 3 && Math.abs(out[6] - SIDE) <= 3, JSON.stringify(out));
  assert.deepEqual(out.slice(2, 6), whole.slice(2, 6));
});

test('an end whose strip holds print is left whole', () => {
  const img = rowEnd(true);
  assert.deepEqual(trimBareEnd(img, whole, stepEdges(img, DEFAULT_EDGE_QUAD_OPTIONS)), whole);
});

test('a part clear of the frame, or one part alone, is not trimmed', () => {
  const img = rowEnd(false);
  const map = stepEdges(img, DEFAULT_EDGE_QUAD_OPTIONS);
  const inside: Quad8 = [5, 5, W - 6, 5, W - 6, H - 6, 5, H - 6];
  assert.deepEqual(trimBareEnd(img, inside, map), inside);
  assert.deepEqual(trimBareEnds(img, [whole], map), [whole]);
  assert.deepEqual(trimBareEnds(img, [], map), []);
});

test('in a row of parts only the ends on the frame are trimmed', () => {
  const img = rowEnd(false);
  const map = stepEdges(img, DEFAULT_EDGE_QUAD_OPTIONS);
  const left: Quad8 = [0, 0, 200, 0, 200, H - 1, 0, H - 1];
  const right: Quad8 = [200, 0, W - 1, 0, W - 1, H - 1, 200, H - 1];
  const [a, b] = trimBareEnds(img, [left, right], map);
  assert.ok(Math.abs(a[0] - SIDE) <= 3, JSON.stringify(a));
  // The right end is card print up to the frame: kept.
  assert.deepEqual(b, right);
});
