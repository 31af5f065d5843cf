import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completenessScore } from '../../src/image/quality.js';
import { paperShareAlongFrame, stopsShortOfFrame } from '../../src/image/frame-side.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

const W = 800;
const H = 600;
const CREAM = 'rgb(245,240,226)';
const DESK = '#3b2e24';

/** A cream sheet with print from (x, y) to the given bottom, on a dark desk. */
function sheet(x: number, y: number, w: number, bottom: number): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${bottom - y}" fill="${CREAM}"/>${textLines(x + 40, y + 40, w - 80, 8, 30)}`;
}

test('a side on the frame: the sheet running out shows its paper along the border row, one stopping short the desk', async () => {
  // The localiser's quad puts the bottom side on the frame (y = H - 1) in both pictures.
  const quad: Quad8 = [150, 100, 650, 100, 650, H - 1, 150, H - 1];
  const cut = svgToRgb(page(W, H, sheet(150, 100, 500, H + 50), DESK));
  const short = svgToRgb(page(W, H, sheet(150, 100, 500, H - 4), DESK));
  const [imgCut, imgShort] = await Promise.all([cut, short]);
  assert.ok(paperShareAlongFrame(imgCut, quad, 3) > 0.9);
  assert.equal(stopsShortOfFrame(imgCut, quad, 3), false);
  assert.ok(completenessScore({ image: imgCut, quad, crop: imgCut }) < 0.5, 'cut by the bottom edge');
  assert.ok(paperShareAlongFrame(imgShort, quad, 3) < 0.1);
  assert.equal(stopsShortOfFrame(imgShort, quad, 3), true);
  assert.ok(completenessScore({ image: imgShort, quad, crop: imgShort }) >= 0.5, 'the desk shows below the sheet: in full view');
});

test('print running off the frame still reads as the sheet cut there', async () => {
  // Dense text lines reach the bottom border: the paper between them keeps the share well up.
  const body = `<rect x="150" y="100" width="500" height="550" fill="${CREAM}"/>${textLines(190, 380, 420, 9, 26)}`;
  const img = await svgToRgb(page(W, H, body, DESK));
  const quad: Quad8 = [150, 100, 650, 100, 650, H - 1, 150, H - 1];
  assert.equal(stopsShortOfFrame(img, quad, 3), false);
});
