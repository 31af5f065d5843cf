import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectSeals, sceneWhite } from '../../src/image/seals.js';
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

test('a red seal on a bill photographed under warm light (the whole page yellowish) is on paper once the scene white is grey', async () => {
  // Median chroma 60 of the page: above the limit for white paper, but it is the scene's own white.
  const warm = await svgToRgb(page(900, 700, textLines(60, 60, 780, 6) + roundSeal(600, 450, 110, 110, '#c81818'), '#b39477'));
  assert.equal(detectSeals(warm).length, 1);
});

test('the scene white balances a tinted page to grey and leaves a white page alone', async () => {
  const tinted = await svgToRgb(page(200, 200, '', '#b39477'));
  const [r, g, b] = sceneWhite(tinted);
  assert.ok(Math.abs(179 * r - 148 * g) < 3 && Math.abs(179 * r - 119 * b) < 3);
  const white = await svgToRgb(page(200, 200, '<rect x="0" y="0" width="200" height="100" fill="#8a5a34"/>', '#ffffff'));
  assert.deepEqual(sceneWhite(white), [1, 1, 1]);
});

test('grey seals over printed text are found only when enough voted centres on all the ink are fitted', async () => {
  // Text edges vote everywhere on the all-ink mask: with too few centres fitted, seals under text go unseen.
  const seals = [[250, 300], [700, 300], [250, 720], [700, 720]].map(([x, y]) => roundSeal(x!, y!, 110, 110, '#444', 1)).join('');
  const img = await svgToRgb(page(1000, 1000, textLines(40, 40, 920, 30, 30) + seals));
  const found = detectSeals(img).length;
  assert.ok(found >= 2);
  assert.ok(detectSeals(img, { allInkPeaks: 2 }).length < found);
});
