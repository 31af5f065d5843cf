import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completenessScore, hasGreyStamp, originalityScore, QUALITY_SETTINGS } from '../../src/image/quality.js';
import type { RgbImage } from '../../src/image/types.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, roundSeal, svgToRgb, textLines } from './seals-draw.js';

const threshold = QUALITY_SETTINGS.thresholds;

/** Deterministic grey noise of amplitude ±a on every pixel, equal in all channels (a copier's toner). */
function tonerNoise(img: RgbImage, a: number): RgbImage {
  const data = Buffer.from(img.data);
  let seed = 12345;
  for (let i = 0; i < data.length; i += 3) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const n = ((seed >>> 8) / 0x1000000 - 0.5) * 2 * a;
    const v = Math.max(0, Math.min(255, data[i] + n));
    data[i] = data[i + 1] = data[i + 2] = v;
  }
  return { ...img, data };
}

test('a grey page with coarse toner grain is a copy; the same page clean is an original', async () => {
  const clean = await svgToRgb(page(600, 800, textLines(60, 80, 480, 20)));
  assert.ok(originalityScore(clean) >= threshold.isoriginal, String(originalityScore(clean)));
  const copy = tonerNoise(clean, 12);
  assert.ok(originalityScore(copy) < threshold.isoriginal, String(originalityScore(copy)));
});

test('grain alone does not make a coloured capture a copy (a card prints fine guilloche)', async () => {
  const img = await svgToRgb(page(600, 800, `<rect x="0" y="0" width="600" height="120" fill="#c03030"/>` + textLines(60, 200, 480, 16)));
  const data = Buffer.from(img.data);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = Math.max(0, Math.min(255, data[i] + ((seed >>> 8) / 0x1000000 - 0.5) * 24));
  }
  assert.ok(originalityScore({ ...img, data }) >= threshold.isoriginal);
});

test('a sheet grazing the frame at one corner is complete; one with a side on the frame is not', async () => {
  // The sheet is drawn where its quad lies: the corner on the frame is judged from the pixels
  // there (a corner clamped onto the frame leaves paper running along it, a grazing one does not).
  const image = await svgToRgb(page(1000, 800, '<polygon points="200,100 700,120 999,700 220,690" fill="#fff"/>', '#333'));
  const crop = await svgToRgb(page(500, 600, textLines(40, 40, 420, 16)));
  const grazing: Quad8 = [200, 100, 700, 120, 999, 700, 220, 690];
  assert.ok(completenessScore({ image, quad: grazing, crop }) >= threshold.iscomplete);
  const cut: Quad8 = [0, 100, 500, 110, 490, 700, 0, 690];
  assert.ok(completenessScore({ image, quad: cut, crop }) < threshold.iscomplete);
});

test('a wooden table showing along an edge of a page that fills the photo is not ink running off it', async () => {
  // The photo is slightly turned: a wedge of the brown table shows along the left edge, half its
  // height, which is neither a solid band (a scanner lid) nor text.
  const body = `<polygon points="24,0 999,0 999,1299 0,1299" fill="#fafafa"/>` + textLines(120, 120, 760, 36);
  const image = await svgToRgb(page(1000, 1300, body, '#4a3828'));
  const quad: Quad8 = [0, 0, 999, 0, 999, 1299, 0, 1299];
  const score = completenessScore({ image, quad, crop: image });
  assert.ok(score >= threshold.iscomplete, String(score));
});

test('a grey capture whose seal is printed grey is a copy; the same page with the seal red is an original', async () => {
  const seal = (colour: string): string => roundSeal(420, 620, 90, 70, colour, 1);
  const body = textLines(60, 80, 480, 14);
  const grey = await svgToRgb(page(600, 800, body + seal('#777777')));
  const red = await svgToRgb(page(600, 800, body + seal('#d02828')));
  assert.equal(hasGreyStamp(grey), true);
  assert.equal(hasGreyStamp(red), false);
  assert.ok(originalityScore(grey, QUALITY_SETTINGS, undefined, undefined, false, undefined, () => hasGreyStamp(grey)) < threshold.isoriginal);
  assert.ok(originalityScore(red, QUALITY_SETTINGS, undefined, undefined, false, undefined, () => hasGreyStamp(red)) >= threshold.isoriginal);
});

test('a camera`s sensor noise on a black-and-white page is not a copier`s toner grain', async () => {
  // Noise of ±5 grey levels, equal in all channels (the most a phone photo of a grey page shows).
  const clean = await svgToRgb(page(600, 800, textLines(60, 80, 480, 20)));
  const noisy = tonerNoise(clean, 5);
  assert.ok(originalityScore(noisy) >= threshold.isoriginal, String(originalityScore(noisy)));
});
