/**
 * Two documents side by side, or one lying over the other's edge at another angle, that the
 * localiser returned as one quad of a single document's proportions: two portrait cards side by
 * side make a landscape quad of about 1.3:1, a receipt beside a card about 1.9:1, a page and the
 * receipt under it 1.2:1. The row rule (divide.ts) only cuts quads of 2.5:1 and longer, and
 * proportions alone cannot tell such a union from one sheet. Its outline can: the union's long
 * sides run along two sheets, at two angles or offsets, and neither is one straight border,
 * while a lone sheet's long sides are each backed by its own step edge along most of their
 * length (dev sets /tmp/s13/a1 and a2: every lone sheet whose best cross cut was as well backed
 * had a long side backed on 58 % or more; the four unions had both long sides under 42 %). Such
 * a quad is cut at its best-backed cross line (the upper sheet's side) when both parts are
 * document-shaped. A quad on the frame has no backed sides to judge and is never cut here.
 */
import type { Quad8 } from '../ocr/types.js';
import { aspect, type EdgeMap, type Point } from './edges.js';
import { bestCut, cutSupport, DEFAULT_DIVIDE_OPTIONS, longSidesOf, placeCorners } from './divide.js';
import { lerp } from './geometry.js';

export interface MergedPairOptions {
  /** Proportions (long / short) of a quad tried: below the row rule's least (divide.ts minPairAspect). */
  readonly minAspect: number;
  readonly maxAspect: number;
  /** Most share of each long side backed by step edges along it: a union's long sides are two sheets' broken borders. */
  readonly maxLongSideSupport: number;
  /**
   * Most share of each long side's stretch beside one part (between the cut and the quad's end)
   * backed by step edges, when the whole long sides are backed more: a receipt under a card's end
   * at another angle leaves the union's long sides on the card's borders, backed along the card
   * and bare along the receipt only (see unbackedPart).
   */
  readonly maxPartSideSupport: number;
  /** ... and then the least share of the cut backed: the upper sheet's side, all along it. */
  readonly minFirmCutSupport: number;
  /** Least distance (px) of every corner from the frame: a quad on the frame has no sides of its own to judge. */
  readonly minBorderGap: number;
  /** Span of cut positions tried, as shares of the long side from either end. */
  readonly minCutShare: number;
  /**
   * Least share of the cut backed by step edges along it (the upper sheet's side, a step only
   * where it crosses the lower sheet's paper, not its print: 30-34 % on four unions of the retired
   * sets, docs/classify.md).
   */
  readonly minCutSupport: number;
  /** Least and largest proportions of each part: a card (1.59), a page (1.41), a receipt (up to about 2.3). */
  readonly minPartAspect: number;
  readonly maxPartAspect: number;
  /** Least proportions of each part when the paper either side of the cut is different stock. */
  readonly minStockPartAspect: number;
  /**
   * Most share of each long side backed for a wedge to be tried as a union (see bareSides): long
   * sides both next to unbacked are no sheet's own outline.
   */
  readonly maxBareLongSideSupport: number;
  /** Least ratio of such a wedge's short sides to each other (a card beside a page twice its height: 0.45). */
  readonly minBareSideRatio: number;
}

export const DEFAULT_MERGED_PAIR_OPTIONS: MergedPairOptions = {
  minAspect: 1.0,
  maxAspect: DEFAULT_DIVIDE_OPTIONS.minPairAspect,
  maxLongSideSupport: 0.5,
  maxPartSideSupport: 0.35,
  minFirmCutSupport: 0.8,
  minBorderGap: 2,
  minCutShare: 0.25,
  minCutSupport: 0.3,
  minPartAspect: 1.2,
  maxPartAspect: 2.4,
  maxBareLongSideSupport: 0.15,
  minBareSideRatio: 0.3,
  minStockPartAspect: 1.0,
};

/**
 * The two documents of a quad that is two sheets side by side or overlapping (see the file's
 * comment), in the quad's pixels; null when the quad is not of those proportions, lies on the
 * frame, has a well-backed long side, or no backed cut leaves two document-shaped parts (or parts
 * of two sizes with different paper either side of the cut).
 */
export function divideMergedPair(q: Quad8, map: EdgeMap, options: Partial<MergedPairOptions> = {}, cues: PairCues = {}): [Quad8, Quad8] | null {
  const o = { ...DEFAULT_MERGED_PAIR_OPTIONS, ...options };
  const strict = longSidesOf(q, map, o.minAspect, o.maxAspect, o.minBorderGap, DEFAULT_DIVIDE_OPTIONS.minOppositeRatio);
  // A wedge is tried only when its long sides are bare, and cut only where the paper either side differs (bareSides).
  const sides = strict ?? (cues.differentStock ? bareSides(q, map, o) : null);
  // Up to the row rule's least proportion, not including it: from there on the row rule decides.
  if (!sides || sides.long >= o.maxAspect) return null;
  const { k, a0, a1, b1, b0 } = sides;
  const tol = DEFAULT_DIVIDE_OPTIONS.angleTolerance;
  const longBacking = Math.max(cutSupport(map, a0, a1, tol), cutSupport(map, b0, b1, tol));
  const broken = longBacking <= o.maxLongSideSupport;
  // A long side bare beside a part at least minCutShare long is backed on no more than this in
  // all: most sheets are refused here, before the costly search for the cut.
  if (!broken && longBacking > 1 - o.minCutShare * (1 - o.maxPartSideSupport)) return null;
  const best = bestCut(map, a0, a1, b0, b1, o.minCutShare, 1 - o.minCutShare, DEFAULT_DIVIDE_OPTIONS);
  if (!best || best.s < o.minCutSupport) return null;
  const ca = lerp(a0, a1, best.t);
  const cb = lerp(b0, b1, best.u);
  const parts: Point[][] = [[a0, ca, cb, b0], [ca, a1, b1, cb]];
  if (parts.some((part) => aspect(part) < o.minStockPartAspect || aspect(part) > o.maxPartAspect)) return null;
  const placed: [Quad8, Quad8] = [placeCorners(parts[0], k), placeCorners(parts[1], k)];
  const shaped = strict !== null && parts.every((part) => aspect(part) >= o.minPartAspect);
  if (shaped && broken) return placed;
  if (shaped && best.s >= o.minFirmCutSupport && unbackedPart(map, [a0, ca, a1], [b0, cb, b1], o.maxPartSideSupport)) return placed;
  // Two sheets side by side whose long sides happen to line up leave the union's long sides
  // backed along both; the paper either side of the cut then tells them apart, when it is
  // different stock (a white receipt beside a grey card). Two sheets of different sizes leave
  // their union's height to both parts, the smaller one's part too squat for a document or the
  // union a wedge: different stock either side of the cut stands in for the part's shape too,
  // when the long sides are broken or the cut firm, as for parts of a document's shape.
  if (!broken && best.s < o.minFirmCutSupport) return null;
  return cues.differentStock?.(placed) ? placed : null;
}

/**
 * The long sides of a wedge the tests above refuse, when both are backed on at most
 * `maxBareLongSideSupport`: two sheets of different heights side by side leave their union's
 * outline a wedge (its short sides the two sheets' heights, its long sides running from one
 * sheet's corner to the other's along neither border). A lone sheet's quad keeps its own borders
 * along its long sides. Still clear of the frame: a card merged with the pale surface running into
 * the frame makes a quad bare along both long sides too, and a cut at its portrait's edge made
 * the card two documents (retired seed 20261174 image 87).
 */
function bareSides(q: Quad8, map: EdgeMap, o: MergedPairOptions): ReturnType<typeof longSidesOf> {
  const sides = longSidesOf(q, map, o.minAspect, o.maxAspect, o.minBorderGap, o.minBareSideRatio);
  if (!sides) return null;
  const tol = DEFAULT_DIVIDE_OPTIONS.angleTolerance;
  const { a0, a1, b1, b0 } = sides;
  return Math.max(cutSupport(map, a0, a1, tol), cutSupport(map, b0, b1, tol)) <= o.maxBareLongSideSupport ? sides : null;
}

/** What the caller can tell of the image beyond its step edges. */
export interface PairCues {
  /** Whether the paper either side of the cut between two parts is different stock (cut-sides.ts). */
  readonly differentStock?: (parts: readonly [Quad8, Quad8]) => boolean;
}

/**
 * Whether the long sides' stretches beside one part of a cut quad (a0-ca and b0-cb, or ca-a1 and
 * cb-b1) are both backed on at most `maxSupport`: the union's straight sides run along the other
 * sheet's borders and miss this one's, which lies at another angle or offset. A lone sheet's own
 * borders back both stretches beside either part.
 */
function unbackedPart(map: EdgeMap, [a0, ca, a1]: readonly Point[], [b0, cb, b1]: readonly Point[], maxSupport: number): boolean {
  const tol = DEFAULT_DIVIDE_OPTIONS.angleTolerance;
  const bare = (p: Point, q: Point, r: Point, t: Point): boolean => cutSupport(map, p, q, tol) <= maxSupport && cutSupport(map, r, t, tol) <= maxSupport;
  return bare(a0, ca, b0, cb) || bare(ca, a1, cb, b1);
}
