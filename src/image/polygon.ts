/**
 * Convex polygons on image coordinates (x right, y down) as [x, y] vertex lists: the exact area
 * two quads share (Sutherland–Hodgman clipping and the shoelace area), and the share of one quad
 * that a set of others covers. Used by the evaluation (polygon IoU of seals and documents), by the
 * generator's labels (how much of a page later pages hide) and by the localiser (edges.ts), so
 * all of them measure overlap the same way.
 */

export type Vertex = readonly [number, number];

/** The corners of a flat coordinate list [x0, y0, x1, y1, ...]. */
export function quadVertices(quad: readonly number[]): Vertex[] {
  const points: Vertex[] = [];
  for (let i = 0; i + 1 < quad.length; i += 2) points.push([quad[i]!, quad[i + 1]!]);
  return points;
}

/** Signed area (shoelace); positive for clockwise corners in image coordinates (y down). */
export function polygonArea(polygon: readonly Vertex[]): number {
  let sum = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i]!;
    const [x2, y2] = polygon[(i + 1) % polygon.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

function cross(o: Vertex, a: Vertex, b: Vertex): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** Every turn the same way (collinear corners allowed); a degenerate polygon is not convex. */
export function isConvexPolygon(polygon: readonly Vertex[]): boolean {
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

/** Same winding for every polygon, so "inside" means the same side of every edge. */
export function clockwise(polygon: readonly Vertex[]): Vertex[] {
  return polygonArea(polygon) < 0 ? [...polygon].reverse() : [...polygon];
}

/** Sutherland–Hodgman: `subject` clipped by the convex `clip`; both clockwise (y down). */
export function clipConvex(subject: readonly Vertex[], clip: readonly Vertex[]): Vertex[] {
  let output: Vertex[] = [...subject];
  for (let i = 0; i < clip.length && output.length > 0; i++) {
    const a = clip[i]!;
    const b = clip[(i + 1) % clip.length]!;
    const input = output;
    output = [];
    const inside = (p: Vertex): boolean => cross(a, b, p) >= 0;
    const intersection = (p: Vertex, q: Vertex): Vertex => {
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

/** Area of a clipped result: nothing when clipping left fewer than three corners. */
function areaOf(polygon: readonly Vertex[]): number {
  return polygon.length >= 3 ? Math.abs(polygonArea(polygon)) : 0;
}

/**
 * The part of `lower` (a quad) that all of `uppers` cover together, as a share of `lower`'s area.
 * Overlaps of convex shapes are convex, so the union is measured exactly by inclusion–exclusion
 * over the subsets of `uppers` (2^n clippings: n is the number of other documents in one photo, a
 * handful). Quads that are not convex (only degenerate or mis-ordered ones) are skipped: they have
 * no well-defined inside.
 */
export function coveredShare(lower: readonly number[], uppers: readonly (readonly number[])[]): number {
  const base = quadVertices(lower);
  if (!isConvexPolygon(base)) return 0;
  const page = clockwise(base);
  const total = areaOf(page);
  if (total === 0) return 0;
  const clips = uppers.map(quadVertices).filter(isConvexPolygon).map(clockwise);
  let covered = 0;
  const visit = (start: number, region: readonly Vertex[], depth: number): void => {
    for (let k = start; k < clips.length; k++) {
      const next = clipConvex(region, clips[k]!);
      const area = areaOf(next);
      if (area === 0) continue;
      covered += depth % 2 === 0 ? area : -area;
      visit(k + 1, next, depth + 1);
    }
  };
  visit(0, page, 0);
  return Math.max(0, Math.min(1, covered / total));
}

/** Area two convex quads share (0 when either is not convex). */
export function overlapArea(a: readonly number[], b: readonly number[]): number {
  const pa = quadVertices(a);
  const pb = quadVertices(b);
  if (!isConvexPolygon(pa) || !isConvexPolygon(pb)) return 0;
  return areaOf(clipConvex(clockwise(pa), clockwise(pb)));
}
