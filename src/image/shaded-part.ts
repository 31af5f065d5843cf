/**
 * A sheet crossed by a shadow's straight edge (a window frame's, a shelf's) comes apart in two: its
 * lit part is paper to the mask, a region, and its shaded part, under the paper threshold, closes an
 * edge quad of its own whose fourth side is the shadow's line (retired seed 20261206 image 215: a
 * form whose lower half lay in a shelf's shadow came back as two documents, neither paired with the
 * form). Two documents lying end to end do not look like that: their flanks are two sheets' sides,
 * each at its own angle and offset, while the two parts of one sheet have both flanks on the same
 * two lines and meet along one line, the shaded part darker. Such an edge quad is the rest of the
 * region's sheet: their union is the document.
 */
import type { Quad8 } from '../ocr/types.js';
import { lerp, lineOffset, orderClockwise, pointsToQuad, quadCentre, quadPoints, type Point } from './geometry.js';
import type { RgbImage } from './types.js';

/**
 * The union of `sheet` and `part` when `part` is the rest of the same sheet beyond a straight cut:
 * one side of `part` lies along a side of `sheet` (both ends within `gap` of its line: the mask's
 * region stops a little short of the shadow's soft edge: 13 px of 480 at the right end of
 * retired seed 20261206 image 215, so twice `tol` by default), with the two quads on opposite sides of it (they
 * meet there, neither lies on the other), and the sides meeting that cut run on along the same
 * two lines (both ends of each of `part`'s flanks within `tol` of the line of `sheet`'s flank
 * beside it). Null otherwise. Corners clockwise from the top-left.
 */
export function sheetWithRest(sheet: Quad8, part: Quad8, tol: number, gap: number = 2 * tol): Quad8 | null {
  const s = quadPoints(sheet);
  const p = quadPoints(part);
  const cs = quadCentre(sheet);
  const cp = quadCentre(part);
  for (let i = 0; i < 4; i++) {
    const a = s[i];
    const b = s[(i + 1) % 4];
    // The quads on opposite sides of the cut: they meet there, neither lies on the other.
    if (Math.sign(lineOffset(cs, a, b)) === Math.sign(lineOffset(cp, a, b))) continue;
    for (let j = 0; j < 4; j++) {
      const c = p[j];
      const d = p[(j + 1) % 4];
      if (Math.abs(lineOffset(c, a, b)) > gap || Math.abs(lineOffset(d, a, b)) > gap) continue;
      // Both quads run clockwise, so along the cut part's corner j lies at sheet's b and j+1 at a;
      // part's flanks are its sides j+1 (from a's end) and j-1 (into b's end).
      const sheetFlankA = [s[(i + 3) % 4], a] as const;
      const sheetFlankB = [b, s[(i + 2) % 4]] as const;
      const partFlankA = [d, p[(j + 2) % 4]] as const;
      const partFlankB = [p[(j + 3) % 4], c] as const;
      const onLine = (line: readonly [Point, Point], side: readonly [Point, Point]): boolean =>
        Math.abs(lineOffset(side[0], line[0], line[1])) <= tol && Math.abs(lineOffset(side[1], line[0], line[1])) <= tol;
      if (!onLine(sheetFlankA, partFlankA) || !onLine(sheetFlankB, partFlankB)) continue;
      return pointsToQuad(orderClockwise([s[(i + 2) % 4], s[(i + 3) % 4], p[(j + 2) % 4], p[(j + 3) % 4]]));
    }
  }
  return null;
}

/**
 * Median brightness (strongest channel) of a quad's inner part (shrunk to `inner` about its
 * centre, clear of its blurred rim), on a grid of about 20 x 20 samples: the paper's level, print
 * being the lesser share of any document.
 */
export function paperLevel(img: RgbImage, q: Quad8, inner = 0.8): number {
  const p = quadPoints(q);
  const c = quadCentre(q);
  const k = p.map((pt) => ({ x: c.x + (pt.x - c.x) * inner, y: c.y + (pt.y - c.y) * inner }));
  const values: number[] = [];
  const n = 20;
  for (let v = 0; v < n; v++) {
    const l = lerp(k[0], k[3], (v + 0.5) / n);
    const r = lerp(k[1], k[2], (v + 0.5) / n);
    for (let u = 0; u < n; u++) {
      const x = Math.min(img.width - 1, Math.max(0, Math.round(l.x + (r.x - l.x) * ((u + 0.5) / n))));
      const y = Math.min(img.height - 1, Math.max(0, Math.round(l.y + (r.y - l.y) * ((u + 0.5) / n))));
      const j = (y * img.width + x) * 3;
      values.push(Math.max(img.data[j], img.data[j + 1], img.data[j + 2]));
    }
  }
  values.sort((a, b) => a - b);
  return values[values.length >> 1];
}

/**
 * The sheet a region's quad and a lone edge quad make together when the edge quad is its shaded
 * rest (see the file's comment): sheetWithRest, and the edge quad's paper darker than the region's
 * by at least `minStep` levels (the shadow). Null otherwise.
 */
export function shadedRest(img: RgbImage, sheet: Quad8, part: Quad8, tol: number, minStep: number): Quad8 | null {
  const union = sheetWithRest(sheet, part, tol);
  if (!union) return null;
  return paperLevel(img, sheet) - paperLevel(img, part) >= minStep ? union : null;
}
