/**
 * Whether the sheet in the middle of a photo reaches the frame, when the locator handed back the
 * whole photo as the document (a sheet nearly filling the frame, on a desk or over other papers).
 *
 * The sheet is grown from its middle over smooth paper: a change of colour within a few pixels
 * (the sheet's edge against the desk or against another paper under it, blurred or not) stops the
 * growth, while light falling off or a soft shadow across the sheet, which change slowly, do not. Print
 * would stop it too, so thin dark marks are first closed over (a grey-level closing). A sheet that
 * grows out to the frame runs out of the photo there; one that stays clear of it is whole.
 */
import { connectedComponents, dilate, erode, type Plane } from './ops.js';
import type { RgbImage } from './types.js';

export interface SheetExtentSettings {
  /** Radius of the closing that removes print (share of the longer side, at least 2 px). */
  readonly closeShare: number;
  /**
   * Colour distance from the paper's colour where the growth came from beyond which it stops.
   * That colour follows the paper slowly (`follow` of each new pixel): a blurred edge changes
   * faster than it follows, light falling off or a soft shadow slower.
   */
  readonly paperDrift: number;
  readonly follow: number;
  /**
   * Colour change across `edgeSpan` pixels on either side that makes a pixel part of an edge, which
   * the growth does not enter: a blurred edge between two papers of close colours is such a change
   * spread over a few pixels, a shadow or light falling off changes less over the same span.
   */
  readonly edgeStep: number;
  readonly edgeSpan: number;
  /** Side (share of each dimension) of the middle box the seeds are taken from. */
  readonly seedBox: number;
  /** Share of the picture the grown sheet must cover to be the sheet (less: print boxed it in). */
  readonly minShare: number;
  /** Radius of the opening that parts the sheet from a paper under it where the growth slipped along their edge. */
  readonly openRadius: number;
  /** Frame pixels the sheet must reach on one side for it to run out there. */
  readonly minContact: number;
}

export const SHEET_EXTENT_SETTINGS: SheetExtentSettings = {
  closeShare: 0.006,
  paperDrift: 10,
  follow: 0.5,
  edgeStep: 10,
  edgeSpan: 2,
  seedBox: 0.2,
  minShare: 0.3,
  openRadius: 2,
  minContact: 3,
};

export type SheetExtent = 'inside' | 'cut' | 'unknown';

/** The grown sheet: its extent, and its pixels (1) on the picture searched, when it was found. */
export interface SheetReading {
  readonly extent: SheetExtent;
  readonly mask: Plane | null;
}

const UNKNOWN: SheetReading = { extent: 'unknown', mask: null };

/**
 * Running maximum (or minimum) over a window of radius r along every row (or column), each
 * channel on its own; the window is cut short at the picture's edge. Van Herk / Gil-Werman: the
 * line is cut into blocks of the window's width, and each output is the larger of a suffix
 * maximum of one block and a prefix maximum of the next, three comparisons a pixel whatever r.
 * A minimum is the maximum of the inverted values.
 */
function slide(src: Uint8Array, w: number, h: number, r: number, horizontal: boolean, max: boolean): Uint8Array {
  const out = new Uint8Array(src.length);
  const lines = horizontal ? h : w;
  const len = horizontal ? w : h;
  // Offsets (in bytes) of a line's first pixel and between neighbours along it.
  const lineStep = horizontal ? w * 3 : 3;
  const along = horizontal ? 3 : w * 3;
  const m = 2 * r + 1;
  // The line padded with r zeros (below any inverted or plain value's maximum) on both sides.
  const padded = len + 2 * r;
  const size = Math.ceil(padded / m) * m;
  const line = new Uint8Array(size);
  const prefix = new Uint8Array(size);
  const suffix = new Uint8Array(size);
  const flip = max ? 0 : 255;
  for (let l = 0; l < lines; l++) {
    const base = l * lineStep;
    for (let ch = 0; ch < 3; ch++) {
      line.fill(0);
      for (let i = 0; i < len; i++) line[i + r] = src[base + i * along + ch] ^ flip;
      for (let b0 = 0; b0 < size; b0 += m) {
        prefix[b0] = line[b0];
        for (let i = b0 + 1; i < b0 + m; i++) prefix[i] = line[i] > prefix[i - 1] ? line[i] : prefix[i - 1];
        suffix[b0 + m - 1] = line[b0 + m - 1];
        for (let i = b0 + m - 2; i >= b0; i--) suffix[i] = line[i] > suffix[i + 1] ? line[i] : suffix[i + 1];
      }
      // Output i covers padded positions i .. i + 2r.
      for (let i = 0; i < len; i++) {
        const a = suffix[i];
        const b = prefix[i + 2 * r];
        out[base + i * along + ch] = (a > b ? a : b) ^ flip;
      }
    }
  }
  return out;
}

/** Grey-level closing of each channel: dark marks thinner than 2r + 1 px take the paper's colour. */
function closeColour(img: RgbImage, r: number): Uint8Array {
  const { width: w, height: h } = img;
  let v = new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.length);
  v = slide(v, w, h, r, true, true);
  v = slide(v, w, h, r, false, true);
  v = slide(v, w, h, r, true, false);
  return slide(v, w, h, r, false, false);
}

/** Squared colour distance between pixels a and b. */
function stepSquared(v: Uint8Array, a: number, b: number): number {
  const dr = v[a * 3] - v[b * 3];
  const dg = v[a * 3 + 1] - v[b * 3 + 1];
  const db = v[a * 3 + 2] - v[b * 3 + 2];
  return dr * dr + dg * dg + db * db;
}

/**
 * Whether the sheet that holds the middle of `img` (a reduced upload, ~600 px) lies wholly inside
 * the frame, runs out of it, or cannot be grown out clearly (`unknown`).
 */
export function sheetExtent(img: RgbImage, s: SheetExtentSettings = SHEET_EXTENT_SETTINGS): SheetExtent {
  return findSheet(img, s).extent;
}

/**
 * Where the growth starts and how large the sheet must grow, when it is not the middle of the
 * picture: a box (pixels of `img`) on one located document, and the least area (pixels) of that
 * document's sheet.
 */
export interface SeedArea {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly minArea: number;
}

/** The middle box of the picture, and `minShare` of it as the least area. */
function middleSeedArea(w: number, h: number, s: SheetExtentSettings): SeedArea {
  return {
    x0: Math.round(w * (0.5 - s.seedBox / 2)),
    x1: Math.round(w * (0.5 + s.seedBox / 2)),
    y0: Math.round(h * (0.5 - s.seedBox / 2)),
    y1: Math.round(h * (0.5 + s.seedBox / 2)),
    minArea: s.minShare * w * h,
  };
}

/**
 * The sheet that holds the middle of `img` (or the given seed area), grown out, and whether it
 * reaches the frame.
 */
export function findSheet(img: RgbImage, s: SheetExtentSettings = SHEET_EXTENT_SETTINGS, seedArea?: SeedArea): SheetReading {
  const { width: w, height: h } = img;
  const n = w * h;
  const r = Math.max(2, Math.round(s.closeShare * Math.max(w, h)));
  if (Math.min(w, h) < 8 * r) return UNKNOWN;
  const v = closeColour(img, r);
  const luma = (p: number): number => 0.299 * v[p * 3] + 0.587 * v[p * 3 + 1] + 0.114 * v[p * 3 + 2];
  // Edge pixels: the colour `edgeSpan` px before and after differs by `edgeStep` or more.
  const edge = new Uint8Array(n);
  const k = s.edgeSpan;
  const edgeSq = s.edgeStep * s.edgeStep;
  for (let y = 0; y < h; y++) {
    const up = (y - k < 0 ? 0 : y - k) * w;
    const down = (y + k >= h ? h - 1 : y + k) * w;
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const across = stepSquared(v, y * w + (x - k < 0 ? 0 : x - k), y * w + (x + k >= w ? w - 1 : x + k));
      if (across >= edgeSq || stepSquared(v, up + x, down + x) >= edgeSq) edge[p] = 1;
    }
  }
  // Seeds: the brightest quarter of the middle box (paper, not a portrait or a dark logo), off edges.
  const area = seedArea ?? middleSeedArea(w, h, s);
  const box: number[] = [];
  for (let y = Math.max(0, Math.round(area.y0)); y < Math.min(h, Math.round(area.y1)); y++) {
    for (let x = Math.max(0, Math.round(area.x0)); x < Math.min(w, Math.round(area.x1)); x++) box.push(y * w + x);
  }
  if (box.length === 0) return UNKNOWN;
  const lumas = box.map(luma).sort((a, b) => a - b);
  const bright = lumas[Math.floor(lumas.length * 0.75)];
  const seeds = box.filter((p) => edge[p] === 0 && luma(p) >= bright);
  const inSheet = new Uint8Array(n);
  // The paper colour each grown pixel was reached with.
  const ref = new Float32Array(n * 3);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (const p of seeds) {
    inSheet[p] = 1;
    for (let ch = 0; ch < 3; ch++) ref[p * 3 + ch] = v[p * 3 + ch];
    queue[tail++] = p;
  }
  const driftSq = s.paperDrift * s.paperDrift;
  const grow = (p: number, q: number): void => {
    if (inSheet[q] === 1 || edge[q] === 1) return;
    const dr = v[q * 3] - ref[p * 3];
    const dg = v[q * 3 + 1] - ref[p * 3 + 1];
    const db = v[q * 3 + 2] - ref[p * 3 + 2];
    if (dr * dr + dg * dg + db * db > driftSq) return;
    inSheet[q] = 1;
    ref[q * 3] = ref[p * 3] + s.follow * dr;
    ref[q * 3 + 1] = ref[p * 3 + 1] + s.follow * dg;
    ref[q * 3 + 2] = ref[p * 3 + 2] + s.follow * db;
    queue[tail++] = q;
  };
  while (head < tail) {
    const p = queue[head++];
    const x = p % w;
    if (x > 0) grow(p, p - 1);
    if (x < w - 1) grow(p, p + 1);
    if (p >= w) grow(p, p - w);
    if (p + w < n) grow(p, p + w);
  }
  // Along an edge at a shallow angle to the pixel grid the partly covered pixels change a little
  // at a time, and the growth can slip along them into the paper or desk next to the sheet. Such
  // a slip is a thread a pixel or two wide: an opening cuts it, and the sheet is the part that
  // holds the seeds.
  const opened = dilate(erode({ data: inSheet, width: w, height: h }, s.openRadius), s.openRadius);
  for (let p = 0; p < n; p++) opened.data[p] &= inSheet[p];
  const { labels, components } = connectedComponents(opened);
  const seedsOf = new Map<number, number>();
  for (const p of seeds) if (labels[p] > 0) seedsOf.set(labels[p], (seedsOf.get(labels[p]) ?? 0) + 1);
  let sheetLabel = 0;
  for (const [label, count] of seedsOf) if (count > (seedsOf.get(sheetLabel) ?? 0)) sheetLabel = label;
  const sheet = components.find((c) => c.label === sheetLabel);
  if (!sheet || sheet.area < area.minArea) return UNKNOWN;
  // Frame pixels the sheet reached, side by side: left, top, right, bottom. The closing also
  // fills a strip of desk thinner than the print it removes between the sheet and the frame: only
  // frame pixels whose own colour is the sheet's count.
  const raw = img.data;
  const reached = (p: number): number => {
    if (labels[p] !== sheetLabel) return 0;
    const dr = raw[p * 3] - v[p * 3];
    const dg = raw[p * 3 + 1] - v[p * 3 + 1];
    const db = raw[p * 3 + 2] - v[p * 3 + 2];
    return dr * dr + dg * dg + db * db <= driftSq ? 1 : 0;
  };
  const mask = new Uint8Array(n);
  for (let p = 0; p < n; p++) mask[p] = labels[p] === sheetLabel ? 1 : 0;
  const contact = [0, 0, 0, 0];
  for (let y = 0; y < h; y++) {
    contact[0] += reached(y * w);
    contact[2] += reached(y * w + w - 1);
  }
  for (let x = 0; x < w; x++) {
    contact[1] += reached(x);
    contact[3] += reached((h - 1) * w + x);
  }
  return { extent: contact.some((c) => c >= s.minContact) ? 'cut' : 'inside', mask: { data: mask, width: w, height: h } };
}
