import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SEAL_OPTIONS, detectSeals } from '../../src/image/seals.js';
import sharp from 'sharp';
import { DEFAULT_RING_OPTIONS, findRings } from '../../src/image/rings.js';
import { adaptiveDarkMask, toGray } from '../../src/image/ops.js';
import { tiltedFrame } from '../../src/image/frames.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, roundSeal, svgToRgb, textLines } from './seals-draw.js';

type Box = [number, number, number, number];

function iou(a: Quad8, b: Box): number {
  const ix = Math.max(0, Math.min(a[4], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[5], b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  return inter / ((a[4] - a[0]) * (a[5] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter);
}

/** Each truth box matched by its own detection at IoU >= 0.5. */
function matched(found: Quad8[], truth: Box[]): number {
  const used = new Set<number>();
  let n = 0;
  for (const t of truth) {
    const k = found.findIndex((f, i) => !used.has(i) && iou(f, t) >= 0.5);
    if (k >= 0) {
      used.add(k);
      n++;
    }
  }
  return n;
}

test('a grey seal of a photocopy (no hue at all) is found by its outline', async () => {
  // Lines of print as on a form: a few cross the seal.
  const body = textLines(40, 40, 720, 6, 40) + textLines(60, 330, 300, 3, 40) + textLines(40, 520, 720, 5, 40) + roundSeal(420, 380, 95, 95, '#6a6a6a', 0.9);
  const seals = detectSeals(await svgToRgb(page(800, 760, body)));
  assert.equal(matched(seals, [[325, 285, 515, 475]]), 1, JSON.stringify(seals));
  assert.equal(seals.length, 1, JSON.stringify(seals));
});

test('an oval printed over a red title line is found as the oval, not as oval plus title', async () => {
  // A title of big red "characters" running through the oval's middle welds both into one red blob.
  let title = '';
  for (let x = 120; x < 700; x += 52) title += `<rect x="${x}" y="96" width="40" height="44" fill="#c82020"/><rect x="${x + 8}" y="106" width="24" height="6" fill="#fff"/>`;
  const body = title + roundSeal(400, 118, 120, 78, '#d42020', 0.8) + textLines(60, 260, 680, 12);
  const seals = detectSeals(await svgToRgb(page(800, 640, body)));
  assert.equal(matched(seals, [[280, 40, 520, 196]]), 1, JSON.stringify(seals));
  assert.equal(seals.length, 1, JSON.stringify(seals));
});

test('two seals stamped over each other are two seals', async () => {
  const body = textLines(40, 40, 720, 4, 40) + textLines(40, 300, 720, 3, 40) + roundSeal(320, 330, 100, 100, '#d01010', 0.75) + roundSeal(470, 360, 90, 90, '#c01818', 0.75);
  const seals = detectSeals(await svgToRgb(page(800, 680, body)));
  assert.equal(matched(seals, [[220, 230, 420, 430], [380, 270, 560, 450]]), 2, JSON.stringify(seals));
  assert.equal(seals.length, 2, JSON.stringify(seals));
});

test('a portrait, a thick black ring and bold box-shaped glyphs are not seals', async () => {
  const portrait =
    '<rect x="60" y="60" width="240" height="300" fill="#cfe0f0"/>' +
    '<ellipse cx="180" cy="170" rx="62" ry="78" fill="#e8c8a8"/><path d="M118 150 Q180 60 242 150 L242 120 Q180 70 118 120 Z" fill="#222"/>' +
    '<ellipse cx="180" cy="360" rx="110" ry="90" fill="#222"/>';
  const thickRing = '<circle cx="560" cy="200" r="90" fill="none" stroke="#111" stroke-width="26"/><rect x="530" y="170" width="20" height="20" fill="#111"/>';
  let glyphs = '';
  for (let x = 360; x < 740; x += 70) glyphs += `<rect x="${x}" y="440" width="56" height="56" fill="none" stroke="#b01818" stroke-width="9"/><rect x="${x + 18}" y="458" width="20" height="20" fill="#b01818"/>`;
  const body = portrait + thickRing + glyphs + textLines(60, 560, 680, 4);
  const seals = detectSeals(await svgToRgb(page(800, 700, body)));
  assert.deepEqual(seals, []);
});

test('a block of red labels on a red-ruled form is not a seal', async () => {
  // The form is printed in red (long rules); its two-line label columns are round-ish red blobs.
  let form = '<rect x="40" y="40" width="720" height="520" fill="none" stroke="#c42020" stroke-width="3"/>';
  for (let y = 120; y < 560; y += 80) form += `<rect x="40" y="${y}" width="720" height="2" fill="#c42020"/>`;
  const body = form + textLines(70, 140, 110, 2, 26, '#c42020') + textLines(70, 300, 90, 2, 26, '#c42020') + textLines(260, 140, 400, 12, 26);
  const seals = detectSeals(await svgToRgb(page(800, 600, body)));
  assert.deepEqual(seals, []);
});

test('findRings fits the outline of a grey ring on a dark mask, and its size', async () => {
  const img = await svgToRgb(page(600, 500, textLines(30, 30, 540, 4, 40) + textLines(30, 230, 540, 2, 40) + roundSeal(300, 250, 110, 72, '#555', 1)));
  const rings = findRings(adaptiveDarkMask(toGray(img), 9, 14), { minRadius: 20, maxRadius: 140 });
  assert.equal(rings.length, 1, JSON.stringify(rings));
  const r = rings[0]!;
  assert.ok(Math.abs(r.cx - 300) <= 4 && Math.abs(r.cy - 250) <= 4, JSON.stringify(r));
  assert.ok(Math.abs(r.a - 110) <= 6 && Math.abs(r.b - 72) <= 6, JSON.stringify(r));
});

test('a rectangular stamp pressed at a tilt is found by its frame along its own axes', async () => {
  // Frame and a line of "characters", turned 20 degrees about its centre (400, 300).
  const stamp = `<g transform="rotate(20 400 300)" opacity="0.85"><rect x="290" y="262" width="220" height="76" fill="none" stroke="#d42020" stroke-width="3"/>${textLines(312, 286, 190, 1, 24, '#d42020')}</g>`;
  const body = textLines(40, 40, 720, 4, 40) + textLines(40, 440, 720, 3, 40) + stamp;
  const seals = detectSeals(await svgToRgb(page(800, 600, body)));
  // The turned frame's axis box: half extents 110 cos20 + 38 sin20 and 110 sin20 + 38 cos20.
  assert.equal(matched(seals, [[284, 227, 516, 373]]), 1, JSON.stringify(seals));
  assert.equal(seals.length, 1, JSON.stringify(seals));
});

test('tiltedFrame: a turned frame covers its sides at its own angle, a block of words does not', async () => {
  const framed = await svgToRgb(page(300, 300, '<g transform="rotate(-12 150 150)"><rect x="60" y="110" width="180" height="80" fill="none" stroke="#000" stroke-width="3"/></g>'));
  const words = await svgToRgb(page(300, 300, textLines(60, 110, 180, 3, 26)));
  const fitFrame = tiltedFrame(adaptiveDarkMask(toGray(framed), 9, 14), 40, 70, 260, 230);
  const fitWords = tiltedFrame(adaptiveDarkMask(toGray(words), 9, 14), 40, 70, 260, 230);
  assert.ok(fitFrame.coverage >= 0.9, JSON.stringify(fitFrame));
  assert.ok(Math.abs(fitFrame.angle + 12) <= 3, JSON.stringify(fitFrame));
  assert.ok(fitWords.coverage < DEFAULT_SEAL_OPTIONS.minTiltedFrame, JSON.stringify(fitWords));
});

test('findRings: a small seal blurred thick is still a ring when its outline is one clean line', async () => {
  // A 60 px seal (ring, eight marks, a centre mark) on a page photographed out of focus: the blur
  // spreads its 3 px ring to about a sixth of the radius, over `maxStroke`.
  let seal = '<circle cx="150" cy="150" r="30" fill="none" stroke="#444" stroke-width="3"/><rect x="146" y="146" width="8" height="8" fill="#444"/>';
  for (let k = 0; k < 8; k++) {
    const t = (k * Math.PI) / 4;
    seal += `<rect x="${150 + Math.cos(t) * 19 - 2}" y="${150 + Math.sin(t) * 19 - 2}" width="4" height="4" fill="#444"/>`;
  }
  const { data, info } = await sharp(Buffer.from(page(300, 300, seal))).removeAlpha().blur(1.6).raw().toBuffer({ resolveWithObject: true });
  const mask = adaptiveDarkMask(toGray({ data, width: info.width, height: info.height, channels: 3 }), 9, 14);
  const strokes: number[] = [];
  const rings = findRings(mask, { minRadius: 16, maxRadius: 60, onCandidate: (_e, ev) => strokes.push(ev.stroke) });
  assert.equal(rings.length, 1, JSON.stringify(rings));
  assert.ok(Math.abs(rings[0]!.cx - 150) <= 3 && Math.abs(rings[0]!.a - 30) <= 4, JSON.stringify(rings));
  // The rule is what finds it: held to the plain stroke limit, the same outline is refused.
  assert.ok(Math.max(...strokes) > DEFAULT_RING_OPTIONS.maxStroke, JSON.stringify(strokes));
  assert.deepEqual(findRings(mask, { minRadius: 16, maxRadius: 60, maxBlurredStroke: DEFAULT_RING_OPTIONS.maxStroke }), []);
});
