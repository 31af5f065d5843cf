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
 * Which of two touching papers is on top, first at the upper one's real edge (the localiser's split
 * often runs beside it): the edge is the line along the contact across which the colour steps all
 * along, with paper on both sides. Beside it the upper sheet is whole: its own border or frame line
 * runs along the edge, and its print stops at a blank margin; the lower sheet is cut there, its
 * border gone and its text lines, rules and bands ending right at the edge. Failing that, the
 * lower one runs on under the upper one, so beyond the ends of the upper one's edge its paper
 * shows on the upper one's side of that edge (the corner of a page peeking out past a card laid
 * over it). With no such sign either way, neither is judged occluded.
 * Geometry over paper and colour probes, so the rules can be tested on drawn scenes.
 */
import type { Quad8 } from '../ocr/types.js';
import { luma } from './corner-contact.js';
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
  /** Share of samples that must be paper: in the gap for two apart sides to touch, and on each side of an edge for it to lie on paper. */
  readonly minGapPaper: number;
  /** How far past each end of the contact the peek probes go (the farthest), as a share of its length. */
  readonly probeReach: number;
  /** How far to either side of the contact's sides they look, same unit (just across the edge: the lower sheet may run on under the upper one by only a few millimetres). */
  readonly probeSide: number;
  /** How deep inside the other quad a corner must lie, as a share of that quad's shorter side. */
  readonly cornerDepth: number;
  /** How far outside such a corner the paper round it is probed, as a share of its own quad's shorter side (at least 4 px). */
  readonly cornerProbe: number;
  /** Samples along the gap between facing sides. */
  readonly gapSamples: number;
  /** Paper probes by which one side past the contact must outnumber the other (one patch may be noise). */
  readonly minPeekLead: number;
  /** How far either side of the contact the upper sheet's real edge is looked for, as a share of the contact's length (at least `edgeSearchMin` pixels). */
  readonly edgeSearch: number;
  readonly edgeSearchMin: number;
  /** Half the distance, in pixels, between the two patches compared across a candidate edge. */
  readonly edgeHalfWidth: number;
  /** Colour distance across a candidate edge from which a sample is a step. */
  readonly stepContrast: number;
  /** Least share of samples along a candidate edge that must be steps for it to be a sheet's edge. */
  readonly minStepRun: number;
  /**
   * Distance (pixels) past the probes either side of a candidate edge where the colours are read
   * again, and the share of the samples along it that must agree: a line with one paper on both
   * sides that far off is a printed rule (a certificate's frame line a few millimetres inside its
   * edge steps as sharply as the edge), and one where each side keeps its colour that far is two
   * surfaces meeting (rules up to `edgeHalfWidth + edgeFar` pixels wide are told apart).
   */
  readonly edgeFar: number;
  readonly minFarRun: number;
  /** Width of the strip read beside the edge on each side for cut print, as a share of the contact's length (at least 4 px). */
  readonly cutStrip: number;
  /** Colour distance from a side's paper from which a patch beside the edge is print. */
  readonly printContrast: number;
  /** Least share of the edge with print right beside it for that side to be cut, and how many times the other side's share it must be. */
  readonly minCut: number;
  readonly cutRatio: number;
  /** The same least share when no edge stands out and the quads' shared split is read instead. */
  readonly minCutAtSplit: number;
  /** Share of the edge's length from which a piece of print runs along the edge rather than across it. */
  readonly parallelRun: number;
  /**
   * A solid band of colour beside the edge (a card's coloured strip, printed to the card's very
   * edge): a piece spanning at least `bandSpan` of the edge's length with at least `bandFill` of
   * its cells (positions along the edge by depths into the strip) marked. Such a band ends at the
   * edge on the upper card as much as on a cut lower one, so it is no sign of a cut.
   */
  readonly bandSpan: number;
  readonly bandFill: number;
  /** Width of the strip read for a border beside the edge, as a share of the contact's length (at least 6 px). */
  readonly borderStrip: number;
  /** Share of the edge a border must run along on one side, and at most on the other. */
  readonly minBorderRun: number;
  readonly maxOtherRun: number;
  /** Colour distance from the surface's reference within which a patch that is not paper is the surface. */
  readonly surfaceMatch: number;
  /** Depths inside each quad, beside the contact, where the surface is looked for (shares of the contact's length, at least 6 px). */
  readonly deskDepths: readonly number[];
  /** Share of those probes on one quad's side that must be the surface for its quad to have been carried over the desk. */
  readonly minDeskInside: number;
  /** Least colour distance between a document's paper and the surface for that paper to be told from it. */
  readonly minPaperContrast: number;
  /** Depths into each quad (shares of the way to its centre) where its paper's colour is sampled. */
  readonly paperDepths: readonly number[];
  /** Degrees by which one quad's corners at the contact must be farther off square than the other's for it to be the cut one. */
  readonly minCutSkew: number;
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
  cornerProbe: 0.03,
  gapSamples: 16,
  minPeekLead: 2,
  edgeSearch: 0.08,
  edgeSearchMin: 8,
  edgeHalfWidth: 3,
  stepContrast: 18,
  minStepRun: 0.8,
  edgeFar: 4,
  minFarRun: 0.6,
  cutStrip: 0.02,
  printContrast: 60,
  minCut: 0.05,
  cutRatio: 2.5,
  minCutAtSplit: 0.1,
  parallelRun: 0.3,
  bandSpan: 0.1,
  bandFill: 0.8,
  borderStrip: 0.05,
  minBorderRun: 0.7,
  maxOtherRun: 0.3,
  surfaceMatch: 50,
  deskDepths: [0.03, 0.06],
  minDeskInside: 0.5,
  minPaperContrast: 30,
  paperDepths: [0.04, 0.08],
  minCutSkew: 3,
};

/** Whether the pixel at (x, y) is paper: true, false, or null when off the image or unclear. */
export type PaperTest = (x: number, y: number) => boolean | null;

/** Mean colour of a small patch round (x, y), or null off the image. */
export type ColourProbe = (x: number, y: number) => readonly [number, number, number] | null;

/** What a pair decision reads of the pixels. */
export interface PixelTests {
  readonly paper: PaperTest;
  /**
   * Whether the pixel is the surface the papers lie on (null off the image or when unknown). A
   * patch that is neither paper nor surface is a coloured sheet: a bank card, a printed cover.
   */
  readonly surface?: PaperTest;
  readonly colour: ColourProbe;
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
  /** The facing side of each quad (side k runs from corner k to corner k + 1), when known. */
  readonly sides?: readonly [number, number];
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
        sides: [i, j],
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
 * Where probes past the ends of a contact go: its ends, its direction, the normal pointing to a's
 * side, how far beyond the ends they reach and how far to either side they stand (just across each
 * quad's own side: the contact runs midway between the two sides). Null for a contact of no length.
 */
function probesPastEnds(a: Quad8, contact: Contact, s: OcclusionSettings) {
  const [fx, fy] = contact.from;
  const [tx, ty] = contact.to;
  const { len, ux, uy, nx, ny } = lineFrame(contact.from, contact.to, quadCentre(a));
  if (len === 0) return null;
  return { fx, fy, tx, ty, ux, uy, nx, ny, reach: s.probeReach * len, lateral: Math.abs(contact.gap) / 2 + Math.max(4, s.probeSide * len) };
}

/**
 * Paper peeking out past the ends of the contact, on each quad's side of it: probes beyond each end
 * along the line, offset to either side, outside both quads. Returns how many probes are paper on
 * a's side and on b's side.
 */
export function peeks(a: Quad8, b: Quad8, contact: Contact, paper: PaperTest, s: OcclusionSettings): [number, number] {
  const probe = probesPastEnds(a, contact, s);
  if (!probe) return [0, 0];
  const { fx, fy, tx, ty, ux, uy, nx, ny, reach, lateral } = probe;
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
 * Which sheet's edge runs on past the ends of the contact while the other sheet stops there (a
 * T-junction, the plainest sign of one paper lying over another): the upper sheet's side is whole,
 * so beyond the contact its paper goes on with the surface right across the line, where the lower
 * sheet, cut by that edge, has ended. Probes past each end just inside either quad's side (the
 * continuing one's paper) and just across it (not paper: a wood or cloth desk strays too far from
 * its median colour for the surface test). An end counts only when every probe there agrees: a
 * sheet peeking out from under the other, or a quad a little off the real edge, passes a probe or
 * two, not the whole run. Returns at how many ends a's edge runs on, and b's.
 */
export function edgeRunsOn(a: Quad8, b: Quad8, contact: Contact, px: PixelTests, s: OcclusionSettings = OCCLUSION_SETTINGS): [number, number] {
  const probe = probesPastEnds(a, contact, s);
  if (!probe) return [0, 0];
  const { fx, fy, tx, ty, ux, uy, nx, ny, reach, lateral } = probe;
  const sheet = sheetTest(px);
  const alongs = [reach / 3, (2 * reach) / 3, reach];
  const ends: [number, number] = [0, 0];
  for (const [ex, ey, dir] of [[fx, fy, -1], [tx, ty, 1]] as const) {
    for (const [side, sign, own, other] of [[0, 1, a, b], [1, -1, b, a]] as const) {
      const runsOn = alongs.every((along) => {
        const ix = ex + dir * ux * along + sign * nx * lateral;
        const iy = ey + dir * uy * along + sign * ny * lateral;
        const ox = ex + dir * ux * along - sign * nx * lateral;
        const oy = ey + dir * uy * along - sign * ny * lateral;
        return pointInQuad(own, ix, iy) && !pointInQuad(other, ox, oy) && sheet(ix, iy) === true && px.paper(ox, oy) === false;
      });
      if (runsOn) ends[side]++;
    }
  }
  return ends;
}

function colourDistance(c: readonly number[], d: readonly number[]): number {
  return Math.hypot(c[0]! - d[0]!, c[1]! - d[1]!, c[2]! - d[2]!);
}

/** Positions along the middle of the contact (its ends left out, where the other sides blur in). */
function alongContact(contact: Contact, samples: number): Pt[] {
  const out: Pt[] = [];
  for (let k = 0; k < samples; k++) {
    const t = 0.1 + (0.8 * (k + 0.5)) / samples;
    out.push([contact.from[0] + t * (contact.to[0] - contact.from[0]), contact.from[1] + t * (contact.to[1] - contact.from[1])]);
  }
  return out;
}

const EDGE_SAMPLES = 40;

/**
 * Where the upper sheet's real edge runs, as an offset from the contact towards `towards` (pixels):
 * the localiser often splits two overlapping sheets along a line beside the upper one's edge. A
 * sheet's edge is a step in colour that holds all along the contact (print crossing a line steps
 * only here and there, and a printed rule is the same paper on both sides). Searched among lines
 * parallel to the contact; null when none steps along most of its length. Of the lines stepping
 * most, the nearest is taken, unless it is a printed rule (one paper on both sides `edgeFar`
 * pixels on) and a line whose two sides keep their colours that far lies farther off: the
 * localiser often splits at the upper sheet's printed frame line, a few pixels inside its edge,
 * which steps as sharply as the edge.
 */
export function edgeOffset(contact: Contact, towards: Point, colour: ColourProbe, s: OcclusionSettings = OCCLUSION_SETTINGS): number | null {
  const { len, nx, ny } = lineFrame(contact.from, contact.to, towards);
  if (len === 0) return null;
  const reach = Math.max(s.edgeSearchMin, Math.round(s.edgeSearch * len));
  const h = s.edgeHalfWidth;
  const far = h + s.edgeFar;
  const points = alongContact(contact, EDGE_SAMPLES);
  let best: { d: number; run: number } | null = null;
  let bestApart: { d: number; run: number } | null = null;
  const apartAt = new Map<number, boolean>();
  const ruleAt = new Map<number, boolean>();
  for (let d = -reach; d <= reach; d++) {
    let seen = 0;
    let steps = 0;
    let apart = 0;
    let same = 0;
    for (const [x, y] of points) {
      const inner = colour(x + nx * (d + h), y + ny * (d + h));
      const outer = colour(x + nx * (d - h), y + ny * (d - h));
      if (!inner || !outer) continue;
      seen++;
      if (colourDistance(inner, outer) <= s.stepContrast) continue;
      steps++;
      const innerFar = colour(x + nx * (d + far), y + ny * (d + far));
      const outerFar = colour(x + nx * (d - far), y + ny * (d - far));
      // Each side's colour holds on past the line: two surfaces meet there. On a rule, the probe on
      // it differs from the paper a little way on.
      if (innerFar && outerFar && colourDistance(inner, innerFar) <= s.stepContrast && colourDistance(outer, outerFar) <= s.stepContrast) apart++;
      // One paper on both sides a little way off: a line printed on it.
      if (innerFar && outerFar && colourDistance(innerFar, outerFar) <= s.stepContrast) same++;
    }
    const run = seen === 0 ? 0 : steps / seen;
    const isApart = run >= s.minStepRun && seen > 0 && apart >= s.minFarRun * seen;
    apartAt.set(d, isApart);
    ruleAt.set(d, seen > 0 && same >= s.minFarRun * seen);
    // Ties go to the line nearest the contact.
    if (!best || run > best.run || (run === best.run && Math.abs(d) < Math.abs(best.d))) best = { d, run };
    if (isApart && (!bestApart || run > bestApart.run || (run === bestApart.run && Math.abs(d) < Math.abs(bestApart.d)))) bestApart = { d, run };
  }
  if (!best || best.run < s.minStepRun) return null;
  // The line nearest the contact stands unless it is a rule: one paper on both sides of it a little
  // way off, no line within a probe's reach of it with surfaces holding on either side, while one
  // farther off has them.
  let ruleLike = ruleAt.get(best.d) === true;
  for (let k = -h; k <= h; k++) if (apartAt.get(best.d + k)) ruleLike = false;
  return ruleLike && bestApart ? bestApart.d : best.d;
}

/** Component-wise median of colours, or null when there are none. */
function medianColour(samples: readonly (readonly [number, number, number])[]): [number, number, number] | null {
  if (samples.length === 0) return null;
  const med = (k: 0 | 1 | 2): number => {
    const v = samples.map((c) => c[k]).sort((x, y) => x - y);
    return v[Math.floor(v.length / 2)]!;
  };
  return [med(0), med(1), med(2)];
}

/**
 * The colour of a sheet's paper among samples of its margin: the sample at the upper quartile of
 * brightness. Print, border frames and bands are darker than the paper they lie on; a median lands
 * on a printed frame when it covers half the margin (a certificate's gold border).
 */
function brightQuartile(samples: readonly (readonly [number, number, number])[]): [number, number, number] | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((x, y) => luma(x) - luma(y));
  const c = sorted[Math.floor(0.75 * (sorted.length - 1))]!;
  return [c[0], c[1], c[2]];
}

/** Marks of print beside an edge: marked[k][m] at position k along it, depth m into one side. */
interface StripMarks {
  readonly marked: boolean[][];
  /** Positions along the edge with any pixel on the image. */
  readonly seen: number;
}

/**
 * Print in a strip beside the edge on the `towards` side (sign 1) or the other (sign -1), from
 * just clear of the edge's blur to `width` pixels on; the side's paper is the median colour of
 * its strip, and a pixel far from it is print.
 */
function stripMarks(contact: Contact, offset: number, towards: Point, sign: 1 | -1, width: number, colour: ColourProbe, s: OcclusionSettings): StripMarks | null {
  const { len, nx, ny } = lineFrame(contact.from, contact.to, towards);
  if (len === 0) return null;
  const start = s.edgeHalfWidth + 1;
  const depths: number[] = [];
  for (let d = start; d <= start + width; d += 2) depths.push(d);
  const grid = alongContact(contact, EDGE_SAMPLES).map(([x, y]) => depths.map((d) => colour(x + nx * (offset + sign * d), y + ny * (offset + sign * d))));
  const paperColour = medianColour(grid.flat().filter((c): c is readonly [number, number, number] => c !== null));
  if (!paperColour) return null;
  const marked = grid.map((row) => row.map((c) => c !== null && colourDistance(c, paperColour) > s.printContrast));
  return { marked, seen: grid.filter((row) => row.some((c) => c !== null)).length };
}

/**
 * Share of the edge with print right beside it, on the `towards` side and on the other: the
 * upper sheet keeps a blank margin inside its own edge, while the lower sheet is cut wherever the
 * upper one's edge crosses it, so its text lines, rules and border end right at the edge. Print
 * that runs a long way along the edge (the upper sheet's own border, drifting a little across the
 * strip as the sheets lie at a slight angle) is whole, not cut: it is left out.
 */
export function cutPrint(contact: Contact, offset: number, towards: Point, colour: ColourProbe, s: OcclusionSettings = OCCLUSION_SETTINGS): [number, number] {
  const len = Math.hypot(contact.to[0] - contact.from[0], contact.to[1] - contact.from[1]);
  const shares: [number, number] = [0, 0];
  for (const [side, sign] of [[0, 1], [1, -1]] as const) {
    const strip = stripMarks(contact, offset, towards, sign, Math.max(4, s.cutStrip * len), colour, s);
    if (!strip || strip.seen === 0) continue;
    const { spans, piece } = printPieces(strip.marked);
    const longRun = s.parallelRun * strip.marked.length;
    const band = solidBands(piece, spans, s.bandSpan * strip.marked.length, s.bandFill);
    shares[side] = piece.filter((row) => row.some((id) => id >= 0 && spans[id]! < longRun && !band[id])).length / strip.seen;
  }
  return shares;
}

/**
 * Per piece of print (printPieces), whether it is a solid band: spanning at least `minSpan`
 * positions along the edge and marked over at least `minFill` of the cells it spans (every depth
 * of the strip at each of its positions). Text lines and rules cut by an edge are thin across it,
 * or broken up by the paper between strokes.
 */
export function solidBands(piece: readonly (readonly number[])[], spans: readonly number[], minSpan: number, minFill: number): boolean[] {
  const cells = spans.map(() => 0);
  for (const row of piece) for (const id of row) if (id >= 0) cells[id]!++;
  const depth = piece[0]?.length ?? 0;
  return spans.map((span, id) => span >= minSpan && cells[id]! >= minFill * span * depth);
}

/**
 * Longest run of print along the edge on each side, as a share of the samples along it: a border
 * or frame line running beside the edge is whole there, which the upper sheet's is and the lower
 * sheet's (hidden under the upper one on that side) is not.
 */
export function borderRun(contact: Contact, offset: number, towards: Point, colour: ColourProbe, s: OcclusionSettings = OCCLUSION_SETTINGS): [number, number] {
  const len = Math.hypot(contact.to[0] - contact.from[0], contact.to[1] - contact.from[1]);
  const runs: [number, number] = [0, 0];
  for (const [side, sign] of [[0, 1], [1, -1]] as const) {
    const strip = stripMarks(contact, offset, towards, sign, Math.max(6, s.borderStrip * len), colour, s);
    if (!strip || strip.seen === 0) continue;
    runs[side] = Math.max(0, ...printPieces(strip.marked).spans) / strip.marked.length;
  }
  return runs;
}

/**
 * The marks grouped into pieces, 8-connected over position along the edge and depth into the
 * strip: each mark's piece (-1 when unmarked) and each piece's span along the edge, in positions.
 */
export function printPieces(marked: readonly (readonly boolean[])[]): { piece: number[][]; spans: number[] } {
  const piece = marked.map((row) => row.map(() => -1));
  const spans: number[] = [];
  for (let k = 0; k < marked.length; k++) {
    for (let m = 0; m < marked[k]!.length; m++) {
      if (!marked[k]![m] || piece[k]![m]! >= 0) continue;
      const id = spans.length;
      let lo = k;
      let hi = k;
      const stack: [number, number][] = [[k, m]];
      piece[k]![m] = id;
      while (stack.length > 0) {
        const [i, j] = stack.pop()!;
        lo = Math.min(lo, i);
        hi = Math.max(hi, i);
        for (let di = -1; di <= 1; di++) {
          for (let dj = -1; dj <= 1; dj++) {
            const ii = i + di;
            const jj = j + dj;
            if (marked[ii]?.[jj] === true && piece[ii]![jj]! < 0) {
              piece[ii]![jj] = id;
              stack.push([ii, jj]);
            }
          }
        }
      }
      spans.push(hi - lo + 1);
    }
  }
  return { piece, spans };
}

/**
 * Whether there is paper on both sides of the edge all along it: an edge with the surface on one
 * side is a sheet's outer edge beside the table (the localiser may have taken in some of the
 * surface), not one sheet's edge lying on another.
 */
export function paperBothSides(contact: Contact, offset: number, towards: Point, paper: PaperTest, s: OcclusionSettings = OCCLUSION_SETTINGS): boolean {
  const { len, nx, ny } = lineFrame(contact.from, contact.to, towards);
  if (len === 0) return false;
  const depth = s.edgeHalfWidth + 1 + Math.max(4, s.cutStrip * len);
  for (const sign of [1, -1]) {
    let seen = 0;
    let yes = 0;
    for (const [x, y] of alongContact(contact, s.gapSamples)) {
      const v = paper(x + nx * (offset + sign * depth), y + ny * (offset + sign * depth));
      if (v === null) continue;
      seen++;
      if (v) yes++;
    }
    if (seen === 0 || yes < s.minGapPaper * seen) return false;
  }
  return true;
}

/**
 * Whether a pixel belongs to a sheet: paper, or a colour that is not the surface either (a
 * coloured card's face). Without a surface test, paper alone.
 */
function sheetTest(px: PixelTests): PaperTest {
  const surface = px.surface;
  if (!surface) return px.paper;
  return (x, y) => {
    const p = px.paper(x, y);
    if (p !== false) return p;
    const f = surface(x, y);
    return f === null ? null : !f;
  };
}

/**
 * Which of two touching sheets lies under the other, read at the upper one's real edge (or at the
 * contact when no edge stands out): 0 for `a`, 1 for `b`, null when there is not paper on both
 * sides or no clear sign. The sheet whose own border runs whole along the edge is the upper one;
 * else the one whose print is cut at the edge (only where the edge itself was found: elsewhere the
 * strip may lie across the upper sheet's own print) is the lower one. Where no edge stands out
 * but the two quads meet on one line (`sharedSplit`), that line is read instead, with a higher
 * bar for cut print (`minCutAtSplit`).
 */
export function edgeCues(a: Quad8, contact: Contact, px: PixelTests, s: OcclusionSettings = OCCLUSION_SETTINGS, sharedSplit = false): 0 | 1 | null {
  const towardsA = quadCentre(a);
  const found = edgeOffset(contact, towardsA, px.colour, s);
  const offset = found ?? 0;
  if (!paperBothSides(contact, offset, towardsA, sheetTest(px), s)) return null;
  const [runA, runB] = borderRun(contact, offset, towardsA, px.colour, s);
  if (runA >= s.minBorderRun && runB <= s.maxOtherRun) return 1;
  if (runB >= s.minBorderRun && runA <= s.maxOtherRun) return 0;
  // Without the edge found (two papers of one tint, no step between them), the split the
  // localiser drew where they part stands in for it when the quads share it: the strip read there
  // may lie a little inside the upper sheet, over its own print, so the bar is higher.
  if (found === null && !sharedSplit) return null;
  const least = found === null ? s.minCutAtSplit : s.minCut;
  const [cutA, cutB] = cutPrint(contact, offset, towardsA, px.colour, s);
  if (cutA >= least && cutA >= s.cutRatio * cutB) return 0;
  if (cutB >= least && cutB >= s.cutRatio * cutA) return 1;
  return null;
}

/**
 * Whether the paper runs on round corner `i` of `q`: probes just outside the corner (on the
 * diagonal away from the quad and on both sides' lines carried on past it) are mostly paper. A
 * card's corner on a page has the page's paper all round it; a quad that only reaches into
 * another because the localiser took in too much has the surface, or nothing, there.
 */
export function cornerOnPaper(q: Quad8, i: number, paper: PaperTest, s: OcclusionSettings = OCCLUSION_SETTINGS): boolean {
  const [cx, cy] = corner(q, i);
  const reach = Math.max(4, s.cornerProbe * shorterSide(q));
  const away = (from: Pt): Pt => {
    const len = Math.hypot(cx - from[0], cy - from[1]);
    return len === 0 ? [0, 0] : [(cx - from[0]) / len, (cy - from[1]) / len];
  };
  const centre = quadCentre(q);
  const directions = [away([centre.x, centre.y]), away(corner(q, i + 3)), away(corner(q, i + 1))];
  const onPaper = directions.filter(([dx, dy]) => paper(cx + dx * reach, cy + dy * reach) === true).length;
  return onPaper >= 2;
}

/**
 * Whether the desk shows inside one of the two quads right beside their contact: the localiser
 * carried that quad across the gap between two sheets lying apart up to the other one's edge (a
 * sheet's own quad holds its paper, and two sheets lying one on the other have no desk between
 * them). Such a contact is no overlap. Probes along the middle of the contact, a little way into
 * each quad; a quad counts when most of its probes that can be read are the surface. False when
 * the surface cannot be told (no surface test, or nothing read).
 */
export function deskInsideContact(a: Quad8, b: Quad8, contact: Contact, px: PixelTests, s: OcclusionSettings = OCCLUSION_SETTINGS): boolean {
  const surface = px.surface;
  if (!surface) return false;
  const len = Math.hypot(contact.to[0] - contact.from[0], contact.to[1] - contact.from[1]);
  if (len === 0) return false;
  const points = alongContact(contact, 16);
  for (const q of [a, b]) {
    const { nx, ny } = lineFrame(contact.from, contact.to, quadCentre(q));
    let seen = 0;
    let desk = 0;
    for (const f of s.deskDepths) {
      const d = Math.abs(contact.gap) / 2 + Math.max(6, f * len);
      for (const [x, y] of points) {
        const probeX = x + nx * d;
        const probeY = y + ny * d;
        if (!pointInQuad(q, probeX, probeY)) continue;
        const v = surface(probeX, probeY);
        if (v === null) continue;
        seen++;
        if (v) desk++;
      }
    }
    if (seen > 0 && desk >= s.minDeskInside * seen) return true;
  }
  return false;
}

/**
 * Which of two located documents lies partly under the other: 0 for `a`, 1 for `b`, null when
 * neither does (apart, or no sign of which is on top).
 */
export function lowerOfPair(a: Quad8, b: Quad8, px: PixelTests, s: OcclusionSettings = OCCLUSION_SETTINGS): 0 | 1 | null {
  // A corner well inside the other quad: the one holding it is underneath (a card on a page).
  const deepIn = (inner: Quad8, outer: Quad8): boolean => {
    const depth = s.cornerDepth * shorterSide(outer);
    for (let i = 0; i < 4; i++) if (depthInside(outer, ...corner(inner, i)) > depth && cornerOnPaper(inner, i, px.paper, s)) return true;
    return false;
  };
  const aInB = deepIn(a, b);
  const bInA = deepIn(b, a);
  if (aInB !== bInA) return aInB ? 1 : 0;
  const contact = facingSides(a, b, s);
  if (!contact) return null;
  const size = Math.min(shorterSide(a), shorterSide(b));
  if (contact.gap > s.touchGap * size && !paperBetween(contact, px.paper, s)) return null;
  // A quad carried over the desk to its neighbour's edge touches it without lying on it.
  if (deskInsideContact(a, b, contact, px, s)) return null;
  // What lies right beside the upper sheet's real edge: the most direct signs.
  // Quads that meet on one line (no gap, no overlap to speak of) were split there by the localiser.
  const atEdge = edgeCues(a, contact, px, s, Math.abs(contact.gap) <= s.touchGap * size);
  if (atEdge !== null) return atEdge;
  const [onA, onB] = peeks(a, b, contact, px.paper, s);
  // Paper on a's side past the contact is b's sheet running on under a: b is the lower one.
  if (onA >= onB + s.minPeekLead) return 1;
  if (onB >= onA + s.minPeekLead) return 0;
  // Last, the T-junction: the sheet whose edge runs on past the contact is the upper one.
  const [runsA, runsB] = edgeRunsOn(a, b, contact, px, s);
  if (runsA > 0 && runsB === 0) return 1;
  if (runsB > 0 && runsA === 0) return 0;
  // Last of all, the quads' corners at the contact: the upper sheet's side there is its own, met
  // by its own sides at its square corners; the lower sheet's is the upper one's edge, met by the
  // lower one's sides at the angle between the two sheets. Perspective skews both alike there.
  if (!contact.sides) return null;
  const skewA = cornerSkew(a, contact.sides[0]);
  const skewB = cornerSkew(b, contact.sides[1]);
  if (skewA >= skewB + s.minCutSkew) return 0;
  if (skewB >= skewA + s.minCutSkew) return 1;
  return null;
}

/** Mean of how far (degrees) the two corners at the ends of side `k` of `q` are off square. */
export function cornerSkew(q: Quad8, k: number): number {
  const off = (i: number): number => {
    const [px, py] = corner(q, i);
    const [ax, ay] = corner(q, i + 1);
    const [bx, by] = corner(q, i + 3);
    const la = Math.hypot(ax - px, ay - py);
    const lb = Math.hypot(bx - px, by - py);
    if (la === 0 || lb === 0) return 0;
    const cos = ((ax - px) * (bx - px) + (ay - py) * (by - py)) / (la * lb);
    return Math.abs((Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI - 90);
  };
  return (off(k) + off(k + 1)) / 2;
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

/**
 * The pixel tests for one upload. A patch is paper when its colour is nearer one document's paper
 * (sampled round the inside of that document's quad, where the blank margin is) than the surface
 * (sampled along the image border outside every document). Each document keeps its own paper
 * colour: one median over all of them lands between a white page and a blue bank card, nearer
 * neither, and the page's paper round the card's corner was then not paper (the card on it was
 * never found to lie on it). A document whose paper is too like the surface to tell apart gives no
 * reference; null when none is left or the surface is missing.
 */
export function pixelTestsOf(image: RgbImage, quads: readonly Quad8[], s: OcclusionSettings = OCCLUSION_SETTINGS): PixelTests {
  const r = Math.max(1, Math.round(Math.min(image.width, image.height) / 400));
  const papers: [number, number, number][][] = [];
  for (const q of quads) {
    const { x: cx, y: cy } = quadCentre(q);
    const samples: [number, number, number][] = [];
    for (let i = 0; i < 4; i++) {
      const [x0, y0] = corner(q, i);
      const [x1, y1] = corner(q, i + 1);
      for (let k = 1; k < 8; k++) {
        const t = k / 8;
        // 4 and 8 % of the way in from the side: the page's margin, clear of the edge's blur (a
        // certificate's printed border frame may cover one of the two).
        const px = x0 + t * (x1 - x0);
        const py = y0 + t * (y1 - y0);
        for (const f of s.paperDepths) {
          const c = patchColour(image, px + f * (cx - px), py + f * (cy - py), r);
          if (c) samples.push(c);
        }
      }
    }
    papers.push(samples);
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
  const surfaceRef = medianColour(surfaceSamples);
  const colour: ColourProbe = (x, y) => patchColour(image, x, y, 1);
  if (!surfaceRef) return { paper: () => null, colour };
  const paperRefs = papers.map((p) => brightQuartile(p)).filter((c): c is [number, number, number] => c !== null && colourDistance(c, surfaceRef) >= s.minPaperContrast);
  if (paperRefs.length === 0) return { paper: () => null, colour };
  const nearestPaper = (c: readonly number[]): number => Math.min(...paperRefs.map((p) => colourDistance(c, p)));
  const paper: PaperTest = (x, y) => {
    const c = patchColour(image, x, y, r);
    return c ? nearestPaper(c) < colourDistance(c, surfaceRef) : null;
  };
  // The surface: nearer its reference than any paper's, and close to it (a textured desk varies
  // round its median; a coloured card lies farther off).
  const surface: PaperTest = (x, y) => {
    const c = patchColour(image, x, y, r);
    return c ? colourDistance(c, surfaceRef) <= nearestPaper(c) && colourDistance(c, surfaceRef) < s.surfaceMatch : null;
  };
  return { paper, colour, surface };
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
