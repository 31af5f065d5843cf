import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textDirection } from '../../src/ocr/direction.js';
import { cleanPage, turned } from '../../src/ocr/testing/pages.js';
import type { Pixels } from '../../src/image/warp.js';
import type { RgbImage } from '../../src/image/types.js';

const pixels = (image: RgbImage): Pixels => ({ data: image.data, width: image.width, height: image.height });

test('text direction: lines of a rendered page run across it upright and upside down, down it turned a quarter', async () => {
  const page = await cleanPage();
  assert.deepEqual(textDirection(pixels(page.image)), { axis: 'across' });
  assert.deepEqual(textDirection(pixels(turned(page, 180).image)), { axis: 'across' });
  for (const turn of [90, 270] as const) {
    const t = turned(page, turn);
    const d = textDirection(pixels(t.image));
    assert.equal(d.axis, 'down', `turned ${turn}`);
    // The page's lines start at a common left margin: the guess of the turn back is right.
    assert.equal(d.axis === 'down' ? d.turn : null, t.angle, `turn guessed for a page turned ${turn}`);
  }
});

test('text direction is unsure on a blank page, a flat grey page and a tiny image', () => {
  const blank: Pixels = { data: new Uint8Array(600 * 800 * 3).fill(255), width: 600, height: 800 };
  assert.deepEqual(textDirection(blank), { axis: 'unsure' });
  const grey: Pixels = { data: new Uint8Array(600 * 800 * 3).fill(128), width: 600, height: 800 };
  assert.deepEqual(textDirection(grey), { axis: 'unsure' });
  const tiny: Pixels = { data: new Uint8Array(10 * 10 * 3), width: 10, height: 10 };
  assert.deepEqual(textDirection(tiny), { axis: 'unsure' });
});

test('text direction is unsure on a page of noise', () => {
  let seed = 7;
  const data = new Uint8Array(500 * 700 * 3);
  for (let i = 0; i < data.length; i += 3) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const v = seed >>> 24;
    data[i] = v; data[i + 1] = v; data[i + 2] = v;
  }
  assert.notEqual(textDirection({ data, width: 500, height: 700 }).axis, 'down');
});
