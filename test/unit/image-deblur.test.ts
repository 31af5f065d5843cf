import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boxRadii, defocusSigma, estimateBlur, gaussianBlur, restorePage } from '../../src/image/deblur.js';
import { luminance, type FloatPlane } from '../../src/image/ops.js';
import type { RgbImage } from '../../src/image/types.js';

const W = 240, H = 160;

/** Black bars 10 px wide every 40 px on white, in both directions: a page's worth of sharp ink edges. */
function barPattern(): Float32Array {
  const p = new Float32Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) p[y * W + x] = x % 40 < 10 || y % 40 < 10 ? 20 : 235;
  return p;
}

function rgbOf(plane: Float32Array): RgbImage {
  const data = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H; i++) data[3 * i] = data[3 * i + 1] = data[3 * i + 2] = Math.round(Math.min(255, Math.max(0, plane[i])));
  return { data, width: W, height: H, channels: 3 };
}

/** The steepest step between neighbours along the middle rows: a sharp edge has a high one. */
function edgeSlope(img: RgbImage): number {
  const g: FloatPlane = luminance(img);
  let best = 0;
  for (let y = 70; y < 90; y++) for (let x = 30; x < W - 30; x++) best = Math.max(best, Math.abs(g.data[y * W + x + 1] - g.data[y * W + x]));
  return best;
}

test('three boxes have the variance of the Gaussian they stand for', () => {
  for (const sigma of [1, 2.2, 3.5]) {
    const variance = boxRadii(sigma).reduce((v, r) => v + ((2 * r + 1) ** 2 - 1) / 12, 0);
    assert.ok(Math.abs(Math.sqrt(variance) - sigma) < 0.35, `sigma ${sigma}: boxes give ${Math.sqrt(variance).toFixed(2)}`);
  }
});

test('the measured blur follows the blur applied, and a sharp page measures as in focus', () => {
  const sharp = barPattern();
  const measuredSharp = estimateBlur({ data: sharp, width: W, height: H });
  assert.ok(measuredSharp, 'a page of bars has edges to measure');
  assert.equal(defocusSigma(measuredSharp.sigma), 0, `sharp page measured ${measuredSharp.sigma.toFixed(2)}`);
  for (const sigma of [2.2, 3]) {
    const measured = estimateBlur({ data: gaussianBlur(sharp, W, H, sigma), width: W, height: H });
    assert.ok(measured && Math.abs(measured.sigma - sigma) < 0.5, `blur ${sigma} measured ${measured?.sigma.toFixed(2)}`);
  }
});

test('a blank page has no edges to measure and is left as it is', () => {
  const blank = rgbOf(new Float32Array(W * H).fill(240));
  assert.equal(estimateBlur(luminance(blank)), null);
  const out = restorePage(blank);
  assert.equal(out.sigma, 0);
  assert.equal(out.image, blank);
});

test('restoring a blurred page gives its edges back much of their sharpness', () => {
  const sharp = rgbOf(barPattern());
  const blurred = rgbOf(gaussianBlur(barPattern(), W, H, 2.8));
  const restored = restorePage(blurred);
  assert.ok(restored.sigma > 2, `deconvolved with ${restored.sigma.toFixed(2)}`);
  const [s, b, r] = [edgeSlope(sharp), edgeSlope(blurred), edgeSlope(restored.image)];
  assert.ok(r > 1.4 * b, `restored slope ${r.toFixed(0)} vs blurred ${b.toFixed(0)} (sharp ${s.toFixed(0)})`);
  // Its edges measure narrower too: the blur left is well under what was applied (six
  // iterations stop short of full sharpness on purpose: more of them ring around thin strokes).
  const left = estimateBlur(luminance(restored.image));
  assert.ok(left && left.sigma < 2.8 - 0.5, `restored page measures ${left?.sigma.toFixed(2)}`);
  // No halo past paper white or ink black worth the name: values stay within the page's range.
  const g = luminance(restored.image).data;
  let lo = 255, hi = 0;
  for (const v of g) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  assert.ok(lo >= 0 && hi <= 255);
});

test('the colour of a pixel is kept: a red seal stays red after restoration', () => {
  const base = gaussianBlur(barPattern(), W, H, 2.8);
  const img = rgbOf(base);
  for (let i = 0; i < W * H; i++) img.data[3 * i] = Math.min(255, img.data[3 * i] + 60);
  const out = restorePage(img).image;
  let redder = 0;
  for (let i = 0; i < W * H; i++) if (out.data[3 * i] >= out.data[3 * i + 1]) redder++;
  assert.equal(redder, W * H);
});
