/**
 * Which located documents lie partly under another (issue 5: iscomplete is false for a document
 * "cut by the frame or occluded"). Papers laid over each other seldom come back as overlapping
 * quads: the localiser returns the lower one cut back to its visible part, so the two quads touch
 * along the upper one's edge, or stop a little short of it with paper between. A pair of
 * documents is in contact when:
 * - a side of one faces a side of the other (nearly parallel, running opposite ways, overlapping
 *   along their length) at most a small distance apart, and whatever lies between them is paper,
 *   not the surface they lie on (two papers merely lying close show the surface between); or
 * - a corner of one lies well inside the other (a card on a page): the one holding it is lower.
 * Which of two touching papers is on top: the lower one runs on under the upper one, so beyond
 * the ends of the upper one's edge its paper shows on the upper one's side of that edge (the
 * corner of a page peeking out past a card laid over it); past the ends of the line, on the lower
 * one's side, lies only the surface. With no such sign either way, neither is judged occluded.
 * Pure geometry over a paper test, so the rules can be tested on drawn quads.
 */
import type { Quad8 } from '../ocr/types.js';
import { pointInQuad, quadArea, quadCentre, type Point } from './geometry.js';
import type { RgbImage } from './types.js';

export interface OcclusionSettings {
  /** Largest distance between facing sides, as a share of the shorter side of the smaller quad. */
  readonly maxGap: number;
  /** Gap under which the sides touch (no paper test needed), same unit. */
  readonly touchGap: number;
  /** Most the facing sides may differ in direction, in degrees. */
  readonly maxSideAngle: number;
  /** Least share of the shorter side that the two sides run alongside each other. */
  readonly minAlongside: number;
  /** Share of gap samples that must be paper for two apart sides to touch. */
  readonly minGapPaper: number;
  /** How far past each end of the contact the peek probes go (the farthest), as a share of its length. */
  readonly probeReach: number;
  /** How far to either side of the contact's sides they look, same unit (just across the edge: the lower sheet may run on under the upper one by only a few millimetres). */
  readonly probeSide: number;
  /** How deep inside the other quad a corner must lie, as a share of that quad's shorter side. */
  readonly cornerDepth: number;
  /** Samples along the gap between facing sides. */
  readonly gapSamples: number;
  /** Paper probes by which one side past the contact must outnumber the other (one patch may be noise). */
  readonly minPeekLead: number;
  /** Band read for print along the contact inside each quad: from, to (shares of its depth). */
  readonly bandFrom: number;
  readonly bandTo: number;
  /** Least share of print in a band for it to count, and how many times the other band's it must be. */
  readonly minBandInk: number;
  readonly bandInkRatio: number;
  /** Grey levels under the paper from which a neutral pixel is print. */
  readonly inkBelowPaper: number;
}

export const OCCLUSION_SETTINGS: OcclusionSettings = {
  maxGap: 0.1,
  touchGap: 0.012,
  maxSideAngle: 12,
  minAlongside: 0.5,
  minGapPaper: 0.7,
  probeReach: 0.09,
  probeSide: 0.012,
  cornerDepth: 0.05,
  gapSamples: 16,
  minPeekLead: 2,
  bandFrom: 0.01,
  bandTo: 0.05,
  minBandInk: 0.015,
  bandInkRatio: 2,
  inkBelowPaper: 70,
};

/** Whether the pixel at (x, y) is paper: true, false, or null when off the image or unclear. */
export type PaperTest = (x: number, y: number) => boolean | null;

/** Whether the pixel at (x, y) is dark neutral print (text, rules): true, false, null off the image. */
export type InkTest = (x: number, y: number) => boolean | null;

/** What a pair decision reads of the pixels. */
export interface PixelTests {
  readonly paper: PaperTest;
  readonly ink: InkTest;
}

type Pt = readonly [number, number];

function corner(q: Quad8, i: number): Pt {
  return [q[(2 * i) % 8]!, q[(2 * i + 1) % 8]!];
}

function shorterSide(q: Quad8): number {
  let min = Infinity;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = corner(q, i);
    const [bx, by] = corner(q, i + 1);
    min = Math.min(min, Math.hypot(bx - ax, by - ay));
  }
  return min;
}

/** Distance from (x, y) into the quad: the least distance to its sides when inside, else 0. */
function depthInside(q: Quad8, x: number, y: number): number {
  if (!pointInQuad(q, x, y)) return 0;
  let min = Infinity;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = corner(q, i);
    const [bx, by] = corner(q, i + 1);
    const len = Math.hypot(bx - ax, by - ay);
    if (len > 0) min = Math.min(min, Math.abs((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / len);
  }
  return min;
}

/** Unit direction of the line from -> to, its length, and the unit normal pointing to `towards`'s side of it. */
function lineFrame(from: Pt, to: Pt, towards: Point): { len: number; ux: number; uy: number; nx: number; ny: number } {
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const ux = len > 0 ? (to[0] - from[0]) / len : 0;
  const uy = len > 0 ? (to[1] - from[1]) / len : 0;
  const flip = (towards.x - from[0]) * -uy + (towards.y - from[1]) * ux < 0;
  return { len, ux, uy, nx: flip ? uy : -uy, ny: flip ? -ux : ux };
}

/** Two facing sides: the line of contact between them (its two ends) and how far apart they are. */
export interface Contact {
  readonly from: Pt;
  readonly to: Pt;
  /** Distance between the sides in pixels (negative when they overlap). */
  readonly gap: number;
}

/**
 * The facing sides of `a` and `b`: a side of each, nearly parallel and running opposite ways (both
 * quads go round the same way), each quad on its own side of the other's side, alongside each
 * other for most of the shorter one, at most `maxGap` apart. The contact runs along the middle of
 * the two sides, over the stretch they share.
 */
export function facingSides(a: Quad8, b: Quad8, s: OcclusionSettings = OCCLUSION_SETTINGS): Contact | null {
  const size = Math.min(shorterSide(a), shorterSide(b));
  const centreA = quadCentre(a);
  const centreB = quadCentre(b);
  let best: Contact | null = null;
  for (let i = 0; i < 4; i++) {
    const p0 = corner(a, i);
    const p1 = corner(a, i + 1);
    const inward = lineFrame(p0, p1, centreA);
    const { len, ux, uy } = inward;
    if (len === 0) continue;
    // Outward normal of a's side: away from a's centre.
    const nx = -inward.nx;
    const ny = -inward.ny;
    for (let j = 0; j < 4; j++) {
      const q0 = corner(b, j);
      const q1 = corner(b, j + 1);
      const lenB = Math.hypot(q1[0] - q0[0], q1[1] - q0[1]);
      if (lenB === 0) continue;
      const cos = ((q1[0] - q0[0]) * ux + (q1[1] - q0[1]) * uy) / lenB;
      if (cos > -Math.cos((s.maxSideAngle * Math.PI) / 180)) continue;
      const d0 = (q0[0] - p0[0]) * nx + (q0[1] - p0[1]) * ny;
      const d1 = (q1[0] - p0[0]) * nx + (q1[1] - p0[1]) * ny;
      const gap = (d0 + d1) / 2;
      if (Math.abs(gap) > s.maxGap * size) continue;
      // b must lie beyond the side, not across it: its centre on the outward side.
      if ((centreB.x - p0[0]) * nx + (centreB.y - p0[1]) * ny <= 0) continue;
      const t0 = (q0[0] - p0[0]) * ux + (q0[1] - p0[1]) * uy;
      const t1 = (q1[0] - p0[0]) * ux + (q1[1] - p0[1]) * uy;
      const lo = Math.max(0, Math.min(t0, t1));
      const hi = Math.min(len, Math.max(t0, t1));
      if (hi - lo < s.minAlongside * Math.min(len, lenB)) continue;
      const half = gap / 2;
      const contact: Contact = {
        from: [p0[0] + ux * lo + nx * half, p0[1] + uy * lo + ny * half],
        to: [p0[0] + ux * hi + nx * half, p0[1] + uy * hi + ny * half],
        gap,
      };
      if (!best || Math.abs(gap) < Math.abs(best.gap)) best = contact;
    }
  }
  return best;
}

/** Whether the strip between two facing sides is paper along most of its length. */
function paperBetween(contact: Contact, paper: PaperTest, s: OcclusionSettings): boolean {
  let seen = 0;
  let yes = 0;
  for (let k = 0; k < s.gapSamples; k++) {
    const t = (k + 0.5) / s.gapSamples;
    const v = paper(contact.from[0] + t * (contact.to[0] - contact.from[0]), contact.from[1] + t * (contact.to[1] - contact.from[1]));
    if (v === null) continue;
    seen++;
    if (v) yes++;
  }
  return seen > 0 && yes >= s.minGapPaper * seen;
}

/**
 * Paper peeking out past the ends of the contact, on each quad's side of it: probes beyond each end
 * along the line, offset to either side, outside both quads. Returns how many probes are paper on
 * a's side and on b's side.
 */
export function peeks(a: Quad8, b: Quad8, contact: Contact, paper: PaperTest, s: OcclusionSettings): [number, number] {
  const [fx, fy] = contact.from;
  const [tx, ty] = contact.to;
  // Normal pointing to a's side.
  const { len, ux, uy, nx, ny } = lineFrame(contact.from, contact.to, quadCentre(a));
  if (len === 0) return [0, 0];
  const reach = s.probeReach * len;
  // Just across each quad's own side: the contact runs midway between the two sides.
  const lateral = Math.abs(contact.gap) / 2 + Math.max(4, s.probeSide * len);
  const counts: [number, number] = [0, 0];
  for (const [ex, ey, dir] of [[fx, fy, -1], [tx, ty, 1]] as const) {
    for (const along of [reach / 3, (2 * reach) / 3, reach]) {
      for (const [side, sign] of [[0, 1], [1, -1]] as const) {
        const x = ex + dir * ux * along + sign * nx * lateral;
        const y = ey + dir * uy * along + sign * ny * lateral;
        if (pointInQuad(a, x, y) || pointInQuad(b, x, y)) continue;
        if (paper(x, y) === true) counts[side]++;
      }
    }
  }
  return counts;
}

/**
 * Share of print in a band inside `q` along the contact (the ends of the contact left out, where
 * the other sides' edges blur in): the upper sheet's own edge has its blank margin inside it, while
 * the lower sheet is cut wherever the upper one's edge happens to cross it, print and all.
 */
export function inkAlong(q: Quad8, contact: Contact, ink: InkTest, s: OcclusionSettings = OCCLUSION_SETTINGS): number {
  const [fx, fy] = contact.from;
  const [tx, ty] = contact.to;
  const { len, nx, ny } = lineFrame(contact.from, contact.to, quadCentre(q));
  if (len === 0) return 0;
  // The quad's depth away from the contact: its farthest corner.
  let depth = 0;
  for (let i = 0; i < 4; i++) depth = Math.max(depth, (q[2 * i]! - fx) * nx + (q[2 * i + 1]! - fy) * ny);
  let seen = 0;
  let dark = 0;
  const along = 48;
  const across = 8;
  for (let k = 0; k < along; k++) {
    const t = 0.1 + (0.8 * (k + 0.5)) / along;
    for (let m = 0; m < across; m++) {
      const d = depth * (s.bandFrom + ((s.bandTo - s.bandFrom) * (m + 0.5)) / across);
      const x = fx + t * (tx - fx) + nx * d;
      const y = fy + t * (ty - fy) + ny * d;
      if (!pointInQuad(q, x, y)) continue;
      const v = ink(x, y);
      if (v === null) continue;
      seen++;
      if (v) dark++;
    }
  }
  return seen === 0 ? 0 : dark / seen;
}

/**
 * Which of two located documents lies partly under the other: 0 for `a`, 1 for `b`, null when
 * neither does (apart, or no sign of which is on top).
 */
export function lowerOfPair(a: Quad8, b: Quad8, px: PixelTests, s: OcclusionSettings = OCCLUSION_SETTINGS): 0 | 1 | null {
  // A corner well inside the other quad: the one holding it is underneath (a card on a page).
  const deepIn = (inner: Quad8, outer: Quad8): boolean => {
    const depth = s.cornerDepth * shorterSide(outer);
    for (let i = 0; i < 4; i++) if (depthInside(outer, ...corner(inner, i)) > depth) return true;
    return false;
  };
  const aInB = deepIn(a, b);
  const bInA = deepIn(b, a);
  if (aInB !== bInA) return aInB ? 1 : 0;
  const contact = facingSides(a, b, s);
  if (!contact) return null;
  const size = Math.min(shorterSide(a), shorterSide(b));
  if (contact.gap > s.touchGap * size && !paperBetween(contact, px.paper, s)) return null;
  const [onA, onB] = peeks(a, b, contact, px.paper, s);
  // Paper on a's side past the contact is b's sheet running on under a: b is the lower one.
  if (onA >= onB + s.minPeekLead) return 1;
  if (onB >= onA + s.minPeekLead) return 0;
  const inkA = inkAlong(a, contact, px.ink, s);
  const inkB = inkAlong(b, contact, px.ink, s);
  if (inkA >= s.minBandInk && inkA >= s.bandInkRatio * inkB) return 0;
  if (inkB >= s.minBandInk && inkB >= s.bandInkRatio * inkA) return 1;
  return null;
}

/** Per document, whether another found document lies on it. */
export function occludedDocuments(quads: readonly Quad8[], px: PixelTests, s: OcclusionSettings = OCCLUSION_SETTINGS): boolean[] {
  const out = quads.map(() => false);
  for (let i = 0; i < quads.length; i++) {
    for (let j = i + 1; j < quads.length; j++) {
      const lower = lowerOfPair(quads[i]!, quads[j]!, px, s);
      if (lower === 0) out[i] = true;
      if (lower === 1) out[j] = true;
    }
  }
  return out;
}

/** Mean colour of a small patch round (x, y), or null off the image. */
function patchColour(image: RgbImage, x: number, y: number, r: number): [number, number, number] | null {
  const cx = Math.round(x);
  const cy = Math.round(y);
  if (cx - r < 0 || cy - r < 0 || cx + r >= image.width || cy + r >= image.height) return null;
  let s0 = 0, s1 = 0, s2 = 0, n = 0;
  for (let yy = cy - r; yy <= cy + r; yy++) {
    for (let xx = cx - r; xx <= cx + r; xx++) {
      const o = (yy * image.width + xx) * 3;
      s0 += image.data[o]!; s1 += image.data[o + 1]!; s2 += image.data[o + 2]!; n++;
    }
  }
  return [s0 / n, s1 / n, s2 / n];
}

function median3(samples: readonly (readonly [number, number, number])[]): [number, number, number] | null {
  if (samples.length === 0) return null;
  const med = (k: 0 | 1 | 2): number => {
    const v = samples.map((c) => c[k]).sort((x, y) => x - y);
    return v[Math.floor(v.length / 2)]!;
  };
  return [med(0), med(1), med(2)];
}

/**
 * The pixel tests for one upload. A patch is paper when its colour is nearer the documents' paper
 * (sampled round the inside of their quads, where the blank margin is) than the surface (sampled
 * along the image border outside every document). Null when either reference is missing or the
 * two are too alike to tell apart.
 */
export function pixelTestsOf(image: RgbImage, quads: readonly Quad8[], s: OcclusionSettings = OCCLUSION_SETTINGS): PixelTests {
  const r = Math.max(1, Math.round(Math.min(image.width, image.height) / 400));
  const paperSamples: [number, number, number][] = [];
  for (const q of quads) {
    const { x: cx, y: cy } = quadCentre(q);
    for (let i = 0; i < 4; i++) {
      const [x0, y0] = corner(q, i);
      const [x1, y1] = corner(q, i + 1);
      for (let k = 1; k < 8; k++) {
        const t = k / 8;
        // 4 % of the way in from the side: the page's margin, clear of the edge's blur.
        const px = x0 + t * (x1 - x0);
        const py = y0 + t * (y1 - y0);
        const c = patchColour(image, px + 0.04 * (cx - px), py + 0.04 * (cy - py), r);
        if (c) paperSamples.push(c);
      }
    }
  }
  const surfaceSamples: [number, number, number][] = [];
  const inset = 2 * r + 1;
  for (let k = 0; k < 64; k++) {
    const t = (k + 0.5) / 64;
    for (const [x, y] of [[t * image.width, inset], [t * image.width, image.height - 1 - inset], [inset, t * image.height], [image.width - 1 - inset, t * image.height]] as const) {
      if (quads.some((q) => pointInQuad(q, x, y))) continue;
      const c = patchColour(image, x, y, r);
      if (c) surfaceSamples.push(c);
    }
  }
  const paperRef = median3(paperSamples);
  const surfaceRef = median3(surfaceSamples);
  const dist = (c: readonly number[], d: readonly number[]): number => Math.hypot(c[0]! - d[0]!, c[1]! - d[1]!, c[2]! - d[2]!);
  const ink = inkTestOf(image, paperRef, s);
  if (!paperRef || !surfaceRef || dist(paperRef, surfaceRef) < 30) return { paper: () => null, ink };
  const paper: PaperTest = (x, y) => {
    const c = patchColour(image, x, y, r);
    return c ? dist(c, paperRef) < dist(c, surfaceRef) : null;
  };
  return { paper, ink };
}

/** Neutral pixels well under the paper's grey: black or grey print (coloured bands and stamps are left out). */
function inkTestOf(image: RgbImage, paperRef: readonly number[] | null, s: OcclusionSettings): InkTest {
  const paperGrey = paperRef ? (paperRef[0]! + paperRef[1]! + paperRef[2]!) / 3 : 255;
  return (x, y) => {
    const cx = Math.round(x);
    const cy = Math.round(y);
    if (cx < 0 || cy < 0 || cx >= image.width || cy >= image.height) return null;
    const o = (cy * image.width + cx) * 3;
    const r = image.data[o]!;
    const g = image.data[o + 1]!;
    const b = image.data[o + 2]!;
    return Math.max(r, g, b) - Math.min(r, g, b) < 50 && (r + g + b) / 3 < paperGrey - s.inkBelowPaper;
  };
}

/** Per located document of an upload, whether another one lies on it. */
export function findOccluded(image: RgbImage, quads: readonly Quad8[], s: OcclusionSettings = OCCLUSION_SETTINGS): boolean[] {
  if (quads.length < 2) return quads.map(() => false);
  // A quad covering (nearly) the whole upload is the page filling the frame: nothing lies on it.
  const total = image.width * image.height;
  const usable = quads.map((q) => quadArea(q) < 0.9 * total);
  const flags = occludedDocuments(quads, pixelTestsOf(image, quads, s), s);
  return flags.map((f, i) => f && usable[i]!);
}
