/**
 * Where a scanned page's own edges lie when the whole upload came back as the document.
 *
 * A flatbed scan shows the page on the scanner's lid, which is usually a shade darker or warmer
 * than the paper (a few grey levels is enough: scan noise is small). Along each side of the
 * frame the brightness then steps from lid to paper at the page's edge. A page put down a degree
 * askew on a tight scan pokes a corner out of the picture: its edge runs into the frame. So the
 * steps are followed along all four sides, a straight line is fitted to each, and the page's
 * corners (where neighbouring lines meet) tell whether the whole sheet is in the picture.
 * When the lid is as white as the paper nothing can be seen and the answer is `unknown`: the
 * caller falls back to other evidence.
 */
import type { RgbImage } from './types.js';

export interface ScanPageSettings {
  /** Samples along a side that are pooled (median) into one brightness profile. */
  readonly segment: number;
  /** Depth of the strip searched for the page edge: share of the shorter side, and bounds in pixels. */
  readonly depthShare: number;
  readonly minDepth: number;
  readonly maxDepth: number;
  /** Grey levels the paper must stand above the lid for the page edge to be seen at all. */
  readonly minStep: number;
  /** Edge points a side needs for a line to be fitted, and the share of the side they must span. */
  readonly minPoints: number;
  readonly minSpan: number;
  /** Widest lid band (pixels) a side must show somewhere for its line to count. */
  readonly minBand: number;
  /** Residual (pixels) beyond which an edge point is left out of its side's line. */
  readonly maxResidual: number;
  /** Share of a side's segments with paper on the frame row that shows the page running out there (when no edge line is found on it). */
  readonly paperAtFrameShare: number;
  /** Share of the frame row that must show the lid's tone for the lid to be known. */
  readonly minLidShare: number;
  /** Pixels past the step that must stay off the lid's tone (a printed rule is thinner). */
  readonly persist: number;
  /** How far (pixels) outside the frame a fitted corner may fall and still count as inside (fit noise). */
  readonly cornerTolerance: number;
}

export const SCAN_PAGE_SETTINGS: ScanPageSettings = {
  segment: 24,
  depthShare: 0.06,
  minDepth: 32,
  maxDepth: 120,
  minStep: 2,
  minPoints: 4,
  minSpan: 0.3,
  minBand: 2,
  maxResidual: 1.5,
  paperAtFrameShare: 0.25,
  minLidShare: 0.5,
  persist: 6,
  cornerTolerance: 0.3,
};

export type ScanPageState = 'inside' | 'cut' | 'unknown';

/** One side's edge: offset from the frame (pixels) = a + b * position along the side. */
interface SideLine {
  readonly a: number;
  readonly b: number;
}

interface SideReading {
  /** Points (position along the side, depth of the paper edge) where a lid-to-paper step was seen. */
  readonly points: { t: number; e: number }[];
  /** Segments where paper, not lid, lies on the frame. */
  readonly paperAtFrame: number;
  readonly segments: number;
}

/** Luminance of pixel (x, y). */
function luma(img: RgbImage, x: number, y: number): number {
  const o = (y * img.width + x) * 3;
  return (img.data[o] * 299 + img.data[o + 1] * 587 + img.data[o + 2] * 114) / 1000;
}

/**
 * Brightness profiles inward from one side: for each segment along the side, the median
 * brightness at each depth (medians ignore the odd character stroke crossing the segment).
 * Side 0 left, 1 top, 2 right, 3 bottom.
 */
function sideProfiles(img: RgbImage, side: number, depth: number, seg: number): { t: number; p: Float64Array }[] {
  const { width: w, height: h } = img;
  const along = side % 2 === 0 ? h : w;
  const out: { t: number; p: Float64Array }[] = [];
  const buf = new Float64Array(seg);
  for (let t0 = 0; t0 + seg <= along; t0 += seg) {
    const p = new Float64Array(depth);
    for (let d = 0; d < depth; d++) {
      for (let k = 0; k < seg; k++) {
        const t = t0 + k;
        const x = side === 0 ? d : side === 2 ? w - 1 - d : t;
        const y = side === 1 ? d : side === 3 ? h - 1 - d : t;
        buf[k] = luma(img, x, y);
      }
      buf.sort();
      p[d] = buf[seg >> 1];
    }
    out.push({ t: t0 + seg / 2, p });
  }
  return out;
}

/** Least-squares line through the points, refitted once without the points far from it. */
function fitLine(points: { t: number; e: number }[], maxResidual: number): SideLine | null {
  const fit = (pts: { t: number; e: number }[]): SideLine | null => {
    const n = pts.length;
    if (n < 2) return null;
    let st = 0, se = 0, stt = 0, ste = 0;
    for (const { t, e } of pts) { st += t; se += e; stt += t * t; ste += t * e; }
    const den = n * stt - st * st;
    if (den === 0) return null;
    const b = (n * ste - st * se) / den;
    return { a: (se - b * st) / n, b };
  };
  const first = fit(points);
  if (!first) return null;
  const kept = points.filter(({ t, e }) => Math.abs(first.a + first.b * t - e) <= maxResidual);
  return kept.length >= Math.max(2, points.length / 2) ? fit(kept) : null;
}

/** The most common value (to a grey level) among the samples, counting each level's neighbours too. */
function commonLevel(values: number[]): number {
  const hist = new Float64Array(256);
  for (const v of values) hist[Math.max(0, Math.min(255, Math.round(v)))]++;
  let best = 0;
  let bestCount = -1;
  for (let i = 0; i < 256; i++) {
    const c = hist[i] + (i > 0 ? hist[i - 1] : 0) + (i < 255 ? hist[i + 1] : 0);
    if (c > bestCount) { bestCount = c; best = i; }
  }
  return best;
}

/**
 * Where the page's edge crosses one brightness profile: the depth at which the profile leaves the
 * lid's level for good (a run of `persist` pixels on one side of it: a printed rule or a text
 * stroke is thin and comes back to the paper's level), with the partly covered pixel counted by
 * its share. null when the profile never leaves the lid, or leaves it slowly (light falloff, not
 * an edge), or when something other than lid lies before the step.
 */
function edgeDepth(p: Float64Array, lid: number, s: ScanPageSettings): number | null {
  const off = (v: number): number => v - lid;
  const lidLike = (v: number): boolean => Math.abs(off(v)) < s.minStep;
  let d = 0;
  while (d < p.length && lidLike(p[d])) d++;
  if (d === 0 || d + s.persist > p.length) return null;
  const sign = Math.sign(off(p[d]));
  const run: number[] = [];
  for (let k = d; k < d + s.persist; k++) {
    if (lidLike(p[k]) || Math.sign(off(p[k])) !== sign) return null;
    run.push(Math.abs(off(p[k])));
  }
  run.sort((a, b) => a - b);
  const full = run[run.length >> 1];
  // Sharp: one pixel past the first departure the step is (nearly) complete.
  if (Math.abs(off(p[d + 1])) < 0.6 * full) return null;
  const covered = Math.min(1, Math.abs(off(p[d])) / full);
  return d + 1 - covered;
}

/**
 * Whether the scanned page lies wholly inside the picture (`inside`), runs out of it (`cut`), or
 * cannot be told because the lid looks like the paper or the edges are not clean (`unknown`).
 */
export function scannedPageState(img: RgbImage, s: ScanPageSettings = SCAN_PAGE_SETTINGS): ScanPageState {
  const { width: w, height: h } = img;
  const depth = Math.round(Math.min(s.maxDepth, Math.max(s.minDepth, s.depthShare * Math.min(w, h))));
  if (Math.min(w, h) < 4 * depth || Math.min(w, h) < 4 * s.segment) return 'unknown';
  const profiles = [0, 1, 2, 3].map((side) => sideProfiles(img, side, depth, s.segment));
  const all = profiles.flat();
  // The lid: the tone most of the frame row shows (a page pokes out along a short stretch at most).
  const frameRow = all.map((x) => x.p[0]);
  const common = commonLevel(frameRow);
  // Refined to a fraction of a level: lid and paper can be as close as two or three levels.
  const nearCommon = frameRow.filter((v) => Math.abs(v - common) <= 1.5);
  const lid = nearCommon.reduce((a, v) => a + v, 0) / Math.max(1, nearCommon.length);
  const onLid = all.filter((x) => Math.abs(x.p[0] - lid) < s.minStep).length;
  if (onLid < s.minLidShare * all.length) return 'unknown';
  const readings: SideReading[] = profiles.map((segs) => {
    const points: { t: number; e: number }[] = [];
    let paperAtFrame = 0;
    for (const { t, p } of segs) {
      if (Math.abs(p[0] - lid) >= s.minStep && Math.abs(p[1] - lid) >= s.minStep) { paperAtFrame++; continue; }
      const e = edgeDepth(p, lid, s);
      if (e !== null) points.push({ t, e });
    }
    return { points, paperAtFrame, segments: segs.length };
  });
  const lines = readings.map((r, side) => {
    const along = side % 2 === 0 ? h : w;
    if (r.points.length < s.minPoints) return null;
    const ts = r.points.map((p) => p.t);
    if (Math.max(...ts) - Math.min(...ts) < s.minSpan * along) return null;
    // A band of lid a pixel wide is a rasterised border or the scanner's edge line, not a margin.
    if (Math.max(...r.points.map((p) => p.e)) < s.minBand) return null;
    return fitLine(r.points, s.maxResidual);
  });
  // Without the page's edge followed on two sides at least, the frame row's tone may be the page's
  // own (a page filling the frame, JPEG noise on it), not a lid: nothing is known.
  if (lines.filter((l) => l !== null).length < 2) return 'unknown';
  // A side whose frame row shows paper over a good part of it, with no edge to follow: the page runs out there.
  if (readings.some((r, i) => lines[i] === null && r.paperAtFrame >= s.paperAtFrameShare * r.segments)) return 'cut';
  const [left, top, right, bottom] = lines;
  // Lines in image coordinates: left x = aL + bL*y, top y = aT + bT*x, right x = w - (aR + bR*y),
  // bottom y = h - (aB + bB*x). Each corner is where two of them meet.
  const vertical = [left ? (y: number): number => left.a + left.b * y : null, right ? (y: number): number => w - (right.a + right.b * y) : null];
  const horizontal = [top ? (x: number): number => top.a + top.b * x : null, bottom ? (x: number): number => h - (bottom.a + bottom.b * x) : null];
  const corners: [number, number][] = [];
  for (const xv of vertical) {
    for (const yh of horizontal) {
      if (!xv || !yh) continue;
      let x = xv(h / 2);
      let y = yh(x);
      for (let i = 0; i < 4; i++) { x = xv(y); y = yh(x); }
      corners.push([x, y]);
    }
  }
  const tol = s.cornerTolerance;
  if (corners.some(([x, y]) => x < -tol || y < -tol || x > w + tol || y > h + tol)) return 'cut';
  return corners.length === 4 ? 'inside' : 'unknown';
}
