/**
 * Restoring an out-of-focus page before it is read. A defocused or shaken phone photo spreads
 * every ink edge over several pixels; the recogniser then confuses similar characters and the
 * detector loses small or faint lines. The blur of a whole page is close to one Gaussian, so:
 *
 * 1. its scale is measured on the page's own ink edges (estimateBlur): at a blurred step the
 *    steepest slope is the step's height over sigma·√(2π), so height / slope gives sigma;
 * 2. the page's luminance is restored by Richardson–Lucy deconvolution with a Gaussian of that
 *    sigma (deconvolveLuminance), a few iterations only, which sharpens edges without amplifying
 *    noise and JPEG blocks the way an inverse filter would;
 * 3. the colour of each pixel is kept: the luminance change is added to all three channels, so
 *    red and blue seals stay red and blue for the steps that pale them.
 */
import { luminance, type FloatPlane } from './ops.js';
import { quantile } from './printed-rule.js';
import type { RgbImage } from './types.js';

/** How the blur is measured and undone. */
export interface DeblurSettings {
  /** Half-width (px) of the window an edge's height is taken over: wider than the widest blur. */
  readonly edgeWindow: number;
  /** Smallest step height (grey levels) an edge needs to be measured: below it noise dominates. */
  readonly minEdgeHeight: number;
  /** Fewest edges a page needs for its blur to be measured at all. */
  readonly minEdges: number;
  /** Which quantile of the per-edge estimates is the page's sigma (the sharpest edges are the truest). */
  readonly sigmaQuantile: number;
  /** Measured sigma of a page in focus: print, anti-aliasing and the camera's own softness. */
  readonly clearSigma: number;
  /** Measured sigma from which a page is out of focus and restored; below it the page is read as is. */
  readonly blurredSigma: number;
  /**
   * Deconvolution iterations. Six: each one sharpens further and rings more around thin strokes
   * and points; on dev blurred invoices (s1545-1547) six read as many key fields as ten or more
   * (note codes and genders better) and four fewer, at 60 % of ten's cost.
   */
  readonly iterations: number;
  /** Largest PSF sigma deconvolved: beyond it the page is too far gone and the result only rings. */
  readonly maxSigma: number;
}

export const DEBLUR_SETTINGS: DeblurSettings = {
  edgeWindow: 12,
  minEdgeHeight: 60,
  minEdges: 200,
  sigmaQuantile: 0.3,
  clearSigma: 1,
  blurredSigma: 1.8,
  iterations: 6,
  maxSigma: 5,
};

/** A page's blur: the Gaussian sigma in image pixels, and how many edges it was measured on. */
export interface BlurEstimate {
  readonly sigma: number;
  readonly edges: number;
}

/**
 * Radii of three box filters whose succession has the variance of a Gaussian of `sigma` (boxes of
 * odd widths: some of the smaller width, the rest two wider). Three boxes are within a few per
 * cent of the Gaussian and cost the same whatever the sigma, which the deconvolution's many
 * blurs of a whole page need.
 */
export function boxRadii(sigma: number): [number, number, number] {
  const n = 3;
  const ideal = Math.sqrt((12 * sigma * sigma) / n + 1);
  let lower = Math.floor(ideal);
  if (lower % 2 === 0) lower--;
  const upper = lower + 2;
  const m = Math.round((12 * sigma * sigma - n * lower * lower - 4 * n * lower - 3 * n) / (-4 * lower - 4));
  const widths = [0, 1, 2].map((i) => (i < m ? lower : upper));
  return widths.map((wd) => Math.max(0, (wd - 1) >> 1)) as [number, number, number];
}

/** A running-sum box of radius r along each row, the edge sample repeated past the ends. */
function boxRows(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const first = src[row];
    const last = src[row + w - 1];
    let acc = (r + 1) * first;
    for (let t = 1; t <= r; t++) acc += src[row + Math.min(w - 1, t)];
    for (let x = 0; x < w; x++) {
      dst[row + x] = acc * norm;
      const add = x + r + 1 < w ? src[row + x + r + 1] : last;
      const drop = x - r >= 0 ? src[row + x - r] : first;
      acc += add - drop;
    }
  }
}

/** The same box down each column, a whole row at a time so memory is read in order. */
function boxColumns(src: Float32Array, dst: Float32Array, w: number, h: number, r: number, acc: Float64Array): void {
  const norm = 1 / (2 * r + 1);
  const lastRow = (h - 1) * w;
  for (let x = 0; x < w; x++) acc[x] = (r + 1) * src[x];
  for (let t = 1; t <= r; t++) {
    const from = Math.min(h - 1, t) * w;
    for (let x = 0; x < w; x++) acc[x] += src[from + x];
  }
  for (let y = 0; y < h; y++) {
    const out = y * w;
    const add = y + r + 1 < h ? (y + r + 1) * w : lastRow;
    const drop = y - r >= 0 ? (y - r) * w : 0;
    for (let x = 0; x < w; x++) {
      dst[out + x] = acc[x] * norm;
      acc[x] += src[add + x] - src[drop + x];
    }
  }
}

/** The plane blurred by (three boxes close to) a Gaussian of `sigma`, into `out`; `tmp` is scratch. */
export function gaussianBlur(src: Float32Array, w: number, h: number, sigma: number, out = new Float32Array(src.length), tmp = new Float32Array(src.length)): Float32Array {
  const acc = new Float64Array(w);
  let from = src;
  for (const r of boxRadii(sigma)) {
    boxRows(from, tmp, w, h, r);
    boxColumns(tmp, out, w, h, r, acc);
    from = out;
  }
  return out;
}

/**
 * Per-edge sigma estimates along one axis: at each pixel whose central-difference slope is a
 * local maximum along the axis, the step's height (max − min over ±edgeWindow) over the slope,
 * divided by √(2π). Edges lower than minEdgeHeight are skipped.
 */
function edgeSigmas(g: FloatPlane, horizontal: boolean, s: DeblurSettings, out: number[]): void {
  const { data, width: w, height: h } = g;
  const step = horizontal ? 1 : w;
  const len = horizontal ? w : h;
  const lines = horizontal ? h : w;
  const lineStep = horizontal ? w : 1;
  const R = s.edgeWindow;
  const root2pi = Math.sqrt(2 * Math.PI);
  // Every fourth line is enough for a page-wide statistic; a slope below minSlope is noise or a
  // blur wider than any this measures, and skipping it spares the window scan.
  const minSlope = s.minEdgeHeight / (root2pi * s.edgeWindow * 0.5);
  for (let l = 0; l < lines; l += 4) {
    const base = l * lineStep;
    for (let i = R; i < len - R; i++) {
      const p = base + i * step;
      const cur = Math.abs(data[p + step] - data[p - step]) / 2;
      if (cur < minSlope) continue;
      const prev = Math.abs(data[p] - data[p - 2 * step]) / 2;
      const next = Math.abs(data[p + 2 * step] - data[p]) / 2;
      if (cur <= prev || cur < next) continue;
      let lo = 255;
      let hi = 0;
      for (let t = -R; t <= R; t++) {
        const v = data[p + t * step];
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      if (hi - lo >= s.minEdgeHeight) out.push((hi - lo) / (cur * root2pi));
    }
  }
}

/** The page's blur measured on its ink edges; null when it has too few edges to say. */
export function estimateBlur(gray: FloatPlane, s: DeblurSettings = DEBLUR_SETTINGS): BlurEstimate | null {
  const sigmas: number[] = [];
  edgeSigmas(gray, true, s, sigmas);
  edgeSigmas(gray, false, s, sigmas);
  if (sigmas.length < s.minEdges) return null;
  return { sigma: quantile(sigmas, s.sigmaQuantile), edges: sigmas.length };
}

/**
 * Richardson–Lucy deconvolution with a Gaussian PSF (symmetric, so its own adjoint):
 * x ← x · G∗(y / G∗x). Multiplicative updates keep the page non-negative, and stopping after a
 * few iterations is the regularisation: noise is amplified only as the iterations grow.
 */
export function deconvolveLuminance(y: FloatPlane, sigma: number, iterations: number): FloatPlane {
  const { width: w, height: h } = y;
  const n = w * h;
  // +1 keeps black ink away from division by zero; removed at the end.
  const obs = new Float32Array(n);
  for (let i = 0; i < n; i++) obs[i] = y.data[i] + 1;
  const x = Float32Array.from(obs);
  const est = new Float32Array(n);
  const tmp = new Float32Array(n);
  const ratio = new Float32Array(n);
  for (let it = 0; it < iterations; it++) {
    gaussianBlur(x, w, h, sigma, est, tmp);
    for (let i = 0; i < n; i++) ratio[i] = obs[i] / Math.max(est[i], 1e-3);
    gaussianBlur(ratio, w, h, sigma, est, tmp);
    for (let i = 0; i < n; i++) x[i] *= est[i];
  }
  for (let i = 0; i < n; i++) x[i] -= 1;
  return { data: x, width: w, height: h };
}

/** The image with its luminance changed from `before` to `after`, colour kept. */
function withLuminance(image: RgbImage, before: FloatPlane, after: FloatPlane): RgbImage {
  const n = image.width * image.height;
  const out = Buffer.alloc(n * 3);
  const d = image.data;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const delta = after.data[i] - before.data[i];
    out[j] = clampByte(d[j] + delta);
    out[j + 1] = clampByte(d[j + 1] + delta);
    out[j + 2] = clampByte(d[j + 2] + delta);
  }
  return { data: out, width: image.width, height: image.height, channels: 3 };
}

function clampByte(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}

/** A restored page and the PSF sigma it was deconvolved with. */
export interface RestoredPage {
  readonly image: RgbImage;
  readonly sigma: number;
}

/**
 * The PSF that takes a page in focus to one measured at `measured`: Gaussians add in variance,
 * so what the defocus added is √(measured² − clear²). 0 when the page is in focus.
 */
export function defocusSigma(measured: number, s: DeblurSettings = DEBLUR_SETTINGS): number {
  if (measured < s.blurredSigma) return 0;
  return Math.sqrt(measured * measured - s.clearSigma * s.clearSigma);
}

/**
 * The page deconvolved with the Gaussian of `sigma` (what its measured blur added when not
 * given). The image itself, with sigma 0, when there is nothing to restore: a page in focus, too
 * few edges to measure, or blur past maxSigma.
 */
export function restorePage(image: RgbImage, sigma?: number, s: DeblurSettings = DEBLUR_SETTINGS): RestoredPage {
  const y = luminance(image);
  const measured = sigma === undefined ? estimateBlur(y, s)?.sigma : undefined;
  const psf = sigma ?? (measured === undefined ? 0 : defocusSigma(measured, s));
  if (!(psf > 0) || psf > s.maxSigma) return { image, sigma: 0 };
  return { image: withLuminance(image, y, deconvolveLuminance(y, psf, s.iterations)), sigma: psf };
}
