/**
 * Raw-pixel helpers over RgbImage and single-channel planes: grayscale, resize, crop, HSV colour
 * masks, binary morphology, connected components and a few statistics. Plain loops over typed
 * arrays: the images handled here are downscaled first, so the cost stays in milliseconds and no
 * native dependency is needed beyond what decoded the upload.
 */
import type { RgbImage } from './types.js';

/** One 8-bit channel (grayscale, mask with 0/1 or 0/255 values). */
export interface Plane {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export function makeRgb(width: number, height: number, fill: [number, number, number] = [255, 255, 255]): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    data[i * 3] = fill[0];
    data[i * 3 + 1] = fill[1];
    data[i * 3 + 2] = fill[2];
  }
  return { data, width, height, channels: 3 };
}

/** ITU-R BT.601 luma, the weighting scanners and OCR preprocessing commonly assume. */
export function toGray(img: RgbImage): Plane {
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const d = img.data;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    out[i] = (d[j] * 299 + d[j + 1] * 587 + d[j + 2] * 114 + 500) / 1000;
  }
  return { data: out, width: img.width, height: img.height };
}

/** A plane of float values (luminance 0..255 and the like), row-major. */
export interface FloatPlane {
  readonly data: Float32Array;
  readonly width: number;
  readonly height: number;
}

/** Luminance (BT.601, as toGray) of an RGB image as unrounded floats 0..255, for filters that must not quantise. */
export function luminance(image: RgbImage): FloatPlane {
  const n = image.width * image.height;
  const out = new Float32Array(n);
  const d = image.data;
  for (let i = 0, j = 0; i < n; i++, j += 3) out[i] = 0.299 * d[j] + 0.587 * d[j + 1] + 0.114 * d[j + 2];
  return { data: out, width: image.width, height: image.height };
}

/**
 * Area-average downscale (or nearest upscale) to the given size. Averaging keeps thin strokes as
 * grey instead of dropping them, which matters for seals drawn with 2-3 px lines.
 */
export function resizeRgb(img: RgbImage, width: number, height: number): RgbImage {
  width = Math.max(1, Math.round(width));
  height = Math.max(1, Math.round(height));
  if (width === img.width && height === img.height) return img;
  const out = Buffer.alloc(width * height * 3);
  const sx = img.width / width;
  const sy = img.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.min(img.height, Math.floor((y + 1) * sy)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.min(img.width, Math.floor((x + 1) * sx)));
      let r = 0;
      let g = 0;
      let b = 0;
      let c = 0;
      for (let yy = y0; yy < y1; yy++) {
        let p = (yy * img.width + x0) * 3;
        for (let xx = x0; xx < x1; xx++, p += 3) {
          r += img.data[p];
          g += img.data[p + 1];
          b += img.data[p + 2];
          c++;
        }
      }
      const o = (y * width + x) * 3;
      out[o] = Math.round(r / c);
      out[o + 1] = Math.round(g / c);
      out[o + 2] = Math.round(b / c);
    }
  }
  return { data: out, width, height, channels: 3 };
}

/** Downscale so the longer side is at most `maxSide`; returns the image and the factor applied. */
export function downscaleTo(img: RgbImage, maxSide: number): { image: RgbImage; scale: number } {
  const longer = Math.max(img.width, img.height);
  if (longer <= maxSide) return { image: img, scale: 1 };
  const scale = maxSide / longer;
  return { image: resizeRgb(img, img.width * scale, img.height * scale), scale };
}

/** Axis-aligned crop, clamped to the image. */
export function cropRgb(img: RgbImage, x0: number, y0: number, x1: number, y1: number): RgbImage {
  const ax = Math.max(0, Math.min(img.width - 1, Math.floor(x0)));
  const ay = Math.max(0, Math.min(img.height - 1, Math.floor(y0)));
  const bx = Math.max(ax + 1, Math.min(img.width, Math.ceil(x1)));
  const by = Math.max(ay + 1, Math.min(img.height, Math.ceil(y1)));
  const w = bx - ax;
  const h = by - ay;
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    const src = ((ay + y) * img.width + ax) * 3;
    img.data.copy(out, y * w * 3, src, src + w * 3);
  }
  return { data: out, width: w, height: h, channels: 3 };
}

/** Rotate by a multiple of 90 degrees clockwise. */
export function rotateRgb(img: RgbImage, clockwise: 0 | 90 | 180 | 270): RgbImage {
  if (clockwise === 0) return img;
  const { width: w, height: h } = img;
  const nw = clockwise === 180 ? w : h;
  const nh = clockwise === 180 ? h : w;
  const out = Buffer.alloc(nw * nh * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let nx: number;
      let ny: number;
      if (clockwise === 90) {
        nx = h - 1 - y;
        ny = x;
      } else if (clockwise === 180) {
        nx = w - 1 - x;
        ny = h - 1 - y;
      } else {
        nx = y;
        ny = w - 1 - x;
      }
      const s = (y * w + x) * 3;
      const d = (ny * nw + nx) * 3;
      out[d] = img.data[s];
      out[d + 1] = img.data[s + 1];
      out[d + 2] = img.data[s + 2];
    }
  }
  return { data: out, width: nw, height: nh, channels: 3 };
}

/** Hue in degrees [0, 360), saturation and value in [0, 1] of one pixel. */
export function rgbToHsv(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const v = max / 255;
  const s = max === 0 ? 0 : d / max;
  let h = 0;
  if (d > 0) {
    if (max === r) h = 60 * (((g - b) / d) % 6);
    else if (max === g) h = 60 * ((b - r) / d + 2);
    else h = 60 * ((r - g) / d + 4);
  }
  if (h < 0) h += 360;
  return [h, s, v];
}

/** A hue band (degrees; may wrap through 0) with minimum saturation and value. */
export interface HueBand {
  readonly hueFrom: number;
  readonly hueTo: number;
  readonly minSat: number;
  readonly minVal: number;
  /**
   * Minimum colour excess: max channel minus the mean of the other two, in 0..255. Saturation
   * alone makes near-black pixels look coloured; the excess keeps dark text out of the mask.
   */
  readonly minExcess: number;
}

export function hueInBand(h: number, band: HueBand): boolean {
  return band.hueFrom <= band.hueTo ? h >= band.hueFrom && h <= band.hueTo : h >= band.hueFrom || h <= band.hueTo;
}

/**
 * One mask per band, from a single pass over the pixels: the HSV conversion, the costly part, is
 * done once per pixel however many inks are looked for.
 */
export function colourMasks(img: RgbImage, bands: readonly HueBand[]): Plane[] {
  const n = img.width * img.height;
  const outs = bands.map(() => new Uint8Array(n));
  const minExcess = Math.min(...bands.map((b) => b.minExcess));
  const d = img.data;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const r = d[j];
    const g = d[j + 1];
    const b = d[j + 2];
    const max = Math.max(r, g, b);
    const excess = max - (r + g + b - max) / 2;
    if (excess < minExcess) continue;
    const [h, s, v] = rgbToHsv(r, g, b);
    for (let k = 0; k < bands.length; k++) {
      const band = bands[k];
      if (excess >= band.minExcess && s >= band.minSat && v >= band.minVal && hueInBand(h, band)) outs[k][i] = 1;
    }
  }
  return outs.map((data) => ({ data, width: img.width, height: img.height }));
}

/** 1 where the pixel falls in the band, else 0. */
export function colourMask(img: RgbImage, band: HueBand): Plane {
  return colourMasks(img, [band])[0];
}

/** Binary dilation with a square of side 2r+1 (separable: a row pass then a column pass). */
export function dilate(mask: Plane, r: number): Plane {
  return morph(mask, r, true);
}

/** Binary erosion with a square of side 2r+1. */
export function erode(mask: Plane, r: number): Plane {
  return morph(mask, r, false);
}

/** Closing (dilate then erode): joins the broken strokes of a worn stamp into one blob. */
export function close(mask: Plane, r: number): Plane {
  return erode(dilate(mask, r), r);
}

function morph(mask: Plane, r: number, isDilate: boolean): Plane {
  if (r <= 0) return mask;
  const { width: w, height: h } = mask;
  const tmp = new Uint8Array(w * h);
  const out = new Uint8Array(w * h);
  // Running counts over a window make each pass O(pixels) regardless of r.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let count = 0;
    for (let x = 0; x < Math.min(r, w); x++) count += mask.data[row + x] ? 1 : 0;
    for (let x = 0; x < w; x++) {
      if (x + r < w) count += mask.data[row + x + r] ? 1 : 0;
      if (x - r - 1 >= 0) count -= mask.data[row + x - r - 1] ? 1 : 0;
      const span = Math.min(w - 1, x + r) - Math.max(0, x - r) + 1;
      tmp[row + x] = isDilate ? (count > 0 ? 1 : 0) : count === span ? 1 : 0;
    }
  }
  for (let x = 0; x < w; x++) {
    let count = 0;
    for (let y = 0; y < Math.min(r, h); y++) count += tmp[y * w + x];
    for (let y = 0; y < h; y++) {
      if (y + r < h) count += tmp[(y + r) * w + x];
      if (y - r - 1 >= 0) count -= tmp[(y - r - 1) * w + x];
      const span = Math.min(h - 1, y + r) - Math.max(0, y - r) + 1;
      out[y * w + x] = isDilate ? (count > 0 ? 1 : 0) : count === span ? 1 : 0;
    }
  }
  return { data: out, width: w, height: h };
}

/** Fills the holes of a mask (text, photos, stamps inside a sheet): what the border cannot reach (4-connected). */
export function fillHoles(mask: Plane): Plane {
  const outside = reachedFromBorder(mask, false);
  const out = new Uint8Array(mask.width * mask.height);
  for (let i = 0; i < out.length; i++) out[i] = outside.data[i] ? 0 : 1;
  return { data: out, width: mask.width, height: mask.height };
}

/**
 * The pixels that are set (`set` true) or clear (false) in the mask and 4-connected to the frame's
 * border through such pixels: the background round a mask's blobs (fillHoles), or the part of a
 * texture that runs out of the photo (ruled-desk.ts).
 */
export function reachedFromBorder(mask: Plane, set: boolean): Plane {
  const { width: w, height: h } = mask;
  const out = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (p: number): void => {
    if ((mask.data[p] !== 0) === set && !out[p]) {
      out[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    if (h > 1) push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    if (w > 1) push(y * w + w - 1);
  }
  while (stack.length > 0) {
    const p = stack.pop() as number;
    const x = p % w;
    if (x > 0) push(p - 1);
    if (x < w - 1) push(p + 1);
    if (p >= w) push(p - w);
    if (p < w * (h - 1)) push(p + w);
  }
  return { data: out, width: w, height: h };
}

/** One 8-connected blob of a binary mask. */
export interface Component {
  readonly label: number;
  readonly area: number;
  readonly x0: number;
  readonly y0: number;
  /** Inclusive right and bottom. */
  readonly x1: number;
  readonly y1: number;
}

/** Labels (1-based, 0 = background) and the blobs' stats. */
export function connectedComponents(mask: Plane): { labels: Int32Array; components: Component[] } {
  const { width: w, height: h } = mask;
  const labels = new Int32Array(w * h);
  const components: Component[] = [];
  const stack = new Int32Array(w * h);
  let next = 1;
  for (let start = 0; start < w * h; start++) {
    if (!mask.data[start] || labels[start]) continue;
    const label = next++;
    let sp = 0;
    stack[sp++] = start;
    labels[start] = label;
    let area = 0;
    let x0 = w;
    let y0 = h;
    let x1 = 0;
    let y1 = 0;
    while (sp > 0) {
      const p = stack[--sp];
      const px = p % w;
      const py = (p - px) / w;
      area++;
      if (px < x0) x0 = px;
      if (px > x1) x1 = px;
      if (py < y0) y0 = py;
      if (py > y1) y1 = py;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = py + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx;
          if (nx < 0 || nx >= w || (dx === 0 && dy === 0)) continue;
          const q = ny * w + nx;
          if (mask.data[q] && !labels[q]) {
            labels[q] = label;
            stack[sp++] = q;
          }
        }
      }
    }
    components.push({ label, area, x0, y0, x1, y1 });
  }
  return { labels, components };
}

/** Count of set pixels of a mask inside an inclusive box. */
export function countInBox(mask: Plane, x0: number, y0: number, x1: number, y1: number): number {
  let n = 0;
  for (let y = Math.max(0, y0); y <= Math.min(mask.height - 1, y1); y++) {
    const row = y * mask.width;
    for (let x = Math.max(0, x0); x <= Math.min(mask.width - 1, x1); x++) n += mask.data[row + x] ? 1 : 0;
  }
  return n;
}

/** Variance of the 4-neighbour Laplacian: the usual sharpness measure (low = blurred). */
export function laplacianVariance(gray: Plane): number {
  const { width: w, height: h, data } = gray;
  if (w < 3 || h < 3) return 0;
  let sum = 0;
  let sum2 = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const v = data[i - 1] + data[i + 1] + data[i - w] + data[i + w] - 4 * data[i];
      sum += v;
      sum2 += v * v;
      n++;
    }
  }
  const mean = sum / n;
  return sum2 / n - mean * mean;
}

/** Histogram of an 8-bit plane. */
export function histogram(gray: Plane): Uint32Array {
  const hist = new Uint32Array(256);
  for (let i = 0; i < gray.data.length; i++) hist[gray.data[i]]++;
  return hist;
}

/** Otsu's threshold: the grey level that best separates two classes of a histogram. */
export function otsuThreshold(hist: Uint32Array): number {
  let total = 0;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) {
    total += hist[i];
    sumAll += i * hist[i];
  }
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let bestT = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      bestT = t;
    }
  }
  return bestT;
}

/**
 * 1 where a pixel is darker than the mean of its (2r+1)-square neighbourhood by at least `offset`
 * grey levels: ink of any hue on paper, independent of the page's overall brightness or an uneven
 * light across a photo. An integral image keeps it O(pixels) for any r.
 */
export function adaptiveDarkMask(gray: Plane, r: number, offset: number): Plane {
  const { width: w, height: h } = gray;
  const stride = w + 1;
  // Integer sums are exact: 255 x pixels stays far below 2^31 for any image handled here.
  const integral = new Int32Array(stride * (h + 1));
  for (let y = 0; y < h; y++) {
    let rowSum = 0;
    for (let x = 0; x < w; x++) {
      rowSum += gray.data[y * w + x];
      integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1] + rowSum;
    }
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const xa = Math.max(0, x - r);
      const xb = Math.min(w, x + r + 1);
      const sum = integral[yb * stride + xb] - integral[ya * stride + xb] - integral[yb * stride + xa] + integral[ya * stride + xa];
      const mean = sum / ((yb - ya) * (xb - xa));
      if (gray.data[y * w + x] < mean - offset) out[y * w + x] = 1;
    }
  }
  return { data: out, width: w, height: h };
}
