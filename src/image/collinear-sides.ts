/**
 * Sides of two documents lying in a row. Cards (or a card and a sheet) laid side by side have
 * their top sides, and their bottom sides, nearly on one line: a few degrees and a few pixels
 * apart in the Hough space, crossing near one end of the pair. The Hough peak picker
 * (edges.ts houghLines) takes a peak within a few degrees and pixels of a kept line for that
 * line's echo (an edge votes at its neighbouring angles too, pivoting about its middle), and so
 * dropped the second document's side: the document then had three sides and was never closed
 * (dev seed 1403 image 24: two cards in a row on pale cloth, the left one lost).
 *
 * An echo is backed only where it crosses the kept line's own edge pixels; the second document's
 * side is backed along its own length, away from the kept line. Counting the backed samples of a
 * peak's line that lie farther than a few pixels from every nearby kept line tells the two apart.
 */
import type { EdgeMap } from './edges.js';

/** A Hough line as the peak picker holds it: angle of the normal in whole degrees, offset in pixels, and its votes. */
export interface HoughPeak {
  readonly t: number;
  readonly r: number;
  readonly v?: number;
}

export interface CollinearSideRule {
  /** Peaks this close in angle (degrees) to a kept line are always its echo. */
  readonly maxEchoAngle: number;
  /** Distance (px) from a kept line within which a backed sample is that line's own. */
  readonly ownDistance: number;
  /** Degrees around a line's direction an edge pixel's gradient may differ and still back it. */
  readonly angleTolerance: number;
  /** Longest break (samples) within one backed run. */
  readonly maxGap: number;
  /** Least length of that run, as a multiple of the votes a Hough line needs (half a shortest side: a whole one). */
  readonly minRunScale: number;
}

export const DEFAULT_COLLINEAR_SIDE_RULE: CollinearSideRule = {
  maxEchoAngle: 2,
  ownDistance: 6,
  angleTolerance: 8,
  maxGap: 3,
  minRunScale: 2,
};

const RAD = Math.PI / 180;

function angleGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 180;
  return Math.min(d, 180 - d);
}


/**
 * Longest run of backed samples of the line of `peak` (step-edge pixels of its direction within a
 * pixel of it) that lie farther than `ownDistance` from each of `near` (kept lines it is close to
 * in the Hough space). A peak that is only an echo of those lines has next to none.
 */
export function ownBacking(map: EdgeMap, peak: HoughPeak, near: readonly HoughPeak[], rule: CollinearSideRule = DEFAULT_COLLINEAR_SIDE_RULE): number {
  const { w, h, angle } = map;
  const cos = Math.cos(peak.t * RAD);
  const sin = Math.sin(peak.t * RAD);
  const diag = Math.ceil(Math.hypot(w, h));
  // The longest run, bridging short breaks: a document's side is one stretch, while a line
  // through the ends of two other documents' edges is backed in two short ones.
  const normals = near.map((k) => ({ cos: Math.cos(k.t * RAD), sin: Math.sin(k.t * RAD), r: k.r }));
  const onKept = (x: number, y: number): boolean => normals.some((k) => Math.abs(x * k.cos + y * k.sin - k.r) <= rule.ownDistance);
  let best = 0;
  let run = 0;
  let gap = 0;
  for (let t = -diag; t <= diag; t++) {
    // Point on the line: rho along the normal, t along the direction (-sin, cos).
    const px = peak.r * cos - t * sin;
    const py = peak.r * sin + t * cos;
    const inFrame = px >= 0 && py >= 0 && px <= w - 1 && py <= h - 1;
    const own = inFrame && !onKept(px, py) && backedAt(angle, w, h, px, py, cos, sin, peak.t, rule.angleTolerance);
    if (own) {
      run += gap + 1;
      gap = 0;
      best = Math.max(best, run);
    } else if (run > 0 && ++gap > rule.maxGap) {
      run = 0;
      gap = 0;
    }
  }
  return best;
}

/** Whether a step-edge pixel of the line's direction lies within a pixel of (px, py) across the line. */
function backedAt(angle: Int16Array, w: number, h: number, px: number, py: number, cos: number, sin: number, theta: number, tol: number): boolean {
  for (let off = -1; off <= 1; off++) {
    const x = Math.round(px + off * cos);
    const y = Math.round(py + off * sin);
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    const a = angle[y * w + x];
    if (a >= 0 && angleGap(a, theta) <= tol) return true;
  }
  return false;
}

/**
 * Whether a Hough peak close to kept lines is only their echo: always when it is within
 * maxEchoAngle of one of them (two sides that close are one line over any document's length) or
 * has fewer votes than the run it would need, else when its longest backed run away from them is shorter than a document's shortest side
 * (`minRunScale` times `minVotes`, the votes a line needs).
 */
export function isEcho(map: EdgeMap, peak: HoughPeak, near: readonly HoughPeak[], minVotes: number, rule: CollinearSideRule = DEFAULT_COLLINEAR_SIDE_RULE): boolean {
  if (near.length === 0) return false;
  if (near.some((k) => angleGap(k.t, peak.t) <= rule.maxEchoAngle)) return true;
  const minRun = rule.minRunScale * minVotes;
  // A peak with fewer votes than the run it needs cannot back one (most echoes): no scan.
  if (peak.v !== undefined && peak.v < minRun) return true;
  return ownBacking(map, peak, near, rule) < minRun;
}
