import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateDocuments } from '../../src/image/documents.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

// A white claim on a wooden desk among duller grey papers that run out of the photo: the paper
// mask merges them into one region touching the border; the claim must still come out alone.
function deskScene(): string {
  let rules = '';
  for (let y = 40; y < 560; y += 24) rules += `<rect x="-60" y="${y}" width="420" height="4" fill="#bdbdbd"/>`;
  const other =
    `<g transform="rotate(-8 150 300)"><rect x="-80" y="-40" width="440" height="640" fill="#e2e2e2"/>${rules}</g>` +
    `<rect x="820" y="-50" width="260" height="420" fill="#e6e6e6"/>`;
  const claim = `<rect x="260" y="110" width="560" height="700" fill="#fbfbfb"/>` + textLines(320, 180, 440, 16);
  return page(1000, 900, other + claim, '#6b4a30');
}

test('a white claim over duller papers that leave the frame is located by itself', async () => {
  const img = await svgToRgb(deskScene());
  const docs = locateDocuments(img);
  assert.equal(docs.length, 1);
  const [x0, y0, x1, y1] = docs[0].bbox;
  // The claim is 260..820 x 110..810; the merged region would reach the photo's border.
  assert.ok(Math.abs(x0 - 260) < 30 && Math.abs(y0 - 110) < 30 && Math.abs(x1 - 820) < 30 && Math.abs(y1 - 810) < 30, JSON.stringify(docs[0].bbox));
});

test('a single page evenly lit on a desk, one brightness only, is not split', async () => {
  const img = await svgToRgb(page(1000, 900, `<rect x="200" y="100" width="600" height="700" fill="#f6f6f6"/>` + textLines(260, 160, 480, 18), '#6b4a30'));
  const docs = locateDocuments(img);
  assert.equal(docs.length, 1);
  assert.ok(docs[0].bbox[2] - docs[0].bbox[0] > 560 && docs[0].bbox[3] - docs[0].bbox[1] > 660, JSON.stringify(docs[0].bbox));
});
