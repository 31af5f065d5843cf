/**
 * The shape of a sheet grown out from the middle of an upload (sheet-extent.ts findSheet).
 *
 * One sheet of paper, whole or cut by the frame, is a convex quad (a quad clipped by the frame's
 * rectangle is still convex): the grown mask, with the holes its print left filled in, fills its
 * convex hull but for a ragged pixel along the outline. When the growth slipped across a faint
 * edge into another paper lying under the sheet (two papers of close brightness, a card on lined
 * pages), the mask is the union of two quads at different angles: notches open between them and
 * the hull takes in the desk there. The solidity (mask area over hull area) tells them apart.
 */
import { convexHull, signedArea, type Point } from './geometry.js';
import { fillHoles, type Plane } from './ops.js';

/**
 * Area of the mask (holes filled) over the area of its convex hull, in [0, 1]; 1 for an empty
 * mask (nothing to judge). The hull is taken over the pixel squares' corners of each row's
 * leftmost and rightmost pixel, so a solid axis-aligned box scores exactly 1.
 */
export function maskSolidity(mask: Plane): number {
  const filled = fillHoles(mask);
  const { width: w, height: h, data } = filled;
  let area = 0;
  const points: Point[] = [];
  for (let y = 0; y < h; y++) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < w; x++) {
      if (data[y * w + x] !== 1) continue;
      area++;
      if (left < 0) left = x;
      right = x;
    }
    if (left >= 0) points.push({ x: left, y }, { x: right + 1, y }, { x: left, y: y + 1 }, { x: right + 1, y: y + 1 });
  }
  if (area === 0) return 1;
  const hull = Math.abs(signedArea(convexHull(points)));
  return hull === 0 ? 1 : Math.min(1, area / hull);
}
