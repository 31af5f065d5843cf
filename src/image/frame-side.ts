/**
 * Whether a located sheet whose side lies on the frame really runs out of the picture there.
 *
 * The localiser's quad may sit a few pixels off the sheet's real outline, so a sheet lying just
 * inside the frame (its edge a few pixels from the border) comes back with a side on it. A sheet
 * that the frame cuts shows its paper (and print) along the border row all the way between its
 * corners; one that stops short of it leaves the table or a dark margin there. The border row is
 * compared with the sheet's own paper, sampled a little way in from that side.
 */
import type { Quad8 } from '../ocr/types.js';
import { luma, paperToward, type Rgb } from './corner-contact.js';
import { quadCentre } from './geometry.js';
import type { RgbImage } from './types.js';

export interface FrameSideSettings {
  /** Share of the way from the side towards the quad's centre where the paper is sampled. */
  readonly sampleSteps: readonly number[];
  /** Positions along the side (share of its length) where the paper is sampled. */
  readonly samplePlaces: readonly number[];
  /** Half side (pixels) of a paper sample's patch. */
  readonly patchRadius: number;
  /** Colour distance (RGB, Euclidean) within which a border pixel is that paper. */
  readonly paperTolerance: number;
  /** Share of the side's stretch of the border (its ends left out) read. */
  readonly readShare: number;
  /** Paper share of the border row under which the sheet stops short of the frame (the table shows). */
  readonly minPaperShare: number;
}

export const FRAME_SIDE_SETTINGS: FrameSideSettings = {
  sampleSteps: [0.03, 0.06, 0.1],
  samplePlaces: [0.25, 0.5, 0.75],
  patchRadius: 3,
  paperTolerance: 28,
  readShare: 0.8,
  minPaperShare: 0.2,
};

/** The two corners of the quad nearest frame side `side` (0 left, 1 top, 2 right, 3 bottom). */
function cornersNearSide(img: RgbImage, quad: Quad8, side: number): [number, number] {
  const distance = (k: number): number => {
    const x = quad[2 * k]!;
    const y = quad[2 * k + 1]!;
    return side === 0 ? x : side === 1 ? y : side === 2 ? img.width - 1 - x : img.height - 1 - y;
  };
  const order = [0, 1, 2, 3].sort((a, b) => distance(a) - distance(b));
  return [order[0]!, order[1]!];
}

/**
 * The sheet's paper beside its side on the frame: the brightest of patches a little way in from
 * points along that side (a printed border or a dark band along the edge is not the paper).
 */
function paperBesideSide(img: RgbImage, quad: Quad8, ends: [number, number], s: FrameSideSettings): Rgb {
  const centre = quadCentre(quad);
  const [i, j] = ends;
  let best: Rgb = [0, 0, 0];
  for (const t of s.samplePlaces) {
    const x = quad[2 * i]! + t * (quad[2 * j]! - quad[2 * i]!);
    const y = quad[2 * i + 1]! + t * (quad[2 * j + 1]! - quad[2 * i + 1]!);
    const c = paperToward(img, x, y, centre, s.sampleSteps, s.patchRadius);
    if (luma(c) > luma(best)) best = c;
  }
  return best;
}

/**
 * Share of the border row along the stretch of frame side `side` that the quad's side covers
 * (its ends left out) that is the sheet's paper.
 */
export function paperShareAlongFrame(img: RgbImage, quad: Quad8, side: number, s: FrameSideSettings = FRAME_SIDE_SETTINGS): number {
  const ends = cornersNearSide(img, quad, side);
  const paper = paperBesideSide(img, quad, ends, s);
  const along = (k: number): number => (side % 2 === 0 ? quad[2 * k + 1]! : quad[2 * k]!);
  const lo = Math.min(along(ends[0]), along(ends[1]));
  const hi = Math.max(along(ends[0]), along(ends[1]));
  const trim = ((1 - s.readShare) / 2) * (hi - lo);
  const limit = side % 2 === 0 ? img.height : img.width;
  const from = Math.max(0, Math.round(lo + trim));
  const to = Math.min(limit - 1, Math.round(hi - trim));
  let seen = 0;
  let onPaper = 0;
  for (let u = from; u <= to; u++) {
    const x = side === 0 ? 0 : side === 2 ? img.width - 1 : u;
    const y = side === 1 ? 0 : side === 3 ? img.height - 1 : u;
    const o = (y * img.width + x) * 3;
    seen++;
    if (Math.hypot(img.data[o]! - paper[0], img.data[o + 1]! - paper[1], img.data[o + 2]! - paper[2]) <= s.paperTolerance) onPaper++;
  }
  return seen === 0 ? 1 : onPaper / seen;
}

/** Whether the sheet stops short of frame side `side`: the border row along it is mostly not its paper. */
export function stopsShortOfFrame(img: RgbImage, quad: Quad8, side: number, s: FrameSideSettings = FRAME_SIDE_SETTINGS): boolean {
  return paperShareAlongFrame(img, quad, side, s) < s.minPaperShare;
}
