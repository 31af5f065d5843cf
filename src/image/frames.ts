/**
 * Rectangular stamp frames (核对, 清单已打印, 已审核) at any small tilt.
 *
 * A rectangular stamp is a thin drawn frame round a line of characters, pressed by hand at up to
 * about 30 degrees. Its ink, seen along the frame's own axes, has four straight runs at the
 * extremes; a block of words has ragged edges there (gaps between characters and between lines).
 */
import type { Plane } from './ops.js';

export interface FrameFit {
  /** Share of the four sides drawn as a line, in [0, 1]. */
  readonly coverage: number;
  /** Tilt of the best frame, degrees. */
  readonly angle: number;
}

/** Tilts tried, degrees. */
const ANGLES: readonly number[] = Array.from({ length: 21 }, (_, i) => -30 + i * 3);

/**
 * The best frame over the tilts for the ink of a box: for each side, the side is cut into
 * segments, and a segment counts when the thin band at the ink's extreme holds ink over at least
 * `minRun` of the segment's length.
 */
export function tiltedFrame(mask: Plane, x0: number, y0: number, x1: number, y1: number, segments = 12, minRun = 0.6): FrameFit {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = Math.max(0, y0); y <= Math.min(mask.height - 1, y1); y++) {
    for (let x = Math.max(0, x0); x <= Math.min(mask.width - 1, x1); x++) {
      if (mask.data[y * mask.width + x]) {
        xs.push(x - x0);
        ys.push(y - y0);
      }
    }
  }
  let best: FrameFit = { coverage: 0, angle: 0 };
  if (xs.length < 20) return best;
  const n = xs.length;
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  for (const deg of ANGLES) {
    const t = (deg * Math.PI) / 180;
    const c = Math.cos(t);
    const s = Math.sin(t);
    let uMin = Infinity;
    let uMax = -Infinity;
    let vMin = Infinity;
    let vMax = -Infinity;
    for (let i = 0; i < n; i++) {
      u[i] = xs[i]! * c + ys[i]! * s;
      v[i] = -xs[i]! * s + ys[i]! * c;
      if (u[i]! < uMin) uMin = u[i]!;
      if (u[i]! > uMax) uMax = u[i]!;
      if (v[i]! < vMin) vMin = v[i]!;
      if (v[i]! > vMax) vMax = v[i]!;
    }
    const width = uMax - uMin;
    const height = vMax - vMin;
    if (width < 8 || height < 8) continue;
    const band = Math.max(2, Math.min(width, height) * 0.07);
    // Distinct unit cells along each side with ink in its band: a drawn line fills them all.
    const cellsU = Math.ceil(width) + 1;
    const cellsV = Math.ceil(height) + 1;
    const top = new Uint8Array(cellsU);
    const bottom = new Uint8Array(cellsU);
    const left = new Uint8Array(cellsV);
    const right = new Uint8Array(cellsV);
    for (let i = 0; i < n; i++) {
      const du = u[i]! - uMin;
      const dv = v[i]! - vMin;
      if (dv <= band) top[Math.floor(du)] = 1;
      if (height - dv <= band) bottom[Math.floor(du)] = 1;
      if (du <= band) left[Math.floor(dv)] = 1;
      if (width - du <= band) right[Math.floor(dv)] = 1;
    }
    let covered = 0;
    for (const side of [top, bottom, left, right]) {
      for (let k = 0; k < segments; k++) {
        const a = Math.floor((k * side.length) / segments);
        const b = Math.floor(((k + 1) * side.length) / segments);
        let inked = 0;
        for (let j = a; j < b; j++) inked += side[j]!;
        if (b > a && inked >= minRun * (b - a)) covered++;
      }
    }
    const coverage = covered / (4 * segments);
    if (coverage > best.coverage) best = { coverage, angle: deg };
  }
  return best;
}
