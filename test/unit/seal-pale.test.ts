/**
 * Grey seals of copies are paled by level: the seal's mid grey goes to the paper while the black
 * print under it stays black; a seal as dark as the print, and a coloured seal, are left to the
 * colour paling as before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Quad8 } from '../../src/ocr/types.js';
import { greySealLevels, paleSealInk } from '../../src/image/seal-pale.js';
import { suppressSealColour } from '../../src/image/seals.js';
import type { RgbImage } from '../../src/image/types.js';
import { page, roundSeal, svgToRgb, textLines } from './seals-draw.js';

const CX = 300;
const CY = 220;
const R = 110;
const SEAL_BOX: Quad8 = [CX - R - 3, CY - R - 3, CX + R + 3, CY - R - 3, CX + R + 3, CY + R + 3, CX - R - 3, CY + R + 3];

/** A row of black print through the seal's middle and a seal of the given ink over it. */
function sealedPage(colour: string): Promise<RgbImage> {
  return svgToRgb(page(600, 440, textLines(120, CY + 30, 360, 1, 28, '#111') + roundSeal(CX, CY, R, R, colour, 1)));
}

function level(image: RgbImage, x: number, y: number): number {
  const p = (y * image.width + x) * 3;
  return Math.max(image.data[p]!, image.data[p + 1]!, image.data[p + 2]!);
}

test('a mid-grey seal over black print: its outline goes to the paper, the print under it stays black', async () => {
  const image = await sealedPage('#999');
  const levels = greySealLevels(image, SEAL_BOX);
  assert.ok(levels, 'a grey seal apart from the print');
  assert.ok(levels.seal > levels.print + 60);
  // The outline's stroke at the seal's top, away from any print.
  assert.ok(level(image, CX, CY - R) < 180, 'the outline is grey before');
  const paled = paleSealInk(image, [SEAL_BOX]);
  assert.ok(level(paled, CX, CY - R) > 235, 'the outline is paper after');
  // A print bar under the seal (the first bar at x 300 starts at 300: one in its middle).
  const barX = 120 + 18 * Math.floor((CX - 120) / 18) + 1;
  assert.ok(level(image, barX, CY + 32) < 60);
  assert.ok(level(paled, barX, CY + 32) < 60, 'the print stays black');
  // Outside the seal nothing changes.
  assert.equal(level(paled, 20, 20), level(image, 20, 20));
});

test('a seal as dark as the print is not told from it by level and stays as it is', async () => {
  const image = await sealedPage('#1a1a1a');
  assert.equal(greySealLevels(image, SEAL_BOX), null);
  assert.ok(paleSealInk(image, [SEAL_BOX]).data.equals(image.data));
});

test('a red seal is paled by colour as before', async () => {
  const image = await sealedPage('#d02020');
  assert.equal(greySealLevels(image, SEAL_BOX), null);
  assert.ok(paleSealInk(image, [SEAL_BOX]).data.equals(suppressSealColour(image, SEAL_BOX).data));
});

test('a box of paper and print only (no outline) is no grey seal', async () => {
  const image = await svgToRgb(page(600, 440, textLines(120, CY + 30, 360, 1, 28, '#111')));
  assert.equal(greySealLevels(image, SEAL_BOX), null);
});

