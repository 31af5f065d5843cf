import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assessQuality, completenessScore, QUALITY_SETTINGS } from '../../src/image/quality.js';
import { paperTraits } from '../../src/image/screen.js';
import { sheetExtent } from '../../src/image/sheet-extent.js';
import type { RgbImage } from '../../src/image/types.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

const W = 600;
const H = 450;
const whole = (img: RgbImage): Quad8 => [0, 0, img.width - 1, 0, img.width - 1, img.height - 1, 0, img.height - 1];
const CREAM = 'rgb(245,240,226)';

/**
 * A cream sheet turned `degrees` about (cx, cy), `sw` x `sh` px, with a ruled table (a closed box
 * the growth must get past) and rows of print, on `desk`; `under` draws before it (other papers).
 */
async function photo(cx: number, cy: number, sw: number, sh: number, degrees: number, desk: string, under = ''): Promise<RgbImage> {
  const x = cx - sw / 2;
  const y = cy - sh / 2;
  const sheet = `<g transform="rotate(${degrees} ${cx} ${cy})"><rect x="${x}" y="${y}" width="${sw}" height="${sh}" fill="${CREAM}"/><rect x="${x + 30}" y="${y + 60}" width="${sw - 60}" height="${sh - 120}" fill="none" stroke="#2a6" stroke-width="2"/>${textLines(x + 45, y + 75, sw - 90, 6, 30)}</g>`;
  return svgToRgb(page(W, H, `${under}${sheet}`, desk));
}

test('a sheet on a dark desk clear of every edge is inside, one whose corner leaves the picture is cut', async () => {
  const inside = await photo(300, 225, 520, 380, 3, '#3b2e24');
  assert.equal(sheetExtent(inside), 'inside');
  // Corner at about 300 + 260 cos 3 + 190 sin 3 = 569... moved right by 40 px: past the 600 px edge.
  const cut = await photo(340, 225, 520, 380, 3, '#3b2e24');
  assert.equal(sheetExtent(cut), 'cut');
  assert.ok(completenessScore({ image: cut, quad: whole(cut), crop: cut }) < QUALITY_SETTINGS.thresholds.iscomplete);
  assert.ok(completenessScore({ image: inside, quad: whole(inside), crop: inside }) >= QUALITY_SETTINGS.thresholds.iscomplete);
});

test('another paper of a close tint under the sheet, running out of the picture, is not the sheet', async () => {
  // A bluish-white page (colour distance ~20 from the cream) from under the sheet to the top right.
  const under = `<rect x="330" y="-40" width="320" height="400" fill="rgb(232,232,236)" transform="rotate(12 490 160)"/>`;
  const img = await photo(285, 235, 500, 360, -2, '#3b2e24', under);
  assert.equal(sheetExtent(img), 'inside');
});

test('a strip of pale desk a few pixels wide between sheet and frame keeps the sheet inside', async () => {
  // Pale grey desk: 4 px left between the sheet's right side and the frame.
  const img = await photo(298, 225, 588, 400, 0, 'rgb(150,150,148)');
  assert.equal(sheetExtent(img), 'inside');
});

test('a picture that is all paper cannot be grown out to a sheet of its own: not inside', async () => {
  const img = await svgToRgb(page(W, H, textLines(40, 40, W - 80, 12, 30), CREAM));
  assert.notEqual(sheetExtent(img), 'inside');
});

test('a desk with a fine periodic weave round a sheet is not read as a screen on the sheet', async () => {
  // Light diagonal stripes 6 px apart: paper-bright, flat enough for blank patches, one strong
  // spectral peak, as a screen's moiré would give. The sheet itself is plain cream with a red stamp.
  const weave = `<defs><pattern id="w" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="rgb(215,215,212)"/><rect width="3" height="6" fill="rgb(180,180,178)"/></pattern></defs><rect width="100%" height="100%" fill="url(#w)"/>`;
  const stamp = `<circle cx="420" cy="330" r="40" fill="none" stroke="#d03030" stroke-width="5"/>`;
  const img = await svgToRgb(page(W, H, `${weave}<g transform="rotate(2 300 225)"><rect x="90" y="55" width="420" height="340" fill="${CREAM}"/>${textLines(120, 90, 360, 7, 30)}</g>${stamp}`));
  const quad = whole(img);
  // The whole upload's paper patches carry the weave's peak ...
  assert.ok(paperTraits(img, quad).moirePeak > QUALITY_SETTINGS.screenMoire, String(paperTraits(img, quad).moirePeak));
  // ... the sheet's do not, and the capture is an original.
  const q = assessQuality({ image: img, quad, crop: img });
  assert.equal(q.isoriginal, true, String(q.isoriginal_score));
  assert.equal(q.iscomplete, true);
});

test('a sheet in full view over ruled pages on a pale desk is complete, though ink runs off the edges', async () => {
  // The desk is bright and grey enough to pass for paper along the whole border, so the whole
  // upload reads as a page filling the frame; the ruled pages under the sheet run off two edges.
  let rules = '';
  for (let y = 20; y < H; y += 14) rules += `<line x1="0" y1="${y}" x2="170" y2="${y}" stroke="#555" stroke-width="2"/>`;
  const under = `<rect x="0" y="0" width="170" height="${H}" fill="#fbfbfb"/>${rules}`;
  const img = await photo(330, 225, 420, 330, 2, 'rgb(190,190,188)', under);
  assert.equal(sheetExtent(img), 'inside');
  assert.ok(completenessScore({ image: img, quad: whole(img), crop: img }) >= QUALITY_SETTINGS.thresholds.iscomplete);
});
