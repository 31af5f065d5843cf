import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateDocuments, type LocatedDocument } from '../../src/image/documents.js';
import { splitByOutline } from '../../src/image/outline.js';
import { connectedComponents } from '../../src/image/ops.js';
import { DEFAULT_EDGE_QUAD_OPTIONS, type EdgeMap, stepEdges } from '../../src/image/edges.js';
import type { RgbImage } from '../../src/image/types.js';
import { quadIou } from '../../src/eval/geometry.js';
import { eachFound } from '../helpers/located.js';
import { card, page, svgToRgb, textLines } from './seals-draw.js';

type Quad = [number, number, number, number, number, number, number, number];

/** Corners clockwise from top-left of a w x h rectangle at (x, y) turned by `deg` about its centre. */
function turned(x: number, y: number, w: number, h: number, deg: number): Quad {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const t = (deg * Math.PI) / 180;
  const at = (px: number, py: number): [number, number] => [cx + (px - cx) * Math.cos(t) - (py - cy) * Math.sin(t), cy + (px - cx) * Math.sin(t) + (py - cy) * Math.cos(t)];
  return [...at(x, y), ...at(x + w, y), ...at(x + w, y + h), ...at(x, y + h)] as Quad;
}

function describe(docs: readonly LocatedDocument[]): string {
  return JSON.stringify(docs.map((d) => d.quad));
}

/** Each truth quad has its own found document at IoU >= min. */
function eachQuadFound(docs: readonly LocatedDocument[], truths: readonly Quad[], min: number): boolean {
  return eachFound(docs, truths, min, (d, t) => quadIou(d.quad, t));
}

test('two cards of one tint overlapping at different angles on a dark table are two documents', async () => {
  // No colour step between them where they overlap: only the stepped outline of their union tells.
  const a = turned(100, 160, 460, 290, -4);
  const b = turned(520, 200, 460, 290, 5);
  const body = card(100, 160, 460, 290, -4, '#f1efe9', '#7a1f2a') + card(520, 200, 460, 290, 5, '#f1efe9', '#7a1f2a');
  const docs = locateDocuments(await svgToRgb(page(1100, 700, body, '#4a3222')));
  assert.equal(docs.length, 2, describe(docs));
  // The lower card (a) is cut where the upper one lies over it: still most of it.
  assert.ok(eachQuadFound(docs, [a, b], 0.75), describe(docs));
});

test('three overlapping cards in a row on a dark table are three documents', async () => {
  // Each card lies over the one on its left: that one's right side is hidden, and only the upper
  // card's border (a step between two stocks) closes it.
  const quads = [turned(60, 150, 400, 255, 3), turned(420, 120, 400, 255, -3), turned(790, 170, 400, 255, 4)];
  const body =
    card(60, 150, 400, 255, 3, '#dfe8ee', '#23508a') + card(420, 120, 400, 255, -3, '#f5efe2', '#2d5a3d') + card(790, 170, 400, 255, 4, '#e3ebe3', '#7a1f2a');
  const docs = locateDocuments(await svgToRgb(page(1260, 560, body, '#3b2a1e')));
  assert.equal(docs.length, 3, describe(docs));
  assert.ok(eachQuadFound(docs, quads, 0.7), describe(docs));
});

test('a small cream slip lying across the corner of a page: both, each with its own quad', async () => {
  const sheet = turned(300, 80, 560, 760, 2);
  const slip = turned(110, 300, 280, 380, -18);
  const body =
    `<g transform="rotate(2 580 460)"><rect x="300" y="80" width="560" height="760" fill="#f7f7f4"/>${textLines(340, 130, 480, 22)}</g>` +
    `<g transform="rotate(-18 250 490)"><rect x="110" y="300" width="280" height="380" fill="#efe6d2"/>${textLines(130, 330, 240, 9)}</g>`;
  const docs = locateDocuments(await svgToRgb(page(1000, 920, body, '#5a2020')));
  assert.equal(docs.length, 2, describe(docs));
  assert.ok(eachQuadFound(docs, [sheet, slip], 0.7), describe(docs));
});

test('a page with two dark pictures printed on it, filling the scan, is one document', async () => {
  let body = `<rect x="0" y="0" width="900" height="1200" fill="#fbfbfb"/>` + textLines(80, 80, 740, 3);
  body += `<rect x="120" y="260" width="300" height="220" fill="#1c1c1c"/><ellipse cx="270" cy="370" rx="100" ry="80" fill="#777"/>`;
  body += `<rect x="480" y="260" width="300" height="220" fill="#1c1c1c"/><ellipse cx="630" cy="370" rx="100" ry="80" fill="#777"/>`;
  body += textLines(80, 560, 740, 14);
  const docs = locateDocuments(await svgToRgb(page(900, 1200, body, '#f4f4f2')));
  assert.equal(docs.length, 1, describe(docs));
});

/** The mask of everything brighter than the dark table, labelled. */
function paperRegions(img: RgbImage): ReturnType<typeof connectedComponents> {
  const data = new Uint8Array(img.width * img.height);
  for (let i = 0; i < data.length; i++) data[i] = img.data[i * 3] > 120 ? 1 : 0;
  return connectedComponents({ data, width: img.width, height: img.height });
}

test('the outline split leaves one tilted sheet alone and splits the union of two', async () => {
  const w = 480;
  const h = 320;
  const steps = (img: RgbImage) => (): EdgeMap => stepEdges(img, DEFAULT_EDGE_QUAD_OPTIONS);
  const sheet = `<g transform="rotate(8 240 150)"><rect x="120" y="60" width="240" height="180" fill="#f4f4f0"/></g>`;
  const single = await svgToRgb(page(w, h, sheet, '#302018'));
  const one = paperRegions(single);
  assert.equal(one.components.length, 1);
  const c1 = one.components[0];
  assert.equal(splitByOutline(one.labels, c1.label, c1, w, h, steps(single)), null);

  // Two plain cards of close tints, the second lying over the first at another angle.
  const a = turned(40, 80, 200, 130, -6);
  const b = turned(220, 110, 200, 130, 7);
  const cards =
    `<g transform="rotate(-6 140 145)"><rect x="40" y="80" width="200" height="130" fill="#f4f1ea"/></g>` +
    `<g transform="rotate(7 320 175)"><rect x="220" y="110" width="200" height="130" fill="#e4eaf0"/></g>`;
  const pair = await svgToRgb(page(w, h, cards, '#302018'));
  const union = paperRegions(pair);
  assert.equal(union.components.length, 1);
  const c2 = union.components[0];
  const parts = splitByOutline(union.labels, c2.label, c2, w, h, steps(pair));
  assert.ok(parts && parts.length === 2, JSON.stringify(parts));
  // The upper card (b) is whole; the lower one ends where b begins.
  const ious = [a, b].map((t) => Math.max(...parts.map((p) => quadIou(p, t))));
  assert.ok(ious[0] >= 0.75 && ious[1] >= 0.9, JSON.stringify(ious));
});

test('a dim grey card beside a white sheet on a wood-brown table is a document too', async () => {
  // The white sheet sets the paper threshold high and the card, dim and out of focus, stays below
  // it; on a coloured surface anything neutral is paper (the edge search may find it as well).
  const sheet = `<rect x="80" y="90" width="420" height="560" fill="#f8f8f5"/>` + textLines(120, 140, 340, 14);
  const blur = '<defs><filter id="soft"><feGaussianBlur stdDeviation="9"/></filter></defs>';
  const greyCard = `<g filter="url(#soft)"><rect x="600" y="220" width="440" height="280" fill="#6a6965"/>${textLines(640, 280, 360, 5, 30, '#222')}</g>`;
  const docs = locateDocuments(await svgToRgb(page(1120, 740, blur + sheet + greyCard, '#7a4a22')));
  assert.equal(docs.length, 2, describe(docs));
  assert.ok(eachQuadFound(docs, [turned(80, 90, 420, 560, 0), turned(600, 220, 440, 280, 0)], 0.8), describe(docs));
});

test('a page the outline cut from a union is not cut again by its print', async () => {
  // The page's print reads like two sheets of one paper overlapping (rows ending along one line
  // on the left, rows of another pitch after a blank margin on the right: overlap-split.ts); but
  // the outline closed the page by its own backed sides, so it is one sheet.
  const sheet = turned(300, 80, 560, 760, 2);
  const slip = turned(110, 300, 280, 380, -18);
  let print = '';
  for (let y = 130; y < 800; y += 22) print += `<rect x="340" y="${y}" width="230" height="6" fill="#222"/>`;
  for (let y = 140; y < 800; y += 27) print += `<rect x="600" y="${y}" width="${60 + ((y * 7) % 150)}" height="7" fill="#222"/>`;
  const body =
    `<g transform="rotate(2 580 460)"><rect x="300" y="80" width="560" height="760" fill="#f7f7f4"/>${print}</g>` +
    `<g transform="rotate(-18 250 490)"><rect x="110" y="300" width="280" height="380" fill="#efe6d2"/>${textLines(130, 330, 240, 9)}</g>`;
  const docs = locateDocuments(await svgToRgb(page(1000, 920, body, '#5a2020')));
  assert.equal(docs.length, 2, describe(docs));
  assert.ok(eachQuadFound(docs, [sheet, slip], 0.7), describe(docs));
});
