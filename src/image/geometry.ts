/**
 * Plane geometry on image coordinates (x right, y down): points, quads, convex hulls, minimum-area
 * rectangles and page rotations. Pure functions over plain numbers, shared by detection, cropping
 * and reading order.
 */
import type { PageAngle, Quad8 } from '../ocr/types.js';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A rotated rectangle: centre, side lengths and the direction of its `width` side in radians. */
export interface RotatedRect {
  readonly cx: number;
  readonly cy: number;
  readonly width: number;
  readonly height: number;
  readonly angle: number;
}

export function quadPoints(q: Quad8): [Point, Point, Point, Point] {
  return [
    { x: q[0], y: q[1] },
    { x: q[2], y: q[3] },
    { x: q[4], y: q[5] },
    { x: q[6], y: q[7] },
  ];
}

export function pointsToQuad(p: readonly Point[]): Quad8 {
  if (p.length !== 4) throw new RangeError(`a quad needs 4 points, got ${p.length}`);
  return [p[0]!.x, p[0]!.y, p[1]!.x, p[1]!.y, p[2]!.x, p[2]!.y, p[3]!.x, p[3]!.y];
}

/** The point a share t of the way from a to b. */
export function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * Signed distance of p from the line through a and b: positive on its right on screen (y down),
 * which is the inside of a clockwise polygon's side a -> b; 0 when a and b coincide.
 */
export function lineOffset(p: Point, a: Point, b: Point): number {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  return len === 0 ? 0 : ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len;
}

/** Signed area (shoelace); positive when the points run clockwise on screen (y down). */
export function signedArea(poly: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    s += a.x * b.y - b.x * a.y;
  }
  return s / 2;
}

export function perimeter(poly: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) s += distance(poly[i]!, poly[(i + 1) % poly.length]!);
  return s;
}

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** Convex hull (Andrew's monotone chain); collinear points dropped. */
export function convexHull(points: readonly Point[]): Point[] {
  if (points.length < 3) return points.slice();
  const pts = points.slice().sort((a, b) => a.x - b.x || a.y - b.y);
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/**
 * Minimum-area enclosing rectangle (rotating calipers over the hull's edges): one side of the
 * optimal rectangle always lies on a hull edge, so trying every edge direction is exact.
 */
export function minAreaRect(points: readonly Point[]): RotatedRect {
  const hull = convexHull(points);
  if (hull.length === 0) return { cx: 0, cy: 0, width: 0, height: 0, angle: 0 };
  if (hull.length === 1) return { cx: hull[0]!.x, cy: hull[0]!.y, width: 0, height: 0, angle: 0 };
  let best: RotatedRect | null = null;
  let bestArea = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const len = distance(a, b);
    if (len === 0) continue;
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * ux + p.y * uy;
      const v = -p.x * uy + p.y * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea - 1e-9) {
      bestArea = area;
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = {
        cx: cu * ux - cv * uy,
        cy: cu * uy + cv * ux,
        width: maxU - minU,
        height: maxV - minV,
        angle: Math.atan2(uy, ux),
      };
    }
  }
  return best ?? { cx: hull[0]!.x, cy: hull[0]!.y, width: 0, height: 0, angle: 0 };
}

/** The four corners of a rotated rectangle, in no particular order guarantee beyond being a cycle. */
export function rectCorners(r: RotatedRect): [Point, Point, Point, Point] {
  const ux = Math.cos(r.angle), uy = Math.sin(r.angle);
  const hw = r.width / 2, hh = r.height / 2;
  const at = (su: number, sv: number): Point => ({
    x: r.cx + su * hw * ux - sv * hh * uy,
    y: r.cy + su * hw * uy + sv * hh * ux,
  });
  return [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
}

/**
 * Orders four corners clockwise starting from the top-left as a reader of an upright page sees
 * it: the corner with the smallest x+y among the two leftmost, as PaddleOCR does, which stays
 * stable for lines skewed by less than 45 degrees.
 */
export function orderClockwise(p: readonly Point[]): [Point, Point, Point, Point] {
  if (p.length !== 4) throw new RangeError(`a quad needs 4 points, got ${p.length}`);
  const cx = (p[0]!.x + p[1]!.x + p[2]!.x + p[3]!.x) / 4;
  const cy = (p[0]!.y + p[1]!.y + p[2]!.y + p[3]!.y) / 4;
  // Sort by angle around the centre: on screen (y down) increasing atan2 runs clockwise.
  const sorted = p.slice().sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
  let start = 0;
  let bestKey = Infinity;
  for (let i = 0; i < 4; i++) {
    const k = sorted[i]!.x + sorted[i]!.y;
    if (k < bestKey - 1e-9) {
      bestKey = k;
      start = i;
    }
  }
  return [sorted[start]!, sorted[(start + 1) % 4]!, sorted[(start + 2) % 4]!, sorted[(start + 3) % 4]!];
}

/** Whether (x, y) lies inside the convex quad `q` (corners in order, either winding); on a side counts as inside. */
export function pointInQuad(q: Quad8, x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const ax = q[2 * i]!;
    const ay = q[2 * i + 1]!;
    const bx = q[(2 * i + 2) % 8]!;
    const by = q[(2 * i + 3) % 8]!;
    const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    if (cross === 0) continue;
    const s = cross > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** Lengths of a quad's top edge (p0-p1) and left edge (p0-p3), averaged with their opposites. */
export function quadSize(q: Quad8): { width: number; height: number } {
  const [p0, p1, p2, p3] = quadPoints(q);
  return {
    width: (distance(p0, p1) + distance(p3, p2)) / 2,
    height: (distance(p0, p3) + distance(p1, p2)) / 2,
  };
}

/** Area of a quad in pixels (shoelace), whichever way its corners run. */
export function quadArea(q: Quad8): number {
  return Math.abs(signedArea(quadPoints(q)));
}

export function quadCentre(q: Quad8): Point {
  return { x: (q[0] + q[2] + q[4] + q[6]) / 4, y: (q[1] + q[3] + q[5] + q[7]) / 4 };
}

/** Rotates the corner order so the quad starts at another corner (k steps clockwise). */
export function rollQuad(q: Quad8, k: number): Quad8 {
  const p = quadPoints(q);
  const s = ((k % 4) + 4) % 4;
  return pointsToQuad([p[s]!, p[(s + 1) % 4]!, p[(s + 2) % 4]!, p[(s + 3) % 4]!]);
}

/** The pixels (inclusive bounds) of a quad's bounding box inside a `width` x `height` image. */
export function quadPixelBox(q: Quad8, width: number, height: number): { x0: number; y0: number; x1: number; y1: number } {
  const xs = [q[0], q[2], q[4], q[6]];
  const ys = [q[1], q[3], q[5], q[7]];
  return {
    x0: Math.max(0, Math.floor(Math.min(...xs))),
    y0: Math.max(0, Math.floor(Math.min(...ys))),
    x1: Math.min(width - 1, Math.ceil(Math.max(...xs))),
    y1: Math.min(height - 1, Math.ceil(Math.max(...ys))),
  };
}

/** Rounds every coordinate and clamps it into the image. */
export function clampQuad(q: Quad8, width: number, height: number): Quad8 {
  const out = q.slice() as Quad8;
  for (let i = 0; i < 8; i += 2) {
    out[i] = Math.min(Math.max(Math.round(q[i]!), 0), Math.max(width - 1, 0));
    out[i + 1] = Math.min(Math.max(Math.round(q[i + 1]!), 0), Math.max(height - 1, 0));
  }
  return out;
}

/**
 * Maps a point of an image of size (width, height) to the image obtained by turning it
 * `angle` degrees clockwise.
 */
export function rotatePoint(p: Point, angle: PageAngle, width: number, height: number): Point {
  switch (angle) {
    case 0:
      return p;
    case 90:
      return { x: height - p.y, y: p.x };
    case 180:
      return { x: width - p.x, y: height - p.y };
    case 270:
      return { x: p.y, y: width - p.x };
  }
}

/** Size of an image of size (width, height) after turning it `angle` degrees. */
export function rotatedSize(angle: PageAngle, width: number, height: number): { width: number; height: number } {
  return angle === 90 || angle === 270 ? { width: height, height: width } : { width, height };
}

export function rotateQuad(q: Quad8, angle: PageAngle, width: number, height: number): Quad8 {
  return pointsToQuad(quadPoints(q).map((p) => rotatePoint(p, angle, width, height)));
}

/** The inverse of `rotatePoint`: from the turned image back to the original. */
export function unrotatePoint(p: Point, angle: PageAngle, width: number, height: number): Point {
  const turned = rotatedSize(angle, width, height);
  const back = ((360 - angle) % 360) as PageAngle;
  return rotatePoint(p, back, turned.width, turned.height);
}

/** The inverse of `rotateQuad`. */
export function unrotateQuad(q: Quad8, angle: PageAngle, width: number, height: number): Quad8 {
  return pointsToQuad(quadPoints(q).map((p) => unrotatePoint(p, angle, width, height)));
}
