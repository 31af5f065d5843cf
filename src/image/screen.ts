/**
 * Traces a capture process leaves on blank paper, measured on the upload's own pixels (not on a
 * resampled crop: resampling averages away the fine patterns these tests look for, and a warp
 * would turn the JPEG block grid into a pattern of its own):
 * - moiré: a photo of a screen overlays the page with a periodic ripple (the camera's pixel grid
 *   beating against the screen's). Averaged over many blank patches, the power spectrum of paper
 *   is flat (sensor noise) except at that ripple's frequency, whose peak stands far above the rest.
 * - neutrality: a grey-scale copy or scan has no chroma at all; a camera's or a colour scanner's
 *   picture of a black-and-white page still shows a faint cast on its paper.
 * - grain: the pixel-level noise of blank paper at full resolution (a copier's toner noise).
 */
import type { Quad8 } from '../ocr/types.js';
import { pointInQuad } from './geometry.js';
import type { RgbImage } from './types.js';

/** Side of the square patches whose spectra are averaged (a power of two). */
const PATCH = 32;
/** Patches sampled at most per document: enough for a stable average, cheap on a large page. */
const MAX_PATCHES = 96;
/** Paper patches: every pixel at least this bright and the patch this flat (max - min). */
const PAPER_MIN = 120;
const PAPER_SPAN = 60;
/** Grey levels of noise (standard deviation) below which paper counts as clean. */
const NOISE_FLOOR = 2;

export interface PaperTraits {
  /** Blank patches found (0: nothing measured, the other fields are 0). */
  readonly patches: number;
  /** Highest mid-frequency spectral peak over the band's median power (~1-3 for plain paper). */
  readonly moirePeak: number;
  /** Mean chroma (max - min channel) of the paper pixels. */
  readonly paperChroma: number;
  /** Mean absolute 4-neighbour Laplacian of the paper pixels. */
  readonly grain: number;
  /** Isolated dark dots (toner specks) per million pixels of the document's box. */
  readonly specks: number;
}

const HANN = ((): Float64Array => {
  const w = new Float64Array(PATCH * PATCH);
  for (let y = 0; y < PATCH; y++) {
    for (let x = 0; x < PATCH; x++) {
      w[y * PATCH + x] = (0.5 - 0.5 * Math.cos((2 * Math.PI * (x + 0.5)) / PATCH)) * (0.5 - 0.5 * Math.cos((2 * Math.PI * (y + 0.5)) / PATCH));
    }
  }
  return w;
})();

/** In-place radix-2 FFT of a complex sequence of length n (power of two). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = Math.cos(ang * k);
        const wi = Math.sin(ang * k);
        const a = i + k;
        const b = a + len / 2;
        const xr = re[b] * wr - im[b] * wi;
        const xi = re[b] * wi + im[b] * wr;
        re[b] = re[a] - xr;
        im[b] = im[a] - xi;
        re[a] += xr;
        im[a] += xi;
      }
    }
  }
}

/**
 * Power spectrum of a PATCH x PATCH block (mean removed), normalised to unit power over the band
 * and added into `acc`: every patch weighs the same, so one patch crossed by a faint rule (whose
 * spectrum is a strong line) does not dominate, while a ripple present in every patch adds up.
 */
function addPowerSpectrum(block: Float64Array, acc: Float64Array): void {
  const n = PATCH;
  let mean = 0;
  for (let i = 0; i < block.length; i++) mean += block[i];
  mean /= block.length;
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  // A Hann window: the patch's borders would otherwise leak power along the axes.
  for (let i = 0; i < block.length; i++) re[i] = (block[i] - mean) * HANN[i];
  const rr = new Float64Array(n);
  const ri = new Float64Array(n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      rr[x] = re[y * n + x];
      ri[x] = im[y * n + x];
    }
    fft(rr, ri);
    for (let x = 0; x < n; x++) {
      re[y * n + x] = rr[x];
      im[y * n + x] = ri[x];
    }
  }
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      rr[y] = re[y * n + x];
      ri[y] = im[y * n + x];
    }
    fft(rr, ri);
    for (let y = 0; y < n; y++) re[y * n + x] = rr[y] * rr[y] + ri[y] * ri[y];
  }
  let total = 0;
  for (let i = 0; i < re.length; i++) if (inBand(i)) total += re[i];
  // Sensor-free paper (a clean render) has almost no power: a floor of one grey level of noise
  // keeps its rounding errors from looking like a spectrum.
  total = Math.max(total, n * n * BAND_BINS * NOISE_FLOOR * NOISE_FLOOR);
  for (let i = 0; i < re.length; i++) if (inBand(i)) acc[i] += re[i] / total;
}

/**
 * Whether spectrum bin i (row v, column u) is in the mid-frequency band. The band leaves out the
 * lowest frequencies (light falloff, shadows, the patch's own gradient) and the bins of the 8-px
 * JPEG block grid, which every JPEG shows.
 */
function inBandAt(u: number, v: number): boolean {
  const n = PATCH;
  const fu = u <= n / 2 ? u : n - u;
  const fv = v <= n / 2 ? v : n - v;
  const r = Math.hypot(fu, fv);
  if (r < 3 || r > n / 2 - 1) return false;
  // The axes carry the edges of rules and print that cross a patch; the grid of 8-px JPEG blocks.
  if (fu === 0 || fv === 0) return false;
  return !(fu % (n / 8) === 0 && fv % (n / 8) === 0);
}

const BAND = ((): Uint8Array => {
  const m = new Uint8Array(PATCH * PATCH);
  for (let v = 0; v < PATCH; v++) for (let u = 0; u < PATCH; u++) m[v * PATCH + u] = inBandAt(u, v) ? 1 : 0;
  return m;
})();
const BAND_BINS = BAND.reduce((a, b) => a + b, 0);
const inBand = (i: number): boolean => BAND[i] === 1;

/** Strength of the strongest band bin of the averaged spectrum, 1 for white noise. */
function peakRatio(acc: Float64Array, patches: number): number {
  let peak = 0;
  for (let i = 0; i < acc.length; i++) if (inBand(i) && acc[i] > peak) peak = acc[i];
  // Each patch adds unit power spread over the band: white noise gives every bin 1 / BAND_BINS.
  return (peak / patches) * BAND_BINS;
}

/**
 * Measures the blank paper of the document `quad` on the upload `image`. With `onSheet`, moiré and
 * grain come only from patches whose corners it accepts (the sheet inside a quad that also holds a
 * desk and other papers, whose weave and ruled lines would pass for a screen's or a copy's
 * traces), while the chroma still comes from every blank patch: a grey-scale copy greys the
 * desk too, a camera's cast shows on it as well as on the sheet.
 */
export function paperTraits(image: RgbImage, quad: Quad8, onSheet?: (x: number, y: number) => boolean): PaperTraits {
  const { width: w, height: h, data: d } = image;
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const x1 = Math.min(w, Math.ceil(Math.max(...xs)));
  const y1 = Math.min(h, Math.ceil(Math.max(...ys)));
  const cols = Math.floor((x1 - x0) / PATCH);
  const rows = Math.floor((y1 - y0) / PATCH);
  const empty: PaperTraits = { patches: 0, moirePeak: 0, paperChroma: 0, grain: 0, specks: 0 };
  if (cols < 1 || rows < 1) return empty;
  // Visit the grid with a stride so that a large page still spreads its samples over the sheet.
  const total = cols * rows;
  const stride = Math.max(1, Math.floor(total / (MAX_PATCHES * 4)));
  const acc = new Float64Array(PATCH * PATCH);
  const block = new Float64Array(PATCH * PATCH);
  let patches = 0;
  let chroma = 0;
  let grain = 0;
  let paperPixels = 0;
  let grainPixels = 0;
  for (let k = 0; k < total && patches < MAX_PATCHES; k += stride) {
    const bx = x0 + (k % cols) * PATCH;
    const by = y0 + Math.floor(k / cols) * PATCH;
    if (!pointInQuad(quad, bx, by) || !pointInQuad(quad, bx + PATCH - 1, by + PATCH - 1) || !pointInQuad(quad, bx + PATCH - 1, by) || !pointInQuad(quad, bx, by + PATCH - 1)) continue;
    let lo = 255;
    let hi = 0;
    let c = 0;
    for (let y = 0; y < PATCH; y++) {
      let o = ((by + y) * w + bx) * 3;
      for (let x = 0; x < PATCH; x++, o += 3) {
        const r = d[o];
        const g = d[o + 1];
        const b = d[o + 2];
        const lum = (r * 299 + g * 587 + b * 114) / 1000;
        block[y * PATCH + x] = lum;
        if (lum < lo) lo = lum;
        if (lum > hi) hi = lum;
        c += Math.max(r, g, b) - Math.min(r, g, b);
      }
    }
    if (lo < PAPER_MIN || hi - lo > PAPER_SPAN) continue;
    chroma += c;
    paperPixels += PATCH * PATCH;
    if (onSheet && !(onSheet(bx, by) && onSheet(bx + PATCH - 1, by + PATCH - 1) && onSheet(bx + PATCH - 1, by) && onSheet(bx, by + PATCH - 1))) continue;
    patches++;
    for (let y = 1; y < PATCH - 1; y++) {
      for (let x = 1; x < PATCH - 1; x++) {
        const i = y * PATCH + x;
        grain += Math.abs(4 * block[i] - block[i - 1] - block[i + 1] - block[i - PATCH] - block[i + PATCH]);
        grainPixels++;
      }
    }
    addPowerSpectrum(block, acc);
  }
  if (patches === 0) return empty;
  const specks = countSpecks(image, x0, y0, x1, y1);
  return { patches, moirePeak: peakRatio(acc, patches), paperChroma: chroma / paperPixels, grain: grain / grainPixels, specks };
}

/**
 * Rings of pixels at Chebyshev distances 3 and 7 round a candidate dot: all must be paper. The
 * outer ring keeps punctuation and the dots of small print, which sit next to other characters,
 * from counting as specks.
 */
const SPECK_RING = 7;
const RING_OFFSETS = ((): [number, number][] => {
  const out: [number, number][] = [];
  for (let dy = -SPECK_RING; dy <= SPECK_RING; dy++) {
    for (let dx = -SPECK_RING; dx <= SPECK_RING; dx++) {
      const d = Math.max(Math.abs(dx), Math.abs(dy));
      if (d === 3 || d === SPECK_RING) out.push([dx, dy]);
    }
  }
  return out;
})();

/**
 * Dots at most 5 px wide, darker than the blank paper round them by a clear step, per million
 * pixels of the box: a copier's toner specks. Printed dots (decimal points) are few per page.
 */
function countSpecks(image: RgbImage, x0: number, y0: number, x1: number, y1: number): number {
  const { width: w, data: d } = image;
  const bw = x1 - x0;
  const bh = y1 - y0;
  const r = SPECK_RING;
  if (bw <= 2 * r || bh <= 2 * r) return 0;
  // The box's grey plane, once (integer luma).
  const g = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    let o = ((y0 + y) * w + x0) * 3;
    for (let x = 0; x < bw; x++, o += 3) g[y * bw + x] = (d[o] * 77 + d[o + 1] * 150 + d[o + 2] * 29) >> 8;
  }
  const ring = RING_OFFSETS.map(([dx, dy]) => dy * bw + dx);
  let n = 0;
  for (let y = r; y < bh - r; y++) {
    for (let x = r; x < bw - r; x++) {
      const i = y * bw + x;
      const c = g[i];
      if (c > 200) continue;
      // The darkest pixel of its 3x3 neighbourhood, first in scan order: one count per dot.
      if (g[i - bw - 1] <= c || g[i - bw] <= c || g[i - bw + 1] <= c || g[i - 1] <= c) continue;
      if (g[i + 1] < c || g[i + bw - 1] < c || g[i + bw] < c || g[i + bw + 1] < c) continue;
      let lo = 255;
      for (const k of ring) {
        const v = g[i + k];
        if (v < lo) {
          lo = v;
          if (lo < 170) break;
        }
      }
      if (lo >= 170 && lo - c >= SPECK_STEP) n++;
    }
  }
  return (n * 1e6) / (bw * bh);
}

/** Least step between a speck and the paper round it. */
const SPECK_STEP = 30;
