/**
 * Capture conditions: how a flat page becomes the image a claimant uploads. One projective map
 * per document places it (scale, 90/180/270 turn, small tilt, perspective, cut by the frame);
 * then light, shadows, blur, noise, photocopy toner or screen moiré, and the file format.
 */
import sharp from 'sharp';
import type { Homography } from './geometry.js';
import { homography, warpInto } from './geometry.js';
import type { Rng } from './rng.js';

export type Condition = 'scan' | 'photo' | 'photocopy' | 'screen';

export interface RasterPage {
  readonly rgba: Buffer;
  readonly width: number;
  readonly height: number;
}

export interface Placement {
  readonly pageToImage: Homography;
  /** Clockwise quarter turns of the document in the image: 0, 90, 180, 270. */
  readonly turn: 0 | 90 | 180 | 270;
}

export interface Capture {
  readonly data: Buffer;
  readonly format: 'png' | 'jpeg';
  readonly width: number;
  readonly height: number;
  readonly placements: Placement[];
  readonly condition: Condition;
  readonly blurred: boolean;
  readonly cut: boolean;
}

export interface CapturePlan {
  readonly condition: Condition;
  readonly turn: 0 | 90 | 180 | 270;
  readonly blur: boolean;
  readonly cut: boolean;
}

/** Corners of a w×h page centred at (cx, cy), scaled, turned clockwise by `deg`, corners jittered. */
function placedQuad(w: number, h: number, cx: number, cy: number, scale: number, deg: number, jitter: number, rng: Rng): number[] {
  const t = (deg * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  const out: number[] = [];
  for (const [x, y] of [[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]] as const) {
    out.push(cx + (x * c - y * s) * scale + rng.float(-jitter, jitter), cy + (x * s + y * c) * scale + rng.float(-jitter, jitter));
  }
  return out;
}

/**
 * A phone held at an angle: the side of the picture farther from the camera shrinks towards the
 * middle (keystone). Applied to the page corners, so the page-to-image maps stay projective and
 * the labels follow.
 */
function keystone(quads: number[][], w: number, h: number, rng: Rng): void {
  const k = rng.float(0, 0.12);
  const vertical = rng.chance(0.7);
  const far = rng.chance(0.5) ? 0 : 1;
  for (const q of quads) {
    for (let i = 0; i < 4; i++) {
      const x = q[2 * i]!;
      const y = q[2 * i + 1]!;
      if (vertical) {
        const t = far === 0 ? 1 - y / h : y / h;
        q[2 * i] = w / 2 + (x - w / 2) * (1 - k * t);
      } else {
        const t = far === 0 ? 1 - x / w : x / w;
        q[2 * i + 1] = h / 2 + (y - h / 2) * (1 - k * t);
      }
    }
  }
}

/** Surfaces a claim is photographed on, with their base colours (RGB). */
const SURFACES: readonly { readonly kind: 'plain' | 'wood' | 'cloth' | 'desk'; readonly colours: readonly (readonly [number, number, number])[] }[] = [
  { kind: 'plain', colours: [[120, 92, 70], [180, 160, 130], [70, 72, 78], [200, 200, 195], [40, 40, 44]] },
  { kind: 'wood', colours: [[150, 105, 65], [186, 140, 92], [110, 72, 45], [205, 170, 125]] },
  { kind: 'cloth', colours: [[60, 80, 120], [150, 40, 45], [90, 110, 90], [190, 185, 175], [45, 45, 55]] },
  { kind: 'desk', colours: [[200, 200, 195], [150, 150, 155], [120, 92, 70]] },
];

/** A surface: wood grain, woven cloth, or a desk with other sheets of paper lying about. */
function background(canvas: Uint8ClampedArray, w: number, h: number, rng: Rng): void {
  const surface = rng.weighted(SURFACES, [0.3, 0.3, 0.2, 0.2]);
  const base = rng.pick(surface.colours);
  const gx = rng.float(-0.25, 0.25);
  const gy = rng.float(-0.25, 0.25);
  const grain = rng.float(0.02, 0.06);
  const freq = rng.float(0.02, 0.06);
  const wobble = rng.float(5, 30);
  const weave = rng.float(0.6, 1.2);
  // Every pattern is sin(row term + column term) or a product of such sines; expanding
  // sin(a + b) = sin a·cos b + cos a·sin b lets rows and columns be computed once (speed).
  const rowWave = (fy: (y: number) => number): [Float64Array, Float64Array] => {
    const sn = new Float64Array(h), cs = new Float64Array(h);
    for (let y = 0; y < h; y++) { const a = fy(y); sn[y] = Math.sin(a); cs[y] = Math.cos(a); }
    return [sn, cs];
  };
  const colWave = (fx: (x: number) => number): [Float64Array, Float64Array] => {
    const sn = new Float64Array(w), cs = new Float64Array(w);
    for (let x = 0; x < w; x++) { const a = fx(x); sn[x] = Math.sin(a); cs[x] = Math.cos(a); }
    return [sn, cs];
  };
  // Wood: broad rings plus fine grain lines running along the boards. Cloth: a weave. Plain: a faint ripple.
  const terms: { amp: number; r: [Float64Array, Float64Array]; c: [Float64Array, Float64Array]; r2?: [Float64Array, Float64Array]; c2?: [Float64Array, Float64Array] }[] =
    surface.kind === 'wood'
      ? [
        { amp: 0.1, r: rowWave((y) => y * freq), c: colWave((x) => Math.sin(x * 0.004) * wobble * 0.2) },
        { amp: 0.05, r: rowWave((y) => y * 0.4), c: colWave((x) => Math.sin(x * 0.008) * 3), r2: rowWave((y) => y * 0.07), c2: colWave((x) => x * 0.001) },
      ]
      : surface.kind === 'cloth'
        ? [
          { amp: 0.07, r: rowWave((y) => y * weave), c: colWave(() => 0), c2: colWave((x) => x * weave), r2: rowWave(() => 0) },
          { amp: 0.03, r: rowWave((y) => y * 0.01), c: colWave((x) => x * 0.01) },
        ]
        : [{ amp: grain, r: rowWave((y) => y * 0.05), c: colWave((x) => Math.sin(x * 0.01) * 3) }];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let f = 1 + gx * (x / w - 0.5) + gy * (y / h - 0.5);
      for (const t of terms) {
        let v = t.r[0][y]! * t.c[1][x]! + t.r[1][y]! * t.c[0][x]!;
        if (t.r2 && t.c2) v *= t.r2[0][y]! * t.c2[1][x]! + t.r2[1][y]! * t.c2[0][x]!;
        f += t.amp * v;
      }
      const o = (y * w + x) * 3;
      canvas[o] = base[0] * f;
      canvas[o + 1] = base[1] * f;
      canvas[o + 2] = base[2] * f;
    }
  }
  if (surface.kind === 'desk') {
    // Other sheets under the claim: pale tilted rectangles with grey rules of print.
    for (let k = rng.int(1, 3); k > 0; k--) {
      const cx = rng.float(0, w);
      const cy = rng.float(0, h);
      const pw = rng.float(0.3, 0.6) * w;
      const ph = pw * rng.float(1.2, 1.5);
      const a = rng.float(-0.5, 0.5);
      const c = Math.cos(a);
      const sn = Math.sin(a);
      const tone = rng.int(225, 248);
      const x0 = Math.max(0, Math.floor(cx - pw)), x1 = Math.min(w, Math.ceil(cx + pw));
      const y0 = Math.max(0, Math.floor(cy - pw)), y1 = Math.min(h, Math.ceil(cy + pw));
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const u = (x - cx) * c + (y - cy) * sn;
          const v = -(x - cx) * sn + (y - cy) * c;
          if (Math.abs(u) > pw / 2 || Math.abs(v) > ph / 2) continue;
          const rule = (v + ph / 2) % 28 < 5 && Math.abs(u) < pw * 0.4 ? 0.82 : 1;
          const o = (y * w + x) * 3;
          canvas[o] = canvas[o + 1] = canvas[o + 2] = tone * rule;
        }
      }
    }
  }
}

/** Light falloff, a soft shadow band, sensor noise, toner or moiré, in one pass. */
function effects(canvas: Uint8ClampedArray, w: number, h: number, condition: Condition, rng: Rng): void {
  const lx = rng.float(0, w);
  const ly = rng.float(0, h);
  const falloff = condition === 'scan' ? 0 : rng.float(0.05, 0.3);
  const diag = Math.hypot(w, h);
  const shadow = condition === 'photo' && rng.chance(0.5);
  const sa = rng.float(0, Math.PI);
  const sd = rng.float(-0.3, 0.3) * diag;
  const sw = rng.float(0.05, 0.2) * diag;
  const noise = condition === 'scan' ? 2 : condition === 'photocopy' ? 10 : rng.float(3, 10);
  const moire = condition === 'screen' ? rng.float(0.04, 0.09) : 0;
  const mf = rng.float(0.6, 1.4);
  const gray = condition === 'photocopy';
  const contrast = gray ? rng.float(1.2, 1.6) : 1;
  let seed = rng.u32() | 1;
  const rand = (): number => {
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
    return ((seed >>> 0) / 4294967296) - 0.5;
  };
  const ca = Math.cos(sa);
  const sa1 = Math.sin(sa);
  const k = falloff / diag;
  for (let y = 0; y < h; y++) {
    const dy2 = (y - ly) * (y - ly);
    for (let x = 0; x < w; x++) {
      let f = k === 0 ? 1 : 1 - k * Math.sqrt((x - lx) * (x - lx) + dy2);
      if (shadow) {
        const d = x * ca + y * sa1 - diag / 2 - sd;
        if (d > 0) f *= 1 - 0.35 * Math.min(1, d / sw);
      }
      if (moire) f *= 1 - moire * (0.5 + 0.5 * Math.sin(x * mf + y * 0.9 * mf) * Math.sin(x * 0.07 - y * 0.11));
      const o = (y * w + x) * 3;
      const n = rand() * noise;
      if (gray) {
        let g = 0.3 * canvas[o]! + 0.59 * canvas[o + 1]! + 0.11 * canvas[o + 2]!;
        g = (g - 128) * contrast + 140;
        if (rand() > 0.4996) g = 20;
        canvas[o] = canvas[o + 1] = canvas[o + 2] = g * f + n;
      } else {
        canvas[o] = canvas[o]! * f + n;
        canvas[o + 1] = canvas[o + 1]! * f + n;
        canvas[o + 2] = canvas[o + 2]! * f + n * (moire ? 1.5 : 1);
      }
    }
  }
}

/** Lays out 1-3 pages in one image under the plan's conditions and encodes it. */
export async function capture(pages: readonly RasterPage[], plan: CapturePlan, rng: Rng): Promise<Capture> {
  const { condition, turn } = plan;
  const multi = pages.length > 1;
  const placements: Placement[] = [];
  let W: number;
  let H: number;
  const quads: number[][] = [];
  const swap = turn === 90 || turn === 270;
  if (condition === 'scan' && !multi) {
    const p = pages[0]!;
    const scale = rng.float(0.8, 1.05);
    const pw = (swap ? p.height : p.width) * scale;
    const ph = (swap ? p.width : p.height) * scale;
    const margin = rng.int(0, 40);
    W = Math.round(pw + 2 * margin);
    H = Math.round(ph + 2 * margin);
    quads.push(placedQuad(p.width, p.height, W / 2, H / 2, scale, turn + rng.float(-1, 1), 0, rng));
  } else {
    // The whole group fits a canvas whose long side is 1400-2200 px.
    const n = pages.length;
    const cell = pages.map((p) => ({ w: swap ? p.height : p.width, h: swap ? p.width : p.height }));
    const totalW = cell.reduce((s, c) => s + c.w, 0) * 1.12;
    const maxH = Math.max(...cell.map((c) => c.h)) * 1.2;
    const long = rng.int(1400, 2200);
    const k = long / Math.max(totalW, maxH);
    W = Math.round(Math.max(totalW * k, 400));
    H = Math.round(Math.max(maxH * k, 400));
    let x = (W - cell.reduce((s, c) => s + c.w * k, 0)) / (n + 1);
    // Claimants lay several papers side by side, often overlapping a little.
    const gap = n > 1 && rng.chance(0.5) ? -rng.float(0.02, 0.08) * W : x;
    if (gap < 0) x = (W - cell.reduce((s, c) => s + c.w * k, 0) - gap * (n - 1)) / 2;
    pages.forEach((p, i) => {
      const cw = cell[i]!.w * k;
      let cx = x + cw / 2;
      let cy = H / 2 + rng.float(-0.04, 0.04) * H;
      if (plan.cut && i === 0) {
        // Push the page partly out of the frame.
        if (rng.chance(0.5)) cx -= cw * rng.float(0.15, 0.3);
        else cy += H * rng.float(0.12, 0.2);
      }
      const jitter = condition === 'photo' || condition === 'screen' ? Math.min(cw, cell[i]!.h * k) * rng.float(0.01, 0.05) : 0;
      quads.push(placedQuad(p.width, p.height, cx, cy, k * rng.float(0.92, 1), turn + rng.float(-6, 6), jitter, rng));
      x += cw + gap;
    });
  }
  // Clamped: light, contrast and noise push values past 0..255, which must saturate, not wrap.
  if (condition === 'photo' || condition === 'screen') keystone(quads, W, H, rng);
  const canvas = new Uint8ClampedArray(W * H * 3);
  if (condition === 'scan' && !multi) canvas.fill(rng.pick([255, 250, 244]));
  else if (condition === 'screen') canvas.fill(20);
  else background(canvas, W, H, rng);
  pages.forEach((p, i) => {
    const h = homography([0, 0, p.width, 0, p.width, p.height, 0, p.height], quads[i]!);
    warpInto(canvas, W, H, p.rgba, p.width, p.height, h);
    placements.push({ pageToImage: h, turn });
  });
  effects(canvas, W, H, condition, rng);
  let img = sharp(Buffer.from(canvas.buffer, canvas.byteOffset, canvas.byteLength), { raw: { width: W, height: H, channels: 3 } });
  if (plan.blur) img = img.blur(rng.float(2.2, 3.5));
  else if (condition !== 'scan' && rng.chance(0.5)) img = img.blur(rng.float(0.4, 0.8));
  const jpeg = condition !== 'scan';
  const data = jpeg ? await img.jpeg({ quality: rng.int(70, 92), mozjpeg: false }).toBuffer() : await img.png({ compressionLevel: 6 }).toBuffer();
  return { data, format: jpeg ? 'jpeg' : 'png', width: W, height: H, placements, condition, blurred: plan.blur, cut: plan.cut };
}
