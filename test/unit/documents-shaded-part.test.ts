import { test } from 'node:test';
import assert from 'node:assert/strict';
import { paperLevel, shadedRest, sheetWithRest } from '../../src/image/shaded-part.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

// A sheet from (200, 80) to (800, 700), its lit part above y = 430 and its rest below, a few
// pixels apart where the mask's region and the shaded part's edge quad stop short of the shadow.
const lit: Quad8 = [200, 80, 800, 80, 800, 426, 200, 426];
const rest: Quad8 = [201, 436, 799, 434, 800, 700, 200, 700];

test('sheetWithRest: the rest of a sheet beyond a straight cut, on both of its flank lines, makes one quad with it', () => {
  assert.deepEqual(sheetWithRest(lit, rest, 12), [200, 80, 800, 80, 800, 700, 200, 700]);
  // Either way round.
  assert.deepEqual(sheetWithRest(rest, lit, 12), [200, 80, 800, 80, 800, 700, 200, 700]);
});

test('sheetWithRest: a document below with a flank of its own, or apart from the sheet, or lying on it, is no rest of it', () => {
  // Its left side 40 px right of the sheet's: a narrower sheet below, one flank shared by chance.
  assert.equal(sheetWithRest(lit, [240, 436, 799, 434, 800, 700, 240, 700], 12), null);
  // Both flanks on the sheet's lines, but 60 px below it: desk between two sheets of one width.
  assert.equal(sheetWithRest(lit, [200, 486, 800, 486, 800, 700, 200, 700], 12), null);
  // Overlapping the sheet (on the same side of its lower side): a card lying on it.
  assert.equal(sheetWithRest(lit, [200, 300, 800, 300, 800, 420, 200, 420], 12), null);
});

// The sheet on a pale desk, a straight shadow across the frame below y = 430 (a shelf's).
function shadedSheet(shadow: boolean): string {
  const sheet = `<rect x="200" y="80" width="600" height="620" fill="#f7f5f0"/>` + textLines(250, 140, 500, 8, 30) + textLines(250, 480, 500, 6, 30);
  const shade = shadow ? `<rect x="0" y="430" width="1000" height="330" fill="#000" opacity="0.4"/>` : `<rect x="200" y="428" width="600" height="4" fill="#777"/>`;
  return page(1000, 760, sheet + shade, '#b8b8b4');
}

test('shadedRest: the shaded rest of a sheet (its paper darker by the shadow) is joined to the lit part', async () => {
  const img = await svgToRgb(shadedSheet(true));
  assert.ok(paperLevel(img, lit) - paperLevel(img, rest) >= 8, `${paperLevel(img, lit)} ${paperLevel(img, rest)}`);
  assert.deepEqual(shadedRest(img, lit, rest, 12, 8), [200, 80, 800, 80, 800, 700, 200, 700]);
});

test('shadedRest: two sheets of one width end to end, both lit, the rule between them: not joined', async () => {
  const img = await svgToRgb(shadedSheet(false));
  assert.equal(shadedRest(img, lit, rest, 12, 8), null);
});
