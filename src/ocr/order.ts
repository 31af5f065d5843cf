/**
 * Reading order of line quads on an upright page: rows by baseline, then left to right. Rows are
 * found after removing the page's dominant skew, and a line joins a row by extending a
 * neighbour's own baseline to it, so a photographed page whose skew changes across the sheet
 * (perspective) still groups correctly, where sorting by raw y interleaves rows.
 */
import type { Quad8 } from './types.js';
import { quadPoints } from '../image/geometry.js';

interface Placed {
  readonly index: number;
  /** Baseline midpoint after deskew. */
  readonly bx: number;
  readonly by: number;
  /** Slope dy/dx of the line's own baseline after deskew. */
  readonly slope: number;
  readonly height: number;
  /** Horizontal extent after deskew. */
  readonly left: number;
  readonly right: number;
}

/** Length-weighted median of the lines' directions: the page's skew in radians. */
export function dominantSkew(quads: readonly Quad8[]): number {
  const items = quads.map((q) => {
    const [p0, p1, p2, p3] = quadPoints(q);
    const dx = (p1.x - p0.x + p2.x - p3.x) / 2;
    const dy = (p1.y - p0.y + p2.y - p3.y) / 2;
    return { angle: Math.atan2(dy, dx), weight: Math.hypot(dx, dy) };
  }).filter((i) => i.weight > 0 && Math.abs(i.angle) < Math.PI / 4);
  if (items.length === 0) return 0;
  items.sort((a, b) => a.angle - b.angle);
  const total = items.reduce((s, i) => s + i.weight, 0);
  let acc = 0;
  for (const i of items) {
    acc += i.weight;
    if (acc >= total / 2) return i.angle;
  }
  return items[items.length - 1]!.angle;
}

function place(q: Quad8, index: number, cos: number, sin: number): Placed {
  // Rotate by -skew: x' = x cos + y sin, y' = -x sin + y cos.
  const pts = quadPoints(q).map((p) => ({ x: p.x * cos + p.y * sin, y: -p.x * sin + p.y * cos }));
  const [p0, p1, p2, p3] = pts as [typeof pts[0], typeof pts[0], typeof pts[0], typeof pts[0]];
  const dx = p2.x - p3.x;
  const slope = Math.abs(dx) > 1e-6 ? (p2.y - p3.y) / dx : 0;
  const height = (Math.hypot(p3.x - p0.x, p3.y - p0.y) + Math.hypot(p2.x - p1.x, p2.y - p1.y)) / 2;
  const xs = pts.map((p) => p.x);
  return {
    index,
    bx: (p2.x + p3.x) / 2,
    by: (p2.y + p3.y) / 2,
    slope: Math.max(-0.5, Math.min(0.5, slope)),
    height: Math.max(height, 1),
    left: Math.min(...xs),
    right: Math.max(...xs),
  };
}

/**
 * Replaces each line's slope by the median over it and its nearest neighbours. One box's own
 * tilt is often an artefact (a red label set higher than the black value after it, a stamp
 * touching the line) and, extended across a table, would put the line's neighbour on another
 * row; the slope a perspective page gives its lines changes smoothly, so neighbours agree on it.
 */
function smoothSlopes(lines: Placed[], neighbours = 6): Placed[] {
  return lines.map((line) => {
    const near = lines
      .map((o) => ({ o, d: Math.hypot(o.bx - line.bx, o.by - line.by) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, neighbours + 1)
      .map((x) => x.o.slope)
      .sort((a, b) => a - b);
    return { ...line, slope: near[Math.floor(near.length / 2)]! };
  });
}

/** Vertical distance from b's baseline to a's baseline extended to b's x. */
function baselineGap(a: Placed, b: Placed): number {
  return Math.abs(b.by - (a.by + (b.bx - a.bx) * a.slope));
}

/**
 * Returns the indices of `quads` (each clockwise from the text's top-left, on the upright page)
 * in reading order.
 */
export function readingOrder(quads: readonly Quad8[]): number[] {
  if (quads.length === 0) return [];
  const skew = dominantSkew(quads);
  const cos = Math.cos(skew), sin = Math.sin(skew);
  const placed = smoothSlopes(quads.map((q, i) => place(q, i, cos, sin))).sort((a, b) => a.by - b.by);
  const rows: Placed[][] = [];
  for (const line of placed) {
    let best: Placed[] | null = null;
    let bestGap = Infinity;
    // Only rows whose last baseline is near enough can take the line; scanning from the
    // newest row keeps this linear in practice.
    for (let r = rows.length - 1; r >= 0; r--) {
      const row = rows[r]!;
      const lowest = row.reduce((m, p) => Math.max(m, p.by), -Infinity);
      if (line.by - lowest > 3 * line.height) break;
      // The member nearest in x predicts the baseline best under perspective.
      let nearest = row[0]!;
      let nearestDx = Infinity;
      let overlaps = false;
      for (const m of row) {
        const dx = Math.max(0, m.left - line.right, line.left - m.right);
        if (dx < nearestDx) { nearestDx = dx; nearest = m; }
        const overlap = Math.min(m.right, line.right) - Math.max(m.left, line.left);
        if (overlap > 0.5 * Math.min(m.right - m.left, line.right - line.left)) overlaps = true;
      }
      if (overlaps) continue; // two lines stacked over each other are not one row
      const gap = baselineGap(nearest, line);
      if (gap < 0.5 * Math.min(nearest.height, line.height) && gap < bestGap) {
        best = row;
        bestGap = gap;
      }
    }
    if (best) best.push(line);
    else rows.push([line]);
  }
  // Rows ordered by their mean deskewed baseline. Extrapolating each row's own slope to a
  // common x was tried: a short tilted row (a stamp) far from the centre then jumps rows.
  const rowKey = (row: Placed[]): number => row.reduce((s, p) => s + p.by, 0) / row.length;
  return rows
    .map((row) => ({ key: rowKey(row), row: row.slice().sort((a, b) => a.left - b.left) }))
    .sort((a, b) => a.key - b.key)
    .flatMap((r) => r.row.map((p) => p.index));
}
