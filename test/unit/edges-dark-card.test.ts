import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type EdgeQuad, edgeQuads, keepDarkCards } from '../../src/image/edges.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

/** Axis box of an edge quad's corners. */
function box(q: EdgeQuad): [number, number, number, number] {
  const xs = [q.quad[0], q.quad[2], q.quad[4], q.quad[6]];
  const ys = [q.quad[1], q.quad[3], q.quad[5], q.quad[7]];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function near(q: EdgeQuad, truth: readonly number[], tol: number): boolean {
  return box(q).every((v, i) => Math.abs(v - truth[i]) <= tol);
}

/** A dark bank card (ID-1 proportions) with pale print. */
function darkCard(x: number, y: number, w: number): string {
  const h = Math.round(w / 1.586);
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#1d2b45"/>` + textLines(x + w * 0.1, y + h * 0.55, w * 0.8, 2, 30, '#d8dde6');
}

test('a dark card-shaped quad on a pale desk is a card, not a printed picture', async () => {
  const img = await svgToRgb(page(1000, 700, darkCard(250, 200, 480), '#e9e5dd'));
  const found = edgeQuads(img);
  assert.ok(found.some((q) => near(q, [250, 200, 730, 503], 12)), JSON.stringify(found.map(box)));
});

test('a dark card-shaped picture printed inside a page is not a document of its own', async () => {
  const body = '<rect x="100" y="40" width="800" height="1000" fill="#fafafa"/>' + textLines(160, 100, 680, 4, 30) +
    '<rect x="300" y="300" width="400" height="252" fill="#262626"/>' + textLines(160, 620, 680, 8, 30);
  const img = await svgToRgb(page(1000, 1080, body, '#6f655a'));
  const found = edgeQuads(img);
  assert.ok(found.some((q) => near(q, [100, 40, 900, 1040], 12)), JSON.stringify(found.map(box)));
  assert.ok(!found.some((q) => near(q, [300, 300, 700, 552], 20)), JSON.stringify(found.map(box)));
});

test('keepDarkCards: a dark card overlapping a kept quad is dropped, one apart from it is kept', () => {
  const quad = (x0: number, y0: number, x1: number, y1: number, score: number): EdgeQuad => ({
    quad: [x0, y0, x1, y0, x1, y1, x0, y1], area: (x1 - x0) * (y1 - y0), score, minSupport: 1,
  });
  const sheet = quad(0, 0, 500, 700, 2000);
  const inside = quad(100, 100, 258, 200, 400);
  const apart = quad(600, 100, 758, 200, 400);
  const kept = keepDarkCards([sheet], [inside, apart], { maxOverlap: 0.3 });
  assert.deepEqual(kept.map((k) => k.quad[0]), [0, 600]);
});
