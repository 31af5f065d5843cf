import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateDocuments, type LocatedDocument } from '../../src/image/documents.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

type Box = [number, number, number, number];

function near(found: LocatedDocument, truth: Box, tol: number): boolean {
  return found.bbox.every((v, i) => Math.abs(v - truth[i]) <= tol);
}

function describe(docs: readonly LocatedDocument[]): string {
  return JSON.stringify(docs.map((d) => d.bbox));
}

/** A woven cloth: thin crossing threads of two close tones, no long straight step. */
function cloth(w: number, h: number): string {
  let s = '';
  for (let y = 0; y < h; y += 6) s += `<rect x="0" y="${y}" width="${w}" height="3" fill="#8a7f74" opacity="0.5"/>`;
  for (let x = 0; x < w; x += 6) s += `<rect x="${x}" y="0" width="3" height="${h}" fill="#9b9084" opacity="0.5"/>`;
  return s;
}

/** A grey document as dull as the cloth (only its edges find it), with a flap of its own grey over `flap` of its top side. */
function greyDocument(x: number, y: number, w: number, h: number, flap: number): string {
  const grey = '#a3a7ab';
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${grey}"/>` +
    `<rect x="${x + 40}" y="${y - 50}" width="${Math.round(w * flap)}" height="60" fill="${grey}"/>` +
    textLines(x + 80, y + 60, w - 160, 4, 26)
  );
}

/** Bright paper-like blobs in a diagonal chain (a crumpled tissue): no straight side, no document's shape, the mask's only region. */
function ragged(x: number, y: number, n: number, r: number): string {
  let s = '';
  for (let k = 0; k < n; k++) s += `<circle cx="${x + k * r * 1.4}" cy="${y + k * r * 1.2}" r="${r}" fill="#f7f6f2"/>`;
  return s;
}

test('no region of the mask is a sheet: a document closed by four firm edges is found, not the whole image', async () => {
  const body = cloth(1200, 700) + ragged(110, 120, 5, 70) + greyDocument(640, 200, 460, 290, 0);
  const docs = locateDocuments(await svgToRgb(page(1200, 700, body, '#948a7e')));
  assert.equal(docs.length, 1, describe(docs));
  assert.ok(near(docs[0], [640, 200, 1100, 490], 30), describe(docs));
});

test('a card-shaped grey document with a third of one side lost to an object over it is still a document; a longer one is not', async () => {
  const bright = `<rect x="90" y="180" width="460" height="290" fill="#f2efe8"/>` + textLines(130, 240, 380, 6, 26);
  // ID-1 proportions (460 x 290, 1.59): 35 % of the top side has no step.
  const cardImg = await svgToRgb(page(1200, 700, cloth(1200, 700) + bright + greyDocument(640, 200, 460, 290, 0.35), '#948a7e'));
  const docs = locateDocuments(cardImg);
  assert.equal(docs.length, 2, describe(docs));
  assert.ok(near(docs[1], [640, 200, 1100, 490], 30), describe(docs));
  assert.equal(locateDocuments(cardImg, { minLoneCardSupport: 0.75 }).length, 1);
  // The same loss on a strip of 2.3:1 (no card's shape) still needs the firmer backing.
  const stripImg = await svgToRgb(page(1300, 700, cloth(1300, 700) + bright + greyDocument(620, 250, 600, 260, 0.35), '#948a7e'));
  assert.equal(locateDocuments(stripImg).length, 1, describe(locateDocuments(stripImg)));
});
