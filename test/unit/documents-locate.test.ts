import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateDocuments } from '../../src/image/documents.js';
import type { RgbImage } from '../../src/image/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

function cornerError(found: number[], truth: number[]): number {
  let worst = 0;
  for (let i = 0; i < 8; i += 2) worst = Math.max(worst, Math.hypot(found[i] - truth[i], found[i + 1] - truth[i + 1]));
  return worst;
}

test('a blank page is one document: the whole image', async () => {
  const img = await svgToRgb(page(600, 800, ''));
  const docs = locateDocuments(img);
  assert.equal(docs.length, 1);
  assert.deepEqual(docs[0].bbox, [0, 0, 599, 799]);
});

test('a scan filled by a page with text is one document', async () => {
  const img = await svgToRgb(page(700, 1000, textLines(50, 60, 600, 30)));
  const docs = locateDocuments(img);
  assert.equal(docs.length, 1);
  assert.ok(docs[0].bbox[2] - docs[0].bbox[0] > 650);
});

test('a sheet in perspective on a dark table: corners within 3% of the truth', async () => {
  const truth = [180, 120, 820, 160, 860, 900, 120, 860];
  const body =
    `<polygon points="${truth[0]},${truth[1]} ${truth[2]},${truth[3]} ${truth[4]},${truth[5]} ${truth[6]},${truth[7]}" fill="#f4f2ee"/>` +
    textLines(260, 240, 480, 18);
  const img = await svgToRgb(page(1000, 1000, body, '#5a3b22'));
  const docs = locateDocuments(img);
  assert.equal(docs.length, 1);
  assert.ok(cornerError(docs[0].quad, truth) < 30, JSON.stringify(docs[0].quad));
});

test('two receipts side by side on a patterned cloth are two documents, left first', async () => {
  let cloth = '';
  for (let x = 0; x < 1200; x += 40) cloth += `<rect x="${x}" y="0" width="20" height="800" fill="${x % 80 === 0 ? '#2f6f4f' : '#7a2030'}"/>`;
  const body =
    cloth +
    '<rect x="80" y="100" width="460" height="620" fill="#fafafa"/>' +
    textLines(110, 140, 400, 16) +
    '<rect x="640" y="160" width="420" height="560" fill="#f0efe9"/>' +
    textLines(670, 200, 360, 14);
  const img = await svgToRgb(page(1200, 800, body, '#444'));
  const docs = locateDocuments(img);
  assert.equal(docs.length, 2);
  assert.ok(cornerError(docs[0].quad, [80, 100, 540, 100, 540, 720, 80, 720]) < 25, JSON.stringify(docs[0].quad));
  assert.ok(cornerError(docs[1].quad, [640, 160, 1060, 160, 1060, 720, 640, 720]) < 25, JSON.stringify(docs[1].quad));
});

test('random noise still yields at least one document', () => {
  const w = 300;
  const h = 200;
  const data = Buffer.alloc(w * h * 3);
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = seed & 0xff;
  }
  const img: RgbImage = { data, width: w, height: h, channels: 3 };
  const docs = locateDocuments(img);
  assert.ok(docs.length >= 1);
  for (const d of docs) assert.ok(d.bbox[2] > d.bbox[0] && d.bbox[3] > d.bbox[1]);
});
