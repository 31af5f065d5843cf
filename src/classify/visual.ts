/**
 * Cheap visual cues of an upright document crop, used alongside its text: a portrait photo (the
 * right part of a card that is picture, not paper or text) and the national emblem (red and gold
 * in the upper left of the card's emblem side).
 */
import { rgbToHsv } from '../image/ops.js';
import type { RgbImage } from '../image/types.js';
import type { Quad8 } from '../ocr/types.js';

function boxShare(img: RgbImage, fx0: number, fy0: number, fx1: number, fy1: number, test: (h: number, s: number, v: number) => boolean): number {
  const x0 = Math.floor(img.width * fx0);
  const x1 = Math.ceil(img.width * fx1);
  const y0 = Math.floor(img.height * fy0);
  const y1 = Math.ceil(img.height * fy1);
  const step = Math.max(1, Math.floor(Math.min(x1 - x0, y1 - y0) / 80));
  let n = 0;
  let hit = 0;
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      const p = (y * img.width + x) * 3;
      const [h, s, v] = rgbToHsv(img.data[p], img.data[p + 1], img.data[p + 2]);
      n++;
      if (test(h, s, v)) hit++;
    }
  }
  return n === 0 ? 0 : hit / n;
}

/** Whether most of the card's right part is picture: dark or saturated, not text lines. */
export function hasPortrait(upright: RgbImage, lines: readonly Quad8[]): boolean {
  const share = boxShare(upright, 0.62, 0.08, 0.97, 0.75, (_h, s, v) => v < 0.45 || (s > 0.3 && v < 0.85));
  // Text lines crossing that region would also be dark; a photo region holds few of them.
  const inRegion = lines.filter((q) => {
    const cx = (q[0] + q[2] + q[4] + q[6]) / 4 / upright.width;
    const cy = (q[1] + q[3] + q[5] + q[7]) / 4 / upright.height;
    return cx > 0.65 && cy > 0.1 && cy < 0.7;
  }).length;
  return share > 0.25 && inRegion <= 2;
}

/** Whether the upper left holds red and gold together, as the national emblem does. */
export function hasEmblem(upright: RgbImage): boolean {
  const red = boxShare(upright, 0.02, 0.04, 0.32, 0.5, (h, s, v) => (h > 340 || h < 15) && s > 0.45 && v > 0.35);
  const gold = boxShare(upright, 0.02, 0.04, 0.32, 0.5, (h, s, v) => h > 35 && h < 65 && s > 0.4 && v > 0.5);
  return red > 0.04 && gold > 0.01;
}
