/**
 * A cheap look at a page's pixels before detection: do its text lines run across the image or
 * down it? A sideways page otherwise costs two detections (found sideways from the first one's
 * boxes, then detected again turned upright, see pipeline.ts); when this test is sure the text
 * runs down, the first detection is made turned instead, and on a right guess it is the only one.
 *
 * Method: a small grey thumbnail, ink against its local background, then projection profiles in
 * strips. Across a vertical strip of a page whose lines run across, every text line is a band of
 * inked rows with empty rows between (the line spacing); along a horizontal strip the same text
 * leaves empty columns only where gaps happen to line up over several lines (table columns,
 * margins). Counting bands both ways tells the axis. Narrow strips keep a skewed line within
 * one band; a photo too skewed, text too small for its gaps to survive the thumbnail, or a page
 * of pictures gives no clear majority, and the answer is "unsure" (the caller then detects the
 * page as given, as before). The test only proposes: the caller checks the detected boxes.
 *
 * For text running down, which way to turn (90 or 270) is a guess from the ragged edge: lines
 * start at a common margin and end where their text ends, so the side where lines begin evenly
 * is the upright page's left. A wrong guess costs what the page cost before (two detections).
 */
import type { Pixels } from '../image/warp.js';

export interface DirectionOptions {
  /** Long side of the grey thumbnail, in pixels. */
  readonly side: number;
  /** Strips per direction. */
  readonly strips: number;
  /** Bands one way must outnumber bands the other way by this factor. */
  readonly ratio: number;
  /** Bands the winning way needs, summed over its strips. */
  readonly minBands: number;
}

export const DEFAULT_DIRECTION_OPTIONS: DirectionOptions = { side: 512, strips: 8, ratio: 1.35, minBands: 16 };

export type TextDirection =
  | { readonly axis: 'across' | 'unsure' }
  /** `turn`: the clockwise turn that probably makes the page upright. */
  | { readonly axis: 'down'; readonly turn: 90 | 270 };

interface Thumbnail {
  readonly grey: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/**
 * Block-averaged grey thumbnail, (R + 2G + B) / 4. Blocks of 4 px or more are sampled every
 * other row and column: a thumbnail needs no more, and the pass over a 12-megapixel photo stays
 * a few milliseconds.
 */
function thumbnail(page: Pixels, side: number): Thumbnail {
  const f = Math.max(1, Math.ceil(Math.max(page.width, page.height) / side));
  const width = Math.max(1, Math.floor(page.width / f));
  const height = Math.max(1, Math.floor(page.height / f));
  const step = f >= 4 ? 2 : 1;
  const grey = new Uint8Array(width * height);
  const d = page.data;
  const stride = page.width * 3;
  const sums = new Uint32Array(width);
  let samples = 0;
  for (let by = 0; by < f; by += step) samples++;
  samples *= samples;
  for (let ty = 0; ty < height; ty++) {
    sums.fill(0);
    for (let dy = 0; dy < f; dy += step) {
      const row = (ty * f + dy) * stride;
      for (let tx = 0; tx < width; tx++) {
        let s = 0;
        for (let dx = 0, i = row + tx * f * 3; dx < f; dx += step, i += 3 * step) s += d[i]! + 2 * d[i + 1]! + d[i + 2]!;
        sums[tx] += s;
      }
    }
    for (let tx = 0; tx < width; tx++) grey[ty * width + tx] = sums[tx]! / (4 * samples);
  }
  return { grey, width, height };
}

/**
 * Ink: darker than its neighbourhood's mean (a box of about a sixteenth of the thumbnail's long
 * side, from an integral image) by a margin, so shading across a photo does not count as ink.
 */
function inkMask(t: Thumbnail): Uint8Array {
  const { grey, width: w, height: h } = t;
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += grey[y * w + x]!;
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1]! + row;
    }
  }
  const r = Math.max(2, Math.round(Math.max(w, h) / 32));
  const ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r), y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r), x1 = Math.min(w, x + r + 1);
      const sum = integral[y1 * (w + 1) + x1]! - integral[y0 * (w + 1) + x1]! - integral[y1 * (w + 1) + x0]! + integral[y0 * (w + 1) + x0]!;
      const mean = sum / ((y1 - y0) * (x1 - x0));
      const g = grey[y * w + x]!;
      if (g < mean - 16 && g < 0.9 * mean) ink[y * w + x] = 1;
    }
  }
  return ink;
}

export interface Profile {
  bands: number;
  /** Empty entries between the first band's start and the last band's end. */
  gaps: number;
  /** Entries from the first band's start to the last band's end. */
  extent: number;
}

/** Bands in a profile: runs of entries at or above `min` separated by entries below it. */
function bands(profile: Uint32Array, min: number, into: Profile): void {
  let inBand = false;
  let first = -1, last = -1, on = 0;
  for (let i = 0; i < profile.length; i++) {
    const isOn = profile[i]! >= min;
    if (isOn && !inBand) into.bands++;
    if (isOn) {
      if (first < 0) first = i;
      last = i;
      on++;
    }
    inBand = isOn;
  }
  if (first >= 0) {
    into.extent += last - first + 1;
    into.gaps += last - first + 1 - on;
  }
}

/**
 * Text-line bands summed over strips. `across` true: vertical strips, rows profiled (bands of
 * lines that run across); false: horizontal strips, columns profiled.
 */
function stripBands(ink: Uint8Array, w: number, h: number, strips: number, across: boolean): Profile {
  const length = across ? h : w;
  const breadth = across ? w : h;
  const n = Math.max(1, Math.min(strips, breadth));
  const total: Profile = { bands: 0, gaps: 0, extent: 0 };
  const profile = new Uint32Array(length);
  for (let s = 0; s < n; s++) {
    const b0 = Math.floor((s * breadth) / n), b1 = Math.floor(((s + 1) * breadth) / n);
    profile.fill(0);
    for (let i = 0; i < length; i++) {
      let c = 0;
      for (let b = b0; b < b1; b++) c += across ? ink[i * w + b]! : ink[b * w + i]!;
      profile[i] = c;
    }
    // A row (column) is inked when a few percent of the strip is ink: specks do not make bands.
    bands(profile, Math.max(2, Math.ceil(0.04 * (b1 - b0))), total);
  }
  return total;
}

/** Spread (interquartile range) of the listed values. */
function spread(values: number[]): number {
  if (values.length < 4) return Infinity;
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length * 0.75)]! - values[Math.floor(values.length * 0.25)]!;
}

/**
 * For text running down the image: which end its lines start from. Per inked column, the first
 * and last ink row; lines starting at a common margin give a tight spread at the start end.
 * Starting at the top means the page was turned a quarter clockwise, so it needs 270 more.
 */
function guessTurn(ink: Uint8Array, w: number, h: number): 90 | 270 {
  const tops: number[] = [], bottoms: number[] = [];
  for (let x = 0; x < w; x++) {
    let top = -1, bottom = -1;
    for (let y = 0; y < h; y++) {
      if (ink[y * w + x]) {
        if (top < 0) top = y;
        bottom = y;
      }
    }
    if (top >= 0) {
      tops.push(top);
      bottoms.push(h - 1 - bottom);
    }
  }
  return spread(tops) <= spread(bottoms) ? 270 : 90;
}

/** Whether the page's text lines run across or down the image, or no clear answer. */
export function textDirection(page: Pixels, opts: DirectionOptions = DEFAULT_DIRECTION_OPTIONS): TextDirection {
  const t = thumbnail(page, opts.side);
  if (t.width < 16 || t.height < 16) return { axis: 'unsure' };
  const ink = inkMask(t);
  const across = stripBands(ink, t.width, t.height, opts.strips, true);
  const down = stripBands(ink, t.width, t.height, opts.strips, false);
  if (Math.min(across.bands, down.bands) < opts.minBands) return { axis: 'unsure' };
  const gapAcross = across.gaps / Math.max(1, across.extent);
  const gapDown = down.gaps / Math.max(1, down.extent);
  if (gapAcross >= opts.ratio * gapDown) return { axis: 'across' };
  if (gapDown >= opts.ratio * gapAcross) return { axis: 'down', turn: guessTurn(ink, t.width, t.height) };
  return { axis: 'unsure' };
}

/** The measures behind textDirection, for tests and tuning. */
export function directionProfiles(page: Pixels, opts: DirectionOptions = DEFAULT_DIRECTION_OPTIONS): { across: Profile; down: Profile } {
  const t = thumbnail(page, opts.side);
  const ink = inkMask(t);
  return { across: stripBands(ink, t.width, t.height, opts.strips, true), down: stripBands(ink, t.width, t.height, opts.strips, false) };
}
