/**
 * Making a seal's ink pale so the print under it can be read again, for coloured and for grey
 * seals.
 *
 * A red or blue seal turns pale when each pixel takes its brightest channel (`suppressSealColour`).
 * A seal on a photocopy or a grayscale scan has no hue left, but it still differs from the print
 * by its level: toner copies a stamp's ink as a mid grey, while printed characters stay near
 * black. Inside a grey seal's outline the levels are stretched so the seal's grey reaches the
 * paper and the print's black stays black: the characters under the ring, the star and the ring
 * text come out on a clean ground. A seal as dark as the print (a heavy stamp copied dark) cannot
 * be told from it by level and is left as it is.
 */
import type { Quad8 } from '../ocr/types.js';
import { quadPixelBox } from './geometry.js';
import { dilate, type Plane } from './ops.js';
import { outlineNear } from './rings.js';
import { suppressSealColour } from './seals.js';
import type { RgbImage } from './types.js';

/** Tunables of the grey paling; rules about how seals and print look on copies. */
export interface GreySealPaleOptions {
  /**
   * Band of normalised radius (1 = the seal box's inscribed ellipse) where the seal's outline is
   * measured: the box is fitted to the outline, so its ring stroke lies just inside the ellipse.
   */
  readonly outlineFrom: number;
  readonly outlineTo: number;
  /** Normalised radius up to which pixels are paled: the outline's stroke and a little margin. */
  readonly reach: number;
  /** Levels below the paper that make a pixel ink. */
  readonly inkDrop: number;
  /** Share of the outline band that must be ink for an outline to be there at all. */
  readonly minOutlineInk: number;
  /**
   * The outline is a thin ring (rings.ts `outlineNear` on the box's grey ink): it must show ink on
   * `minRingHit` of its length with a stroke at most `maxRingStroke` of its larger half-axis.
   * Print boxed as a seal (a block of labels, a table cell) fills the box with thick ink instead.
   */
  readonly minRingHit: number;
  readonly maxRingStroke: number;
  /** Chroma (largest minus smallest channel) from which an ink pixel is coloured. */
  readonly colourChroma: number;
  /**
   * Share of the outline band's ink that may be coloured in a grey seal: more is a red or blue
   * seal (left to the colour paling), whatever black print its box also holds.
   */
  readonly maxColouredShare: number;
  /** Quantile of the box's levels taken as the print's black. */
  readonly printQuantile: number;
  /** Quantile of the paper's level (the box is mostly paper). */
  readonly paperQuantile: number;
  /**
   * The seal's grey (median level of the outline's ink) must lie at least this share of the way
   * from the print's black to the paper: a seal nearer the black than that is the print's own
   * darkness, and stretching would eat the print's strokes.
   */
  readonly minSealLift: number;
  /**
   * The print's black at most this share of the paper's level: the stretch only tells seal from
   * print while the print keeps a black core. On a blurred or faded copy the print is itself
   * grey (its darkest pixels half-way to the paper) and stretching would eat it with the seal.
   */
  readonly maxPrintShare: number;
  /** Whether pixels near the print's dark strokes keep their level (see `nearPrint`). */
  readonly keepNearPrint: boolean;
  /** Where between the print's black (0) and the seal's grey (1) a pixel counts as a print stroke. */
  readonly printShare: number;
  /** Reach of a print stroke's soft edge, as a share of the seal's larger half-axis. */
  readonly printReach: number;
}

export const DEFAULT_GREY_SEAL_PALE: GreySealPaleOptions = {
  outlineFrom: 0.8,
  outlineTo: 1.0,
  reach: 1.06,
  inkDrop: 40,
  minOutlineInk: 0.08,
  minRingHit: 0.78,
  maxRingStroke: 0.15,
  colourChroma: 40,
  maxColouredShare: 0.2,
  printQuantile: 0.01,
  paperQuantile: 0.9,
  minSealLift: 0.33,
  maxPrintShare: 0.33,
  keepNearPrint: true,
  printShare: 0.5,
  printReach: 0.02,
};

/** The seal's box and ellipse in image pixels. */
interface SealBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly cx: number;
  readonly cy: number;
  readonly hw: number;
  readonly hh: number;
}

function boxOf(image: RgbImage, quad: Quad8): SealBox | null {
  const { x0, y0, x1, y1 } = quadPixelBox(quad, image.width, image.height);
  if (x1 - x0 < 4 || y1 - y0 < 4) return null;
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  return { x0, y0, x1, y1, cx, cy, hw: (Math.max(...xs) - Math.min(...xs)) / 2, hh: (Math.max(...ys) - Math.min(...ys)) / 2 };
}

/** Whether the box's grey ink (darkest channel at most `inkLevel`) draws a thin ring round it. */
function isThinRing(image: RgbImage, box: SealBox, inkLevel: number, o: GreySealPaleOptions): boolean {
  // A margin round the box: the fitted outline may lie a little outside it.
  const m = Math.max(2, Math.round(0.1 * Math.max(box.hw, box.hh)));
  const x0 = Math.max(0, box.x0 - m);
  const y0 = Math.max(0, box.y0 - m);
  const x1 = Math.min(image.width - 1, box.x1 + m);
  const y1 = Math.min(image.height - 1, box.y1 + m);
  const grey = regionMask(image, x0, y0, x1, y1, (min, max) => min <= inkLevel && max - min < o.colourChroma);
  const { evidence } = outlineNear(grey, box.cx - x0, box.cy - y0, box.hw, box.hh);
  return evidence.hit >= o.minRingHit && evidence.stroke <= o.maxRingStroke;
}

function quantile(hist: Uint32Array, total: number, q: number): number {
  let acc = 0;
  for (let i = 0; i < 256; i++) if ((acc += hist[i]!) > q * total) return i;
  return 255;
}

/** Levels measured in a grey seal's box: print black, the seal's grey, paper. */
export interface GreySealLevels {
  readonly print: number;
  readonly seal: number;
  readonly paper: number;
}

/**
 * The levels of a grey seal, or null when the box holds no grey outline that stands apart from
 * the print (a coloured seal, no outline, or a seal as dark as the print). Levels are the
 * brightest channel, as colour paling leaves them.
 */
export function greySealLevels(image: RgbImage, quad: Quad8, options: Partial<GreySealPaleOptions> = {}): GreySealLevels | null {
  const o = { ...DEFAULT_GREY_SEAL_PALE, ...options };
  const box = boxOf(image, quad);
  if (!box) return null;
  const d = image.data;
  const all = new Uint32Array(256);
  let inside = 0;
  for (let y = box.y0; y <= box.y1; y++) {
    const dy = (y - box.cy) / box.hh;
    for (let x = box.x0; x <= box.x1; x++) {
      const dx = (x - box.cx) / box.hw;
      if (dx * dx + dy * dy > 1) continue;
      const p = (y * image.width + x) * 3;
      all[Math.max(d[p]!, d[p + 1]!, d[p + 2]!)]++;
      inside++;
    }
  }
  if (inside === 0) return null;
  const paper = quantile(all, inside, o.paperQuantile);
  const print = quantile(all, inside, o.printQuantile);
  if (print > o.maxPrintShare * paper) return null;
  // Ink is told by the darkest channel (a red stroke is bright in its red channel but dark in the
  // others), its colour by the spread of the channels.
  const outline = new Uint32Array(256);
  let band = 0;
  let ink = 0;
  let coloured = 0;
  const from2 = o.outlineFrom * o.outlineFrom;
  const to2 = o.outlineTo * o.outlineTo;
  for (let y = box.y0; y <= box.y1; y++) {
    const dy = (y - box.cy) / box.hh;
    for (let x = box.x0; x <= box.x1; x++) {
      const dx = (x - box.cx) / box.hw;
      const r2 = dx * dx + dy * dy;
      if (r2 < from2 || r2 > to2) continue;
      band++;
      const p = (y * image.width + x) * 3;
      const max = Math.max(d[p]!, d[p + 1]!, d[p + 2]!);
      const min = Math.min(d[p]!, d[p + 1]!, d[p + 2]!);
      if (min > paper - o.inkDrop) continue;
      ink++;
      if (max - min >= o.colourChroma) coloured++;
      else outline[max]++;
    }
  }
  if (band === 0 || ink < o.minOutlineInk * band) return null;
  if (coloured > o.maxColouredShare * ink) return null;
  if (!isThinRing(image, box, paper - o.inkDrop, o)) return null;
  const grey = ink - coloured;
  const seal = quantile(outline, grey, 0.5);
  if (seal - print < o.minSealLift * (paper - print)) return null;
  return { print, seal, paper };
}

/**
 * A copy of the image with a grey seal's ink inside its outline stretched to the paper (see the
 * module comment); the image itself when the box holds no grey seal apart from the print.
 */
export function paleGreySeal(image: RgbImage, quad: Quad8, options: Partial<GreySealPaleOptions> = {}): RgbImage {
  const o = { ...DEFAULT_GREY_SEAL_PALE, ...options };
  const levels = greySealLevels(image, quad, o);
  return levels ? stretchToPaper(image, quad, levels, o) : image;
}

function stretchToPaper(image: RgbImage, quad: Quad8, levels: GreySealLevels, o: GreySealPaleOptions): RgbImage {
  const box = boxOf(image, quad);
  if (!box) return image;
  const { print, seal, paper } = levels;
  // Only ever lighter: print black and darker stay, the seal's grey and lighter reach the paper,
  // levels between are stretched straight (curved stretches, exponents 2 and 3, read no better on dev).
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = v <= print ? v : v >= seal ? Math.max(v, paper) : Math.max(v, Math.round(print + (paper - print) * ((v - print) / (seal - print))));
  const ry0 = Math.max(0, Math.floor(box.cy - box.hh * o.reach));
  const ry1 = Math.min(image.height - 1, Math.ceil(box.cy + box.hh * o.reach));
  const rx0 = Math.max(0, Math.floor(box.cx - box.hw * o.reach));
  const rx1 = Math.min(image.width - 1, Math.ceil(box.cx + box.hw * o.reach));
  const near = o.keepNearPrint ? nearPrint(image, rx0, ry0, rx1, ry1, print + o.printShare * (seal - print), Math.max(1, Math.round(o.printReach * Math.max(box.hw, box.hh)))) : null;
  const w = rx1 - rx0 + 1;
  const data = Buffer.from(image.data);
  const reach2 = o.reach * o.reach;
  for (let y = ry0; y <= ry1; y++) {
    const dy = (y - box.cy) / box.hh;
    for (let x = rx0; x <= rx1; x++) {
      const dx = (x - box.cx) / box.hw;
      if (dx * dx + dy * dy > reach2) continue;
      if (near && near[(y - ry0) * w + (x - rx0)]) continue;
      const p = (y * image.width + x) * 3;
      for (let c = 0; c < 3; c++) data[p + c] = lut[data[p + c]!]!;
    }
  }
  return { data, width: image.width, height: image.height, channels: 3 };
}

/**
 * Pixels of the region within `radius` of a pixel at most `level` (the print's strokes and their
 * soft edges): a blurred or thin printed stroke is grey at its sides, as grey as the seal, and
 * only its nearness to a dark core tells it from the seal's own strokes.
 */
function nearPrint(image: RgbImage, x0: number, y0: number, x1: number, y1: number, level: number, radius: number): Uint8Array {
  return dilate(regionMask(image, x0, y0, x1, y1, (_min, max) => max <= level), radius).data;
}

/**
 * A mask of the box x0..x1, y0..y1 (inclusive) of the image: 1 where `isInk` holds for the
 * pixel's darkest and brightest channel.
 */
function regionMask(image: RgbImage, x0: number, y0: number, x1: number, y1: number, isInk: (min: number, max: number) => boolean): Plane {
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const data = new Uint8Array(w * h);
  const d = image.data;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = ((y + y0) * image.width + x + x0) * 3;
      if (isInk(Math.min(d[p]!, d[p + 1]!, d[p + 2]!), Math.max(d[p]!, d[p + 1]!, d[p + 2]!))) data[y * w + x] = 1;
    }
  }
  return { data, width: w, height: h };
}

/**
 * The image with the ink of each seal made pale: a grey seal (see `greySealLevels`) by its level,
 * any other by its brightest channel (`suppressSealColour`), as before grey seals were paled.
 */
export function paleSealInk(image: RgbImage, quads: readonly Quad8[], options: Partial<GreySealPaleOptions> = {}): RgbImage {
  const o = { ...DEFAULT_GREY_SEAL_PALE, ...options };
  let out = image;
  for (const q of quads) {
    const levels = greySealLevels(out, q, o);
    out = levels ? stretchToPaper(out, q, levels, o) : suppressSealColour(out, q);
  }
  return out;
}
