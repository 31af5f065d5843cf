/**
 * Bare surface taken for paper: a pale desk, cloth or wall beside documents photographed in a row
 * is as bright and colourless as paper, and the strip of it between the documents and the frame
 * became a region of its own, a "document" that took the place of a true one (at most three are
 * reported; dev seed 1515 image 9: the desk at the row's end pushed out a receipt lying between a
 * bank card and an ID card). A document, even a blurred one or a card's plain side, carries print,
 * a photo, a chip, a logo or rules: step edges in its interior. A surface is smooth: shading and
 * the weave of a cloth change slowly, so almost none of its inner pixels has a strong gradient.
 * Only candidates (regions, or the quads the outline cut them into) running into the frame are judged (a surface lies under the documents and out of
 * the photo; a sheet clear of the frame has a sheet's outline and is kept whatever it holds).
 */
import type { Quad8 } from '../ocr/types.js';
import { pointInQuad } from './geometry.js';
import type { RgbImage } from './types.js';

export interface BareSurfaceOptions {
  /** Central-difference gradient (channel mean, 0-255) that counts as an edge: print on paper is 60 and more. */
  readonly minGradient: number;
  /**
   * Largest share of the region's inner pixels with such a gradient for a bare surface. Dev seeds
   * 1515/1516 (200 images): every document found had 3.5 % or more, the desk strip 0.16 %.
   */
  readonly maxEdgeShare: number;
  /** Pixels a point must lie inside the region (in each of the four directions) to be inner. */
  readonly inset: number;
  /** Fewest inner pixels sampled (every other pixel of every other row) to judge: a region too thin to have an inside is left alone. */
  readonly minInner: number;
}

export const DEFAULT_BARE_SURFACE_OPTIONS: BareSurfaceOptions = {
  minGradient: 30,
  maxEdgeShare: 0.01,
  inset: 3,
  minInner: 50,
};

/** The pixels judged: an inclusive box and which of its pixels belong to the candidate. */
export interface Extent {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly inside: (x: number, y: number) => boolean;
}

/** A region of a label image (label `label`, inclusive box) as an extent. */
export function regionExtent(labels: Int32Array, label: number, box: { x0: number; y0: number; x1: number; y1: number }, width: number): Extent {
  return { ...box, inside: (x, y) => labels[y * width + x] === label };
}

/** A quad (corners clockwise) as an extent. */
export function quadExtent(q: Quad8): Extent {
  const xs = [q[0], q[2], q[4], q[6]];
  const ys = [q[1], q[3], q[5], q[7]];
  return {
    x0: Math.floor(Math.min(...xs)), y0: Math.floor(Math.min(...ys)), x1: Math.ceil(Math.max(...xs)), y1: Math.ceil(Math.max(...ys)),
    inside: (x, y) => pointInQuad(q, x, y),
  };
}

/** Whether the quad reaches within `margin` px of the frame (a surface runs out of the photo). */
export function quadOnFrame(q: Quad8, width: number, height: number, margin = 2): boolean {
  for (let k = 0; k < 4; k++) {
    const x = q[2 * k];
    const y = q[2 * k + 1];
    if (x <= margin || y <= margin || x >= width - 1 - margin || y >= height - 1 - margin) return true;
  }
  return false;
}

/**
 * Share of the candidate's inner pixels (its pixels `inset` or more from its outline in each
 * direction, so the step to the surroundings is not counted) with a strong gradient; null when
 * it has too few inner pixels to tell.
 */
export function innerEdgeShare(img: RgbImage, extent: Extent, options: Partial<BareSurfaceOptions> = {}): number | null {
  return edgeShare(img, extent, { ...DEFAULT_BARE_SURFACE_OPTIONS, ...options }, Infinity);
}

/**
 * innerEdgeShare, giving up once the edges counted exceed `stopShare` of the whole box (the share
 * of the inner pixels is larger still): a document is told from a surface after a few rows.
 */
function edgeShare(img: RgbImage, extent: Extent, o: BareSurfaceOptions, stopShare: number): number | null {
  const { width: w, height: h } = img;
  const x0 = Math.max(0, extent.x0);
  const y0 = Math.max(0, extent.y0);
  const x1 = Math.min(w - 1, extent.x1);
  const y1 = Math.min(h - 1, extent.y1);
  if (x1 < x0 || y1 < y0) return null;
  // The candidate's pixels in its box, each row read once when first asked for (each pixel's
  // inside test is asked five times below, and a document stops the scan after a few rows).
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const mask = new Uint8Array(bw * bh);
  const rowRead = new Uint8Array(bh);
  const inside = (x: number, y: number): boolean => {
    if (x < x0 || y < y0 || x > x1 || y > y1) return false;
    const r = y - y0;
    if (!rowRead[r]) {
      for (let xx = x0; xx <= x1; xx++) mask[r * bw + (xx - x0)] = extent.inside(xx, y) ? 1 : 0;
      rowRead[r] = 1;
    }
    return mask[r * bw + (x - x0)] === 1;
  };
  const lum = (x: number, y: number): number => {
    const j = (y * w + x) * 3;
    return (img.data[j] + img.data[j + 1] + img.data[j + 2]) / 3;
  };
  const d = Math.max(1, o.inset);
  const stopAt = (stopShare * bw * bh) / 4;
  const g2 = o.minGradient * o.minGradient;
  let inner = 0;
  let edges = 0;
  // Every other pixel of every other row: a surface and a page differ by a factor of ten and more
  // in their share of edges, which a quarter of the pixels measures as well as all of them.
  for (let y = y0; y <= y1; y += 2) {
    for (let x = x0; x <= x1; x += 2) {
      if (!inside(x, y) || !inside(x - d, y) || !inside(x + d, y) || !inside(x, y - d) || !inside(x, y + d)) continue;
      inner++;
      const gx = lum(x + 1, y) - lum(x - 1, y);
      const gy = lum(x, y + 1) - lum(x, y - 1);
      if (gx * gx + gy * gy > g2) edges++;
    }
    if (edges > stopAt) return Math.max(stopShare, edges / Math.max(1, inner));
  }
  return inner < o.minInner ? null : edges / inner;
}

/** Whether the candidate is bare surface: enough inside to judge, and almost no edge in it. */
export function isBareSurface(img: RgbImage, extent: Extent, options: Partial<BareSurfaceOptions> = {}): boolean {
  const o = { ...DEFAULT_BARE_SURFACE_OPTIONS, ...options };
  const share = edgeShare(img, extent, o, o.maxEdgeShare);
  return share !== null && share <= o.maxEdgeShare;
}

/**
 * The candidates less those `bare` says are bare surface, as long as one candidate is left: with
 * nothing but surface in view, what was found is returned unchanged (the caller's own fallback,
 * the whole image, decides then).
 */
export function withoutBareSurfaces<T>(candidates: readonly T[], bare: (c: T) => boolean): T[] {
  // A lone candidate is never dropped: nothing need be asked.
  if (candidates.length < 2) return [...candidates];
  const kept = candidates.filter((c) => !bare(c));
  return kept.length > 0 ? kept : [...candidates];
}
