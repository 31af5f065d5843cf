/**
 * Rectangular stamp frames (核对, 清单已打印, 已审核) at any small tilt.
 *
 * A rectangular stamp is a thin drawn frame round a line of characters, pressed by hand at up to
 * about 30 degrees. Its ink, seen along the frame's own axes, has four straight runs at the
 * extremes; a block of words has ragged edges there (gaps between characters and between lines).
 */
import { connectedComponents, type Component, type Plane } from './ops.js';

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

/** Sizes and tests of `loneFrames`, in mask pixels and shares. */
export interface LoneFrameOptions {
  /** Longer side of the frame's box: at least, at most. */
  readonly minSide: number;
  readonly maxSide: number;
  /** Longer over shorter side along the frame's own axes, at most. */
  readonly maxAspect: number;
  /** Share of the four sides drawn (see `tiltedFrame`), at least. */
  readonly minCoverage: number;
  /** Share of the frame's own ink lying along its sides, at least: a grid's inner rules do not. */
  readonly minEdgeShare: number;
  /** Thickest over thinnest side, at most. */
  readonly maxStrokeRatio: number;
  /**
   * Mean stroke of the sides relative to the shorter side, at most: a solid dark block is a
   * hollow frame on an adaptive-threshold mask, as thick as the threshold's window.
   */
  readonly maxStroke: number;
  /** Separate marks inside the frame, at least (two characters: 核对). */
  readonly minPieces: number;
  /** Ink share of the frame's inside: at least (words, not an empty box), at most (not a solid block). */
  readonly minInside: number;
  readonly maxInside: number;
}

/** An axis box in mask pixels, inclusive. */
export interface FrameBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * Frames standing alone round a few words, on any ink: a stamp's frame is one connected stroke
 * whose ink lies all along its four sides and nowhere inside, with separate characters inside.
 * A form cell is joined to its neighbours by the rules they share, so its piece of ink is the
 * whole grid, with rules running through the inside; a word's glyphs are pieces of their own.
 */
export function loneFrames(mask: Plane, o: LoneFrameOptions): FrameBox[] {
  const { labels, components } = connectedComponents(mask);
  const out: FrameBox[] = [];
  for (const comp of components) {
    const w = comp.x1 - comp.x0 + 1;
    const h = comp.y1 - comp.y0 + 1;
    const big = Math.max(w, h);
    if (big < o.minSide || big > o.maxSide || Math.min(w, h) < o.minSide / 4) continue;
    // A frame's ink is a thin line: far less than the box it draws.
    if (comp.area > 0.5 * w * h) continue;
    const own = componentPlane(labels, mask.width, comp);
    const fit = tiltedFrame(own, 0, 0, w - 1, h - 1);
    if (fit.coverage < o.minCoverage) continue;
    const shape = frameShape(own, fit.angle);
    if (!shape || shape.aspect > o.maxAspect || shape.edgeShare < o.minEdgeShare || shape.strokeRatio > o.maxStrokeRatio || shape.stroke > o.maxStroke) continue;
    const content = marksInside(comp, components, shape);
    if (content.pieces < o.minPieces || content.ink < o.minInside || content.ink > o.maxInside) continue;
    out.push({ x0: comp.x0, y0: comp.y0, x1: comp.x1, y1: comp.y1 });
  }
  return out;
}

/** The one component's pixels in a plane of its box. */
function componentPlane(labels: Int32Array, width: number, comp: Component): Plane {
  const w = comp.x1 - comp.x0 + 1;
  const h = comp.y1 - comp.y0 + 1;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) if (labels[(comp.y0 + y) * width + comp.x0 + x] === comp.label) data[y * w + x] = 1;
  }
  return { data, width: w, height: h };
}

/** A frame seen along its own axes: where its sides lie, and how its ink sits on them. */
interface FrameShape {
  readonly angle: number;
  readonly uMin: number;
  readonly vMin: number;
  readonly width: number;
  readonly height: number;
  readonly band: number;
  readonly aspect: number;
  /** Share of the ink within the side bands. */
  readonly edgeShare: number;
  /** Thickest side's ink per unit length over the thinnest's. */
  readonly strokeRatio: number;
  /** Mean ink per unit length of the sides over the shorter side. */
  readonly stroke: number;
}

/** Coordinates along a frame tilted by `angleDeg`: u along its top side, v along its left side. */
function frameAxes(angleDeg: number): (x: number, y: number) => readonly [number, number] {
  const t = (angleDeg * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  return (x, y) => [x * c + y * s, -x * s + y * c];
}

function frameShape(own: Plane, angleDeg: number): FrameShape | null {
  const toAxes = frameAxes(angleDeg);
  const us: number[] = [];
  const vs: number[] = [];
  for (let y = 0; y < own.height; y++) {
    for (let x = 0; x < own.width; x++) {
      if (!own.data[y * own.width + x]) continue;
      const [u, v] = toAxes(x, y);
      us.push(u);
      vs.push(v);
    }
  }
  const uMin = Math.min(...us);
  const vMin = Math.min(...vs);
  const width = Math.max(...us) - uMin;
  const height = Math.max(...vs) - vMin;
  if (width < 8 || height < 8) return null;
  const band = Math.max(2, Math.min(width, height) * 0.12);
  const sides = [0, 0, 0, 0];
  let onEdge = 0;
  for (let i = 0; i < us.length; i++) {
    const du = us[i]! - uMin;
    const dv = vs[i]! - vMin;
    const near = [dv <= band, height - dv <= band, du <= band, width - du <= band];
    near.forEach((n, k) => { if (n) sides[k]!++; });
    if (near.some(Boolean)) onEdge++;
  }
  const perLength = [sides[0]! / width, sides[1]! / width, sides[2]! / height, sides[3]! / height];
  const thinnest = Math.min(...perLength);
  return {
    angle: angleDeg, uMin, vMin, width, height, band,
    aspect: Math.max(width, height) / Math.min(width, height),
    edgeShare: onEdge / us.length,
    strokeRatio: thinnest > 0 ? Math.max(...perLength) / thinnest : Number.POSITIVE_INFINITY,
    stroke: perLength.reduce((a, b) => a + b, 0) / 4 / Math.min(width, height),
  };
}

/** Other pieces of ink lying wholly within the frame's inner rectangle, and their ink share of it. */
function marksInside(frame: Component, all: readonly Component[], shape: FrameShape): { pieces: number; ink: number } {
  const toAxes = frameAxes(shape.angle);
  const within = (x: number, y: number): boolean => {
    const [u, v] = toAxes(x - frame.x0, y - frame.y0);
    const du = u - shape.uMin;
    const dv = v - shape.vMin;
    return du > shape.band && dv > shape.band && shape.width - du > shape.band && shape.height - dv > shape.band;
  };
  let pieces = 0;
  let ink = 0;
  for (const k of all) {
    if (k.label === frame.label || k.x0 < frame.x0 || k.y0 < frame.y0 || k.x1 > frame.x1 || k.y1 > frame.y1) continue;
    if (!within(k.x0, k.y0) || !within(k.x1, k.y0) || !within(k.x0, k.y1) || !within(k.x1, k.y1)) continue;
    ink += k.area;
    if (k.area >= 3) pieces++;
  }
  const inner = Math.max(1, (shape.width - 2 * shape.band) * (shape.height - 2 * shape.band));
  return { pieces, ink: ink / inner };
}
