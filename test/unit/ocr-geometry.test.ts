import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  minAreaRect, orderClockwise, rectCorners, rotatePoint, unrotatePoint, rotateQuad, unrotateQuad, rollQuad, quadSize,
} from '../../src/image/geometry.js';
import { applyHomography, rectToQuad, rotatePixels, warpQuad, type Pixels } from '../../src/image/warp.js';
import type { Quad8 } from '../../src/ocr/types.js';

test('minimum-area rectangle of a rotated rectangle\'s points recovers its size and angle', () => {
  const truth = { cx: 50, cy: 40, width: 60, height: 10, angle: 0.4 };
  const corners = rectCorners(truth);
  const inner = [{ x: 50, y: 40 }, { x: 55, y: 42 }];
  const r = minAreaRect([...corners, ...inner]);
  const [w, h] = r.width >= r.height ? [r.width, r.height] : [r.height, r.width];
  assert.ok(Math.abs(w - 60) < 1e-6 && Math.abs(h - 10) < 1e-6);
  assert.ok(Math.abs(r.cx - 50) < 1e-6 && Math.abs(r.cy - 40) < 1e-6);
});

test('corners are ordered clockwise from the top-left', () => {
  const shuffled = [{ x: 10, y: 50 }, { x: 100, y: 12 }, { x: 12, y: 10 }, { x: 98, y: 52 }];
  const [a, b, c, d] = orderClockwise(shuffled);
  assert.deepEqual([a, b, c, d], [{ x: 12, y: 10 }, { x: 100, y: 12 }, { x: 98, y: 52 }, { x: 10, y: 50 }]);
});

test('page rotations of points and quads invert each other', () => {
  for (const angle of [0, 90, 180, 270] as const) {
    const p = { x: 30, y: 7 };
    const back = unrotatePoint(rotatePoint(p, angle, 100, 50), angle, 100, 50);
    assert.ok(Math.abs(back.x - p.x) < 1e-9 && Math.abs(back.y - p.y) < 1e-9, `angle ${angle}`);
  }
  assert.deepEqual(rotatePoint({ x: 0, y: 0 }, 90, 100, 50), { x: 50, y: 0 });
  const q: Quad8 = [10, 10, 60, 10, 60, 20, 10, 20];
  assert.deepEqual(unrotateQuad(rotateQuad(q, 270, 100, 50), 270, 100, 50), q);
  assert.deepEqual(rollQuad(q, 2), [60, 20, 10, 20, 10, 10, 60, 10]);
});

test('the rectangle-to-quad homography maps corners onto the quad', () => {
  const q: Quad8 = [10, 5, 90, 15, 100, 60, 0, 50];
  const m = rectToQuad(q, 200, 40);
  const pts: [number, number][] = [[0, 0], [200, 0], [200, 40], [0, 40]];
  pts.forEach(([u, v], i) => {
    const [x, y] = applyHomography(m, u, v);
    assert.ok(Math.abs(x - q[i * 2]!) < 1e-6 && Math.abs(y - q[i * 2 + 1]!) < 1e-6, `corner ${i}: ${x},${y}`);
  });
});

/** A white image with a black bar from (x0..x1) across a band of rows, in a tilted frame. */
function tiltedBar(width: number, height: number, angle: number): { img: Pixels; quad: Quad8 } {
  const data = new Uint8Array(width * height * 3).fill(255);
  const cx = width / 2, cy = height / 2, ux = Math.cos(angle), uy = Math.sin(angle);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x + 0.5 - cx, dy = y + 0.5 - cy;
      const u = dx * ux + dy * uy, v = -dx * uy + dy * ux;
      // Left half of the bar is black, right half grey: tells a turned crop from a straight one.
      if (Math.abs(u) <= 60 && Math.abs(v) <= 10) data.fill(u < 0 ? 0 : 128, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  const corners = rectCorners({ cx, cy, width: 120, height: 20, angle });
  return { img: { data, width, height }, quad: [corners[0].x, corners[0].y, corners[1].x, corners[1].y, corners[2].x, corners[2].y, corners[3].x, corners[3].y] };
}

test('a perspective crop straightens a tilted line, and point order decides which way up', () => {
  const { img, quad } = tiltedBar(200, 160, 0.5);
  assert.ok(Math.abs(quadSize(quad).width - 120) < 1e-6);
  const crop = warpQuad(img, quad, 120, 20);
  const at = (x: number, y: number): number => crop.data[(y * crop.width + x) * 3]!;
  assert.ok(at(10, 10) < 40, `left is black: ${at(10, 10)}`);
  assert.ok(Math.abs(at(110, 10) - 128) < 30, `right is grey: ${at(110, 10)}`);
  // Starting the quad at its opposite corner reads the line turned 180 degrees.
  const turned = warpQuad(img, rollQuad(quad, 2), 120, 20);
  assert.ok(turned.data[(10 * 120 + 10) * 3]! > 90);
  // A crop smaller than the source averages samples instead of skipping pixels.
  const small = warpQuad(img, quad, 30, 5);
  assert.equal(small.width, 30);
  assert.ok(small.data[(2 * 30 + 3) * 3]! < 60);
});

test('quarter turns of pixels', () => {
  const img: Pixels = { data: new Uint8Array([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6]), width: 3, height: 2 };
  // 1 2 3      turned 90 cw:  4 1
  // 4 5 6                     5 2
  //                           6 3
  const r = rotatePixels(img, 90);
  assert.equal(r.width, 2);
  assert.deepEqual([...r.data].filter((_, i) => i % 3 === 0), [4, 1, 5, 2, 6, 3]);
  assert.deepEqual([...rotatePixels(img, 180).data].filter((_, i) => i % 3 === 0), [6, 5, 4, 3, 2, 1]);
  assert.deepEqual([...rotatePixels(rotatePixels(img, 270), 90).data], [...img.data]);
});
