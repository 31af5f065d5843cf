/**
 * Whether a located sheet whose side lies on the frame really runs out of the picture there.
 *
 * The localiser's quad may sit a few pixels off the sheet's real outline, so a sheet lying just
 * inside the frame (its edge a few pixels from the border) comes back with a side on it. A sheet
 * that the frame cuts shows its paper (and print) along the border row all the way between its
 * corners; one that stops short of it leaves the table or a dark margin there. The border row is
 * compared with the sheet's own paper, sampled a little way in from that side.
 */
import type { Quad8 } from '../ocr/types.js';
import { colourDistance, luma, paperIn, paperToward, type Rgb } from './corner-contact.js';
import { quadCentre } from './geometry.js';
import type { RgbImage } from './types.js';

export interface FrameSideSettings {
  /** Share of the way from the side towards the quad's centre where the paper is sampled. */
  readonly sampleSteps: readonly number[];
  /** Positions along the side (share of its length) where the paper is sampled. */
  readonly samplePlaces: readonly number[];
  /** Half side (pixels) of a paper sample's patch. */
  readonly patchRadius: number;
  /** Colour distance (RGB, Euclidean) within which a border pixel is that paper. */
  readonly paperTolerance: number;
  /** Share of the side's stretch of the border (its ends left out) read. */
  readonly readShare: number;
  /**
   * Paper share of the border row under which the sheet stops short of the frame: a sheet the
   * frame cuts shows its paper along most of the border between its corners (print crossing the
   * edge takes a share of it), while under half of it is the sheet's paper where the quad was
   * carried to the frame over the desk or over other papers of another tint lying under the sheet.
   */
  readonly minPaperShare: number;
  /**
   * The sheet's paper in shadow: a border pixel off the paper's colour still counts when it matches
   * the sheet's paper a little way in from the quad's side at the same place (read every
   * `localStep` pixels along it), and that paper is the paper of the whole side dimmed by at most
   * `minShade` (its brightness at least that share; brought back to the paper's brightness, within
   * `shadeTint` of it: a paper of another tint under the sheet is no shade of it). A shadow or the light
   * falling off across a photo darkens a sheet run out of the frame far more than the tolerance (a
   * white page ~245 at one end, ~200 at the other); a desk, even a pale grey one, still differs
   * from the sheet's paper beside it where the sheet stops short of the frame.
   */
  readonly localStep: number;
  readonly minShade: number;
  readonly shadeTint: number;
  /** Deepest line (share of the way to the opposite side) searched for the sheet's own edge inside a quad on the frame. */
  readonly overshootDepth: number;
  /** Least depth (pixels) of that line from the frame: a sheet's blurred edge right at the frame is no overshoot. */
  readonly overshootMinPx: number;
  /** Half distance (pixels) between the two patches compared across a candidate edge, and the colour step there. */
  readonly edgeHalfWidth: number;
  readonly stepContrast: number;
  /** Share of the columns across the quad a candidate line must cross at a step to be the sheet's edge. */
  readonly minStepRun: number;
  /** Distance (pixels) in and out of a side where the paper either side of it is compared. */
  readonly besideSide: number;
  /**
   * Where along a leg, as shares of the way from the frame to the sheet's edge found inside the
   * quad, the paper either side of it is compared: the half nearer the frame, clear of the shadow
   * the sheet casts on the paper round its edge.
   */
  readonly legProbes: readonly number[];
  /** Half side (pixels) of the patch whose brightest pixel stands for the paper there (ruled lines and print are thin). */
  readonly legPatch: number;
  /**
   * Distance (pixels) either side of a line found inside the quad where the paper is compared, and
   * the places across the quad (shares of the way from one leg to the other) where it is: the same
   * paper on both sides at most of them makes the line print on the sheet (a form's ruled box or
   * table border), not the sheet's edge over another paper.
   */
  readonly acrossLine: number;
  readonly acrossPlaces: readonly number[];
  /** Colour distance within which the paper on the two sides of such a line is one paper (a cream sheet on a white page differs by ~26; one paper's tint drifts by up to ~15 across a rule under uneven light and JPEG noise). */
  readonly samePaper: number;
}

export const FRAME_SIDE_SETTINGS: FrameSideSettings = {
  sampleSteps: [0.03, 0.06, 0.1],
  samplePlaces: [0.25, 0.5, 0.75],
  patchRadius: 3,
  paperTolerance: 28,
  readShare: 0.8,
  minPaperShare: 0.5,
  localStep: 8,
  shadeTint: 12,
  minShade: 0.7,
  overshootDepth: 0.35,
  overshootMinPx: 12,
  edgeHalfWidth: 3,
  stepContrast: 18,
  minStepRun: 0.8,
  besideSide: 6,
  legProbes: [0.15, 0.3, 0.45],
  legPatch: 2,
  acrossLine: 10,
  acrossPlaces: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9],
  samePaper: 20,
};

/** The two corners of the quad nearest frame side `side` (0 left, 1 top, 2 right, 3 bottom). */
function cornersNearSide(img: RgbImage, quad: Quad8, side: number): [number, number] {
  const distance = (k: number): number => {
    const x = quad[2 * k]!;
    const y = quad[2 * k + 1]!;
    return side === 0 ? x : side === 1 ? y : side === 2 ? img.width - 1 - x : img.height - 1 - y;
  };
  const order = [0, 1, 2, 3].sort((a, b) => distance(a) - distance(b));
  return [order[0]!, order[1]!];
}

/**
 * The sheet's paper beside its side on the frame: the brightest of patches a little way in from
 * points along that side (a printed border or a dark band along the edge is not the paper).
 */
function paperBesideSide(img: RgbImage, quad: Quad8, ends: [number, number], s: FrameSideSettings): Rgb {
  const centre = quadCentre(quad);
  const [i, j] = ends;
  let best: Rgb = [0, 0, 0];
  for (const t of s.samplePlaces) {
    const x = quad[2 * i]! + t * (quad[2 * j]! - quad[2 * i]!);
    const y = quad[2 * i + 1]! + t * (quad[2 * j + 1]! - quad[2 * i + 1]!);
    const c = paperToward(img, x, y, centre, s.sampleSteps, s.patchRadius);
    if (luma(c) > luma(best)) best = c;
  }
  return best;
}

/**
 * Share of the border row along the stretch of frame side `side` that the quad's side covers
 * (its ends left out) that is the sheet's paper.
 */
export function paperShareAlongFrame(img: RgbImage, quad: Quad8, side: number, s: FrameSideSettings = FRAME_SIDE_SETTINGS): number {
  const ends = cornersNearSide(img, quad, side);
  const paper = paperBesideSide(img, quad, ends, s);
  const along = (k: number): number => (side % 2 === 0 ? quad[2 * k + 1]! : quad[2 * k]!);
  const lo = Math.min(along(ends[0]), along(ends[1]));
  const hi = Math.max(along(ends[0]), along(ends[1]));
  const trim = ((1 - s.readShare) / 2) * (hi - lo);
  const limit = side % 2 === 0 ? img.height : img.width;
  const from = Math.max(0, Math.round(lo + trim));
  const to = Math.min(limit - 1, Math.round(hi - trim));
  // The sheet's paper a little way in from its side at one place along it (as paperBesideSide),
  // when it is the paper sampled for the whole side dimmed by light or shadow; read every
  // `localStep` pixels, only where a border pixel is off the paper's colour.
  const centre = quadCentre(quad);
  const [ia, ib] = ends;
  const ua = along(ia);
  const ub = along(ib);
  const cache = new Map<number, Rgb | null>();
  const local = (u: number): Rgb | null => {
    const key = Math.round(u / s.localStep);
    if (cache.has(key)) return cache.get(key)!;
    const t = ub === ua ? 0.5 : Math.max(0, Math.min(1, (key * s.localStep - ua) / (ub - ua)));
    const x = quad[2 * ia]! + t * (quad[2 * ib]! - quad[2 * ia]!);
    const y = quad[2 * ia + 1]! + t * (quad[2 * ib + 1]! - quad[2 * ia + 1]!);
    const c = paperToward(img, x, y, centre, s.sampleSteps, s.patchRadius);
    const shaded = shadedPaper(c, paper, s) ? c : null;
    cache.set(key, shaded);
    return shaded;
  };
  let seen = 0;
  let onPaper = 0;
  for (let u = from; u <= to; u++) {
    const x = side === 0 ? 0 : side === 2 ? img.width - 1 : u;
    const y = side === 1 ? 0 : side === 3 ? img.height - 1 : u;
    const o = (y * img.width + x) * 3;
    const c: Rgb = [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!];
    seen++;
    if (colourDistance(c, paper) <= s.paperTolerance) onPaper++;
    else {
      const near = local(u);
      if (near && colourDistance(c, near) <= s.paperTolerance) onPaper++;
    }
  }
  return seen === 0 ? 1 : onPaper / seen;
}

/** Whether `c` is `paper` dimmed by light or shadow: at least `minShade` of its brightness, of its tint within `shadeTint`. */
export function shadedPaper(c: Rgb, paper: Rgb, s: FrameSideSettings = FRAME_SIDE_SETTINGS): boolean {
  const lp = luma(paper);
  if (lp <= 0) return false;
  const k = luma(c) / lp;
  if (k < s.minShade || k > 1.05) return false;
  // Compared at the paper's brightness: shade scales every channel alike, and a bluish white
  // paper under a cream sheet differs in tint only.
  return colourDistance([c[0] / k, c[1] / k, c[2] / k], paper) <= s.shadeTint;
}

type Pt = readonly [number, number];

function pixel(img: RgbImage, x: number, y: number): Rgb | null {
  const cx = Math.round(x);
  const cy = Math.round(y);
  if (cx < 0 || cy < 0 || cx >= img.width || cy >= img.height) return null;
  const o = (cy * img.width + cx) * 3;
  return [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!];
}

/**
 * The quad's side on frame side `side` and the two sides leaving it: corners [a, b] on the frame
 * and [a2, b2] the far ends of the sides from a and from b (the quad goes round in order).
 */
function sideAndLegs(img: RgbImage, quad: Quad8, side: number): { a: Pt; b: Pt; a2: Pt; b2: Pt } {
  const [i, j] = cornersNearSide(img, quad, side);
  const at = (k: number): Pt => [quad[2 * (k % 4)]!, quad[2 * (k % 4) + 1]!];
  // i and j are neighbours on the quad: the leg from i goes the other way round.
  const forward = (i + 1) % 4 === j;
  return { a: at(i), b: at(j), a2: at(forward ? i + 3 : i + 1), b2: at(forward ? j + 1 : j + 3) };
}

/** Where the sheet's own edge crosses the quad: shares of the way along the legs from a and from b. */
export interface EdgeInside {
  readonly ta: number;
  readonly tb: number;
}

const lerp = (p: Pt, q: Pt, t: number): Pt => [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];

/**
 * The line across the quad, between the frame and `overshootDepth` along each leg, where the colour
 * steps along most of it: a sheet's own edge inside the quad. Null when none does.
 *
 * Read column by column: columnSteps walks from the frame side inward, at even places across the
 * quad, each in the direction between the two legs at its place; along each, the depths where the
 * colour before and after differs by `stepContrast` are steps (an edge's blur makes a short run:
 * its middle is kept). A line meets column u at depth (1 - u) * pa + u * pb (pa, pb: its depths on
 * the legs); lines through a step of a column near one end and one of the matching column near the
 * other end (four such pairs: print may hide the edge in one column) are tried, and the one passing
 * a step (within 1.5 px) in most columns is kept. Each end moves along its own
 * leg: the sheet's real side need not be parallel to the quad's far side.
 */
export function edgeInsideQuad(img: RgbImage, quad: Quad8, side: number, s: FrameSideSettings = FRAME_SIDE_SETTINGS): EdgeInside | null {
  const { a, b, a2, b2 } = sideAndLegs(img, quad, side);
  const lenA = Math.hypot(a2[0] - a[0], a2[1] - a[1]);
  const lenB = Math.hypot(b2[0] - b[0], b2[1] - b[1]);
  if (Math.min(lenA, lenB) < 4 * s.overshootMinPx) return null;
  const ua: Pt = [(a2[0] - a[0]) / lenA, (a2[1] - a[1]) / lenA];
  const ub: Pt = [(b2[0] - b[0]) / lenB, (b2[1] - b[1]) / lenB];
  const depth = Math.floor(s.overshootDepth * Math.min(lenA, lenB));
  const places = Array.from({ length: EDGE_COLUMNS }, (_, k) => 0.1 + (0.8 * k) / (EDGE_COLUMNS - 1));
  const steps = places.map((u) => columnSteps(img, lerp(a, b, u), lerp(ua, ub, u), depth, s));
  const hit = (k: number, c: number): boolean => steps[k]!.some((d) => Math.abs(d - c) <= 1.5);
  let best: { pa: number; pb: number; support: number } | null = null;
  for (const [k1, k2] of [[0, EDGE_COLUMNS - 1], [1, EDGE_COLUMNS - 2], [2, EDGE_COLUMNS - 3], [4, EDGE_COLUMNS - 5]] as const) {
    const u1 = places[k1]!;
    const u2 = places[k2]!;
    for (const c1 of steps[k1]!) {
      for (const c2 of steps[k2]!) {
        // Solve c = (1 - u) pa + u pb at both columns.
        const pb = (c2 * (1 - u1) - c1 * (1 - u2)) / (u2 - u1);
        const pa = (c1 - u1 * pb) / (1 - u1);
        if (pa < s.overshootMinPx || pb < s.overshootMinPx || pa > depth || pb > depth) continue;
        let support = 0;
        for (let k = 0; k < EDGE_COLUMNS; k++) if (hit(k, (1 - places[k]!) * pa + places[k]! * pb)) support++;
        if (!best || support > best.support) best = { pa, pb, support };
      }
    }
  }
  return best && best.support >= s.minStepRun * EDGE_COLUMNS ? { ta: best.pa / lenA, tb: best.pb / lenB } : null;
}

/** Columns read across the quad by edgeInsideQuad. */
const EDGE_COLUMNS = 24;

/**
 * Depths (pixels from `from` along the unit direction `dir`, from `overshootMinPx` to `depth`) where
 * the colour `edgeHalfWidth` before and after differs by more than `stepContrast`: the middle of
 * each run of such depths.
 */
function columnSteps(img: RgbImage, from: Pt, dir: Pt, depth: number, s: FrameSideSettings): number[] {
  const norm = Math.hypot(dir[0], dir[1]) || 1;
  const dx = dir[0] / norm;
  const dy = dir[1] / norm;
  const h = s.edgeHalfWidth;
  const stepSq = s.stepContrast * s.stepContrast;
  const { width: w, height: ht, data } = img;
  const out: number[] = [];
  let runStart = -1;
  for (let c = s.overshootMinPx; c <= depth + 1; c++) {
    let step = false;
    if (c <= depth) {
      const x0 = Math.round(from[0] + dx * (c - h));
      const y0 = Math.round(from[1] + dy * (c - h));
      const x1 = Math.round(from[0] + dx * (c + h));
      const y1 = Math.round(from[1] + dy * (c + h));
      if (x0 >= 0 && y0 >= 0 && x1 >= 0 && y1 >= 0 && x0 < w && x1 < w && y0 < ht && y1 < ht) {
        const o = (y0 * w + x0) * 3;
        const o2 = (y1 * w + x1) * 3;
        const dr = data[o]! - data[o2]!;
        const dg = data[o + 1]! - data[o2 + 1]!;
        const db = data[o + 2]! - data[o2 + 2]!;
        step = dr * dr + dg * dg + db * db > stepSq;
      }
    }
    if (step && runStart < 0) runStart = c;
    if (!step && runStart >= 0) {
      out.push((runStart + c - 1) / 2);
      runStart = -1;
    }
  }
  return out;
}

/**
 * Whether, between the frame and depth `t`, what lies just outside a leg of the quad matches what
 * lies just inside it at every probe: the localiser's side was carried over a paper that runs on
 * past the quad (another paper under the sheet), not along the sheet's own edge, which has the
 * surface beyond it.
 */
function legCrossesPaper(img: RgbImage, from: Pt, to: Pt, centre: { x: number; y: number }, t: number, s: FrameSideSettings): boolean {
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
  if (len === 0) return false;
  let nx = -(to[1] - from[1]) / len;
  let ny = (to[0] - from[0]) / len;
  if ((centre.x - from[0]) * nx + (centre.y - from[1]) * ny > 0) {
    nx = -nx;
    ny = -ny;
  }
  return s.legProbes.every((f) => {
    const [x, y] = lerp(from, to, f * t);
    const outside = paperIn(img, x + nx * s.besideSide, y + ny * s.besideSide, s.legPatch);
    const inside = paperIn(img, x - nx * s.besideSide, y - ny * s.besideSide, s.legPatch);
    return outside !== null && inside !== null && luma(inside) >= 150 && colourDistance(outside, inside) <= s.paperTolerance;
  });
}

/**
 * Whether the line from `p` to `q` (found inside a quad) has one paper on both sides: the mean, over
 * `acrossPlaces` along it, of the brightest pixel of a patch `acrossLine` pixels to either side
 * (clear of a ruled line's width and an edge's blur; one patch's brightest pixel may be a JPEG
 * fringe beside print, the mean over the places is the paper's tint), the two means within
 * `samePaper`. A sheet lying on another paper shows that paper, of another tint, beyond its edge;
 * a printed rule or box line (an invoice's table border running parallel to the cut edge) has the
 * sheet's own paper on both sides. Without this, such a rule was taken for the sheet's edge and a
 * sheet cut by the frame for a quad carried over paper.
 */
export function samePaperAcross(img: RgbImage, p: Pt, q: Pt, centre: { x: number; y: number }, s: FrameSideSettings = FRAME_SIDE_SETTINGS): boolean {
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  if (len === 0) return false;
  let nx = -(q[1] - p[1]) / len;
  let ny = (q[0] - p[0]) / len;
  // The normal points into the quad (away from the frame side).
  if ((centre.x - p[0]) * nx + (centre.y - p[1]) * ny < 0) {
    nx = -nx;
    ny = -ny;
  }
  const inner = [0, 0, 0];
  const outer = [0, 0, 0];
  let seen = 0;
  for (const u of s.acrossPlaces) {
    const [x, y] = lerp(p, q, u);
    const a = paperIn(img, x + nx * s.acrossLine, y + ny * s.acrossLine, s.patchRadius);
    const b = paperIn(img, x - nx * s.acrossLine, y - ny * s.acrossLine, s.patchRadius);
    if (a === null || b === null) continue;
    seen++;
    for (let k = 0; k < 3; k++) {
      inner[k] += a[k]!;
      outer[k] += b[k]!;
    }
  }
  if (seen < 3) return false;
  const mean = (c: number[]): Rgb => [c[0]! / seen, c[1]! / seen, c[2]! / seen];
  return colourDistance(mean(inner), mean(outer)) <= s.samePaper;
}

/**
 * Whether the quad's side on the frame was carried past the sheet over another paper: inside the
 * quad a line steps in colour all across it (the sheet's real edge), and between it and the frame
 * the paper runs on out past one of the quad's legs. A sheet cut by the frame with a band or a
 * tint along its cut edge shows such a line too, but the surface lies beyond its legs there.
 */
export function overshootsOntoPaper(img: RgbImage, quad: Quad8, side: number, s: FrameSideSettings = FRAME_SIDE_SETTINGS): boolean {
  const edge = edgeInsideQuad(img, quad, side, s);
  if (edge === null) return false;
  const { a, b, a2, b2 } = sideAndLegs(img, quad, side);
  const centre = quadCentre(quad);
  if (samePaperAcross(img, lerp(a, a2, edge.ta), lerp(b, b2, edge.tb), centre, s)) return false;
  return legCrossesPaper(img, a, a2, centre, edge.ta, s) || legCrossesPaper(img, b, b2, centre, edge.tb, s);
}

/**
 * Whether the sheet stops short of frame side `side`: the border row along it is mostly not its
 * paper, or the quad was carried over another paper to the frame (overshootsOntoPaper).
 */
export function stopsShortOfFrame(img: RgbImage, quad: Quad8, side: number, s: FrameSideSettings = FRAME_SIDE_SETTINGS): boolean {
  return paperShareAlongFrame(img, quad, side, s) < s.minPaperShare || overshootsOntoPaper(img, quad, side, s);
}
