import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completenessScore, QUALITY_SETTINGS, sheetCutWhereDeskShows, type DeskReading } from '../../src/image/quality.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';
import type { Plane } from '../../src/image/ops.js';

/** A 60 x 40 mask with the sheet's pixels set inside the given box (inclusive). */
function maskWith(x0: number, y0: number, x1: number, y1: number): Plane {
  const width = 60;
  const height = 40;
  const data = new Uint8Array(width * height);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data[y * width + x] = 1;
  return { data, width, height };
}

const desk = (border: number[], mask: Plane, extent: 'cut' | 'inside' = 'cut'): DeskReading => ({ border, surface: false, sheet: { extent, mask } });

test('a sheet grown out to a border side where the desk shows runs out of the picture there', () => {
  // The sheet reaches the bottom row, where the border is only 45 % paper (stripes of a pale desk).
  assert.equal(sheetCutWhereDeskShows(desk([0.8, 0.9, 0.7, 0.45], maskWith(10, 8, 50, 39))), true);
});

test('a sheet grown out to a border side that is paper all along says nothing (a page filling a scan, a pale desk)', () => {
  assert.equal(sheetCutWhereDeskShows(desk([1, 1, 1, 0.45], maskWith(0, 0, 50, 30))), false);
});

test('a sheet clear of the frame, or touching it in a pixel or two, is not cut', () => {
  assert.equal(sheetCutWhereDeskShows(desk([0.3, 0.3, 0.3, 0.3], maskWith(10, 8, 50, 30), 'inside')), false);
  // Two frame pixels on the bottom row: a blurred corner grazing the frame.
  const grazing = maskWith(10, 8, 50, 38);
  grazing.data[39 * 60 + 20] = 1;
  grazing.data[39 * 60 + 21] = 1;
  assert.equal(sheetCutWhereDeskShows(desk([0.3, 0.3, 0.3, 0.3], grazing)), false);
});

test('a sheet reaching all four sides fills the frame: a wedge of desk along one side is no cut', () => {
  assert.equal(sheetCutWhereDeskShows(desk([0.5, 1, 1, 1], maskWith(0, 0, 59, 39))), false);
});

test('a whole upload: a sheet on a pale striped desk with a corner out of the bottom of the frame is incomplete', async () => {
  // Diagonal stripes of pale grey (paper-like) and mid grey: every border side is a mix, so the
  // surface does not show as such; the white sheet, turned, pokes its lower left corner out.
  const stripes = `<defs><pattern id="d" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="24" height="24" fill="#7a7a7a"/><rect width="9" height="24" fill="#d6d6d6"/></pattern></defs><rect width="100%" height="100%" fill="url(#d)"/>`;
  const sheet = '<polygon points="150,110 700,60 770,470 170,660" fill="#fbfbfb"/>' + textLines(230, 170, 420, 10, 30);
  const image = await svgToRgb(page(800, 600, stripes + sheet));
  const quad: Quad8 = [0, 0, 799, 0, 799, 599, 0, 599];
  assert.ok(completenessScore({ image, quad, crop: image }) < QUALITY_SETTINGS.thresholds.iscomplete);
  // Without the rule, the page-filling-the-frame ink test called it complete.
  assert.ok(completenessScore({ image, quad, crop: image }, { ...QUALITY_SETTINGS, deskShowsShare: 0 }) >= QUALITY_SETTINGS.thresholds.iscomplete);
});
