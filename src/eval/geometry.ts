/**
 * Overlap of quadrilaterals for matching seals and documents. A seal's quad is its own four
 * corners (rotated and under perspective in photos), so IoU is taken of the polygons, not of
 * their axis boxes: axis boxes of a 45°-turned square overlap far more than the square does.
 * A quad that is not convex (only a degenerate or mis-ordered one can be) falls back to the IoU
 * of the axis boxes, because polygon clipping (src/image/polygon.ts) needs convex polygons.
 */

import { clipConvex, clockwise, isConvexPolygon, polygonArea, quadVertices, type Vertex } from '../image/polygon.js';

export type Point = Vertex;

export const quadPoints = quadVertices;
export const signedArea = polygonArea;
export const isConvex = isConvexPolygon;

export function boxOf(quad: readonly number[]): [number, number, number, number] {
  const xs = quadPoints(quad).map((p) => p[0]);
  const ys = quadPoints(quad).map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** IoU of two axis boxes [x0,y0,x1,y1]. */
export function boxIou(a: readonly number[], b: readonly number[]): number {
  const w = Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!);
  const h = Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!);
  if (w <= 0 || h <= 0) return 0;
  const intersection = w * h;
  const union = (a[2]! - a[0]!) * (a[3]! - a[1]!) + (b[2]! - b[0]!) * (b[3]! - b[1]!) - intersection;
  return union > 0 ? intersection / union : 0;
}

/** IoU of two quads (8 numbers): polygon IoU when both are convex, else IoU of their axis boxes. */
export function quadIou(a: readonly number[], b: readonly number[]): number {
  const pa = quadPoints(a);
  const pb = quadPoints(b);
  if (!isConvex(pa) || !isConvex(pb)) return boxIou(boxOf(a), boxOf(b));
  const ca = clockwise(pa);
  const cb = clockwise(pb);
  const areaA = Math.abs(signedArea(ca));
  const areaB = Math.abs(signedArea(cb));
  const clipped = clipConvex(ca, cb);
  const intersection = clipped.length >= 3 ? Math.abs(signedArea(clipped)) : 0;
  const union = areaA + areaB - intersection;
  return union > 0 ? intersection / union : 0;
}

/**
 * One-to-one matching of predictions to references at an IoU threshold, greedily by highest IoU
 * first (the usual detection-evaluation rule). Returns the matched index pairs.
 */
export function matchByIou(
  references: readonly (readonly number[])[],
  predictions: readonly (readonly number[])[],
  threshold: number,
  iou: (a: readonly number[], b: readonly number[]) => number = quadIou,
): { reference: number; prediction: number; iou: number }[] {
  const candidates: { reference: number; prediction: number; iou: number }[] = [];
  references.forEach((r, i) => predictions.forEach((p, j) => {
    const value = iou(r, p);
    if (value >= threshold) candidates.push({ reference: i, prediction: j, iou: value });
  }));
  candidates.sort((x, y) => y.iou - x.iou || x.reference - y.reference || x.prediction - y.prediction);
  const usedR = new Set<number>();
  const usedP = new Set<number>();
  const pairs: { reference: number; prediction: number; iou: number }[] = [];
  for (const c of candidates) {
    if (usedR.has(c.reference) || usedP.has(c.prediction)) continue;
    usedR.add(c.reference);
    usedP.add(c.prediction);
    pairs.push(c);
  }
  return pairs;
}
