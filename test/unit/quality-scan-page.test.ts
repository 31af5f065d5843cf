import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completenessScore, QUALITY_SETTINGS } from '../../src/image/quality.js';
import { fitLine, scannedPageState } from '../../src/image/scan-page.js';
import type { RgbImage } from '../../src/image/types.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

const threshold = QUALITY_SETTINGS.thresholds;
const W = 900;
const H = 1200;
const whole = (img: RgbImage): Quad8 => [0, 0, img.width - 1, 0, img.width - 1, img.height - 1, 0, img.height - 1];

/**
 * A flatbed scan: a white page `margin` px inside the frame on every side, turned `degrees`
 * about the centre, on a lid of grey level `lid`, with rows of print on it.
 */
async function scan(margin: number, degrees: number, lid: number, paper = '#fff'): Promise<RgbImage> {
  const tone = `rgb(${lid},${lid},${lid})`;
  const body = `<g transform="rotate(${degrees} ${W / 2} ${H / 2})"><rect x="${margin}" y="${margin}" width="${W - 2 * margin}" height="${H - 2 * margin}" fill="${paper}"/>${textLines(margin + 60, margin + 80, W - 2 * margin - 120, 30)}</g>`;
  return svgToRgb(page(W, H, body, tone));
}

test('a scanned page a degree askew inside a lid a few levels darker is whole', async () => {
  // Corners move by about (900 / 2) * sin(0.5 deg) = 4 px: inside a 14 px margin.
  const img = await scan(14, 0.5, 246);
  assert.equal(scannedPageState(img), 'inside');
  assert.ok(completenessScore({ image: img, quad: whole(img), crop: img }) >= threshold.iscomplete);
});

test('the same page on a tight scan pokes a corner out of the frame: cut', async () => {
  // Corners move by about (1200 / 2) * sin(0.8 deg) = 8 px horizontally: past a 3 px margin.
  const img = await scan(3, 0.8, 246);
  assert.equal(scannedPageState(img), 'cut');
  assert.ok(completenessScore({ image: img, quad: whole(img), crop: img }) < threshold.iscomplete);
});

test('a lid only three levels off the paper still shows the edges; one as white as the paper shows nothing', async () => {
  assert.equal(scannedPageState(await scan(3, -0.8, 252)), 'cut');
  assert.equal(scannedPageState(await scan(14, -0.5, 252)), 'inside');
  assert.equal(scannedPageState(await scan(3, 0.8, 255)), 'unknown');
});

test('a printed frame rule near the edge of a page filling the frame is not taken for the page edge', async () => {
  // White page to the frame, a 2 px ruled border 12 px in, a dark band along the top: no lid anywhere.
  const body = `<rect x="12" y="12" width="${W - 24}" height="${H - 24}" fill="none" stroke="#222" stroke-width="2"/><rect x="0" y="0" width="${W}" height="40" fill="#888"/>${textLines(60, 100, W - 120, 30)}`;
  const img = await svgToRgb(page(W, H, body));
  assert.notEqual(scannedPageState(img), 'cut');
});

test('light falling off smoothly over a page that fills the frame is no edge', async () => {
  const body = `<defs><radialGradient id="g" cx="50%" cy="50%" r="75%"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#c8c8c8"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${textLines(60, 100, W - 120, 30)}`;
  const img = await svgToRgb(page(W, H, body));
  assert.equal(scannedPageState(img), 'unknown');
});

test('cream paper on a grey lid of the same brightness shows its edges by tint', async () => {
  // rgb(253,251,243) has the luminance of grey 250.7: only the colour tells lid from paper.
  const cream = 'rgb(253,251,243)';
  assert.equal(scannedPageState(await scan(14, 0.5, 251, cream)), 'inside');
  assert.equal(scannedPageState(await scan(3, 0.8, 251, cream)), 'cut');
});

test('a page filling a tight scan askew leaves wedges of lid at the corners only: cut', async () => {
  // No margin: the turned page covers most of the frame row and pokes out along every side.
  const img = await scan(0, 0.8, 244, 'rgb(253,251,243)');
  assert.equal(scannedPageState(img), 'cut');
  assert.ok(completenessScore({ image: img, quad: whole(img), crop: img }) < threshold.iscomplete);
});

test('a printed coloured border on paper as bright as the lid is not the page edge', async () => {
  // A blue frame 20 px inside a cream page whose corners leave the picture: the step from lid to
  // the blue rule must not be taken for the page's edge inside the frame.
  const body = `<g transform="rotate(0.8 ${W / 2} ${H / 2})"><rect x="0" y="0" width="${W}" height="${H}" fill="rgb(247,243,231)"/><rect x="20" y="20" width="${W - 40}" height="${H - 40}" fill="none" stroke="#1d4f91" stroke-width="10"/>${textLines(80, 100, W - 160, 30)}</g>`;
  const img = await svgToRgb(page(W, H, body, 'rgb(244,244,244)'));
  assert.notEqual(scannedPageState(img), 'inside');
});

test('a side line is fitted through its edge points even when a stray point near a corner lies far off', () => {
  // A page edge 5 px from the frame rising to 11 px over 650 px, as on a card turned half a degree,
  // and one segment at the corner that read 32 px (the corner's own pixels): least squares pulled
  // by it left fewer than half the points near the line, and the side was lost.
  const points = [{ t: 12, e: 32 }];
  for (let t = 36; t <= 660; t += 24) points.push({ t, e: Math.round(5 + ((t - 36) * 6) / 624) });
  const line = fitLine(points, 1.5);
  assert.ok(line !== null);
  assert.ok(Math.abs(line.a + line.b * 36 - 5) < 1 && Math.abs(line.a + line.b * 660 - 11) < 1, JSON.stringify(line));
});
