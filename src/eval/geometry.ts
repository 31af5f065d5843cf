/**
 * Overlap of quadrilaterals for matching seals and documents. A seal's quad is its own four
 * corners (rotated and under perspective in photos), so IoU is taken of the polygons, not of
 * their axis boxes: axis boxes of a 45°-turned square overlap far more than the square does.
 * A quad that is not convex (only a degenerate or mis-ordered one can be) falls back to the IoU
 * of the axis boxes, because polygon clipping below needs convex polygons.
 */

export type Point = readonly [number, number];

export function quadPoints(quad: readonly number[]): Point[] {
  const points: Point[] = [];
  for (let i = 0; i + 1 < quad.length; i += 2) points.push([quad[i]!, quad[i + 1]!]);
  return points;
}

/** Signed area (shoelace); positive for clockwise corners in image coordinates (y down). */
export function signedArea(polygon: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i]!;
    const [x2, y2] = polygon[(i + 1) % polygon.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

function cross(o: Point, a: Point, b: Point): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

export function isConvex(polygon: readonly Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < polygon.length; i++) {
    const c = cross(polygon[i]!, polygon[(i + 1) % polygon.length]!, polygon[(i + 2) % polygon.length]!);
    if (c === 0) continue;
    const s = Math.sign(c);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return sign !== 0;
}

/** Same winding for both polygons, so "inside" means the same side of every edge. */
function clockwise(polygon: readonly Point[]): Point[] {
  return signedArea(polygon) < 0 ? [...polygon].reverse() : [...polygon];
}

/** Sutherland–Hodgman: `subject` clipped by the convex `clip`; both clockwise (y down). */
function clipPolygon(subject: readonly Point[], clip: readonly Point[]): Point[] {
  let output: Point[] = [...subject];
  for (let i = 0; i < clip.length && output.length > 0; i++) {
    const a = clip[i]!;
    const b = clip[(i + 1) % clip.length]!;
    const input = output;
    output = [];
    const inside = (p: Point): boolean => cross(a, b, p) >= 0;
    const intersection = (p: Point, q: Point): Point => {
      const denominator = (p[0] - q[0]) * (a[1] - b[1]) - (p[1] - q[1]) * (a[0] - b[0]);
      if (denominator === 0) return q;
      const t = ((p[0] - a[0]) * (a[1] - b[1]) - (p[1] - a[1]) * (a[0] - b[0])) / denominator;
      return [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
    };
    for (let j = 0; j < input.length; j++) {
      const current = input[j]!;
      const previous = input[(j + input.length - 1) % input.length]!;
      if (inside(current)) {
        if (!inside(previous)) output.push(intersection(previous, current));
        output.push(current);
      } else if (inside(previous)) {
        output.push(intersection(previous, current));
      }
    }
  }
  return output;
}

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
  const clipped = clipPolygon(ca, cb);
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
