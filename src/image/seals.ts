/**
 * Seal (stamp) detection on the whole image, and colour suppression so the text under a seal can be
 * read again.
 *
 * Seals are red or blue ink; printed text is black. A colour mask per ink, dilated so the strokes of
 * one stamp (border, arc text, star) merge into one blob, gives candidates; shape tests then keep
 * the blobs whose outline is a closed ring (round and oval seals) or a closed frame (rectangular
 * stamps), and reject red text lines and rules (too elongated) and specks.
 */
import type { Quad8 } from '../ocr/types.js';
import { loneFrames, tiltedFrame } from './frames.js';
import { quadPixelBox } from './geometry.js';
import { findRings, halfExtents, outlineNear, type Ellipse, type RingOptions } from './rings.js';
import {
  adaptiveDarkMask,
  colourMasks,
  connectedComponents,
  countInBox,
  dilate,
  downscaleTo,
  type HueBand,
  type Plane,
  toGray,
} from './ops.js';
import type { RgbImage } from './types.js';

/** Tunables in one place; the defaults were set on drawn seals and the real development images. */
export interface SealOptions {
  /** Longest side the image is reduced to before searching (seals are big; speed matters). */
  readonly workSide: number;
  readonly red: HueBand;
  readonly blue: HueBand;
  /** Dilation radius as a fraction of the work image's longer side. */
  readonly groupRadius: number;
  /** Smallest seal side as a fraction of the longer side, and in work pixels. */
  readonly minSideFraction: number;
  readonly minSidePx: number;
  /** Largest seal side as a fraction of the shorter side. */
  readonly maxSideFraction: number;
  /** Longest/shortest side above which a blob is a line of text or a rule. */
  readonly maxAspect: number;
  /** Ink fraction of the box: below is dust, above a solid patch. */
  readonly minInk: number;
  readonly maxInk: number;
  /** Share of the outline that must be inked, for rings and for frames. */
  readonly minRing: number;
  readonly minFrame: number;
  /** Separate ink pieces a stamp holds at least (outline plus its characters). */
  readonly minPieces: number;
  /** Ink density just outside the box, relative to inside, above which the blob is a pattern. */
  readonly maxOuterInk: number;
  /**
   * Straight ink runs at least this long (fraction of the longer side) are printed form rules, not
   * stamps: the largest stamps are about 0.15 of the page, so their borders stay below it.
   */
  readonly minRuleFraction: number;
  /** Outline share a stamp found only once the rules are removed must reach (rings only). */
  readonly minRingFreed: number;
  /** Grey levels below the neighbourhood mean that make a pixel ink for the outline search. */
  readonly darkOffset: number;
  /** Largest half-axis of a round or oval seal, as a fraction of the work image's longer side. */
  readonly maxRingFraction: number;
  /** Share of a frame's sides drawn as lines along its own (tilted) axes. */
  readonly minTiltedFrame: number;
  /**
   * A worn frame (gaps where the stamp pressed unevenly) may show less of its sides, down to
   * `minWornFrame`, when its ink is centred in its box to within `maxWornOffCentre` of the
   * half-sides: a stamp's words sit in the middle of its frame, while a printed form's label box
   * holds its label at one side.
   */
  readonly minWornFrame: number;
  readonly maxWornOffCentre: number;
  /** Ink pieces a drawn frame needs (the frame and two characters: 核对). */
  readonly minFramePieces: number;
  /** A blob accepted by its round shape must show this share of a thin outline, at most this thick. */
  readonly minBlobOutline: number;
  readonly maxBlobStroke: number;
  /**
   * A stamp is pressed on paper: the brighter quarter of its box reaches `minPaperBright` (largest
   * channel) and the box's median chroma stays under `maxPaperChroma`. Grain of a wooden table or
   * a cloth's weave draws ring-like arcs too, on a dark or strongly coloured ground.
   */
  readonly minPaperBright: number;
  readonly maxPaperChroma: number;
  /**
   * Outline share an outline found on every ink at once must show (see `ringsOf`): there, black
   * text blocks, table cells with their labels and QR codes put ink on 84-88 % of an ellipse
   * threaded through them, while a seal's printed ring shows 89 % and more even when worn.
   * Coloured seals a little more worn are still found on the coloured ink alone.
   */
  readonly minAllInkHit: number;
  /**
   * Voted centres fitted per axis ratio on every ink at once: a grey seal of a copy over a block of
   * dense text ranks 25th-64th among the votes there (the text's own edges vote everywhere), while
   * the coloured ink alone keeps the default (`rings.peaksPerAspect`).
   */
  readonly allInkPeaks: number;
  /**
   * Whether rectangular stamps are also looked for on the dark ink (`greyFramesOf`): a stamp
   * photocopied grey has no hue for the colour blobs.
   */
  readonly greyFrames: boolean;
  /** Share of a grey frame's own ink lying along its four sides, at least (see `greyFramesOf`). */
  readonly minGreyFrameEdgeShare: number;
  /** Thickest over thinnest side of a grey frame, at most: a pressed frame is one stroke all round. */
  readonly maxGreyFrameStrokeRatio: number;
  /** Mean side stroke of a grey frame relative to its shorter side, at most. */
  readonly maxGreyFrameStroke: number;
  /** Whether outlines are also searched on the coloured ink alone (see `colourRingsOf`). */
  readonly colourOnlyRings: boolean;
  /** Settings passed on to the outline search (its sizes come from the fractions above). */
  readonly rings: Partial<RingOptions>;
}

export const DEFAULT_SEAL_OPTIONS: SealOptions = {
  workSide: 1000,
  // Worn and translucent stamps are pale: saturation is kept low, the colour-excess test keeps
  // grey and black out.
  red: { hueFrom: 330, hueTo: 25, minSat: 0.2, minVal: 0.3, minExcess: 35 },
  blue: { hueFrom: 195, hueTo: 255, minSat: 0.25, minVal: 0.25, minExcess: 35 },
  groupRadius: 0.006,
  minSideFraction: 0.035,
  minSidePx: 18,
  maxSideFraction: 0.7,
  maxAspect: 3.2,
  minInk: 0.03,
  maxInk: 0.75,
  minRing: 0.62,
  minFrame: 0.72,
  minPieces: 4,
  maxOuterInk: 0.35,
  minRuleFraction: 0.2,
  minRingFreed: 0.8,
  darkOffset: 14,
  maxRingFraction: 0.12,
  minTiltedFrame: 0.85,
  minWornFrame: 0.62,
  maxWornOffCentre: 0.08,
  minFramePieces: 3,
  minBlobOutline: 0.78,
  maxBlobStroke: 0.15,
  minPaperBright: 140,
  maxPaperChroma: 45,
  minAllInkHit: 0.89,
  allInkPeaks: 24,
  colourOnlyRings: true,
  greyFrames: true,
  minGreyFrameEdgeShare: 0.95,
  maxGreyFrameStrokeRatio: 2,
  maxGreyFrameStroke: 0.1,
  rings: {},
};

/** Slopes (rise per step) searched for rules: photos tilt forms by a few degrees either way. */
const RULE_SLOPES = [-0.14, -0.105, -0.07, -0.035, 0, 0.035, 0.07, 0.105, 0.14];

/**
 * A copy of the mask without its long straight runs (the rules and frames of red-printed forms),
 * so a stamp printed over or beside a rule is no longer welded to it into one long blob.
 *
 * The search runs on a 4x max-pooled copy (speed: it runs on the event loop) along near-horizontal and near-vertical directions: a
 * run steps along one slope and accepts ink one pixel either side of its path (a rule whose slope
 * falls between two searched ones, or that is two pixels thick) and gaps of two pixels (JPEG,
 * worn print). Runs long enough are cleared with that margin in the full mask.
 */
export function removeRules(mask: Plane, minLength: number): Plane | null {
  const W = mask.width;
  const H = mask.height;
  const w = Math.ceil(W / 4);
  const h = Math.ceil(H / 4);
  const half = new Uint8Array(w * h);
  for (let y = 0; y < H; y++) {
    const row = y * W;
    const hrow = (y >> 2) * w;
    for (let x = 0; x < W; x++) if (mask.data[row + x]) half[hrow + (x >> 2)] = 1;
  }
  const kill = new Uint8Array(w * h);
  const len = Math.max(8, Math.round(minLength / 4));
  const maxGap = 2;
  // Two passes: along rows (horizontal rules) and along columns (vertical ones). In a pass, a step
  // of the run moves `stepA` in the pooled array and one cross unit moves `stepC`.
  const passes: [number, number, number, number][] = [
    [w, h, 1, w],
    [h, w, w, 1],
  ];
  const pathC = new Int32Array(Math.max(w, h));
  for (const [alongN, acrossN, stepA, stepC] of passes) {
    for (const slope of RULE_SLOPES) {
      const spread = Math.ceil(Math.abs(slope) * alongN);
      for (let c0 = -spread; c0 < acrossN + spread; c0++) {
        let runStart = -1;
        let lastInk = -2 * maxGap;
        for (let a = 0; a <= alongN; a++) {
          let ink = false;
          let c = 0;
          if (a < alongN) {
            c = Math.round(c0 + slope * a);
            pathC[a] = c;
            const lo = c > 0 ? c - 1 : 0;
            const hi = c + 1 < acrossN ? c + 1 : acrossN - 1;
            for (let cc = lo; cc <= hi; cc++) {
              if (half[a * stepA + cc * stepC]) {
                ink = true;
                break;
              }
            }
          }
          if (ink) {
            if (runStart < 0) runStart = a;
            lastInk = a;
            continue;
          }
          if (runStart >= 0 && (a - lastInk > maxGap || a === alongN)) {
            if (lastInk - runStart + 1 >= len) {
              for (let i = runStart; i <= lastInk; i++) {
                const pc = pathC[i]!;
                const lo = pc > 0 ? pc - 1 : 0;
                const hi = pc + 1 < acrossN ? pc + 1 : acrossN - 1;
                // Only the rule's own ink is cleared: a wider cut would split a stamp the rule
                // crosses into two halves the grouping no longer joins.
                for (let cc = lo; cc <= hi; cc++) {
                  const k = i * stepA + cc * stepC;
                  if (half[k]) kill[k] = 1;
                }
              }
            }
            runStart = -1;
          }
        }
      }
    }
  }
  // Most pages have no red rule at all: the caller skips its second search then.
  if (!kill.includes(1)) return null;
  const out = new Uint8Array(mask.data);
  for (let y = 0; y < H; y++) {
    const hrow = (y >> 2) * w;
    for (let x = 0; x < W; x++) if (kill[hrow + (x >> 2)]) out[y * W + x] = 0;
  }
  return { data: out, width: W, height: H };
}

interface Candidate {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Share of angular sectors of the inscribed ellipse whose outline band holds ink. */
function ringCoverage(mask: Plane, c: Candidate, sectors = 48): number {
  const cx = (c.x0 + c.x1) / 2;
  const cy = (c.y0 + c.y1) / 2;
  const a = Math.max(1, (c.x1 - c.x0) / 2);
  const b = Math.max(1, (c.y1 - c.y0) / 2);
  const hit = new Uint8Array(sectors);
  for (let y = c.y0; y <= c.y1; y++) {
    for (let x = c.x0; x <= c.x1; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      const dx = (x - cx) / a;
      const dy = (y - cy) / b;
      const rho = Math.hypot(dx, dy);
      if (rho < 0.78 || rho > 1.12) continue;
      let ang = Math.atan2(dy, dx);
      if (ang < 0) ang += 2 * Math.PI;
      hit[Math.min(sectors - 1, Math.floor((ang / (2 * Math.PI)) * sectors))] = 1;
    }
  }
  let n = 0;
  for (const h of hit) n += h;
  return n / sectors;
}

/**
 * Share of a rectangle's outline that is a drawn line: each side is cut into segments, and a
 * segment counts when one row (column) of its edge band is mostly inked over the segment's length,
 * which a frame is and the tops of text characters are not.
 */
function frameCoverage(mask: Plane, c: Candidate, segments = 10): number {
  const w = c.x1 - c.x0 + 1;
  const h = c.y1 - c.y0 + 1;
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.1));
  let covered = 0;
  const horizontal = (yFrom: number, yTo: number): void => {
    for (let s = 0; s < segments; s++) {
      const xa = c.x0 + Math.floor((s * w) / segments);
      const xb = c.x0 + Math.floor(((s + 1) * w) / segments) - 1;
      let ok = false;
      for (let y = Math.max(0, yFrom); y <= Math.min(mask.height - 1, yTo) && !ok; y++) {
        const n = countInBox(mask, xa, y, xb, y);
        if (n >= 0.75 * (xb - xa + 1)) ok = true;
      }
      if (ok) covered++;
    }
  };
  const vertical = (xFrom: number, xTo: number): void => {
    for (let s = 0; s < segments; s++) {
      const ya = c.y0 + Math.floor((s * h) / segments);
      const yb = c.y0 + Math.floor(((s + 1) * h) / segments) - 1;
      let ok = false;
      for (let x = Math.max(0, xFrom); x <= Math.min(mask.width - 1, xTo) && !ok; x++) {
        const n = countInBox(mask, x, ya, x, yb);
        if (n >= 0.75 * (yb - ya + 1)) ok = true;
      }
      if (ok) covered++;
    }
  };
  horizontal(c.y0, c.y0 + band);
  horizontal(c.y1 - band, c.y1);
  vertical(c.x0, c.x0 + band);
  vertical(c.x1 - band, c.x1);
  return covered / (4 * segments);
}

/** Number of 8-connected ink pieces of at least `minArea` pixels inside a box. */
function piecesInBox(mask: Plane, c: Candidate, minArea: number): number {
  const w = c.x1 - c.x0 + 1;
  const h = c.y1 - c.y0 + 1;
  const sub = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) sub[y * w + x] = mask.data[(c.y0 + y) * mask.width + c.x0 + x];
  return connectedComponents({ data: sub, width: w, height: h }).components.filter((k) => k.area >= minArea).length;
}

/** Candidate seal boxes of one ink on the work image. */
function sealsOfInk(work: RgbImage, inked: Plane, o: SealOptions): Candidate[] {
  const longer = Math.max(work.width, work.height);
  // Most pages carry no ink of one of the two colours at all: too little of it for the smallest
  // stamp skips the grouping and the rule search (tens of milliseconds each).
  const smallest = Math.max(o.minSidePx, o.minSideFraction * longer);
  let total = 0;
  for (let i = 0; i < inked.data.length; i++) total += inked.data[i]!;
  if (total < smallest * smallest * o.minInk) return [];
  // On a form printed in this ink (its rules are), round red words and label blocks abound: a
  // round blob must then show a thin outline. On a page printed in black, a coloured blob of
  // stamp size and shape is a stamp even when worn to a broken outline.
  const ruleless = removeRules(inked, o.minRuleFraction * longer);
  const printedInInk = ruleless !== null;
  const first = blobsOfInk(work, inked, o, o.minRing, o.minFrame, printedInInk);
  // Second chance for stamps welded to red form rules: the same search without the rules, held
  // to a round outline only, because red words freed from their table cells have a boxy frame.
  if (!ruleless) return first;
  const freed = blobsOfInk(work, ruleless, o, o.minRingFreed, 2, true);
  const overlaps = (a: Candidate, b: Candidate): boolean =>
    Math.min(a.x1, b.x1) >= Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) >= Math.max(a.y0, b.y0);
  return [...first, ...freed.filter((f) => !first.some((c) => overlaps(c, f)))];
}

function blobsOfInk(work: RgbImage, mask: Plane, o: SealOptions, minRing: number, minFrame: number, needThinRing: boolean): Candidate[] {
  const longer = Math.max(work.width, work.height);
  const shorter = Math.min(work.width, work.height);
  const r = Math.max(2, Math.round(longer * o.groupRadius));
  const grouped = dilate(mask, r);
  const { components } = connectedComponents(grouped);
  const out: Candidate[] = [];
  for (const comp of components) {
    // Undo the growth of the dilation to get the ink's own box.
    const c: Candidate = {
      x0: Math.min(comp.x0 + r, work.width - 1),
      y0: Math.min(comp.y0 + r, work.height - 1),
      x1: Math.max(comp.x1 - r, 0),
      y1: Math.max(comp.y1 - r, 0),
    };
    const w = c.x1 - c.x0 + 1;
    const h = c.y1 - c.y0 + 1;
    if (w <= 0 || h <= 0) continue;
    const big = Math.max(w, h);
    const small = Math.min(w, h);
    if (big < Math.max(o.minSidePx, o.minSideFraction * longer) || big > o.maxSideFraction * shorter + r) continue;
    if (big / small > o.maxAspect) continue;
    const ink = countInBox(mask, c.x0, c.y0, c.x1, c.y1) / (w * h);
    if (ink < o.minInk || ink > o.maxInk) continue;
    // Hand-pressed rectangular stamps sit at a tilt: their frame is looked for along its own axes.
    const framed = minFrame <= 1 && (frameCoverage(mask, c) >= minFrame || isTiltedFrame(mask, c, o));
    if (!framed && ringCoverage(mask, c) < minRing) continue;
    // A round blob must then have a thin outline all the way round (a worn one most of the way):
    // a block of red words or a red label column fills the same sectors without drawing a ring.
    if (needThinRing && !framed && !thinRing(mask, c, o)) continue;
    // A stamp is an outline holding separate marks (characters, a star); a big red glyph with a
    // round or boxy shape (an "O", a "No") is one or two pieces.
    // A drawn frame is no glyph: the frame and two characters are enough.
    if (piecesInBox(mask, c, 3) < (framed ? o.minFramePieces : o.minPieces)) continue;
    // A stamp sits on paper: the ink stops at its outline. Coloured patterns (the guilloche of a
    // card, a photo) carry on past any box drawn in them.
    const m = Math.max(2, Math.round(Math.max(w, h) * 0.12));
    const outer = countInBox(mask, c.x0 - m, c.y0 - m, c.x1 + m, c.y1 + m) - countInBox(mask, c.x0, c.y0, c.x1, c.y1);
    const ox0 = Math.max(0, c.x0 - m);
    const oy0 = Math.max(0, c.y0 - m);
    const ox1 = Math.min(work.width - 1, c.x1 + m);
    const oy1 = Math.min(work.height - 1, c.y1 + m);
    const outerArea = (ox1 - ox0 + 1) * (oy1 - oy0 + 1) - w * h;
    if (outerArea > 0 && outer / outerArea > o.maxOuterInk * ink) continue;
    out.push(c);
  }
  return out;
}

/** A frame drawn at a tilt: most of its sides, or a worn frame round centred ink (see `minWornFrame`). */
function isTiltedFrame(mask: Plane, c: Candidate, o: SealOptions): boolean {
  const coverage = tiltedFrame(mask, c.x0, c.y0, c.x1, c.y1).coverage;
  if (coverage >= o.minTiltedFrame) return true;
  if (coverage < o.minWornFrame) return false;
  const [dx, dy] = inkOffCentre(mask, c);
  return Math.abs(dx) <= o.maxWornOffCentre && Math.abs(dy) <= o.maxWornOffCentre;
}

/** Offset of the ink's centroid from the box centre, as fractions of the half-sides. */
function inkOffCentre(mask: Plane, c: Candidate): [number, number] {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = c.y0; y <= c.y1; y++) {
    for (let x = c.x0; x <= c.x1; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      sx += x;
      sy += y;
      n++;
    }
  }
  if (n === 0) return [1, 1];
  const hw = Math.max(1, (c.x1 - c.x0) / 2);
  const hh = Math.max(1, (c.y1 - c.y0) / 2);
  return [(sx / n - (c.x0 + c.x1) / 2) / hw, (sy / n - (c.y0 + c.y1) / 2) / hh];
}

function thinRing(mask: Plane, c: Candidate, o: SealOptions): boolean {
  const { evidence } = outlineNear(mask, (c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2, (c.x1 - c.x0) / 2, (c.y1 - c.y0) / 2);
  return evidence.hit >= o.minBlobOutline && evidence.stroke <= o.maxBlobStroke;
}

function toQuad(c: Candidate, scale: number, width: number, height: number): Quad8 {
  const x0 = Math.max(0, Math.floor(c.x0 / scale));
  const y0 = Math.max(0, Math.floor(c.y0 / scale));
  const x1 = Math.min(width - 1, Math.ceil((c.x1 + 1) / scale));
  const y1 = Math.min(height - 1, Math.ceil((c.y1 + 1) / scale));
  return [x0, y0, x1, y0, x1, y1, x0, y1];
}

/** Every seal of the image (red, blue or colourless), as quads clockwise from top-left, in image pixels. */
export function detectSeals(image: RgbImage, options: Partial<SealOptions> = {}): Quad8[] {
  const o = { ...DEFAULT_SEAL_OPTIONS, ...options };
  const { image: work, scale } = downscaleTo(image, o.workSide);
  const [red, blue] = colourMasks(work, [o.red, o.blue]);
  const dark = darkInk(work, o);
  const allInk = ringsOf(work, dark, red, blue, o).map(ellipseBox);
  const colourOnly = o.colourOnlyRings ? colourRingsOf(work, red, blue, o).map(ellipseBox) : [];
  const rings = [...allInk, ...colourOnly.filter((c) => !allInk.some((r) => sharedShare(c, r) > 0.3 || sharedShare(r, c) > 0.3))];
  // A colour blob holding a found outline is that seal welded to other ink (a title, a second
  // seal): the outline's box replaces it. Blobs with no outline in them (rectangular stamps) stay.
  const blobs = [...sealsOfInk(work, red, o), ...sealsOfInk(work, blue, o)].filter((b) => !rings.some((r) => sharedShare(r, b) > 0.3));
  const coloured = [...rings, ...blobs];
  const grey = o.greyFrames ? greyFramesOf(work, dark, o).filter((g) => !coloured.some((c) => sharedShare(c, g) > 0.3 || sharedShare(g, c) > 0.3)) : [];
  const white = sceneWhite(work);
  const found = [...coloured, ...grey].filter((c) => onPaper(work, c, o, white));
  found.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  return found.map((c) => toQuad(c, scale, image.width, image.height));
}

/** Share of the brightest pixels whose mean colour is taken as the scene's white. */
const WHITE_SHARE = 0.05;

/** Largest gain per channel the white balance applies: a scene with no white at all stays as it is. */
const MAX_WHITE_GAIN = 1.6;

/**
 * Per-channel gains that make the scene's white grey: the mean colour of its brightest pixels is
 * the paper under that light. A bill photographed under warm light, or printed on a tinted copy of
 * its carbon set, fills the picture with yellowish paper; once balanced its paper is grey again,
 * while wood, cloth or skin beside a white page keep their colour.
 */
export function sceneWhite(work: RgbImage): [number, number, number] {
  const d = work.data;
  const hist = new Uint32Array(256);
  const n = work.width * work.height;
  for (let i = 0; i < n; i++) hist[Math.max(d[3 * i]!, d[3 * i + 1]!, d[3 * i + 2]!)]++;
  let level = 255;
  for (let acc = 0; level > 0 && (acc += hist[level]!) < WHITE_SHARE * n; level--);
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (Math.max(d[3 * i]!, d[3 * i + 1]!, d[3 * i + 2]!) < level) continue;
    sum[0] += d[3 * i]!;
    sum[1] += d[3 * i + 1]!;
    sum[2] += d[3 * i + 2]!;
    count++;
  }
  if (count === 0) return [1, 1, 1];
  const mean = sum.map((v) => v / count);
  const top = Math.max(...mean);
  const gain = (v: number): number => Math.min(MAX_WHITE_GAIN, top / Math.max(1, v));
  return [gain(mean[0]!), gain(mean[1]!), gain(mean[2]!)];
}

/**
 * Whether the box lies on paper (see `minPaperBright`): bright enough in its brighter quarter, not
 * strongly coloured once the scene's white is made grey (`white`, see `sceneWhite`).
 */
function onPaper(work: RgbImage, c: Candidate, o: SealOptions, white: readonly [number, number, number] = [1, 1, 1]): boolean {
  const bright = new Uint32Array(256);
  const chroma = new Uint32Array(256);
  let n = 0;
  const d = work.data;
  for (let y = Math.max(0, c.y0); y <= Math.min(work.height - 1, c.y1); y++) {
    for (let x = Math.max(0, c.x0); x <= Math.min(work.width - 1, c.x1); x++) {
      const p = (y * work.width + x) * 3;
      const max = Math.max(d[p], d[p + 1], d[p + 2]);
      bright[max]++;
      const r = d[p] * white[0];
      const g = d[p + 1] * white[1];
      const b = d[p + 2] * white[2];
      chroma[Math.min(255, Math.round(Math.max(r, g, b) - Math.min(r, g, b)))]++;
      n++;
    }
  }
  if (n === 0) return false;
  const level = (hist: Uint32Array, q: number): number => {
    let acc = 0;
    for (let i = 0; i < 256; i++) if ((acc += hist[i]) >= q * n) return i;
    return 255;
  };
  return level(bright, 0.75) >= o.minPaperBright && level(chroma, 0.5) <= o.maxPaperChroma;
}

/** Ink darker than its neighbourhood, whatever its hue (print, grey seals of copies). */
function darkInk(work: RgbImage, o: SealOptions): Plane {
  const longer = Math.max(work.width, work.height);
  return adaptiveDarkMask(toGray(work), Math.max(8, Math.round(longer * 0.015)), o.darkOffset);
}

/**
 * Rectangular stamps on the dark ink: a stamp photocopied grey has no hue, so the colour blobs
 * miss it. Held to a frame standing alone round a few words (see `loneFrames`), because black
 * print is full of rectangles: form cells (joined to their neighbours), QR codes (solid),
 * boxed glyphs (one or two marks inside).
 */
function greyFramesOf(work: RgbImage, dark: Plane, o: SealOptions): Candidate[] {
  const longer = Math.max(work.width, work.height);
  return loneFrames(dark, {
    minSide: Math.max(o.minSidePx, o.minSideFraction * longer),
    maxSide: o.minRuleFraction * longer,
    maxAspect: o.maxAspect,
    minCoverage: o.minTiltedFrame,
    minEdgeShare: o.minGreyFrameEdgeShare,
    maxStrokeRatio: o.maxGreyFrameStrokeRatio,
    maxStroke: o.maxGreyFrameStroke,
    minPieces: o.minFramePieces - 1,
    minInside: o.minInk,
    maxInside: 0.45,
  });
}

/**
 * Round and oval outlines on every ink at once (dark on its surroundings, or red, or blue): grey
 * seals of copies are only dark, pale translucent ones only coloured.
 */
function ringsOf(work: RgbImage, dark: Plane, red: Plane, blue: Plane, o: SealOptions): Ellipse[] {
  const longer = Math.max(work.width, work.height);
  const ink = new Uint8Array(dark.data.length);
  for (let i = 0; i < ink.length; i++) ink[i] = dark.data[i] | red.data[i] | blue.data[i];
  return findRings(
    { data: ink, width: work.width, height: work.height },
    { minHit: o.minAllInkHit, peaksPerAspect: o.allInkPeaks, ...o.rings, minRadius: Math.max(o.minSidePx / 2, (o.minSideFraction * longer) / 2), maxRadius: o.maxRingFraction * longer },
  );
}

/**
 * Round and oval outlines of the coloured ink alone. On every ink at once, the edges of dense
 * black text and of a form printed in the seal's colour outvote a seal's centre (only the
 * strongest centres are fitted); without the black text the seal's own votes stand out. Skipped
 * when there is too little colour for the smallest seal.
 */
function colourRingsOf(work: RgbImage, red: Plane, blue: Plane, o: SealOptions): Ellipse[] {
  const longer = Math.max(work.width, work.height);
  const smallest = Math.max(o.minSidePx, o.minSideFraction * longer);
  const ink = new Uint8Array(red.data.length);
  let total = 0;
  for (let i = 0; i < ink.length; i++) total += ink[i] = red.data[i]! | blue.data[i]!;
  if (total < smallest * smallest * o.minInk) return [];
  // On the sparser mask a fit may squeeze an axis onto a single stroke (an arc of a character):
  // a seal is no narrower than the smallest seal nor longer than a lying oval.
  return findRings(
    { data: ink, width: work.width, height: work.height },
    { ...o.rings, minRadius: Math.max(o.minSidePx / 2, (o.minSideFraction * longer) / 2), maxRadius: o.maxRingFraction * longer },
  ).filter((e) => 2 * Math.min(e.a, e.b) >= smallest && Math.max(e.a, e.b) <= MAX_OVAL_ASPECT * Math.min(e.a, e.b));
}

/** Longest over shortest axis of an oval seal (lying 监制 ovals are about 1.6). */
const MAX_OVAL_ASPECT = 2;

/** The axis box round the (turned) outline: the reference quad of a seal is that box. */
function ellipseBox(e: Ellipse): Candidate {
  const [hw, hh] = halfExtents(e);
  return { x0: Math.round(e.cx - hw), y0: Math.round(e.cy - hh), x1: Math.round(e.cx + hw), y1: Math.round(e.cy + hh) };
}

/** Intersection over the first box's area. */
function sharedShare(a: Candidate, b: Candidate): number {
  const ix = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1;
  const iy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1;
  if (ix <= 0 || iy <= 0) return 0;
  return (ix * iy) / ((a.x1 - a.x0 + 1) * (a.y1 - a.y0 + 1));
}

/**
 * A copy of the image where, inside the quad's box, each pixel takes its brightest channel: red
 * or blue ink is bright in its own channel and turns pale, while black text stays dark in all
 * three, so the text under a stamp stands out again for recognition.
 */
export function suppressSealColour(image: RgbImage, quad: Quad8): RgbImage {
  const { x0, y0, x1, y1 } = quadPixelBox(quad, image.width, image.height);
  const data = Buffer.from(image.data);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = (y * image.width + x) * 3;
      const m = Math.max(data[p], data[p + 1], data[p + 2]);
      data[p] = m;
      data[p + 1] = m;
      data[p + 2] = m;
    }
  }
  return { data, width: image.width, height: image.height, channels: 3 };
}
