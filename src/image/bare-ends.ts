/**
 * The desk at the ends of a row cut from the frame. Cards photographed in a row and cropped to it
 * still leave some desk beyond the first and last card: where that desk is as pale as the cards,
 * the whole frame is paper and is cut into the row (documents.ts frameInRow), and each end part
 * then runs from the frame's edge, over the desk, to its cut: a card plus a strip of desk, too
 * wide to pair with the card (dev seed 1515 image 113: a bank card with a third of its width again
 * of grey desk beside it). The end card's own outer side is still a step edge across the part,
 * and what lies beyond it is bare surface (src/image/bare-surface.ts): no print, photo or rule.
 * The end part is trimmed to the best-backed such cross line. A part whose end holds print (a
 * card cropped at its own side, or a page running out of the frame) is left as it is.
 */
import type { Quad8 } from '../ocr/types.js';
import { isBareSurface, quadExtent } from './bare-surface.js';
import { cutSupport } from './divide.js';
import type { EdgeMap } from './edges.js';
import { lerp, quadPoints, type Point } from './geometry.js';
import type { RgbImage } from './types.js';

export interface BareEndOptions {
  /**
   * Farthest a trim line lies from the part's outer side, as a share of the part's length: the end
   * card may lie half under its neighbour, its visible part no longer than the desk beside it.
   */
  readonly maxTrimShare: number;
  /** Nearest, as a share: a line closer to the frame leaves no strip worth judging. */
  readonly minTrimShare: number;
  /** Largest difference of the line's position at its two ends (a card laid a little askew), as a share. */
  readonly maxTilt: number;
  /** Least share of the line backed by step edges across it: a card's side is a clear step. */
  readonly minSupport: number;
  /** Degrees between a step edge's direction and the line's normal within which it backs the line. */
  readonly angleTolerance: number;
  /** Best-backed lines whose strip is judged (the surface test reads every pixel of the strip). */
  readonly candidates: number;
}

export const DEFAULT_BARE_END_OPTIONS: BareEndOptions = {
  maxTrimShare: 0.55,
  minTrimShare: 0.03,
  maxTilt: 0.06,
  minSupport: 0.5,
  angleTolerance: 8,
  candidates: 6,
};

/**
 * Indices k of the part's sides (corner k to corner k+1) that lie on the frame's edge across the
 * row (x = 0 or x = w - 1 for a row along x; y for a row along y).
 */
function outerSides(p: readonly Point[], w: number, h: number): number[] {
  const alongX = w >= h;
  const on = (v: number, end: number): boolean => Math.abs(v - end) <= 1.5;
  const sides: number[] = [];
  for (let k = 0; k < 4; k++) {
    const a = p[k];
    const b = p[(k + 1) % 4];
    if (alongX && ((on(a.x, 0) && on(b.x, 0)) || (on(a.x, w - 1) && on(b.x, w - 1)))) sides.push(k);
    if (!alongX && ((on(a.y, 0) && on(b.y, 0)) || (on(a.y, h - 1) && on(b.y, h - 1)))) sides.push(k);
  }
  return sides;
}

/**
 * The part with each end on the frame moved in to its end card's side over bare desk; the part
 * itself when no end is on the frame or none is bare.
 */
export function trimBareEnd(img: RgbImage, part: Quad8, map: EdgeMap, options: Partial<BareEndOptions> = {}): Quad8 {
  const o = { ...DEFAULT_BARE_END_OPTIONS, ...options };
  let out = part;
  for (const k of outerSides(quadPoints(part), img.width, img.height)) out = trimSide(img, out, k, map, o);
  return out;
}

/** The part with its side k (on the frame) moved in over bare desk to a well-backed cross line, if any. */
function trimSide(img: RgbImage, part: Quad8, k: number, map: EdgeMap, o: BareEndOptions): Quad8 {
  const p = quadPoints(part);
  // Outer side o0-o1 (corners k, k+1); the inner side runs i0-i1 opposite them (corners k+3, k+2).
  const o0 = p[k];
  const o1 = p[(k + 1) % 4];
  const i0 = p[(k + 3) % 4];
  const i1 = p[(k + 2) % 4];
  const steps = 100;
  const lines: { s: number; t: number; u: number }[] = [];
  for (let a = Math.round(o.minTrimShare * steps); a <= Math.round(o.maxTrimShare * steps); a++) {
    for (let j = -Math.round(o.maxTilt * steps); j <= Math.round(o.maxTilt * steps); j++) {
      const t = a / steps;
      const u = t + j / steps;
      if (u < o.minTrimShare || u > o.maxTrimShare) continue;
      const s = cutSupport(map, lerp(o0, i0, t), lerp(o1, i1, u), o.angleTolerance);
      if (s >= o.minSupport) lines.push({ s, t, u });
    }
  }
  lines.sort((x, y) => y.s - x.s || x.t + x.u - (y.t + y.u));
  for (const line of lines.slice(0, o.candidates)) {
    const c0 = lerp(o0, i0, line.t);
    const c1 = lerp(o1, i1, line.u);
    const strip: Quad8 = [o0.x, o0.y, o1.x, o1.y, c1.x, c1.y, c0.x, c0.y];
    if (!isBareSurface(img, quadExtent(strip))) continue;
    const out = [...part] as Quad8;
    out[2 * k] = c0.x;
    out[2 * k + 1] = c0.y;
    out[2 * ((k + 1) % 4)] = c1.x;
    out[2 * ((k + 1) % 4) + 1] = c1.y;
    return out;
  }
  return part;
}

/** The parts of a frame cut into a row (in row order) with the two end parts trimmed of bare desk. */
export function trimBareEnds(img: RgbImage, parts: readonly Quad8[], map: EdgeMap, options: Partial<BareEndOptions> = {}): Quad8[] {
  if (parts.length < 2) return [...parts];
  const last = parts.length - 1;
  return parts.map((q, n) => (n === 0 || n === last ? trimBareEnd(img, q, map, options) : q));
}
