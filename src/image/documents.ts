/**
 * Finds the documents in an upload: one page filling a scan, or one to three papers photographed on
 * a table, cloth or other background. Paper is bright and nearly colourless; a background that
 * differs from it separates the sheets. Each sheet's four corners come from the extreme points of
 * its region along the diagonals, which follows perspective and moderate rotation. When nothing
 * separates from the background, the whole image is the document: a decodable image always yields
 * at least one.
 */
import type { Quad8 } from '../ocr/types.js';
import { close, connectedComponents, downscaleTo, erode, dilate, histogram, otsuThreshold, type Plane } from './ops.js';
import type { RgbImage } from './types.js';

export interface LocatedDocument {
  /** Corners clockwise from top-left, in image pixels. */
  readonly quad: Quad8;
  /** Axis box [x0, y0, x1, y1] of the quad, clamped to the image. */
  readonly bbox: [number, number, number, number];
}

export interface DocumentOptions {
  readonly workSide: number;
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
  /** Saturation above which a pixel unlike the surface is coloured print (a card's header band). */
  readonly minBandSaturation: number;
}

export const DEFAULT_DOCUMENT_OPTIONS: DocumentOptions = {
  workSide: 480,
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
  const out = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    if (value[i] > t && sat[i] <= o.maxPaperSaturation) out[i] = 1;
    else if (sat[i] > o.minBandSaturation && value[i] > 40 && !surface[binOf(img.data[j], img.data[j + 1], img.data[j + 2])]) out[i] = 1;
  }
  return { data: out, width: img.width, height: img.height };
}

/** Fills the holes of a mask (text, photos, stamps inside a sheet): what the border cannot reach. */
function fillHoles(mask: Plane): Plane {
  const { width: w, height: h } = mask;
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (p: number): void => {
    if (!mask.data[p] && !outside[p]) {
      outside[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (stack.length > 0) {
    const p = stack.pop() as number;
    const x = p % w;
    const y = (p - x) / w;
    if (x > 0) push(p - 1);
    if (x < w - 1) push(p + 1);
    if (y > 0) push(p - w);
    if (y < h - 1) push(p + w);
  }
  const out = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) out[i] = outside[i] ? 0 : 1;
  return { data: out, width: w, height: h };
}

function quadArea(q: Quad8): number {
  let a = 0;
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    a += q[i * 2] * q[j * 2 + 1] - q[j * 2] * q[i * 2 + 1];
  }
  return Math.abs(a) / 2;
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

function finish(q: Quad8, scale: number, image: RgbImage): LocatedDocument {
  const mx = image.width - 1;
  const my = image.height - 1;
  const quad = q.map((v, i) => Math.round(Math.min(i % 2 === 0 ? mx : my, Math.max(0, (v + 0.5) / scale)))) as Quad8;
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  return { quad, bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
}

/** The documents of an image, in reading order (top to bottom, then left to right). Never empty. */
export function locateDocuments(image: RgbImage, options: Partial<DocumentOptions> = {}): LocatedDocument[] {
  const o = { ...DEFAULT_DOCUMENT_OPTIONS, ...options };
  if (image.width < 8 || image.height < 8) return [wholeImage(image)];
  const { image: work, scale } = downscaleTo(image, o.workSide);
  const longer = Math.max(work.width, work.height);
  // Close the gaps text leaves in the paper, fill what is enclosed, then open a little so that two
  // sheets touching by a corner, or a sheet and a bright object next to it, come apart.
  const r = Math.max(2, Math.round(longer * 0.006));
  const filled = fillHoles(close(paperMask(work, o), r));
  const opened = dilate(erode(filled, r + 1), r + 1);
  const { labels, components } = connectedComponents(opened);
  const total = work.width * work.height;
  const sheets = components
    .filter((c) => c.area >= o.minAreaFraction * total)
    .sort((a, b) => b.area - a.area)
    .slice(0, o.maxDocuments);
  const covered = sheets.reduce((n, c) => n + c.area, 0);
  if (sheets.length === 0 || covered >= o.fillsFrameFraction * total) return [wholeImage(image)];
  const docs: LocatedDocument[] = [];
  for (const c of sheets) {
    let q = regionQuad(labels, c.label, work.width, c);
    const area = quadArea(q);
    // A region that fills its quad poorly is clutter, or a sheet too rotated for the diagonal
    // extremes; its axis box is the safer answer then.
    if (area <= 0 || c.area / area < o.minSolidity || area < 0.8 * c.area) {
      const boxArea = (c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1);
      if (c.area / boxArea < o.minSolidity * 0.75) continue;
      q = [c.x0, c.y0, c.x1, c.y0, c.x1, c.y1, c.x0, c.y1];
    }
    docs.push(finish(q, scale, image));
  }
  if (docs.length === 0) return [wholeImage(image)];
  // One sheet whose box nearly fills the frame: its corners are often out of frame or guessed
  // from a bleeding edge, and a warp on a wrong quad cuts text; the whole image loses nothing.
  if (docs.length === 1) {
    const [x0, y0, x1, y1] = docs[0].bbox;
    if ((x1 - x0 + 1) * (y1 - y0 + 1) >= o.nearlyFillsFrame * image.width * image.height) return [wholeImage(image)];
  }
  docs.sort((a, b) => {
    const ay = (a.bbox[1] + a.bbox[3]) / 2;
    const by = (b.bbox[1] + b.bbox[3]) / 2;
    const rowTol = Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]) / 2;
    if (Math.abs(ay - by) > rowTol) return ay - by;
    return a.bbox[0] - b.bbox[0];
  });
  return docs;
}
