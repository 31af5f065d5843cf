import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateDocuments } from '../../src/image/documents.js';
import { neighboursDiffer, stockColour } from '../../src/image/frame-row.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

// Two pale cards laid edge to edge and cropped to their row: the frame is 3:1, paper everywhere,
// and no edge quad closes either card (their outer sides are the frame's). The border between
// them, a step from one card's tint to the other's, is the only sign that they are two.
function cardRow(): string {
  const left = `<rect x="0" y="0" width="450" height="300" fill="#e9eef4"/>` + textLines(60, 60, 300, 8);
  const right = `<rect x="450" y="0" width="450" height="300" fill="#f6efe2"/>` + textLines(510, 60, 300, 8);
  return page(900, 300, left + right, '#e0e0e0');
}

test('a frame of two cards in a row, with a step edge between them, is two documents', async () => {
  const docs = locateDocuments(await svgToRgb(cardRow()));
  assert.equal(docs.length, 2, JSON.stringify(docs.map((d) => d.bbox)));
  // The cut lies at the border between the cards (x = 450).
  assert.ok(Math.abs(docs[0].bbox[2] - 450) < 20 && Math.abs(docs[1].bbox[0] - 450) < 20, JSON.stringify(docs.map((d) => d.bbox)));
});

test('a frame of one long sheet of one tint, print but no cross step, stays one document', async () => {
  const docs = locateDocuments(await svgToRgb(page(900, 300, `<rect x="0" y="0" width="900" height="300" fill="#f4f4f4"/>` + textLines(60, 60, 780, 8), '#e0e0e0')));
  assert.equal(docs.length, 1);
  assert.deepEqual(docs[0].bbox, [0, 0, 899, 299]);
});

test('neighbouring parts differ in stock when their paper differs, not when only their print does', () => {
  const w = 200;
  const h = 60;
  const data = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const j = (y * w + x) * 3;
      // Left half bluish white, right half cream; dark print on a third of the left half's rows.
      const paper = x < 100 ? [232, 238, 246] : [246, 238, 222];
      const ink = x < 100 && y % 3 === 0;
      data[j] = ink ? 30 : paper[0];
      data[j + 1] = ink ? 30 : paper[1];
      data[j + 2] = ink ? 30 : paper[2];
    }
  }
  const img = { data, width: w, height: h, channels: 3 as const };
  const left: Quad8 = [0, 0, 99, 0, 99, 59, 0, 59];
  const right: Quad8 = [100, 0, 199, 0, 199, 59, 100, 59];
  assert.deepEqual(stockColour(img, left), [232, 238, 246]);
  assert.equal(neighboursDiffer(img, [left, right]), true);
  // Two parts of the left half: print in one, the same paper in both.
  assert.equal(neighboursDiffer(img, [[0, 0, 49, 0, 49, 59, 0, 59], [50, 0, 99, 0, 99, 59, 50, 59]]), false);
});
