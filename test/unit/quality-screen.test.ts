/**
 * Capture traces on blank paper (src/image/screen.ts) and the originality and completeness rules
 * built on them, on pages drawn with sharp: a screen's moiré, a grey copy's toner specks, a black-
 * and-white page photographed in shadow, a sheet running out of the frame.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completenessScore, originalityScore, QUALITY_SETTINGS } from '../../src/image/quality.js';
import { paperTraits } from '../../src/image/screen.js';
import type { RgbImage } from '../../src/image/types.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, roundSeal, svgToRgb, textLines } from './seals-draw.js';

const threshold = QUALITY_SETTINGS.thresholds;
const whole = (img: RgbImage): Quad8 => [0, 0, img.width - 1, 0, img.width - 1, img.height - 1, 0, img.height - 1];

/** Deterministic pseudo-random numbers in [0, 1). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) / 0x1000000;
  };
}

/** Applies f(x, y, [r, g, b]) -> [r, g, b] to every pixel. */
function mapPixels(img: RgbImage, f: (x: number, y: number, rgb: [number, number, number]) => [number, number, number]): RgbImage {
  const data = Buffer.from(img.data);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const o = (y * img.width + x) * 3;
      const [r, g, b] = f(x, y, [data[o], data[o + 1], data[o + 2]]);
      data[o] = Math.max(0, Math.min(255, Math.round(r)));
      data[o + 1] = Math.max(0, Math.min(255, Math.round(g)));
      data[o + 2] = Math.max(0, Math.min(255, Math.round(b)));
    }
  }
  return { ...img, data };
}

/** A colour original: black text, a red seal, a faint warm cast and sensor noise. */
async function colourPage(): Promise<RgbImage> {
  const img = await svgToRgb(page(700, 900, textLines(60, 60, 580, 14, 40) + roundSeal(500, 700, 90, 90, '#d01010'), '#f6f3ee'));
  const next = rng(3);
  return mapPixels(img, (_x, _y, [r, g, b]) => {
    const n = (next() - 0.5) * 6;
    return [r + n, g + n, b + n];
  });
}

test('a photo of a screen (a periodic ripple over the page) is not original; the same page is', async () => {
  const original = await colourPage();
  // The camera's grid beating against the screen's: a fine diagonal ripple, slowly modulated.
  const screen = mapPixels(original, (x, y, [r, g, b]) => {
    const f = 1 - 0.07 * (0.5 + 0.5 * Math.sin(x * 1.1 + y * 0.99) * Math.sin(x * 0.07 - y * 0.11));
    return [r * f, g * f, b * f];
  });
  const calm = paperTraits(original, whole(original));
  const rippled = paperTraits(screen, whole(screen));
  assert.ok(rippled.patches > 10, String(rippled.patches));
  assert.ok(rippled.moirePeak > 4 * Math.max(1, calm.moirePeak), `${rippled.moirePeak} vs ${calm.moirePeak}`);
  assert.ok(originalityScore(original) >= threshold.isoriginal, String(originalityScore(original)));
  assert.ok(originalityScore(screen) < threshold.isoriginal, String(originalityScore(screen)));
});

test('a grey photocopy of a colour page (toner specks, seal turned grey) is not original', async () => {
  const original = await colourPage();
  const next = rng(11);
  const copy = mapPixels(original, (_x, _y, [r, g, b]) => {
    let v = Math.min(255, (0.3 * r + 0.59 * g + 0.11 * b - 128) * 1.3 + 150);
    if (next() > 0.9994) v = 30;
    return [v, v, v];
  });
  assert.ok(paperTraits(copy, whole(copy)).specks > QUALITY_SETTINGS.copySpecks, String(paperTraits(copy, whole(copy)).specks));
  assert.ok(originalityScore(copy) < threshold.isoriginal, String(originalityScore(copy)));
});

test('a black-and-white page photographed half in shadow is still an original', async () => {
  const img = await svgToRgb(page(700, 900, textLines(60, 60, 580, 14, 40)));
  // A hard-edged shadow over the lower half: paper turns mid-grey there, with no stamp in sight.
  const shaded = mapPixels(img, (_x, y, [r, g, b]) => (y > 450 ? [r * 0.62, g * 0.62, b * 0.62] : [r, g, b]));
  assert.ok(originalityScore(shaded) >= threshold.isoriginal, String(originalityScore(shaded)));
});

test('a sheet located clear of the frame is complete, even with the table dark round its crop', async () => {
  const image = await svgToRgb(page(1200, 900, '<rect x="200" y="100" width="700" height="700" fill="#fafafa"/>', '#2a2a2a'));
  // The located quad is a little larger than the sheet: the crop shows dark table along its edges.
  const quad: Quad8 = [190, 90, 910, 90, 910, 810, 190, 810];
  const crop = await svgToRgb(page(720, 720, '<rect x="10" y="10" width="700" height="700" fill="#fafafa"/>' + textLines(60, 60, 600, 16, 36), '#2a2a2a'));
  assert.ok(completenessScore({ image, quad, crop }) >= threshold.iscomplete);
});

test('the whole image as the document: a sheet running out of the top is incomplete, a sheet inside the picture is complete', async () => {
  const cut = await svgToRgb(page(1000, 800, '<polygon points="150,-60 850,-40 820,700 170,690" fill="#fafafa"/>' + textLines(220, 60, 560, 14, 40), '#5a5f66'));
  assert.ok(completenessScore({ image: cut, quad: whole(cut), crop: cut }) < threshold.iscomplete);
  const inside = await svgToRgb(page(1000, 800, '<polygon points="150,60 850,40 820,700 170,690" fill="#fafafa"/>' + textLines(220, 100, 560, 13, 40), '#5a5f66'));
  assert.ok(completenessScore({ image: inside, quad: whole(inside), crop: inside }) >= threshold.iscomplete);
});
