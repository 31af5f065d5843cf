/**
 * A bright patch of a picture taken for a sheet. A photo print (查勘照片: a scene with a timestamp)
 * scanned or photographed so that it fills the frame has no paper-white stock: the paper mask
 * finds only the brightest thing in the picture (a pale sky, a white car) as its one region, and
 * that region was returned as the document (dev seed 1750, 30 survey photos: 6 scans came back as
 * the sky above the horizon or the car on the road, the rest of the print lost). A sheet carries
 * print, rules or a photo inside its outline; such a patch carries nothing (bare-surface.ts
 * measures both: every one of those six had no edge pixel inside), while the frame outside it is
 * full of the picture's edges (2.5 to 3 % of its pixels). Then the picture is the document, and it
 * fills the frame: the whole image is the answer. A blank page on a plain desk (bare inside and
 * out) stays the page; a print lying on a dark desk (its border found) is printAround's, in
 * documents.ts.
 */
import type { Quad8 } from '../ocr/types.js';
import { innerEdgeShare, isBareSurface, quadExtent, type Extent } from './bare-surface.js';
import { pointInQuad } from './geometry.js';
import type { RgbImage } from './types.js';

/**
 * Least share of the pixels outside the patch with a strong gradient for the rest of the frame to
 * be picture, not surface. Twice bare-surface.ts's ceiling for a bare desk (1 %), so that a
 * grained or woven desk around a blank sheet is not taken for a picture; the six scanned survey
 * photos of dev seed 1750 measured 2.5 to 2.9 %.
 */
export const MIN_PICTURE_EDGE_SHARE = 0.02;

/** The frame less the quad, as an extent. */
function outside(q: Quad8, width: number, height: number): Extent {
  return { x0: 0, y0: 0, x1: width - 1, y1: height - 1, inside: (x, y) => !pointInQuad(q, x, y) };
}

/**
 * Whether the one document found (its quad in the working image's pixels) is a bare patch of a
 * picture that fills the frame: it carries no print, and the frame outside it carries a picture's
 * edges.
 */
export function isPicturePatch(work: RgbImage, quad: Quad8, minPictureEdgeShare: number = MIN_PICTURE_EDGE_SHARE): boolean {
  if (!isBareSurface(work, quadExtent(quad))) return false;
  const rest = innerEdgeShare(work, outside(quad, work.width, work.height));
  return rest !== null && rest >= minPictureEdgeShare;
}
