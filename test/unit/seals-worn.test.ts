/**
 * Rectangular stamps the frame test used to miss: a worn frame pressed at a tilt (gaps along its
 * sides) round centred words, and a two-character stamp (核对: the frame and two glyphs). A
 * printed label box of the same ink, worn alike, holding its label at one side, stays no seal.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectSeals } from '../../src/image/seals.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

const RED = '#d42020';

/** A frame with gaps every `dash` px (a stamp pressed unevenly), turned `deg` about its centre. */
function wornFrame(x: number, y: number, w: number, h: number, deg: number, inside: string): string {
  const cx = x + w / 2;
  const cy = y + h / 2;
  return `<g transform="rotate(${deg} ${cx} ${cy})" opacity="0.9"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${RED}" stroke-width="3" stroke-dasharray="24 8"/>${inside}</g>`;
}

/** A glyph-like block: a few separate strokes in a square. */
function glyph(x: number, y: number, size: number): string {
  const s = size / 5;
  return `<rect x="${x}" y="${y}" width="${size}" height="${s}" fill="${RED}"/><rect x="${x}" y="${y + 2 * s}" width="${s}" height="${3 * s}" fill="${RED}"/><rect x="${x + 2 * s}" y="${y + 2 * s}" width="${3 * s}" height="${s}" fill="${RED}"/><rect x="${x + 2 * s}" y="${y + 4 * s}" width="${3 * s}" height="${s}" fill="${RED}"/>`;
}

/** A glyph in one connected stroke (an E shape): 核 and 对 are one piece each once the ink runs. */
function joinedGlyph(x: number, y: number, size: number): string {
  const s = size / 5;
  return `<rect x="${x}" y="${y}" width="${s}" height="${size}" fill="${RED}"/><rect x="${x}" y="${y}" width="${size}" height="${s}" fill="${RED}"/><rect x="${x}" y="${y + 2 * s}" width="${size * 0.8}" height="${s}" fill="${RED}"/><rect x="${x}" y="${y + 4 * s}" width="${size}" height="${s}" fill="${RED}"/>`;
}

const body = textLines(40, 40, 720, 4, 40) + textLines(40, 460, 720, 3, 40);

test('a worn rectangular stamp at a tilt, its words centred, is a seal', async () => {
  const stamp = wornFrame(300, 262, 200, 76, -18, textLines(330, 288, 150, 1, 24, RED));
  const seals = detectSeals(await svgToRgb(page(800, 600, body + stamp)));
  assert.equal(seals.length, 1, JSON.stringify(seals));
  const [x0, y0, x1, y1] = [seals[0][0], seals[0][1], seals[0][4], seals[0][5]];
  assert.ok(x0 < 320 && x1 > 480 && y0 < 260 && y1 > 340, JSON.stringify(seals));
});

test('a framed two-character stamp (核对) is a seal', async () => {
  const stamp = `<g transform="rotate(-12 400 300)" opacity="0.9"><rect x="330" y="270" width="140" height="60" fill="none" stroke="${RED}" stroke-width="3"/>${joinedGlyph(352, 284, 32)}${joinedGlyph(416, 284, 32)}</g>`;
  const seals = detectSeals(await svgToRgb(page(800, 600, body + stamp)));
  assert.equal(seals.length, 1, JSON.stringify(seals));
});

test('a worn label box holding its label at one side is no seal', async () => {
  const label = `<g opacity="0.9"><rect x="300" y="250" width="200" height="100" fill="none" stroke="${RED}" stroke-width="3" stroke-dasharray="24 8"/>${glyph(310, 262, 18)}${glyph(310, 290, 18)}${glyph(310, 318, 18)}</g>`;
  const seals = detectSeals(await svgToRgb(page(800, 600, body + label)));
  assert.equal(seals.length, 0, JSON.stringify(seals));
});

test('a round seal on a dense form printed in red is found by its outline on the coloured ink alone', async () => {
  // A red table full of black text: on every ink at once, the text's and the rules' edges outvote
  // the seal's centre.
  let form = '';
  for (let y = 40; y <= 560; y += 40) form += `<rect x="30" y="${y}" width="740" height="2" fill="${RED}"/>`;
  for (let x = 30; x <= 770; x += 148) form += `<rect x="${x}" y="40" width="2" height="520" fill="${RED}"/>`;
  for (let y = 50; y < 550; y += 40) form += textLines(40, y, 720, 1, 40) + textLines(40, y + 18, 720, 1, 40);
  const seal = `<g opacity="0.85"><circle cx="400" cy="300" r="70" fill="none" stroke="${RED}" stroke-width="4"/>${textLines(350, 270, 100, 3, 22, RED)}</g>`;
  const image = await svgToRgb(page(800, 600, form + seal));
  const found = (quads: number[][]): boolean => quads.some((q) => Math.abs(q[0] - 330) <= 12 && Math.abs(q[1] - 230) <= 12 && Math.abs(q[4] - 470) <= 12 && Math.abs(q[5] - 370) <= 12);
  assert.equal(found(detectSeals(image)), true, JSON.stringify(detectSeals(image)));
  assert.equal(found(detectSeals(image, { colourOnlyRings: false })), false);
});
