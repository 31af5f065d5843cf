import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { assessQuality, cardScore, clarityScore, completenessScore, originalityScore } from '../../src/image/quality.js';
import type { RgbImage } from '../../src/image/types.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, roundSeal, svgToRgb, textLines } from './seals-draw.js';

const whole = (img: RgbImage): Quad8 => [0, 0, img.width - 1, 0, img.width - 1, img.height - 1, 0, img.height - 1];

async function blur(img: RgbImage, sigma: number): Promise<RgbImage> {
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).blur(sigma).raw().toBuffer();
  return { data, width: img.width, height: img.height, channels: 3 };
}

test('a sharp page is clear; the same page blurred is not', async () => {
  const img = await svgToRgb(page(800, 1100, textLines(50, 60, 700, 36)));
  const sharpScore = clarityScore(img);
  const blurred = clarityScore(await blur(img, 6));
  assert.ok(sharpScore >= 0.5, `sharp ${sharpScore}`);
  assert.ok(blurred < 0.5, `blurred ${blurred}`);
});

test('a washed-out page (pale grey text) is not clear', async () => {
  const img = await svgToRgb(page(800, 1100, textLines(50, 60, 700, 36, 28, '#f2f2f2')));
  assert.ok(clarityScore(img) < 0.5);
});

test('a thumbnail-sized page scores lower than the full-size one', async () => {
  const big = await svgToRgb(page(800, 1100, textLines(50, 60, 700, 36)));
  const small = await svgToRgb(`<svg xmlns="http://www.w3.org/2000/svg" width="130" height="180"><rect width="100%" height="100%" fill="#fff"/><g transform="scale(0.1625)">${textLines(50, 60, 700, 36)}</g></svg>`);
  assert.ok(clarityScore(small) < clarityScore(big));
});

test('text running off the right edge is incomplete; a page with margins is complete', async () => {
  const ok = await svgToRgb(page(800, 1000, textLines(60, 60, 680, 30)));
  const cut = await svgToRgb(page(800, 1000, textLines(60, 60, 760, 30)));
  assert.ok(completenessScore({ image: ok, quad: whole(ok), crop: ok }) >= 0.5);
  assert.ok(completenessScore({ image: cut, quad: whole(cut), crop: cut }) < 0.5);
});

test('a small sheet touching the edge of the photo is incomplete', async () => {
  const img = await svgToRgb(page(1000, 800, '<rect x="600" y="100" width="400" height="500" fill="#fff"/>', '#333'));
  const q: Quad8 = [600, 100, 999, 100, 999, 600, 600, 600];
  assert.ok(completenessScore({ image: img, quad: q, crop: img }) < 0.5);
});

test('colour stamps mean original; a grey copy with grey stamp and tint does not', async () => {
  const colour = await svgToRgb(page(800, 1000, textLines(50, 60, 700, 30) + roundSeal(400, 700, 100, 100, '#d01010')));
  const grey = await svgToRgb(
    page(800, 1000, '<rect x="0" y="0" width="800" height="180" fill="#b0b0b0"/>' + textLines(50, 60, 700, 30) + roundSeal(400, 700, 110, 110, '#8a8a8a', 1) + '<rect x="50" y="800" width="700" height="120" fill="#c4c4c4"/>'),
  );
  assert.ok(originalityScore(colour) >= 0.5);
  assert.ok(originalityScore(grey) < 0.5);
});

test('a photo of a screen (fine colour fringes) is not original', async () => {
  let stripes = '';
  for (let x = 0; x < 800; x += 3) stripes += `<rect x="${x}" y="0" width="1" height="1000" fill="#ff5050" opacity="0.35"/><rect x="${x + 1}" y="0" width="1" height="1000" fill="#50ff50" opacity="0.35"/><rect x="${x + 2}" y="0" width="1" height="1000" fill="#5050ff" opacity="0.35"/>`;
  const img = await svgToRgb(page(800, 1000, textLines(50, 60, 700, 30) + stripes));
  assert.ok(originalityScore(img) < 0.5);
});

test('card proportions with few lines make a card; an A4 page of text is a document', async () => {
  assert.ok(cardScore([0, 0, 856, 0, 856, 540, 0, 540], 7) >= 0.5);
  assert.ok(cardScore([0, 0, 856, 0, 856, 540, 0, 540], 40) < 0.5);
  const a4 = await svgToRgb(page(700, 990, textLines(50, 60, 600, 30)));
  const q = assessQuality({ image: a4, quad: whole(a4), crop: a4, lineCount: 30 });
  assert.equal(q.iscard, false);
  assert.equal(q.isdocument, true);
  const card = await svgToRgb(page(856, 540, textLines(40, 60, 400, 6)));
  const c = assessQuality({ image: card, quad: whole(card), crop: card, lineCount: 6 });
  assert.equal(c.iscard, true);
  assert.equal(c.isdocument, false);
});
