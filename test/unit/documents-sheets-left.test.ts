import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateDocuments, type LocatedDocument } from '../../src/image/documents.js';
import { boxIou } from '../../src/eval/geometry.js';
import { eachFound } from '../helpers/located.js';
import { card, page, svgToRgb, textLines } from './seals-draw.js';

type Box = [number, number, number, number];

function describe(docs: readonly LocatedDocument[]): string {
  return JSON.stringify(docs.map((d) => d.bbox));
}

/** Each box has its own located document at box IoU >= min. */
function eachBoxFound(docs: readonly LocatedDocument[], boxes: readonly Box[], min: number): boolean {
  return eachFound(docs, boxes, min, (d, b) => boxIou(d.bbox, b));
}

test('a duller card running out of the frame beside a bright one is located with it (duller)', async () => {
  // One region to the mask, running into the frame: the bright permit (clear of the border) is
  // split off by brightness, and the grey work card it lies on, cut by the frame's bottom, is the
  // paper left. Before, that card was dropped with the rest.
  const dull = card(110, 330, 480, 640, -3, '#c9cdd0', '#2f5a33');
  const bright = card(500, 60, 420, 600, -4, '#fafafa', '#1f3f7a');
  const docs = locateDocuments(await svgToRgb(page(1100, 900, dull + bright, '#5a3d26')));
  assert.equal(docs.length, 2, describe(docs));
  assert.ok(eachBoxFound(docs, [[95, 310, 605, 899], [478, 45, 942, 675]], 0.7), describe(docs));
});

test('a cream certificate cut by the frame under two paler cards is located with them (duller)', async () => {
  // Three papers of close tints in one region running into the frame: the two cards are the
  // brighter class, and the certificate, cut by the frame's bottom, was lost with the rest.
  const cards = card(300, 100, 400, 260, -4, '#dfe8ee', '#23508a') + card(660, 140, 400, 260, 5, '#e3ebe3', '#7a1f2a');
  const certificate = card(20, 320, 330, 480, 8, '#ece9e0', '#2f5a33');
  const docs = locateDocuments(await svgToRgb(page(1100, 700, certificate + cards, '#4a3222')));
  assert.equal(docs.length, 3, describe(docs));
  assert.ok(eachBoxFound(docs, [[0, 300, 380, 699], [294, 89, 677, 377], [651, 124, 1071, 417]], 0.7), describe(docs));
});

/** A card whose coloured title band runs down its left side, turned by `deg`. */
function bandedCard(x: number, y: number, w: number, h: number, deg: number, body: string, band: string): string {
  return (
    `<g transform="rotate(${deg} ${x + w / 2} ${y + h / 2})">` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${body}"/>` +
    `<rect x="${x}" y="${y}" width="${Math.round(w * 0.14)}" height="${h}" fill="${band}"/>` +
    textLines(x + w * 0.25, y + h * 0.2, w * 0.6, 8, 40) +
    '</g>'
  );
}

test('a bright card\'s coloured band beside the duller paper is not counted in it (leftMargin)', async () => {
  // The band is no paper to the brightness split: left in the rest, it joins the duller card and
  // makes the rest no clean quadrilateral (and would carry the card's title to the other).
  const dull = card(60, 300, 520, 640, 0, '#d4d0c4', '#2f5a33');
  const bright = bandedCard(500, 80, 420, 620, 0, '#fbfbfb', '#8a1f1f');
  const img = await svgToRgb(page(1100, 900, dull + bright, '#5a3d26'));
  const docs = locateDocuments(img);
  assert.equal(docs.length, 2, describe(docs));
  assert.ok(eachBoxFound(docs, [[60, 300, 580, 899], [500, 80, 920, 700]], 0.8), describe(docs));
  // Without the margin the band stays in the rest, and the duller card is lost again.
  assert.equal(locateDocuments(img, { leftMargin: 0 }).length, 1);
});

test('grey papers of a desk left beside a bright sheet stay no document (duller)', async () => {
  // The duller paper left is two sheets in a tilted heap, ragged as one piece: not a sheet.
  const heap =
    `<g transform="rotate(-25 250 700)"><rect x="20" y="420" width="460" height="600" fill="#cfcfcf"/></g>` +
    `<g transform="rotate(20 300 760)"><rect x="80" y="520" width="420" height="560" fill="#d2d2d2"/></g>`;
  const bright = card(520, 60, 420, 600, 2, '#fafafa', '#1f3f7a');
  const docs = locateDocuments(await svgToRgb(page(1100, 900, heap + bright, '#5a3d26')));
  assert.ok(eachBoxFound(docs, [[510, 50, 950, 670]], 0.7), describe(docs));
  assert.equal(docs.length, 1, describe(docs));
});

/** A grey lined sheet (a pad's page), turned by `deg`. */
function linedSheet(x: number, y: number, w: number, h: number, deg: number, body: string): string {
  let rules = '';
  for (let yy = y + 30; yy < y + h - 20; yy += 22) rules += `<rect x="${x + 30}" y="${yy}" width="${w - 60}" height="4" fill="#9a9a9a"/>`;
  return `<g transform="rotate(${deg} ${x + w / 2} ${y + h / 2})"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${body}"/>${rules}</g>`;
}

test('a lined sheet cut by the frame beside a bright card stays no document (duller)', async () => {
  // As solid a duller piece as a card, but ruled all over: the desk's pad, not a document.
  const pad = linedSheet(110, 330, 480, 640, -3, '#d2d2d2');
  const bright = card(500, 60, 420, 600, -4, '#fafafa', '#1f3f7a');
  const docs = locateDocuments(await svgToRgb(page(1100, 900, pad + bright, '#5a3d26')));
  assert.equal(docs.length, 1, describe(docs));
  assert.ok(eachBoxFound(docs, [[478, 45, 942, 675]], 0.8), describe(docs));
});
