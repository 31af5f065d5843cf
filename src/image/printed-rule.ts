/**
 * A printed rule is not a border between two documents. A table's rule or a box's frame inside a
 * page is a thin line of ink with the same paper on both sides; a document's edge is a step
 * between two surfaces (the page and the desk, an upper sheet and the shadowed sheet under it).
 * The step-edge test (src/image/edges.ts) refuses most rules, but where text rows run along a rule
 * the ink on one side passes it in dashes, and the gap bridging that catches pale cards on ruled
 * paper joins those dashes into a straight, well-backed "edge" across the page: the page was then
 * refused as two documents in a row and came back as two halves. A rule also ends inside the
 * page's margins, short of the page's sides. Here the paper a little way off
 * the line on either side is compared as a whole (a bright per-channel quantile along the line):
 * text and ink darken some of those samples, the paper's tint is what the brighter ones show.
 */
import type { Point } from './geometry.js';
import type { RgbImage } from './types.js';

export interface PrintedRuleOptions {
  /** Distances (working pixels) from the line at which the paper is sampled on either side. */
  readonly offsets: readonly number[];
  /** Samples along the line, spread over its middle part (from `margin` to 1 - `margin`). */
  readonly samples: number;
  readonly margin: number;
  /**
   * Quantile of each side's samples, per channel, taken as its paper: ink darkens the samples of a
   * side that text rows crowd (blurred to grey at the working scale), the paper is the brighter part.
   */
  readonly paperQuantile: number;
  /** Largest difference (sum over channels) of the two sides' paper for a rule. */
  readonly maxTintDifference: number;
  /** Length of the run checked at each end of the line: this share of it, at least minEndRun px ... */
  readonly endShare: number;
  readonly minEndRun: number;
  /** ... and the least share of each end run a border's step edges back (a rule's margin: none). */
  readonly minEndSupport: number;
}

export const DEFAULT_PRINTED_RULE_OPTIONS: PrintedRuleOptions = {
  offsets: [4, 6, 9, 12],
  samples: 32,
  margin: 0.1,
  paperQuantile: 0.8,
  maxTintDifference: 12,
  endShare: 0.05,
  minEndRun: 5,
  minEndSupport: 0.15,
};

/** The value `share` of the way up the sorted values (sorts them in place); 0 for none. */
export function quantile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor(values.length * share))];
}

/**
 * Difference (sum over channels) between the paper colours (a bright quantile) of the two sides of segment p-q,
 * sampled at the given offsets along its normal; null when too few samples lie in the image.
 */
export function tintAcross(img: RgbImage, p: Point, q: Point, o: PrintedRuleOptions = DEFAULT_PRINTED_RULE_OPTIONS): number | null {
  const len = Math.hypot(q.x - p.x, q.y - p.y);
  if (len < 2) return null;
  const nx = -(q.y - p.y) / len;
  const ny = (q.x - p.x) / len;
  const sides: [number[], number[], number[]][] = [[[], [], []], [[], [], []]];
  for (let s = 0; s < o.samples; s++) {
    const f = o.margin + ((1 - 2 * o.margin) * (s + 0.5)) / o.samples;
    const x = p.x + (q.x - p.x) * f;
    const y = p.y + (q.y - p.y) * f;
    for (const d of o.offsets) {
      for (const [k, sign] of [[0, 1], [1, -1]] as const) {
        const xi = Math.round(x + sign * d * nx);
        const yi = Math.round(y + sign * d * ny);
        if (xi < 0 || yi < 0 || xi >= img.width || yi >= img.height) continue;
        const j = (yi * img.width + xi) * 3;
        for (let c = 0; c < 3; c++) sides[k][c].push(img.data[j + c]);
      }
    }
  }
  const least = (o.samples * o.offsets.length) / 2;
  if (sides[0][0].length < least || sides[1][0].length < least) return null;
  let diff = 0;
  for (let c = 0; c < 3; c++) diff += Math.abs(quantile(sides[0][c], o.paperQuantile) - quantile(sides[1][c], o.paperQuantile));
  return diff;
}

/**
 * Whether segment p-q is a printed rule, not a document's edge: the same paper on both sides, and
 * its backing stops short of at least one end (`endSupport`: the share of each end run, see
 * `endRun`, that step edges back). A rule is printed within the page's margins, so it ends a few
 * millimetres before the page's sides; the border between two documents in a row runs from side
 * to side of their union, and two certificates of one stock overlapping show the same paper on
 * both sides of the upper one's edge too, so the tint alone would join them.
 */
export function isPrintedRule(img: RgbImage, p: Point, q: Point, endSupport: readonly [number, number], o: PrintedRuleOptions = DEFAULT_PRINTED_RULE_OPTIONS): boolean {
  if (Math.min(endSupport[0], endSupport[1]) >= o.minEndSupport) return false;
  const diff = tintAcross(img, p, q, o);
  return diff !== null && diff <= o.maxTintDifference;
}

/** Share of a segment of length `length` (px) checked at each end for backing. */
export function endRun(length: number, o: PrintedRuleOptions = DEFAULT_PRINTED_RULE_OPTIONS): number {
  return Math.min(0.5, Math.max(o.endShare, o.minEndRun / Math.max(1, length)));
}
