/**
 * Quality of one located document, as scores in [0, 1] and flags (score >= threshold):
 * - isclear: sharpness (variance of the Laplacian at a fixed working scale), resolution, exposure;
 * - iscomplete: the sheet is not cut by the frame (touches the border, or ink runs off an edge)
 *   and no other document lies on it (the caller says so: `occluded`);
 * - isoriginal: not a photocopy (grey-scale with toner specks, or grey where stamps were) nor a
 *   photo of a screen (moiré on the blank paper, colour fringes between neighbouring pixels);
 * - iscard: proportions of an ID-1 card (85.6 x 54 mm, 1.586);
 * - isdocument: a sheet of text that is not a card.
 * All thresholds and constants are in QUALITY_SETTINGS.
 */
import type { QualifyRes } from '../contract/classify.js';
import type { Quad8 } from '../ocr/types.js';
import { downscaleTo, laplacianVariance, resizeRgb, toGray, type Plane } from './ops.js';
import { cornerCutByFrame } from './corner-contact.js';
import { scannedPageState } from './scan-page.js';
import { stopsShortOfFrame } from './frame-side.js';
import { findSheet, type SheetReading } from './sheet-extent.js';
import { maskSolidity } from './sheet-shape.js';
import { detectSeals } from './seals.js';
import { paperTraits, type PaperTraits } from './screen.js';
import type { RgbImage } from './types.js';

export interface QualitySettings {
  /** Flag thresholds on the scores. */
  readonly thresholds: {
    readonly isclear: number;
    readonly iscomplete: number;
    readonly isoriginal: number;
    readonly iscard: number;
    readonly isdocument: number;
  };
  /** Longer side the document is resampled to before measuring sharpness. */
  readonly sharpnessSide: number;
  /** Laplacian variance at which sharpness scores 0.5, and the spread (in natural log units). */
  readonly sharpnessMid: number;
  readonly sharpnessSpread: number;
  /** Shorter side (original pixels) below which a document is too small to read, and the ramp. */
  readonly minShortSide: number;
  readonly fullShortSide: number;
  /** Grey-level spread (p98 - p2) below which the page is washed out or too dark. */
  readonly minContrast: number;
  readonly fullContrast: number;
  /** Distance to the image border (share of the side) that counts as touching it. */
  readonly borderTouch: number;
  /** Chroma (max - min channel) that counts as coloured ink. */
  readonly colourChroma: number;
  /** Share of coloured pixels above which the capture has colour. */
  readonly colourShare: number;
  /** Mean neighbour chroma difference at which moiré is certain. */
  readonly moireFringe: number;
  /** Grey levels below the local paper from which a mid-grey pixel is print (a stamp or tint turned grey). */
  readonly greyBelowPaper: number;
  /** Mean chroma of blank paper under which a capture without coloured ink is grey-scale. */
  readonly greyPaperChroma: number;
  /** Toner specks per million pixels at which a grey capture is certainly a photocopy. */
  readonly copySpecks: number;
  /**
   * Paper grain (screen.ts, full resolution) at which a grey capture is certainly a copy: coarse
   * toner noise. A camera's sensor noise on a black-and-white page reaches ~6 (half of this).
   */
  readonly copyGrain: number;
  /** Periodic-pattern strength (screen.ts moirePeak) at which a grey capture is certainly a copy. */
  readonly copyPattern: number;
  /**
   * Share of a seal's ink at or above `colourChroma` under which the seal is printed grey: on a grey
   * capture, an official seal (red by rule) gone grey is a copy's, or a grey-scale scan's, trace.
   */
  readonly greyStampColour: number;
  /** Moiré strength at which a colour capture is certainly a photo of a screen. */
  readonly screenMoire: number;
  /**
   * The same when the document lies in a black, unlit surround (a display's border and the dark
   * area round a page shown on it): two weaker traces together are as telling as one strong one.
   */
  readonly screenMoireInDark: number;
  /** Median luminance of the surround at or under which it is a display's black (a dark table, even in dim light, is lighter). */
  readonly darkSurround: number;
  /** Share of the upload outside the document needed to judge its surround. */
  readonly minSurround: number;
  readonly cardAspect: number;
  readonly cardAspectSpread: number;
  /** Lines of text above which a card-shaped sheet is not a card. */
  readonly cardMaxLines: number;
  /** Completeness score of a sheet whose corners all lie inside the picture. */
  readonly insideFrame: number;
  /** Width of the border strips (share of the shorter side, at 600 px) read for paper. */
  readonly borderStrip: number;
  /** Paper: darkest channel at least `paperMinGrey`, channels at most `paperMaxChroma` apart. */
  readonly paperMinGrey: number;
  readonly paperMaxChroma: number;
  /** Paper share under which a border strip shows none of the page, and under which it shows the surface. */
  readonly borderPaperNone: number;
  readonly borderPaperSurface: number;
  /** Share of the upload a sheet must cover to be judged as filling the frame (no longer read by the completeness rule; kept for callers' settings). */
  readonly fillsFrame: number;
  /** Completeness score at most of a document another one lies on (src/image/occlusion.ts). */
  readonly occluded: number;
  /**
   * Paper share of a border side under which the frame shows something else there (the desk, a
   * lid): a sheet grown out to that side is the sheet running out of the picture (sheetCutWhereDeskShows).
   */
  readonly deskShowsShare: number;
  /** Frame pixels of the grown sheet on a side that show it reaching that side. */
  readonly sheetContact: number;
  /**
   * Solidity (sheet-shape.ts) under which a sheet grown out to the frame on a desk is two papers
   * merged (the growth slipped into a paper under the sheet), not one sheet running out.
   */
  readonly mergedSolidity: number;
  /** Completeness score of such a sheet: it lies in view, less surely than one grown clear of the frame. */
  readonly mergedSheet: number;
}

export const QUALITY_SETTINGS: QualitySettings = {
  thresholds: { isclear: 0.5, iscomplete: 0.5, isoriginal: 0.5, iscard: 0.5, isdocument: 0.5 },
  sharpnessSide: 1000,
  sharpnessMid: 35,
  sharpnessSpread: 0.6,
  minShortSide: 160,
  fullShortSide: 420,
  minContrast: 20,
  fullContrast: 60,
  borderTouch: 0.004,
  colourChroma: 45,
  colourShare: 0.0015,
  moireFringe: 14,
  greyBelowPaper: 40,
  greyPaperChroma: 1,
  copySpecks: 120,
  copyGrain: 16,
  greyStampColour: 0.02,
  copyPattern: 8,
  screenMoire: 32,
  screenMoireInDark: 6,
  darkSurround: 26,
  minSurround: 0.05,
  cardAspect: 1.586,
  cardAspectSpread: 0.1,
  cardMaxLines: 24,
  fillsFrame: 0.6,
  insideFrame: 0.8,
  borderStrip: 0.012,
  paperMinGrey: 150,
  paperMaxChroma: 40,
  borderPaperNone: 0.12,
  borderPaperSurface: 0.3,
  occluded: 0.3,
  deskShowsShare: 0.6,
  sheetContact: 3,
  mergedSolidity: 0.93,
  mergedSheet: 0.65,
};

export interface QualityInput {
  /** The whole upload, for the frame tests. */
  readonly image: RgbImage;
  /** The document's corners on the upload. */
  readonly quad: Quad8;
  /** The document cut out of the upload (any orientation). */
  readonly crop: RgbImage;
  /** Number of text lines recognised on it, when known. */
  readonly lineCount?: number;
  /** The crop already reduced to 600 px (shared by the scorers that work at that size). */
  readonly crop600?: RgbImage;
  /** The border and the sheet of a whole upload returned as the document, when already read. */
  readonly desk?: DeskReading;
  /** Another document lies on this one (found by src/image/occlusion.ts): it is not complete. */
  readonly occluded?: boolean;
}

/** The crop at the 600 px working size of the completeness and originality scorers. */
function at600(crop: RgbImage, given?: RgbImage): RgbImage {
  return given ?? downscaleTo(crop, 600).image;
}

const clamp01 = (v: number): number => Math.max(0, Math.min(1, v));
const ramp = (v: number, lo: number, hi: number): number => clamp01((v - lo) / (hi - lo));

function percentile(hist: Uint32Array, total: number, p: number): number {
  let acc = 0;
  for (let i = 0; i < 256; i++) {
    acc += hist[i];
    if (acc >= p * total) return i;
  }
  return 255;
}

export function clarityScore(crop: RgbImage, s: QualitySettings = QUALITY_SETTINGS): number {
  const longer = Math.max(crop.width, crop.height);
  const k = s.sharpnessSide / longer;
  // Upscaling a small crop blurs it on purpose: a low-resolution page is not clear either.
  const work = resizeRgb(crop, crop.width * k, crop.height * k);
  const gray = toGray(work);
  const lv = laplacianVariance(gray);
  const sharp = 1 / (1 + Math.exp(-(Math.log(lv + 1) - Math.log(s.sharpnessMid)) / s.sharpnessSpread));
  const res = ramp(Math.min(crop.width, crop.height), s.minShortSide, s.fullShortSide);
  const hist = new Uint32Array(256);
  for (const v of gray.data) hist[v]++;
  // Text covers a few per cent of a page: its darkest tail, not the 2nd percentile, is the ink.
  const contrast = percentile(hist, gray.data.length, 0.99) - percentile(hist, gray.data.length, 0.003);
  const exposure = ramp(contrast, s.minContrast, s.fullContrast);
  return clamp01(sharp * (0.4 + 0.6 * res) * exposure);
}

/** Share of dark pixels in a box of a grey plane. */
function inkShare(gray: { data: Uint8Array; width: number }, x0: number, y0: number, x1: number, y1: number): number {
  let ink = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      n++;
      if (gray.data[y * gray.width + x] < 110) ink++;
    }
  }
  return n === 0 ? 0 : ink / n;
}

/** Red minus blue above which a dark pixel with red >= green >= blue is brown (wood), not ink. */
const BROWN_WARMTH = 22;

/**
 * Grey plane where only neutral (black or grey) ink stays dark: coloured print, such as the title
 * band along a card's edge or a stamp, is turned white, so it is not taken for text running off
 * that edge.
 */
function neutralInk(img: RgbImage, dropBrown: boolean): { data: Uint8Array; width: number; height: number } {
  const gray = toGray(img);
  const d = img.data;
  for (let i = 0, j = 0; i < gray.data.length; i++, j += 3) {
    const chroma = Math.max(d[j], d[j + 1], d[j + 2]) - Math.min(d[j], d[j + 1], d[j + 2]);
    // Along the edges, brown (a wooden table, cork, leather showing round the page) is not ink:
    // toner and ink are grey or black. Inside, brown stays: hair on a portrait is the card's own.
    const brown = dropBrown && d[j] >= d[j + 1] && d[j + 1] >= d[j + 2] && d[j] - d[j + 2] > BROWN_WARMTH;
    if (chroma > 50 || brown) gray.data[i] = 255;
  }
  return gray;
}

/**
 * Share of paper (bright, nearly colourless) in a thin strip along each side of the image:
 * left, top, right, bottom.
 */
function borderPaperShares(img: RgbImage, s: QualitySettings): number[] {
  const { width: w, height: h, data: d } = img;
  const t = Math.max(2, Math.round(Math.min(w, h) * s.borderStrip));
  const share = (x0: number, y0: number, x1: number, y1: number): number => {
    let n = 0;
    let paper = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const o = (y * w + x) * 3;
        const max = Math.max(d[o], d[o + 1], d[o + 2]);
        const min = Math.min(d[o], d[o + 1], d[o + 2]);
        n++;
        if (min >= s.paperMinGrey && max - min <= s.paperMaxChroma) paper++;
      }
    }
    return n === 0 ? 0 : paper / n;
  };
  return [share(0, 0, t, h), share(0, 0, w, t), share(w - t, 0, w, h), share(0, h - t, w, h)];
}

/** Sides of the upload (left, top, right, bottom) along which the quad runs: two corners on it. */
function sidesOnFrame(image: RgbImage, quad: Quad8, s: QualitySettings): boolean[] {
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  const mx = s.borderTouch * image.width + 1;
  const my = s.borderTouch * image.height + 1;
  // A side of the photo cuts the sheet when two corners lie on it (the cut edge runs along it);
  // one corner alone at the border is a sheet in full view grazing the frame, blur bleeding its edge.
  const near = (test: (i: number) => boolean): boolean => [0, 1, 2, 3].filter(test).length >= 2;
  return [
    near((i) => xs[i] <= mx),
    near((i) => ys[i] <= my),
    near((i) => xs[i] >= image.width - 1 - mx),
    near((i) => ys[i] >= image.height - 1 - my),
  ];
}

/**
 * What a whole upload returned as the document shows: the share of paper along each side of its
 * border; whether the surface shows there (no paper on the border, or the surface along two sides
 * or more: one side alone may be a wedge of table beside a page that fills the frame); and the
 * sheet in its middle grown out (sheet-extent.ts).
 */
export interface DeskReading {
  readonly border: readonly number[];
  readonly surface: boolean;
  readonly sheet: SheetReading;
}

export function readDesk(work: RgbImage, s: QualitySettings = QUALITY_SETTINGS): DeskReading {
  const border = borderPaperShares(work, s);
  const surface = Math.max(...border) < s.borderPaperNone || border.filter((p) => p < s.borderPaperSurface).length >= 2;
  return { border, surface, sheet: findSheet(work) };
}

/**
 * Whether the sheet grown from the middle of a whole upload reaches a side of the frame along which
 * the border is mostly not paper (the desk or a lid shows there): the sheet itself runs out of the
 * picture there, a corner or an edge poking past the frame, when it stays clear of another side (a
 * sheet reaching all four fills the frame). A border side that is paper all along says nothing (a page filling a scan, or a pale desk or another paper the growth slipped into).
 */
export function sheetCutWhereDeskShows(desk: DeskReading, s: QualitySettings = QUALITY_SETTINGS): boolean {
  const mask = desk.sheet.mask;
  if (desk.sheet.extent !== 'cut' || !mask) return false;
  const { width: w, height: h, data } = mask;
  const contact = [0, 0, 0, 0];
  for (let y = 0; y < h; y++) {
    contact[0] += data[y * w];
    contact[2] += data[y * w + w - 1];
  }
  for (let x = 0; x < w; x++) {
    contact[1] += data[x];
    contact[3] += data[(h - 1) * w + x];
  }
  // A sheet reaching all four sides fills the frame: a page filling the photo, judged by its ink
  // (a wedge of table at one edge of a slightly turned shot is no cut).
  if (contact.every((c) => c >= s.sheetContact)) return false;
  return contact.some((c, side) => c >= s.sheetContact && desk.border[side] < s.deskShowsShare);
}

/**
 * Whether the sheet grown from the middle of a whole upload on a desk reached the frame only by
 * running into another paper under it: the grown shape is not one quad (its solidity is under
 * `mergedSolidity`). The localiser found no outline of the sheet to tell where it ends, and the
 * paper that reaches the frame is the one below, not the sheet: such a sheet is taken as lying in
 * view (a claim photo is taken of the document on top; the papers under it run out of the frame).
 */
export function grownIntoPaperBelow(desk: DeskReading, s: QualitySettings = QUALITY_SETTINGS): boolean {
  const mask = desk.sheet.mask;
  return desk.sheet.extent === 'cut' && mask !== null && maskSolidity(mask) < s.mergedSolidity;
}

export function completenessScore(input: QualityInput, s: QualitySettings = QUALITY_SETTINGS): number {
  const { image, quad, crop } = input;
  const onFrame = sidesOnFrame(image, quad, s);
  const sides = onFrame.filter(Boolean).length;
  // A quad a few pixels off the sheet's outline may put a side on the frame that the sheet stops
  // short of (the table shows along the border there): such a side cuts nothing. The whole
  // upload (four sides) is judged below.
  const short = onFrame.map((on, side) => on && sides < 4 && stopsShortOfFrame(image, quad, side));
  const touching = onFrame.filter((on, side) => on && !short[side]).length;
  // A located sheet cut by one to three edges of the photo, whatever its size: the locator returns
  // the whole image (four sides) when the page fills the frame, so a sheet on one to three sides
  // is paper running out of the photo. The whole image is judged by its ink below.
  if (touching > 0 && touching < 4) return 0.25;
  // A sheet found inside the frame, no side on an edge: its four corners are in the picture, unless
  // one of them was clamped onto the frame by the locator (the sheet's paper runs along the frame
  // there, where a corner merely grazing it touches it in a point).
  // Corners on a side the sheet stops short of are where the quad overshot: not looked at.
  if (touching === 0) return cornerCutByFrame(image, quad, s.borderTouch * Math.max(image.width, image.height) + 1, undefined, short) ? 0.25 : s.insideFrame;
  const work = at600(crop, input.crop600);
  // The whole image came back as the document. Its border tells how: paper all round is a page
  // filling the frame (a scan), judged by its ink below. Otherwise a sheet lies on a desk, maybe
  // over other papers: grown from its middle, it shows whether it reaches the frame; when it
  // cannot be grown out clearly, no paper on the border is a sheet inside the picture and paper on
  // part of it a sheet running out.
  const desk = input.desk ?? readDesk(work, s);
  if (desk.surface) {
    if (grownIntoPaperBelow(desk, s)) return s.mergedSheet;
    if (desk.sheet.extent !== 'unknown') return desk.sheet.extent === 'inside' ? s.insideFrame : 0.25;
    return Math.max(...desk.border) < s.borderPaperNone ? s.insideFrame : 0.25;
  }
  // Paper (or a pale desk passing for it) on the border, yet the sheet grown from the middle stops
  // short of the frame on every side: a sheet lying in full view. (Grown out to the frame it says
  // nothing: a page filling a scan reaches the frame too, cut or not.)
  if (desk.sheet.extent === 'inside') return s.insideFrame;
  // Paper all round: a scan. A lid a few grey levels off the paper shows the page's own edges,
  // which tell whether a page put down askew pokes a corner out of the picture (full resolution:
  // the corner may be out by a pixel or two).
  const page = scannedPageState(image);
  if (page === 'cut') return 0.25;
  if (page === 'inside') return s.insideFrame;
  // Reaching the frame where the desk shows, unless the growth got there through another paper
  // under the sheet (a pale desk, or papers covering most of the border, leave `surface` unset:
  // the merged shape tells the same there as on a dark desk).
  if (sheetCutWhereDeskShows(desk, s)) return grownIntoPaperBelow(desk, s) ? s.mergedSheet : 0.25;
  // The page fills the frame: look for ink running off an edge, compared with the page's own ink.
  const gray = neutralInk(work, false);
  const rim = neutralInk(work, true);
  const w = gray.width;
  const h = gray.height;
  const strip = Math.max(2, Math.round(Math.min(w, h) * 0.012));
  const inner = inkShare(gray, strip * 4, strip * 4, w - strip * 4, h - strip * 4);
  if (inner < 0.002) return 1;
  const edges = [inkShare(rim, 0, 0, strip, h), inkShare(rim, 0, 0, w, strip), inkShare(rim, w - strip, 0, w, h), inkShare(rim, 0, h - strip, w, h)];
  // A solid dark band along an edge is the scanner lid or a table, not cut content.
  const worst = Math.max(...edges.map((e) => (e > 0.85 ? 0 : e / inner)));
  return clamp01(1 - ramp(worst, 0.25, 0.9));
}

/**
 * The paper's brightness round every pixel: the brightest value of its 16-px block and the
 * blocks next to it (text and stamps are thin; the paper between them shows its level, lit or
 * in shadow).
 */
function paperLevel(img: RgbImage): Uint8Array {
  const { width: w, height: h, data: d } = img;
  const B = 16;
  const bw = Math.ceil(w / B);
  const bh = Math.ceil(h / B);
  const blockMax = new Uint8Array(bw * bh);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 3;
      const v = (d[o] * 299 + d[o + 1] * 587 + d[o + 2] * 114) / 1000;
      const k = Math.floor(y / B) * bw + Math.floor(x / B);
      if (v > blockMax[k]) blockMax[k] = v;
    }
  }
  const grown = new Uint8Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const yy = by + dy;
          const xx = bx + dx;
          if (yy >= 0 && yy < bh && xx >= 0 && xx < bw) m = Math.max(m, blockMax[yy * bw + xx]);
        }
      }
      grown[by * bw + bx] = m;
    }
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = grown[Math.floor(y / B) * bw + Math.floor(x / B)];
  return out;
}

/** Whether a pixel `r` steps left, right, up or down from pixel i is black ink. */
function nearInk(img: RgbImage, i: number, r: number): boolean {
  const { width: w, height: h, data: d } = img;
  const x = i % w;
  const y = (i - x) / w;
  const dark = (xx: number, yy: number): boolean => {
    if (xx < 0 || yy < 0 || xx >= w || yy >= h) return false;
    const o = (yy * w + xx) * 3;
    return d[o] * 299 + d[o + 1] * 587 + d[o + 2] * 114 < 90000;
  };
  return dark(x - r, y) || dark(x + r, y) || dark(x, y - r) || dark(x, y + r);
}

/**
 * Whether the upload shows the document inside a black, unlit surround: the median luminance of
 * the upload outside the document's box (sampled every 4 px) at or under `darkSurround`.
 * false when too little of the upload lies outside the document to tell.
 */
export function inDarkSurround(image: RgbImage, quad: Quad8, s: QualitySettings = QUALITY_SETTINGS): boolean {
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  // A little outside the box: the page's own blurred edge is not surround.
  const pad = 0.01 * Math.max(image.width, image.height);
  const x0 = Math.min(...xs) - pad;
  const x1 = Math.max(...xs) + pad;
  const y0 = Math.min(...ys) - pad;
  const y1 = Math.max(...ys) + pad;
  const hist = new Uint32Array(256);
  let outside = 0;
  let all = 0;
  const d = image.data;
  for (let y = 0; y < image.height; y += 4) {
    for (let x = 0; x < image.width; x += 4) {
      all++;
      if (x >= x0 && x <= x1 && y >= y0 && y <= y1) continue;
      const o = (y * image.width + x) * 3;
      hist[Math.round((d[o] * 299 + d[o + 1] * 587 + d[o + 2] * 114) / 1000)]++;
      outside++;
    }
  }
  if (outside < s.minSurround * all) return false;
  return percentile(hist, outside, 0.5) <= s.darkSurround;
}

/**
 * Whether the capture is an original rather than a photocopy or a photo of a screen, in [0, 1].
 * Two kinds of capture, told apart by their blank paper at full resolution (screen.ts):
 * - grey (no coloured ink, paper without any cast): a black-and-white original, or a grey-scale
 *   copy. A copy shows toner specks on its blank paper, a periodic pattern, or the large mid-grey
 *   areas that a colour original's stamps and tints leave on a grey copy.
 * - colour or a camera's cast: an original unless the paper carries a screen's moiré (a periodic
 *   ripple in the spectrum of blank patches, or colour fringes between neighbouring pixels). A
 *   document in a black surround (`darkSurround`: a display's unlit border) needs a weaker ripple.
 */
export function originalityScore(crop: RgbImage, s: QualitySettings = QUALITY_SETTINGS, crop600?: RgbImage, traits?: PaperTraits, darkSurround = false, sheet?: Plane, greyStamp?: () => boolean): number {
  const work = at600(crop, crop600);
  const d = work.data;
  const n = work.width * work.height;
  // Grey areas and colour fringes belong to the sheet: with the sheet's pixels on `work` known, a
  // grey or textured desk and the papers round it do not count (colour anywhere still does: a
  // grey-scale copy greys the desk too).
  const onSheet = sheet && sheet.width === work.width && sheet.height === work.height ? sheet.data : null;
  let sheetPixels = 0;
  let coloured = 0;
  let tinted = 0;
  let mid = 0;
  let fringe = 0;
  const localPaper = paperLevel(work);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const r = d[j];
    const g = d[j + 1];
    const b = d[j + 2];
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    if (max - min >= s.colourChroma && max > 60) coloured++;
    if (max - min > 10) tinted++;
    const y = (r * 299 + g * 587 + b * 114) / 1000;
    if (onSheet && onSheet[i] === 0) continue;
    sheetPixels++;
    // Mid grey clearly darker than the paper round it (a stamp or a tint turned grey, not paper in
    // shadow) and away from black ink (not the soft edge of a character).
    if (y > 90 && y < 190 && y < localPaper[i] - s.greyBelowPaper && !nearInk(work, i, 1)) mid++;
    if ((i + 1) % work.width !== 0) {
      // Chroma of this pixel minus that of its right neighbour: colour fringes of a screen's subpixels.
      const cb = b - y;
      const cr = r - y;
      const r2 = d[j + 3];
      const g2 = d[j + 4];
      const b2 = d[j + 5];
      const y2 = (r2 * 299 + g2 * 587 + b2 * 114) / 1000;
      fringe += Math.abs(cb - (b2 - y2)) + Math.abs(cr - (r2 - y2));
    }
  }
  // Without the upload, the crop's own pixels (full resolution unless the caller reduced it).
  const measured = traits ?? paperTraits(crop, [0, 0, crop.width - 1, 0, crop.width - 1, crop.height - 1, 0, crop.height - 1]);
  const paper = measured.patches > 0 ? measured : null;
  const fringes = ramp(fringe / Math.max(1, sheetPixels), s.moireFringe * 0.5, s.moireFringe);
  const colour = coloured / n >= s.colourShare;
  // Without blank patches to look at, the share of faintly tinted pixels stands in for the paper's cast.
  const neutral = paper ? paper.paperChroma < s.greyPaperChroma : tinted / n <= 0.2;
  if (!colour && neutral) {
    const specks = paper ? ramp(paper.specks, s.copySpecks * 0.5, s.copySpecks) : 0;
    const pattern = paper ? ramp(paper.moirePeak, s.copyPattern * 0.5, s.copyPattern) : 0;
    const grain = paper ? ramp(paper.grain, s.copyGrain * 0.5, s.copyGrain) : 0;
    const greyArea = ramp(mid / Math.max(1, sheetPixels), 0.04, 0.1);
    const traces = Math.max(specks, pattern, grain, greyArea);
    // A seal gone grey: looked for only when nothing else has settled the question (it costs a seal search).
    const stamp = traces < 1 && greyStamp?.() === true ? 1 : 0;
    return clamp01(0.75 - 0.6 * Math.max(traces, stamp));
  }
  const moire = darkSurround ? s.screenMoireInDark : s.screenMoire;
  const ripple = paper ? ramp(paper.moirePeak, moire * 0.5, moire) : 0;
  return clamp01(0.9 * (1 - Math.max(fringes, ripple)));
}

/**
 * Whether the document carries a seal printed grey: a seal found on the crop (seals.ts finds
 * colourless rings too) whose darker pixels are nearly all without colour.
 */
export function hasGreyStamp(crop: RgbImage, s: QualitySettings = QUALITY_SETTINGS): boolean {
  const { width: w, data: d } = crop;
  return detectSeals(crop).some((q) => {
    const x0 = Math.min(q[0], q[6]);
    const x1 = Math.max(q[2], q[4]);
    const y0 = Math.min(q[1], q[3]);
    const y1 = Math.max(q[5], q[7]);
    let ink = 0;
    let coloured = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const o = (y * w + x) * 3;
        const max = Math.max(d[o], d[o + 1], d[o + 2]);
        const min = Math.min(d[o], d[o + 1], d[o + 2]);
        // Ink: darker than paper in its darkest channel (a red seal's green and blue are low).
        if (min >= 180) continue;
        ink++;
        if (max - min >= s.colourChroma) coloured++;
      }
    }
    return ink > 0 && coloured < s.greyStampColour * ink;
  });
}

/** Long side over short side of a quad, from its mean opposite edge lengths. */
export function quadAspect(q: Quad8): number {
  const top = Math.hypot(q[2] - q[0], q[3] - q[1]);
  const bottom = Math.hypot(q[4] - q[6], q[5] - q[7]);
  const left = Math.hypot(q[6] - q[0], q[7] - q[1]);
  const right = Math.hypot(q[4] - q[2], q[5] - q[3]);
  const w = (top + bottom) / 2;
  const h = (left + right) / 2;
  return Math.max(w, h) / Math.max(1, Math.min(w, h));
}

/**
 * Card proportions, tempered by the amount of text: an invoice can be card-shaped too, but a card
 * carries a dozen lines at most.
 */
export function cardScore(quad: Quad8, lineCount: number | undefined, s: QualitySettings = QUALITY_SETTINGS): number {
  const a = quadAspect(quad);
  const shape = Math.exp(-(((a - s.cardAspect) / s.cardAspectSpread) ** 2));
  const sparse = lineCount === undefined ? 1 : 1 - ramp(lineCount, s.cardMaxLines * 0.6, s.cardMaxLines);
  return shape * sparse;
}

export function documentScore(card: number, crop: RgbImage, lineCount: number | undefined): number {
  let text: number;
  if (lineCount !== undefined) text = ramp(lineCount, 0, 4);
  else {
    const { image: work } = downscaleTo(crop, 400);
    const g = toGray(work);
    text = ramp(inkShare(g, 0, 0, g.width, g.height), 0.005, 0.03);
  }
  return clamp01((1 - card) * text);
}

/** All five quality flags of one document. */
export function assessQuality(input: QualityInput, s: QualitySettings = QUALITY_SETTINGS): QualifyRes {
  const round = (v: number): number => Math.round(v * 1000) / 1000;
  // Both 600 px scorers read one reduced copy instead of reducing the crop twice.
  const crop600 = at600(input.crop, input.crop600);
  // A whole upload: completeness reads the sheet in its middle when a desk shows round it, and
  // only that sheet's paper is measured for copy and screen traces (a desk's weave and other
  // papers' ruled lines would pass for them; a pale desk may pass for paper on the border). The
  // whole upload's crop is the upload itself.
  const whole = sidesOnFrame(input.image, input.quad, s).every(Boolean);
  const desk = whole ? readDesk(crop600, s) : undefined;
  const mask = desk?.sheet.mask ?? null;
  const onSheet = mask
    ? (x: number, y: number): boolean => mask.data[Math.floor((y * mask.height) / input.image.height) * mask.width + Math.floor((x * mask.width) / input.image.width)] === 1
    : undefined;
  const shared = { ...input, crop600, desk };
  const clear = round(clarityScore(input.crop, s));
  // Occlusion caps the frame score: the sheet may be in full view of the frame and still half hidden.
  const framed = completenessScore(shared, s);
  const complete = round(input.occluded ? Math.min(framed, s.occluded) : framed);
  const original = round(originalityScore(input.crop, s, crop600, paperTraits(input.image, input.quad, onSheet), inDarkSurround(input.image, input.quad, s), mask ?? undefined, () => hasGreyStamp(input.crop, s)));
  const card = round(cardScore(input.quad, input.lineCount, s));
  const document = round(documentScore(card, input.crop, input.lineCount));
  const t = s.thresholds;
  return {
    iscard: card >= t.iscard,
    iscard_score: card,
    isclear: clear >= t.isclear,
    isclear_score: clear,
    iscomplete: complete >= t.iscomplete,
    iscomplete_score: complete,
    isdocument: document >= t.isdocument,
    isdocument_score: document,
    isoriginal: original >= t.isoriginal,
    isoriginal_score: original,
  };
}
