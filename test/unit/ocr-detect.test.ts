import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dbPostprocess, detectionInput, detectionSize, unclipRect } from '../../src/ocr/detect.js';
import { quadSize } from '../../src/image/geometry.js';
import { rotatePixels, type Pixels } from '../../src/image/warp.js';
import type { PageAngle } from '../../src/ocr/types.js';

/** A probability map with a filled (possibly rotated) rectangle of probability `p`. */
function paint(map: Float32Array, w: number, cx: number, cy: number, rw: number, rh: number, angle: number, p: number): void {
  const h = map.length / w;
  const ux = Math.cos(angle), uy = Math.sin(angle);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const dx = x + 0.5 - cx, dy = y + 0.5 - cy;
      if (Math.abs(dx * ux + dy * uy) <= rw / 2 && Math.abs(-dx * uy + dy * ux) <= rh / 2) map[y * w + x] = p;
    }
  }
}

test('DB post-processing finds straight and rotated text regions and unclips them', () => {
  const w = 200, h = 120;
  const map = new Float32Array(w * h);
  paint(map, w, 60, 30, 80, 12, 0, 0.9);
  paint(map, w, 130, 85, 90, 14, 0.3, 0.95);
  const boxes = dbPostprocess(map, w, h);
  assert.equal(boxes.length, 2);
  const sorted = boxes.slice().sort((a, b) => a.quad[1] - b.quad[1]);
  const first = quadSize(sorted[0]!.quad);
  // Unclip grows each side by 2d with d = area*1.6/perimeter: for 80x12 about 8.3 px.
  const d = (80 * 12 * 1.6) / (2 * (80 + 12));
  assert.ok(Math.abs(first.width - (80 + 2 * d)) < 3, `width ${first.width}`);
  assert.ok(Math.abs(first.height - (12 + 2 * d)) < 3, `height ${first.height}`);
  assert.ok(sorted[0]!.score > 0.85);
  // The rotated region keeps its direction: its top edge rises at about 0.3 rad.
  const q = sorted[1]!.quad;
  const angle = Math.atan2(q[3] - q[1], q[2] - q[0]);
  assert.ok(Math.abs(angle - 0.3) < 0.05, `angle ${angle}`);
});

test('DB post-processing keeps no state between maps: scratch reused across sizes gives the same boxes', () => {
  const big = new Float32Array(300 * 200);
  paint(big, 300, 100, 50, 120, 16, 0.1, 0.9);
  paint(big, 300, 200, 150, 90, 12, 0, 0.8);
  const small = new Float32Array(120 * 60);
  paint(small, 120, 60, 30, 70, 10, 0, 0.9);
  const before = big.slice();
  const first = dbPostprocess(big, 300, 200);
  const smallBoxes = dbPostprocess(small, 120, 60);
  assert.equal(first.length, 2);
  assert.equal(smallBoxes.length, 1);
  // The map is only read: a second pass over it (after a smaller map used the scratch) agrees.
  assert.deepEqual(dbPostprocess(big, 300, 200), first);
  assert.deepEqual(big, before);
});

test('DB post-processing drops weak regions and specks', () => {
  const w = 100, h = 60;
  const map = new Float32Array(w * h);
  paint(map, w, 30, 20, 40, 10, 0, 0.45); // above the pixel threshold, below the box score
  paint(map, w, 80, 45, 2, 2, 0, 0.99); // a speck
  assert.equal(dbPostprocess(map, w, h).length, 0);
});

test('DB post-processing: specks do not use up the region budget, real regions do', () => {
  const w = 300, h = 300;
  const map = new Float32Array(w * h);
  // Isolated single pixels over the top half, then one real line at the bottom.
  for (let y = 0; y < 150; y += 2) for (let x = 0; x < w; x += 2) map[y * w + x] = 0.99;
  paint(map, w, 150, 250, 200, 16, 0, 0.95);
  const opts = { threshold: 0.3, boxThreshold: 0.6, unclipRatio: 1.6, minSize: 3, maxCandidates: 50 };
  assert.equal(dbPostprocess(map, w, h, opts).length, 1);
  // 100 real blobs against a budget of 50: the budget holds.
  const blobs = new Float32Array(w * h);
  for (let i = 0; i < 100; i++) paint(blobs, w, 15 + (i % 10) * 30, 15 + Math.floor(i / 10) * 30, 20, 8, 0, 0.95);
  const found = dbPostprocess(blobs, w, h, opts);
  assert.equal(found.length, 50);
});

test('unclip of a rectangle grows both sides by twice the offset', () => {
  const r = unclipRect({ cx: 0, cy: 0, width: 100, height: 20, angle: 0.2 }, 1.5);
  const d = (100 * 20 * 1.5) / 240;
  assert.ok(Math.abs(r.width - (100 + 2 * d)) < 1e-9);
  assert.ok(Math.abs(r.height - (20 + 2 * d)) < 1e-9);
  assert.equal(r.angle, 0.2);
});

test('detection input: sides are multiples of 32 within the limit, BGR normalised', () => {
  assert.deepEqual(detectionSize(2000, 1400, 960), { width: 960, height: 672 });
  assert.deepEqual(detectionSize(300, 100, 960), { width: 288, height: 96 });
  assert.deepEqual(detectionSize(10, 10, 960), { width: 32, height: 32 });
  const data = new Uint8Array(64 * 32 * 3);
  for (let i = 0; i < 64 * 32; i++) { data[i * 3] = 255; data[i * 3 + 1] = 0; data[i * 3 + 2] = 0; } // pure red
  const input = detectionInput({ data, width: 64, height: 32 }, 960);
  assert.equal(input.tensor.length, 3 * 64 * 32);
  const plane = 64 * 32;
  // Channel 0 is blue (0), channel 2 is red (255), each with Paddle's mean/std for that position.
  assert.ok(Math.abs(input.tensor[0]! - (0 - 0.485) / 0.229) < 1e-5);
  assert.ok(Math.abs(input.tensor[2 * plane]! - (1 - 0.406) / 0.225) < 1e-5);
});

test('detection input of a turned page matches turning the page first, without turning it at full size', () => {
  // A page with structure in both directions (a gradient and a bright block off-centre), larger
  // than the detection side so it is resized.
  const w = 300, h = 200;
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const block = x > 40 && x < 120 && y > 20 && y < 60;
      data[i] = block ? 250 : Math.round((x / w) * 200);
      data[i + 1] = Math.round((y / h) * 200);
      data[i + 2] = block ? 10 : 90;
    }
  }
  const page: Pixels = { data, width: w, height: h };
  for (const turn of [90, 180, 270] as PageAngle[]) {
    const direct = detectionInput(page, 160, turn);
    const reference = detectionInput(rotatePixels(page, turn), 160);
    assert.deepEqual([direct.width, direct.height, direct.sourceWidth, direct.sourceHeight], [reference.width, reference.height, reference.sourceWidth, reference.sourceHeight], `turn ${turn}`);
    // Resizing and quarter turns commute (the resize is pixel-centre aligned): the same values.
    let diff = 0;
    for (let i = 0; i < direct.tensor.length; i++) diff += Math.abs(direct.tensor[i]! - reference.tensor[i]!);
    assert.ok(diff / direct.tensor.length < 1e-3, `turn ${turn}: mean difference ${diff / direct.tensor.length}`);
  }
});
