/**
 * The 0/180 line classifier (PP-OCR mobile v2 cls): is a line crop upside down? Input is the
 * crop resized to 48 high and at most 192 wide (longer lines are squeezed, as PaddleOCR does),
 * normalised to [-1, 1] and padded right with 0.
 */
import { type Pixels, resizePixels } from '../image/warp.js';

export const CLS_HEIGHT = 48;
export const CLS_WIDTH = 192;

export interface LineAngle {
  readonly angle: 0 | 180;
  /** Probability of `angle`, in [0.5, 1]. */
  readonly score: number;
  /** Probability that the line is upside down, in [0, 1]. */
  readonly p180: number;
}

/** One batch tensor [n, 3, 48, 192] for the given crops. */
export function classifierInput(crops: readonly Pixels[]): Float32Array {
  const plane = CLS_HEIGHT * CLS_WIDTH;
  const tensor = new Float32Array(crops.length * plane * 3);
  crops.forEach((crop, i) => {
    const ratio = crop.width / Math.max(crop.height, 1);
    const w = Math.max(1, Math.min(CLS_WIDTH, Math.ceil(CLS_HEIGHT * ratio)));
    const img = crop.width === w && crop.height === CLS_HEIGHT ? crop : resizePixels(crop, w, CLS_HEIGHT);
    for (let c = 0; c < 3; c++) {
      const src = 2 - c; // B, G, R
      const base = (i * 3 + c) * plane;
      for (let y = 0; y < CLS_HEIGHT; y++) {
        for (let x = 0; x < w; x++) tensor[base + y * CLS_WIDTH + x] = img.data[(y * w + x) * 3 + src]! / 127.5 - 1;
      }
    }
  });
  return tensor;
}

/** Reads the classifier's [n, 2] softmax (class 0 = upright, class 1 = turned 180). */
export function classifierOutput(probs: Float32Array, n: number): LineAngle[] {
  const out: LineAngle[] = [];
  for (let i = 0; i < n; i++) {
    const p0 = probs[i * 2]!, p1 = probs[i * 2 + 1]!;
    out.push(p1 > p0 ? { angle: 180, score: p1, p180: p1 } : { angle: 0, score: p0, p180: p1 });
  }
  return out;
}
