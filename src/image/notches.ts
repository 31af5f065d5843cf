/**
 * Splits a paper region that is two documents of one tint lying side by side. Where their colours
 * match there is no step between them for the edge search to find, but their union is not convex:
 * two cards laid in a row are never perfectly aligned, so its outline has a notch above and below
 * the line where one card meets the other. Cutting between two such notches, when the cut runs
 * through the region and leaves two sheet-shaped parts, separates them.
 */
import { convexHull, type Point } from './geometry.js';
import { connectedComponents, type Component, type Plane } from './ops.js';

export interface NotchOptions {
  /** Least depth of a notch below the region's convex hull, as a share of its box's shorter side. */
  readonly minDepthShare: number;
  /** ... and in working pixels. */
  readonly minDepth: number;
  /** Least share of the region's area each part of a cut must keep. */
  readonly minPartShare: number;
  /** Least share of the cut's samples inside the region. */
  readonly minInside: number;
}

export const DEFAULT_NOTCH_OPTIONS: NotchOptions = {
  minDepthShare: 0.04,
  minDepth: 3,
  minPartShare: 0.25,
  minInside: 0.95,
};

function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** The deepest outline point of each notch: outline pixels far inside the convex hull, grouped. */
function notchPoints(labels: Int32Array, label: number, comp: Component, w: number, o: NotchOptions): Point[] {
  const outline: Point[] = [];
  const at = (x: number, y: number): boolean => x >= comp.x0 && x <= comp.x1 && y >= comp.y0 && y <= comp.y1 && labels[y * w + x] === label;
  for (let y = comp.y0; y <= comp.y1; y++) {
    for (let x = comp.x0; x <= comp.x1; x++) {
      if (!at(x, y)) continue;
      if (!at(x - 1, y) || !at(x + 1, y) || !at(x, y - 1) || !at(x, y + 1)) outline.push({ x, y });
    }
  }
  const hull = convexHull(outline);
  if (hull.length < 3) return [];
  const minDepth = Math.max(o.minDepth, o.minDepthShare * Math.min(comp.x1 - comp.x0 + 1, comp.y1 - comp.y0 + 1));
  const deep: { p: Point; depth: number }[] = [];
  for (const p of outline) {
    let depth = Infinity;
    for (let i = 0; i < hull.length; i++) depth = Math.min(depth, segmentDistance(p, hull[i], hull[(i + 1) % hull.length]));
    if (depth >= minDepth) deep.push({ p, depth });
  }
  // Group deep outline pixels that touch; each group is one notch, represented by its deepest pixel.
  deep.sort((a, b) => b.depth - a.depth);
  const taken = new Array<boolean>(deep.length).fill(false);
  const notches: Point[] = [];
  for (let i = 0; i < deep.length; i++) {
    if (taken[i]) continue;
    notches.push(deep[i].p);
    const stack = [i];
    taken[i] = true;
    while (stack.length > 0) {
      const k = stack.pop() as number;
      for (let m = 0; m < deep.length; m++) {
        if (taken[m] || Math.abs(deep[m].p.x - deep[k].p.x) > 2 || Math.abs(deep[m].p.y - deep[k].p.y) > 2) continue;
        taken[m] = true;
        stack.push(m);
      }
    }
  }
  return notches;
}

/**
 * The region cut in two along the shortest line between two notches that runs inside it and
 * leaves two large parts, as a label image and the parts; null when no such cut exists.
 * `isSheet` judges each part (the caller's test of a clean quadrilateral).
 */
export function splitAtNotches(
  labels: Int32Array,
  label: number,
  comp: Component,
  w: number,
  h: number,
  isSheet: (labels: Int32Array, part: Component) => boolean,
  options: Partial<NotchOptions> = {},
): { labels: Int32Array; parts: Component[] } | null {
  const o = { ...DEFAULT_NOTCH_OPTIONS, ...options };
  const notches = notchPoints(labels, label, comp, w, o);
  if (notches.length < 2 || notches.length > 12) return null;
  const cuts: { a: Point; b: Point; len: number }[] = [];
  for (let i = 0; i < notches.length; i++) {
    for (let j = i + 1; j < notches.length; j++) {
      const a = notches[i];
      const b = notches[j];
      const len = Math.hypot(a.x - b.x, a.y - b.y);
      const n = Math.max(2, Math.ceil(len));
      let inside = 0;
      for (let k = 0; k <= n; k++) {
        const x = Math.round(a.x + ((b.x - a.x) * k) / n);
        const y = Math.round(a.y + ((b.y - a.y) * k) / n);
        if (labels[y * w + x] === label) inside++;
      }
      if (inside >= o.minInside * (n + 1)) cuts.push({ a, b, len });
    }
  }
  cuts.sort((p, q) => p.len - q.len);
  for (const { a, b, len } of cuts) {
    const mask = new Uint8Array(w * h);
    for (let y = comp.y0; y <= comp.y1; y++) for (let x = comp.x0; x <= comp.x1; x++) if (labels[y * w + x] === label) mask[y * w + x] = 1;
    // A cut two pixels wide, so that 8-connected labelling cannot leak across it diagonally.
    const n = Math.max(2, Math.ceil(len));
    for (let k = 0; k <= n; k++) {
      const cx = Math.round(a.x + ((b.x - a.x) * k) / n);
      const cy = Math.round(a.y + ((b.y - a.y) * k) / n);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = cx + dx;
          const y = cy + dy;
          if (x >= 0 && y >= 0 && x < w && y < h) mask[y * w + x] = 0;
        }
      }
    }
    const plane: Plane = { data: mask, width: w, height: h };
    const split = connectedComponents(plane);
    const parts = split.components.filter((c) => c.area >= o.minPartShare * comp.area);
    if (parts.length === 2 && parts.every((p) => isSheet(split.labels, p))) return { labels: split.labels, parts };
  }
  return null;
}
