import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fillHoles } from '../../src/image/ops.js';
import { maskSolidity } from '../../src/image/sheet-shape.js';
import { completenessScore, QUALITY_SETTINGS, readDesk } from '../../src/image/quality.js';
import type { Plane } from '../../src/image/ops.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

/** A w x h mask set where `inside(x, y)` holds. */
function maskOf(w: number, h: number, inside: (x: number, y: number) => boolean): Plane {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = inside(x, y) ? 1 : 0;
  return { data, width: w, height: h };
}

test('a solid box, with or without holes left by its print, is one sheet (solidity 1)', () => {
  const box = maskOf(60, 40, (x, y) => x >= 10 && x <= 50 && y >= 5 && y <= 35);
  assert.equal(maskSolidity(box), 1);
  const printed = maskOf(60, 40, (x, y) => x >= 10 && x <= 50 && y >= 5 && y <= 35 && !(x >= 20 && x <= 30 && y >= 15 && y <= 20));
  assert.equal(maskSolidity(printed), 1);
  // The hole is filled; the surround (touching the frame) is not.
  assert.equal(fillHoles(printed).data[17 * 60 + 25], 1);
  assert.equal(fillHoles(printed).data[0], 0);
});

test('a sheet cut by the frame (a clipped quad) stays convex; two papers at an angle do not', () => {
  // A turned sheet whose lower right corner runs out of the frame: a clipped half-plane wedge.
  const cut = maskOf(80, 60, (x, y) => x + y >= 40 && x - y <= 50);
  assert.ok(maskSolidity(cut) > 0.98);
  // A sheet in the middle joined to a paper in the top-left corner: a notch opens between them.
  const merged = maskOf(80, 60, (x, y) => (x >= 30 && x <= 70 && y >= 20 && y <= 55) || (x + y <= 40));
  assert.ok(maskSolidity(merged) < QUALITY_SETTINGS.mergedSolidity);
});

const DESK = '<rect width="100%" height="100%" fill="#6b5a48"/>';
const SHEET = '<polygon points="200,120 690,80 720,480 230,520" fill="#f6f6f6"/>' + textLines(260, 160, 400, 10, 30);

test('a whole upload: a sheet in view on a desk, grown into the paper under it that runs out of the frame, is complete', async () => {
  // The paper below is the sheet's very colour and nothing marks their border: the growth from
  // the middle runs into it and out to the frame (left and top).
  const below = '<polygon points="0,0 380,0 300,330 0,380" fill="#f6f6f6"/>';
  const image = await svgToRgb(page(800, 600, DESK + below + SHEET));
  const quad: Quad8 = [0, 0, 799, 0, 799, 599, 0, 599];
  assert.ok(completenessScore({ image, quad, crop: image }) >= QUALITY_SETTINGS.thresholds.iscomplete);
  // Without the rule, the merged growth reaching the frame read as the sheet running out.
  assert.ok(completenessScore({ image, quad, crop: image }, { ...QUALITY_SETTINGS, mergedSolidity: 0 }) < QUALITY_SETTINGS.thresholds.iscomplete);
});

test('a whole upload: a sheet on a desk running out of the frame, alone, stays incomplete', async () => {
  const sheet = '<polygon points="200,120 690,80 840,560 230,520" fill="#f6f6f6"/>' + textLines(260, 160, 400, 10, 30);
  const image = await svgToRgb(page(800, 600, DESK + sheet));
  const quad: Quad8 = [0, 0, 799, 0, 799, 599, 0, 599];
  assert.ok(completenessScore({ image, quad, crop: image }) < QUALITY_SETTINGS.thresholds.iscomplete);
});

test('a whole upload with papers along most of the border: a sheet grown into them is still complete', async () => {
  // A paper under the sheet runs out at the top left; another, apart from the sheet, lies along
  // the bottom and right edges. Every border side is then mostly paper, so no surface is read
  // round the sheet; the growth runs from the sheet into the paper below and out to the frame.
  const below = '<polygon points="0,0 380,0 300,330 0,380" fill="#f6f6f6"/>';
  const apart = '<polygon points="760,250 800,250 800,600 300,600 300,570 760,570" fill="#f6f6f6"/>';
  const image = await svgToRgb(page(800, 600, DESK + below + apart + SHEET));
  assert.equal(readDesk(image).surface, false);
  const quad: Quad8 = [0, 0, 799, 0, 799, 599, 0, 599];
  assert.ok(completenessScore({ image, quad, crop: image }) >= QUALITY_SETTINGS.thresholds.iscomplete);
  assert.ok(completenessScore({ image, quad, crop: image }, { ...QUALITY_SETTINGS, mergedSolidity: 0 }) < QUALITY_SETTINGS.thresholds.iscomplete);
});
