/**
 * Finds the documents in an upload: one page filling a scan, or one to three papers photographed on
 * a table, cloth or other background. Paper is bright and nearly colourless; a background that
 * differs from it separates the sheets. Each sheet's four corners come from the extreme points of
 * its region along the diagonals, which follows perspective and moderate rotation. When nothing
 * separates from the background, the whole image is the document: a decodable image always yields
 * at least one.
 */
import type { Quad8 } from '../ocr/types.js';
import { workLongerSide } from './work-size.js';
import { close, connectedComponents, type Component, downscaleTo, erode, dilate, fillHoles, histogram, otsuThreshold, type Plane } from './ops.js';
import { aspect, convexOverlap, DEFAULT_EDGE_QUAD_OPTIONS, type EdgeMap, type EdgeQuad, edgeQuads, quadPointsOf, stepEdges } from './edges.js';
import { divideCrowdedRow, divideIntoThree, divideLongQuad } from './divide.js';
import { divideMergedPair } from './merged-pair.js';
import { pointInQuad, quadArea, quadCentre } from './geometry.js';
import { splitAtNotches } from './notches.js';
import { splitByOutline } from './outline.js';
import { papersBesideCutsDiffer } from './cut-sides.js';
import { neighboursDiffer } from './frame-row.js';
import { splitOverlaps } from './overlap-split.js';
import { trimBareEnds } from './bare-ends.js';
import { newRowParts } from './row-found.js';
import { isPicturePatch } from './picture-patch.js';
import { shadedRest } from './shaded-part.js';
import { isBareSurface, quadExtent, quadOnFrame, regionExtent, withoutBareSurfaces } from './bare-surface.js';
import { borderBandWidth, ruledBorderShare, ruledShareIn, ruledTexture, sideAlongRules, withRuleEnds } from './ruled-desk.js';
import { comesBackWhole, isUnderDocuments, linedSurface, onLinedSheets, withoutLinedSurface } from './lined-surface.js';
import type { RgbImage } from './types.js';

export interface LocatedDocument {
  /** Corners clockwise from top-left, in image pixels. */
  readonly quad: Quad8;
  /** Axis box [x0, y0, x1, y1] of the quad, clamped to the image. */
  readonly bbox: [number, number, number, number];
}

export interface DocumentOptions {
  readonly workSide: number;
  /** A wide frame's working image may be this many times workSide long (src/image/work-size.ts). */
  readonly maxWorkStretch: number;
  /** Most documents reported. */
  readonly maxDocuments: number;
  /** Smallest document, as a share of the image area. */
  readonly minAreaFraction: number;
  /** Paper regions covering more than this share of the image mean "the page fills the frame". */
  readonly fillsFrameFraction: number;
  /** Saturation above which a pixel is not paper. */
  readonly maxPaperSaturation: number;
  /** Clamp of the brightness threshold found by Otsu. */
  readonly minPaperValue: number;
  readonly maxPaperValue: number;
  /** Least share of its quad a region must fill to be a sheet (not a blob of clutter). */
  readonly minSolidity: number;
  /** A single sheet whose box covers this share of the image is taken as the whole image. */
  readonly nearlyFillsFrame: number;
  /** Width of the image border sampled for the surface's colours, as a share of the longer side. */
  readonly surfaceBorder: number;
  /** Share of the border samples a colour bin needs to count as surface. */
  readonly surfaceBinShare: number;
  /** Median saturation of the border above which the surface is coloured, and then ... */
  readonly minSurfaceSaturation: number;
  /** ... pixels this neutral and this bright, in colours the border does not show, are paper. */
  readonly maxNeutralSaturation: number;
  readonly minNeutralValue: number;
  /** Saturation above which a pixel unlike the surface is coloured print (a card's header band). */
  readonly minBandSaturation: number;
  /**
   * Least difference of mean brightness between the brighter and the duller paper of a region
   * that runs into the frame's border for the brighter part to be tried as a sheet of its own.
   */
  readonly minPaperStep: number;
  /** Least share of its quad the brighter part must fill: only a clean quadrilateral is a sheet. */
  readonly minSplitSolidity: number;
  /** Largest brightness change between neighbouring working pixels within one sheet's paper. */
  readonly maxPaperGradient: number;
  /**
   * Width, as a share of the longer side, kept clear round the brighter sheets split off a region
   * before its duller paper left is asked for a sheet (see duller).
   */
  readonly leftMargin: number;
  /** Least share of an edge-found quad inside a paper region for it to count as one of its documents. */
  readonly minEdgeQuadInside: number;
  /**
   * Least backing of every side for an edge quad outside every paper region to be a document. A
   * grey certificate lying over a lighter one loses a quarter of its shared side to the other's
   * print, so three quarters must do; the four sides together must still reach minMeanSupport.
   */
  readonly minLoneEdgeSupport: number;
  /** The same for a quad of ID-1 card proportions (see loneSupportNeeded) ... */
  readonly minLoneCardSupport: number;
  /** ... long / short side 85.6 / 54 = 1.59, give or take a photo's perspective. */
  readonly loneCardAspect: readonly [number, number];
  /** An edge quad replaces a region inside it when it is this much larger ... */
  readonly minEnclosingGrowth: number;
  /** ... but not more than this (then it is a larger sheet the region lies on) ... */
  readonly maxEnclosingGrowth: number;
  /** ... and holds this share of the region. */
  readonly minEnclosedShare: number;
  /**
   * Least backing of every side for an edge quad larger than maxEnclosingGrowth times the one
   * region inside it to be that region's document all the same (printAround): a photo print whose
   * only paper-bright patch is something in the picture.
   */
  readonly minPrintSupport: number;
  /** A region whose corner quad has a side under this share of the opposite side is a wedge (see isWedge) ... */
  readonly maxWedgeSideRatio: number;
  /** Proportions (long / short side) above which a region is a strip of a sheet (see isSliver). */
  readonly maxDocumentAspect: number;
  /** ... and becomes an edge quad larger than itself that holds this share of it. */
  readonly minWedgeEnclosedShare: number;
  /** ... or this share when the edge quad is backed on every side like a lone document (wedgeShareNeeded). */
  readonly minFirmWedgeEnclosedShare: number;
  /** The ring sampled just outside an edge quad lying in a region, as a scale of the quad about its centre ... */
  readonly besideRingScale: number;
  /** ... the largest share of that ring in the region for the quad to sit on the region's outline ... */
  readonly maxBesideEnclosure: number;
  /** ... the least share of the quad that is the region's paper ... */
  readonly minBesideOverlap: number;
  /** ... the least share of the region the paper beside the quad must keep to be a document ... */
  readonly minBesideShare: number;
  /** ... after an opening of this share of the longer side ... */
  readonly besideOpening: number;
  /** ... and no more than this many of the quad's side lines with one of its sides within ... */
  readonly maxBesideSharedLines: number;
  /** ... this share of the longer side of them. */
  readonly besideCollinearity: number;
  /** Largest share of the smaller of such a quad and a region they may have in common. */
  readonly maxLoneEdgeOverlap: number;
  /** Largest distance of two documents' corners, as a share of the first one's diagonal, for them to be one found twice. */
  readonly maxTwinShift: number;
  /** Proportions of a card lying on a desk of papers, the least share of the frame it covers, and of the strip beside it that is one more document. */
  readonly deskCardAspect: readonly [number, number];
  readonly minDeskCardShare: number;
  readonly minDeskRestShare: number;
  /** Least share of the frame's border band (this share of the longer side wide) in ruled texture for cards on a ruled pad to be sought (sheetsOnRuledPaper) ... */
  readonly ruledBorder: number;
  readonly minRuledBorderShare: number;
  /** ... and the largest share of such a card's box that may be ruled. */
  readonly maxRuledShareOfSheet: number;
  /** Least share of a side of an edge quad found only on the ruled map that runs along the lined surface (deskEdgeQuads). */
  readonly minSideAlongRules: number;
}

export const DEFAULT_DOCUMENT_OPTIONS: DocumentOptions = {
  workSide: 480,
  maxWorkStretch: 2,
  maxDocuments: 3,
  minAreaFraction: 0.04,
  fillsFrameFraction: 0.85,
  maxPaperSaturation: 0.3,
  minPaperValue: 110,
  maxPaperValue: 215,
  minSolidity: 0.8,
  nearlyFillsFrame: 0.8,
  surfaceBorder: 0.02,
  surfaceBinShare: 0.002,
  minBandSaturation: 0.25,
  minSurfaceSaturation: 0.3,
  maxNeutralSaturation: 0.15,
  minNeutralValue: 70,
  minPaperStep: 8,
  minSplitSolidity: 0.9,
  maxPaperGradient: 2,
  leftMargin: 0.04,
  minEdgeQuadInside: 0.8,
  minLoneEdgeSupport: 0.75,
  minLoneCardSupport: 0.6,
  loneCardAspect: [1.3, 1.9],
  minEnclosingGrowth: 1.1,
  maxEnclosingGrowth: 3,
  minEnclosedShare: 0.9,
  minPrintSupport: 0.9,
  maxWedgeSideRatio: 0.5,
  maxDocumentAspect: 3.5,
  minWedgeEnclosedShare: 0.75,
  minFirmWedgeEnclosedShare: 0.5,
  besideRingScale: 1.06,
  maxBesideEnclosure: 0.75,
  minBesideOverlap: 0.3,
  minBesideShare: 0.25,
  besideOpening: 0.01,
  maxBesideSharedLines: 1,
  besideCollinearity: 0.025,
  maxLoneEdgeOverlap: 0.2,
  maxTwinShift: 0.03,
  deskCardAspect: [1.35, 1.85],
  minDeskCardShare: 0.12,
  minDeskRestShare: 0.25,
  ruledBorder: 0.03,
  minRuledBorderShare: 0.1,
  maxRuledShareOfSheet: 0.25,
  minSideAlongRules: 0.5,
};

/** RGB colour bin (4 bits a channel). */
const binOf = (r: number, g: number, b: number): number => ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);

/**
 * The colours of the surface the sheets lie on, from the image's border: bins that hold a fair
 * share of the border's pixels, grown by one bin in every channel so that the surface's shading
 * and grain (which reach the middle of the image darker or lighter than the border) stay inside.
 */
function surfaceColours(img: RgbImage, o: DocumentOptions): Uint8Array {
  const { width: w, height: h } = img;
  const band = Math.max(1, Math.round(Math.max(w, h) * o.surfaceBorder));
  const counts = new Uint32Array(4096);
  let n = 0;
  for (let y = 0; y < h; y++) {
    const edgeRow = y < band || y >= h - band;
    for (let x = 0; x < w; x++) {
      if (!edgeRow && x >= band && x < w - band) continue;
      const j = (y * w + x) * 3;
      counts[binOf(img.data[j], img.data[j + 1], img.data[j + 2])]++;
      n++;
    }
  }
  const out = new Uint8Array(4096);
  const min = Math.max(3, n * o.surfaceBinShare);
  for (let bin = 0; bin < 4096; bin++) {
    if (counts[bin] < min) continue;
    const r = bin >> 8;
    const g = (bin >> 4) & 15;
    const b = bin & 15;
    for (let dr = -1; dr <= 1; dr++) for (let dg = -1; dg <= 1; dg++) for (let db = -1; db <= 1; db++) {
      const rr = r + dr;
      const gg = g + dg;
      const bb = b + db;
      if (rr >= 0 && rr < 16 && gg >= 0 && gg < 16 && bb >= 0 && bb < 16) out[(rr << 8) | (gg << 4) | bb] = 1;
    }
  }
  return out;
}

function wholeImage(image: RgbImage): LocatedDocument {
  const w = image.width - 1;
  const h = image.height - 1;
  return { quad: [0, 0, w, 0, w, h, 0, h], bbox: [0, 0, w, h] };
}

/**
 * Mask of the sheets: bright, low-saturation pixels (paper), plus coloured pixels whose colour the
 * border (the surface) does not show. Cards and passports print their title on a coloured band
 * along an edge; paper alone would cut that band, title and all, off the document.
 */
function paperMask(img: RgbImage, o: DocumentOptions): Plane {
  const surface = surfaceColours(img, o);
  const n = img.width * img.height;
  const value = new Uint8Array(n);
  const sat = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const r = img.data[j];
    const g = img.data[j + 1];
    const b = img.data[j + 2];
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    value[i] = max;
    sat[i] = max === 0 ? 0 : (max - min) / max;
  }
  const t = Math.min(o.maxPaperValue, Math.max(o.minPaperValue, otsuThreshold(histogram({ data: value, width: img.width, height: img.height }))));
  // On a coloured surface (wood, a red cloth) anything neutral is paper, however dim: a grey card
  // in the light's falloff is darker than the threshold the bright sheets set.
  const neutralIsPaper = borderSaturation(sat, img.width, img.height) >= o.minSurfaceSaturation;
  const out = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    if (value[i] > t && sat[i] <= o.maxPaperSaturation) out[i] = 1;
    else if (sat[i] > o.minBandSaturation && value[i] > 40 && !surface[binOf(img.data[j], img.data[j + 1], img.data[j + 2])]) out[i] = 1;
    else if (neutralIsPaper && sat[i] <= o.maxNeutralSaturation && value[i] >= o.minNeutralValue && !surface[binOf(img.data[j], img.data[j + 1], img.data[j + 2])]) out[i] = 1;
  }
  return { data: out, width: img.width, height: img.height };
}

/** Median saturation of the image's outermost rows and columns: the surface's. */
function borderSaturation(sat: Float32Array, w: number, h: number): number {
  const values: number[] = [];
  for (let x = 0; x < w; x++) values.push(sat[x], sat[(h - 1) * w + x]);
  for (let y = 0; y < h; y++) values.push(sat[y * w], sat[y * w + w - 1]);
  values.sort((a, b) => a - b);
  return values[values.length >> 1];
}

/** Corners of one labelled region: the extreme points along x+y and x-y. */
function regionQuad(labels: Int32Array, label: number, w: number, box: { x0: number; y0: number; x1: number; y1: number }): Quad8 {
  let tl = Infinity;
  let br = -Infinity;
  let tr = -Infinity;
  let bl = -Infinity;
  const q: Quad8 = [0, 0, 0, 0, 0, 0, 0, 0];
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      if (labels[y * w + x] !== label) continue;
      const s = x + y;
      const d = x - y;
      if (s < tl) {
        tl = s;
        q[0] = x;
        q[1] = y;
      }
      if (d > tr) {
        tr = d;
        q[2] = x;
        q[3] = y;
      }
      if (s > br) {
        br = s;
        q[4] = x;
        q[5] = y;
      }
      if (-d > bl) {
        bl = -d;
        q[6] = x;
        q[7] = y;
      }
    }
  }
  return q;
}

/** A document of a quad on the working image (pixel centres), back in image pixels. */
function finish(q: Quad8, scale: number, image: RgbImage): LocatedDocument {
  return boxed(q.map((v) => (v + 0.5) / scale) as Quad8, image);
}

/** A document of a quad already in image pixels (rounded, clamped), with its axis box. */
function boxed(q: Quad8, image: RgbImage): LocatedDocument {
  const quad = q.map((v, i) => Math.round(Math.min(i % 2 === 0 ? image.width - 1 : image.height - 1, Math.max(0, v)))) as Quad8;
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  return { quad, bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
}

/** A sheet found: a region of the mask, or one document of a region the outline split. */
interface Piece {
  readonly region: Region;
  /** The document's quad when the outline gave it; null when the region is the sheet. */
  readonly quad: Quad8 | null;
  readonly area: number;
}

/** A candidate sheet: one label of a label image. */
interface Region {
  readonly labels: Int32Array;
  readonly label: number;
  readonly comp: Component;
}

/** A piece running into the frame with no print, photo or rule inside: desk, not paper (src/image/bare-surface.ts). */
function bareOnFrame(work: RgbImage, p: Piece): boolean {
  if (p.quad) return quadOnFrame(p.quad, work.width, work.height) && isBareSurface(work, quadExtent(p.quad));
  const c = p.region.comp;
  return touchesBorder(c, work.width, work.height) && isBareSurface(work, regionExtent(p.region.labels, p.region.label, c, work.width));
}

function touchesBorder(c: Component, w: number, h: number): boolean {
  return c.x0 <= 1 || c.y0 <= 1 || c.x1 >= w - 2 || c.y1 >= h - 2;
}

/**
 * A claim lying on a desk among other papers merges with them in the paper mask, and the merged
 * region runs into the frame's border (the other papers lie partly outside the photo), so the
 * claim loses its corners and reads as cut off. The other papers are duller than the claim (older,
 * greyer stock, in its shade): the brighter class of the region's paper, by Otsu, is tried as the
 * sheet. It is kept only when every cue agrees: a clear brightness step, a clean quadrilateral
 * (a lighting gradient cuts a page along a curve, never a quad), clear of the frame's border, and
 * a real remainder beside it. Regions that do not touch the border are never split, so a lit or
 * blurred single page on a table keeps its one region.
 */
function brighterSheet(work: RgbImage, region: Region, o: DocumentOptions, r: number): Region[] | null {
  const { width: w, height: h } = work;
  const { labels, label, comp } = region;
  const hist = new Uint32Array(256);
  const value = new Uint8Array(w * h);
  for (let y = comp.y0; y <= comp.y1; y++) {
    for (let x = comp.x0; x <= comp.x1; x++) {
      const i = y * w + x;
      if (labels[i] !== label) continue;
      const j = i * 3;
      const max = Math.max(work.data[j], work.data[j + 1], work.data[j + 2]);
      const min = Math.min(work.data[j], work.data[j + 1], work.data[j + 2]);
      // Only paper votes: ink and coloured print would pull the split towards the text.
      if (max < o.minPaperValue || (max - min) / max > o.maxPaperSaturation) continue;
      value[i] = max;
      hist[max]++;
    }
  }
  // Paper, rules and shadows of the other sheets, and the claim's own paper make up to three
  // levels: the split is tried at Otsu's threshold, then again within its brighter class.
  let from = 0;
  for (let round = 0; round < 2; round++) {
    const sub = hist.slice();
    for (let v = 0; v <= from && v < 256; v++) sub[v] = 0;
    const t = otsuThreshold(sub);
    const found = splitAt(value, sub, t, work, comp, o, r);
    if (found) return [...found, ...duller(region, found, work, o, r)];
    from = t;
  }
  // A pale surface (grey cloth, a light desk) is itself paper-like, in one broad level with the
  // sheets: what the region shows along the frame's border is surface, so the sheets are what is
  // brighter than nearly all of that.
  const rim: number[] = [];
  for (let x = 0; x < w; x++) for (const y of [0, h - 1]) if (value[y * w + x] > 0) rim.push(value[y * w + x]);
  for (let y = 0; y < h; y++) for (const x of [0, w - 1]) if (value[y * w + x] > 0) rim.push(value[y * w + x]);
  if (rim.length < 0.05 * (w + h)) return null;
  rim.sort((a, b) => a - b);
  const lit = splitAt(value, hist, rim[Math.floor(rim.length * 0.95)] + 2, work, comp, o, r);
  return lit ? [...lit, ...duller(region, lit, work, o, r)] : null;
}

/**
 * The duller paper a region keeps once its brighter sheets are taken out (brighterSheet), when it
 * is a sheet too: a document the frame cuts, in the light's falloff or of greyer stock, lying beside
 * or under the bright one in one region with it. Before, only the bright sheets were kept, and the
 * cut one was lost with the rest (retired seed 20261203 image 109: a grey work card running off
 * the frame under a bright permit; image 39: a cream certificate cut by the frame under two pale
 * cards). The paper within `leftMargin` of the bright sheets is not asked: a taken card's coloured
 * title band is no paper to the split, and left in the rest it carried the certificate's corner
 * over the card's band, whose title then went to the certificate (the card read as its
 * neighbour, a passport).
 */
function duller(region: Region, bright: readonly Region[], work: RgbImage, o: DocumentOptions, r: number): Region[] {
  const { width: w, height: h } = work;
  const taken = new Uint8Array(w * h);
  for (const b of bright) {
    for (let y = b.comp.y0; y <= b.comp.y1; y++) for (let x = b.comp.x0; x <= b.comp.x1; x++) if (b.labels[y * w + x] === b.comp.label) taken[y * w + x] = 1;
  }
  // A duller sheet in full view is closed by its own edges (a lone edge quad clear of the regions),
  // more truly than by its region, which takes in the lit surface along it (retired seed 20261202
  // image 259: a card's quad carried up over the desk): only one the frame cuts, which no edge
  // quad closes, is taken from the rest.
  const left = sheetsLeft(region, taken, w, h, o, Math.max(r + 1, Math.round(o.leftMargin * Math.max(w, h))), r).filter((reg) => touchesBorder(reg.comp, w, h));
  if (left.length === 0) return left;
  // A lined sheet of the desk, cut by the frame, is as solid a piece: ruled over more than a
  // card on a pad may be (sheetsOnRuledPaper's bound), it is the pad (retired seed 20261198
  // image 82: a lined page above a work card came back as one more document).
  const rules = close(ruledTexture(work), 2);
  return left.filter((reg) => ruledShareIn(rules, regionQuad(reg.labels, reg.label, w, reg.comp)) <= o.maxRuledShareOfSheet);
}

/**
 * The sheets a region holds beside the documents taken from it (`taken`, a mask): its paper
 * farther than `margin` from them, opened, in pieces of a document's size that fill their corner
 * quads like a flat sheet (solidSheet) and are neither wedges nor strips. The other papers of a
 * desk, a pile of them, a lit patch of the surface or the blurred rim of a taken document are
 * ragged or thin, and stay dropped.
 */
function sheetsLeft(region: Region, taken: Uint8Array, w: number, h: number, o: DocumentOptions, margin: number, r: number): Region[] {
  const { labels, label, comp } = region;
  const around = dilate({ data: taken, width: w, height: h }, margin).data;
  const rest = new Uint8Array(w * h);
  for (let y = comp.y0; y <= comp.y1; y++) for (let x = comp.x0; x <= comp.x1; x++) if (labels[y * w + x] === label && !around[y * w + x]) rest[y * w + x] = 1;
  const opened = dilate(erode({ data: rest, width: w, height: h }, r + 1), r + 1);
  const split = connectedComponents(opened);
  return split.components
    .filter((c) => c.area >= o.minAreaFraction * w * h)
    .map((c): Region => ({ labels: split.labels, label: c.label, comp: c }))
    .filter((reg) => {
      const q = regionQuad(reg.labels, reg.label, w, reg.comp);
      return solidSheet(reg, w, o) && !isWedge(q, o) && !isSliver(q, o);
    });
}

/**
 * Grows a mask through paper whose brightness changes gently from pixel to pixel: the light's
 * falloff and a soft shadow dim the claim's far corners below any one threshold, yet change it by
 * a fraction of a level a pixel, while the claim's edge over another sheet is a step.
 */
function growSmoothly(mask: Uint8Array, value: Uint8Array, w: number, h: number, tol: number): void {
  const stack: number[] = [];
  for (let i = 0; i < w * h; i++) if (mask[i]) stack.push(i);
  while (stack.length > 0) {
    const p = stack.pop() as number;
    const x = p % w;
    const step = (q: number): void => {
      if (mask[q] || value[q] === 0 || Math.abs(value[q] - value[p]) > tol) return;
      mask[q] = 1;
      stack.push(q);
    };
    if (x > 0) step(p - 1);
    if (x < w - 1) step(p + 1);
    if (p >= w) step(p - w);
    if (p < w * (h - 1)) step(p + w);
  }
}

/** The part of a region brighter than t, when it is a sheet of its own (see brighterSheet). */
function splitAt(value: Uint8Array, hist: Uint32Array, t: number, work: RgbImage, comp: Component, o: DocumentOptions, r: number): Region[] | null {
  const { width: w, height: h } = work;
  let lo = 0;
  let nLo = 0;
  let hi = 0;
  let nHi = 0;
  for (let v = 0; v < 256; v++) {
    if (v <= t) {
      lo += v * hist[v];
      nLo += hist[v];
    } else {
      hi += v * hist[v];
      nHi += hist[v];
    }
  }
  if (nLo === 0 || nHi === 0 || hi / nHi - lo / nLo < o.minPaperStep) return null;
  const bright = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if (value[i] > t) bright[i] = 1;
  growSmoothly(bright, value, w, h, o.maxPaperGradient);
  const filled = fillHoles(close({ data: bright, width: w, height: h }, r));
  const opened = dilate(erode(filled, r + 1), r + 1);
  const split = connectedComponents(opened);
  // Every bright part that is a sheet by itself: two cards on a pale cloth come apart together.
  const parts = split.components
    .filter((c) => c.area >= o.minAreaFraction * w * h && !touchesBorder(c, w, h))
    .map((c): Region => ({ labels: split.labels, label: c.label, comp: c }))
    // A light's falloff across a sheet is a straight line too: it cuts the page into a triangle
    // and a trapezoid, which fill their corner quads as well as a sheet does, yet are wedges.
    .filter((reg) => solidSheet(reg, w, o) && !isWedge(regionQuad(reg.labels, reg.label, w, reg.comp), o));
  const area = parts.reduce((n, p) => n + p.comp.area, 0);
  if (parts.length === 0 || area > 0.85 * comp.area) return null;
  return parts;
}

/**
 * Whether a region lies along the frame's border for a real stretch (a tenth of a side): a sheet
 * that continues out of the photo. Blur and a lit surface let a sheet in full view graze the
 * border at a point, which is not that.
 */
function runsAlongBorder(reg: Region, w: number, h: number): boolean {
  const { labels, label } = reg;
  const sides = [0, 0, 0, 0];
  for (let x = 0; x < w; x++) {
    if (labels[x] === label || labels[w + x] === label) sides[0]++;
    if (labels[(h - 1) * w + x] === label || labels[(h - 2) * w + x] === label) sides[1]++;
  }
  for (let y = 0; y < h; y++) {
    if (labels[y * w] === label || labels[y * w + 1] === label) sides[2]++;
    if (labels[y * w + w - 1] === label || labels[y * w + w - 2] === label) sides[3]++;
  }
  return sides[0] > 0.1 * w || sides[1] > 0.1 * w || sides[2] > 0.1 * h || sides[3] > 0.1 * h;
}

/**
 * Two documents of one tint side by side, one region to the mask, cut apart between the notches
 * of their union's outline (src/image/notches.ts); parts may be cut again (three cards in a row).
 */
function splitNotched(reg: Region, w: number, h: number, o: DocumentOptions, depth: number): Region[] {
  // A region running into the frame is a sheet cut off, or paper merged with a pale surface:
  // its outline's bites say nothing about documents side by side.
  if (depth <= 0 || touchesBorder(reg.comp, w, h)) return [reg];
  const isPart = (labels: Int32Array, part: Component): boolean => {
    const q = regionQuad(labels, part.label, w, part);
    const fill = part.area / Math.max(1, quadArea(q));
    // A cut between two corners' notches (a form's perforations) leaves triangles, which fill
    // their degenerate corner quads well: cards side by side part into quadrilaterals.
    return fill >= o.minSolidity && part.area >= o.minAreaFraction * w * h && !isWedge(q, o);
  };
  const split = splitAtNotches(reg.labels, reg.label, reg.comp, w, h, isPart);
  if (!split) return [reg];
  return split.parts.flatMap((c) => {
    const part: Region = { labels: split.labels, label: c.label, comp: c };
    return solidSheet(part, w, o) ? [part] : splitNotched(part, w, h, o, depth - 1);
  });
}

/** Whether a region fills its own corner quad like a flat sheet does. */
function solidSheet(reg: Region, w: number, o: DocumentOptions): boolean {
  const fill = reg.comp.area / Math.max(1, quadArea(regionQuad(reg.labels, reg.label, w, reg.comp)));
  return fill >= o.minSplitSolidity && fill <= 2 - o.minSplitSolidity;
}

function wholeQuad(img: RgbImage): Quad8 {
  const w = img.width - 1;
  const h = img.height - 1;
  return [0, 0, w, 0, w, h, 0, h];
}

/**
 * The same document found twice (two edge quads a pixel apart) is one document: every corner of
 * one lies next to the same corner of the other. The first of each pair stays.
 */
function withoutTwins(quads: readonly Quad8[], o: DocumentOptions): Quad8[] {
  const distinct: Quad8[] = [];
  for (const q of quads) {
    const reach = o.maxTwinShift * Math.hypot(q[4] - q[0], q[5] - q[1]);
    const twin = distinct.some((d) => [0, 2, 4, 6].every((i) => Math.hypot(d[i] - q[i], d[i + 1] - q[i + 1]) <= reach));
    if (!twin) distinct.push(q);
  }
  return distinct;
}

/**
 * Whether a quad is a wedge rather than a document seen in perspective: one side shorter than
 * `maxWedgeSideRatio` of the side opposite it. Perspective shortens a document's far side by a
 * fifth or so; a region whose corners came from a triangle (a sheet cut by a shadow's diagonal)
 * has two corners close together.
 */
export function isWedge(q: Quad8, o: Pick<DocumentOptions, 'maxWedgeSideRatio'> = DEFAULT_DOCUMENT_OPTIONS): boolean {
  const side = (k: number): number => Math.hypot(q[(k * 2 + 2) % 8] - q[k * 2], q[(k * 2 + 3) % 8] - q[k * 2 + 1]);
  const sides = [side(0), side(1), side(2), side(3)];
  return [0, 1].some((k) => Math.min(sides[k], sides[k + 2]) < o.maxWedgeSideRatio * Math.max(sides[k], sides[k + 2]));
}

/**
 * Whether a quad is too long and thin for any document (a receipt reaches about 3:1): a strip of a
 * sheet whose rest the mask lost, not a document of its own.
 */
export function isSliver(q: Quad8, o: Pick<DocumentOptions, 'maxDocumentAspect'> = DEFAULT_DOCUMENT_OPTIONS): boolean {
  return aspect(quadPointsOf(q)) > o.maxDocumentAspect;
}

/**
 * The document beside an edge quad in one region: a document lying partly over another (a receipt
 * over a card's end) is one region to the mask, and the lower one, its hidden side under the upper
 * one, closes no edge quad of its own. When the edge quad sits on the region's outline (a share of
 * the ring just outside it is not the region) and the region's paper left outside it is a solid
 * piece of a document's size, that piece is the other document, cut where it disappears. An edge
 * quad with the region all round it (a card lying on a sheet, a shaded box on a form) is left to
 * the other rules.
 */
function paperBeside(reg: Region, q: Quad8, w: number, h: number, o: DocumentOptions): Quad8 | null {
  const { labels, label, comp } = reg;
  const p = quadPointsOf(q);
  const { x: cx, y: cy } = quadCentre(q);
  let ring = 0;
  let inRegion = 0;
  for (let s = 0; s < 4; s++) {
    const a = p[s];
    const b = p[(s + 1) % 4];
    for (let f = 0.05; f < 1; f += 0.05) {
      const x = Math.round(cx + (a.x + (b.x - a.x) * f - cx) * o.besideRingScale);
      const y = Math.round(cy + (a.y + (b.y - a.y) * f - cy) * o.besideRingScale);
      ring++;
      if (x >= 0 && y >= 0 && x < w && y < h && labels[y * w + x] === label) inRegion++;
    }
  }
  if (inRegion > o.maxBesideEnclosure * ring) return null;
  const rest = new Uint8Array(w * h);
  for (let y = comp.y0; y <= comp.y1; y++) {
    for (let x = comp.x0; x <= comp.x1; x++) if (labels[y * w + x] === label && !pointInQuad(q, x, y)) rest[y * w + x] = 1;
  }
  // Open: the blurred border just outside the quad leaves a sliver of paper along its sides.
  const r = Math.max(2, Math.round(Math.max(w, h) * o.besideOpening));
  const opened = dilate(erode({ data: rest, width: w, height: h }, r), r);
  const { labels: restLabels, components } = connectedComponents(opened);
  const piece = components.reduce<Component | null>((best, c) => (best === null || c.area > best.area ? c : best), null);
  if (!piece || piece.area < o.minAreaFraction * w * h || piece.area < o.minBesideShare * comp.area) return null;
  const pq = regionQuad(restLabels, piece.label, w, piece);
  const fill = piece.area / Math.max(1, quadArea(pq));
  if (fill < o.minSolidity || fill > 2 - o.minSolidity || isWedge(pq, o)) return null;
  // A page's head cut off by a long rule is an edge quad on the page's outline too; the rest of
  // the page carries on its sides, where a lower document's sides have lines of their own.
  const allowed = besideSharedLinesAllowed(q, touchesBorder(piece, w, h), o);
  return sideLinesShared(q, pq, o.besideCollinearity * Math.max(w, h)) > allowed ? null : pq;
}

/**
 * How many side lines of an edge quad the paper beside it may share and still be a document of its
 * own (paperBeside). The rest of a page whose head a long rule cut off runs on both the head's
 * sides; two cards of one height overlapping in a row share one line by chance (their bottoms on
 * one desk line), never both unless they lie exactly in line: one is allowed. That count holds
 * only for two documents with sides of their own. A strip too long for any document is a page's
 * head or foot whatever lies beside it (one side of the page's rest may be another document's:
 * retired seed 20261199 image 29), and paper running into the frame has the frame for a side and
 * corners off the page's lines (20261199 image 201): neither may share a line at all.
 */
export function besideSharedLinesAllowed(over: Quad8, restOnFrame: boolean, o: Pick<DocumentOptions, 'maxDocumentAspect' | 'maxBesideSharedLines'> = DEFAULT_DOCUMENT_OPTIONS): number {
  return isSliver(over, o) || restOnFrame ? 0 : o.maxBesideSharedLines;
}

/** How many of a region's pixels lie inside a quad. */
function regionPixelsIn(reg: Region, q: Quad8, w: number): number {
  const { labels, label, comp } = reg;
  const x0 = Math.max(comp.x0, Math.floor(Math.min(q[0], q[2], q[4], q[6])));
  const x1 = Math.min(comp.x1, Math.ceil(Math.max(q[0], q[2], q[4], q[6])));
  const y0 = Math.max(comp.y0, Math.floor(Math.min(q[1], q[3], q[5], q[7])));
  const y1 = Math.min(comp.y1, Math.ceil(Math.max(q[1], q[3], q[5], q[7])));
  let n = 0;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (labels[y * w + x] === label && pointInQuad(q, x, y)) n++;
  return n;
}

/**
 * The two documents of a region holding the edge quad of one lying over the other (paperBeside):
 * the edge quad, then the paper beside it. The upper document may reach out of the region (its
 * far end in shadow), so one edge quad a fair share of which is the region's paper is enough.
 */
function overAndBeside(reg: Region, found: readonly EdgeQuad[], w: number, h: number, o: DocumentOptions): [Quad8, Quad8] | null {
  const over = found.filter((e) => regionPixelsIn(reg, e.quad, w) >= o.minBesideOverlap * e.area);
  if (over.length !== 1) return null;
  const beside = paperBeside(reg, over[0].quad, w, h, o);
  return beside ? [over[0].quad, beside] : null;
}

/**
 * Whether a side of `b` lies on the line of a side of `a` (both ends within `tol` px of it) with
 * both quads on the same side of that line: one document's side running on, not a cut between two.
 */
export function sharesSideLine(a: Quad8, b: Quad8, tol: number): boolean {
  return sideLinesShared(a, b, tol) > 0;
}

/** How many side lines of `a` a side of `b` lies on, both quads on the same side of it (see sharesSideLine). */
export function sideLinesShared(a: Quad8, b: Quad8, tol: number): number {
  const ca = quadCentre(a);
  const cb = quadCentre(b);
  let shared = 0;
  for (let i = 0; i < 4; i++) {
    const ax = a[i * 2];
    const ay = a[i * 2 + 1];
    const dx = a[(i * 2 + 2) % 8] - ax;
    const dy = a[(i * 2 + 3) % 8] - ay;
    const len = Math.hypot(dx, dy);
    if (len === 0) continue;
    const off = (x: number, y: number): number => (dx * (y - ay) - dy * (x - ax)) / len;
    if (Math.sign(off(ca.x, ca.y)) !== Math.sign(off(cb.x, cb.y))) continue;
    for (let j = 0; j < 4; j++) {
      const k = (j + 1) % 4;
      if (Math.abs(off(b[j * 2], b[j * 2 + 1])) <= tol && Math.abs(off(b[k * 2], b[k * 2 + 1])) <= tol) {
        shared++;
        break;
      }
    }
  }
  return shared;
}

/**
 * Least backing of every side for an edge quad beside the regions to be a document. A quad of ID-1
 * proportions needs less: a pale card on a grey desk under uneven light loses one side's contrast
 * where the desk is lit as bright as the card (seed 603 image 41: 64 % of a side), and no printed
 * frame or desk object of those proportions closes four straight steps that firmly on the others.
 */
function loneSupportNeeded(e: EdgeQuad, o: DocumentOptions): number {
  // A card closed from three firm sides (card-closing.ts) has passed a stricter test already.
  if (e.weakCardSide) return 0;
  const a = aspect(quadPointsOf(e.quad));
  const card = a >= o.loneCardAspect[0] && a <= o.loneCardAspect[1];
  return card ? o.minLoneCardSupport : o.minLoneEdgeSupport;
}

/**
 * Share of a wedge or strip region an edge quad must hold to be its sheet. A shadow across a
 * sheet near the frame's border merges the sheet's lit part with the lit surface beside it: the
 * wedge then reaches out of the sheet, and the quad holds less of it (dev seed 1205 image 53: a
 * receipt's lit corner and the desk above it). A quad backed on every side as firmly as a lone
 * document's is a sheet's own border, and holding half the wedge is enough for it.
 */
function wedgeShareNeeded(e: EdgeQuad, o: DocumentOptions): number {
  return e.minSupport >= o.minLoneEdgeSupport ? o.minFirmWedgeEnclosedShare : o.minWedgeEnclosedShare;
}

/**
 * The photo print a lone bright patch lies in. A print's picture is no paper to the mask: only a
 * bright thing in the scene (a white car, a sky) becomes a region, and it may be a twentieth of
 * the print (session 14's held-out 查勘照片 on a dark desk came back as the car's box). The print's
 * own border is a rectangle stepped on all four sides, far larger than the patch. It is taken
 * for the patch when its sides are backed on nearly all their length (`minPrintSupport`), the
 * patch closes no edge quad of its own (a sheet lying on a dark folder has four straight sides),
 * and no other region lies in it (two cards on one tray stay two).
 */
function printAround(n: number, regions: readonly Quad8[], found: readonly EdgeQuad[], o: DocumentOptions): EdgeQuad | undefined {
  const rp = quadPointsOf(regions[n]);
  const regionArea = quadArea(regions[n]);
  if (found.some((e) => convexOverlap(quadPointsOf(e.quad), rp) >= o.minEdgeQuadInside * e.area)) return undefined;
  return found.find((e) => {
    if (e.minSupport < o.minPrintSupport || e.area <= o.maxEnclosingGrowth * regionArea) return false;
    const ep = quadPointsOf(e.quad);
    if (convexOverlap(ep, rp) < o.minEnclosedShare * regionArea) return false;
    return regions.every((q, m) => m === n || convexOverlap(ep, quadPointsOf(q)) <= o.maxLoneEdgeOverlap * quadArea(q));
  });
}

/**
 * Reconciles the paper mask's regions with the documents found by their edges. A region holding
 * two or more edge quads is replaced by them: overlapping cards, or cards lying side by side on
 * other papers, are one bright region to the mask but keep a straight border each. A region
 * holding one edge quad or none stays as the mask found it (a page with a coloured band or a photo
 * keeps its one region). An edge quad clear of every region, and well backed on all four sides, is
 * a document the mask missed (a grey card on a pale cloth), unless the mask found nothing but the
 * whole frame.
 */
function splitByEdges(regions: readonly Quad8[], work: RgbImage, o: DocumentOptions, wholeFrame: boolean, found: readonly EdgeQuad[], settled: readonly boolean[] = [], sources: readonly (Region | null)[] = []): Quad8[] {
  if (found.length === 0) return [...regions];
  const out: Quad8[] = [];
  // Regions kept as the mask found them: a sheet's lit part may be one (shadedRest below).
  const lit = new Set<Quad8>();
  for (const [n, region] of regions.entries()) {
    // A document the outline split gave is closed by its own sides already.
    if (settled[n]) {
      out.push(region);
      continue;
    }
    const rp = quadPointsOf(region);
    const inside = found.filter((e) => convexOverlap(quadPointsOf(e.quad), rp) >= o.minEdgeQuadInside * e.area);
    if (inside.length >= 2) {
      out.push(...inside.map((e) => e.quad));
      continue;
    }
    const source = sources[n];
    const pair = source ? overAndBeside(source, found, work.width, work.height, o) : null;
    if (pair) {
      out.push(...pair);
      continue;
    }
    // A region that a shadow's edge or a lit patch cut short lies within one edge quad larger than
    // itself: the quad is the whole sheet, and holds everything the region held.
    const regionArea = quadArea(region);
    const around = found.find((e) => e.area >= o.minEnclosingGrowth * regionArea && e.area <= o.maxEnclosingGrowth * regionArea && convexOverlap(quadPointsOf(e.quad), rp) >= o.minEnclosedShare * regionArea);
    // A shadow's straight edge across a sheet leaves its lit part a wedge, no document's shape:
    // then the edge quad holding most of it is the sheet, however much larger (no card lying on a
    // sheet is a wedge, so the bounds above need not guard it).
    // A strip of a sheet (its lit edge, the rest in a shadow as dark as the surface) is no
    // document's shape either: the same holds for it.
    const sheet = around ?? (isWedge(region, o) || isSliver(region, o) ? found.find((e) => e.area >= o.minEnclosingGrowth * regionArea && convexOverlap(quadPointsOf(e.quad), rp) >= wedgeShareNeeded(e, o) * regionArea) : undefined) ?? printAround(n, regions, found, o);
    const kept = sheet && !wholeFrame ? sheet.quad : region;
    if (kept === region) lit.add(region);
    out.push(kept);
  }
  if (!wholeFrame) {
    for (const e of found) {
      if (e.minSupport < loneSupportNeeded(e, o)) continue;
      const ep = quadPointsOf(e.quad);
      const clear = out.every((q) => convexOverlap(ep, quadPointsOf(q)) <= o.maxLoneEdgeOverlap * Math.min(e.area, quadArea(q)));
      if (!clear) continue;
      // The shaded rest of a region's sheet, cut off by a shadow's straight edge (src/image/shaded-part.ts).
      const tol = o.besideCollinearity * Math.max(work.width, work.height);
      let joined = false;
      for (let k = 0; k < out.length && !joined; k++) {
        const sheet = lit.has(out[k]) ? shadedRest(work, out[k], e.quad, tol, o.minPaperStep) : null;
        if (sheet) {
          out[k] = sheet;
          joined = true;
        }
      }
      if (!joined) out.push(e.quad);
    }
  }
  return withoutTwins(out, o).slice(0, o.maxDocuments);
}

/** The documents of an image, in reading order (top to bottom, then left to right). Never empty. */
export function locateDocuments(image: RgbImage, options: Partial<DocumentOptions> = {}): LocatedDocument[] {
  const o = { ...DEFAULT_DOCUMENT_OPTIONS, ...options };
  if (image.width < 8 || image.height < 8) return [wholeImage(image)];
  const { image: work, scale } = downscaleTo(image, workLongerSide(image.width, image.height, o.workSide, o.maxWorkStretch));
  // A lined sheet under the documents is no paper of theirs (src/image/lined-surface.ts).
  const lined = linedSurface(work, { borderBand: o.ruledBorder, minBorderShare: o.minRuledBorderShare });
  const docs = locateOnWork(image, work, scale, o, lined, lined && isUnderDocuments(lined) ? lined : null);
  // Lined sheets lying in the frame joined their documents into one (src/image/sheet-margins.ts).
  return lined && comesBackWhole(docs, image, o.nearlyFillsFrame) ? onLinedSheets(work, scale, (sheets) => locateOnWork(image, work, scale, o, sheets, sheets)) ?? docs : docs;
}

/** The documents on the work image, with `surface` (a lined surface or lined sheets) taken out of the paper and `lined` handed to the edge search's ruled pass. */
function locateOnWork(image: RgbImage, work: RgbImage, scale: number, o: DocumentOptions, lined: Plane | null, surface: Plane | null): LocatedDocument[] {
  const longer = Math.max(work.width, work.height);
  // Close the gaps text leaves in the paper, fill what is enclosed, then open a little so that two
  // sheets touching by a corner, or a sheet and a bright object next to it, come apart.
  const r = Math.max(2, Math.round(longer * 0.006));
  const filled = fillHoles(close(withoutLinedSurface(paperMask(work, o), surface), r));
  const opened = dilate(erode(filled, r + 1), r + 1);
  const { labels, components } = connectedComponents(opened);
  const total = work.width * work.height;
  let steps: EdgeMap | null = null;
  const stepMap = (): EdgeMap => (steps ??= stepEdges(work, DEFAULT_EDGE_QUAD_OPTIONS));
  let edgeFound: EdgeQuad[] | null = null;
  const edgeQuadsFound = (): EdgeQuad[] => {
    if (edgeFound) return edgeFound;
    const plain = edgeQuads(work, { minAreaFraction: o.minAreaFraction }, stepMap());
    const all = [...plain, ...deskEdgeQuads(work, o, stepMap, plain, lined)];
    const kept = new Set(withoutTwins(all.map((e) => e.quad), o));
    return (edgeFound = all.filter((e) => kept.has(e.quad)));
  };
  // Documents overlapping at different angles are one region whose stepped outline is theirs
  // (src/image/outline.ts): such a region becomes its documents' quads before any notch is cut.
  const candidates = components
    .filter((c) => c.area >= o.minAreaFraction * total)
    .map((c): Region => ({ labels, label: c.label, comp: c }))
    .flatMap((reg) => (touchesBorder(reg.comp, work.width, work.height) ? brighterSheet(work, reg, o, r) ?? [reg] : [reg]))
    .flatMap((reg): Piece[] => {
      const parts = splitByOutline(reg.labels, reg.label, reg.comp, work.width, work.height, stepMap, {}, work);
      if (parts) return parts.map((quad) => ({ region: reg, quad, area: quadArea(quad) }));
      return splitNotched(reg, work.width, work.height, o, 2).map((part) => ({ region: part, quad: null, area: part.comp.area }));
    })
    .sort((a, b) => b.area - a.area);
  // Bare desk running into the frame is no document (src/image/bare-surface.ts).
  const pieces = withoutBareSurfaces(candidates, (p) => bareOnFrame(work, p)).slice(0, o.maxDocuments);
  const covered = pieces.reduce((n, s) => n + s.area, 0);
  if (pieces.length === 0 || covered >= o.fillsFrameFraction * total) {
    // Paper everywhere: cards on a desk of other papers still show their own borders.
    const split = splitByEdges([wholeQuad(work)], work, o, true, edgeQuadsFound());
    const onDesk = split.length < 2 ? cardOnDesk(edgeQuadsFound(), work.width, work.height, o) : split;
    const inRowOfFrame = onDesk.length === 0 ? frameInRow(work, stepMap, o) : onDesk;
    const docs = inRowOfFrame.length > 0 ? inRowOfFrame : sheetsOnRuledPaper(work, o, stepMap());
    return docs.length === 0 ? [wholeImage(image)] : readingOrder(docs.map((q) => finish(q, scale, image)));
  }
  const quads: Quad8[] = [];
  const settled: boolean[] = [];
  const sources: (Region | null)[] = [];
  for (const { region, quad } of pieces) {
    if (quad) {
      quads.push(quad);
      settled.push(true);
      sources.push(null);
      continue;
    }
    const { labels: lab, comp: c } = region;
    let q = regionQuad(lab, c.label, work.width, c);
    const area = quadArea(q);
    // A region that fills its quad poorly is clutter, or a sheet too rotated for the diagonal
    // extremes; its axis box is the safer answer then.
    if (area <= 0 || c.area / area < o.minSolidity || area < 0.8 * c.area) {
      const boxArea = (c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1);
      if (c.area / boxArea < o.minSolidity * 0.75) {
        // Two documents overlapping out of line make such a region too: one closes an edge quad.
        const pair = overAndBeside(region, edgeQuadsFound(), work.width, work.height, o);
        if (pair) {
          quads.push(...pair);
          settled.push(true, true);
          sources.push(null, null);
        }
        continue;
      }
      q = [c.x0, c.y0, c.x1, c.y0, c.x1, c.y1, c.x0, c.y1];
    }
    quads.push(q);
    settled.push(false);
    sources.push(region);
  }
  if (quads.length === 0) return loneEdgeDocuments(work, o, edgeQuadsFound(), scale, image);
  // The outline's documents are cut from a union at their own backed sides, like the row rules' parts.
  const cutParts = new Set<Quad8>(pieces.flatMap((p) => (p.quad ? [p.quad] : [])));
  const rowQuads = inRow(splitByEdges(quads, work, o, false, edgeQuadsFound(), settled, sources), work, stepMap, o, cutParts);
  const found = rowQuads.map((q) => finish(q, scale, image));
  // Sheets of one paper overlapping show no edge at all: their print tells them apart. A part of a
  // union already cut at an edge is one sheet: its print is not cut again (retired seed 20261175
  // image 299: a card's part of a card beside a page was cut at the card's photo).
  const docs = splitOverlaps(image, found.map((d) => d.quad), o.maxDocuments, {}, rowQuads.map((q) => cutParts.has(q))).flatMap((parts, n) => (parts.length === 1 ? [found[n]] : parts.map((q) => boxed(q, image))));
  // One sheet whose box nearly fills the frame: its corners are often out of frame or guessed
  // from a bleeding edge, and a warp on a wrong quad cuts text; the whole image loses nothing.
  // A solid sheet clear of every border, though, has all four corners in view: the whole image
  // would hand the quality scorers the surface around it as if it were the page's own margin.
  if (docs.length === 1) {
    // A bright patch of a photo print that fills the frame (src/image/picture-patch.ts).
    if (isPicturePatch(work, docs[0].quad.map((v) => v * scale) as Quad8)) return [wholeImage(image)];
    const [x0, y0, x1, y1] = docs[0].bbox;
    const sheet = pieces.length === 1 && pieces[0].quad === null ? pieces[0].region : null;
    const clear = sheet !== null && !runsAlongBorder(sheet, work.width, work.height) && solidSheet(sheet, work.width, o);
    if (!clear && (x1 - x0 + 1) * (y1 - y0 + 1) >= o.nearlyFillsFrame * image.width * image.height) {
      const row = frameInRow(work, stepMap, o);
      return row.length === 0 ? [wholeImage(image)] : readingOrder(row.map((q) => finish(q, scale, image)));
    }
  }
  return readingOrder(docs);
}

/**
 * Documents lying on a lined sheet (a pad, an exercise book, another form's ruled page) that
 * runs out of the frame. Its rules crowd the Hough space with parallel steps, and where a card
 * lies on it as bright as its paper, the card's side is only where the rules stop. So, when rules
 * reach the frame's border, edge quads are sought once more on the step edges with the lined
 * surface's border added and its rules taken out (withRuleEnds), and those clear of every quad
 * of the plain search (sharing at most `maxOverlap` of the smaller) are added: this adds
 * documents, it never replaces one. Only the ruled texture connected to the frame's border is
 * the surface: a form's own ruled table (a passbook's rows) keeps within its margins, and a side
 * along it is the table's rule, not a document's border (dev seed 1500 image 45 lost its
 * passbook to its table's half with the whole texture). Such a quad must owe one side to the
 * rules (>= `minSideAlongRules` of it next to the surface), and be no more than
 * `maxRuledShareOfSheet` ruled (the lined sheet itself).
 */
export function deskEdgeQuads(work: RgbImage, o: DocumentOptions, stepMap: () => EdgeMap, plain: readonly EdgeQuad[], lined?: Plane | null): EdgeQuad[] {
  // The lined surface, when the caller has it already (the paper mask took it out), is not sought twice.
  const surface = lined === undefined ? linedSurface(work, { borderBand: o.ruledBorder, minBorderShare: o.minRuledBorderShare }) : lined;
  if (!surface) return [];
  const map = withRuleEnds(stepMap(), surface);
  return edgeQuads(work, { minAreaFraction: o.minAreaFraction, refineLines: true }, map).filter((e) => {
    if (ruledShareIn(surface, e.quad) > o.maxRuledShareOfSheet || sideAlongRules(surface, e.quad, 3) < o.minSideAlongRules) return false;
    const ep = quadPointsOf(e.quad);
    return plain.every((p) => convexOverlap(ep, quadPointsOf(p.quad)) <= DEFAULT_EDGE_QUAD_OPTIONS.maxOverlap * Math.min(e.area, p.area));
  });
}

/**
 * Paper over the whole frame and no edge quads to tell its sheets apart: the paper may be a ruled
 * pad or exercise book with cards on it, of its own brightness, whose sides are only where the
 * rules stop (src/image/ruled-desk.ts). With those borders added to the step edges, the cards
 * close as edge quads, and are taken as the whole-frame branch takes edge quads. Measured only
 * here, where the frame would otherwise be returned whole, and only when rules reach the border.
 */
function sheetsOnRuledPaper(work: RgbImage, o: DocumentOptions, steps: EdgeMap): Quad8[] {
  // Closed a little: where the window falls between two rules, the texture breaks for a row, and
  // that break's border is no side of anything.
  // A pad under the documents runs out of the frame; a form's printed table, ruled as densely,
  // keeps within the page's margins (dev seed 1300: 20 of 80 frame-filling scans were >= 3 %
  // ruled, none along the border). The border is looked at first, alone: it is cheap.
  const band = borderBandWidth(work.width, work.height, o.ruledBorder);
  if (ruledBorderShare(close(ruledTexture(work, {}, band), 2), o.ruledBorder) < o.minRuledBorderShare) return [];
  const rules = close(ruledTexture(work), 2);
  const map = withRuleEnds(steps, rules);
  const all = edgeQuads(work, { minAreaFraction: o.minAreaFraction, refineLines: true }, map);
  const kept = new Set(withoutTwins(all.map((e) => e.quad), o));
  // A ruled block closed by its own margins is the pad, not a card on it.
  const found = all.filter((e) => kept.has(e.quad) && ruledShareIn(rules, e.quad) <= o.maxRuledShareOfSheet);
  const split = splitByEdges([wholeQuad(work)], work, o, true, found);
  return split.length < 2 ? cardOnDesk(found, work.width, work.height, o) : split;
}

/**
 * No region of the mask is a sheet (each too ragged: a card half in a shadow, a lit patch of the
 * desk merged into it), yet a document closed by four firm edges may lie there: such edge quads
 * (those splitByEdges would add beside regions) are the documents, and the whole image only when
 * there are none. Seed 603 image 60: a card on wood whose edges were all found came back as the
 * whole photo because the card beside it, cut by the frame, was a ragged region.
 */
function loneEdgeDocuments(work: RgbImage, o: DocumentOptions, found: readonly EdgeQuad[], scale: number, image: RgbImage): LocatedDocument[] {
  const lone = splitByEdges([], work, o, false, found);
  return lone.length === 0 ? [wholeImage(image)] : readingOrder(lone.map((q) => finish(q, scale, image)));
}

/**
 * Paper over the whole frame and a single edge quad in it: when that quad has a card's proportions
 * and is too large for a portrait or a box printed on a page, it is a card lying on a desk of
 * papers (or on a page). The paper beside it, when a document-sized strip of the frame, is the
 * page it lies on or beside (cut by the frame: no edge quad closes it). Returns [] otherwise (the
 * whole image is the document).
 */
export function cardOnDesk(found: readonly EdgeQuad[], w: number, h: number, o: DocumentOptions = DEFAULT_DOCUMENT_OPTIONS): Quad8[] {
  if (found.length !== 1) return [];
  const card = found[0];
  const a = aspect(quadPointsOf(card.quad));
  if (a < o.deskCardAspect[0] || a > o.deskCardAspect[1] || card.area < o.minDeskCardShare * w * h) return [];
  // Only with a page beside it: a card-shaped quad alone in a frame full of paper is as often the
  // printed border of a scanned certificate filling the frame (dev seed 843: three such scans lost
  // their cut-by-the-frame verdict to the inset quad), and the whole image loses nothing there.
  const rest = besideStrip(card.quad, w, h);
  return rest && rest.area >= o.minDeskRestShare * w * h ? [card.quad, rest.quad] : [];
}

/** The largest axis-aligned strip of the frame left of, right of, above or below a quad's box. */
function besideStrip(q: Quad8, w: number, h: number): { quad: Quad8; area: number } | null {
  const xs = [q[0], q[2], q[4], q[6]];
  const ys = [q[1], q[3], q[5], q[7]];
  const x0 = Math.max(0, Math.min(...xs));
  const x1 = Math.min(w - 1, Math.max(...xs));
  const y0 = Math.max(0, Math.min(...ys));
  const y1 = Math.min(h - 1, Math.max(...ys));
  const strips: Quad8[] = [
    [0, 0, x0, 0, x0, h - 1, 0, h - 1],
    [x1, 0, w - 1, 0, w - 1, h - 1, x1, h - 1],
    [0, 0, w - 1, 0, w - 1, y0, 0, y0],
    [0, y1, w - 1, y1, w - 1, h - 1, 0, h - 1],
  ];
  let best: { quad: Quad8; area: number } | null = null;
  for (const s of strips) {
    const area = quadArea(s);
    if (area > 0 && (!best || area > best.area)) best = { quad: s, area };
  }
  return best;
}

/**
 * Documents too long for one are two or three in a row (src/image/divide.ts): each is cut at its
 * best-backed cross lines while the image has room for more documents. The parts of every cut
 * are added to `cutParts`, when given.
 */
function inRow(quads: readonly Quad8[], work: RgbImage, steps: () => EdgeMap, o: DocumentOptions, cutParts?: Set<Quad8>): Quad8[] {
  const out: Quad8[] = [];
  quads.forEach((q, n) => {
    const room = o.maxDocuments - out.length - (quads.length - n);
    const others = quads.filter((_, m) => m !== n);
    // A row's end parts lose the bare desk beyond their end cards (src/image/bare-ends.ts); a part
    // over a document found on its own is that document and takes no room (src/image/row-found.ts).
    const rowOf = (parts: readonly Quad8[] | null): Quad8[] | null => {
      if (!parts) return null;
      const fresh = newRowParts(trimBareEnds(work, parts, steps()), others);
      return fresh.length > 0 && fresh.length - 1 <= room ? fresh : null;
    };
    const three = rowOf(divideIntoThree(q, steps()));
    const pair = three ? null : rowOf(divideLongQuad(q, steps()));
    // Three cards overlapping by a quarter measure as much as two in a row (divideCrowdedRow).
    const crowded = !three && !pair && room >= 2 ? rowOf(divideCrowdedRow(q, steps())) : null;
    const row = three ?? pair ?? crowded;
    // Two sheets of no row's length, side by side or overlapping (src/image/merged-pair.ts).
    const merged = !row && room >= 1 ? divideMergedPair(q, steps(), {}, { differentStock: (parts) => papersBesideCutsDiffer(work, parts) }) : null;
    out.push(...(row ?? merged ?? [q]));
    for (const part of row ?? merged ?? []) cutParts?.add(part);
  });
  return out;
}

/**
 * The frame itself as documents in a row: cards laid edge to edge and photographed (or cropped)
 * to their row fill a frame of two or three cards' proportions, and where the desk is as pale as
 * the cards no region or edge quad tells them apart (dev seed 1316 image 65: two ID-1 cards in a
 * 3:1 frame came back as one document). The same cut as for a found quad too long for one
 * (src/image/divide.ts: a backed cross line, document-shaped parts) divides the frame, when the
 * parts are different stock as well (src/image/frame-row.ts); [] otherwise (most frames have a
 * photo's proportions and are never tried).
 */
function frameInRow(work: RgbImage, steps: () => EdgeMap, o: DocumentOptions): Quad8[] {
  const parts = inRow([wholeQuad(work)], work, steps, o);
  // The paper beside each cut is the documents' own: their boxes may be mostly the papers around them (src/image/cut-sides.ts).
  return parts.length > 1 && (neighboursDiffer(work, parts) || papersBesideCutsDiffer(work, parts)) ? parts : [];
}

/** Top to bottom, then left to right within a row. */
function readingOrder(docs: LocatedDocument[]): LocatedDocument[] {
  docs.sort((a, b) => {
    const ay = (a.bbox[1] + a.bbox[3]) / 2;
    const by = (b.bbox[1] + b.bbox[3]) / 2;
    const rowTol = Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]) / 2;
    if (Math.abs(ay - by) > rowTol) return ay - by;
    return a.bbox[0] - b.bbox[0];
  });
  return docs;
}
