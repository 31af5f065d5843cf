/**
 * Splits a paper region that is two or three documents overlapping or touching at different
 * angles. The paper mask merges them into one region whose outline is stepped: each document
 * leaves straight stretches of its own border on it, and where one document lies over another the
 * lower one's border disappears under it. Lines fitted to the outline (a Hough transform of the
 * outline's pixels, each voting near its own normal) close quadrilaterals; the documents are the
 * fewest large quadrilaterals that lie inside the region, are backed by its outline, and together
 * cover it. A hidden side is then the line of the document lying over it, which runs on along the
 * outline beyond the overlap, so the lower document is still found (cut where it disappears).
 */
import type { Quad8 } from '../ocr/types.js';
import { convexHull, lineOffset, signedArea } from './geometry.js';
import type { Component } from './ops.js';
import type { RgbImage } from './types.js';
import {
  angleGap,
  aspect,
  convexOverlap as convexOverlapOf,
  DEFAULT_EDGE_QUAD_OPTIONS,
  dividedQuad,
  type EdgeMap,
  houghLines,
  intersect,
  lineSupport,
  type Line,
  orderCorners,
  type Point,
  support,
  toQuad,
} from './edges.js';

export interface OutlineOptions {
  /** Least outline pixels on a line, as a share of the region box's shorter side. */
  readonly minLineShare: number;
  /** Most lines fitted to one outline, and most added from the step edges inside the region. */
  readonly maxOutlineLines: number;
  readonly maxLines: number;
  /** Least distance (px) somewhere over the region between two lines kept. */
  readonly minLineGap: number;
  /** Largest angle between a document's opposite sides (perspective), degrees. */
  readonly maxOppositeAngle: number;
  /** Least share of a quad's samples inside the region: documents are paper, all of them. */
  readonly minInside: number;
  /** Least share of a quad's perimeter that the outline backs (one side may be hidden entirely). */
  readonly minPerimeterSupport: number;
  /** Least share of its perimeter backed for a quad with hidden sides to be considered at all. */
  readonly minPartlyBacked: number;
  /** Least backing of every side. */
  readonly minSideSupport: number;
  /**
   * Longest stretch of a side without backing, as a share of the side. A document's hidden side
   * is backed by the step of the document lying over it; a quad spanning two documents has a side
   * that runs on across the other's paper, unbacked for half its length or more.
   */
  readonly maxGapShare: number;
  /** Largest proportions (long / short side) of a document: a long receipt stays within. */
  readonly maxAspect: number;
  /** Smallest quad, as a share of the region's area. */
  readonly minShareOfRegion: number;
  /** Least share of a chosen quad's area that no quad chosen before covers. */
  readonly minNewShare: number;
  /** Least share of the region the chosen quads must cover together. */
  readonly minCoverage: number;
  /**
   * Largest share of its convex hull a region may fill and still be tried: one sheet, even in
   * perspective, is convex; documents overlapping out of line leave steps the hull bridges.
   */
  readonly maxSolidity: number;
  /** ... or this share, when every quad chosen is backed all round at least minCleanBacking. */
  readonly minCleanCoverage: number;
  readonly minCleanBacking: number;
  /** Most documents a region splits into. */
  readonly maxParts: number;
  /**
   * Two chosen quads whose two sides of one direction lie on the same lines (ends within this
   * share of the region's longer side) and which overlap are one page cut across: joined.
   */
  readonly maxCutPageShift: number;
}

export const DEFAULT_OUTLINE_OPTIONS: OutlineOptions = {
  minLineShare: 0.1,
  maxOutlineLines: 16,
  maxLines: 24,
  minLineGap: 3,
  maxOppositeAngle: 14,
  minInside: 0.97,
  minPerimeterSupport: 0.5,
  minPartlyBacked: 0.35,
  minSideSupport: 0.5,
  maxGapShare: 0.25,
  maxAspect: 3.5,
  minShareOfRegion: 0.12,
  minNewShare: 0.5,
  minCoverage: 0.9,
  maxSolidity: 0.96,
  minCleanCoverage: 0.6,
  minCleanBacking: 0.8,
  maxParts: 3,
  maxCutPageShift: 0.025,
};

/**
 * A divider inside a region needs less backing than one the edge search alone relies on: the quad
 * is already known to be paper throughout, and the border between two pale documents is a weak
 * step along part of its length.
 */
const DIVIDER_OPTIONS = { ...DEFAULT_EDGE_QUAD_OPTIONS, minDividerSupport: 0.5, minDividedShare: 0.2 };

/** The region's mask within its box, one byte a pixel. */
interface RegionMask {
  readonly data: Uint8Array;
  readonly x0: number;
  readonly y0: number;
  readonly w: number;
  readonly h: number;
  readonly area: number;
  /** Region pixels on the coverage grid (every COVER_STRIDE-th pixel of every COVER_STRIDE-th row). */
  readonly gridArea: number;
}

function regionMask(labels: Int32Array, label: number, comp: Component, imageWidth: number): RegionMask {
  const w = comp.x1 - comp.x0 + 1;
  const h = comp.y1 - comp.y0 + 1;
  const data = new Uint8Array(w * h);
  let area = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (labels[(y + comp.y0) * imageWidth + x + comp.x0] === label) {
        data[y * w + x] = 1;
        area++;
      }
    }
  }
  let gridArea = 0;
  for (let y = 0; y < h; y += COVER_STRIDE) for (let x = 0; x < w; x += COVER_STRIDE) gridArea += data[y * w + x];
  return { data, x0: comp.x0, y0: comp.y0, w, h, area, gridArea };
}

/**
 * Outline pixels of the region with the direction of its normal, as an edge map over the whole
 * image.
 */
function outlineMap(m: RegionMask, imageWidth: number, imageHeight: number): EdgeMap {
  const angle = new Int16Array(imageWidth * imageHeight).fill(-1);
  const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= m.w || y >= m.h ? 0 : m.data[y * m.w + x]);
  const r = OUTLINE_NORMAL_RADIUS;
  for (let y = 0; y < m.h; y++) {
    for (let x = 0; x < m.w; x++) {
      if (!at(x, y) || (at(x - 1, y) && at(x + 1, y) && at(x, y - 1) && at(x, y + 1))) continue;
      // The first moment of the mask around the pixel points into the region, square to a
      // straight stretch of outline whatever its staircase: a tilted side keeps its own angle.
      let gx = 0;
      let gy = 0;
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          if (dx * dx + dy * dy > r * r || !at(x + dx, y + dy)) continue;
          gx += dx;
          gy += dy;
        }
      }
      if (gx === 0 && gy === 0) continue;
      const deg = Math.round((Math.atan2(gy, gx) * 180) / Math.PI);
      angle[(y + m.y0) * imageWidth + x + m.x0] = ((deg % 180) + 180) % 180;
    }
  }
  return { w: imageWidth, h: imageHeight, angle };
}

/**
 * Whether line b runs within `gap` pixels of line a at both ends of the stretch where a is backed:
 * b is a's edge again, at a slightly different angle.
 */
function sameLine(a: Line, b: Line, gap: number): boolean {
  if (angleGap(a.theta, b.theta) > 6) return false;
  // The longest stretch of a backed with gaps of a few samples at most: the edge itself, not a
  // stray pixel of another edge that the line happens to cross.
  const n = a.prefix.length - 1;
  let first = 0;
  let last = -1;
  let runStart = -1;
  let lastHit = -Infinity;
  for (let k = 0; k < n; k++) {
    if (a.prefix[k + 1] === a.prefix[k]) continue;
    if (k - lastHit > 4) runStart = k;
    lastHit = k;
    if (k - runStart > last - first) {
      first = runStart;
      last = k;
    }
  }
  if (last < first) return false;
  return [first, last].every((k) => {
    const t = k + a.t0;
    const x = a.rho * a.cos - t * a.sin;
    const y = a.rho * a.sin + t * a.cos;
    return Math.abs(x * b.cos + y * b.sin - b.rho) <= gap;
  });
}

/** Share of its convex hull (of the outline's pixel corners) that the region fills. */
function solidity(m: RegionMask): number {
  const rim: Point[] = [];
  for (let y = 0; y < m.h; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < m.w; x++) {
      if (!m.data[y * m.w + x]) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first < 0) continue;
    rim.push({ x: first, y }, { x: first, y: y + 1 }, { x: last + 1, y }, { x: last + 1, y: y + 1 });
  }
  const hull = convexHull(rim);
  return m.area / Math.max(1, Math.abs(signedArea(hull)));
}

/** Radius (working pixels) of the disc whose mask moment gives an outline pixel's normal. */
const OUTLINE_NORMAL_RADIUS = 5;

/** A quad the outline's lines close, with the region pixels it holds. */
interface Candidate {
  readonly pts: Point[];
  readonly area: number;
  /** Share of its perimeter the edges back. */
  readonly backing: number;
  /** Indices (into the region box) of the region pixels inside the quad. */
  readonly pixels: Uint32Array;
  /** Its sides: backing line and end points. */
  readonly sides: readonly Side[];
  /** Whether every side is backed by itself; if not, a chosen document must hide the gaps. */
  readonly firm: boolean;
}

type Side = readonly [Line, Point, Point];

/** Whether p lies inside a convex quad (corners in order), grown by `pad` pixels. */
function insideQuad(p: Point, q: readonly Point[], pad: number): boolean {
  const sign = signedArea(q) > 0 ? 1 : -1;
  for (let i = 0; i < 4; i++) {
    const a = q[i];
    const b = q[(i + 1) % 4];
    if (a.x === b.x && a.y === b.y) continue;
    if (sign * lineOffset(p, a, b) < -pad) return false;
  }
  return true;
}

/**
 * Whether a side is backed, counting as backed the stretches a chosen document lies over: the
 * lower of two overlapping documents shows its side on both ends of the upper one.
 */
function sideHolds(side: Side, over: readonly Candidate[], o: OutlineOptions): boolean {
  const [line, p, q] = side;
  const tp = Math.round(-p.x * line.sin + p.y * line.cos) - line.t0;
  const tq = Math.round(-q.x * line.sin + q.y * line.cos) - line.t0;
  const lo = Math.max(0, Math.min(tp, tq));
  const hi = Math.min(line.prefix.length - 1, Math.max(tp, tq));
  if (hi <= lo) return false;
  let backed = 0;
  let run = 0;
  let gap = 0;
  for (let k = lo; k < hi; k++) {
    let hit = line.prefix[k + 1] > line.prefix[k];
    if (!hit && over.length > 0) {
      const t = k + line.t0;
      const pt = { x: line.rho * line.cos - t * line.sin, y: line.rho * line.sin + t * line.cos };
      hit = over.some((c) => insideQuad(pt, c.pts, 2));
    }
    if (hit) {
      backed++;
      run = 0;
    } else if (++run > gap) gap = run;
  }
  const len = hi - lo;
  return backed >= o.minSideSupport * len && gap <= Math.max(4, o.maxGapShare * len);
}

/** Share of a 16 x 16 grid of points spread over a quad that fall inside the region (a quick test first). */
function sampledInside(p: readonly Point[], m: RegionMask): number {
  let inside = 0;
  for (let a = 0.5 / 16; a < 1; a += 1 / 16) {
    for (let b = 0.5 / 16; b < 1; b += 1 / 16) {
      const x = Math.round((1 - a) * (1 - b) * p[0].x + a * (1 - b) * p[1].x + a * b * p[2].x + (1 - a) * b * p[3].x) - m.x0;
      const y = Math.round((1 - a) * (1 - b) * p[0].y + a * (1 - b) * p[1].y + a * b * p[2].y + (1 - a) * b * p[3].y) - m.y0;
      if (x >= 0 && y >= 0 && x < m.w && y < m.h && m.data[y * m.w + x]) inside++;
    }
  }
  return inside / 256;
}

/** Coverage is counted on every second pixel of every second row: shares, not pixels, matter. */
const COVER_STRIDE = 2;

/** Region pixels (on the coverage grid) inside a convex quad, row by row between its sides. */
function pixelsInside(pts: readonly Point[], m: RegionMask): { inside: number; total: number; pixels: Uint32Array } {
  const xs = pts.map((p) => p.x - m.x0);
  const ys = pts.map((p) => p.y - m.y0);
  const y0 = Math.max(0, Math.ceil(Math.min(...ys)));
  const y1 = Math.min(m.h - 1, Math.floor(Math.max(...ys)));
  const found: number[] = [];
  for (let y = y0; y <= y1; y++) {
    if (y % COVER_STRIDE !== 0) continue;
    // Where the row crosses the quad's sides: a convex quad spans one run of the row.
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < 4; i++) {
      const j = (i + 1) % 4;
      const ya = ys[i];
      const yb = ys[j];
      if ((y < ya && y < yb) || (y > ya && y > yb)) continue;
      if (ya === yb) {
        lo = Math.min(lo, xs[i], xs[j]);
        hi = Math.max(hi, xs[i], xs[j]);
        continue;
      }
      const x = xs[i] + ((y - ya) * (xs[j] - xs[i])) / (yb - ya);
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
    const from = Math.max(0, Math.ceil(lo));
    const to = Math.min(m.w - 1, Math.floor(hi));
    for (let x = from + ((COVER_STRIDE - (from % COVER_STRIDE)) % COVER_STRIDE); x <= to; x += COVER_STRIDE) if (m.data[y * m.w + x]) found.push(y * m.w + x);
  }
  // Whatever part of the quad lies outside the region's box is outside the region too.
  const area = Math.abs(signedArea(pts));
  return { inside: found.length, total: area / (COVER_STRIDE * COVER_STRIDE), pixels: Uint32Array.from(found) };
}

/** Quads closed by two near-parallel pairs of outline lines, lying inside the region. */
function candidates(lines: readonly Line[], backing: readonly Line[], m: RegionMask, o: OutlineOptions, img?: RgbImage): Candidate[] {
  const margin = 0.03 * Math.max(m.w, m.h);
  const near = (p: Point | null): p is Point =>
    p !== null && p.x >= m.x0 - margin && p.y >= m.y0 - margin && p.x <= m.x0 + m.w - 1 + margin && p.y <= m.y0 + m.h - 1 + margin;
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      if (angleGap(lines[i].theta, lines[j].theta) > o.maxOppositeAngle) continue;
      const p = intersect(lines[i], lines[j]);
      if (near(p)) continue;
      pairs.push([i, j, lines[i].theta]);
    }
  }
  const out: Candidate[] = [];
  const minArea = o.minShareOfRegion * m.area;
  for (let a = 0; a < pairs.length; a++) {
    for (let b = a + 1; b < pairs.length; b++) {
      const [i, j, ta] = pairs[a];
      const [k, l, tb] = pairs[b];
      if (angleGap(ta, tb) < 90 - 2 * o.maxOppositeAngle) continue;
      if (i === k || i === l || j === k || j === l) continue;
      const c = [intersect(lines[i], lines[k]), intersect(lines[k], lines[j]), intersect(lines[j], lines[l]), intersect(lines[l], lines[i])];
      if (!c.every(near)) continue;
      const pts = c as Point[];
      const area = Math.abs(signedArea(pts));
      if (area < minArea || aspect(pts) > o.maxAspect) continue;
      const sides: Side[] = [
        [backing[k], pts[0], pts[1]],
        [backing[j], pts[1], pts[2]],
        [backing[l], pts[2], pts[3]],
        [backing[i], pts[3], pts[0]],
      ];
      let backed = 0;
      let perimeter = 0;
      let firmSides = 0;
      for (const side of sides) {
        const [line, p, q] = side;
        const len = Math.hypot(p.x - q.x, p.y - q.y);
        backed += support(line, p, q) * len;
        perimeter += len;
        if (sideHolds(side, [], o)) firmSides++;
      }
      // A side or two may be hidden under another document (checked once that one is chosen).
      if (firmSides < 2 || backed < o.minPartlyBacked * perimeter) continue;
      // Two documents whose sides happen to line up close a quad of their own; the border between
      // them, crossing it, gives it away.
      if (dividedQuad(backing, [i, j, k, l], ta, tb, pts, DIVIDER_OPTIONS, img)) continue;
      const ordered = orderCorners(pts);
      if (sampledInside(ordered, m) < o.minInside) continue;
      const { inside, total, pixels } = pixelsInside(ordered, m);
      if (inside < o.minInside * total) continue;
      out.push({ pts: ordered, area, backing: backed / perimeter, pixels, sides, firm: firmSides === 4 && backed >= o.minPerimeterSupport * perimeter });
    }
  }
  return out;
}

/**
 * The documents of one merged paper region, as quads in the region's image coordinates, when it
 * is two or three of them; null when its outline does not decompose (then it is one document, or
 * one the outline cannot tell apart).
 */
export function splitByOutline(
  labels: Int32Array,
  label: number,
  comp: Component,
  imageWidth: number,
  imageHeight: number,
  stepEdges: () => EdgeMap,
  options: Partial<OutlineOptions> = {},
  img?: RgbImage,
): Quad8[] | null {
  const o = { ...DEFAULT_OUTLINE_OPTIONS, ...options };
  const m = regionMask(labels, label, comp, imageWidth);
  if (m.area === 0 || solidity(m) > o.maxSolidity) return null;
  const map = outlineMap(m, imageWidth, imageHeight);
  // Lines come from the outline and from the step edges inside the region, where one document's
  // border runs over another (a document lying over another hides the lower one's side and shows
  // its own, inside the union).
  const steps = stepEdges();
  const angle = Int16Array.from(map.angle);
  for (let y = 0; y < m.h; y++) {
    for (let x = 0; x < m.w; x++) {
      const i = (y + m.y0) * imageWidth + x + m.x0;
      if (m.data[y * m.w + x] && angle[i] < 0) angle[i] = steps.angle[i];
    }
  }
  const combined: EdgeMap = { w: imageWidth, h: imageHeight, angle };
  // The outline's own lines first: text rows and table rules inside the documents must not crowd
  // out their borders; the steps inside the region then add the borders one document draws over
  // another.
  // Its own test below (sameLine) tells neighbouring peaks apart: the peak picker keeps no more.
  const lineOptions = { ...DEFAULT_EDGE_QUAD_OPTIONS, maxLines: o.maxOutlineLines, maxLinesPerDirection: Math.ceil(o.maxOutlineLines / 3), minLineGap: o.minLineGap, collinearSides: undefined };
  const minVotes = Math.max(6, Math.round(o.minLineShare * Math.min(m.w, m.h)));
  // Hough peaks of one edge come at neighbouring angles and offsets; only lines that part by more
  // than minLineGap somewhere over the region are distinct.
  const lines: Line[] = [];
  const distinct = (candidates: readonly Line[], max: number): void => {
    let added = 0;
    // The line that the most edge pixels back along its length is the edge; its neighbours in
    // the Hough space pivot about the edge's middle and are backed only there.
    const ranked = [...candidates].sort((a, b) => b.prefix[b.prefix.length - 1] - a.prefix[a.prefix.length - 1]);
    for (const l of ranked) {
      if (added >= max) break;
      if (lines.some((k) => sameLine(k, l, o.minLineGap))) continue;
      lines.push(l);
      added++;
    }
  };
  const wideOptions = { ...lineOptions, maxLines: 3 * o.maxOutlineLines, maxLinesPerDirection: o.maxOutlineLines };
  distinct(houghLines(map, wideOptions, minVotes), o.maxOutlineLines);
  distinct(houghLines(combined, { ...wideOptions, maxLines: 3 * o.maxLines }, minVotes), o.maxLines);
  if (lines.length < 4) return null;
  // Backing is read a pixel wider than the lines were fitted: a card's edge, its printed frame
  // and the mask's outline run within a few pixels of each other at the working scale, and the
  // fitted line may follow any of them.
  const wide = Int16Array.from(angle);
  for (let y = 1; y < imageHeight - 1; y++) {
    for (let x = 1; x < imageWidth - 1; x++) {
      const i = y * imageWidth + x;
      if (angle[i] >= 0) continue;
      for (const n of [i - 1, i + 1, i - imageWidth, i + imageWidth]) if (angle[n] >= 0) wide[i] = angle[n];
    }
  }
  const backing = lines.map((l) => lineSupport({ w: imageWidth, h: imageHeight, angle: wide }, l.theta, l.rho, lineOptions));
  const pool = candidates(lines, backing, m, o, img);
  if (pool.length < 2) return null;
  // Greedy cover: the quad adding the most uncovered region (weighted by how well the outline
  // backs it) first; a quad that mostly repeats what is chosen is a part of a chosen document.
  const covered = new Uint8Array(m.w * m.h);
  const chosen: Candidate[] = [];
  let coveredCount = 0;
  while (chosen.length < o.maxParts) {
    let best: Candidate | null = null;
    let bestScore = 0;
    let bestNew = 0;
    for (const c of pool) {
      if (chosen.includes(c)) continue;
      if (!c.firm && (chosen.length === 0 || !c.sides.every((side) => sideHolds(side, chosen, o)))) continue;
      let fresh = 0;
      for (const p of c.pixels) if (!covered[p]) fresh++;
      if (fresh < o.minNewShare * c.pixels.length) continue;
      const score = fresh * c.backing;
      if (score > bestScore) {
        best = c;
        bestScore = score;
        bestNew = fresh;
      }
    }
    if (!best) break;
    chosen.push(best);
    for (const p of best.pixels) covered[p] = 1;
    coveredCount += bestNew;
    if (coveredCount >= 0.98 * m.gridArea) break;
  }
  if (chosen.length < 2) return null;
  // What the quads leave is surface merged with the paper (a pale cloth), or a document they
  // missed: a little is tolerated, more only when every quad is a clean, well-backed document.
  const clean = chosen.every((c) => c.firm && c.backing >= o.minCleanBacking);
  if (coveredCount < (clean ? o.minCleanCoverage : o.minCoverage) * m.gridArea) return null;
  const quads = joinCutPages(chosen.map((c) => c.pts), o.maxCutPageShift * Math.max(m.w, m.h));
  return quads.length < 2 ? null : quads.map((p) => toQuad(p));
}

/** Distance of p from the line through a and b. */
function lineDistance(p: Point, a: Point, b: Point): number {
  return a.x === b.x && a.y === b.y ? Infinity : Math.abs(lineOffset(p, a, b));
}

/** Whether side k of b (corners k, k+1) lies on the line of side k of a. */
function sameSideLine(a: readonly Point[], b: readonly Point[], k: number, tol: number): boolean {
  const [p, q] = [a[k], a[(k + 1) % 4]];
  return lineDistance(b[k], p, q) <= tol && lineDistance(b[(k + 1) % 4], p, q) <= tol;
}

/**
 * One page cut across (a printed rule, a fold or a shadow taken for the border of two documents)
 * comes back as two quads that overlap and whose two sides of one direction run on the same
 * lines; documents lying over each other are turned differently. Such a pair is joined into the
 * quad from the outer cut side of one to the outer cut side of the other.
 */
export function joinCutPages(quads: readonly (readonly Point[])[], tol: number): Point[][] {
  const out = quads.map((q) => orderCorners([...q]));
  for (let i = 0; i < out.length; i++) {
    for (let j = i + 1; j < out.length; j++) {
      const joined = joinPair(out[i], out[j], tol);
      if (!joined) continue;
      out[i] = joined;
      out.splice(j, 1);
      j = i;
    }
  }
  return out;
}

function joinPair(a: readonly Point[], b: readonly Point[], tol: number): Point[] | null {
  const overlap = convexOverlapOf(a, b);
  if (overlap <= 0.02 * Math.min(Math.abs(signedArea(a)), Math.abs(signedArea(b)))) return null;
  for (const k of [0, 1]) {
    // Sides k and k+2 run on; the other two are where the page was cut.
    if (!sameSideLine(a, b, k, tol) || !sameSideLine(a, b, k + 2, tol)) continue;
    const dir = { x: a[(k + 1) % 4].x - a[k].x, y: a[(k + 1) % 4].y - a[k].y };
    const centre = (q: readonly Point[]): number => q.reduce((n, p) => n + p.x * dir.x + p.y * dir.y, 0);
    // Along side k, a lies first when its centre projects before b's: a keeps its far corners
    // at the start of side k (corners k+3 and k), b its corners at the end (k+1 and k+2).
    const [first, second] = centre(a) <= centre(b) ? [a, b] : [b, a];
    const out: Point[] = [];
    for (let c = 0; c < 4; c++) out.push(c === k || c === (k + 3) % 4 ? first[c] : second[c]);
    return out;
  }
  return null;
}
