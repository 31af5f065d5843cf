/**
 * Ruled surfaces: the lined pad, exercise book or ledger a card is photographed on. Their rules
 * are thin bars repeated across the whole sheet, all in one direction, so that over a window a few
 * rules wide the brightness gradient is strong and points one way (a coherent structure tensor).
 * A card's or a receipt's print is not like that: Chinese characters have strokes every way, and
 * its blank paper has no gradient at all. Where a pale card lies on pale ruled paper, the paper
 * mask sees one sheet filling the frame, and the card's own border is often no brightness step at
 * all, only the place where the rules stop: taking the ruled texture out of the paper leaves the
 * card as a region of its own.
 */
import type { Quad8 } from '../ocr/types.js';
import type { EdgeMap } from './edges.js';
import { close, cropRgb, luminance, reachedFromBorder, type Plane } from './ops.js';
import type { RgbImage } from './types.js';

export interface RuledTextureOptions {
  /** Half side of the window (working pixels) over which the gradient's direction is pooled. */
  readonly radius: number;
  /** Least mean squared gradient (luma levels per pixel, squared) over the window. */
  readonly minEnergy: number;
  /** Least coherence (0 = every direction, 1 = a single direction) of the window's gradient. */
  readonly minCoherence: number;
  /**
   * Largest length of the window's summed gradient vector as a share of its summed gradient
   * lengths. Rules are bars: a rise and a fall each, which cancel. A sheet's border is one step,
   * all its gradient pointing one way (from the darker side to the lighter).
   */
  readonly maxBalance: number;
}

export const DEFAULT_RULED_TEXTURE_OPTIONS: RuledTextureOptions = {
  radius: 5,
  minEnergy: 60,
  minCoherence: 0.75,
  maxBalance: 0.35,
};

/** Summed-area table of a plane ((w+1) x (h+1), zero first row and column). */
function integral(v: Float32Array, w: number, h: number): Float64Array {
  const s = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += v[y * w + x];
      s[(y + 1) * (w + 1) + x + 1] = s[y * (w + 1) + x + 1] + row;
    }
  }
  return s;
}

function boxSum(s: Float64Array, w: number, x0: number, y0: number, x1: number, y1: number): number {
  const W = w + 1;
  return s[(y1 + 1) * W + x1 + 1] - s[y0 * W + x1 + 1] - s[(y1 + 1) * W + x0] + s[y0 * W + x0];
}

/**
 * 1 where the window around a pixel is ruled texture (strong gradient in one direction). With
 * `borderBand`, only the pixels within that many of the frame's border are judged (the rest 0):
 * the cheap look whether rules run out of the frame at all.
 */
export function ruledTexture(img: RgbImage, options: Partial<RuledTextureOptions> = {}, borderBand: number | null = null): Plane {
  const o = { ...DEFAULT_RULED_TEXTURE_OPTIONS, ...options };
  const { width: w, height: h } = img;
  const l = luminance(img).data;
  const xx = new Float32Array(w * h);
  const yy = new Float32Array(w * h);
  const xy = new Float32Array(w * h);
  const gxs = new Float32Array(w * h);
  const gys = new Float32Array(w * h);
  const mags = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = (l[i + 1] - l[i - 1]) / 2;
      const gy = (l[i + w] - l[i - w]) / 2;
      xx[i] = gx * gx;
      yy[i] = gy * gy;
      xy[i] = gx * gy;
      gxs[i] = gx;
      gys[i] = gy;
      mags[i] = Math.sqrt(xx[i] + yy[i]);
    }
  }
  const sxx = integral(xx, w, h);
  const syy = integral(yy, w, h);
  const sxy = integral(xy, w, h);
  const sgx = integral(gxs, w, h);
  const sgy = integral(gys, w, h);
  const smag = integral(mags, w, h);
  const out = new Uint8Array(w * h);
  const r = o.radius;
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h - 1, y + r);
    const innerRow = borderBand !== null && y >= borderBand && y < h - borderBand;
    for (let x = 0; x < w; x++) {
      // Past the left band of an inner row, straight on to the right band.
      if (innerRow && x === borderBand && w - borderBand > x) x = w - borderBand;
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w - 1, x + r);
      const n = (x1 - x0 + 1) * (y1 - y0 + 1);
      const a = boxSum(sxx, w, x0, y0, x1, y1) / n;
      const b = boxSum(syy, w, x0, y0, x1, y1) / n;
      const c = boxSum(sxy, w, x0, y0, x1, y1) / n;
      const energy = a + b;
      if (energy < o.minEnergy) continue;
      const coherence = Math.sqrt((a - b) * (a - b) + 4 * c * c) / energy;
      if (coherence < o.minCoherence) continue;
      const vx = boxSum(sgx, w, x0, y0, x1, y1);
      const vy = boxSum(sgy, w, x0, y0, x1, y1);
      if (Math.hypot(vx, vy) <= o.maxBalance * boxSum(smag, w, x0, y0, x1, y1)) out[y * w + x] = 1;
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * The step edges with the border of the ruled texture added: where a card lies on ruled paper of
 * its own brightness, the line along which the rules stop is the card's side. Each border pixel
 * votes with the direction across the border (the gradient of the mask smoothed over 5 x 5); the
 * steps inside the texture (the rules themselves) are taken out.
 */
export function withRuleEnds(map: EdgeMap, rules: Plane): EdgeMap {
  const { w, h } = map;
  const angle = map.angle.slice();
  const m = rules.data;
  const count = (x: number, y: number): number => {
    let n = 0;
    for (let dy = -2; dy <= 2; dy++) {
      const yy = Math.min(h - 1, Math.max(0, y + dy));
      for (let dx = -2; dx <= 2; dx++) n += m[yy * w + Math.min(w - 1, Math.max(0, x + dx))];
    }
    return n;
  };
  for (let y = 2; y < h - 2; y++) {
    for (let x = 2; x < w - 2; x++) {
      const i = y * w + x;
      if (!m[i]) continue;
      if (m[i - 1] && m[i + 1] && m[i - w] && m[i + w]) {
        // Inside the texture every step is a rule, no sheet's side: it only crowds the sheets'
        // sides out of the Hough space.
        angle[i] = -1;
        continue;
      }
      const gx = count(x + 1, y) - count(x - 1, y);
      const gy = count(x, y + 1) - count(x, y - 1);
      if (gx === 0 && gy === 0) continue;
      const deg = Math.round((Math.atan2(gy, gx) * 180) / Math.PI);
      angle[i] = ((deg % 180) + 180) % 180;
    }
  }
  return { w, h, angle };
}

/** Share of a quad's axis box (clipped to the plane) in ruled texture. */
export function ruledShareIn(rules: Plane, q: Quad8): number {
  const { width: w, height: h } = rules;
  const x0 = Math.max(0, Math.floor(Math.min(q[0], q[2], q[4], q[6])));
  const x1 = Math.min(w - 1, Math.ceil(Math.max(q[0], q[2], q[4], q[6])));
  const y0 = Math.max(0, Math.floor(Math.min(q[1], q[3], q[5], q[7])));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(q[1], q[3], q[5], q[7])));
  let n = 0;
  let ruled = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      n++;
      ruled += rules.data[y * w + x];
    }
  }
  return n === 0 ? 0 : ruled / n;
}

/** Width in pixels of the border band that is `band` of a plane's longer side. */
export function borderBandWidth(w: number, h: number, band: number): number {
  return Math.max(2, Math.round(band * Math.max(w, h)));
}

/** Share of the frame's border band, `band` of the longer side wide, in ruled texture. */
export function ruledBorderShare(rules: Plane, band: number): number {
  const { width: w, height: h } = rules;
  const b = borderBandWidth(w, h, band);
  let n = 0;
  let ruled = 0;
  for (let y = 0; y < h; y++) {
    const inner = y >= b && y < h - b;
    for (let x = 0; x < w; x++) {
      if (inner && x >= b && x < w - b) continue;
      n++;
      ruled += rules.data[y * w + x];
    }
  }
  return n === 0 ? 0 : ruled / n;
}

/**
 * The ruled texture that reaches the frame's border (4-connected to it): the lined sheet a
 * document lies on runs out of the photo, while a form's own ruled table keeps within the page's
 * margins and is enclosed by its paper. Empty when nothing ruled touches the border.
 */
export function ruledFromBorder(rules: Plane): Plane {
  return reachedFromBorder(rules, true);
}

/**
 * The largest share, over a quad's four sides, of the points of a side that have ruled texture
 * within `reach` pixels: a side found only where the rules stop lies along the texture's border.
 */
export function sideAlongRules(rules: Plane, q: Quad8, reach: number): number {
  const { width: w, height: h } = rules;
  const r = Math.max(0, Math.round(reach));
  let best = 0;
  for (let s = 0; s < 4; s++) {
    const ax = q[s * 2];
    const ay = q[s * 2 + 1];
    const bx = q[(s * 2 + 2) % 8];
    const by = q[(s * 2 + 3) % 8];
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay)));
    let near = 0;
    for (let k = 0; k <= steps; k++) {
      const x = Math.round(ax + ((bx - ax) * k) / steps);
      const y = Math.round(ay + ((by - ay) * k) / steps);
      let hit = false;
      for (let dy = -r; dy <= r && !hit; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < w && rules.data[yy * w + xx]) {
            hit = true;
            break;
          }
        }
      }
      if (hit) near++;
    }
    best = Math.max(best, near / (steps + 1));
  }
  return best;
}

/**
 * The ruled texture of the frame's border band (`band` pixels wide), closed by `closing`, and 0
 * inside it: what `close(ruledTexture(img), closing)` gives there, computed on four strips a
 * window and a closing wider than the band instead of the whole frame (the look whether rules run
 * out of the frame is made on nearly every photo; the strips are a fifth of the frame's pixels).
 */
export function borderRuledTexture(img: RgbImage, band: number, closing: number, options: Partial<RuledTextureOptions> = {}): Plane {
  const { width: w, height: h } = img;
  const out = new Uint8Array(w * h);
  if (w === 0 || h === 0) return { data: out, width: w, height: h };
  const radius = options.radius ?? DEFAULT_RULED_TEXTURE_OPTIONS.radius;
  // Past the band, the closing reaches `closing` pixels, and each of those pixels' windows
  // `radius` more, whose gradients look one pixel further.
  const reach = band + 2 * closing + radius + 2;
  // Each strip, and the band pixels it answers for (its windows lie wholly inside it there).
  const strips: [number, number, number, number, (x: number, y: number) => boolean][] = [
    [0, 0, w, Math.min(h, reach), (_x, y) => y < band],
    [0, Math.max(0, h - reach), w, h, (_x, y) => y >= h - band],
    [0, 0, Math.min(w, reach), h, (x) => x < band],
    [Math.max(0, w - reach), 0, w, h, (x) => x >= w - band],
  ];
  for (const [x0, y0, x1, y1, answers] of strips) {
    const texture = close(ruledTexture(cropRgb(img, x0, y0, x1, y1), options), closing);
    const sw = texture.width;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        if (answers(x, y) && texture.data[(y - y0) * sw + (x - x0)]) out[y * w + x] = 1;
      }
    }
  }
  return { data: out, width: w, height: h };
}
