/**
 * Pixel resampling on RGB images: perspective crops of text lines, quarter turns and resizing.
 * Plain JavaScript over typed arrays so it runs the same in worker threads without sharp's async
 * round trip (these are small images: line crops and one detection-sized page).
 */
import type { RgbImage } from './types.js';
import type { PageAngle, Quad8 } from '../ocr/types.js';

/** Pixels in a plain typed array: what workers see (a view on a shared buffer). */
export interface Pixels {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export function toRgbImage(p: Pixels): RgbImage {
  const data = Buffer.from(p.data.buffer, p.data.byteOffset, p.data.byteLength);
  return { data, width: p.width, height: p.height, channels: 3 };
}

/** 3×3 homography as 9 numbers, row-major, mapping (u, v, 1) to (x, y, w). */
export type Homography = [number, number, number, number, number, number, number, number, number];

/**
 * The projective map from the rectangle [0,w]×[0,h] onto the quad (corners in order: (0,0),
 * (w,0), (w,h), (0,h) go to quad points 0..3). Closed form of the square-to-quad case (Heckbert).
 */
export function rectToQuad(q: Quad8, w: number, h: number): Homography {
  const [x0, y0, x1, y1, x2, y2, x3, y3] = q;
  const dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3;
  let g = 0, hh = 0;
  if (Math.abs(sx) > 1e-9 || Math.abs(sy) > 1e-9) {
    const den = dx1 * dy2 - dx2 * dy1;
    if (Math.abs(den) > 1e-12) {
      g = (sx * dy2 - dx2 * sy) / den;
      hh = (dx1 * sy - sx * dy1) / den;
    }
  }
  // Unit square -> quad.
  const a = x1 - x0 + g * x1, b = x3 - x0 + hh * x3, c = x0;
  const d = y1 - y0 + g * y1, e = y3 - y0 + hh * y3, f = y0;
  // Pre-scale (u, v) from [0,w]×[0,h] to the unit square.
  const iw = w > 0 ? 1 / w : 0, ih = h > 0 ? 1 / h : 0;
  return [a * iw, b * ih, c, d * iw, e * ih, f, g * iw, hh * ih, 1];
}

export function applyHomography(m: Homography, u: number, v: number): [number, number] {
  const w = m[6] * u + m[7] * v + m[8];
  return [(m[0] * u + m[1] * v + m[2]) / w, (m[3] * u + m[4] * v + m[5]) / w];
}

/**
 * Crops the quad into an upright `outWidth`×`outHeight` image: quad point 0 lands top-left,
 * point 1 top-right. When the output is much smaller than the quad, each output pixel averages
 * a small grid of samples so thin strokes do not alias away.
 */
export function warpQuad(src: Pixels, quad: Quad8, outWidth: number, outHeight: number): Pixels {
  const ow = Math.max(1, Math.round(outWidth));
  const oh = Math.max(1, Math.round(outHeight));
  const m = rectToQuad(quad, ow, oh);
  const srcH = (Math.hypot(quad[6] - quad[0], quad[7] - quad[1]) + Math.hypot(quad[4] - quad[2], quad[5] - quad[3])) / 2;
  const srcW = (Math.hypot(quad[2] - quad[0], quad[3] - quad[1]) + Math.hypot(quad[4] - quad[6], quad[5] - quad[7])) / 2;
  const ss = Math.min(4, Math.max(1, Math.ceil(Math.max(srcH / oh, srcW / ow) - 0.25)));
  const out = new Uint8Array(ow * oh * 3);
  const { data, width, height } = src;
  const maxX = width - 1, maxY = height - 1;
  const norm = 1 / (ss * ss);
  const [a, b, c, d, e, f, g, h, k] = m;
  // The homography and bilinear sampling are inlined: this loop runs for every pixel of every
  // line crop, and a call returning a tuple per sample was a third of the crop time.
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      let r = 0, gr = 0, bl = 0;
      for (let sy = 0; sy < ss; sy++) {
        const v = y + (sy + 0.5) / ss;
        for (let sx = 0; sx < ss; sx++) {
          const u = x + (sx + 0.5) / ss;
          const w = g * u + h * v + k;
          const fx = Math.min(Math.max((a * u + b * v + c) / w - 0.5, 0), maxX);
          const fy = Math.min(Math.max((d * u + e * v + f) / w - 0.5, 0), maxY);
          const x0 = fx | 0, y0 = fy | 0;
          const x1 = x0 < maxX ? x0 + 1 : x0, y1 = y0 < maxY ? y0 + 1 : y0;
          const ax = fx - x0, ay = fy - y0;
          const w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay;
          const i00 = (y0 * width + x0) * 3, i10 = (y0 * width + x1) * 3;
          const i01 = (y1 * width + x0) * 3, i11 = (y1 * width + x1) * 3;
          r += data[i00]! * w00 + data[i10]! * w10 + data[i01]! * w01 + data[i11]! * w11;
          gr += data[i00 + 1]! * w00 + data[i10 + 1]! * w10 + data[i01 + 1]! * w01 + data[i11 + 1]! * w11;
          bl += data[i00 + 2]! * w00 + data[i10 + 2]! * w10 + data[i01 + 2]! * w01 + data[i11 + 2]! * w11;
        }
      }
      const o = (y * ow + x) * 3;
      out[o] = Math.round(r * norm);
      out[o + 1] = Math.round(gr * norm);
      out[o + 2] = Math.round(bl * norm);
    }
  }
  return { data: out, width: ow, height: oh };
}

/** Turns an image by a quarter-turn multiple, clockwise. */
export function rotatePixels(src: Pixels, angle: PageAngle): Pixels {
  if (angle === 0) return { data: src.data.slice(), width: src.width, height: src.height };
  const { width: w, height: h, data } = src;
  const ow = angle === 180 ? w : h;
  const oh = angle === 180 ? h : w;
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let nx: number, ny: number;
      if (angle === 90) { nx = h - 1 - y; ny = x; }
      else if (angle === 180) { nx = w - 1 - x; ny = h - 1 - y; }
      else { nx = y; ny = w - 1 - x; }
      const i = (y * w + x) * 3, o = (ny * ow + nx) * 3;
      out[o] = data[i]!; out[o + 1] = data[i + 1]!; out[o + 2] = data[i + 2]!;
    }
  }
  return { data: out, width: ow, height: oh };
}

/**
 * Bilinear resize (pixel-centre aligned, as OpenCV's INTER_LINEAR which the PaddleOCR models
 * were trained with). Downscaling by more than 2× first averages 2×2 blocks to limit aliasing.
 */
export function resizePixels(src: Pixels, outWidth: number, outHeight: number): Pixels {
  let cur = src;
  while (cur.width >= outWidth * 2 && cur.height >= outHeight * 2) cur = halve(cur);
  const ow = Math.max(1, Math.round(outWidth)), oh = Math.max(1, Math.round(outHeight));
  const { data, width, height } = cur;
  const out = new Uint8Array(ow * oh * 3);
  const sx = width / ow, sy = height / oh;
  const xs0 = new Int32Array(ow), xs1 = new Int32Array(ow), xa = new Float32Array(ow);
  for (let x = 0; x < ow; x++) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), width - 1);
    xs0[x] = Math.floor(fx);
    xs1[x] = Math.min(xs0[x]! + 1, width - 1);
    xa[x] = fx - xs0[x]!;
  }
  for (let y = 0; y < oh; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), height - 1);
    const y0 = Math.floor(fy), y1 = Math.min(y0 + 1, height - 1), ay = fy - y0;
    const r0 = y0 * width * 3, r1 = y1 * width * 3;
    const by = 1 - ay;
    for (let x = 0; x < ow; x++) {
      const a = xa[x]!, na = 1 - a, p0 = r0 + xs0[x]! * 3, p1 = r0 + xs1[x]! * 3, q0 = r1 + xs0[x]! * 3, q1 = r1 + xs1[x]! * 3;
      const o = (y * ow + x) * 3;
      // Channels unrolled: this runs over every pixel of every page sent to the detector.
      out[o] = (data[p0]! * na + data[p1]! * a) * by + (data[q0]! * na + data[q1]! * a) * ay + 0.5;
      out[o + 1] = (data[p0 + 1]! * na + data[p1 + 1]! * a) * by + (data[q0 + 1]! * na + data[q1 + 1]! * a) * ay + 0.5;
      out[o + 2] = (data[p0 + 2]! * na + data[p1 + 2]! * a) * by + (data[q0 + 2]! * na + data[q1 + 2]! * a) * ay + 0.5;
    }
  }
  return { data: out, width: ow, height: oh };
}

function halve(src: Pixels): Pixels {
  const ow = Math.floor(src.width / 2), oh = Math.floor(src.height / 2);
  const { data, width } = src;
  const out = new Uint8Array(ow * oh * 3);
  for (let y = 0; y < oh; y++) {
    const r0 = 2 * y * width * 3, r1 = (2 * y + 1) * width * 3;
    for (let x = 0; x < ow; x++) {
      const a = r0 + 6 * x, b = r1 + 6 * x, o = (y * ow + x) * 3;
      out[o] = (data[a]! + data[a + 3]! + data[b]! + data[b + 3]! + 2) >> 2;
      out[o + 1] = (data[a + 1]! + data[a + 4]! + data[b + 1]! + data[b + 4]! + 2) >> 2;
      out[o + 2] = (data[a + 2]! + data[a + 5]! + data[b + 2]! + data[b + 5]! + 2) >> 2;
    }
  }
  return { data: out, width: ow, height: oh };
}
