/**
 * Ring (round and oval seal outline) detection on an ink mask, independent of the ink's hue.
 *
 * Colour masks miss grey seals (photocopies, greyscale scans, screens) and weld a red seal to the
 * red title or rules it is printed over. A seal's outline, though, is a closed thin ellipse that
 * neither text nor rules draw. So: ink edges vote for the centre of the circle or ellipse they
 * could lie on (a Hough transform guided by the edge's normal, one accumulator per axis ratio:
 * an ellipse is a circle once one axis is stretched), the strongest centres are kept, and each is
 * tested on the full mask: the outline must be inked almost all the way round, thin, and hold
 * separate marks (characters, a star) inside without being a solid patch.
 */
import { connectedComponents, type Plane } from './ops.js';

/** An axis-aligned ellipse in the mask's pixels; `a` half width, `b` half height. */
export interface Ellipse {
  readonly cx: number;
  readonly cy: number;
  readonly a: number;
  readonly b: number;
  /**
   * Turn of the `a` axis from the image's x axis, radians (y down): an oval on a page photographed
   * at a slant is turned with it.
   */
  readonly theta: number;
  /** Share of the outline found inked. */
  readonly hit: number;
}

export interface RingOptions {
  /** Larger half-axis range, in mask pixels. */
  readonly minRadius: number;
  readonly maxRadius: number;
  /** Height/width ratios searched: round seals, and ovals lying and standing (turned pages). */
  readonly aspects: readonly number[];
  /** Centres kept per ratio for testing (the costly part is the test, not the vote). */
  readonly peaksPerAspect: number;
  /** Outline share that must be inked. */
  readonly minHit: number;
  /**
   * Outline share on the pooled copy below which a voted centre is not fitted at all: kept low,
   * because a voted centre can be a pixel or two off and a worn ring only sharpens once fitted.
   */
  readonly minCoarseHit: number;
  /** Angles at which ink sits just outside the outline, above which it is no thin ring. */
  readonly maxOutside: number;
  /** Ink share inside the outline: below is an empty printed circle, above a solid patch. */
  readonly minInside: number;
  readonly maxInside: number;
  /** Separate marks inside the outline (characters, star) at least. */
  readonly minPieces: number;
  /** Median stroke thickness of the outline relative to the larger half-axis, at most. */
  readonly maxStroke: number;
  /**
   * A blurred photo thickens every stroke by the same few pixels, which on a small seal is more
   * than `maxStroke` of its radius. An outline drawn as one clean line (>= `cleanArc` of its
   * inked length in one connected piece) with paper just outside it nearly all round (ink there at
   * <= `cleanOutside` of the angles) may then be up to `maxBlurredStroke` thick: the other things
   * that thick (solid discs, bold box-shaped glyphs) are still refused by their filled inside or
   * their few marks inside.
   */
  readonly maxBlurredStroke: number;
  readonly cleanArc: number;
  readonly cleanOutside: number;
  /**
   * Outlines whose larger half-axis is below this fraction of the mask's longer side are the size
   * of a few glyphs, where an ellipse threaded through digits or a word also finds ink all round:
   * they must keep this share of their inked outline in one connected piece.
   */
  readonly smallRing: number;
  readonly minSmallArc: number;
  /** Called with every fitted outline well enough inked to be judged (tuning and tests). */
  readonly onCandidate?: (e: Ellipse, evidence: RingEvidence) => void;
}

export const DEFAULT_RING_OPTIONS: RingOptions = {
  minRadius: 16,
  maxRadius: 150,
  aspects: [1, 0.65, 1 / 0.65],
  peaksPerAspect: 24,
  minHit: 0.84,
  minCoarseHit: 0.6,
  maxOutside: 0.7,
  minInside: 0.02,
  maxInside: 0.45,
  // A seal's ring of characters alone makes well over six marks; a bold glyph shaped like a box
  // (口, 国, 医) holds two or three.
  minPieces: 6,
  // Seal borders are about 6 % of the radius; bold glyphs and dark discs 15 % and more.
  maxStroke: 0.13,
  maxBlurredStroke: 0.2,
  cleanArc: 0.9,
  cleanOutside: 0.1,
  smallRing: 0.035,
  minSmallArc: 0.42,
};

/** Max-pooling of a binary mask by k: smaller, and one-pixel strokes survive. */
function maxPool(mask: Plane, k: number): Plane {
  const w = Math.ceil(mask.width / k);
  const h = Math.ceil(mask.height / k);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    const orow = Math.floor(y / k) * w;
    for (let x = 0; x < mask.width; x++) if (mask.data[row + x]) out[orow + Math.floor(x / k)] = 1;
  }
  return { data: out, width: w, height: h };
}

/** Pooling factor of the copy the votes and the size search run on. */
const POOL = 3;

interface Edge {
  x: number;
  y: number;
  nx: number;
  ny: number;
}

/** Edges of the pooled mask with their unit normals (Sobel on a 3x3 box-blurred copy). */
function edgesOf(mask: Plane): Edge[] {
  const { width: w, height: h } = mask;
  const blur = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const row = (y + dy) * w + x;
        s += mask.data[row - 1] + mask.data[row] + mask.data[row + 1];
      }
      blur[y * w + x] = s;
    }
  }
  const edges: Edge[] = [];
  for (let y = 2; y < h - 2; y++) {
    for (let x = 2; x < w - 2; x++) {
      const i = y * w + x;
      const gx = blur[i - w + 1] + 2 * blur[i + 1] + blur[i + w + 1] - blur[i - w - 1] - 2 * blur[i - 1] - blur[i + w - 1];
      const gy = blur[i + w - 1] + 2 * blur[i + w] + blur[i + w + 1] - blur[i - w - 1] - 2 * blur[i - w] - blur[i - w + 1];
      const g = Math.hypot(gx, gy);
      // A fully inked neighbourhood or bare paper has no gradient; half of a 3x3 box changing is 12+.
      if (g < 12) continue;
      edges.push({ x, y, nx: gx / g, ny: gy / g });
    }
  }
  return edges;
}

interface Peak {
  x: number;
  y: number;
  score: number;
}

/** Centres voted for by the edges for one axis ratio, strongest first (pooled pixels). */
function votedCentres(edges: readonly Edge[], w: number, h: number, aspect: number, rMin: number, rMax: number, keep: number): Peak[] {
  // Stretch the shorter axis so the ellipse becomes a circle of radius = its longer half-axis.
  const sx = aspect > 1 ? aspect : 1;
  const sy = aspect < 1 ? 1 / aspect : 1;
  const acc = new Int32Array(w * h);
  for (const e of edges) {
    // The normal in stretched space, mapped back: a step of R along it in stretched space.
    let nx = e.nx / sx;
    let ny = e.ny / sy;
    const n = Math.hypot(nx, ny);
    nx /= n;
    ny /= n;
    for (let dir = -1; dir <= 1; dir += 2) {
      const dx = (dir * nx) / sx;
      const dy = (dir * ny) / sy;
      // Walk the line of candidate centres; +0.5 so truncation rounds (coordinates stay >= 0).
      let fx = e.x + 0.5 + rMin * dx;
      let fy = e.y + 0.5 + rMin * dy;
      for (let r = rMin; r <= rMax; r++, fx += dx, fy += dy) {
        if (fx < 0 || fy < 0 || fx >= w || fy >= h) break;
        acc[(fy | 0) * w + (fx | 0)]++;
      }
    }
  }
  // Integral image: a 3x3 sum is the peak's strength, a 15x15 mean around it the background of
  // chance votes that dense text gives everywhere.
  const stride = w + 1;
  const integral = new Float64Array(stride * (h + 1));
  for (let y = 0; y < h; y++) {
    let rowSum = 0;
    for (let x = 0; x < w; x++) {
      rowSum += acc[y * w + x];
      integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1] + rowSum;
    }
  }
  const box = (x: number, y: number, r: number): number => {
    const xa = Math.max(0, x - r);
    const ya = Math.max(0, y - r);
    const xb = Math.min(w, x + r + 1);
    const yb = Math.min(h, y + r + 1);
    return (integral[yb * stride + xb] - integral[ya * stride + xb] - integral[yb * stride + xa] + integral[ya * stride + xa]) / ((xb - xa) * (yb - ya));
  };
  const smooth = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    const top = (y - 1) * stride;
    const bottom = (y + 2) * stride;
    for (let x = 1; x < w - 1; x++) {
      smooth[y * w + x] = (integral[bottom + x + 2] - integral[top + x + 2] - integral[bottom + x - 1] + integral[top + x - 1]) / 9;
    }
  }
  // Local maxima over 7x7: only each 4x4 tile's best cell can be one, so only those are checked.
  const peaks: Peak[] = [];
  const floor = (2 * Math.PI * rMin * 0.5) / 9;
  const T = 4;
  for (let ty = 3; ty < h - 3; ty += T) {
    for (let tx = 3; tx < w - 3; tx += T) {
      let best = -1;
      let bx = 0;
      let by = 0;
      for (let y = ty; y < Math.min(ty + T, h - 3); y++) {
        for (let x = tx; x < Math.min(tx + T, w - 3); x++) {
          const v = smooth[y * w + x];
          if (v > best) {
            best = v;
            bx = x;
            by = y;
          }
        }
      }
      if (best < floor) continue;
      let isMax = true;
      for (let dy = -3; dy <= 3 && isMax; dy++) {
        const row = (by + dy) * w + bx;
        for (let dx = -3; dx <= 3; dx++) {
          if (smooth[row + dx] > best) {
            isMax = false;
            break;
          }
        }
      }
      if (isMax) peaks.push({ x: bx, y: by, score: best - box(bx, by, 7) });
    }
  }
  peaks.sort((p, q) => q.score - p.score);
  return peaks.slice(0, keep);
}

/** Cosines and sines of n evenly spaced angles, cached by n. */
const trig = new Map<number, [Float64Array, Float64Array]>();
function anglesOf(n: number): [Float64Array, Float64Array] {
  let t = trig.get(n);
  if (!t) {
    const c = new Float64Array(n);
    const s = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      c[i] = Math.cos((2 * Math.PI * i) / n);
      s[i] = Math.sin((2 * Math.PI * i) / n);
    }
    t = [c, s];
    trig.set(n, t);
  }
  return t;
}

function inkAt(mask: Plane, x: number, y: number): boolean {
  const xi = Math.round(x);
  const yi = Math.round(y);
  return xi >= 0 && yi >= 0 && xi < mask.width && yi < mask.height && mask.data[yi * mask.width + xi] === 1;
}

/**
 * Share of angles at which ink lies on the ellipse grown by an offset in [from, to] pixels along
 * the radius (both ends inclusive, unit steps).
 */
function bandHit(mask: Plane, cx: number, cy: number, a: number, b: number, from: number, to: number, theta = 0, samples = 0): number {
  const ct = Math.cos(theta);
  const st = Math.sin(theta);
  const n = samples || Math.max(48, Math.min(160, Math.round((2 * Math.PI * Math.max(a, b)) / 2.5)));
  const [cos, sin] = anglesOf(n);
  let hits = 0;
  for (let i = 0; i < n; i++) {
    for (let d = from; d <= to; d++) {
      const u = (a + d) * cos[i]!;
      const v = (b + d) * sin[i]!;
      if (inkAt(mask, cx + u * ct - v * st, cy + u * st + v * ct)) {
        hits++;
        break;
      }
    }
  }
  return hits / n;
}

/** Half width of the band the outline is looked for in: the stroke plus a little drift. */
function slack(r: number): number {
  return 1 + Math.round(r * 0.03);
}

function outlineHit(mask: Plane, cx: number, cy: number, a: number, b: number, theta = 0): number {
  const s = slack(Math.max(a, b));
  return bandHit(mask, cx, cy, a, b, -s, s, theta);
}

/**
 * The outline through a voted centre: the ring's size by the best inked share over the radius
 * range (the outermost when an inner ring or arc of text is nearly as good), then a small search
 * of centre and both half-axes.
 */
function fitOutline(mask: Plane, pooled: Plane, cx0: number, cy0: number, aspect: number, o: RingOptions): Ellipse | null {
  const sx = aspect > 1 ? aspect : 1;
  const sy = aspect < 1 ? 1 / aspect : 1;
  // The size search runs on the half-size mask (a quarter of the samples); the fit below on the full one.
  let best = 0;
  const hits: [number, number][] = [];
  const pcx = (cx0 - (POOL - 1) / 2) / POOL;
  const pcy = (cy0 - (POOL - 1) / 2) / POOL;
  for (let r = Math.floor(o.minRadius / POOL); r <= Math.ceil(o.maxRadius / POOL); r++) {
    // 48 angles are enough to size the ring; the fit below counts finely.
    const h = bandHit(pooled, pcx, pcy, r / sx, r / sy, -1, 1, 0, 48);
    hits.push([r * POOL, h]);
    if (h > best) best = h;
  }
  if (best < o.minCoarseHit) return null;
  let r0 = 0;
  for (const [r, h] of hits) if (h >= best - 0.04) r0 = r;
  return refineOutline(mask, cx0, cy0, r0 / sx, r0 / sy, VOTED_STRIDES);
}

/** The best-inked outline near a starting ellipse: coordinate descent over centre and half-axes. */
function refineOutline(mask: Plane, cx: number, cy: number, a: number, b: number, strides: readonly number[] = [1]): Ellipse {
  let fit: Ellipse = { cx, cy, a, b, theta: 0, hit: outlineHit(mask, cx, cy, a, b) };
  const step = 0.02;
  // Coordinate descent over centre, half-axes and (for ovals) the turn, at each stride in turn
  // (pixels; the turn in steps of about a degree at the last stride only).
  for (const px of strides) {
    for (let round = 0; round < 8; round++) {
      let improved = false;
      const oval = Math.abs(fit.a - fit.b) > 0.1 * Math.max(fit.a, fit.b);
      for (const [ux, uy, ua, ub, dt] of MOVES) {
        const dx = ux * px;
        const dy = uy * px;
        const da = ua * px;
        const db = ub * px;
        if (dt !== 0 && (px !== 1 || !oval || Math.abs(fit.theta + dt * step) > MAX_TURN)) continue;
        const c = { cx: fit.cx + dx, cy: fit.cy + dy, a: fit.a + da, b: fit.b + db, theta: fit.theta + dt * step };
        if (c.a < 4 || c.b < 4) continue;
        const h = outlineHit(mask, c.cx, c.cy, c.a, c.b, c.theta);
        // Ties go to the larger outline: the stroke's outer edge, not an inner ring of characters.
        if (h > fit.hit + 1e-9 || (h >= fit.hit - 1e-9 && da + db > 0)) {
          if (h > fit.hit + 1e-9) improved = true;
          fit = { ...c, hit: h };
        }
      }
      if (!improved) break;
    }
  }
  return fit;
}

/**
 * Strides of the fit from a voted centre. A seal over a form printed in its own ink pulls the
 * votes a few pixels off its centre; from there, one-pixel moves along the ring of its characters
 * or a printed rule all score the same, and a two-pixel stride first reaches the outline itself.
 * (Four-pixel strides wander onto red label text: more false seals than found ones.)
 */
const VOTED_STRIDES: readonly number[] = [2, 1];

/** Moves of the outline fit: centre x, centre y, half-axis a, half-axis b (strides), turn (steps). */
const MOVES: readonly (readonly [number, number, number, number, number])[] = [
  [1, 0, 0, 0, 0], [-1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, -1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, -1, 0, 0],
  [0, 0, 0, 1, 0], [0, 0, 0, -1, 0], [0, 0, 1, 1, 0], [0, 0, -1, -1, 0], [0, 0, 0, 0, 1], [0, 0, 0, 0, -1],
];

/** Largest turn of an oval searched, radians (about 20 degrees). */
const MAX_TURN = 0.35;

/** Half width and half height of the axis box round a (turned) ellipse. */
export function halfExtents(e: Ellipse): [number, number] {
  const c = Math.cos(e.theta);
  const s = Math.sin(e.theta);
  return [Math.sqrt((e.a * c) ** 2 + (e.b * s) ** 2), Math.sqrt((e.a * s) ** 2 + (e.b * c) ** 2)];
}

/** Ink share and separate marks inside the ellipse (within 80 % of its half-axes). */
function inside(mask: Plane, e: Ellipse): { ink: number; pieces: number } {
  const [hw, hh] = halfExtents(e);
  const x0 = Math.max(0, Math.floor(e.cx - hw * 0.8));
  const x1 = Math.min(mask.width - 1, Math.ceil(e.cx + hw * 0.8));
  const y0 = Math.max(0, Math.floor(e.cy - hh * 0.8));
  const y1 = Math.min(mask.height - 1, Math.ceil(e.cy + hh * 0.8));
  const ct = Math.cos(e.theta);
  const st = Math.sin(e.theta);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  if (w <= 0 || h <= 0) return { ink: 0, pieces: 0 };
  const sub = new Uint8Array(w * h);
  let ink = 0;
  let area = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = ((x - e.cx) * ct + (y - e.cy) * st) / (e.a * 0.8);
      const dy = (-(x - e.cx) * st + (y - e.cy) * ct) / (e.b * 0.8);
      if (dx * dx + dy * dy > 1) continue;
      area++;
      if (mask.data[y * mask.width + x]) {
        ink++;
        sub[(y - y0) * w + x - x0] = 1;
      }
    }
  }
  const pieces = connectedComponents({ data: sub, width: w, height: h }).components.filter((k) => k.area >= 3).length;
  return { ink: area ? ink / area : 0, pieces };
}

/**
 * Median radial thickness of the inked outline, in pixels, over the angles where it is inked: a
 * seal's border is a thin line, the ring a bold character or a dark blob makes is thick.
 */
function strokeWidth(mask: Plane, e: Ellipse): number {
  const r = Math.max(e.a, e.b);
  const s = slack(r);
  const n = 64;
  const [cos, sin] = anglesOf(n);
  const limit = Math.ceil(r * 0.4);
  const ct = Math.cos(e.theta);
  const st = Math.sin(e.theta);
  const widths: number[] = [];
  for (let i = 0; i < n; i++) {
    const at = (d: number): boolean => {
      const u = (e.a + d) * cos[i]!;
      const v = (e.b + d) * sin[i]!;
      return inkAt(mask, e.cx + u * ct - v * st, e.cy + u * st + v * ct);
    };
    let d0 = Number.NaN;
    for (let k = 0; k <= s; k++) {
      if (at(k)) { d0 = k; break; }
      if (at(-k)) { d0 = -k; break; }
    }
    if (Number.isNaN(d0)) continue;
    let out = d0;
    while (out - d0 < limit && at(out + 1)) out++;
    let inn = d0;
    while (d0 - inn < limit && at(inn - 1)) inn--;
    widths.push(out - inn + 1);
  }
  if (widths.length === 0) return Number.POSITIVE_INFINITY;
  widths.sort((x, y) => x - y);
  return widths[widths.length >> 1]!;
}

/**
 * Share of the outline's inked angles whose ink belongs to the one connected piece found most: a
 * seal's border is one line (or a few long arcs when worn), while an ellipse threaded through a
 * cluster of digits or glyphs picks up a different small piece at every few angles.
 */
function dominantArc(mask: Plane, e: Ellipse): number {
  const s = slack(Math.max(e.a, e.b));
  const [hw, hh] = halfExtents(e);
  const x0 = Math.max(0, Math.floor(e.cx - hw - s - 1));
  const y0 = Math.max(0, Math.floor(e.cy - hh - s - 1));
  const x1 = Math.min(mask.width - 1, Math.ceil(e.cx + hw + s + 1));
  const y1 = Math.min(mask.height - 1, Math.ceil(e.cy + hh + s + 1));
  const ct = Math.cos(e.theta);
  const st = Math.sin(e.theta);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  if (w <= 0 || h <= 0) return 0;
  const sub = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) sub[y * w + x] = mask.data[(y0 + y) * mask.width + x0 + x]!;
  const { labels } = connectedComponents({ data: sub, width: w, height: h });
  const n = 96;
  const [cos, sin] = anglesOf(n);
  const counts = new Map<number, number>();
  let hits = 0;
  for (let i = 0; i < n; i++) {
    for (let d = 0; d <= s; d++) {
      let label = 0;
      for (const dd of d === 0 ? [0] : [d, -d]) {
        const u = (e.a + dd) * cos[i]!;
        const v = (e.b + dd) * sin[i]!;
        const xi = Math.round(e.cx + u * ct - v * st) - x0;
        const yi = Math.round(e.cy + u * st + v * ct) - y0;
        if (xi >= 0 && yi >= 0 && xi < w && yi < h && labels[yi * w + xi]) {
          label = labels[yi * w + xi]!;
          break;
        }
      }
      if (label) {
        hits++;
        counts.set(label, (counts.get(label) ?? 0) + 1);
        break;
      }
    }
  }
  let most = 0;
  for (const c of counts.values()) if (c > most) most = c;
  return hits ? most / hits : 0;
}

/** The measures a found outline is judged on (exported for tests and tuning). */
export interface RingEvidence {
  readonly hit: number;
  /** Share of angles with ink just outside the outline. */
  readonly outside: number;
  /** Ink share inside, and separate marks inside. */
  readonly ink: number;
  readonly pieces: number;
  /** Median stroke thickness relative to the larger half-axis. */
  readonly stroke: number;
  /** Share of the inked outline in its largest connected piece. */
  readonly arc: number;
}

export function ringEvidence(mask: Plane, e: Ellipse): RingEvidence {
  const r = Math.max(e.a, e.b);
  const s = slack(r);
  const outside = bandHit(mask, e.cx, e.cy, e.a, e.b, s + 2, s + 2 + Math.max(2, Math.round(r * 0.04)), e.theta);
  const content = inside(mask, e);
  return { hit: e.hit, outside, ink: content.ink, pieces: content.pieces, stroke: strokeWidth(mask, e) / r, arc: dominantArc(mask, e) };
}

function accepts(mask: Plane, e: Ellipse, o: RingOptions): boolean {
  if (e.hit < o.minHit) return false;
  const ev = ringEvidence(mask, e);
  o.onCandidate?.(e, ev);
  // A thin ring: paper just outside it at most angles (a dark disc or a photo's edge is ink on
  // both sides).
  if (ev.outside > o.maxOutside) return false;
  if (Math.max(e.a, e.b) < o.smallRing * Math.max(mask.width, mask.height) && ev.arc < o.minSmallArc) return false;
  return ev.ink >= o.minInside && ev.ink <= o.maxInside && ev.pieces >= o.minPieces && thinEnough(ev, o);
}

/** The outline is thin: within `maxStroke`, or within `maxBlurredStroke` when it is one clean line. */
function thinEnough(ev: RingEvidence, o: RingOptions): boolean {
  if (ev.stroke <= o.maxStroke) return true;
  return ev.stroke <= o.maxBlurredStroke && ev.arc >= o.cleanArc && ev.outside <= o.cleanOutside;
}

/**
 * The outline fitted from a starting ellipse (a blob's box, say) and the measures it is judged
 * on: lets a caller holding a candidate from elsewhere check that it really is a thin ring.
 */
export function outlineNear(mask: Plane, cx: number, cy: number, a: number, b: number): { ellipse: Ellipse; evidence: RingEvidence } {
  const ellipse = refineOutline(mask, cx, cy, a, b);
  return { ellipse, evidence: ringEvidence(mask, ellipse) };
}

/** Share of the smaller ellipse's box inside the larger's box. */
function boxOverlap(p: Ellipse, q: Ellipse): number {
  const [pw, ph] = halfExtents(p);
  const [qw, qh] = halfExtents(q);
  const ix = Math.min(p.cx + pw, q.cx + qw) - Math.max(p.cx - pw, q.cx - qw);
  const iy = Math.min(p.cy + ph, q.cy + qh) - Math.max(p.cy - ph, q.cy - qh);
  if (ix <= 0 || iy <= 0) return 0;
  return (ix * iy) / Math.min(4 * pw * ph, 4 * qw * qh);
}

/** Round and oval seal outlines of an ink mask (1 = ink), in the mask's pixels. */
export function findRings(mask: Plane, options: Partial<RingOptions> = {}): Ellipse[] {
  const o = { ...DEFAULT_RING_OPTIONS, ...options };
  // Votes on a half-size copy: a quarter of the edges and accumulator, still a pixel of accuracy
  // once the fit runs on the full mask.
  const pooled = maxPool(mask, POOL);
  const edges = edgesOf(pooled);
  const rMin = Math.max(4, Math.floor(o.minRadius / POOL));
  const rMax = Math.max(rMin + 1, Math.ceil(o.maxRadius / POOL));
  const found: Ellipse[] = [];
  for (const aspect of o.aspects) {
    const tried: Ellipse[] = [];
    for (const p of votedCentres(edges, pooled.width, pooled.height, aspect, rMin, rMax, o.peaksPerAspect)) {
      const cx = p.x * POOL + (POOL - 1) / 2;
      const cy = p.y * POOL + (POOL - 1) / 2;
      // A centre inside a ring already accepted at this ratio is that ring (or its star): no second
      // test. Other ratios are still tried there: an oval is also half-fitted by a circle.
      if (tried.some((e) => Math.abs(e.cx - cx) < e.a * 0.5 && Math.abs(e.cy - cy) < e.b * 0.5)) continue;
      const fit = fitOutline(mask, pooled, cx, cy, aspect, o);
      if (fit && accepts(mask, fit, o)) tried.push(fit);
    }
    found.push(...tried);
  }
  // Nested or duplicate outlines of one seal (an oval's inner ring, one seal fitted at two ratios):
  // the better-inked one stays, the larger when both are about as good. Seals that merely overlap
  // each other both stay.
  const better = (p: Ellipse, q: Ellipse): number => (Math.abs(p.hit - q.hit) > 0.05 ? q.hit - p.hit : q.a * q.b - p.a * p.b);
  found.sort(better);
  const kept: Ellipse[] = [];
  for (const e of found) if (!kept.some((k) => boxOverlap(k, e) > 0.7)) kept.push(e);
  return kept;
}
