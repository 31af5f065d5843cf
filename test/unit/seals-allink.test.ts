/**
 * Outlines found on every ink at once (grey seals of copies need the dark ink) are held to a
 * fuller outline than coloured ones: an ellipse threaded through black text or a table cell's
 * labels finds ink on most of its length too. A ring broken on about a fifth of its length is
 * then a seal only in a seal's colour.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectSeals } from '../../src/image/seals.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

/** A round stamp whose outline is drawn in dashes of `dash` px with `gap` px between. */
function brokenSeal(cx: number, cy: number, r: number, colour: string, dash: number, gap: number): string {
  let s = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${colour}" stroke-width="5" stroke-dasharray="${dash} ${gap}"/>`;
  for (let a = -150; a <= -30; a += 15) {
    const t = (a * Math.PI) / 180;
    s += `<rect x="${cx + Math.cos(t) * r * 0.72 - 6}" y="${cy + Math.sin(t) * r * 0.72 - 6}" width="12" height="12" fill="${colour}"/>`;
  }
  return s + `<polygon points="${cx},${cy - r * 0.2} ${cx + r * 0.18},${cy + r * 0.15} ${cx - r * 0.18},${cy + r * 0.15}" fill="${colour}"/>`;
}

const body = textLines(40, 40, 720, 3, 40);

async function sealsOf(seal: string, options = {}): Promise<number> {
  return detectSeals(await svgToRgb(page(800, 600, body + seal)), options).length;
}

test('a grey ring broken on a fifth of its length is no seal; whole, it is', async () => {
  assert.equal(await sealsOf(brokenSeal(400, 360, 90, '#555', 40, 10)), 0);
  assert.equal(await sealsOf(brokenSeal(400, 360, 90, '#555', 40, 10), { minAllInkHit: 0.84 }), 1, 'the old threshold took it');
  assert.equal(await sealsOf(brokenSeal(400, 360, 90, '#555', 80, 2)), 1);
});

test('the same broken ring in a seal colour is still a seal (found on the coloured ink alone)', async () => {
  assert.equal(await sealsOf(brokenSeal(400, 360, 90, '#d42020', 40, 10)), 1);
});
