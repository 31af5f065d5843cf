import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectSeals } from '../../src/image/seals.js';
import { page, roundSeal, svgToRgb, textLines } from './seals-draw.js';

test('a stamp-like ring on white paper is a seal; the same ring on a dark wooden ground is not', async () => {
  const stamp = roundSeal(450, 400, 110, 110, '#303030', 1);
  const onPaper = await svgToRgb(page(900, 800, textLines(60, 60, 780, 6) + stamp, '#ffffff'));
  assert.equal(detectSeals(onPaper).length, 1);
  // Wood grain arcs darker than their surroundings draw the same ring, on a brown ground.
  const onWood = await svgToRgb(page(900, 800, stamp, '#8a5a34'));
  assert.equal(detectSeals(onWood).length, 0);
});

test('a red seal on a pink card stock is still on paper', async () => {
  const card = await svgToRgb(page(900, 600, textLines(60, 60, 780, 4) + roundSeal(600, 380, 100, 100, '#d01818'), '#f4dede'));
  assert.equal(detectSeals(card).length, 1);
});
