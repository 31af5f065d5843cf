/**
 * Documents found by their straight edges rather than by their paper's brightness. Cards lying on
 * a desk of other papers, or overlapping cards and sheets, are all "paper" to a brightness mask and
 * merge into one region; what still tells them apart is the straight step in colour along each
 * document's border. This module finds those steps, fits lines through them (a Hough transform in
 * which every edge pixel votes only near its own gradient direction) and closes quadrilaterals
 * whose four sides are each mostly backed by such a step.
 *
 * Printed rules, table frames and text are strokes, not steps: the colour a few pixels to either
 * side of a stroke is the same paper, so they are left out before any line is fitted.
 */
import type { Quad8 } from '../ocr/types.js';
import { type CollinearSideRule, DEFAULT_COLLINEAR_SIDE_RULE, isEcho } from './collinear-sides.js';
import { cornerHolds, fadedCorner, type FadedCornerRule, hiddenCorner, type HiddenCornerRule, weakCardSide, type WeakSideRule } from './card-closing.js';
import { lineOffset, signedArea, type Point } from './geometry.js';
import { clipConvex, clockwise, polygonArea, type Vertex } from './polygon.js';
import { endRun, isPrintedRule } from './printed-rule.js';
import type { RgbImage } from './types.js';

export interface EdgeQuadOptions {
  /** Least Sobel magnitude (strongest channel, 3x3 box-smoothed image) of an edge pixel. */
  readonly minEdgeStrength: number;
  /** Distance in pixels at which the two sides of an edge are compared. */
  readonly stepOffset: number;
  /** Least colour difference (sum over channels) between the two sides of a document edge. */
  readonly minStep: number;
  /** Degrees around its gradient direction within which an edge pixel votes and supports lines. */
  readonly angleTolerance: number;
  /** Most lines kept from the Hough space. */
  readonly maxLines: number;
  /** Longest break (samples) in a line's backing, between backed samples, that still counts as backed. */
  readonly maxBridgedGap: number;
  /** A quad of card proportions may have one side backed less than minSideSupport (card-closing.ts). */
  readonly weakCardSide: WeakSideRule;
  /** One corner of a quad may lie under a document lying over it (card-closing.ts hiddenCorner). */
  readonly hiddenCorner: HiddenCornerRule;
  /** ... or, for a card, where its background is lit as bright as the card (card-closing.ts fadedCorner). */
  readonly fadedCorner: FadedCornerRule;
  /** Least distance (px) between two kept lines of nearly one direction. */
  readonly minLineGap: number;
  /** Most lines kept within one 10-degree band of directions. */
  readonly maxLinesPerDirection: number;
  /** Shortest side of a quad, as a share of the image's shorter side. */
  readonly minSideFraction: number;
  /** Largest angle between two opposite sides (perspective), degrees. */
  readonly maxOppositeAngle: number;
  /** Least share of every side backed by edge pixels (an overlapping document hides some). */
  readonly minSideSupport: number;
  /** Length near each corner whose backing is checked: this share of the side, at least minCornerRun px. */
  readonly cornerRunShare: number;
  readonly minCornerRun: number;
  /** Least backing of a side near each of its corners. */
  readonly minCornerSupport: number;
  /** Backing of a side's line past both its corners above which it may be a stripe crossing ... */
  readonly maxRunOn: number;
  /** ... and then the least backing of the sides it meets near their corners. */
  readonly minFirmCorner: number;
  /** Least mean share of the four sides backed by edge pixels. */
  readonly minMeanSupport: number;
  /** Smallest quad, as a share of the image area. */
  readonly minAreaFraction: number;
  /** Proportions (long / short side) of a card lying on a sheet, with perspective. */
  readonly cardAspect: readonly [number, number];
  /** Largest share of the sheet such a card covers. */
  readonly maxCardShareOfSheet: number;
  /** Least brightness of such a card's stock, as a share of the sheet's. */
  readonly minCardBrightness: number;
  /** Least distance of its corners from the sheet's sides, as a share of the image's shorter side. */
  readonly minCardMargin: number;
  /**
   * A quad whose stock is darker than this share of the paper just outside it, with that paper
   * at least `minSurroundingPaper` bright, is a picture printed on a page (an X-ray, a photo).
   */
  readonly maxPictureBrightness: number;
  readonly minSurroundingPaper: number;
  /** Least share of a quad each side of an edge crossing it must keep for the quad to be two. */
  readonly minDividedShare: number;
  /** Largest proportions (long / short side) of each part of a quad cut in two. */
  readonly maxPartAspect: number;
  /** Least share of such a crossing edge backed by edge pixels. */
  readonly minDividerSupport: number;
  /** Share of the smaller of two quads they may have in common and both be kept. */
  readonly maxOverlap: number;
  /** How far (share of the shorter side) a corner may lie outside the image. */
  readonly cornerMargin: number;
  /** Move each Hough line to the best-backed line next to it (bestBackedNear); costs ~25 line scans a line. */
  readonly refineLines?: boolean;
  /** Keep a side of a document in a row that lies almost on a kept line (collinear-sides.ts); absent: every such peak is an echo. */
  readonly collinearSides?: CollinearSideRule;
}

export const DEFAULT_EDGE_QUAD_OPTIONS: EdgeQuadOptions = {
  minEdgeStrength: 28,
  stepOffset: 3,
  minStep: 12,
  angleTolerance: 3,
  maxLines: 48,
  maxLinesPerDirection: 12,
  maxBridgedGap: 3,
  weakCardSide: { cardAspect: [1.3, 1.75], minWeakSide: 0.25, minOtherSides: 0.85 },
  hiddenCorner: { minBareSide: 0.8, minRunningSide: 0.6 },
  fadedCorner: { cardAspect: [1.3, 1.75], minFadingSide: 0.7, minOtherSides: 0.85 },
  minLineGap: 6,
  minSideFraction: 0.12,
  maxOppositeAngle: 14,
  minSideSupport: 0.5,
  minMeanSupport: 0.75,
  cornerRunShare: 0.12,
  minCornerRun: 6,
  minCornerSupport: 0.25,
  maxRunOn: 0.5,
  minFirmCorner: 0.6,
  minAreaFraction: 0.04,
  maxOverlap: 0.3,
  cardAspect: [1.45, 1.75],
  maxCardShareOfSheet: 0.5,
  minCardMargin: 0.02,
  minCardBrightness: 0.75,
  maxPictureBrightness: 0.6,
  minSurroundingPaper: 170,
  minDividedShare: 0.25,
  minDividerSupport: 0.7,
  maxPartAspect: 2.4,
  cornerMargin: 0.01,
  collinearSides: DEFAULT_COLLINEAR_SIDE_RULE,
};

/**
 * Whether the corner between sides `before` and `after` is a card's corner faded into a background
 * as bright as the card (card-closing.ts fadedCorner), with either side the fading one.
 */
function cornerFaded(backing: readonly number[], near: readonly (readonly [number, number])[], beyond: readonly (readonly [number, number])[], before: number, after: number, quadAspect: number, o: EdgeQuadOptions): boolean {
  const othersThan = (side: number): number[] => backing.filter((_, n) => n !== side);
  return fadedCorner({ side: backing[before], near: near[before][1] }, { near: near[after][0], beyond: beyond[after][0] }, othersThan(before), quadAspect, o.fadedCorner, o)
    || fadedCorner({ side: backing[after], near: near[after][0] }, { near: near[before][1], beyond: beyond[before][1] }, othersThan(after), quadAspect, o.fadedCorner, o);
}

/** A quad closed by four supported edges, with the length of its border they back. */
export interface EdgeQuad {
  /** Corners clockwise from top-left, in the pixels of the image searched. */
  readonly quad: Quad8;
  readonly area: number;
  /** Pixels of border backed by edge evidence (longer, better-backed borders score higher). */
  readonly score: number;
  /** Least share of one side backed by edge pixels. */
  readonly minSupport: number;
  /** Closed as a card from three firm sides and one weak one (card-closing.ts weakCardSide). */
  readonly weakCardSide?: boolean;
}

export interface EdgeMap {
  readonly w: number;
  readonly h: number;
  /** Gradient direction of each step-edge pixel in whole degrees [0, 180), -1 where none. */
  readonly angle: Int16Array;
}

/** 3x3 box blur per channel (separable, edges clamped): cloth weave, wood grain and JPEG noise stop looking like edges. */
function smooth(img: RgbImage): Float32Array {
  const { width: w, height: h } = img;
  const rows = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const row = y * w * 3;
    for (let x = 0; x < w; x++) {
      const l = row + Math.max(0, x - 1) * 3;
      const m = row + x * 3;
      const r = row + Math.min(w - 1, x + 1) * 3;
      rows[m] = (img.data[l] + img.data[m] + img.data[r]) / 3;
      rows[m + 1] = (img.data[l + 1] + img.data[m + 1] + img.data[r + 1]) / 3;
      rows[m + 2] = (img.data[l + 2] + img.data[m + 2] + img.data[r + 2]) / 3;
    }
  }
  const out = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w * 3;
    const mid = y * w * 3;
    const down = Math.min(h - 1, y + 1) * w * 3;
    for (let k = 0; k < w * 3; k++) out[mid + k] = (rows[up + k] + rows[mid + k] + rows[down + k]) / 3;
  }
  return out;
}

/** Sum over channels of the colour difference between two pixels (offsets into an RGB plane). */
function colourDiff(s: Float32Array, a: number, b: number): number {
  return Math.abs(s[a] - s[b]) + Math.abs(s[a + 1] - s[b + 1]) + Math.abs(s[a + 2] - s[b + 2]);
}

/**
 * Step edges: Sobel on the channel that changes most, thinned to the ridge along the gradient,
 * kept only where the two sides of the edge differ in colour (a border between two surfaces, not a
 * printed stroke on one).
 */
export function stepEdges(img: RgbImage, o: EdgeQuadOptions): EdgeMap {
  const { width: w, height: h } = img;
  const s = smooth(img);
  const mag = new Float32Array(w * h);
  const gxs = new Float32Array(w * h);
  const gys = new Float32Array(w * h);
  const stride = w * 3;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const centre = (y * w + x) * 3;
      let best = 0;
      let bx = 0;
      let by = 0;
      for (let c = 0; c < 3; c++) {
        const q = centre + c;
        const nw = s[q - stride - 3];
        const n = s[q - stride];
        const ne = s[q - stride + 3];
        const west = s[q - 3];
        const east = s[q + 3];
        const sw = s[q + stride - 3];
        const so = s[q + stride];
        const se = s[q + stride + 3];
        const gx = ne + 2 * east + se - nw - 2 * west - sw;
        const gy = sw + 2 * so + se - nw - 2 * n - ne;
        const m = gx * gx + gy * gy;
        if (m > best) {
          best = m;
          bx = gx;
          by = gy;
        }
      }
      const i = y * w + x;
      mag[i] = Math.sqrt(best);
      gxs[i] = bx;
      gys[i] = by;
    }
  }
  const angle = new Int16Array(w * h).fill(-1);
  const d = o.stepOffset;
  // A stroke, or a double rule, up to a few pixels wide has the same paper on both sides at one of
  // these distances; a border between two surfaces differs at all of them.
  const distances = [d, d + 2, d + 5];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const m = mag[i];
      if (m < o.minEdgeStrength) continue;
      const nx = gxs[i] / m;
      const ny = gys[i] / m;
      // Thin to the ridge: the pixel must be the strongest of its two neighbours across the edge.
      const sx = Math.round(nx);
      const sy = Math.round(ny);
      if (mag[i + sy * w + sx] > m || mag[i - sy * w - sx] > m) continue;
      let step = Infinity;
      for (const dist of distances) {
        const ax = Math.round(x + nx * dist);
        const ay = Math.round(y + ny * dist);
        const bx = Math.round(x - nx * dist);
        const by = Math.round(y - ny * dist);
        if (ax < 0 || ay < 0 || bx < 0 || by < 0 || ax >= w || bx >= w || ay >= h || by >= h) {
          step = 0;
          break;
        }
        step = Math.min(step, colourDiff(s, (ay * w + ax) * 3, (by * w + bx) * 3));
        if (step < o.minStep) break;
      }
      if (step < o.minStep) continue;
      const deg = Math.round((Math.atan2(ny, nx) * 180) / Math.PI);
      angle[i] = ((deg % 180) + 180) % 180;
    }
  }
  return { w, h, angle };
}

/** A line x cos t + y sin t = rho, with how many of its samples an edge pixel backs. */
export interface Line {
  readonly theta: number;
  readonly rho: number;
  readonly cos: number;
  readonly sin: number;
  /** Offset of the first sample along the line's direction. */
  readonly t0: number;
  /** prefix[k] = backed samples among the first k. */
  readonly prefix: Uint32Array;
}

const COS = Float64Array.from({ length: 180 }, (_, k) => Math.cos((k * Math.PI) / 180));
const SIN = Float64Array.from({ length: 180 }, (_, k) => Math.sin((k * Math.PI) / 180));

export function angleGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 180;
  return Math.min(d, 180 - d);
}

/** The strongest lines of the Hough space, apart from each other. */
export function houghLines(map: EdgeMap, o: EdgeQuadOptions, minVotes: number): Line[] {
  const { w, h, angle } = map;
  const diag = Math.ceil(Math.hypot(w, h));
  const span = 2 * diag + 1;
  const acc = new Uint32Array(180 * span);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = angle[y * w + x];
      if (a < 0) continue;
      for (let k = a - o.angleTolerance; k <= a + o.angleTolerance; k++) {
        const t = ((k % 180) + 180) % 180;
        const rho = Math.round(x * COS[t] + y * SIN[t]);
        acc[t * span + rho + diag]++;
      }
    }
  }
  const peaks: { t: number; r: number; v: number }[] = [];
  for (let t = 0; t < 180; t++) {
    for (let r = 0; r < span; r++) {
      const v = acc[t * span + r];
      if (v >= minVotes) peaks.push({ t, r: r - diag, v });
    }
  }
  peaks.sort((a, b) => b.v - a.v);
  // own: kept as a side along a kept line (collinear-sides.ts); its peak leans towards that line.
  const kept: { t: number; r: number; own?: boolean }[] = [];
  // Text rows and ruled desk papers yield many lines of one direction; a quota per direction
  // keeps the fewer, weaker sides across them (a card's short sides) in the running.
  const perBand = new Uint16Array(18);
  for (const p of peaks) {
    if (kept.length >= o.maxLines) break;
    const band = Math.floor(p.t / 10);
    if (perBand[band] >= o.maxLinesPerDirection) continue;
    // Lines near 0 and 179 degrees are the same direction with rho negated.
    const near = kept.filter((k) => {
      const gap = angleGap(k.t, p.t);
      if (gap > 4) return false;
      const sameSide = Math.abs(k.t - p.t) <= 90;
      return Math.abs(k.r - (sameSide ? p.r : -p.r)) <= o.minLineGap;
    });
    // A peak close to kept lines is their echo, unless it is a side of its own along them (the
    // next document's side in a row: collinear-sides.ts).
    if (near.length > 0 && (!o.collinearSides || isEcho(map, p, near, minVotes, o.collinearSides))) continue;
    kept.push(near.length > 0 ? { ...p, own: true } : p);
    perBand[band]++;
  }
  return kept.map((p) => (o.refineLines || p.own ? bestBackedNear(map, p.t, p.r, o) : lineSupport(map, p.t, p.r, o)));
}

/**
 * The line within a degree or two and two pixels of a Hough peak that the most edge pixels back.
 * A ragged border (where a ruled paper's rules stop at a card, src/image/ruled-desk.ts) votes for
 * a direction a little off its own, and the peak's line then backs its side in short stretches.
 */
function bestBackedNear(map: EdgeMap, theta: number, rho: number, o: EdgeQuadOptions): Line {
  let best = lineSupport(map, theta, rho, o);
  for (let dt = -2; dt <= 2; dt++) {
    const raw = theta + dt;
    const t = ((raw % 180) + 180) % 180;
    // Past 0 or 180 degrees the same line has its rho negated.
    const r0 = raw === t ? rho : -rho;
    for (let dr = -2; dr <= 2; dr++) {
      if (dt === 0 && dr === 0) continue;
      const line = lineSupport(map, t, r0 + dr, o);
      if (line.prefix[line.prefix.length - 1] > best.prefix[best.prefix.length - 1]) best = line;
    }
  }
  return best;
}

/**
 * Gaps of at most `maxGap` samples between two backed samples count as backed. Where a stroke
 * meets a document's edge (a ruled line of the paper under a card, a rule or text row running
 * into it), the stroke's stronger gradient takes over the edge pixel: a pale card's side on ruled
 * paper is backed in short dashes only, one break per rule.
 */
function bridgeGaps(hits: Uint8Array, maxGap: number): void {
  if (maxGap <= 0) return;
  let last = -1;
  for (let k = 0; k < hits.length; k++) {
    if (!hits[k]) continue;
    if (last >= 0 && k - last - 1 <= maxGap) hits.fill(1, last + 1, k);
    last = k;
  }
}

/** Which samples along a line have a step-edge pixel of the line's direction within a pixel. */
export function lineSupport(map: EdgeMap, theta: number, rho: number, o: EdgeQuadOptions): Line {
  const { w, h, angle } = map;
  const cos = COS[theta];
  const sin = SIN[theta];
  const diag = Math.ceil(Math.hypot(w, h));
  const t0 = -diag;
  const n = 2 * diag + 1;
  const prefix = new Uint32Array(n + 1);
  const hits = new Uint8Array(n);
  const tol = o.angleTolerance * 2 + 2;
  for (let k = 0; k < n; k++) {
    const t = t0 + k;
    // Point on the line: rho along the normal, t along the direction (-sin, cos).
    const px = rho * cos - t * sin;
    const py = rho * sin + t * cos;
    let hit = 0;
    for (let off = -1; off <= 1 && !hit; off++) {
      const x = Math.round(px + off * cos);
      const y = Math.round(py + off * sin);
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const a = angle[y * w + x];
      if (a >= 0 && angleGap(a, theta) <= tol) hit = 1;
    }
    hits[k] = hit;
  }
  bridgeGaps(hits, o.maxBridgedGap);
  for (let k = 0; k < n; k++) prefix[k + 1] = prefix[k] + hits[k];
  return { theta, rho, cos, sin, t0, prefix };
}

export type { Point };

export function intersect(a: Line, b: Line): Point | null {
  const det = a.cos * b.sin - a.sin * b.cos;
  if (Math.abs(det) < 1e-6) return null;
  return { x: (a.rho * b.sin - b.rho * a.sin) / det, y: (a.cos * b.rho - b.cos * a.rho) / det };
}

/** Share of the segment of `line` between two of its points that edge pixels back. */
export function support(line: Line, p: Point, q: Point): number {
  const tp = Math.round(-p.x * line.sin + p.y * line.cos) - line.t0;
  const tq = Math.round(-q.x * line.sin + q.y * line.cos) - line.t0;
  const lo = Math.max(0, Math.min(tp, tq));
  const hi = Math.min(line.prefix.length - 1, Math.max(tp, tq));
  if (hi <= lo) return 0;
  return (line.prefix[hi] - line.prefix[lo]) / (hi - lo);
}

function sideHolds(line: Line, p: Point, q: Point, minLength: number, minSupport: number): boolean {
  return Math.hypot(p.x - q.x, p.y - q.y) >= minLength && support(line, p, q) >= minSupport;
}

/** Corners clockwise (in image coordinates, y down) from the one nearest the top-left. */
export function orderCorners(p: Point[]): Point[] {
  const pts = signedArea(p) < 0 ? [...p].reverse() : [...p];
  let first = 0;
  for (let i = 1; i < 4; i++) if (pts[i].x + pts[i].y < pts[first].x + pts[first].y) first = i;
  return [0, 1, 2, 3].map((k) => pts[(first + k) % 4]);
}

export function toQuad(p: readonly Point[]): Quad8 {
  return [p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y, p[3].x, p[3].y];
}

export function quadPointsOf(q: Quad8): Point[] {
  return [0, 2, 4, 6].map((i) => ({ x: q[i], y: q[i + 1] }));
}

/** Area two convex polygons have in common (Sutherland-Hodgman clipping, src/image/polygon.ts). */
export function convexOverlap(a: readonly Point[], b: readonly Point[]): number {
  const vertices = (p: readonly Point[]): Vertex[] => p.map(({ x, y }) => [x, y] as const);
  const shared = clipConvex(clockwise(vertices(a)), clockwise(vertices(b)));
  return shared.length < 3 ? 0 : Math.abs(polygonArea(shared));
}

/** Where p lies along the segment a-b: 0 at a, 1 at b (projected). */
function along(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  return len2 === 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2;
}

/**
 * Whether a quad is two documents side by side: an edge parallel to two of its sides crosses it
 * from one of the other sides to the opposite one, well inside. Two cards of one size lying in a
 * row share their top and bottom lines, so their union closes a quad as well backed as either
 * card; the border between them is what gives it away. A card's title band also crosses the card,
 * but near one side, so only crossings that leave each part `minDividedShare` of the quad count.
 */
export function dividedQuad(lines: readonly Line[], sides: readonly number[], ta: number, tb: number, pts: readonly Point[], o: EdgeQuadOptions, img?: RgbImage): boolean {
  // Sides: k from pts[0] to pts[1], j from pts[1] to pts[2], l from pts[2] to pts[3], i from pts[3] to pts[0].
  const [i, j, k, l] = sides;
  for (let m = 0; m < lines.length; m++) {
    if (m === i || m === j || m === k || m === l) continue;
    const line = lines[m];
    // A line parallel to i and j runs from side k to side l; one parallel to k and l from i to j.
    const across: [number, number, Point, Point, Point, Point] | null =
      angleGap(line.theta, ta) <= o.maxOppositeAngle ? [k, l, pts[0], pts[1], pts[3], pts[2]] : angleGap(line.theta, tb) <= o.maxOppositeAngle ? [i, j, pts[0], pts[3], pts[1], pts[2]] : null;
    if (!across) continue;
    const [s0, s1, a0, a1, b0, b1] = across;
    const p = intersect(line, lines[s0]);
    const q = intersect(line, lines[s1]);
    if (!p || !q) continue;
    const fp = along(p, a0, a1);
    const fq = along(q, b0, b1);
    const lo = o.minDividedShare;
    if (fp < lo || fp > 1 - lo || fq < lo || fq > 1 - lo) continue;
    if (support(line, p, q) < o.minDividerSupport) continue;
    // A table's rule across a page, backed by the text along it, is no border (printed-rule.ts).
    if (img && isPrintedRule(img, p, q, endSupports(line, p, q))) continue;
    // Each part must have a document's proportions: the top of a text block or a portrait also
    // runs across a card, but leaves a long strip on one side of it.
    if (aspect([a0, p, q, b0]) <= o.maxPartAspect && aspect([p, a1, b1, q]) <= o.maxPartAspect) return true;
  }
  return false;
}

/** Backing of a divider's line near each of its two ends (the runs printed-rule.ts checks). */
function endSupports(line: Line, p: Point, q: Point): [number, number] {
  return supportAtEnds(line, p, q, endRun(Math.hypot(q.x - p.x, q.y - p.y)));
}

/**
 * Backing of segment p-q's line over a run of `share` of its length at each end: inside the segment
 * for a positive share, on the line's continuation past p and past q for a negative one.
 */
function supportAtEnds(line: Line, p: Point, q: Point, share: number): [number, number] {
  const at = (f: number): Point => ({ x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f });
  return share >= 0 ? [support(line, p, at(share)), support(line, at(1 - share), q)] : [support(line, at(share), p), support(line, q, at(1 - share))];
}

/** Median brightness (brightest channel) over a grid of points inside a quad: its stock, not its print. */
function stockValue(img: RgbImage, p: readonly Point[]): number {
  const values: number[] = [];
  for (let a = 0.1; a < 0.95; a += 0.1) {
    for (let b = 0.1; b < 0.95; b += 0.1) {
      // Bilinear point of the quad p0 p1 p2 p3 at (a along p0-p1, b along p0-p3).
      const x = (1 - a) * (1 - b) * p[0].x + a * (1 - b) * p[1].x + a * b * p[2].x + (1 - a) * b * p[3].x;
      const y = (1 - a) * (1 - b) * p[0].y + a * (1 - b) * p[1].y + a * b * p[2].y + (1 - a) * b * p[3].y;
      const xi = Math.min(img.width - 1, Math.max(0, Math.round(x)));
      const yi = Math.min(img.height - 1, Math.max(0, Math.round(y)));
      const j = (yi * img.width + xi) * 3;
      values.push(Math.max(img.data[j], img.data[j + 1], img.data[j + 2]));
    }
  }
  values.sort((u, v) => u - v);
  return values[values.length >> 1];
}

/** Median brightness (brightest channel) just outside a quad: a ring of points beyond each side. */
function surroundValue(img: RgbImage, p: readonly Point[]): number {
  const cx = (p[0].x + p[1].x + p[2].x + p[3].x) / 4;
  const cy = (p[0].y + p[1].y + p[2].y + p[3].y) / 4;
  const values: number[] = [];
  for (let s = 0; s < 4; s++) {
    const a = p[s];
    const b = p[(s + 1) % 4];
    for (let f = 0.1; f < 0.95; f += 0.1) {
      // A point on the side, pushed 8 % further from the centre than the side is.
      const x = cx + (a.x + (b.x - a.x) * f - cx) * 1.08;
      const y = cy + (a.y + (b.y - a.y) * f - cy) * 1.08;
      if (x < 0 || y < 0 || x > img.width - 1 || y > img.height - 1) continue;
      const j = (Math.round(y) * img.width + Math.round(x)) * 3;
      values.push(Math.max(img.data[j], img.data[j + 1], img.data[j + 2]));
    }
  }
  if (values.length === 0) return 0;
  values.sort((u, v) => u - v);
  return values[values.length >> 1];
}

/**
 * Whether a quad is a picture printed on a page: dark stock (an X-ray, a scan's photo) with bright
 * paper all round it. Documents are paper or card; a dark plate inside white paper is print.
 */
function printedPicture(img: RgbImage, p: readonly Point[], o: EdgeQuadOptions): boolean {
  const around = surroundValue(img, p);
  return around >= o.minSurroundingPaper && stockValue(img, p) < o.maxPictureBrightness * around;
}

/** Long over short side of a quad, from the means of its opposite sides. */
export function aspect(p: readonly Point[]): number {
  const d = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
  const one = (d(p[0], p[1]) + d(p[2], p[3])) / 2;
  const other = (d(p[1], p[2]) + d(p[3], p[0])) / 2;
  return Math.max(one, other) / Math.max(1, Math.min(one, other));
}


/**
 * Whether a smaller quad inside a larger one is a card lying on a sheet rather than part of it: it
 * has a card's proportions (ID-1, 85.6 x 54 mm; a portrait or a stamp box does not), it lies well
 * inside (a title band or a table runs into the sheet's own sides), and it is a fraction of it.
 */
function cardOnSheet(img: RgbImage, inner: readonly Point[], innerArea: number, outer: readonly Point[], outerArea: number, o: EdgeQuadOptions, shorter: number): boolean {
  if (innerArea > o.maxCardShareOfSheet * outerArea) return false;
  // Printed on light stock like the sheet: an X-ray or a photo printed on a report is dark.
  if (stockValue(img, inner) < o.minCardBrightness * stockValue(img, outer)) return false;
  const a = aspect(inner);
  if (a < o.cardAspect[0] || a > o.cardAspect[1]) return false;
  const outerClockwise = signedArea(outer) > 0 ? outer : [...outer].reverse();
  const margin = o.minCardMargin * shorter;
  return inner.every((p) => outerClockwise.every((c, i) => lineOffset(p, c, outerClockwise[(i + 1) % 4]) >= margin));
}

/**
 * Quadrilaterals backed by step edges on all four sides, best first, none sharing more than
 * `maxOverlap` of its area with a better one (a portrait or a card's title band inside a card is
 * not a document of its own).
 */
export function edgeQuads(img: RgbImage, options: Partial<EdgeQuadOptions> = {}, steps?: EdgeMap): EdgeQuad[] {
  const o = { ...DEFAULT_EDGE_QUAD_OPTIONS, ...options };
  const { width: w, height: h } = img;
  const shorter = Math.min(w, h);
  const minSide = o.minSideFraction * shorter;
  // A caller that has the step edges of these options already passes them in.
  const map = steps ?? stepEdges(img, o);
  const lines = houghLines(map, o, Math.round(minSide * o.minSideSupport));
  const margin = o.cornerMargin * shorter;
  const inFrame = (p: Point): boolean => p.x >= -margin && p.y >= -margin && p.x <= w - 1 + margin && p.y <= h - 1 + margin;
  // Pairs of roughly parallel lines far enough apart to be two opposite sides.
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      if (angleGap(lines[i].theta, lines[j].theta) > o.maxOppositeAngle) continue;
      // Opposite sides may converge under perspective but never cross in view.
      const p = intersect(lines[i], lines[j]);
      if (p && p.x > -0.1 * w && p.x < 1.1 * w && p.y > -0.1 * h && p.y < 1.1 * h) continue;
      const mean = lines[i].theta + (Math.abs(lines[i].theta - lines[j].theta) > 90 ? (lines[j].theta - 180 - lines[i].theta) / 2 : (lines[j].theta - lines[i].theta) / 2);
      pairs.push([i, j, ((mean % 180) + 180) % 180]);
    }
  }
  // Corners in view, by line pair, computed once.
  const corners = new Map<number, Point | null>();
  const crossing = (u: number, v: number): Point | null => {
    const key = Math.min(u, v) * lines.length + Math.max(u, v);
    let p = corners.get(key);
    if (p === undefined) {
      p = intersect(lines[u], lines[v]);
      if (p && !inFrame(p)) p = null;
      corners.set(key, p);
    }
    return p;
  };
  const found: EdgeQuad[] = [];
  for (let a = 0; a < pairs.length; a++) {
    for (let b = a + 1; b < pairs.length; b++) {
      const [i, j, ta] = pairs[a];
      const [k, l, tb] = pairs[b];
      if (angleGap(ta, tb) < 90 - 2 * o.maxOppositeAngle) continue;
      if (i === k || i === l || j === k || j === l) continue;
      const c = [crossing(i, k), crossing(k, j), crossing(j, l), crossing(l, i)];
      if (c.some((p) => p === null)) continue;
      const pts = c as Point[];
      // Cheap tests first: each side long enough and backed enough (a card may have one weak side).
      const leastSide = Math.min(o.minSideSupport, o.weakCardSide.minWeakSide);
      if (
        !sideHolds(lines[k], pts[0], pts[1], minSide, leastSide) ||
        !sideHolds(lines[j], pts[1], pts[2], minSide, leastSide) ||
        !sideHolds(lines[l], pts[2], pts[3], minSide, leastSide) ||
        !sideHolds(lines[i], pts[3], pts[0], minSide, leastSide)
      ) {
        continue;
      }
      const sides: [Line, Point, Point][] = [
        [lines[k], pts[0], pts[1]],
        [lines[j], pts[1], pts[2]],
        [lines[l], pts[2], pts[3]],
        [lines[i], pts[3], pts[0]],
      ];
      let minS = 1;
      const backing: number[] = [];
      const lengths: number[] = [];
      let sum = 0;
      let score = 0;
      let short = false;
      // Backing near each end of each side, and on the line's continuation past that end.
      const near: [number, number][] = [];
      const beyond: [number, number][] = [];
      for (const [line, p, q] of sides) {
        const len = Math.hypot(p.x - q.x, p.y - q.y);
        lengths.push(len);
        if (len < minSide) short = true;
        const s = support(line, p, q);
        minS = Math.min(minS, s);
        backing.push(s);
        const end = Math.max(o.minCornerRun, o.cornerRunShare * len) / Math.max(len, 1);
        near.push(supportAtEnds(line, p, q, end));
        beyond.push(supportAtEnds(line, p, q, -end));
        sum += s;
        score += s * len;
      }
      // A sheet's corner is where two of its edges meet. A stripe of the cloth runs on past both
      // ends of the side it makes, while the sheet's edge that it crosses is missing near the
      // crossing. (A card's edge may run on at one end: into a card lying over it.)
      const runsThrough = beyond.map(([a, b]) => a >= o.maxRunOn && b >= o.maxRunOn);
      // A card's weak side (card-closing.ts) is not asked for its corners: the firm sides meeting it are.
      const weak = minS < o.minSideSupport ? weakCardSide(backing, aspect(pts), o.weakCardSide) : -1;
      if (minS < o.minSideSupport && weak < 0) continue;
      let hidden = 0;
      for (let c = 0; c < 4; c++) {
        const before = c;
        const after = (c + 1) % 4;
        const endBefore = near[before][1];
        const endAfter = near[after][0];
        if (!cornerHolds([endBefore, beyond[before][1]], [endAfter, beyond[after][0]], before === weak, after === weak, o)) {
          // One corner may lie under a card lying over this one (card-closing.ts hiddenCorner).
          const underCard = weak < 0 && hidden === 0 && (
            hiddenCorner({ side: backing[before], near: endBefore, length: lengths[before] }, { near: endAfter, beyond: beyond[after][0], farBeyond: beyond[after][1], length: lengths[after] }, o.hiddenCorner, o)
            || hiddenCorner({ side: backing[after], near: endAfter, length: lengths[after] }, { near: endBefore, beyond: beyond[before][1], farBeyond: beyond[before][0], length: lengths[before] }, o.hiddenCorner, o));
          const faded = weak < 0 && hidden === 0 && !underCard && cornerFaded(backing, near, beyond, before, after, aspect(pts), o);
          if (underCard || faded) hidden++;
          else short = true;
        }
        if ((runsThrough[before] && endAfter < o.minFirmCorner) || (runsThrough[after] && endBefore < o.minFirmCorner)) short = true;
      }
      if (short || sum / 4 < o.minMeanSupport) continue;
      const area = Math.abs(signedArea(pts));
      if (area < o.minAreaFraction * w * h) continue;
      if (dividedQuad(lines, [i, j, k, l], ta, tb, pts, o, img)) continue;
      if (printedPicture(img, pts, o)) continue;
      found.push({ quad: toQuad(orderCorners(pts)), area, score, minSupport: minS, weakCardSide: weak >= 0 });
    }
  }
  found.sort((p, q) => q.score - p.score);
  const kept: EdgeQuad[] = [];
  for (const f of found) {
    const fp = quadPointsOf(f.quad);
    const clash = kept.some((k) => {
      const kp = quadPointsOf(k.quad);
      if (convexOverlap(fp, kp) <= o.maxOverlap * Math.min(f.area, k.area)) return false;
      return !(f.area < k.area ? cardOnSheet(img, fp, f.area, kp, k.area, o, shorter) : cardOnSheet(img, kp, k.area, fp, f.area, o, shorter));
    });
    if (!clash) kept.push(f);
  }
  return kept;
}
