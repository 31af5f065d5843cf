/**
 * The paper on either side of a cut between two neighbouring parts of a frame divided into
 * documents in a row (documents.ts frameInRow). frame-row.ts compares each part's whole box, but
 * cards in a row on a desk of papers leave much of each box to the ruled papers and desk around
 * them: both boxes then reach one paper level, and two cards of different tints (a beige permit
 * beside a white licence, 20 levels apart) came back as the whole frame (dev /tmp/s14/a2 image
 * 184: whole boxes 9 levels apart). Next to the cut, on each side, lies the document the cut
 * closes, so a strip of each part along the cut shows its own stock; one sheet cut at a table's
 * column rule or a print column has the same paper there on both sides.
 */
import type { Quad8 } from '../ocr/types.js';
import { quadPointsOf, type Point } from './edges.js';
import { MIN_STOCK_STEP, stockColour, stockStep } from './frame-row.js';
import { lerp } from './geometry.js';
import type { RgbImage } from './types.js';

/**
 * Width of the strip sampled beside the cut, as a share of the part's extent across the cut: wide
 * enough for the stock sampler's brightest fifth to be paper, not the cut's shadow, and narrow
 * enough to stay on the document the cut closes (a card is at least half of its part).
 */
export const CUT_STRIP_SHARE = 0.15;

/** Corners closer than this (px) are one: the parts of a divided quad share their cut's ends exactly. */
const SHARED_CORNER_TOLERANCE = 1;

/**
 * The strip of `part` along the side it shares with `neighbour`, `share` of the way to its
 * opposite side; null when the two share no side (a part trimmed at its cut, or not neighbours).
 */
export function stripBesideCut(part: Quad8, neighbour: Quad8, share: number = CUT_STRIP_SHARE): Quad8 | null {
  const own = quadPointsOf(part);
  const theirs = quadPointsOf(neighbour);
  const isShared = (p: Point): boolean => theirs.some((q) => Math.hypot(p.x - q.x, p.y - q.y) <= SHARED_CORNER_TOLERANCE);
  const shared = own.map((p, i) => (isShared(p) ? i : -1)).filter((i) => i >= 0);
  if (shared.length !== 2) return null;
  const [i, j] = shared;
  // The shared corners are neighbours on the quad: each one's other neighbour is across the part.
  if ((i + 1) % 4 !== j && (j + 1) % 4 !== i) return null;
  const across = (k: number, other: number): Point => own[(k + 1) % 4 === other ? (k + 3) % 4 : (k + 1) % 4];
  const a = own[i];
  const b = own[j];
  const a2 = lerp(a, across(i, j), share);
  const b2 = lerp(b, across(j, i), share);
  return [a.x, a.y, a2.x, a2.y, b2.x, b2.y, b.x, b.y];
}

/**
 * Whether, for every two neighbouring parts (in the order given), the paper in the strips beside
 * their cut differs by at least `minStep` (frame-row.ts stockStep, as neighboursDiffer).
 */
export function papersBesideCutsDiffer(img: RgbImage, parts: readonly Quad8[], minStep: number = MIN_STOCK_STEP): boolean {
  if (parts.length < 2) return false;
  for (let k = 1; k < parts.length; k++) {
    const first = stripBesideCut(parts[k - 1], parts[k]);
    const second = stripBesideCut(parts[k], parts[k - 1]);
    if (!first || !second) return false;
    if (stockStep(stockColour(img, first), stockColour(img, second)) < minStep) return false;
  }
  return true;
}
