/** Projective maps between a flat page and the captured image. */
import type { Quad8 } from '../ocr/types.js';

/** 3×3 homography, row-major, h[8] = 1. */
export type Homography = readonly number[];

/** The homography taking the four `src` points onto the four `dst` points. */
export function homography(src: readonly number[], dst: readonly number[]): Homography {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y, u, v] = [src[2 * i]!, src[2 * i + 1]!, dst[2 * i]!, dst[2 * i + 1]!];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < 9; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  const h = a.map((row, i) => row[8]! / row[i]!);
  return [...h, 1];
}

export function invert(h: Homography): Homography {
  const [a, b, c, d, e, f, g, k, l] = h as [number, number, number, number, number, number, number, number, number];
  const A = e * l - f * k, B = -(d * l - f * g), C = d * k - e * g;
  const det = a * A + b * B + c * C;
  const inv = [A, -(b * l - c * k), b * f - c * e, B, a * l - c * g, -(a * f - c * d), C, -(a * k - b * g), a * e - b * d].map((v) => v / det);
  const s = inv[8]!;
  return inv.map((v) => v / s);
}

export function apply(h: Homography, x: number, y: number): [number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
}

/** Maps a quad's corners (kept in the same order: the line's own top-left first) and rounds them. */
export function mapQuad(h: Homography, q: Quad8): Quad8 {
  const out: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = apply(h, q[2 * i]!, q[2 * i + 1]!);
    out.push(Math.round(x), Math.round(y));
  }
  return out as Quad8;
}

export function quadInside(q: Quad8, w: number, h: number): boolean {
  for (let i = 0; i < 4; i++) if (q[2 * i]! < 0 || q[2 * i + 1]! < 0 || q[2 * i]! > w || q[2 * i + 1]! > h) return false;
  return true;
}

export { pointInQuad } from '../image/geometry.js';

export function quadCentre(q: Quad8): [number, number] {
  return [(q[0] + q[2] + q[4] + q[6]) / 4, (q[1] + q[3] + q[5] + q[7]) / 4];
}

/**
 * Bilinear warp of an RGBA page into an RGB canvas through `pageToCanvas`; pixels outside the
 * page keep the canvas. Only the destination box of the page is visited.
 */
export function warpInto(canvas: Uint8Array | Uint8ClampedArray, cw: number, ch: number, page: Buffer, pw: number, ph: number, pageToCanvas: Homography): void {
  const inv = invert(pageToCanvas);
  const corners = [apply(pageToCanvas, 0, 0), apply(pageToCanvas, pw, 0), apply(pageToCanvas, pw, ph), apply(pageToCanvas, 0, ph)];
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0]))));
  const x1 = Math.min(cw - 1, Math.ceil(Math.max(...corners.map((c) => c[0]))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1]))));
  const y1 = Math.min(ch - 1, Math.ceil(Math.max(...corners.map((c) => c[1]))));
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = inv as [number, number, number, number, number, number, number, number, number];
  for (let y = y0; y <= y1; y++) {
    const yc = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const xc = x + 0.5;
      const w = h6 * xc + h7 * yc + h8;
      const u = (h0 * xc + h1 * yc + h2) / w - 0.5;
      const v = (h3 * xc + h4 * yc + h5) / w - 0.5;
      if (u < -0.5 || v < -0.5 || u > pw - 0.5 || v > ph - 0.5) continue;
      const ui = Math.min(pw - 2, Math.max(0, Math.floor(u)));
      const vi = Math.min(ph - 2, Math.max(0, Math.floor(v)));
      const fu = Math.min(1, Math.max(0, u - ui));
      const fv = Math.min(1, Math.max(0, v - vi));
      const p00 = (vi * pw + ui) * 4;
      const p01 = p00 + 4;
      const p10 = p00 + pw * 4;
      const p11 = p10 + 4;
      const o = (y * cw + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = page[p00 + c]! + (page[p01 + c]! - page[p00 + c]!) * fu;
        const bot = page[p10 + c]! + (page[p11 + c]! - page[p10 + c]!) * fu;
        canvas[o + c] = top + (bot - top) * fv;
      }
    }
  }
}
