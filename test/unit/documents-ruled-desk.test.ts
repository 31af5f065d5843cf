import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_DOCUMENT_OPTIONS, deskEdgeQuads, locateDocuments } from '../../src/image/documents.js';
import { close, downscaleTo } from '../../src/image/ops.js';
import { workLongerSide } from '../../src/image/work-size.js';
import { DEFAULT_EDGE_QUAD_OPTIONS, houghLines, stepEdges } from '../../src/image/edges.js';
import { borderRuledTexture, ruledBorderShare, ruledFromBorder, ruledTexture, sideAlongRules, withRuleEnds } from '../../src/image/ruled-desk.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

/**
 * Grey bars across a box: a lined pad's rules. The localiser works at ~480 px, where a pad's rules
 * are 2 px every 7 px; the scenes drawn at that size use pitch 7, those drawn at ~1000 px pitch 14.
 */
function rules(x: number, y: number, w: number, h: number, pitch = 14, colour = '#a8a8a8'): string {
  let out = '';
  for (let yy = y; yy < y + h; yy += pitch) out += `<rect x="${x}" y="${yy}" width="${w}" height="${Math.round(pitch * 0.3)}" fill="${colour}"/>`;
  return out;
}

function shareIn(mask: { data: Uint8Array; width: number }, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  let on = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      n++;
      on += mask.data[y * mask.width + x];
    }
  }
  return on / n;
}

test('ruled texture: a lined pad is ruled, a sheet\'s border and its print are not', async () => {
  // Left: ruled paper. Right: a white sheet on a dark desk (one step) with lines of text on it.
  const body = `<rect x="0" y="0" width="300" height="400" fill="#e4e4e4"/>${rules(0, 0, 300, 400, 7)}` +
    `<rect x="300" y="0" width="300" height="400" fill="#505050"/><rect x="360" y="40" width="220" height="320" fill="#f8f8f8"/>${textLines(380, 80, 180, 8)}`;
  const img = await svgToRgb(page(600, 400, body));
  const mask = ruledTexture(img);
  assert.ok(shareIn(mask, 20, 20, 280, 380) > 0.8, 'the pad');
  // The sheet's left border (x = 360) and its print.
  assert.ok(shareIn(mask, 330, 60, 390, 340) < 0.05, 'the sheet\'s border');
  assert.ok(shareIn(mask, 380, 80, 560, 300) < 0.1, 'the print');
});

test('rule ends: where the rules stop at a card of the pad\'s brightness, a side is found', async () => {
  // The card (x 200..450) is as bright as the pad: no step, only the rules stopping.
  const body = `<rect x="0" y="0" width="600" height="400" fill="#e4e4e4"/>${rules(0, 0, 600, 400, 7)}<rect x="200" y="80" width="250" height="240" fill="#e4e4e4"/>`;
  const img = await svgToRgb(page(600, 400, body));
  const o = DEFAULT_EDGE_QUAD_OPTIONS;
  const steps = stepEdges(img, o);
  const verticalAt = (map: ReturnType<typeof stepEdges>, x: number): number => {
    let n = 0;
    for (let y = 100; y < 300; y++) for (let dx = -8; dx <= 8; dx++) if (map.angle[y * map.w + x + dx] >= 0 && (map.angle[y * map.w + x + dx] <= 15 || map.angle[y * map.w + x + dx] >= 165)) n++;
    return n;
  };
  const withEnds = withRuleEnds(steps, ruledTexture(img));
  // The card's left and right sides vote as vertical edges only with the rule ends.
  assert.ok(verticalAt(withEnds, 200) > 60 && verticalAt(withEnds, 450) > 60, `${verticalAt(withEnds, 200)} ${verticalAt(withEnds, 450)}`);
  assert.ok(verticalAt(steps, 200) < verticalAt(withEnds, 200) / 2);
  // The rules themselves are no sides: none of their steps is left inside the pad.
  let inside = 0;
  for (let y = 20; y < 60; y++) for (let x = 20; x < 580; x++) if (withEnds.angle[y * withEnds.w + x] >= 0) inside++;
  assert.equal(inside, 0);
  // The least votes edgeQuads asks of a line on a 400 px tall frame (minSideFraction x minSideSupport).
  const lines = houghLines(withEnds, { ...o, refineLines: true }, 24);
  assert.ok(lines.some((l) => (l.theta <= 3 || l.theta >= 177) && Math.abs(Math.abs(l.rho) - 200) <= 10), JSON.stringify(lines.map((l) => [l.theta, l.rho])));
});

test('refined lines back their side at least as well as the Hough peak', async () => {
  const body = `<rect x="0" y="0" width="600" height="400" fill="#e4e4e4"/>${rules(0, 0, 600, 400, 7)}<g transform="rotate(5 320 200)"><rect x="200" y="80" width="250" height="240" fill="#e4e4e4"/></g>`;
  const img = await svgToRgb(page(600, 400, body));
  const map = withRuleEnds(stepEdges(img, DEFAULT_EDGE_QUAD_OPTIONS), ruledTexture(img));
  const plain = houghLines(map, DEFAULT_EDGE_QUAD_OPTIONS, 60);
  const refined = houghLines(map, { ...DEFAULT_EDGE_QUAD_OPTIONS, refineLines: true }, 60);
  const backed = (l: { prefix: Uint32Array }): number => l.prefix[l.prefix.length - 1];
  assert.equal(plain.length, refined.length);
  plain.forEach((l, n) => assert.ok(backed(refined[n]) >= backed(l)));
  assert.ok(refined.some((l, n) => backed(l) > backed(plain[n])), 'some peak was off its best line');
});

test('a pale card on a ruled pad filling the frame is found, not the whole frame', async () => {
  // The pad fills the frame; the card, as bright as the pad's paper, lies on its right half with a
  // coloured band and print. Its top, left and bottom are steps against a grey blotter strip and
  // the band; its right side is only where the rules stop.
  const card = `<rect x="560" y="130" width="360" height="230" fill="#e4e4e4"/><rect x="560" y="130" width="360" height="40" fill="#8a1c1c"/>${textLines(600, 200, 280, 5, 28, '#333')}`;
  const body = `<rect x="0" y="0" width="1000" height="500" fill="#e4e4e4"/>${rules(0, 0, 1000, 500)}${card}`;
  const img = await svgToRgb(page(1000, 500, body));
  const docs = locateDocuments(img);
  const hit = docs.find((d) => Math.abs(d.bbox[0] - 560) < 25 && Math.abs(d.bbox[2] - 920) < 25 && Math.abs(d.bbox[1] - 130) < 25 && Math.abs(d.bbox[3] - 360) < 25);
  assert.ok(hit, JSON.stringify(docs.map((d) => d.bbox)));
});

test('ruled border: a pad runs out of the frame, a form\'s ruled table keeps within its margins', async () => {
  const pad = await svgToRgb(page(480, 320, `<rect x="0" y="0" width="480" height="320" fill="#e4e4e4"/>${rules(0, 0, 480, 320, 7)}<rect x="150" y="80" width="200" height="140" fill="#e4e4e4"/>`));
  const form = await svgToRgb(page(480, 320, `<rect x="0" y="0" width="480" height="320" fill="#f6f6f6"/>${rules(60, 60, 360, 200, 7, '#555')}`));
  assert.ok(ruledBorderShare(ruledTexture(pad), 0.03) > 0.5);
  assert.equal(ruledBorderShare(ruledTexture(form), 0.03), 0);
  // Judging the border band alone gives the band the same texture, and nothing inside it.
  const full = ruledTexture(pad);
  const band = ruledTexture(pad, {}, 14);
  for (let y = 0; y < pad.height; y++) {
    for (let x = 0; x < pad.width; x++) {
      const i = y * pad.width + x;
      const inBand = x < 14 || y < 14 || x >= pad.width - 14 || y >= pad.height - 14;
      assert.equal(band.data[i], inBand ? full.data[i] : 0);
    }
  }
  // A band wider than half the frame is the whole frame.
  assert.deepEqual(ruledTexture(pad, {}, 400).data, full.data);
});

test('ruled surface: only the texture reaching the frame\'s border is the lined sheet under the documents', () => {
  // A 40 x 30 plane: a ruled block from the left border (x < 10) and one enclosed in the middle
  // (a form's ruled table, x 20..29, y 10..19).
  const w = 40;
  const h = 30;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < 10; x++) data[y * w + x] = 1;
  for (let y = 10; y < 20; y++) for (let x = 20; x < 30; x++) data[y * w + x] = 1;
  const surface = ruledFromBorder({ data, width: w, height: h });
  assert.equal(surface.data[15 * w + 5], 1, 'the sheet running out of the frame');
  assert.equal(surface.data[15 * w + 25], 0, 'the table inside a page');
  assert.equal(surface.data.reduce((n, v) => n + v, 0), 10 * h);
  // Degenerate planes are total.
  assert.equal(ruledFromBorder({ data: new Uint8Array(0), width: 0, height: 0 }).data.length, 0);
  assert.deepEqual([...ruledFromBorder({ data: new Uint8Array([1]), width: 1, height: 1 }).data], [1]);
});

test('side along rules: a quad whose side runs where the rules stop, and one clear of them', () => {
  const w = 60;
  const h = 40;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < 20; x++) data[y * w + x] = 1;
  const rules = { data, width: w, height: h };
  // Left side at x = 22, two pixels right of the texture's border.
  assert.ok(sideAlongRules(rules, [22, 5, 50, 5, 50, 35, 22, 35], 3) > 0.95);
  // The same quad 15 px further right: no side near the rules.
  assert.equal(sideAlongRules(rules, [37, 5, 58, 5, 58, 35, 37, 35], 3), 0);
  // A degenerate quad (one point) is total.
  assert.equal(sideAlongRules(rules, [30, 20, 30, 20, 30, 20, 30, 20], 3), 0);
});

test('desk edge quads: a card closed where the rules stop is added, none without rules at the border', async () => {
  // As above: a pale card on a lined pad filling the frame, its right side only where the rules stop.
  const card = `<rect x="560" y="130" width="360" height="230" fill="#e4e4e4"/><rect x="560" y="130" width="360" height="40" fill="#8a1c1c"/>${textLines(600, 200, 280, 5, 28, '#333')}`;
  const pad = await svgToRgb(page(1000, 500, `<rect x="0" y="0" width="1000" height="500" fill="#e4e4e4"/>${rules(0, 0, 1000, 500)}${card}`));
  // The localiser's working size for a 2:1 frame (src/image/work-size.ts).
  const { image: work } = downscaleTo(pad, workLongerSide(1000, 500, DEFAULT_DOCUMENT_OPTIONS.workSide, DEFAULT_DOCUMENT_OPTIONS.maxWorkStretch));
  const steps = stepEdges(work, DEFAULT_EDGE_QUAD_OPTIONS);
  const s = work.width / 1000;
  const isCard = (q: readonly number[]): boolean => Math.abs(Math.min(q[0], q[6]) - 560 * s) < 12 && Math.abs(Math.max(q[2], q[4]) - 920 * s) < 12 && Math.abs(Math.min(q[1], q[3]) - 130 * s) < 12 && Math.abs(Math.max(q[5], q[7]) - 360 * s) < 12;
  const added = deskEdgeQuads(work, DEFAULT_DOCUMENT_OPTIONS, () => steps, []);
  assert.ok(added.some((e) => isCard(e.quad)), JSON.stringify(added.map((e) => e.quad)));
  // The plain search's own quad of the card leaves nothing to add there.
  const again = deskEdgeQuads(work, DEFAULT_DOCUMENT_OPTIONS, () => steps, added);
  assert.ok(!again.some((e) => isCard(e.quad)));
  // The same card printed on a page whose ruled table keeps within its margins: no lined surface.
  const form = await svgToRgb(page(1000, 500, `<rect x="0" y="0" width="1000" height="500" fill="#e4e4e4"/>${rules(60, 60, 440, 380)}${card}`));
  const { image: formWork } = downscaleTo(form, workLongerSide(1000, 500, DEFAULT_DOCUMENT_OPTIONS.workSide, DEFAULT_DOCUMENT_OPTIONS.maxWorkStretch));
  const formSteps = stepEdges(formWork, DEFAULT_EDGE_QUAD_OPTIONS);
  assert.deepEqual(deskEdgeQuads(formWork, DEFAULT_DOCUMENT_OPTIONS, () => formSteps, []), []);
});

test('border texture on strips: the closed texture of the whole frame, within the band; 0 inside', async () => {
  // A pad running out of the frame on the left, a card on it, a ruled table inside a page on the right.
  const img = await svgToRgb(page(480, 320, `<rect x="0" y="0" width="480" height="320" fill="#e4e4e4"/>${rules(0, 0, 260, 320, 7)}<rect x="150" y="80" width="200" height="140" fill="#e4e4e4"/><rect x="300" y="20" width="170" height="280" fill="#fafafa"/>${rules(320, 40, 130, 240, 7, '#555')}`));
  const full = close(ruledTexture(img), 2);
  for (const band of [14, 3, 200]) {
    const strips = borderRuledTexture(img, band, 2);
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        const i = y * img.width + x;
        const inBand = x < band || y < band || x >= img.width - band || y >= img.height - band;
        assert.equal(strips.data[i], inBand ? full.data[i] : 0, `band ${band} at ${x},${y}`);
      }
    }
  }
  assert.ok(ruledBorderShare(borderRuledTexture(img, 14, 2), 0.03) > 0.2);
  assert.equal(borderRuledTexture({ data: Buffer.alloc(0), width: 0, height: 0, channels: 3 }, 14, 2).data.length, 0);
});
