import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectSeals, suppressSealColour } from '../../src/image/seals.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, rectSeal, roundSeal, svgToRgb, textLines } from './seals-draw.js';

function iou(a: Quad8, b: [number, number, number, number]): number {
  const ix = Math.max(0, Math.min(a[4], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[5], b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  const ua = (a[4] - a[0]) * (a[5] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return inter / ua;
}

function matches(found: Quad8[], truth: [number, number, number, number][]): number {
  return truth.filter((t) => found.some((f) => iou(f, t) >= 0.5)).length;
}

test('finds a red round seal over black text and a blue oval and a red rectangle', async () => {
  const body =
    textLines(60, 60, 680, 30) +
    roundSeal(200, 300, 90, 90, '#d01010', 0.8) +
    roundSeal(560, 250, 110, 70, '#1030c0') +
    rectSeal(420, 620, 220, 90, '#d42020');
  const img = await svgToRgb(page(800, 900, body));
  const seals = detectSeals(img);
  const truth: [number, number, number, number][] = [
    [110, 210, 290, 390],
    [450, 180, 670, 320],
    [420, 620, 640, 710],
  ];
  assert.equal(matches(seals, truth), 3, JSON.stringify(seals));
  assert.equal(seals.length, 3);
});

test('a pale, worn red seal is still found', async () => {
  const body = textLines(40, 40, 520, 18) + roundSeal(300, 250, 80, 80, '#e86a6a', 0.55);
  const img = await svgToRgb(page(600, 560, body));
  const seals = detectSeals(img);
  assert.equal(matches(seals, [[220, 170, 380, 330]]), 1, JSON.stringify(seals));
});

test('red text lines and red rules are not seals', async () => {
  const body =
    textLines(60, 60, 680, 10) +
    textLines(150, 420, 500, 1, 28, '#d01010') +
    textLines(100, 500, 300, 2, 26, '#c81818') +
    '<rect x="60" y="600" width="680" height="4" fill="#d01010"/>' +
    '<text x="500" y="700" font-size="40" fill="#d01010">No 00000325</text>';
  const img = await svgToRgb(page(800, 800, body));
  assert.deepEqual(detectSeals(img), []);
});

test('a black-only page has no seals', async () => {
  const img = await svgToRgb(page(700, 900, textLines(40, 40, 620, 28)));
  assert.deepEqual(detectSeals(img), []);
});

test('suppressing the seal colour keeps black text dark and makes red ink pale', async () => {
  const body = textLines(100, 200, 200, 2) + roundSeal(200, 220, 80, 80, '#d01010', 0.9);
  const img = await svgToRgb(page(400, 400, body));
  const out = suppressSealColour(img, [110, 130, 290, 130, 290, 310, 110, 310]);
  // Sample the red outline on the left of the ellipse and a text bar outside the red.
  const px = (x: number, y: number) => {
    const p = (y * out.width + x) * 3;
    return [out.data[p], out.data[p + 1], out.data[p + 2]];
  };
  const before = (x: number, y: number) => {
    const p = (y * img.width + x) * 3;
    return [img.data[p], img.data[p + 1], img.data[p + 2]];
  };
  assert.ok(before(120, 220)[1] < 120, 'outline is red before');
  assert.ok(Math.min(...px(120, 220)) > 180, 'outline is pale after');
  assert.ok(Math.max(...px(105, 205)) < 80, 'black bar stays dark');
  assert.equal(out.width, img.width);
});
