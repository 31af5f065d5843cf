/**
 * Two documents in a row that the localiser returned as one: two cards side by side or one lying
 * over the other's end, of one tint, make one region (or one edge quad) as long as both. No single
 * document is that long (a receipt reaches about 2.3:1; two ID-1 cards in a row 2.5-3.2:1), and
 * the border between the two, the upper card's side, still shows as a step edge across the quad
 * for part of its length (its title band at least). The best-backed cross line that leaves two
 * document-shaped parts cuts the quad in two.
 */
import type { Quad8 } from '../ocr/types.js';
import { angleGap, aspect, type EdgeMap, quadPointsOf, type Point } from './edges.js';
import { lerp } from './geometry.js';

export interface DivideOptions {
  /** Proportions (long / short side) of a quad that is two documents in a row (two ID-1 cards touching: 3.2). */
  readonly minPairAspect: number;
  readonly maxPairAspect: number;
  /**
   * Least distance (px) of every corner from the image's border; -1 (the default) cuts quads on the
   * frame too. Cards laid in a row are often photographed, or cropped, edge to edge: their union
   * then runs into the frame and came back as one document (or, its box near the frame's, as the
   * whole image), although a quad on the frame is no more a single document at 2.5:1 than one in
   * view. A page the frame cuts long is still kept whole by the backed cross edge and the parts'
   * proportions the cut needs (a printed rule is a stroke, not a step edge).
   */
  readonly minBorderGap: number;
  /** Largest proportions of each part. */
  readonly maxPartAspect: number;
  /** Span of cut positions tried, as shares of the long side from either end. */
  readonly minCutShare: number;
  /** Largest difference of the cut's position on the two long sides (a tilted upper card), as a share of the long side. */
  readonly maxCutTilt: number;
  /** Least share of the cut backed by step edges running along it. */
  readonly minCutSupport: number;
  /**
   * ... or this share when the quad is at least `longPairAspect` long: two cards overlapping by
   * a fifth or less, the border between them shown by their title bands alone.
   */
  readonly minLongCutSupport: number;
  readonly longPairAspect: number;
  /** Degrees between a step edge's direction and the cut's within which it backs the cut. */
  readonly angleTolerance: number;
  /**
   * Proportions of a quad that is three documents in a row (three ID-1 cards touching: 4.8) ...
   * from where the pair rule ends (maxPairAspect): three cards overlapping by a fifth measure about
   * 3.5:1, and a quad between the two ranges was cut by neither.
   */
  readonly minTripleAspect: number;
  readonly maxTripleAspect: number;
  /** ... cut where each of the two cuts lies, as shares of the long side from its end ... */
  readonly tripleCutShare: readonly [number, number];
  /** ... each cut backed on at least this share. */
  readonly minTripleCutSupport: number;
  /** Least ratio of the shorter to the longer of two opposite sides of a quad cut in a row (see rowShaped). */
  readonly minOppositeRatio: number;
  /** Least proportions of a quad in the pair range tried as three when no pair cut is found (see divideCrowdedRow). */
  readonly minCrowdedAspect: number;
}

export const DEFAULT_DIVIDE_OPTIONS: DivideOptions = {
  minPairAspect: 2.5,
  maxPairAspect: 3.5,
  minBorderGap: -1,
  maxPartAspect: 2.2,
  minCutShare: 0.3,
  maxCutTilt: 0.08,
  minCutSupport: 0.3,
  minLongCutSupport: 0.1,
  longPairAspect: 2.7,
  angleTolerance: 8,
  minTripleAspect: 3.5,
  maxTripleAspect: 5.4,
  tripleCutShare: [0.2, 0.45],
  minTripleCutSupport: 0.1,
  minOppositeRatio: 0.5,
  minCrowdedAspect: 3.0,
};


/** Share of the segment a-b with a step-edge pixel within a pixel whose gradient is across the segment. */
export function cutSupport(map: EdgeMap, a: Point, b: Point, tol: number): number {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len < 2) return 0;
  // A step edge's angle is its gradient's: across the segment, i.e. along the segment's normal.
  const normal = (((Math.round((Math.atan2(b.x - a.x, -(b.y - a.y)) * 180) / Math.PI) % 180) + 180) % 180);
  const n = Math.ceil(len);
  let hits = 0;
  for (let k = 0; k <= n; k++) {
    const p = lerp(a, b, k / n);
    let hit = false;
    for (let dy = -1; dy <= 1 && !hit; dy++) {
      for (let dx = -1; dx <= 1 && !hit; dx++) {
        const x = Math.round(p.x) + dx;
        const y = Math.round(p.y) + dy;
        if (x < 0 || y < 0 || x >= map.w || y >= map.h) continue;
        const g = map.angle[y * map.w + x];
        if (g >= 0 && angleGap(g, normal) <= tol) hit = true;
      }
    }
    if (hit) hits++;
  }
  return hits / (n + 1);
}

/**
 * The long sides of a quad whose length over width lies in [minAspect, maxAspect] and that stays
 * `borderGap` pixels clear of the frame (a quad on the frame may run on beyond it): corners
 * k -> k+1 (a0 -> a1) and k+3 -> k+2 (b0 -> b1), both running the same way. null otherwise.
 */
export function longSidesOf(q: Quad8, map: EdgeMap, minAspect: number, maxAspect: number, borderGap: number, minOppositeRatio: number): { long: number; k: number; a0: Point; a1: Point; b1: Point; b0: Point } | null {
  const p = quadPointsOf(q);
  const long = aspect(p);
  if (long < minAspect || long > maxAspect || !rowShaped(p, minOppositeRatio)) return null;
  if (p.some((c) => c.x < borderGap || c.y < borderGap || c.x > map.w - 1 - borderGap || c.y > map.h - 1 - borderGap)) return null;
  const side = (k: number): number => Math.hypot(p[(k + 1) % 4].x - p[k].x, p[(k + 1) % 4].y - p[k].y);
  const k = side(0) + side(2) >= side(1) + side(3) ? 0 : 1;
  return { long, k, a0: p[k], a1: p[(k + 1) % 4], b1: p[(k + 2) % 4], b0: p[(k + 3) % 4] };
}

/**
 * Whether a quad has the shape of documents laid in a row: each side at least `minRatio` of the
 * side opposite it, as perspective leaves a row of cards (its far side a fifth or so shorter). A
 * wedge, one side a fraction of its opposite one, is no row: a region running into the frame
 * (a pale surface merged with a card) closes such a quad, and cutting it "between two cards" made
 * the card two documents (seed 921) where the whole quad had matched it.
 */
export function rowShaped(p: readonly Point[], minRatio: number): boolean {
  const d = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
  const ratio = (u: number, v: number): number => Math.min(u, v) / Math.max(u, v, 1e-9);
  return ratio(d(p[0], p[1]), d(p[2], p[3])) >= minRatio && ratio(d(p[1], p[2]), d(p[3], p[0])) >= minRatio;
}

/**
 * The two documents of a quad too long for one, cut at the best-backed cross line; null when the
 * quad is not that long or no cross line is backed enough.
 */
export function divideLongQuad(q: Quad8, map: EdgeMap, options: Partial<DivideOptions> = {}): [Quad8, Quad8] | null {
  const o = { ...DEFAULT_DIVIDE_OPTIONS, ...options };
  const sides = longSidesOf(q, map, o.minPairAspect, o.maxPairAspect, o.minBorderGap, o.minOppositeRatio);
  if (!sides) return null;
  const { long, k, a0, a1, b1, b0 } = sides;
  const best = bestCut(map, a0, a1, b0, b1, o.minCutShare, 1 - o.minCutShare, o);
  if (!best || best.s < (long >= o.longPairAspect ? o.minLongCutSupport : o.minCutSupport)) return null;
  const ca = lerp(a0, a1, best.t);
  const cb = lerp(b0, b1, best.u);
  const first = [a0, ca, cb, b0];
  const second = [ca, a1, b1, cb];
  if (aspect(first) > o.maxPartAspect || aspect(second) > o.maxPartAspect) return null;
  return [placeCorners(first, k), placeCorners(second, k)];
}

/** The cross segment between the long sides a0-a1 and b0-b1 best backed by step edges, its ends at shares t and u. */
export function bestCut(map: EdgeMap, a0: Point, a1: Point, b0: Point, b1: Point, from: number, to: number, o: DivideOptions): { s: number; t: number; u: number } | null {
  const steps = 100;
  let best: { s: number; t: number; u: number } | null = null;
  for (let i = Math.round(from * steps); i <= Math.round(to * steps); i++) {
    const t = i / steps;
    for (let j = -Math.round(o.maxCutTilt * steps); j <= Math.round(o.maxCutTilt * steps); j++) {
      const u = t + j / steps;
      const s = cutSupport(map, lerp(a0, a1, t), lerp(b0, b1, u), o.angleTolerance);
      if (!best || s > best.s) best = { s, t, u };
    }
  }
  return best;
}

/** Corners a0, a1, b1, b0 (long sides first) back to clockwise from the quad's own first corner. */
export function placeCorners(pts: readonly Point[], k: number): Quad8 {
  const out: Point[] = [];
  for (let c = 0; c < 4; c++) out[(k + c) % 4] = pts[c];
  return out.flatMap((pt) => [pt.x, pt.y]) as Quad8;
}

/**
 * Three documents in a row that the localiser returned as one (three cards side by side or
 * overlapping at their ends, of one tint): a quad 3.5-5.4 times as long as wide, no document's
 * shape, cut at the best-backed cross line in each outer part (20-45 % from either end) when both
 * are backed and every part is document-shaped. null otherwise.
 */
export function divideIntoThree(q: Quad8, map: EdgeMap, options: Partial<DivideOptions> = {}): [Quad8, Quad8, Quad8] | null {
  const o = { ...DEFAULT_DIVIDE_OPTIONS, ...options };
  const sides = longSidesOf(q, map, o.minTripleAspect, o.maxTripleAspect, o.minBorderGap, o.minOppositeRatio);
  if (!sides) return null;
  const { k, a0, a1, b1, b0 } = sides;
  const [near, far] = o.tripleCutShare;
  const first = bestCut(map, a0, a1, b0, b1, near, far, o);
  const second = bestCut(map, a0, a1, b0, b1, 1 - far, 1 - near, o);
  if (!first || !second || first.s < o.minTripleCutSupport || second.s < o.minTripleCutSupport) return null;
  const c1 = lerp(a0, a1, first.t);
  const d1 = lerp(b0, b1, first.u);
  const c2 = lerp(a0, a1, second.t);
  const d2 = lerp(b0, b1, second.u);
  const parts = [[a0, c1, d1, b0], [c1, c2, d2, d1], [c2, a1, b1, d2]];
  if (parts.some((part) => aspect(part) > o.maxPartAspect)) return null;
  return [placeCorners(parts[0], k), placeCorners(parts[1], k), placeCorners(parts[2], k)];
}

/**
 * Three cards overlapping by a quarter or more measure 3.0-3.5:1, inside the pair range, and the
 * pair rule's best cut, at one upper card's side a third of the way along, leaves a part of two
 * cards too long for one document (retired seed 20261195 image 17: three permits on a lined desk,
 * one quad of 3.49:1 returned, then the frame cut in three with the desk in the end parts). When
 * the pair rule finds no cut, such a quad is tried as three by the triple rule's tests (two backed
 * cuts, every part document-shaped); two cards in a row keep the pair rule's answer.
 */
export function divideCrowdedRow(q: Quad8, map: EdgeMap, options: Partial<DivideOptions> = {}): [Quad8, Quad8, Quad8] | null {
  const o = { ...DEFAULT_DIVIDE_OPTIONS, ...options };
  if (divideLongQuad(q, map, o)) return null;
  return divideIntoThree(q, map, { ...o, minTripleAspect: o.minCrowdedAspect });
}
