import { test } from 'node:test';
import assert from 'node:assert/strict';
import { papersBesideCutsDiffer, stripBesideCut } from '../../src/image/cut-sides.js';
import { neighboursDiffer } from '../../src/image/frame-row.js';
import type { Quad8 } from '../../src/ocr/types.js';
import type { RgbImage } from '../../src/image/types.js';

// A 400 x 100 frame cut at x = 200: two cards meet at the cut (x 100-299), the rest of each part
// is a brighter desk paper, which is what each part's whole box shows as its stock.
function cardsOnDesk(left: readonly number[], right: readonly number[]): RgbImage {
  const w = 400;
  const h = 100;
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const paper = x < 100 || x >= 300 ? [248, 248, 248] : x < 200 ? left : right;
      data.set(paper, (y * w + x) * 3);
    }
  }
  return { data, width: w, height: h, channels: 3 };
}

const parts: Quad8[] = [
  [0, 0, 200, 0, 200, 99, 0, 99],
  [200, 0, 399, 0, 399, 99, 200, 99],
];

test('two cards of different tints meeting at a cut differ beside it though their parts\' boxes do not', () => {
  const img = cardsOnDesk([240, 234, 220], [232, 240, 236]);
  assert.equal(neighboursDiffer(img, parts), false);
  assert.equal(papersBesideCutsDiffer(img, parts), true);
});

test('one paper on both sides of a cut (a column rule in one sheet) does not differ', () => {
  const img = cardsOnDesk([236, 236, 230], [236, 236, 230]);
  assert.equal(papersBesideCutsDiffer(img, parts), false);
});

test('the strip beside a cut lies along the shared side, inside the part', () => {
  const strip = stripBesideCut(parts[0], parts[1], 0.15);
  assert.ok(strip);
  const xs = [strip[0], strip[2], strip[4], strip[6]];
  assert.equal(Math.max(...xs), 200);
  assert.equal(Math.min(...xs), 170);
  // Parts that share no side have no strip, and are not taken for two documents.
  assert.equal(stripBesideCut(parts[0], [300, 0, 399, 0, 399, 99, 300, 99]), null);
  assert.equal(papersBesideCutsDiffer(cardsOnDesk([240, 234, 220], [232, 240, 236]), [parts[0], [300, 0, 399, 0, 399, 99, 300, 99]]), false);
});
