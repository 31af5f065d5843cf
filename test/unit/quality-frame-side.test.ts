import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completenessScore } from '../../src/image/quality.js';
import { cornerCutByFrame, paperIn } from '../../src/image/corner-contact.js';
import { FRAME_SIDE_SETTINGS, edgeInsideQuad, overshootsOntoPaper, paperShareAlongFrame, samePaperAcross, shadedPaper, stopsShortOfFrame } from '../../src/image/frame-side.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

const W = 800;
const H = 600;
const CREAM = 'rgb(245,240,226)';
const DESK = '#3b2e24';

/** A cream sheet with print from (x, y) to the given bottom, on a dark desk. */
function sheet(x: number, y: number, w: number, bottom: number): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${bottom - y}" fill="${CREAM}"/>${textLines(x + 40, y + 40, w - 80, 8, 30)}`;
}

test('a side on the frame: the sheet running out shows its paper along the border row, one stopping short the desk', async () => {
  // The localiser's quad puts the bottom side on the frame (y = H - 1) in both pictures.
  const quad: Quad8 = [150, 100, 650, 100, 650, H - 1, 150, H - 1];
  const cut = svgToRgb(page(W, H, sheet(150, 100, 500, H + 50), DESK));
  const short = svgToRgb(page(W, H, sheet(150, 100, 500, H - 4), DESK));
  const [imgCut, imgShort] = await Promise.all([cut, short]);
  assert.ok(paperShareAlongFrame(imgCut, quad, 3) > 0.9);
  assert.equal(stopsShortOfFrame(imgCut, quad, 3), false);
  assert.ok(completenessScore({ image: imgCut, quad, crop: imgCut }) < 0.5, 'cut by the bottom edge');
  assert.ok(paperShareAlongFrame(imgShort, quad, 3) < 0.1);
  assert.equal(stopsShortOfFrame(imgShort, quad, 3), true);
  assert.ok(completenessScore({ image: imgShort, quad, crop: imgShort }) >= 0.5, 'the desk shows below the sheet: in full view');
});

test('a sheet run out of the frame under a shadow: its dimmed paper along the border row is still its paper, a pale desk is not', async () => {
  // A shadow darkens everything right of x = 300 to 3/4 of its light: along the bottom border the
  // sheet's paper is bright for a quarter of the stretch read and shaded for the rest.
  const shadow = `<rect x="300" y="0" width="${W - 300}" height="${H}" fill="#000" fill-opacity="0.25"/>`;
  const quad: Quad8 = [150, 100, 650, 100, 650, H - 1, 150, H - 1];
  const PALE = 'rgb(200,200,195)';
  const [cut, short] = await Promise.all([svgToRgb(page(W, H, sheet(150, 100, 500, H + 50) + shadow, DESK)), svgToRgb(page(W, H, sheet(150, 100, 500, H - 8) + shadow, PALE))]);
  assert.ok(paperShareAlongFrame(cut, quad, 3) > 0.9, `cut ${paperShareAlongFrame(cut, quad, 3)}`);
  assert.equal(stopsShortOfFrame(cut, quad, 3), false);
  assert.ok(completenessScore({ image: cut, quad, crop: cut }) < 0.5, 'cut by the bottom edge');
  // Without the shaded paper, only the lit quarter counted and the sheet was taken to stop short.
  assert.ok(paperShareAlongFrame(cut, quad, 3, { ...FRAME_SIDE_SETTINGS, minShade: 2 }) < 0.5);
  // The sheet stops 8 px above the frame on a pale grey desk: the desk differs from the paper beside it.
  assert.ok(paperShareAlongFrame(short, quad, 3) < 0.1, `short ${paperShareAlongFrame(short, quad, 3)}`);
  assert.equal(stopsShortOfFrame(short, quad, 3), true);
  assert.ok(completenessScore({ image: short, quad, crop: short }) >= 0.5, 'the desk shows below the sheet: in full view');
  assert.equal(shadedPaper([184, 180, 170], [245, 240, 226]), true);
  assert.equal(shadedPaper([150, 150, 150], [245, 240, 226]), false, 'too dark');
  assert.equal(shadedPaper([200, 170, 140], [245, 240, 226]), false, 'another tint');
});

test('a quad carried to the frame over papers under the sheet: under half of the border row is the sheet\'s paper', async () => {
  // The cream sheet ends at y = 520 in full view; two papers under it run out of the bottom of the
  // picture, a white one (near enough the cream to pass for its paper) and a blue-white one, with
  // the desk between them. The localiser's quad runs the sheet's sides on down to the frame.
  const under = '<rect x="220" y="470" width="110" height="200" fill="rgb(250,250,250)"/><rect x="380" y="470" width="180" height="200" fill="rgb(215,225,240)"/>';
  const img = await svgToRgb(page(W, H, under + sheet(150, 100, 500, 520), DESK));
  const quad: Quad8 = [150, 100, 650, 100, 650, H - 1, 150, H - 1];
  const share = paperShareAlongFrame(img, quad, 3);
  assert.ok(share > 0.2 && share < 0.5, `share ${share}`);
  assert.equal(overshootsOntoPaper(img, quad, 3), false, 'the desk lies beyond the quad\'s legs');
  assert.equal(stopsShortOfFrame(img, quad, 3), true);
  assert.ok(completenessScore({ image: img, quad, crop: img }) >= 0.5, 'the sheet lies in full view on the papers');
});

test('print running off the frame still reads as the sheet cut there', async () => {
  // Dense text lines reach the bottom border: the paper between them keeps the share well up.
  const body = `<rect x="150" y="100" width="500" height="550" fill="${CREAM}"/>${textLines(190, 380, 420, 9, 26)}`;
  const img = await svgToRgb(page(W, H, body, DESK));
  const quad: Quad8 = [150, 100, 650, 100, 650, H - 1, 150, H - 1];
  assert.equal(stopsShortOfFrame(img, quad, 3), false);
});

test('a quad carried over another paper to the frame: the sheet stops at its own edge inside the quad', async () => {
  // A white paper runs out of the top of the picture, wider than the cream sheet lying on it; the
  // localiser's quad runs the sheet's sides on up over the white paper to the frame.
  const under = `<rect x="100" y="-10" width="600" height="310" fill="rgb(250,250,250)"/>`;
  const img = await svgToRgb(page(W, H, under + sheet(200, 120, 400, 520), DESK));
  const quad: Quad8 = [200, 0, 600, 0, 600, 520, 200, 520];
  const edge = edgeInsideQuad(img, quad, 1);
  assert.ok(edge !== null && Math.abs(edge.ta * 520 - 120) < 6 && Math.abs(edge.tb * 520 - 120) < 6, `edge ${JSON.stringify(edge)}`);
  assert.equal(overshootsOntoPaper(img, quad, 1), true);
  assert.equal(stopsShortOfFrame(img, quad, 1), true);
  assert.ok(completenessScore({ image: img, quad, crop: img }) >= 0.5, 'the sheet lies in full view on the white paper');
});

test('a quad carried over a ruled paper to the frame: the rules crossing its legs do not hide the paper', async () => {
  // The paper under the sheet is ruled: short grey rules, 3 px thick every 9 px, cross both legs of
  // the quad between the frame and the sheet's top edge (y = 120). Read pixel by pixel, a probe
  // landing on a rule sees no paper; the brightest pixel of a small patch is the paper.
  let rules = '';
  for (let y = 0; y < 118; y += 9) rules += `<rect x="170" y="${y}" width="60" height="3" fill="#666"/><rect x="570" y="${y}" width="60" height="3" fill="#666"/>`;
  const under = `<rect x="100" y="-10" width="600" height="310" fill="rgb(250,250,250)"/>${rules}`;
  const img = await svgToRgb(page(W, H, under + sheet(200, 120, 400, 520), DESK));
  const quad: Quad8 = [200, 0, 600, 0, 600, 520, 200, 520];
  assert.ok(edgeInsideQuad(img, quad, 1) !== null, 'the sheet\'s top edge steps all across the quad');
  assert.equal(overshootsOntoPaper(img, quad, 1), true);
  assert.ok(completenessScore({ image: img, quad, crop: img }) >= 0.5, 'the sheet lies in full view on the ruled paper');
  assert.deepEqual(paperIn(img, 194, 90, 2), [250, 250, 250], 'a rule under the probe: the paper beside it');
  assert.equal(paperIn(img, -1, 5, 2), null, 'off the image');
});

test('a sheet cut by the frame with a band along its cut edge: the desk lies beyond its sides, so it is no overshoot', async () => {
  const band = `<rect x="200" y="-10" width="400" height="90" fill="#1d3d7a"/>`;
  const img = await svgToRgb(page(W, H, sheet(200, -10, 400, 520) + band, DESK));
  const quad: Quad8 = [200, 0, 600, 0, 600, 520, 200, 520];
  assert.ok(edgeInsideQuad(img, quad, 1) !== null, 'the band ends in a straight step');
  assert.equal(overshootsOntoPaper(img, quad, 1), false);
  assert.ok(completenessScore({ image: img, quad, crop: img }) < 0.5, 'cut by the top edge');
});

test('corners on a frame side the sheet stops short of are not read as cut corners', async () => {
  // A sheet running out of the top: its corners on the top frame have its paper all along the
  // frame between them, a cut corner each; told that the sheet stops short of the top, none is read.
  const img = await svgToRgb(page(W, H, sheet(150, -50, 500, 520), DESK));
  const quad: Quad8 = [150, 0, 650, 0, 650, 520, 150, 520];
  assert.equal(cornerCutByFrame(img, quad, 4), true);
  assert.equal(cornerCutByFrame(img, quad, 4, undefined, [false, true, false, false]), false);
});

test('a printed rule parallel to the cut edge is no sheet edge: a sheet cut by the frame with a quad a little inside its sides', async () => {
  // An invoice runs out of the bottom of the picture; its table's bottom rule crosses it 70 px above
  // the frame. The localiser's legs lie 5 px inside the sheet's real sides, so just outside them
  // there is still the sheet's paper: were the rule the sheet's edge, the quad would seem carried
  // over another paper to the frame.
  const rule = `<rect x="170" y="${H - 72}" width="460" height="3" fill="#2a4a8a"/>`;
  const img = await svgToRgb(page(W, H, sheet(150, 100, 500, H + 50) + rule, DESK));
  const quad: Quad8 = [155, 100, 645, 100, 645, H - 1, 155, H - 1];
  assert.ok(edgeInsideQuad(img, quad, 3) !== null, 'the rule steps all across the quad');
  assert.equal(overshootsOntoPaper(img, quad, 3, { ...FRAME_SIDE_SETTINGS, samePaper: -1 }), true, 'taken for an edge, the rule made an overshoot');
  assert.equal(overshootsOntoPaper(img, quad, 3), false);
  assert.equal(stopsShortOfFrame(img, quad, 3), false);
  assert.ok(completenessScore({ image: img, quad, crop: img }) < 0.5, 'cut by the bottom edge');
  // Across the cream sheet's top edge onto a white page: two papers.
  const onPage = await svgToRgb(page(W, H, `<rect x="100" y="-10" width="600" height="310" fill="rgb(250,250,250)"/>` + sheet(200, 120, 400, 520), DESK));
  assert.equal(samePaperAcross(onPage, [210, 120], [590, 120], { x: 400, y: 300 }), false);
  assert.equal(samePaperAcross(img, [170, H - 71], [630, H - 71], { x: 400, y: 300 }), true);
});
