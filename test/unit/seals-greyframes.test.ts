import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectSeals } from '../../src/image/seals.js';
import { loneFrames, type LoneFrameOptions } from '../../src/image/frames.js';
import { adaptiveDarkMask, toGray } from '../../src/image/ops.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

const SIZES: LoneFrameOptions = {
  minSide: 35, maxSide: 200, maxAspect: 3.2, minCoverage: 0.85, minEdgeShare: 0.95, maxStrokeRatio: 2, maxStroke: 0.1, minPieces: 2, minInside: 0.03, maxInside: 0.45,
};

/** A stamp frame round one line of "characters", turned about its centre, in one grey. */
function greyStamp(cx: number, cy: number, w: number, h: number, turn: number, colour = '#8a8a8a'): string {
  const x = cx - w / 2;
  const y = cy - h / 2;
  return `<g transform="rotate(${turn} ${cx} ${cy})"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${colour}" stroke-width="3"/>${textLines(x + 16, cy - 7, w - 32, 1, 24, colour)}</g>`;
}

test('a grey rectangular stamp of a photocopy (no hue) is found by its lone frame', async () => {
  const body = textLines(40, 40, 720, 4, 40) + textLines(40, 460, 720, 3, 40) + greyStamp(400, 320, 130, 50, -15);
  const img = await svgToRgb(page(800, 600, body));
  const seals = detectSeals(img);
  assert.equal(seals.length, 1, JSON.stringify(seals));
  const [x0, y0, x1, y1] = [seals[0]![0], seals[0]![1], seals[0]![4], seals[0]![5]];
  // The turned frame's axis box: half extents 65 cos15 + 25 sin15 = 69, 65 sin15 + 25 cos15 = 41.
  assert.ok(Math.abs((x0 + x1) / 2 - 400) <= 6 && Math.abs((y0 + y1) / 2 - 320) <= 6, JSON.stringify(seals));
  assert.ok(Math.abs(x1 - x0 - 138) <= 12 && Math.abs(y1 - y0 - 82) <= 12, JSON.stringify(seals));
  // Without the dark-ink frame search the stamp has no colour to be found by.
  assert.deepEqual(detectSeals(img, { greyFrames: false }), []);
});

test('loneFrames: form cells joined to their neighbours, a boxed glyph and a solid block are no stamp frames', async () => {
  // A row of three labelled cells sharing their sides.
  let grid = '<rect x="60" y="60" width="480" height="60" fill="none" stroke="#111" stroke-width="2"/>';
  for (const x of [220, 380]) grid += `<rect x="${x}" y="60" width="2" height="60" fill="#111"/>`;
  grid += textLines(80, 84, 120, 1) + textLines(240, 84, 120, 1) + textLines(400, 84, 120, 1);
  // A box round a single mark, and a solid square with white specks (a QR code's finder).
  const glyph = '<rect x="80" y="200" width="60" height="60" fill="none" stroke="#111" stroke-width="3"/><rect x="100" y="220" width="20" height="20" fill="#111"/>';
  const solid = '<rect x="300" y="200" width="70" height="70" fill="#111"/><rect x="320" y="220" width="6" height="6" fill="#fff"/><rect x="340" y="240" width="6" height="6" fill="#fff"/>';
  const img = await svgToRgb(page(600, 320, grid + glyph + solid));
  assert.deepEqual(loneFrames(adaptiveDarkMask(toGray(img), 9, 14), SIZES), []);
  // The same words in a frame standing alone are one.
  const alone = await svgToRgb(page(600, 320, greyStamp(300, 160, 160, 56, 0, '#111')));
  assert.equal(loneFrames(adaptiveDarkMask(toGray(alone), 9, 14), SIZES).length, 1);
});
