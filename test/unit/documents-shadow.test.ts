import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isWedge, locateDocuments } from '../../src/image/documents.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

// A sheet on a grey cloth, a hard shadow (a diagonal edge) darkening its lower left: the paper
// mask keeps only the lit wedge above the diagonal; the sheet's own edges still close it.
function shadowedSheet(): string {
  const sheet = `<rect x="120" y="80" width="760" height="560" fill="#f7f5f0"/>` + textLines(180, 150, 640, 14, 30) + `<rect x="170" y="120" width="660" height="480" fill="none" stroke="#b03030" stroke-width="3"/>`;
  const shadow = `<polygon points="0,460 1000,40 1000,720 0,720" fill="#000" opacity="0.45"/>`;
  return page(1000, 720, sheet + shadow, '#8e8e8a');
}

test('a sheet half in a shadow whose edge runs diagonally across it is the whole sheet, not its lit wedge', async () => {
  const docs = locateDocuments(await svgToRgb(shadowedSheet()));
  assert.equal(docs.length, 1, JSON.stringify(docs.map((d) => d.bbox)));
  const [x0, y0, x1, y1] = docs[0].bbox;
  assert.ok(Math.abs(x0 - 120) <= 20 && Math.abs(y0 - 80) <= 20 && Math.abs(x1 - 880) <= 20 && Math.abs(y1 - 640) <= 20, JSON.stringify(docs[0].bbox));
});

test('wedge: a triangle-like quad is a wedge, a card in strong perspective is not', () => {
  assert.equal(isWedge([0, 0, 400, 0, 400, 30, 0, 200]), true);
  assert.equal(isWedge([0, 0, 400, 20, 380, 230, 10, 250]), false);
  // A trapezoid whose far side is two thirds of the near one: perspective, not a wedge.
  assert.equal(isWedge([100, 0, 300, 0, 400, 250, 0, 250]), false);
});

// A sheet near the frame's corner on a grey desk, a patch of light over its upper left and the
// desk beside it, the rest in shadow: the paper mask's region is the lit wedge, sheet and desk
// together, reaching out of the sheet; the sheet's own edges, firm on every side, still close it.
function litCornerSheet(): string {
  const sheet = `<rect x="60" y="60" width="700" height="580" fill="#f7f5f0"/>`;
  const light = `<polygon points="0,0 800,0 0,740" fill="#fff" opacity="0.55"/>`;
  const shadow = `<polygon points="800,0 1000,0 1000,720 0,740" fill="#000" opacity="0.5"/>`;
  return page(1000, 720, sheet + light + shadow, '#9a9a96');
}

test('a sheet whose lit corner merges with the lit desk beside it is the sheet, not the lit wedge', async () => {
  const image = await svgToRgb(litCornerSheet());
  const docs = locateDocuments(image);
  assert.equal(docs.length, 1, JSON.stringify(docs.map((d) => d.bbox)));
  const [x0, y0, x1, y1] = docs[0].bbox;
  assert.ok(Math.abs(x0 - 60) <= 15 && Math.abs(y0 - 60) <= 15 && Math.abs(x1 - 760) <= 15 && Math.abs(y1 - 640) <= 15, JSON.stringify(docs[0].bbox));
  // Asking the firm quad for as much of the wedge as any other quad gives the wedge back.
  const wedge = locateDocuments(image, { minFirmWedgeEnclosedShare: 0.75 });
  assert.ok(wedge[0].bbox[0] < 30 && wedge[0].bbox[1] < 30, JSON.stringify(wedge.map((d) => d.bbox)));
});
