/**
 * Whether the parts a frame was divided into are different stock. A frame cut into documents in
 * a row (documents.ts frameInRow) has no outline of its own to back the cut: only the step edge
 * the cut runs along. Columns of print or a table's thick rules give such edges inside one sheet
 * too, so a frame is taken for two documents only when the paper either side differs as well
 * (two cards of different tints; a white receipt beside a tinted card). Two cards of one tint
 * filling a frame stay one document: nothing but a seam tells them apart there.
 */
import type { Quad8 } from '../ocr/types.js';
import { quantile } from './printed-rule.js';
import type { RgbImage } from './types.js';

/** Samples taken along each side of a part's box. */
const STOCK_SAMPLES = 48;

/** Share of a part's samples brighter than its stock level (the print and shadows are darker). */
const STOCK_QUANTILE = 0.2;

/**
 * Least colour difference (sum over the three channels) between two neighbouring parts' stock
 * for them to be two documents: about what the edge detector takes for a document's edge.
 */
export const MIN_STOCK_STEP = 15;

/** The level of the paper in a quad's axis box: per channel, the value the brightest fifth of samples reach. */
export function stockColour(img: RgbImage, q: Quad8): [number, number, number] {
  const xs = [q[0], q[2], q[4], q[6]];
  const ys = [q[1], q[3], q[5], q[7]];
  const x0 = Math.max(0, Math.min(...xs));
  const x1 = Math.min(img.width - 1, Math.max(...xs));
  const y0 = Math.max(0, Math.min(...ys));
  const y1 = Math.min(img.height - 1, Math.max(...ys));
  const channels: number[][] = [[], [], []];
  for (let a = 0; a < STOCK_SAMPLES; a++) {
    for (let b = 0; b < STOCK_SAMPLES; b++) {
      const x = Math.round(x0 + ((x1 - x0) * (a + 0.5)) / STOCK_SAMPLES);
      const y = Math.round(y0 + ((y1 - y0) * (b + 0.5)) / STOCK_SAMPLES);
      const j = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++) channels[c].push(img.data[j + c]);
    }
  }
  const level = (values: number[]): number => quantile(values, 1 - STOCK_QUANTILE);
  return [level(channels[0]), level(channels[1]), level(channels[2])];
}

/** How far two stock colours lie apart: the sum over channels of their level differences. */
export function stockStep(a: readonly [number, number, number], b: readonly [number, number, number]): number {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
}

/** Whether every two neighbouring parts (in the order given) differ in stock by at least `minStep`. */
export function neighboursDiffer(img: RgbImage, parts: readonly Quad8[], minStep: number = MIN_STOCK_STEP): boolean {
  const stocks = parts.map((q) => stockColour(img, q));
  for (let k = 1; k < stocks.length; k++) {
    if (stockStep(stocks[k - 1], stocks[k]) < minStep) return false;
  }
  return true;
}
