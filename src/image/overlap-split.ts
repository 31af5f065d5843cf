/**
 * Two sheets of the same paper overlapping (two till receipts, one lying over the other's side)
 * leave no step and no shadow between them: the mask and the edges see one sheet, and the
 * localiser returns their union. What still shows is in the print: the lower sheet's text lines
 * end along one straight line (the upper sheet's edge cuts them), the upper sheet keeps a blank
 * margin inside that edge, and the two sheets' text rows, laid out and turned independently, do
 * not line up across it. A cut line with print ending right at it on one side, a blank margin
 * along all of it on the other, and rows on either side that do not match, splits the quad.
 * Within one page, a column of print beside a blank corridor has its rows on the same baselines
 * as the print across the corridor, so it is never cut.
 */
import type { Quad8 } from '../ocr/types.js';
import { aspect, quadPointsOf, type Point } from './edges.js';
import { distance, lerp, pointsToQuad, signedArea } from './geometry.js';
import type { RgbImage } from './types.js';

export interface OverlapSplitOptions {
  /** Cells along the quad's longer side of the grid its print is read on. */
  readonly gridSide: number;
  /** Shares across the quad between which the cut may lie. */
  readonly minCutShare: number;
  /** Largest difference of the cut's position at its two ends (the sheets lie at different angles), as a share across. */
  readonly maxCutTilt: number;
  /** Rows left out at either end (the union's corners hold the surface), as a share along. */
  readonly endMargin: number;
  /** Width of the strip beside the cut where cut print touches it, as a share across (at least 2 cells). */
  readonly cutStrip: number;
  /** Width of the upper sheet's blank margin inside its edge, as a share across. */
  readonly blankMargin: number;
  /** Least share of rows with print touching the cut on the lower sheet's side. */
  readonly minCutRows: number;
  /** Longest run of touching rows that counts as cut print, as a share of the rows (a text line is 1-3 %). */
  readonly maxCutRun: number;
  /** Least share of rows blank in the margin on the upper sheet's side. */
  readonly minBlankRows: number;
  /** Least share of rows with print either side of the cut: both parts are printed sheets. */
  readonly minPrintedRows: number;
  /** Least ink density of the upper sheet's side against the lower sheet's (see upperPrinted). */
  readonly minUpperInk: number;
  /** Least contrast of print against the paper, as a share of the paper's level (at least 40). */
  readonly inkContrast: number;
  /** Largest proportions of each part. */
  readonly maxPartAspect: number;
  /** Least length along the cut of each part against its mean width across (see partsAlongCut). */
  readonly minAlongCut: number;
  /** Width of the bands either side whose text lines are matched, as a share across (see sameRows) ... */
  readonly bandWidth: number;
  /** ... the least share of matched pairs for one page, over at least this many pairs. */
  readonly minSameRows: number;
  readonly minLinePairs: number;
  /** Rows left out at either end for the crossing test, as a share along. */
  readonly crossMargin: number;
  /** Most rows, as a share, where print crosses the cut (a title, a table's rule: one page). */
  readonly maxCrossRows: number;
  /** Least ratio of the line counts along the two directions for the text direction to be judged (see textAcross). */
  readonly minLineMargin: number;
}

export const DEFAULT_OVERLAP_SPLIT_OPTIONS: OverlapSplitOptions = {
  gridSide: 320,
  minCutShare: 0.25,
  maxCutTilt: 0.06,
  endMargin: 0.06,
  cutStrip: 0.006,
  blankMargin: 0.015,
  minCutRows: 0.1,
  minBlankRows: 0.99,
  maxCutRun: 0.06,
  minPrintedRows: 0.15,
  minUpperInk: 0.4,
  inkContrast: 0.25,
  maxPartAspect: 4.5,
  minAlongCut: 1.2,
  bandWidth: 0.08,
  minSameRows: 0.85,
  minLinePairs: 5,
  crossMargin: 0.02,
  maxCrossRows: 0.005,
  minLineMargin: 1.15,
};

/** The print of a quad on a grid in the quad's own frame: ink[j * cols + i], column i across, row j along. */
interface InkGrid {
  readonly ink: Uint8Array;
  readonly cols: number;
  readonly rows: number;
}

/** Running sums of each row's ink: sums[j * (cols + 1) + i] = ink cells of row j left of column i. */
function rowSums(g: InkGrid): Uint32Array {
  const w = g.cols + 1;
  const sums = new Uint32Array(w * g.rows);
  for (let j = 0; j < g.rows; j++) for (let i = 0; i < g.cols; i++) sums[j * w + i + 1] = sums[j * w + i] + g.ink[j * g.cols + i];
  return sums;
}

/** Point of the quad at shares (u across from p0 to p1, v down from p0 to p3), bilinearly. */
function at(p: readonly Point[], u: number, v: number): Point {
  return lerp(lerp(p[0], p[1], u), lerp(p[3], p[2], u), v);
}

function luminance(img: RgbImage, x: number, y: number): number {
  const xi = Math.min(img.width - 1, Math.max(0, Math.round(x)));
  const yi = Math.min(img.height - 1, Math.max(0, Math.round(y)));
  const j = (yi * img.width + xi) * 3;
  return Math.round((img.data[j] + img.data[j + 1] + img.data[j + 2]) / 3);
}

/**
 * Print of the quad: cells darker than the paper (the brighter fifth of the cells) by the ink
 * contrast. Columns follow the side p0-p1, rows the side p0-p3.
 */
export function inkGrid(img: RgbImage, p: readonly Point[], o: OverlapSplitOptions): InkGrid {
  const across = distance(p[0], p[1]);
  const along = distance(p[0], p[3]);
  const step = Math.max(1, Math.max(across, along) / o.gridSide);
  const cols = Math.max(8, Math.round(across / step));
  const rows = Math.max(8, Math.round(along / step));
  const lum = new Uint8Array(cols * rows);
  const hist = new Uint32Array(256);
  for (let j = 0; j < rows; j++) {
    // Row j runs from the point j/rows down the left side to the one down the right side.
    const v = (j + 0.5) / rows;
    const a = lerp(p[0], p[3], v);
    const b = lerp(p[1], p[2], v);
    for (let i = 0; i < cols; i++) {
      const u = (i + 0.5) / cols;
      const value = luminance(img, a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u);
      lum[j * cols + i] = value;
      hist[value]++;
    }
  }
  let paper = 255;
  for (let seen = 0; paper > 0 && seen + hist[paper] <= 0.2 * lum.length; paper--) seen += hist[paper];
  const limit = paper - Math.max(40, o.inkContrast * paper);
  const ink = new Uint8Array(cols * rows);
  for (let k = 0; k < ink.length; k++) ink[k] = lum[k] < limit ? 1 : 0;
  return { ink, cols, rows };
}

/** The grid with columns and rows swapped: rows of print running down the quad. */
function transposed(g: InkGrid): InkGrid {
  const ink = new Uint8Array(g.ink.length);
  for (let j = 0; j < g.rows; j++) for (let i = 0; i < g.cols; i++) ink[i * g.rows + j] = g.ink[j * g.cols + i];
  return { ink, cols: g.rows, rows: g.cols };
}

/** Ink cells of row j from column a to b, either order, inclusive, clipped to the grid. */
function inkCount(g: InkGrid, sums: Uint32Array, j: number, a: number, b: number): number {
  const from = Math.max(0, Math.min(a, b));
  const to = Math.min(g.cols - 1, Math.max(a, b));
  if (to < from) return 0;
  const w = g.cols + 1;
  return sums[j * w + to + 1] - sums[j * w + from];
}

/** A run of consecutive rows with print: one text line (or a block of them) in a band. */
interface RowRun {
  readonly top: number;
  readonly bottom: number;
}

/** Runs of rows with print in a band's profile; a blank row inside a glyph's strokes does not break one. */
export function rowRuns(profile: readonly number[]): RowRun[] {
  const runs: RowRun[] = [];
  let top = -1;
  let gap = 0;
  profile.forEach((v, j) => {
    if (v > 0) {
      if (top < 0) top = j;
      gap = 0;
    } else if (top >= 0 && ++gap > 1) {
      runs.push({ top, bottom: j - gap });
      top = -1;
    }
  });
  if (top >= 0) runs.push({ top, bottom: profile.length - 1 - gap });
  return runs;
}

/** Cells between the tilts tried: one cell more of tilt over the quad's length moves the cut by half a cell at most. */
const TILT_STEP = 1;

/** A cut found on a grid: its column shares at the first and last row. */
export interface GridCut {
  readonly top: number;
  readonly bottom: number;
  /** Share of rows with print touching the cut on the lower sheet's side. */
  readonly cut: number;
}

/**
 * The cut on the grid: print touching it on one side (the lower sheet's, cut off), a blank margin
 * on the other (the upper sheet's), and rows either side that do not line up. The cut touching
 * most rows wins; null when none qualifies.
 */
export function findGridCut(g: InkGrid, o: OverlapSplitOptions = DEFAULT_OVERLAP_SPLIT_OPTIONS): GridCut | null {
  const j0 = Math.round(o.endMargin * g.rows);
  const j1 = g.rows - 1 - j0;
  const n = j1 - j0 + 1;
  if (n < 8) return null;
  const strip = Math.max(2, Math.round(o.cutStrip * g.cols));
  const margin = Math.max(strip + 1, Math.round(o.blankMargin * g.cols));
  const tilt = Math.round(o.maxCutTilt * g.cols);
  const sums = rowSums(g);
  const allowed = Math.floor((1 - o.minBlankRows) * n);
  let best: GridCut | null = null;
  for (let a = Math.round(o.minCutShare * g.cols); a <= Math.round((1 - o.minCutShare) * g.cols); a++) {
    for (let d = -tilt; d <= tilt; d += TILT_STEP) {
      const colAt = (j: number): number => Math.round(a + (d * (j - j0)) / Math.max(1, n - 1));
      // side 0: the lower sheet on the left (print cut), the upper one on the right (blank margin).
      for (const side of [0, 1] as const) {
        const sign = side === 0 ? -1 : 1;
        // The blank margin first, given up at the first few printed rows: most lines fail there.
        let printed = 0;
        for (let j = j0; j <= j1 && printed <= allowed; j++) {
          const c = colAt(j);
          if (inkCount(g, sums, j, c - sign, c - sign * margin) > 0) printed++;
        }
        if (printed > allowed) continue;
        const touching: number[] = [];
        for (let j = j0; j <= j1; j++) {
          const c = colAt(j);
          touching.push(inkCount(g, sums, j, c + sign, c + sign * strip));
        }
        const cut = cutRows(touching, Math.round(o.maxCutRun * n));
        if (cut < o.minCutRows * n) continue;
        if (best && cut / n <= best.cut) continue;
        if (!bothPrinted(g, sums, colAt, j0, j1, o) || !upperPrinted(g, sums, colAt, j0, j1, side, margin, o) || crossed(g, sums, colAt, strip, o) || sameRows(g, sums, colAt, j0, j1, margin, o)) continue;
        best = { top: (a + 0.5) / g.cols, bottom: (a + d + 0.5) / g.cols, cut: cut / n };
      }
    }
  }
  return best;
}

/**
 * Whether print crosses the cut: ink right beside it on both sides in the same row, over more than
 * a few rows (noise). A centred title or a table's rule crosses any line down one page; nothing
 * crosses the edge of a sheet lying on another (the lower sheet's print stops at it). Read nearer
 * the ends than the cut itself, where titles stand. Sheets of different lengths in a row leave
 * the surface above the shorter ones inside their union's quad: solid dark on both sides of the
 * cut from the quad's end inwards. Print always has a margin of paper between it and its sheet's
 * end, so such runs from either end (endRuns) are surface, not crossing print.
 */
function crossed(g: InkGrid, sums: Uint32Array, colAt: (j: number) => number, strip: number, o: OverlapSplitOptions): boolean {
  const solid: boolean[] = [];
  for (let j = 0; j < g.rows; j++) {
    const c = colAt(j);
    solid.push(inkCount(g, sums, j, c - strip, c - 1) === Math.min(strip, c) && inkCount(g, sums, j, c + 1, c + strip) === Math.min(strip, g.cols - 1 - c));
  }
  const surface = endRuns(solid);
  const from = Math.round(o.crossMargin * g.rows);
  const to = g.rows - 1 - from;
  let n = 0;
  for (let j = from; j <= to; j++) {
    const c = colAt(j);
    if (!surface[j] && inkCount(g, sums, j, c - strip, c - 1) > 0 && inkCount(g, sums, j, c + 1, c + strip) > 0) n++;
  }
  return n > o.maxCrossRows * (to - from + 1);
}

/** Marks the run of true rows starting at the first row and the one ending at the last. */
export function endRuns(solid: readonly boolean[]): boolean[] {
  const out = solid.map(() => false);
  for (let k = 0; k < solid.length && solid[k]; k++) out[k] = true;
  for (let k = solid.length - 1; k >= 0 && solid[k]; k--) out[k] = true;
  return out;
}

/**
 * Rows with print touching the cut, leaving out runs longer than `longest` rows: a rule or a
 * frame running along the line (a table's column rule) is whole, not cut; cut text lines touch it
 * a line's height at a time.
 */
export function cutRows(touching: readonly number[], longest: number): number {
  return rowRuns(touching).reduce((n, r) => n + (r.bottom - r.top + 1 <= longest ? r.bottom - r.top + 1 : 0), 0);
}

/**
 * Share of overlapping pairs of text lines, one either side, that start and end on the same rows
 * (within a quarter of the shorter's height), and the number of pairs.
 */
export function rowAlignment(a: readonly RowRun[], b: readonly RowRun[]): { share: number; pairs: number } {
  let pairs = 0;
  let aligned = 0;
  for (const r of a) {
    for (const t of b) {
      if (t.bottom < r.top || t.top > r.bottom) continue;
      pairs++;
      const tol = Math.max(1, 0.25 * Math.min(r.bottom - r.top + 1, t.bottom - t.top + 1));
      if (Math.abs(r.top - t.top) <= tol && Math.abs(r.bottom - t.bottom) <= tol) aligned++;
    }
  }
  return { share: pairs === 0 ? 0 : aligned / pairs, pairs };
}

/**
 * Whether the text lines either side of the cut all share their rows: two columns of one page
 * (a form's labels and values). Two sheets laid down apart seldom line up all along: their lines
 * drift apart with the angle between them, or their spacing differs. Only a near-perfect match
 * counts: two receipts of one layout side by side can line up over a stretch by chance.
 */
function sameRows(g: InkGrid, sums: Uint32Array, colAt: (j: number) => number, j0: number, j1: number, margin: number, o: OverlapSplitOptions): boolean {
  const band = Math.max(4, Math.round(o.bandWidth * g.cols));
  const left: number[] = [];
  const right: number[] = [];
  for (let j = j0; j <= j1; j++) {
    const c = colAt(j);
    left.push(inkCount(g, sums, j, c - margin - band, c - 1));
    right.push(inkCount(g, sums, j, c + 1, c + margin + band));
  }
  const { share, pairs } = rowAlignment(rowRuns(left), rowRuns(right));
  return pairs >= o.minLinePairs && share >= o.minSameRows;
}

/**
 * Whether the upper sheet's side (beyond its blank margin) holds about as much print per cell as
 * the lower sheet's: a sheet lying on another is a printed sheet too. Where print stops at a line
 * with blank paper beyond it inside one document (a card's blank right half, a form's empty lower
 * part, a table's last filled column), the blank side has a small share of the other's ink.
 */
function upperPrinted(
  g: InkGrid, sums: Uint32Array, colAt: (j: number) => number, j0: number, j1: number, side: 0 | 1, margin: number, o: OverlapSplitOptions,
): boolean {
  let upperInk = 0;
  let upperCells = 0;
  let lowerInk = 0;
  let lowerCells = 0;
  for (let j = j0; j <= j1; j++) {
    const c = colAt(j);
    // side 0: the lower sheet on the left, the upper one on the right (findGridCut).
    const [ua, ub, la, lb] = side === 0 ? [c + margin, g.cols - 1, 0, c - 1] : [0, c - margin, c + 1, g.cols - 1];
    upperInk += inkCount(g, sums, j, ua, ub);
    upperCells += Math.max(0, ub - ua + 1);
    lowerInk += inkCount(g, sums, j, la, lb);
    lowerCells += Math.max(0, lb - la + 1);
  }
  if (upperCells === 0 || lowerCells === 0 || lowerInk === 0) return false;
  return upperInk / upperCells >= o.minUpperInk * (lowerInk / lowerCells);
}

/** Whether both sides of the cut are printed sheets: print on a fair share of the rows of each. */
function bothPrinted(g: InkGrid, sums: Uint32Array, colAt: (j: number) => number, j0: number, j1: number, o: OverlapSplitOptions): boolean {
  let left = 0;
  let right = 0;
  for (let j = j0; j <= j1; j++) {
    const c = colAt(j);
    if (inkCount(g, sums, j, 0, c - 1) > 0) left++;
    if (inkCount(g, sums, j, c + 1, g.cols - 1) > 0) right++;
  }
  const n = j1 - j0 + 1;
  return left >= o.minPrintedRows * n && right >= o.minPrintedRows * n;
}

/**
 * Whether every part is long along the cut: sheets of one paper that overlap unseen are till
 * receipts and slips, long and narrow with their print across their width, lying side by side
 * along their long sides (the visible strip of the lower one narrower still). A cut leaving a
 * squat part (a card's or a form's share beyond its last printed column) cuts one document.
 */
function partsAlongCut(parts: readonly (readonly Point[])[], cutEnds: readonly Point[], o: OverlapSplitOptions): boolean {
  const along = distance(cutEnds[0], cutEnds[1]);
  if (along <= 0) return false;
  return parts.every((part) => {
    const width = Math.abs(signedArea(part)) / along;
    return width > 0 && along / width >= o.minAlongCut;
  });
}

/**
 * Whether a part, read on its own, has its text lines running the other way than the quad's
 * were taken to run (`turned`, see textAcross). Each of two overlapping receipts prints its lines
 * the way their union does; a page whose columns of print, with wide corridors between them,
 * made the whole read as text running down (a passbook's table) reads the right way in a slice,
 * and the cut then ran along the blank gap between two of its lines.
 */
export function partsReadOtherWay(img: RgbImage, parts: readonly (readonly Point[])[], turned: boolean, o: OverlapSplitOptions = DEFAULT_OVERLAP_SPLIT_OPTIONS): boolean {
  return parts.some((part) => textAcross(inkGrid(img, part, o), o.minLineMargin) === !turned);
}

/** A quad cut in two along a found cut, and which of the parts are too squat for one sheet (partsAlongCut). */
interface TwoParts {
  readonly parts: [Quad8, Quad8];
  readonly squat: [boolean, boolean];
}

/** The quad's cut in two (see the file's comment), or null. Rows of print are tried along either pair of sides (a sheet may lie turned). */
function cutInTwo(img: RgbImage, q: Quad8, o: OverlapSplitOptions): TwoParts | null {
  const p = quadPointsOf(q);
  const grid = inkGrid(img, p, o);
  // The cut runs across the text lines: a line along them finds print on one side and the blank
  // gap between two lines on the other in any page.
  const turned = textAcross(grid, o.minLineMargin);
  if (turned === null) return null;
  const cut = findGridCut(turned ? transposed(grid) : grid, o);
  if (!cut) return null;
  // The cut's ends: on the turned grid the columns run along p0-p3, so the cut crosses p0-p3 and
  // p1-p2; otherwise it crosses p0-p1 and p3-p2.
  const [c0, c1] = turned ? [at(p, 0, cut.top), at(p, 1, cut.bottom)] : [at(p, cut.top, 0), at(p, cut.bottom, 1)];
  const parts = turned ? [[p[0], p[1], c1, c0], [c0, c1, p[2], p[3]]] : [[p[0], c0, c1, p[3]], [c0, p[1], p[2], c1]];
  if (parts.some((part) => aspect(part) > o.maxPartAspect)) return null;
  if (partsReadOtherWay(img, parts, turned, o)) return null;
  return {
    parts: [pointsToQuad(parts[0]), pointsToQuad(parts[1])],
    squat: [!partsAlongCut([parts[0]], [c0, c1], o), !partsAlongCut([parts[1]], [c0, c1], o)],
  };
}

/**
 * The two sheets of a quad that is two of the same paper overlapping (see the file's comment), or
 * null.
 */
export function splitOverlapped(img: RgbImage, q: Quad8, options: Partial<OverlapSplitOptions> = {}): [Quad8, Quad8] | null {
  const cut = cutInTwo(img, q, { ...DEFAULT_OVERLAP_SPLIT_OPTIONS, ...options });
  return cut && !cut.squat[0] && !cut.squat[1] ? cut.parts : null;
}

/**
 * The sheets of a quad that is two or three of one paper overlapping in a row: a cut found first
 * may part one sheet from the other two, whose part is then too squat for one sheet; it is kept
 * only when that part itself splits into two sheets by every test (three receipts fanned out on
 * a table). Null when neither holds.
 */
export function splitOverlappedRow(img: RgbImage, q: Quad8, room: number, options: Partial<OverlapSplitOptions> = {}): Quad8[] | null {
  const o = { ...DEFAULT_OVERLAP_SPLIT_OPTIONS, ...options };
  const cut = cutInTwo(img, q, o);
  if (!cut) return null;
  const [a, b] = cut.squat;
  if (!a && !b) return cut.parts;
  if ((a && b) || room < 2) return null;
  const k = a ? 0 : 1;
  const again = splitOverlapped(img, cut.parts[k], o);
  if (!again) return null;
  return k === 0 ? [...again, cut.parts[1]] : [cut.parts[0], ...again];
}

/**
 * Whether the text lines run across the grid's rows (down the quad): true or false when the count
 * of lines (lineCount) and the blank gaps between them (gapShare) agree, null when they do not (a
 * blurred page, whose lines run into one another; a form whose columns and rules count as much),
 * or when the line counts either way are within `margin` of each other: a page of large, widely
 * spaced print or of columns with wide corridors between them counts about as many columns as
 * lines, and a direction taken the wrong way cuts it along the blank gap between two lines.
 */
export function textAcross(g: InkGrid, margin = 1): boolean | null {
  const t = transposed(g);
  const [across, along] = [lineCount(t), lineCount(g)];
  if (Math.max(across, along) < margin * Math.min(across, along)) return null;
  const byLines = across > along;
  const byGaps = gapShare(t) > gapShare(g);
  return byLines === byGaps ? byLines : null;
}

/** The row profiles (ink cells per row) of the grid's three thirds of columns, left to right. */
function thirdProfiles(g: InkGrid): number[][] {
  return [0, 1, 2].map((k) => {
    const from = Math.floor((k * g.cols) / 3);
    const to = Math.floor(((k + 1) * g.cols) / 3);
    const profile: number[] = [];
    for (let j = 0; j < g.rows; j++) {
      let ink = 0;
      for (let i = from; i < to; i++) ink += g.ink[j * g.cols + i];
      profile.push(ink);
    }
    return profile;
  });
}

/**
 * How many text lines the grid's rows cross: the most runs of printed rows in the row profile of
 * any third of its columns. Read along the rows when the text lines run along them, this counts
 * lines (a receipt prints a dozen or more); across them, columns of print (a few).
 */
export function lineCount(g: InkGrid): number {
  return Math.max(...thirdProfiles(g).map((profile) => rowRuns(profile).length));
}

/**
 * Share of blank rows between the first and last printed one, in each third of the grid's columns
 * (a third, so that lines tilted a little, or two sheets at different angles, do not fill each
 * other's gaps), the mean of the thirds. Text lines running along the rows leave the gaps between
 * lines blank; across them, only a corridor between columns of print is.
 */
export function gapShare(g: InkGrid): number {
  let total = 0;
  for (const profile of thirdProfiles(g)) {
    const printed = profile.map((ink) => ink > 0);
    const first = printed.indexOf(true);
    const last = printed.lastIndexOf(true);
    if (last <= first) continue;
    let blank = 0;
    for (let j = first; j <= last; j++) if (!printed[j]) blank++;
    total += blank / (last - first + 1);
  }
  return total / 3;
}

/**
 * The documents of each quad found: the quad alone, or the sheets it splits into (each part tried
 * again, for three receipts fanned out) while the upload has room for more documents. A quad
 * marked `whole` stays as it is: it is already one part of a union cut at a backed edge (a card's
 * part of a card beside a page), and its own print, a card's photo and fields, is no border.
 */
export function splitOverlaps(img: RgbImage, quads: readonly Quad8[], maxDocuments: number, options: Partial<OverlapSplitOptions> = {}, whole: readonly boolean[] = []): Quad8[][] {
  let count = quads.length;
  return quads.map((q, n) => {
    if (whole[n]) return [q];
    const done: Quad8[] = [];
    const queue: Quad8[] = [q];
    while (queue.length > 0) {
      const next = queue.shift() as Quad8;
      const parts = count < maxDocuments ? splitOverlappedRow(img, next, maxDocuments - count, options) : null;
      if (parts) {
        count += parts.length - 1;
        queue.unshift(...parts);
      } else done.push(next);
    }
    return done;
  });
}
