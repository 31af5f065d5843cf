import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateDocuments, type LocatedDocument } from '../../src/image/documents.js';
import { isPicturePatch } from '../../src/image/picture-patch.js';
import { page, svgToRgb } from './seals-draw.js';

type Box = [number, number, number, number];

function near(found: LocatedDocument, truth: Box, tol: number): boolean {
  return found.bbox.every((v, i) => Math.abs(v - truth[i]) <= tol);
}

function describe(docs: readonly LocatedDocument[]): string {
  return JSON.stringify(docs.map((d) => d.bbox));
}

/**
 * A survey photo's scene in the box (x, y, w, h): a green-grey sky over a grey field, a dark
 * road narrowing to the horizon with a dashed centre line, a white van with two black wheels, and
 * a timestamp. No paper-white stock: only the van is bright and colourless.
 */
function scene(x: number, y: number, w: number, h: number, sky: string, van = 1, field = "#7a7e84", road = "#4c4f53"): string {
  const horizon = y + Math.round(h * 0.42);
  const bottom = y + h;
  const cx = x + w / 2;
  let s = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${field}"/>`;
  s += `<rect x="${x}" y="${y}" width="${w}" height="${horizon - y}" fill="${sky}"/>`;
  s += `<polygon points="${cx - w * 0.12},${horizon} ${cx + w * 0.12},${horizon} ${x + w * 0.95},${bottom} ${x + w * 0.05},${bottom}" fill="${road}"/>`;
  for (let d = horizon + 10; d < bottom - 20; d += 50) s += `<rect x="${cx - 4}" y="${d}" width="8" height="28" fill="#e0e0e0"/>`;
  const vanY = horizon + (bottom - horizon) * 0.4;
  s += `<rect x="${cx - w * 0.17}" y="${vanY}" width="${w * 0.28 * van}" height="${h * 0.14 * van}" rx="14" fill="#e6e6e6"/>`;
  s += `<circle cx="${cx - w * 0.13}" cy="${vanY + h * 0.17}" r="${h * 0.04}" fill="#111"/>`;
  s += `<circle cx="${cx + w * 0.06}" cy="${vanY + h * 0.17}" r="${h * 0.04}" fill="#111"/>`;
  s += `<text x="${x + w - 200}" y="${bottom - 16}" font-size="24" fill="#d88a2a" font-family="sans-serif">2024-09-18 08:43</text>`;
  return s;
}

test('a photo print on a dark desk whose only bright patch is a van in the picture is the print, not the van', async () => {
  // The print is 1200 x 900 on 1400 x 1100; the van (450 x 170) a fourteenth of it.
  const img = await svgToRgb(page(1400, 1100, scene(100, 100, 1200, 900, '#505054', 1.3, '#3c4046', '#26282c'), '#131313'));
  const docs = locateDocuments(img);
  assert.equal(docs.length, 1, describe(docs));
  assert.ok(near(docs[0], [100, 100, 1300, 1000], 25), describe(docs));
  // Without the print rule (no side is ever backed that firmly) the van's box comes back.
  const patch = locateDocuments(img, { minPrintSupport: 1.01 });
  assert.ok(!near(patch[0], [100, 100, 1300, 1000], 25), describe(patch));
});

test('two sheets on a dark tray stay two: the tray is no print around either of them', async () => {
  const sheet = (x: number, y: number): string => {
    let s = `<rect x="${x}" y="${y}" width="300" height="420" fill="#f4f2ee"/>`;
    for (let r = 0; r < 10; r++) s += `<rect x="${x + 30}" y="${y + 40 + r * 34}" width="${200 + (r % 3) * 20}" height="10" fill="#222"/>`;
    return s;
  };
  const tray = `<rect x="100" y="100" width="1200" height="900" fill="#3a3d42"/>`;
  const docs = locateDocuments(await svgToRgb(page(1400, 1100, tray + sheet(250, 300) + sheet(800, 330), '#8a8f96')));
  assert.equal(docs.length, 2, describe(docs));
  assert.ok(docs.every((d) => d.bbox[2] - d.bbox[0] < 400), describe(docs));
});

test('a scanned photo filling the frame is the whole frame, not its pale sky', async () => {
  const img = await svgToRgb(page(1300, 1000, scene(0, 0, 1300, 1000, '#dcdcdc'), '#dcdcdc'));
  const docs = locateDocuments(img);
  assert.equal(docs.length, 1, describe(docs));
  assert.deepEqual(docs[0].bbox, [0, 0, 1299, 999]);
});

test('a picture patch is bare inside with a picture round it; a blank sheet on a plain desk is not one', async () => {
  const photo = await svgToRgb(page(480, 370, scene(0, 0, 480, 370, '#dcdcdc'), '#dcdcdc'));
  const sky: [number, number, number, number, number, number, number, number] = [0, 0, 479, 0, 479, 150, 0, 150];
  assert.equal(isPicturePatch(photo, sky), true);
  // The same patch needs a busier picture than this one has when the bar is set above its edges.
  assert.equal(isPicturePatch(photo, sky, 0.5), false);
  const desk = await svgToRgb(page(480, 370, '<rect x="100" y="80" width="260" height="200" fill="#f6f6f4"/>', '#707070'));
  assert.equal(isPicturePatch(desk, [100, 80, 360, 80, 360, 280, 100, 280]), false);
  // A patch with print inside is a sheet whatever lies round it.
  assert.equal(isPicturePatch(photo, [0, 150, 479, 150, 479, 369, 0, 369]), false);
});
