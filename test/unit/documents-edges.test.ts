import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardOnDesk, locateDocuments, type LocatedDocument } from '../../src/image/documents.js';
import { DEFAULT_EDGE_QUAD_OPTIONS, type EdgeQuad, edgeQuads, lineSupport, support } from '../../src/image/edges.js';
import { downscaleTo } from '../../src/image/ops.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

type Box = [number, number, number, number];

function near(found: LocatedDocument, truth: Box, tol: number): boolean {
  return found.bbox.every((v, i) => Math.abs(v - truth[i]) <= tol);
}

function describe(docs: readonly LocatedDocument[]): string {
  return JSON.stringify(docs.map((d) => d.bbox));
}

/** A card: tinted body, a coloured title band along the top, a 4:5 portrait and text rows. */
function card(x: number, y: number, w: number, h: number, body: string, band: string): string {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${body}"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${Math.round(h * 0.16)}" fill="${band}"/>` +
    `<rect x="${x + 20}" y="${y + h * 0.28}" width="${w * 0.2}" height="${w * 0.25}" fill="#c9d3dd"/>` +
    textLines(x + w * 0.32, y + h * 0.28, w * 0.6, 5, 26)
  );
}

/** A woven cloth: thin crossing threads of two close tones, no long straight step. */
function cloth(w: number, h: number): string {
  let s = '';
  for (let y = 0; y < h; y += 6) s += `<rect x="0" y="${y}" width="${w}" height="3" fill="#8a7f74" opacity="0.5"/>`;
  for (let x = 0; x < w; x += 6) s += `<rect x="${x}" y="0" width="3" height="${h}" fill="#9b9084" opacity="0.5"/>`;
  return s;
}

test('two overlapping cards of different tints on a cloth are two documents', async () => {
  const body = cloth(1200, 700) + card(120, 180, 480, 300, '#dfe7ee', '#2d5a3d') + card(560, 200, 480, 300, '#f2e8da', '#7a1f2a');
  const docs = locateDocuments(await svgToRgb(page(1200, 700, body, '#948a7e')));
  assert.equal(docs.length, 2, describe(docs));
  // The left card's right part lies under the right one: its right side is found between where
  // it disappears (560) and where it really ends (600, its title band shows above the other card).
  const [x0, y0, x1, y1] = docs[0].bbox;
  assert.ok(Math.abs(x0 - 120) <= 25 && Math.abs(y0 - 180) <= 25 && x1 >= 540 && x1 <= 620 && Math.abs(y1 - 480) <= 25, describe(docs));
  assert.ok(near(docs[1], [560, 200, 1040, 500], 25), describe(docs));
});

test('two pale cards touching in a row on a pale surface are two documents, not their union', async () => {
  const body = card(100, 200, 470, 296, '#f4f3ef', '#23508a') + card(570, 204, 470, 296, '#e6eaee', '#7a1f2a');
  const docs = locateDocuments(await svgToRgb(page(1140, 700, body, '#b9b7b2')));
  assert.equal(docs.length, 2, describe(docs));
  assert.ok(near(docs[0], [100, 200, 570, 496], 25), describe(docs));
  assert.ok(near(docs[1], [570, 204, 1040, 500], 25), describe(docs));
});

test('a card lying on a sheet: the sheet with its own corners and the card', async () => {
  const sheet = `<rect x="150" y="60" width="700" height="880" fill="#fafafa"/>` + textLines(200, 100, 600, 6) + textLines(200, 700, 600, 6);
  const body = sheet + card(300, 330, 400, 252, '#dde6ef', '#2d5a3d');
  const docs = locateDocuments(await svgToRgb(page(1000, 1000, body, '#3d2b1f')));
  assert.equal(docs.length, 2, describe(docs));
  const big = docs.find((d) => d.bbox[2] - d.bbox[0] > 600);
  const small = docs.find((d) => d.bbox[2] - d.bbox[0] < 500);
  assert.ok(big && near(big, [150, 60, 850, 940], 20), describe(docs));
  assert.ok(small && near(small, [300, 330, 700, 582], 20), describe(docs));
});

test('two papers side by side, touching, on a pale table are two documents', async () => {
  const left = `<rect x="80" y="90" width="500" height="700" fill="#fbfbf8"/>` + textLines(120, 140, 420, 20);
  const right = `<rect x="580" y="110" width="500" height="700" fill="#ecebe4"/>` + textLines(620, 160, 420, 20);
  const docs = locateDocuments(await svgToRgb(page(1160, 900, left + right, '#cfcac0')));
  assert.equal(docs.length, 2, describe(docs));
  assert.ok(near(docs[0], [80, 90, 580, 790], 25), describe(docs));
  assert.ok(near(docs[1], [580, 110, 1080, 810], 25), describe(docs));
});

test('a ruled form filling the scan stays one document: rules and frames are strokes, not edges', async () => {
  let form = '<rect x="40" y="160" width="820" height="700" fill="none" stroke="#b22" stroke-width="3"/>';
  form += '<rect x="46" y="166" width="808" height="688" fill="none" stroke="#b22" stroke-width="2"/>';
  for (let y = 240; y < 860; y += 70) form += `<rect x="40" y="${y}" width="820" height="2" fill="#b22"/>`;
  form += '<rect x="450" y="160" width="2" height="700" fill="#b22"/>';
  form += textLines(60, 60, 780, 3) + textLines(60, 180, 360, 20, 30);
  const docs = locateDocuments(await svgToRgb(page(900, 1000, form, '#fbf8f0')));
  assert.equal(docs.length, 1, describe(docs));
  assert.deepEqual(docs[0].bbox, [0, 0, 899, 999]);
});

test('a card on a dark table stays one document: its portrait and title band are not cards', async () => {
  const docs = locateDocuments(await svgToRgb(page(1000, 700, card(180, 150, 640, 404, '#eef1f4', '#7a1f2a'), '#2a2a2a')));
  assert.equal(docs.length, 1, describe(docs));
  assert.ok(near(docs[0], [180, 150, 820, 554], 20), describe(docs));
});

test('edge quads: the union of two cards in a row is refused, each card is found', async () => {
  const body = card(100, 200, 470, 296, '#f4f3ef', '#23508a') + card(570, 204, 470, 296, '#e6eaee', '#7a1f2a');
  // At the working size locateDocuments searches (480 px on the longer side).
  const { image, scale } = downscaleTo(await svgToRgb(page(1140, 700, body, '#b9b7b2')), 480);
  const quads = edgeQuads(image);
  const wide = quads.filter((q) => Math.max(q.quad[2], q.quad[4]) - Math.min(q.quad[0], q.quad[6]) > 700 * scale);
  assert.equal(wide.length, 0, JSON.stringify(quads.map((q) => q.quad)));
  assert.ok(quads.length >= 2, JSON.stringify(quads.map((q) => q.quad)));
});

test('two cards of one tint overlapping in a row, offset, are cut apart between the notches of their outline', async () => {
  // Same stock, same band colour: no colour step between them, only their union's outline shows two.
  const a = `<g transform="rotate(-3 330 350)">${card(100, 200, 460, 290, '#f1ece6', '#23508a')}</g>`;
  const b = `<g transform="rotate(2 790 370)">${card(545, 240, 460, 290, '#f1ece6', '#23508a')}</g>`;
  const docs = locateDocuments(await svgToRgb(page(1100, 700, a + b, '#3b3a36')));
  assert.equal(docs.length, 2, describe(docs));
  assert.ok(docs[0].bbox[0] < 120 && docs[0].bbox[2] > 500 && docs[0].bbox[2] < 600, describe(docs));
  assert.ok(docs[1].bbox[0] > 520 && docs[1].bbox[2] > 980, describe(docs));
});

test('a page with one bite out of its outline (a torn corner) stays one document', async () => {
  const torn = '<polygon points="150,80 700,80 700,600 620,680 850,680 850,950 150,950" fill="#f6f6f2"/>' + textLines(200, 140, 420, 20);
  const docs = locateDocuments(await svgToRgb(page(1000, 1000, torn, '#2f2f2f')));
  assert.equal(docs.length, 1, describe(docs));
});

test('a grey card the mask misses, with a sixth of one side lost to an object over it, is still a document', async () => {
  // The grey card's stock is as dull as the cloth, so only its edges find it; a flap of its own
  // grey over 17 % of its top side leaves no step there (as a certificate lying over it would).
  const grey = '#a3a7ab';
  const body =
    cloth(1200, 700) +
    card(90, 180, 460, 290, '#f2efe8', '#7a1f2a') +
    `<rect x="640" y="200" width="460" height="290" fill="${grey}"/>` +
    `<rect x="700" y="150" width="${Math.round(460 * 0.17)}" height="60" fill="${grey}"/>` +
    textLines(740, 260, 300, 5, 26);
  const img = await svgToRgb(page(1200, 700, body, '#948a7e'));
  const docs = locateDocuments(img);
  assert.equal(docs.length, 2, describe(docs));
  assert.ok(near(docs[1], [640, 200, 1100, 490], 30), describe(docs));
  // Four fully backed sides were required before: this card was lost.
  assert.equal(locateDocuments(img, { minLoneEdgeSupport: 0.8, minLoneCardSupport: 0.8 }).length, 1);
});

/** A desk of ruled papers filling the frame: grey rules, each 3 px thick, every `pitch` px. */
function ruledDesk(w: number, h: number, pitch: number): string {
  let s = `<rect width="${w}" height="${h}" fill="#e0e0e0"/>`;
  for (let y = 10; y < h; y += pitch) s += `<rect x="0" y="${y}" width="${w}" height="3" fill="#a4a4a4"/>`;
  return s;
}

test('edge support: short breaks where strokes meet an edge are bridged, long gaps are not', () => {
  // A horizontal edge (gradient 90 degrees) at y = 20 backed in dashes: 6 px on, 2 px off.
  const w = 200;
  const h = 40;
  const angle = new Int16Array(w * h).fill(-1);
  for (let x = 0; x < w; x++) if (x % 8 < 6) angle[20 * w + x] = 90;
  const map = { w, h, angle };
  const backed = (gap: number): number => support(lineSupport(map, 90, 20, { ...DEFAULT_EDGE_QUAD_OPTIONS, maxBridgedGap: gap }), { x: 10, y: 20 }, { x: 190, y: 20 });
  assert.ok(backed(0) < 0.8, String(backed(0)));
  assert.ok(backed(3) > 0.97, String(backed(3)));
  // Gaps of 10 px (a card's side missing along a stretch) stay gaps.
  const sparse = new Int16Array(w * h).fill(-1);
  for (let x = 0; x < w; x++) if (x % 20 < 10) sparse[20 * w + x] = 90;
  const s = support(lineSupport({ w, h, angle: sparse }, 90, 20, DEFAULT_EDGE_QUAD_OPTIONS), { x: 10, y: 20 }, { x: 190, y: 20 });
  assert.ok(s < 0.6, String(s));
});

test('paper over the whole frame and one edge quad of a card: the card and the paper beside it', () => {
  const quad = (x0: number, y0: number, x1: number, y1: number): EdgeQuad => ({
    quad: [x0, y0, x1, y0, x1, y1, x0, y1],
    area: (x1 - x0) * (y1 - y0),
    score: 1,
    minSupport: 0.9,
  });
  // 480 x 170 frame: an ID-1 card (1.6:1) on the right, a desk page cut by the frame on its left.
  const docs = cardOnDesk([quad(260, 20, 452, 140)], 480, 170);
  assert.equal(docs.length, 2, JSON.stringify(docs));
  assert.deepEqual(docs[0], [260, 20, 452, 20, 452, 140, 260, 140]);
  assert.deepEqual(docs[1], [0, 0, 260, 0, 260, 169, 0, 169]);
  // A portrait box (4:3) or a small box of card proportions is print on the page: no documents.
  assert.deepEqual(cardOnDesk([quad(100, 20, 190, 140)], 480, 170), []);
  assert.deepEqual(cardOnDesk([quad(100, 20, 164, 60)], 480, 170), []);
  // A card-shaped quad filling the frame leaves no page beside it: it is as often a scan's
  // printed border, and the whole image is the document.
  assert.deepEqual(cardOnDesk([quad(20, 10, 460, 290)], 480, 300), []);
  // Two edge quads are splitByEdges' business.
  assert.deepEqual(cardOnDesk([quad(260, 20, 452, 140), quad(20, 20, 212, 140)], 480, 170), []);
});

test('a page filling the frame with a small photo box of card proportions on it stays one document', async () => {
  const sheet = ruledDesk(1000, 1300, 40) + textLines(380, 120, 560, 12) + '<rect x="80" y="120" width="270" height="180" fill="#c9d3dd"/>';
  const docs = locateDocuments(await svgToRgb(page(1000, 1300, sheet)));
  assert.equal(docs.length, 1, describe(docs));
  assert.deepEqual(docs[0].bbox, [0, 0, 999, 1299]);
});
