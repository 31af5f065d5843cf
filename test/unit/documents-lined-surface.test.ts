import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateDocuments } from '../../src/image/documents.js';
import { isUnderDocuments, linedSurface, withoutLinedSurface } from '../../src/image/lined-surface.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

/** Grey bars across a box: a lined sheet's rules (2 px every 7 px at the localiser's ~480 px). */
function rules(x: number, y: number, w: number, h: number, pitch: number): string {
  let out = '';
  for (let yy = y; yy < y + h; yy += pitch) out += `<rect x="${x}" y="${yy}" width="${w}" height="${Math.round(pitch * 0.3)}" fill="#a8a8a8"/>`;
  return out;
}

/**
 * A dark desk, a lined sheet running out of the frame's top and left (as bright between its rules
 * as the claim), and a claim with print lying over the sheet's edge, partly on the desk.
 */
function claimOnLinedSheet(withSheet: boolean): string {
  const sheet = withSheet ? `<rect x="0" y="0" width="560" height="520" fill="#f6f6f6"/>${rules(0, 0, 560, 520, 14)}` : '';
  const claim = `<rect x="320" y="140" width="380" height="300" fill="#f6f6f6"/>${textLines(350, 180, 320, 8)}`;
  return page(960, 600, `<rect x="0" y="0" width="960" height="600" fill="#4a4a4a"/>${sheet}${claim}`);
}

const near = (bbox: readonly number[], box: readonly number[], tol: number): boolean => bbox.every((v, i) => Math.abs(v - box[i]) <= tol);

test('lined surface: a claim lying on a lined sheet that runs out of the frame is found on its own', async () => {
  const img = await svgToRgb(claimOnLinedSheet(true));
  const docs = locateDocuments(img);
  assert.ok(docs.some((d) => near(d.bbox, [320, 140, 700, 440], 30)), JSON.stringify(docs.map((d) => d.bbox)));
  // The sheet, ruled all over, is no document.
  assert.ok(docs.every((d) => d.bbox[0] > 100), JSON.stringify(docs.map((d) => d.bbox)));
});

test('lined surface: none on a photo without rules at its border, and the paper mask is then untouched', async () => {
  const img = await svgToRgb(claimOnLinedSheet(false));
  assert.equal(linedSurface(img), null);
  const paper = { data: new Uint8Array([1, 0, 1, 1]), width: 2, height: 2 };
  assert.equal(withoutLinedSurface(paper, null), paper);
  // With a surface, exactly its pixels leave the paper; grown by a pixel, their neighbours too.
  const row = { data: new Uint8Array([1, 1, 1, 1, 1, 1]), width: 6, height: 1 };
  const surface = { data: new Uint8Array([1, 0, 0, 0, 0, 0]), width: 6, height: 1 };
  assert.deepEqual([...withoutLinedSurface(row, surface, 0).data], [0, 1, 1, 1, 1, 1]);
  assert.deepEqual([...withoutLinedSurface(row, surface, 1).data], [0, 0, 1, 1, 1, 1]);
  // The claim alone on the desk is still found.
  const docs = locateDocuments(img);
  assert.ok(docs.some((d) => near(d.bbox, [320, 140, 700, 440], 30)), JSON.stringify(docs.map((d) => d.bbox)));
});

test('lined surface: the sheet under the claim is the ruled texture reaching the border, not the claim\'s print', async () => {
  const img = await svgToRgb(claimOnLinedSheet(true));
  const surface = linedSurface(img);
  assert.ok(surface, 'rules run out of the frame');
  const at = (x: number, y: number): number => surface.data[y * surface.width + x];
  let sheet = 0;
  let claim = 0;
  for (let y = 20; y < 120; y++) for (let x = 20; x < 300; x++) sheet += at(x, y);
  for (let y = 170; y < 420; y++) for (let x = 340; x < 680; x++) claim += at(x, y);
  assert.ok(sheet / (100 * 280) > 0.7, `sheet ${sheet / (100 * 280)}`);
  assert.equal(claim, 0);
});

test('lined surface: a ruled page filling the frame is the page itself, not a sheet under documents', () => {
  const plane = (ruledRows: number): { data: Uint8Array; width: number; height: number } => {
    const data = new Uint8Array(100);
    data.fill(1, 0, ruledRows * 10);
    return { data, width: 10, height: 10 };
  };
  assert.equal(isUnderDocuments(plane(3)), true, 'a sheet in the margins around the documents');
  assert.equal(isUnderDocuments(plane(7)), false, 'most of the frame ruled');
});
