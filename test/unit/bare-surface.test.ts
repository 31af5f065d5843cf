import { test } from 'node:test';
import assert from 'node:assert/strict';
import { innerEdgeShare, isBareSurface, quadExtent, quadOnFrame, regionExtent, withoutBareSurfaces } from '../../src/image/bare-surface.js';
import type { RgbImage } from '../../src/image/types.js';

// A 200 x 100 image: the left half a pale surface with soft shading (light falling off across
// it), the right half white paper with dark text rows.
function deskAndPage(): RgbImage {
  const w = 200;
  const h = 100;
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const j = (y * w + x) * 3;
      let v: number;
      if (x < 100) v = 200 + Math.round((x / 100) * 30 + (y / 100) * 10);
      else v = y % 8 < 2 && x > 110 && x < 190 && (x >> 2) % 3 !== 0 ? 40 : 245;
      data[j] = v;
      data[j + 1] = v;
      data[j + 2] = v;
    }
  }
  return { data, width: w, height: h, channels: 3 };
}

test('a smooth surface has no inner edges, a printed page has many', () => {
  const img = deskAndPage();
  const desk = quadExtent([0, 0, 99, 0, 99, 99, 0, 99]);
  const page = quadExtent([100, 0, 199, 0, 199, 99, 100, 99]);
  assert.equal(innerEdgeShare(img, desk), 0);
  assert.ok((innerEdgeShare(img, page) ?? 0) > 0.05);
  assert.equal(isBareSurface(img, desk), true);
  assert.equal(isBareSurface(img, page), false);
});

test('the step at a candidate\'s own outline is not counted: only inner pixels are', () => {
  const img = deskAndPage();
  // The desk's quad reaching 2 px onto the page: the step at x = 100 lies on its outline.
  assert.equal(isBareSurface(img, quadExtent([0, 0, 101, 0, 101, 99, 0, 99])), true);
  // Reaching well into the page, it holds print.
  assert.equal(isBareSurface(img, quadExtent([0, 0, 160, 0, 160, 99, 0, 99])), false);
});

test('a region of a label image is judged on its own pixels', () => {
  const img = deskAndPage();
  const labels = new Int32Array(200 * 100);
  for (let y = 0; y < 100; y++) for (let x = 0; x < 200; x++) labels[y * 200 + x] = x < 100 ? 1 : 2;
  assert.equal(isBareSurface(img, regionExtent(labels, 1, { x0: 0, y0: 0, x1: 199, y1: 99 }, 200)), true);
  assert.equal(isBareSurface(img, regionExtent(labels, 2, { x0: 0, y0: 0, x1: 199, y1: 99 }, 200)), false);
});

test('too little inside to judge, or an empty candidate, is never called bare', () => {
  const img = deskAndPage();
  assert.equal(innerEdgeShare(img, quadExtent([10, 10, 16, 10, 16, 16, 10, 16])), null);
  assert.equal(isBareSurface(img, quadExtent([10, 10, 16, 10, 16, 16, 10, 16])), false);
  assert.equal(isBareSurface(img, quadExtent([0, 0, 0, 0, 0, 0, 0, 0])), false);
  assert.equal(isBareSurface(img, quadExtent([-50, -50, -10, -50, -10, -10, -50, -10])), false);
});

test('a quad on the frame is told from one clear of it', () => {
  assert.equal(quadOnFrame([0, 10, 50, 10, 50, 60, 0, 60], 200, 100), true);
  assert.equal(quadOnFrame([10, 10, 50, 10, 50, 60, 10, 60], 200, 100), false);
  assert.equal(quadOnFrame([10, 10, 198, 10, 198, 60, 10, 60], 200, 100), true);
});

test('bare candidates are dropped, but never all of them', () => {
  assert.deepEqual(withoutBareSurfaces([1, 2, 3], (n) => n === 2), [1, 3]);
  assert.deepEqual(withoutBareSurfaces([1, 2], () => true), [1, 2]);
  assert.deepEqual(withoutBareSurfaces([], () => true), []);
});
