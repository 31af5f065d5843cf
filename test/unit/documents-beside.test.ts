import { test } from 'node:test';
import assert from 'node:assert/strict';
import { besideSharedLinesAllowed, locateDocuments, sharesSideLine, sideLinesShared } from '../../src/image/documents.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

// A cream card with a receipt lying over its right end at a slant, a shadow across both: the
// mask's region is the card and the receipt's lit part (one odd-shaped region), the receipt closes
// an edge quad, the card does not (its right side lies under the receipt).
function receiptOverCard(): string {
  const card =
    `<rect x="80" y="200" width="560" height="350" fill="#efe9dc"/><rect x="80" y="200" width="560" height="56" fill="#6b3a1e"/>` +
    `<rect x="100" y="298" width="112" height="140" fill="#c9d3dd"/>` +
    textLines(260, 298, 320, 5, 26);
  const receipt = `<g transform="rotate(18 760 400)"><rect x="600" y="90" width="300" height="560" fill="#fbfbfb"/>${textLines(630, 140, 240, 12, 30)}</g>`;
  const shadow = `<polygon points="-150,960 1150,100 1150,960" fill="#000" opacity="0.5"/>`;
  return page(1300, 960, `<g transform="translate(150 100)">${card}${receipt}${shadow}</g>`, '#4a4a48');
}

test('a receipt over the end of a card, both half in shadow: the receipt and the card beside it', async () => {
  const docs = locateDocuments(await svgToRgb(receiptOverCard()));
  const boxes = JSON.stringify(docs.map((d) => d.bbox));
  assert.equal(docs.length, 2, boxes);
  // The card spans 230..790 x 300..650; its right end is under the receipt, so it is cut there.
  const card = docs.find((d) => d.bbox[0] < 400);
  assert.ok(card, boxes);
  const [x0, y0, x1, y1] = card.bbox;
  assert.ok(Math.abs(x0 - 230) <= 25 && Math.abs(y0 - 300) <= 25 && Math.abs(y1 - 650) <= 25 && x1 >= 650 && x1 <= 820, boxes);
  const receipt = docs.find((d) => d !== card);
  assert.ok(receipt && receipt.bbox[0] >= 640 && receipt.bbox[2] >= 1100 && receipt.bbox[3] >= 740, boxes);
});

test('sharesSideLine: the rest of a page carries on its head\'s sides; a cut between two documents does not count', () => {
  const head: Quad8 = [100, 100, 800, 100, 800, 250, 100, 250];
  const restOfPage: Quad8 = [100, 250, 800, 250, 800, 620, 100, 620];
  assert.equal(sharesSideLine(head, restOfPage, 12), true);
  // A card beside a receipt: the card is cut along the receipt's left side (the two lie on
  // either side of that line) and none of its own sides runs on from the receipt's.
  const receipt: Quad8 = [600, 80, 900, 120, 860, 700, 560, 660];
  const card: Quad8 = [80, 200, 590, 200, 575, 550, 80, 550];
  assert.equal(sharesSideLine(receipt, card, 12), false);
});

// Two portrait cards: the left one taller, the right one (another stock) lying over its right end,
// their bottoms on one line. The mask joins them; only the upper card closes an edge quad.
function cardsBottomsInLine(): string {
  const card = (x: number, y: number, w: number, h: number, stock: string, band: string): string =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${stock}"/><rect x="${x + w - 60}" y="${y}" width="60" height="${h}" fill="${band}"/>` +
    `<rect x="${x + 40}" y="${y + 60}" width="${w * 0.5}" height="${h * 0.25}" fill="#c9d3dd"/>` +
    textLines(x + 40, y + h * 0.4, w * 0.6, 10, 34);
  const upper = `<rect x="492" y="194" width="420" height="690" fill="#000" opacity="0.3"/>${card(500, 190, 420, 690, '#d8dcd4', '#6b2a1e')}`;
  return page(1300, 1000, card(200, 120, 420, 760, '#e6e1d6', '#5a3a20') + upper, '#3c3c40');
}

test('two cards overlapping in a row with their bottoms on one line: the upper card and the one beside it', async () => {
  const docs = locateDocuments(await svgToRgb(cardsBottomsInLine()));
  const boxes = JSON.stringify(docs.map((d) => d.bbox));
  assert.equal(docs.length, 2, boxes);
  const lower = docs.find((d) => d.bbox[0] < 300);
  assert.ok(lower && Math.abs(lower.bbox[1] - 120) <= 20 && Math.abs(lower.bbox[3] - 880) <= 20 && lower.bbox[2] >= 480 && lower.bbox[2] <= 640, boxes);
  const upper = docs.find((d) => d !== lower);
  assert.ok(upper && Math.abs(upper.bbox[0] - 500) <= 20 && Math.abs(upper.bbox[2] - 920) <= 20, boxes);
});

test('sideLinesShared: the rest of a page runs on both its head\'s sides, a card beside another on one line at most', () => {
  const head: Quad8 = [100, 100, 800, 100, 800, 250, 100, 250];
  assert.equal(sideLinesShared(head, [100, 250, 800, 250, 800, 620, 100, 620], 12), 2);
  // A taller card whose right end lies under `upper`: only their bottoms share a line.
  const upper: Quad8 = [500, 190, 920, 190, 920, 880, 500, 880];
  assert.equal(sideLinesShared(upper, [200, 120, 500, 120, 500, 880, 200, 880], 12), 1);
  assert.equal(sideLinesShared(upper, [200, 120, 500, 120, 500, 840, 200, 840], 12), 0);
});

test('besideSharedLinesAllowed: one line beside a card, none beside a strip or for paper on the frame', () => {
  const card: Quad8 = [500, 190, 920, 190, 920, 880, 500, 880];
  assert.equal(besideSharedLinesAllowed(card, false), 1);
  assert.equal(besideSharedLinesAllowed(card, true), 0);
  // A page's foot cut off by a rule: 4:1, no document's shape.
  assert.equal(besideSharedLinesAllowed([100, 600, 900, 600, 900, 800, 100, 800], false), 0);
});
