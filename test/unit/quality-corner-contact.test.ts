import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completenessScore } from '../../src/image/quality.js';
import { CORNER_CONTACT_SETTINGS, cornerCarriedOverPaper, cornerCutByFrame, paperRunAlongFrame } from '../../src/image/corner-contact.js';
import type { RgbImage } from '../../src/image/types.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

const W = 800;
const H = 600;
const CREAM = 'rgb(245,240,226)';
const DESK = '#3b2e24';
const MARGIN = 0.004 * W + 1;

/** Corners (clockwise from top-left) of a `sw` x `sh` rectangle centred on (cx, cy) turned `deg` degrees. */
function corners(cx: number, cy: number, sw: number, sh: number, deg: number): [number, number][] {
  const a = (deg * Math.PI) / 180;
  return [[-sw / 2, -sh / 2], [sw / 2, -sh / 2], [sw / 2, sh / 2], [-sw / 2, sh / 2]].map(([x, y]) => [cx + x * Math.cos(a) - y * Math.sin(a), cy + x * Math.sin(a) + y * Math.cos(a)]);
}

/** The quad the localiser returns: every corner clamped into the picture. */
function clampedQuad(pts: [number, number][]): Quad8 {
  return pts.flatMap(([x, y]) => [Math.round(Math.min(W - 1, Math.max(0, x))), Math.round(Math.min(H - 1, Math.max(0, y)))]) as Quad8;
}

async function photo(cx: number, cy: number, sw: number, sh: number, deg: number, under = ''): Promise<RgbImage> {
  const x = cx - sw / 2;
  const y = cy - sh / 2;
  const sheet = `<g transform="rotate(${deg} ${cx} ${cy})"><rect x="${x}" y="${y}" width="${sw}" height="${sh}" fill="${CREAM}"/>${textLines(x + 60, y + 60, sw - 120, 6, 30)}</g>`;
  return svgToRgb(page(W, H, `${under}${sheet}`, DESK));
}

test('a corner clamped onto the frame leaves the sheet running along it: cut', async () => {
  // Bottom-right corner of a sheet turned 6 degrees: cy + 150 cos 6 + 250 sin 6 = cy + 175; out by ~15 px.
  const pts = corners(400, 440, 500, 300, 6);
  assert.ok(pts[2][1] > H + 10, `corner at ${pts[2][1]}`);
  const img = await photo(400, 440, 500, 300, 6);
  const quad = clampedQuad(pts);
  assert.equal(cornerCutByFrame(img, quad, MARGIN), true);
  assert.ok(completenessScore({ image: img, quad, crop: img }) < 0.5);
});

test('a corner grazing the frame touches it in a point: inside', async () => {
  // The same sheet moved up until its lowest corner is 3 px above the frame.
  const cy = 440 - (corners(400, 440, 500, 300, 6)[2][1] - (H - 4));
  const pts = corners(400, cy, 500, 300, 6);
  const img = await photo(400, cy, 500, 300, 6);
  const quad = clampedQuad(pts);
  assert.ok(quad[5] >= H - 1 - MARGIN, 'the corner lies on the frame');
  assert.equal(cornerCutByFrame(img, quad, MARGIN), false);
  assert.ok(completenessScore({ image: img, quad, crop: img }) >= 0.5);
});

test('paper of another sheet under the corner is not the sheet running out', async () => {
  // A white page under the sheet runs off the bottom; the located corner slipped onto it.
  const under = '<rect x="420" y="380" width="380" height="220" fill="#ffffff"/>';
  const pts = corners(380, 330, 500, 300, 6);
  const img = await photo(380, 330, 500, 300, 6, under);
  const quad = clampedQuad(pts);
  quad[4] = 600;
  quad[5] = H - 1;
  const paper: [number, number, number] = [255, 255, 255];
  assert.ok(paperRunAlongFrame(img, 3, 600, paper, 6) > 100, 'white paper runs along the frame');
  assert.equal(cornerCutByFrame(img, quad, MARGIN), false);
});

test('a corner carried to the frame over a paper under the sheet: both its sides run over that paper, so it is no cut corner', async () => {
  // A card lying in full view on a page of nearly its tint (the edge between them too faint to stop
  // the sheet grown from its middle) that runs off the bottom of the frame;
  // the localiser carried the card's bottom-right corner down to the frame across the page.
  const under = '<rect x="150" y="200" width="640" height="400" fill="rgb(247,243,231)"/>';
  const pts = corners(380, 300, 400, 240, 4);
  assert.ok(pts[2][1] < H - 100, 'the card itself stays well inside');
  const img = await photo(380, 300, 400, 240, 4, under);
  const quad = clampedQuad(pts);
  quad[4] = 640;
  quad[5] = H - 1;
  assert.equal(cornerCarriedOverPaper(img, quad, 2), true);
  assert.equal(cornerCutByFrame(img, quad, MARGIN), false);
  // Without comparing the paper either side of its sides, the page at the corner's foot reads as the card running out.
  assert.equal(cornerCutByFrame(img, quad, MARGIN, { ...CORNER_CONTACT_SETTINGS, legShares: [] }), true);
});

test('a corner cut by the frame has the desk beyond its sides: not carried', async () => {
  const pts = corners(400, 440, 500, 300, 6);
  const img = await photo(400, 440, 500, 300, 6);
  assert.equal(cornerCarriedOverPaper(img, clampedQuad(pts), 2), false);
});
