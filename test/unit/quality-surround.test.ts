/**
 * A photo of a screen shows the page inside the display's black, unlit border: a faint moiré that
 * a page on a table would not be judged by is enough there (src/image/quality.ts inDarkSurround).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inDarkSurround, originalityScore, QUALITY_SETTINGS } from '../../src/image/quality.js';
import { paperTraits } from '../../src/image/screen.js';
import type { RgbImage } from '../../src/image/types.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { page, roundSeal, svgToRgb, textLines } from './seals-draw.js';

const threshold = QUALITY_SETTINGS.thresholds;
const PW = 700;
const PH = 900;
const MARGIN = 150;

/** A colour page with sensor noise and a faint screen ripple of amplitude `ripple`, laid on a surround of grey level `surround`. */
async function capture(ripple: number, surround: number): Promise<{ image: RgbImage; quad: Quad8; crop: RgbImage }> {
  const sheet = await svgToRgb(page(PW, PH, textLines(60, 60, 580, 14, 40) + roundSeal(500, 700, 90, 90, '#d01010'), '#f6f3ee'));
  const W = PW + 2 * MARGIN;
  const H = PH + 2 * MARGIN;
  const data = Buffer.alloc(W * H * 3, surround);
  let seed = 3;
  const noise = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return ((seed >>> 8) / 0x1000000 - 0.5) * 6;
  };
  for (let y = 0; y < PH; y++) {
    for (let x = 0; x < PW; x++) {
      const f = 1 - ripple * (0.5 + 0.5 * Math.sin(x * 1.1 + y * 0.99) * Math.sin(x * 0.07 - y * 0.11));
      const n = noise();
      const i = (y * PW + x) * 3;
      const o = ((y + MARGIN) * W + x + MARGIN) * 3;
      for (let c = 0; c < 3; c++) data[o + c] = Math.max(0, Math.min(255, Math.round(sheet.data[i + c] * f + n)));
    }
  }
  const image: RgbImage = { data, width: W, height: H, channels: 3 };
  const quad: Quad8 = [MARGIN, MARGIN, MARGIN + PW - 1, MARGIN, MARGIN + PW - 1, MARGIN + PH - 1, MARGIN, MARGIN + PH - 1];
  const crop: RgbImage = { data: Buffer.from(sheet.data), width: PW, height: PH, channels: 3 };
  // The crop is the captured page itself (ripple and noise included).
  for (let y = 0; y < PH; y++) data.copy(crop.data as Buffer, y * PW * 3, ((y + MARGIN) * W + MARGIN) * 3, ((y + MARGIN) * W + MARGIN + PW) * 3);
  return { image, quad, crop };
}

function score(c: { image: RgbImage; quad: Quad8; crop: RgbImage }): number {
  return originalityScore(c.crop, QUALITY_SETTINGS, undefined, paperTraits(c.image, c.quad), inDarkSurround(c.image, c.quad));
}

test('a black surround is told from a dark table, and a page filling the frame has none', async () => {
  assert.equal(inDarkSurround((await capture(0, 18)).image, (await capture(0, 18)).quad), true);
  const table = await capture(0, 45);
  assert.equal(inDarkSurround(table.image, table.quad), false);
  const full = await capture(0, 18);
  assert.equal(inDarkSurround(full.image, [0, 0, full.image.width - 1, 0, full.image.width - 1, full.image.height - 1, 0, full.image.height - 1]), false);
});

test('a faint ripple makes a page in a black surround a photo of a screen, not one on a table', async () => {
  const screen = await capture(0.03, 18);
  const peak = paperTraits(screen.image, screen.quad).moirePeak;
  // The ripple is faint: below half the strength that alone makes a colour capture a screen.
  assert.ok(peak > QUALITY_SETTINGS.screenMoireInDark && peak < QUALITY_SETTINGS.screenMoire / 2, String(peak));
  assert.ok(score(screen) < threshold.isoriginal, String(score(screen)));
  assert.ok(score(await capture(0.03, 45)) >= threshold.isoriginal);
  // Without a ripple the black surround alone does not make a copy.
  assert.ok(score(await capture(0, 18)) >= threshold.isoriginal);
});
