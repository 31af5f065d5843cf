/**
 * Whether a located sheet's corner that lies on the frame grazes it or is cut off by it.
 *
 * The localiser keeps every corner inside the picture: a corner that pokes out of the photo comes
 * back clamped onto the frame, where it looks like a corner that merely grazes it (one corner on a
 * side; two on a side are a cut edge and are judged elsewhere). The frame line tells them apart: a
 * corner outside the picture leaves its sheet's paper running along the frame between the points
 * where its two sides leave the picture (at least twice the overshoot, much more when the sheet is
 * only slightly turned), while a grazing corner touches the frame in a point, a few blurred pixels.
 * Paper on the frame may also be another paper the sheet lies on, which the localiser merged into
 * the sheet's corner: the sheet grown from the document's middle (sheet-extent.ts, stopped by the
 * edge between the two papers) must reach the frame near the corner too. And the corner must lie on
 * the sheet's outline: when both sides leaving it run over one paper near it (the same paper just
 * outside as just inside), the localiser carried it across a paper under the sheet, and its foot
 * tells nothing of the sheet.
 */
import type { Quad8 } from '../ocr/types.js';
import { quadArea, quadCentre } from './geometry.js';
import { downscaleTo } from './ops.js';
import { findSheet, type SheetReading } from './sheet-extent.js';
import type { RgbImage } from './types.js';

export interface CornerContactSettings {
  /** Steps from the corner towards the quad's centre (share of the way) where the paper's colour is sampled. */
  readonly sampleSteps: readonly number[];
  /** Half side (pixels) of the patch whose median colour is one paper sample. */
  readonly patchRadius: number;
  /** Colour distance (RGB, Euclidean) from the paper within which a frame pixel is that paper. */
  readonly paperTolerance: number;
  /** Run of paper along the frame (pixels, and share of the picture's shorter side, the larger) that shows a cut corner. */
  readonly minRun: number;
  readonly minRunShare: number;
  /** Pixels off the paper's colour a run may cross (a stroke of print, a speck of noise). */
  readonly maxGap: number;
  /** Longer side of the reduced picture the sheet is grown on. */
  readonly workSide: number;
  /** Side of the seed box round the document's centre, as a share of its box. */
  readonly seedShare: number;
  /** Share of the document's quad the grown sheet must cover (less: print boxed the growth in). */
  readonly minAreaShare: number;
  /** Half width of the frame stretch round the corner's foot (share of that side) the grown sheet must reach. */
  readonly contactWindow: number;
  /** Frame pixels of the grown sheet in that stretch that show it reaching the frame. */
  readonly minContact: number;
  /** Places along each side leaving a corner (shares of its length from the corner) where the paper either side of it is compared; none: not compared. */
  readonly legShares: readonly number[];
  /** Distance (pixels) in and out of a side where that paper is read, and the half side of the patch whose brightest pixel stands for it. */
  readonly legBeside: number;
  readonly legPatch: number;
  /** Least brightness of the paper inside a side for it to be paper (not a dark band or the desk). */
  readonly legPaperLuma: number;
}

export const CORNER_CONTACT_SETTINGS: CornerContactSettings = {
  sampleSteps: [0.03, 0.06, 0.1],
  patchRadius: 3,
  paperTolerance: 28,
  minRun: 8,
  minRunShare: 0.006,
  maxGap: 2,
  workSide: 600,
  seedShare: 0.2,
  minAreaShare: 0.3,
  contactWindow: 0.05,
  minContact: 3,
  legShares: [0.04, 0.08, 0.12],
  legBeside: 6,
  legPatch: 2,
  legPaperLuma: 150,
};

export type Rgb = [number, number, number];

export const luma = (c: readonly [number, number, number]): number => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

/** Euclidean distance between two RGB colours. */
export const colourDistance = (a: readonly [number, number, number], b: readonly [number, number, number]): number =>
  Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Per-channel median colour of the square patch of half side r round (x, y), kept inside the picture. */
function patchColour(img: RgbImage, x: number, y: number, r: number): Rgb {
  const chans: number[][] = [[], [], []];
  for (let yy = Math.max(0, y - r); yy <= Math.min(img.height - 1, y + r); yy++) {
    for (let xx = Math.max(0, x - r); xx <= Math.min(img.width - 1, x + r); xx++) {
      const o = (yy * img.width + xx) * 3;
      for (let ch = 0; ch < 3; ch++) chans[ch].push(img.data[o + ch]);
    }
  }
  return chans.map((v) => v.sort((a, b) => a - b)[v.length >> 1]) as Rgb;
}

/**
 * A sheet's paper seen from a point on its outline: the brightest of patches (half side r) a little
 * way in from (x, y) towards `toward` (shares `steps` of the way), since a printed border or a dark
 * band along the edge is not the paper.
 */
export function paperToward(img: RgbImage, x: number, y: number, toward: { x: number; y: number }, steps: readonly number[], r: number): Rgb {
  let best: Rgb = [0, 0, 0];
  for (const f of steps) {
    const c = patchColour(img, Math.round(x + f * (toward.x - x)), Math.round(y + f * (toward.y - y)), r);
    if (luma(c) > luma(best)) best = c;
  }
  return best;
}

/** The sheet's paper near corner k (see paperToward: in from the corner towards the quad's centre). */
function paperNearCorner(img: RgbImage, quad: Quad8, k: number, s: CornerContactSettings): Rgb {
  return paperToward(img, quad[2 * k], quad[2 * k + 1], quadCentre(quad), s.sampleSteps, s.patchRadius);
}

/** Colour of the pixel `t` along frame side `side` (0 left, 1 top, 2 right, 3 bottom), one pixel in from the edge. */
function framePixel(img: RgbImage, side: number, t: number): Rgb {
  const x = side === 0 ? 1 : side === 2 ? img.width - 2 : t;
  const y = side === 1 ? 1 : side === 3 ? img.height - 2 : t;
  const o = (y * img.width + x) * 3;
  return [img.data[o], img.data[o + 1], img.data[o + 2]];
}

/**
 * Length (pixels) of the run of the sheet's paper along frame side `side` through the corner's
 * foot `t` (searched within `search` pixels of it), gaps up to `maxGap` crossed.
 */
export function paperRunAlongFrame(img: RgbImage, side: number, t: number, paper: Rgb, search: number, s: CornerContactSettings = CORNER_CONTACT_SETTINGS): number {
  const along = side % 2 === 0 ? img.height : img.width;
  const isPaper = (u: number): boolean => {
    const c = framePixel(img, side, u);
    return colourDistance(c, paper) <= s.paperTolerance;
  };
  const foot = Math.max(0, Math.min(along - 1, Math.round(t)));
  let start = -1;
  for (let d = 0; d <= search && start < 0; d++) {
    if (foot - d >= 0 && isPaper(foot - d)) start = foot - d;
    else if (foot + d < along && isPaper(foot + d)) start = foot + d;
  }
  if (start < 0) return 0;
  const reach = (step: number): number => {
    let last = start;
    let gap = 0;
    for (let u = start + step; u >= 0 && u < along; u += step) {
      if (isPaper(u)) { last = u; gap = 0; } else if (++gap > s.maxGap) break;
    }
    return last;
  };
  return reach(1) - reach(-1) + 1;
}

/** The document's sheet grown from its middle on the picture reduced to `workSide`, and the scale used. */
function growDocumentSheet(img: RgbImage, quad: Quad8, s: CornerContactSettings): { sheet: SheetReading; k: number } {
  const { image: work, scale } = downscaleTo(img, s.workSide);
  const k = scale;
  const xs = [quad[0], quad[2], quad[4], quad[6]].map((v) => v * k);
  const ys = [quad[1], quad[3], quad[5], quad[7]].map((v) => v * k);
  const cx = (xs[0] + xs[1] + xs[2] + xs[3]) / 4;
  const cy = (ys[0] + ys[1] + ys[2] + ys[3]) / 4;
  const hw = ((Math.max(...xs) - Math.min(...xs)) * s.seedShare) / 2;
  const hh = ((Math.max(...ys) - Math.min(...ys)) * s.seedShare) / 2;
  const seed = { x0: cx - hw, x1: cx + hw, y0: cy - hh, y1: cy + hh, minArea: s.minAreaShare * quadArea(quad) * k * k };
  return { sheet: findSheet(work, undefined, seed), k };
}

/** Whether the grown sheet reaches frame side `side` within the stretch round foot `t` (full-size pixels). */
function sheetReachesFrame(sheet: SheetReading, k: number, side: number, t: number, s: CornerContactSettings): boolean {
  const mask = sheet.mask;
  if (!mask) return true;
  const along = side % 2 === 0 ? mask.height : mask.width;
  const foot = t * k;
  const half = Math.max(2, s.contactWindow * along);
  let contact = 0;
  for (let u = Math.max(0, Math.floor(foot - half)); u <= Math.min(along - 1, Math.ceil(foot + half)); u++) {
    const x = side === 0 ? 0 : side === 2 ? mask.width - 1 : u;
    const y = side === 1 ? 0 : side === 3 ? mask.height - 1 : u;
    contact += mask.data[y * mask.width + x];
  }
  return contact >= s.minContact;
}

/**
 * The paper's colour round (x, y): the brightest pixel of the patch of half side `r` (a ruled line
 * or a stroke of print crossing the patch is thinner than it and darker than the paper). Null when
 * the patch's centre is off the image.
 */
export function paperIn(img: RgbImage, x: number, y: number, r: number): Rgb | null {
  const cx = Math.round(x);
  const cy = Math.round(y);
  if (cx < 0 || cy < 0 || cx >= img.width || cy >= img.height) return null;
  let best: Rgb | null = null;
  for (let yy = Math.max(0, cy - r); yy <= Math.min(img.height - 1, cy + r); yy++) {
    for (let xx = Math.max(0, cx - r); xx <= Math.min(img.width - 1, cx + r); xx++) {
      const o = (yy * img.width + xx) * 3;
      const c: Rgb = [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!];
      if (best === null || luma(c) > luma(best)) best = c;
    }
  }
  return best;
}

/**
 * Whether the side of `quad` from corner k to corner `to` runs over one paper near corner k: at
 * every place read (at least two), the paper just outside the side matches the paper just inside.
 */
function legOverPaper(img: RgbImage, quad: Quad8, k: number, to: number, s: CornerContactSettings): boolean {
  const x0 = quad[2 * k];
  const y0 = quad[2 * k + 1];
  const x1 = quad[2 * to];
  const y1 = quad[2 * to + 1];
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (len === 0) return false;
  const centre = quadCentre(quad);
  // Unit normal pointing out of the quad.
  let nx = -(y1 - y0) / len;
  let ny = (x1 - x0) / len;
  if ((centre.x - x0) * nx + (centre.y - y0) * ny > 0) {
    nx = -nx;
    ny = -ny;
  }
  let read = 0;
  for (const f of s.legShares) {
    const x = x0 + f * (x1 - x0);
    const y = y0 + f * (y1 - y0);
    const outside = paperIn(img, x + nx * s.legBeside, y + ny * s.legBeside, s.legPatch);
    const inside = paperIn(img, x - nx * s.legBeside, y - ny * s.legBeside, s.legPatch);
    if (!outside || !inside) continue;
    read++;
    if (luma(inside) < s.legPaperLuma || colourDistance(outside, inside) > s.paperTolerance) return false;
  }
  return read >= 2;
}

/**
 * Whether both sides leaving corner k run over paper near it: the localiser carried the corner to
 * the frame across another paper lying under the sheet (or across the sheet itself), so the paper
 * at its foot says nothing of the sheet's own corner, whose sides have the desk or another tint
 * beyond them.
 */
export function cornerCarriedOverPaper(img: RgbImage, quad: Quad8, k: number, s: CornerContactSettings = CORNER_CONTACT_SETTINGS): boolean {
  return s.legShares.length > 0 && legOverPaper(img, quad, k, (k + 1) % 4, s) && legOverPaper(img, quad, k, (k + 3) % 4, s);
}

/**
 * Whether a corner of the quad lying on the frame (within `margin` pixels of a side) is cut off by
 * it: the sheet's paper runs along the frame there. Corners clear of the frame are not looked at,
 * nor the frame sides in `clearSides` (left, top, right, bottom): sides the sheet was found to stop
 * short of (frame-side.ts), whose corners on the frame are the localiser's overshoot.
 */
export function cornerCutByFrame(img: RgbImage, quad: Quad8, margin: number, s: CornerContactSettings = CORNER_CONTACT_SETTINGS, clearSides: readonly boolean[] = []): boolean {
  const { width: w, height: h } = img;
  if (w < 4 || h < 4) return false;
  const minRun = Math.max(s.minRun, s.minRunShare * Math.min(w, h));
  // Grown once, and only when some corner shows paper along the frame (most show none).
  let grown: { sheet: SheetReading; k: number } | null = null;
  for (let k = 0; k < 4; k++) {
    const x = quad[2 * k];
    const y = quad[2 * k + 1];
    const sides = [x <= margin, y <= margin, x >= w - 1 - margin, y >= h - 1 - margin].map((on, side) => on && clearSides[side] !== true);
    if (!sides.some(Boolean)) continue;
    if (cornerCarriedOverPaper(img, quad, k, s)) continue;
    const paper = paperNearCorner(img, quad, k, s);
    for (let side = 0; side < 4; side++) {
      if (!sides[side]) continue;
      const t = side % 2 === 0 ? y : x;
      if (paperRunAlongFrame(img, side, t, paper, Math.ceil(margin) + 2, s) < minRun) continue;
      grown ??= growDocumentSheet(img, quad, s);
      if (sheetReachesFrame(grown.sheet, grown.k, side, t, s)) return true;
    }
  }
  return false;
}
