import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_EDGE_QUAD_OPTIONS, stepEdges } from '../../src/image/edges.js';
import { close } from '../../src/image/ops.js';
import { ruledTexture } from '../../src/image/ruled-desk.js';
import { comesBackWhole, onLinedSheets } from '../../src/image/lined-surface.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { linedSheets, ruleDirection } from '../../src/image/sheet-margins.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

/** Grey bars across a box, `margin` px short of its left and right sides: a lined sheet's rules and blank margins. */
function linedSheet(x: number, y: number, w: number, h: number, pitch: number, margin: number): string {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#f2f2f2"/>`;
  for (let yy = y + pitch; yy < y + h - pitch; yy += pitch) out += `<rect x="${x + margin}" y="${yy}" width="${w - 2 * margin}" height="${Math.round(pitch * 0.3)}" fill="#a8a8a8"/>`;
  return out;
}

/**
 * A grey desk, a lined sheet wholly in the frame with blank margins 30 px wide at both ends of its
 * rules, and a claim with print lying over the sheet's right part, where the rules stop at its side.
 */
function claimOnSheetInFrame(): string {
  const sheet = linedSheet(40, 60, 420, 400, 12, 30);
  const claim = `<rect x="300" y="120" width="160" height="260" fill="#f6f6f6"/>${textLines(315, 150, 130, 7, 28)}`;
  return page(480, 520, `<rect x="0" y="0" width="480" height="520" fill="#8a8a8a"/>${sheet}${claim}`);
}

test('sheet margins: the blank margin between a sheet\'s rules and its edge on a darker desk is the sheet\'s', async () => {
  const img = await svgToRgb(claimOnSheetInFrame());
  const texture = close(ruledTexture(img), 2);
  const sheets = linedSheets(img, texture, stepEdges(img, DEFAULT_EDGE_QUAD_OPTIONS));
  const share = (x0: number, y0: number, x1: number, y1: number): number => {
    let n = 0;
    let set = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++, n++) set += sheets.data[y * img.width + x];
    return set / n;
  };
  // The left margin (x 40-70), beside the ruled part, with the desk beyond it.
  assert.ok(share(44, 100, 64, 420) > 0.6, `left margin ${share(44, 100, 64, 420)}`);
  // The ruled part itself.
  assert.ok(share(100, 100, 280, 420) > 0.8, `ruled part ${share(100, 100, 280, 420)}`);
  // The claim, where the rules stop at its side: its blank margin and its print are not the sheet's.
  assert.ok(share(306, 130, 450, 370) < 0.02, `claim ${share(306, 130, 450, 370)}`);
});

test('sheet margins: no margin where the rules stop at paper as bright as theirs that runs on wider than a margin (a document, not the sheet\'s edge)', async () => {
  // The same sheet on a desk as bright as the paper: no edge within a margin's width of the rules' ends.
  const sheet = linedSheet(40, 60, 420, 400, 12, 30);
  const img = await svgToRgb(page(480, 520, `<rect x="0" y="0" width="480" height="520" fill="#f2f2f2"/>${sheet}`));
  const sheets = linedSheets(img, close(ruledTexture(img), 2), stepEdges(img, DEFAULT_EDGE_QUAD_OPTIONS));
  let set = 0;
  for (let y = 100; y < 420; y++) for (let x = 44; x < 60; x++) set += sheets.data[y * img.width + x];
  assert.ok(set / (320 * 16) < 0.05, `margin on bright paper ${set / (320 * 16)}`);
});

test('sheet margins: the rules\' direction is across the texture\'s gradient', () => {
  // Horizontal bars: the gradient is vertical, the rules run along x.
  const w = 20;
  const h = 20;
  const lum = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) lum[y * w + x] = y % 6 < 2 ? 150 : 240;
  const labels = new Int32Array(w * h).fill(1);
  const texture = new Uint8Array(w * h).fill(1);
  const [dx, dy] = ruleDirection(lum, w, h, labels, 1, texture);
  assert.ok(Math.abs(Math.abs(dx) - 1) < 1e-6 && Math.abs(dy) < 1e-6, `${dx}, ${dy}`);
});

test('sheet margins: the retry is asked only when one document covers nearly the whole frame', () => {
  const frame = { width: 100, height: 100 };
  assert.equal(comesBackWhole([{ bbox: [0, 0, 99, 99] }], frame, 0.8), true);
  assert.equal(comesBackWhole([{ bbox: [0, 0, 49, 99] }], frame, 0.8), false);
  assert.equal(comesBackWhole([{ bbox: [0, 0, 99, 99] }, { bbox: [0, 0, 9, 9] }], frame, 0.8), false);
});

test('sheet margins: the second answer is taken only with two documents or more, each along the sheets', async () => {
  // The claim on the sheet of claimOnSheetInFrame, on a wider desk.
  const sheet = linedSheet(40, 60, 420, 400, 12, 30);
  const claim = `<rect x="300" y="120" width="160" height="260" fill="#f6f6f6"/>${textLines(315, 150, 130, 7, 28)}`;
  const img = await svgToRgb(page(760, 520, `<rect x="0" y="0" width="760" height="520" fill="#8a8a8a"/>${sheet}${claim}`));
  const onSheet: Quad8 = [300, 120, 460, 120, 460, 380, 300, 380];
  const onDesk: Quad8 = [560, 120, 720, 120, 720, 380, 560, 380];
  const asked = (quads: Quad8[]): Quad8[] | null => onLinedSheets(img, 1, () => quads.map((quad) => ({ quad })))?.map((d) => d.quad) ?? null;
  assert.deepEqual(asked([onSheet, onSheet]), [onSheet, onSheet]);
  assert.equal(asked([onSheet]), null, 'one document is what the first answer says');
  assert.equal(asked([onSheet, onDesk]), null, 'a document nowhere near the sheets was not set apart by them');
  // A ruled page filling the frame: the localiser is not run again at all.
  let ran = false;
  const ruledPage = await svgToRgb(page(480, 520, linedSheet(0, -12, 480, 544, 12, 0)));
  assert.equal(onLinedSheets(ruledPage, 1, () => { ran = true; return [{ quad: onSheet }, { quad: onSheet }]; }), null);
  assert.equal(ran, false);
});
