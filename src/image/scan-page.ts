/**
 * Where a scanned page's own edges lie when the whole upload came back as the document.
 *
 * A flatbed scan shows the page on the scanner's lid, which is usually a shade darker or of
 * another tint than the paper (a grey lid under cream paper can match its brightness exactly and
 * differ only in colour; a few levels is enough: scan noise is small). Along each side of the
 * frame the colour then steps from lid to paper at the page's edge. A page put down a degree
 * askew on a tight scan pokes a corner out of the picture: its edge runs into the frame. So the
 * steps are followed along all four sides, a straight line is fitted to each, and the page's
 * corners (where neighbouring lines meet) tell whether the whole sheet is in the picture.
 * Brightness is measured along the line in colour space from the lid's colour to the paper's,
 * so a step in tint counts as much as one in grey level.
 * When the lid looks like the paper nothing can be seen and the answer is `unknown`: the caller
 * falls back to other evidence.
 */
import type { RgbImage } from './types.js';
import { colourDistance } from './corner-contact.js';
import { median } from '../util/stats.js';

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
  /**
   * Share of the frame row that must show the lid's colour for the lid to be known. A page that
   * fills a tight scan askew leaves only wedges of lid, one per corner, a third of the row or so.
   */
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
  minLidShare: 0.2,
  persist: 6,
  cornerTolerance: 0.3,
};

export type ScanPageState = 'inside' | 'cut' | 'unknown';

/** One side's edge: offset from the frame (pixels) = a + b * position along the side. */
export interface SideLine {
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

type Rgb = readonly [number, number, number];

/** Colour of pixel (x, y). */
function colourAt(img: RgbImage, x: number, y: number): Rgb {
  const o = (y * img.width + x) * 3;
  return [img.data[o], img.data[o + 1], img.data[o + 2]];
}

/** Pixel at `depth` from side `side` (0 left, 1 top, 2 right, 3 bottom), `t` along that side. */
function sidePixel(img: RgbImage, side: number, depth: number, t: number): [number, number] {
  const x = side === 0 ? depth : side === 2 ? img.width - 1 - depth : t;
  const y = side === 1 ? depth : side === 3 ? img.height - 1 - depth : t;
  return [x, y];
}

/** Start of each segment along a side. */
function segmentStarts(along: number, seg: number): number[] {
  const out: number[] = [];
  for (let t0 = 0; t0 + seg <= along; t0 += seg) out.push(t0);
  return out;
}

/** Per-channel median colour of one segment at one depth (medians ignore a stroke crossing it). */
function segmentColour(img: RgbImage, side: number, t0: number, seg: number, depth: number): Rgb {
  const chans = [new Float64Array(seg), new Float64Array(seg), new Float64Array(seg)];
  for (let k = 0; k < seg; k++) {
    const [x, y] = sidePixel(img, side, depth, t0 + k);
    const c = colourAt(img, x, y);
    for (let ch = 0; ch < 3; ch++) chans[ch][k] = c[ch];
  }
  return chans.map((v) => v.sort()[seg >> 1]) as unknown as Rgb;
}

/** A linear map from colour to tone: weights of red, green and blue, and an offset. */
interface ToneAxis {
  readonly weights: Rgb;
  readonly offset: number;
}

const toneOf = (axis: ToneAxis, r: number, g: number, b: number): number => axis.weights[0] * r + axis.weights[1] * g + axis.weights[2] * b + axis.offset;

/**
 * Tone profiles inward from one side: for each segment along the side, the median tone at each
 * depth, where the tone is a colour's position between lid (0) and paper.
 */
function sideProfiles(img: RgbImage, side: number, depth: number, seg: number, axis: ToneAxis): { t: number; p: Float64Array }[] {
  const along = side % 2 === 0 ? img.height : img.width;
  const buf = new Float64Array(seg);
  const d = img.data;
  return segmentStarts(along, seg).map((t0) => {
    const p = new Float64Array(depth);
    for (let dd = 0; dd < depth; dd++) {
      for (let k = 0; k < seg; k++) {
        const [x, y] = sidePixel(img, side, dd, t0 + k);
        const o = (y * img.width + x) * 3;
        buf[k] = toneOf(axis, d[o], d[o + 1], d[o + 2]);
      }
      buf.sort();
      p[dd] = buf[seg >> 1];
    }
    return { t: t0 + seg / 2, p };
  });
}

/**
 * Line through the points: a median fit first (Theil-Sen: the median of the slopes between pairs,
 * then the median offset), which a few stray points near a corner do not pull, then least squares
 * on the points near it.
 */
export function fitLine(points: { t: number; e: number }[], maxResidual: number): SideLine | null {
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
  if (points.length < 2) return null;
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      if (points[j].t !== points[i].t) slopes.push((points[j].e - points[i].e) / (points[j].t - points[i].t));
    }
  }
  if (slopes.length === 0) return null;
  const b = median(slopes);
  const first = { a: median(points.map(({ t, e }) => e - b * t)), b };
  const kept = points.filter(({ t, e }) => Math.abs(first.a + first.b * t - e) <= maxResidual);
  return kept.length >= Math.max(2, points.length / 2) ? fit(kept) : null;
}


/**
 * The most common colour among the samples: the sample with the most others within `radius`
 * (grey levels, every channel), refined to the mean of those neighbours. null without samples.
 */
function commonColour(samples: readonly Rgb[], radius: number): Rgb | null {
  let best: Rgb[] = [];
  for (const c of samples) {
    const near = samples.filter((o) => Math.abs(o[0] - c[0]) <= radius && Math.abs(o[1] - c[1]) <= radius && Math.abs(o[2] - c[2]) <= radius);
    if (near.length > best.length) best = near;
  }
  if (best.length === 0) return null;
  const mean = (ch: number): number => best.reduce((a, c) => a + c[ch], 0) / best.length;
  return [mean(0), mean(1), mean(2)];
}

/**
 * Where the page's edge crosses one tone profile (lid 0, paper `paper`): the depth at which the
 * profile leaves the lid for the paper for good (a run of `persist` pixels at the paper's tone: a
 * printed rule or a text stroke is thin and comes back), with the partly covered pixel counted by
 * its share. null when the profile never leaves the lid, or leaves it slowly (light falloff, not
 * an edge), or for something other than paper, or when something other than lid lies before the step.
 */
function edgeDepth(p: Float64Array, paper: number, lidTolerance: number, s: ScanPageSettings): number | null {
  const lidLike = (v: number): boolean => Math.abs(v) < lidTolerance;
  let d = 0;
  while (d < p.length && lidLike(p[d])) d++;
  if (d === 0 || d + s.persist > p.length) return null;
  const run: number[] = [];
  for (let k = d; k < d + s.persist; k++) {
    if (p[k] < lidTolerance) return null;
    run.push(p[k]);
  }
  run.sort((a, b) => a - b);
  const full = run[run.length >> 1];
  if (full < paper / 2) return null;
  // Sharp: one pixel past the first departure the step is (nearly) complete.
  if (p[d + 1] < 0.6 * full) return null;
  const covered = Math.min(1, p[d] / full);
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
  // Paper: the colour most segments show deep inside the strip. Lid: the colour most of the frame
  // row shows apart from paper (a page filling a tight scan askew leaves it wedges only).
  const frameRow: Rgb[] = [];
  const inner: Rgb[] = [];
  for (let side = 0; side < 4; side++) {
    for (const t0 of segmentStarts(side % 2 === 0 ? h : w, s.segment)) {
      frameRow.push(segmentColour(img, side, t0, s.segment, 0));
      inner.push(segmentColour(img, side, t0, s.segment, depth - 1));
    }
  }
  const paperColour = commonColour(inner, 1.5);
  if (!paperColour) return 'unknown';
  const lidColour = commonColour(frameRow.filter((c) => colourDistance(c, paperColour) >= s.minStep), 1.5);
  if (!lidColour) return 'unknown';
  const paper = colourDistance(lidColour, paperColour);
  if (paper < s.minStep) return 'unknown';
  // Tone: position along the line from lid to paper colour, in grey levels from the lid.
  const weights: Rgb = [(paperColour[0] - lidColour[0]) / paper, (paperColour[1] - lidColour[1]) / paper, (paperColour[2] - lidColour[2]) / paper];
  const axis: ToneAxis = { weights, offset: -(weights[0] * lidColour[0] + weights[1] * lidColour[1] + weights[2] * lidColour[2]) };
  const tone = (c: Rgb): number => toneOf(axis, c[0], c[1], c[2]);
  const lidTolerance = Math.min(paper / 2, Math.max(s.minStep, paper / 4));
  const onLid = frameRow.filter((c) => Math.abs(tone(c)) < lidTolerance).length;
  if (onLid < s.minLidShare * frameRow.length) return 'unknown';
  const profiles = [0, 1, 2, 3].map((side) => sideProfiles(img, side, depth, s.segment, axis));
  const readings: SideReading[] = profiles.map((segs) => {
    const points: { t: number; e: number }[] = [];
    let paperAtFrame = 0;
    for (const { t, p } of segs) {
      if (p[0] >= paper / 2 && p[1] >= paper / 2) { paperAtFrame++; continue; }
      const e = edgeDepth(p, paper, lidTolerance, s);
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
