/**
 * The ring text of a round seal laid out as one straight line, for the text recogniser.
 *
 * A round seal prints its owner's name along its rim, upright characters with their tops pointing
 * outwards, read clockwise from the lower left over the top to the lower right; the bottom of the
 * ring is left open (or holds a horizontal line such as 收费专用章 further in). Sampling the band
 * between two radii along the circle (polar resampling) turns that arc into an ordinary text line:
 * the outer edge becomes the line's top, the clockwise direction its left-to-right.
 */
import { rotateRgb } from './ops.js';
import { detectSeals } from './seals.js';
import type { RgbImage } from './types.js';
import type { PageAngle, Quad8 } from '../ocr/types.js';

/** Where the ring text lies and how the strip is sampled. */
export interface SealUnwrapOptions {
  /** Outer and inner edge of the text band, as fractions of the seal's half-axes. */
  readonly outer: number;
  readonly inner: number;
  /** Height of the strip in pixels (the recogniser's line height). */
  readonly height: number;
  /** Angular bins of the ink profile that finds the ring's open bottom. */
  readonly bins: number;
  /** Share of the seal's ring pixels that must be coloured for the seal to be read by its colour. */
  readonly colouredShare: number;
}

export const DEFAULT_SEAL_UNWRAP: SealUnwrapOptions = { outer: 0.97, inner: 0.5, height: 48, bins: 120, colouredShare: 0.04 };

/** The seal's centre and half-axes, from its axis box (the detector's quad). */
export interface SealCircle {
  readonly cx: number;
  readonly cy: number;
  readonly a: number;
  readonly b: number;
}

export function circleOfQuad(quad: Quad8): SealCircle {
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, a: (x1 - x0) / 2, b: (y1 - y0) / 2 };
}

/**
 * Ink value of one pixel, 0 (paper) .. 255 (ink). A coloured seal is read by its colour alone (red
 * or blue over the other channels), so the black print it was stamped over drops out; a grey seal
 * (a photocopy) by its darkness.
 */
export type InkOf = (r: number, g: number, b: number) => number;
const colourInk: InkOf = (r, g, b) => Math.max(0, Math.max(r - Math.max(g, b), b - Math.max(r, g)) * 2);
const darkInk: InkOf = (r, g, b) => 255 - Math.min(r, g, b);

function sampler(image: RgbImage): (x: number, y: number) => [number, number, number] {
  const { data, width, height } = image;
  return (x, y) => {
    // Bilinear: the strip is sampled at sub-pixel steps along the arc.
    const xi = Math.min(width - 2, Math.max(0, Math.floor(x)));
    const yi = Math.min(height - 2, Math.max(0, Math.floor(y)));
    const fx = Math.min(1, Math.max(0, x - xi));
    const fy = Math.min(1, Math.max(0, y - yi));
    const out: [number, number, number] = [0, 0, 0];
    for (let c = 0; c < 3; c++) {
      const p = (yi * width + xi) * 3 + c;
      const top = data[p]! * (1 - fx) + data[p + 3]! * fx;
      const bottom = data[p + width * 3]! * (1 - fx) + data[p + width * 3 + 3]! * fx;
      out[c] = top * (1 - fy) + bottom * fy;
    }
    return out;
  };
}

/** Whether the seal's ink is coloured: enough strongly red or blue pixels in its text band. */
export function isColoured(image: RgbImage, s: SealCircle, o: SealUnwrapOptions): boolean {
  const at = sampler(image);
  let coloured = 0;
  let n = 0;
  for (let k = 0; k < 360; k++) {
    const psi = (k * Math.PI) / 180;
    for (let f = o.inner; f <= o.outer; f += 0.06) {
      const [r, g, b] = at(s.cx + s.a * f * Math.cos(psi), s.cy + s.b * f * Math.sin(psi));
      if (colourInk(r, g, b) > 100) coloured++;
      n++;
    }
  }
  return coloured >= n * o.colouredShare;
}

/**
 * The arc of the ring text: its start (radians, y down, 0 = right, π/2 = down) at the clockwise end
 * of the widest inkless arc of the outer band whose middle lies in the lower half, since the
 * stamp may be turned, and its clockwise span round to that gap. Without such a gap the text is
 * taken to run from the lower left to the lower right.
 */
export function ringTextArc(image: RgbImage, s: SealCircle, ink: InkOf, o: SealUnwrapOptions = DEFAULT_SEAL_UNWRAP): { start: number; span: number } {
  const at = sampler(image);
  const profile = new Float64Array(o.bins);
  for (let i = 0; i < o.bins; i++) {
    const psi = ((i + 0.5) * 2 * Math.PI) / o.bins;
    let sum = 0;
    let n = 0;
    // Only the outer part of the band: a horizontal line inside the ring's bottom stays out of it.
    for (let f = (o.inner + o.outer) / 2; f <= o.outer; f += 0.04) {
      const [r, g, b] = at(s.cx + s.a * f * Math.cos(psi), s.cy + s.b * f * Math.sin(psi));
      sum += ink(r, g, b);
      n++;
    }
    profile[i] = sum / n;
  }
  const sorted = [...profile].sort((p, q) => p - q);
  const level = sorted[Math.floor(o.bins * 0.15)]! + 0.25 * (sorted[Math.floor(o.bins * 0.85)]! - sorted[Math.floor(o.bins * 0.15)]!);
  let best: { start: number; length: number } | undefined;
  for (let i = 0; i < o.bins; i++) {
    if (profile[i]! > level || profile[(i - 1 + o.bins) % o.bins]! <= level) continue;
    let length = 0;
    while (length < o.bins && profile[(i + length) % o.bins]! <= level) length++;
    const middle = ((i + length / 2) * 2 * Math.PI) / o.bins;
    // In the lower half of the seal: sin > 0 with y down.
    if (Math.sin(middle) < 0.3) continue;
    if (!best || length > best.length) best = { start: i, length };
  }
  // A gap of most of the circle is no open bottom but a seal read as (nearly) empty.
  if (!best || best.length >= (o.bins * 3) / 4) return { start: (3 * Math.PI) / 4, span: (3 * Math.PI) / 2 };
  return { start: ((best.start + best.length) * 2 * Math.PI) / o.bins, span: ((o.bins - best.length) * 2 * Math.PI) / o.bins };
}

/**
 * The seal's ring text as a straight strip (dark ink on white), read clockwise from its start
 * round to where it started; the strip's height is `height`, its width the band's mid arc length
 * at that scale.
 */
export function unwrapSealRing(image: RgbImage, quad: Quad8, options: Partial<SealUnwrapOptions> = {}): RgbImage {
  const o = { ...DEFAULT_SEAL_UNWRAP, ...options };
  const s = circleOfQuad(quad);
  const ink = isColoured(image, s, o) ? colourInk : darkInk;
  const { start, span } = ringTextArc(image, s, ink, o);
  const at = sampler(image);
  const radius = (s.a + s.b) / 2;
  const step = ((o.outer - o.inner) * radius) / o.height;
  const width = Math.max(o.height, Math.round((span * radius * (o.outer + o.inner)) / 2 / step));
  const values = new Float64Array(width * o.height);
  for (let x = 0; x < width; x++) {
    const psi = start + (x / width) * span;
    const cos = Math.cos(psi);
    const sin = Math.sin(psi);
    for (let y = 0; y < o.height; y++) {
      const f = o.outer - ((o.outer - o.inner) * (y + 0.5)) / o.height;
      const [r, g, b] = at(s.cx + s.a * f * cos, s.cy + s.b * f * sin);
      values[y * width + x] = ink(r, g, b);
    }
  }
  return toStrip(values, width, o.height);
}

/**
 * Ink values as dark print on white, stretched so that the strongest ink is black: a pale or
 * blurred stamp otherwise gives the recogniser grey on grey.
 */
function toStrip(values: Float64Array, width: number, height: number): RgbImage {
  const sorted = Float64Array.from(values).sort();
  const paper = sorted[Math.floor(sorted.length * 0.5)]!;
  const inkLevel = Math.max(paper + 1, sorted[Math.floor(sorted.length * 0.98)]!);
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < values.length; i++) {
    const v = Math.round(255 * (1 - Math.min(1, Math.max(0, (values[i]! - paper) / (inkLevel - paper)))));
    data[i * 3] = v;
    data[i * 3 + 1] = v;
    data[i * 3 + 2] = v;
  }
  return { data, width, height, channels: 3 };
}

/** Ring text strips stacked top to bottom on one white sheet, with each strip's quad on the sheet. */
export interface SealStrips {
  readonly sheet: RgbImage;
  readonly quads: Quad8[];
}

/** Longest over shortest side of a seal read for its ring: the hospital's seal is round, 监制 ovals are not. */
const MAX_ROUND_ASPECT = 1.3;

/**
 * The ring text of every round seal of a page, unwrapped and stacked for one recogniser call; null
 * when the page has no round seal. The page is first turned upright (`angle`: the clockwise turn
 * that makes it so), since the ring's open bottom is looked for below its centre.
 */
export function roundSealStrips(page: RgbImage, angle: PageAngle = 0): SealStrips | null {
  const image = rotateRgb(page, angle);
  const round = detectSeals(image).filter((q) => {
    const c = circleOfQuad(q);
    return Math.max(c.a, c.b) <= MAX_ROUND_ASPECT * Math.min(c.a, c.b);
  });
  return round.length === 0 ? null : stackStrips(round.map((q) => unwrapSealRing(image, q)));
}

/** Strips stacked top to bottom on white, with each one's quad on the sheet. */
export function stackStrips(strips: readonly RgbImage[]): SealStrips {
  const width = Math.max(...strips.map((s) => s.width));
  const height = strips.reduce((h, s) => h + s.height, 0);
  const data = Buffer.alloc(width * height * 3, 255);
  const quads: Quad8[] = [];
  let top = 0;
  for (const s of strips) {
    for (let y = 0; y < s.height; y++) s.data.copy(data, ((top + y) * width) * 3, y * s.width * 3, (y + 1) * s.width * 3);
    quads.push([0, top, s.width, top, s.width, top + s.height, 0, top + s.height]);
    top += s.height;
  }
  return { sheet: { data, width, height, channels: 3 }, quads };
}
