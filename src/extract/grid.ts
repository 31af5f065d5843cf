/**
 * Name-amount pairs of category grids and payment blocks. Both print a term followed by an amount
 * (`护理费 180.00 | 西药费 11,274.86`, `医保统筹基金支付：3772.58`), possibly several per OCR line; the
 * term scan cuts the line and the amount is read from what follows each term.
 */
import type { Province } from '../contract/extract.js';
import { centreY, slice, startsAtCutEdge, type Box, type Segment } from './layout.js';
import { findAmounts, roundCents, sameAmount, type AmountHit } from './parse/amount.js';
import type { TermPayload } from './header.js';
import { extractTables, type PaymentRelation } from './tables.js';
import { editDistance, keptInOrder } from '../util/text.js';
import { groupBySegment, valueCandidates, type TermHit } from './terms.js';

/** The amount that follows a term: the nearest cell holding one; inside it, money before counts. */
function amountAfter(
  hit: TermHit<TermPayload>,
  bySegment: ReadonlyMap<number, readonly TermHit<TermPayload>[]>,
  segments: readonly Segment[],
  unit: number,
  taken: ReadonlySet<string> = new Set(),
): ({ value: number; cell: string; offLine: number } & AmountReading) | null {
  const y = centreY(hit.segment.box);
  // Reading on past a taken cell, only the label's own row counts: the cells below are the next rows'.
  const candidates = valueCandidates(hit, bySegment, segments, unit).slice(0, 4)
    .filter((c) => taken.size === 0 || Math.abs(centreY(c.box) - y) <= 0.75 * Math.max(unit, hit.segment.box.y1 - hit.segment.box.y0));
  // Of two cells stacked over each other right of the label (a tilted block: the next row's value
  // nearer in x), the one nearer the label's line is its value, unless the label of the row beside
  // ours claims it (claimedAcross). Only figures compete: seal letters or a speck stacked over the
  // amount are no other row's value and leave it to the label.
  const offRow = (c: Segment): boolean =>
    c.id !== hit.segment.id && c.box.x0 >= hit.segment.box.x1 - 0.5 * unit
    && candidates.some((o) => {
      if (o === c || o.id === hit.segment.id || taken.has(cellKey(o)) || !stackedOver(o, c) || findAmounts(o.text).length === 0) return false;
      return Math.abs(centreY(o.box) - y) < Math.abs(centreY(c.box) - y)
        ? !claimedAcross(hit, o, c, bySegment, segments, unit)
        : claimedAcross(hit, c, o, bySegment, segments, unit);
    });
  const onRow = candidates.filter((x) => !offRow(x));
  const rowHeight = Math.max(unit, hit.segment.box.y1 - hit.segment.box.y0);
  for (const [i, c0] of onRow.entries()) {
    // A candidate that starts with words is some other cell (a name, a note), not our amount.
    if (/^[\u4e00-\u9fff]{2,}/.test(c0.text)) continue;
    const cell = cellKey(c0);
    if (taken.has(cell)) continue;
    let c = asMoneyCell(c0);
    let money = moneyIn(c);
    if (!money) continue;
    if (!money.hasDecimals) {
      // A few figures and then the amount in a cell of its own (医保统筹基金支付：4 | 476.47): the
      // figures were a piece of it when the amount starts with them.
      const figures = c.text.slice(money.start, money.end).replace(/\D/g, '');
      const whole = onRow.slice(i + 1)
        .filter((o) => Math.abs(centreY(o.box) - y) <= 0.75 * rowHeight && !taken.has(cellKey(o)))
        .map((o) => ({ o, m: moneyIn(asMoneyCell(o)) }))
        .find(({ o, m }) => m?.hasDecimals && o.text.slice(m.start, m.end).replace(/\D/g, '').startsWith(figures));
      if (whole) {
        c = asMoneyCell(whole.o);
        money = whole.m!;
      }
    }
    const cents = money.hasDecimals || money.value < 0 || !/^\s*$/.test(c.text.slice(money.end)) ? null : centsAfter(c, segments, unit);
    const quality = readingQuality(c, money);
    const where = { cell, offLine: Math.abs(centreY(c.box) - y) };
    if (cents !== null) return { value: roundCents(money.value + cents), ...quality, hasDecimals: true, wellFormed: false, ...where };
    return { value: money.value, ...quality, ...where };
  }
  return null;
}

/** The amount a value cell holds: money (with decimals) before a bare number. */
function moneyIn(c: Segment): AmountHit | undefined {
  const hits = findAmounts(c.text);
  return hits.find((h) => h.hasDecimals) ?? hits[0];
}

/**
 * A value cell that is one number with its point read as a colon (80:38, ：80:38 with the label's
 * colon) holds money: a payment's value is never a time. The text keeps its length, so positions
 * still point at the cell's characters.
 */
function asMoneyCell(c: Segment): Segment {
  const text = c.text.replace(/^([:：]?\d{1,7})[:：](\d{2})$/, '$1.$2');
  return text === c.text ? c : { ...c, text };
}

/** Which printed cell a value candidate is: its segment and where in it it starts. */
function cellKey(c: Segment): string {
  return `${c.id}:${c.chars[0]?.x0 ?? 0}`;
}

/**
 * The cents of a whole number that OCR returned as a cell of their own (`13553` | `.22`): a cell
 * starting with a point and two figures right after the number's cell, on its row, with no more
 * than a character's gap between them.
 */
function centsAfter(cell: Segment, segments: readonly Segment[], unit: number): number | null {
  const next = segments.find((s) => s.id !== cell.id && /^[.．,]\d{2}(?!\d)/.test(s.text)
    && s.box.x0 >= cell.box.x1 - 0.3 * unit && s.box.x0 - cell.box.x1 < 1.2 * unit
    && Math.abs(centreY(s.box) - centreY(cell.box)) < 0.4 * unit);
  return next ? Number(`0.${next.text.slice(1, 3)}`) : null;
}

/**
 * Whether the nearer of two stacked cells is the value of the label on the row beside ours, the
 * farther one ours: dot-matrix values printed half a line off their labels (病历号： | 7748565 over
 * 预缴金额： | 6507.50) put the neighbour row's value nearer our label's line. Then each of the two
 * cells lies within its own label's row band, on the same side, and that label holds no value in
 * its own cell; a block whose rows and values line up keeps the nearer cell.
 */
function claimedAcross(
  hit: TermHit<TermPayload>,
  nearer: Segment,
  farther: Segment,
  bySegment: ReadonlyMap<number, readonly TermHit<TermPayload>[]>,
  segments: readonly Segment[],
  unit: number,
): boolean {
  const y = centreY(hit.segment.box);
  const side = Math.sign(centreY(nearer.box) - centreY(farther.box));
  // Payments are money printed with decimals; the neighbour's value taken for ours is a number
  // without them (a record or serial number), which is what tells the two readings apart.
  const money = (s: Segment): boolean => findAmounts(s.text).some((h) => h.hasDecimals);
  if (side === 0 || money(nearer) || !money(farther) || Math.abs(centreY(farther.box) - y) > 0.75 * unit) return false;
  const x0 = hit.segment.chars[hit.start]!.x0;
  return [...bySegment.values()].flat().some((other) => {
    if (other.segment.id === hit.segment.id || other.start !== 0) return false;
    const oy = centreY(other.segment.box);
    return Math.sign(oy - y) === side && Math.abs(other.segment.box.x0 - x0) < 1.5 * unit
      && Math.abs(centreY(nearer.box) - oy) <= 0.75 * unit && nearer.box.x0 >= other.segment.box.x1 - 0.5 * unit
      && /^[:：\s]*$/.test(other.segment.text.slice(other.end))
      // In a tilted or tight block the other label has its own figure, no farther right and
      // nearer its line.
      && !segments.some((s) => s.id !== nearer.id && s.box.x0 >= other.segment.box.x1 - 0.5 * unit && s.box.x0 < nearer.box.x1
        && findAmounts(s.text).length > 0 && Math.abs(centreY(s.box) - oy) < Math.abs(centreY(nearer.box) - oy));
  });
}

/** Two cells printed over each other: they share most of the narrower one's width. */
function stackedOver(a: Segment, b: Segment): boolean {
  const overlap = Math.min(a.box.x1, b.box.x1) - Math.max(a.box.x0, b.box.x0);
  return overlap > 0.5 * Math.min(a.box.x1 - a.box.x0, b.box.x1 - b.box.x0);
}

/**
 * The amount of a category in a grid row: the rightmost number on the same row between the name and
 * the next term. Rows are `name | quantity/unit | amount | note`; taking the rightmost number skips
 * the quantity whether or not the dot-matrix print sits under its header.
 */
function rowAmount(
  hit: TermHit<TermPayload>,
  bySegment: ReadonlyMap<number, readonly TermHit<TermPayload>[]>,
  segments: readonly Segment[],
  unit: number,
  boundary: number,
  slope = 0,
): ({ value: number } & AmountReading) | null {
  const own = bySegment.get(hit.segment.id) ?? [];
  const next = own.find((h) => h.start >= hit.end);
  const rest = slice(hit.segment, hit.end, next ? next.start : undefined);
  const cells: Segment[] = rest ? [rest] : [];
  if (!next) {
    // Distances off the name's row are taken along the grid's own slant (gridSlope).
    const off = (s: Segment): number => Math.abs(offRowLine(hit.segment, s, slope));
    const near = segments
      .filter((s) => s.id !== hit.segment.id && off(s) <= 0.75 * unit)
      .filter((s) => s.box.x0 >= hit.segment.box.x1 - 0.5 * unit && s.box.x0 - hit.segment.box.x1 < 20 * unit)
      .filter((s) => s.box.x0 < boundary - 0.5 * unit);
    // Tightly printed grids put the next row's amount within the window too, stacked under ours:
    // of cells over each other, only the one nearest the name's line is on its row. Only figures
    // compete: a heading over the column (金额(元) of a tilted grid's header) leaves its amount.
    const figures = near.filter((s) => findAmounts(s.text).length > 0);
    const right = near
      .filter((s) => !figures.some((o) => o !== s && stackedOver(o, s) && off(o) < off(s)))
      .sort((a, b) => a.box.x0 - b.box.x0);
    for (const s of right) {
      const first = (bySegment.get(s.id) ?? [])[0];
      if (first && first.start === 0) break;
      const cut = first ? slice(s, 0, first.start) : s;
      if (cut) cells.push(cut);
      if (first) break;
    }
  }
  // A bracketed number is a note or a reference, never the amount. Money is printed with two
  // decimals: the rightmost such number is the amount, and a bare count right of it (a speck or
  // the binding hole read as 0 at the margin) is not; without decimals anywhere the rightmost wins.
  // Brackets are blanked rather than cut, so positions still point at the cell's characters.
  // A cell that is one number with its point read as a colon (57:60) is money here too: a grid's
  // amount column holds no times.
  const found = cells.map(asMoneyCell).flatMap((c) => findAmounts(c.text.replace(/\([^)]*\)/g, (b) => ' '.repeat(b.length))).map((h) => ({ h, c })));
  const money = found.filter((f) => f.h.hasDecimals);
  const pick = money[money.length - 1] ?? found[found.length - 1];
  if (!pick) return null;
  return { value: pick.h.value, ...readingQuality(pick.c, pick.h) };
}

/** How an amount was read: the recogniser's lowest confidence over it, and whether it has two decimals. */
function readingQuality(cell: Segment, hit: AmountHit): AmountReading {
  const token = cell.text.slice(hit.start, hit.end);
  const figureScores: number[] = [];
  const gapScores: number[] = [];
  let figures = '';
  let gap = 1;
  for (const ch of cell.chars.slice(hit.start, hit.end)) {
    if (!/\d/.test(ch.char)) {
      gap = Math.min(gap, ch.score ?? 1);
      continue;
    }
    figures += ch.char;
    figureScores.push(ch.score ?? 1);
    gapScores.push(gap);
    gap = 1;
  }
  return {
    hasDecimals: hit.hasDecimals,
    figureScores,
    gapScores,
    // No leading zero before the units either: 08.24 lost the figure before it.
    wellFormed: /^(?:0|[1-9][\d,]*)\.\d{2}$/.test(token.replace(/^[¥Y]?\s?-?/, '')),
    ...(figures !== '' ? { figures } : {}),
  };
}

/** How far a cell lies below (positive) the line through a name's centre at the given slant. */
function offRowLine(name: Segment, cell: Segment, slope: number): number {
  const nx = (name.box.x0 + name.box.x1) / 2;
  return centreY(cell.box) - (centreY(name.box) + slope * ((cell.box.x0 + cell.box.x1) / 2 - nx));
}

/** Slants tried for a category grid: the page's residual tilt after levelling, or a perspective. */
const MAX_GRID_SLOPE = 0.06;
const GRID_SLOPE_STEP = 0.0025; // steps of a quarter of a percent

/**
 * The slant of a category grid's rows: a photo turned against the levelled page (or in
 * perspective) drops the amounts half a line below their names across a wide column, so the next
 * row's amount lies as near as the name's own. The slant that puts money figures right of the
 * names closest to the names' lines wins, the flattest when the gain is small.
 */
export function gridSlope(names: readonly Segment[], segments: readonly Segment[], unit: number): number {
  const figures = segments.filter((s) => findAmounts(s.text).some((h) => h.hasDecimals));
  const pairs = names.map((n) => figures.filter((f) => f.box.x0 >= n.box.x1 - 0.5 * unit && f.box.x0 - n.box.x1 < 20 * unit
    && Math.abs(offRowLine(n, f, 0)) <= 0.75 * unit + MAX_GRID_SLOPE * (f.box.x0 - n.box.x1)));
  const cost = (slope: number): number => pairs.reduce((a, fs, i) =>
    a + Math.min(0.75 * unit, ...fs.map((f) => Math.abs(offRowLine(names[i]!, f, slope)))), 0);
  let best = { slope: 0, cost: cost(0) };
  const steps = Math.round(MAX_GRID_SLOPE / GRID_SLOPE_STEP);
  for (let k = 1; k <= 2 * steps; k++) {
    const slope = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * GRID_SLOPE_STEP;
    const c = cost(slope);
    // Slants are tried flattest first; a steeper one must gain a clear margin (a tenth of a line
    // height), so a level grid's rounding of boxes does not tilt it.
    if (c < best.cost - 0.1 * unit) best = { slope, cost: c };
  }
  return best.slope;
}

function readingOrder<P>(hits: readonly TermHit<P>[]): TermHit<P>[] {
  return [...hits].sort((a, b) => a.segment.box.y0 - b.segment.box.y0 || a.segment.box.x0 - b.segment.box.x0 || a.start - b.start);
}

/**
 * Whether a category word ends a longer name (副主任医师诊查费 is a billed item of a detail table, not
 * the 诊查费 category): two Chinese characters right before it that no other term accounts for.
 */
function tailOfName(hit: TermHit<TermPayload>, bySegment: ReadonlyMap<number, readonly TermHit<TermPayload>[]>): boolean {
  const before = hit.segment.text.slice(0, hit.start);
  if (!/[\u4e00-\u9fff]{2}$/.test(before)) return false;
  return !(bySegment.get(hit.segment.id) ?? []).some((h) => h !== hit && h.end === hit.start);
}

/** Categories in reading order; a name printed twice keeps its first amount. */
/**
 * The category a hit names when its first character was lost to OCR: the thin 一 of 一般诊疗费
 * read as 般诊疗费 holds the shorter category 诊疗费. The longer category is the one whose name
 * without its first character is the segment's text up to the end of the hit.
 */
export function restoredCategory(hit: TermHit<TermPayload>, name: string, categories: readonly string[]): string {
  const upToHit = hit.segment.text.slice(0, hit.end);
  const longer = categories.find((c) => c.length > name.length + 1 && c.endsWith(name) && upToHit.endsWith(c.slice(1)));
  return longer ?? name;
}

/**
 * Category names the picture's left edge cut (住院费用 of 其他住院费用): a cell at the edge holding no
 * label, payment or category term whose text is the tail, three characters or more, of one category name only (and no name of
 * its own) is that category's grid cell. A shorter tail (费, 药费) could be many.
 */
export function edgeCategoryHits(
  hits: readonly TermHit<TermPayload>[],
  segments: readonly Segment[],
  unit: number,
  categories: readonly string[],
): TermHit<TermPayload>[] {
  // Table headings inside a name (费用 of 住院费用) do not make the cell a heading.
  const withTerm = new Set(hits.filter((h) => h.payloads.some((p) => p.type !== 'column')).map((h) => h.segment.id));
  const out: TermHit<TermPayload>[] = [];
  for (const s of segments) {
    if (!startsAtCutEdge(s, unit) || withTerm.has(s.id)) continue;
    const tail = /^[\u4e00-\u9fff]{3,}/.exec(s.text)?.[0] ?? '';
    if (tail === '' || categories.includes(tail)) continue;
    const owners = categories.filter((c) => c.length > tail.length && c.endsWith(tail));
    if (owners.length !== 1) continue;
    out.push({ segment: s, start: 0, end: tail.length, term: owners[0]!, payloads: [{ type: 'category', name: owners[0]! }] });
  }
  return out;
}

/** A category or payment amount with how it was read (restoreFromSum). */
export interface ReadAmount extends Partial<AmountReading> {
  readonly name: string;
  readonly cost: number;
}

/**
 * Categories with how their amounts were read, and the names of grid rows whose amount could not
 * be read at all (117G.00): a name alone in its cell, in a column where another category starts.
 */
export function readCategoryGrid(
  pageHits: readonly TermHit<TermPayload>[],
  segments: readonly Segment[],
  unit: number,
  categories: readonly string[] = extractTables().categories,
): { read: ReadAmount[]; amountless: string[]; nameBoxes: Box[] } {
  const hits = [...pageHits, ...edgeCategoryHits(pageHits, segments, unit, categories)];
  const bySegment = groupBySegment(hits);
  const out: ReadAmount[] = [];
  const amountless: string[] = [];
  // Where each category name read stands (orphan-amounts.ts looks left of them for cut rows).
  const nameBoxes: Box[] = [];
  const isCategory = (h: TermHit<TermPayload>): boolean => h.payloads.some((x) => x.type === 'category');
  // Category names stand in columns; the next column of names to the right bounds a row's cells.
  const nameColumns = hits.filter(isCategory).map((h) => h.segment.chars[h.start]!.x0);
  // A category word starting where another category name of the grid starts (their column's
  // left edge) is a grid cell with stray text before it (协和化验费: seal letters), not the end of
  // a billed item's name, whose category word starts inside the name column.
  const columnStarts = hits.filter((h) => isCategory(h) && h.start === 0).map((h) => ({ x: h.segment.chars[0]!.x0, segment: h.segment.id }));
  const inNameColumn = (hit: TermHit<TermPayload>): boolean => {
    const x = hit.segment.chars[hit.start]!.x0;
    return columnStarts.filter((c) => c.segment !== hit.segment.id && Math.abs(c.x - x) < 0.6 * unit).length >= 1;
  };
  const slope = gridSlope([...new Set(hits.filter(isCategory).map((h) => h.segment))], segments, unit);
  for (const hit of readingOrder(hits)) {
    const p = hit.payloads.find((x): x is Extract<TermPayload, { type: 'category' }> => x.type === 'category');
    if (!p) continue;
    const name = restoredCategory(hit, p.name, categories);
    if (out.some((c) => c.name === name) || (name === p.name && tailOfName(hit, bySegment) && !inNameColumn(hit))) continue;
    const right = hit.segment.chars[hit.end - 1]!.x1;
    const boundary = Math.min(Infinity, ...nameColumns.filter((x) => x > right + unit));
    const amount = rowAmount(hit, bySegment, segments, unit, boundary, slope);
    nameBoxes.push({ ...hit.segment.box, x0: hit.segment.chars[hit.start]!.x0, x1: right });
    if (amount !== null) {
      const { value, ...quality } = amount;
      out.push({ name, cost: value, ...quality });
    } else if (hit.start === 0 && hit.end === hit.segment.text.length && inNameColumn(hit)) amountless.push(name);
  }
  return { read: out, amountless: amountless.filter((n) => !out.some((c) => c.name === n)), nameBoxes };
}

/** Most whole-number readings tried in combination by restoreCategoryPoints (2^n sums). */
const MAX_POINT_CANDIDATES = 6;

/**
 * Category amounts OCR read without their decimal point (26800 for 268.00: the point is a faint
 * dot, easily lost). Categories are parts of the total, so together they cannot exceed it. When they
 * do, amounts read as whole numbers of three figures or more are taken as hundredths: the fewest of
 * them that make the sum the total exactly, else all of them when that brings the sum within the
 * total (a category OCR did not find leaves a gap). The total must stand on its own (大写, QR).
 */
export function restoreCategoryPoints(read: readonly ReadAmount[], total: number): ReadAmount[] {
  const sum = (xs: readonly ReadAmount[]): number => roundCents(xs.reduce((a, c) => a + c.cost, 0));
  if (total <= 0 || sum(read) <= total + 0.005) return [...read];
  const candidates = read
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.hasDecimals === false && Number.isInteger(c.cost) && c.cost >= 100)
    .map(({ i }) => i);
  if (candidates.length === 0 || candidates.length > MAX_POINT_CANDIDATES) return [...read];
  const divided = (chosen: readonly number[]): ReadAmount[] =>
    read.map((c, i) => (chosen.includes(i) ? { ...c, cost: c.cost / 100, hasDecimals: true } : c));
  const subsets: number[][] = [];
  for (let mask = 1; mask < 1 << candidates.length; mask++) subsets.push(candidates.filter((_, k) => mask & (1 << k)));
  subsets.sort((a, b) => a.length - b.length);
  const exact = subsets.filter((s) => sameAmount(sum(divided(s)), total));
  if (exact.length > 0 && exact.filter((s) => s.length === exact[0]!.length).length === 1) return divided(exact[0]!);
  const all = divided(candidates);
  return sum(all) <= total + 0.005 ? all : [...read];
}

/** How an amount was read, for telling OCR damage from what was printed. */
export interface AmountReading {
  /** False when the amount was read without decimal places (a point OCR lost makes it 100 times larger). */
  readonly hasDecimals: boolean;
  /** The recogniser's confidence in each figure as read, in order ([] when not known). */
  readonly figureScores: readonly number[];
  /** Per figure, its confidence in the point or comma right before it (1 when none). */
  readonly gapScores: readonly number[];
  /** True when read as money is printed, with exactly two decimals (`179.74`, not `5595.4`, `1127`, `08.24`). */
  readonly wellFormed: boolean;
  /** The figures as read, without points or commas (`9530` of `953.0`); absent when not known. */
  readonly figures?: string;
}

export interface PrintedPayment extends Partial<AmountReading> {
  readonly name: string;
  readonly cost: number;
  /** True when the amount was not read but worked out from a relation (fillFromSplit): no evidence for it. */
  readonly derived?: boolean;
}

/**
 * Below this confidence the recogniser doubted a figure. Over the payments of a development set,
 * about half of the misread amounts hold such a figure and under 2 % of the amounts read right.
 */
export const DOUBTFUL_SCORE = 0.9;

/**
 * A payment word printed as a field's value in its own cell (医保类别： | 自费): the cell holds only
 * the word, and the cell just left of it on its row ends with a field label. It names a kind of
 * insurance, not an amount paid, whatever number lies below it.
 */
function isLabelValue(
  hit: TermHit<TermPayload>,
  hits: readonly TermHit<TermPayload>[],
  segments: readonly Segment[],
  unit: number,
): boolean {
  if (hit.start > 0 || !/^[:：]?$/.test(hit.segment.text.slice(hit.end))) return false;
  const box = hit.segment.box;
  const left = segments
    .filter((s) => s.box.x1 <= box.x0 + 0.3 * unit && box.x0 - s.box.x1 < 1.5 * unit && Math.abs(centreY(s.box) - centreY(box)) < 0.5 * unit)
    .sort((a, b) => b.box.x1 - a.box.x1)[0];
  if (!left) return false;
  return hits.some((h) => h.segment.id === left.id && h.payloads.some((p) => p.type === 'field')
    && /^[:：\s()（）]*$/.test(left.text.slice(h.end)));
}

/**
 * Payment items normalised to api.md's allowed names, and the names of payment labels found on the
 * page whose amount could not be read. An alias restricted to provinces applies on those
 * provinces' invoices, and on invoices whose province is unknown.
 */
export function readPaymentLabels(
  hits: readonly TermHit<TermPayload>[],
  segments: readonly Segment[],
  unit: number,
  province: Province | undefined,
): { payments: PrintedPayment[]; amountless: string[] } {
  const amountless = new Set<string>();
  const bySegment = groupBySegment(hits);
  // A name printed twice (自费 as a bare word somewhere, 个人自费：148.95 in the payment block)
  // keeps the reading of its exact, then longest printed term, the most specific one; order is
  // first sighting.
  const out: (PrintedPayment & { rank: number; hit: TermHit<TermPayload>; cell: string; offLine: number })[] = [];
  for (const hit of readingOrder(hits)) {
    const p = hit.payloads.find(
      (x): x is Extract<TermPayload, { type: 'payment' }> =>
        x.type === 'payment' && (!x.provinces || !province || x.provinces.includes(province)),
    );
    if (!p || isLabelValue(hit, hits, segments, unit)) continue;
    // A term read as printed outranks one found through a misread character (个人载付 for 个人自付
    // is some other label damaged), then the longer printed term.
    const rank = hit.end - hit.start + (hit.segment.text.slice(hit.start, hit.end) === hit.term ? 100 : 0);
    const seen = out.findIndex((c) => c.name === p.name);
    if (seen >= 0 && out[seen]!.rank >= rank) continue;
    const amount = amountAfter(hit, bySegment, segments, unit);
    if (amount === null) {
      amountless.add(p.name);
      continue;
    }
    const { value, ...quality } = amount;
    const item = { name: p.name, cost: value, ...quality, rank, hit };
    if (seen >= 0) out[seen] = item;
    else out.push(item);
  }
  // One printed figure is one label's: of labels that took the same cell (a block whose values sit
  // between its rows), the only one with no other figure to go to keeps it, else the one whose
  // line it lies nearest; the others read on past it.
  const next = new Map(out.map((item) => [item, out.some((o) => o !== item && o.cell === item.cell)
    ? amountAfter(item.hit, bySegment, segments, unit, new Set([item.cell])) : null]));
  const keeps = (item: (typeof out)[number]): boolean => {
    const contenders = out.filter((o) => o.cell === item.cell);
    if (contenders.length === 1) return true;
    const stranded = contenders.filter((o) => next.get(o) === null);
    if (stranded.length === 1) return stranded[0] === item;
    // Nearest the line; on a tie the first in reading order.
    return contenders.every((o) => o === item || o.offLine > item.offLine || (o.offLine === item.offLine && out.indexOf(o) > out.indexOf(item)));
  };
  const kept = out.flatMap((item) => {
    if (keeps(item)) return [item];
    const other = next.get(item);
    if (!other) {
      amountless.add(item.name);
      return [];
    }
    const { value, ...quality } = other;
    return [{ ...item, cost: value, ...quality }];
  });
  const payments = kept.map(({ name, cost, hasDecimals, figureScores, gapScores, wellFormed, figures }): PrintedPayment => ({
    name, cost, hasDecimals, figureScores, gapScores, wellFormed, ...(figures !== undefined ? { figures } : {}),
  }));
  return { payments, amountless: [...amountless].filter((n) => !payments.some((x) => x.name === n)) };
}

/** The relations that split the total into parts with nothing taken away (统筹 + 其他 + 账户 + 现金 = total). */
export function totalSplits(relations: readonly PaymentRelation[]): PaymentRelation[] {
  return relations.filter((r) => r.equals === '$total' && r.minus.length === 0);
}

/** Whether some of `amounts` (one or more, at most the first 12) add up to `target` to the cent. */
function someSubsetSums(amounts: readonly number[], target: number): boolean {
  const xs = amounts.slice(0, 12);
  for (let mask = 1; mask < 1 << xs.length; mask++) {
    const sum = xs.reduce((a, x, k) => (mask & (1 << k) ? a + x : a), 0);
    if (sameAmount(roundCents(sum), target)) return true;
  }
  return false;
}

/**
 * The amount of a term of the total's split whose label was read but whose figures were not (a
 * seal over them, OCR lost the cell): what the other terms leave of the total, when it is the one
 * such term, the others were all read, and they leave a positive amount. Not when the split
 * already holds without it (then it is printed blank or 0) nor with a term OCR did not find.
 * `formPrintsSplit` (the national e-invoice form, whose four split fields are always printed): a
 * term OCR did not find at all (the detector lost the line under a seal) is printed too, so it is
 * filled the same way, when every other term of the split was read and the total stands, unless
 * payments printed outside the split add up to exactly that amount.
 */
export function fillFromSplit(
  payments: readonly PrintedPayment[],
  amountless: readonly string[],
  relations: readonly PaymentRelation[],
  total: number,
  formPrintsSplit = false,
): PrintedPayment[] {
  if (total <= 0) return [...payments];
  let out = [...payments];
  for (const r of totalSplits(relations)) {
    const present = out.filter((p) => r.sum.includes(p.name));
    const unread = r.sum.filter((n) => !out.some((p) => p.name === n));
    const lostWhole = formPrintsSplit && unread.length === 1 && present.length === r.sum.length - 1;
    const missing = lostWhole ? unread : unread.filter((n) => amountless.includes(n));
    if (missing.length !== 1 || present.length + 1 < r.minPresent) continue;
    const rest = roundCents(total - present.reduce((a, p) => a + p.cost, 0));
    if (rest <= 0.005) continue;
    // A gap that payments printed outside the split make up (医疗救助, 大病保险报销 printed where
    // the form's 个人账户支付 or 其他支付 stands) is theirs, not a lost term's.
    if (lostWhole && someSubsetSums(out.filter((p) => !r.sum.includes(p.name)).map((p) => p.cost), rest)) continue;
    // A gap of one figure times a power of ten (100.00) is rather a leading figure OCR lost from a
    // term read (15.01 for 115.01) than a whole term lost.
    if (lostWhole && Number.isInteger(rest) && /^[1-9]0*$/.test(String(rest))) continue;
    out = [...out, { name: missing[0]!, cost: rest, hasDecimals: true, derived: true }];
  }
  return out;
}

/**
 * Puts back a decimal point OCR lost (728596 for 7285.96). Invoices print money with two decimals,
 * so an amount read without them that exceeds the total, in an item that is a part of the total
 * (`partsOfTotal`, from the payment relations), is a lost point when a hundredth of it fits.
 */
export function restoreLostPoints(
  payments: readonly PrintedPayment[],
  partsOfTotal: ReadonlySet<string>,
  total: number,
  relations: readonly PaymentRelation[] = extractTables().paymentRelations,
): PrintedPayment[] {
  if (total <= 0) return [...payments];
  const repaired = restoreFromSplit(payments, relations, total);
  const pointed = repaired.map((p) =>
    p.hasDecimals === false && partsOfTotal.has(p.name) && p.cost > total && p.cost / 100 <= total + 0.005
      ? { ...p, cost: Math.round(p.cost) / 100 }
      : p,
  );
  return restoreLostLeadingDigits(pointed, relations, total);
}

/**
 * The figures of an amount as OCR read them: as kept with the reading (one decimal of 953.0 is one
 * figure lost, not 953.00), else with its two decimals, or the whole number read without any.
 */
function figuresRead(p: ReadAmount): string {
  const full = Math.abs(p.cost).toFixed(2).replace('.', '');
  // Only a reading that stopped short of the second decimal: figures a look-alike letter stood
  // for (1O5.00) are not in the cell's digits, and the value is the better witness then.
  if (p.hasDecimals && p.figures !== undefined && p.figures.length === full.length - 1 && full === `${p.figures}0`) return p.figures;
  return p.hasDecimals === false && Number.isInteger(p.cost) ? String(Math.abs(p.cost)) : Math.abs(p.cost).toFixed(2).replace('.', '');
}

/**
 * Whether `read` can be OCR's reading of the amount `value`. A reading OCR visibly damaged (not
 * two decimals, a leading zero) may have one figure lost or added (5595.4 for 5595.45, 102958 for
 * 10295.18, 08.24 for 108.24); one read without decimals may be figures of it in order, the end cut
 * off (1127 for 11271.60, 1007. for 1007.73) or figures dropped under a seal (494 for 4954.99). A changed figure, in any reading, must be one the recogniser
 * doubted (179.74 for 779.74 with the 1 scored 0.37): a sum printed off by 1 or 10, or a gap that
 * is an item OCR did not find, leaves confident figures that must stay.
 */
function couldBeReadAs(read: ReadAmount, value: number): boolean {
  if (value <= 0) return false;
  const got = figuresRead(read);
  const want = value.toFixed(2).replace('.', '');
  if (got === want || want.length < 3) return false;
  if (read.hasDecimals === false && got.length >= 3 && keptInOrder(got, want)) return true;
  // A reading whose shape shows a figure lost or added may be one figure longer or shorter.
  if (!read.wellFormed && got.length !== want.length && editDistance(got, want) === 1) return true;
  // Otherwise the one figure that differs (or the place of one lost or added) must be one the
  // recogniser doubted: 404447 (a point lost) for 4044.47 says nothing against its figures.
  const figures = read.figureScores ?? [];
  const gaps = read.gapScores ?? [];
  if (figures.length !== got.length || gaps.length !== got.length) return false;
  const doubted = (score: number | undefined): boolean => score !== undefined && score < DOUBTFUL_SCORE;
  if (got.length === want.length) {
    const changed = [...got].flatMap((d, i) => (d === want[i] ? [] : [i]));
    return changed.length === 1 && doubted(figures[changed[0]!]);
  }
  // A figure lost before got[i]: the recogniser doubted a figure or the point beside the place.
  if (want.length === got.length + 1) {
    return [...want].some((_, i) => want.slice(0, i) + want.slice(i + 1) === got
      && (doubted(figures[i - 1]) || doubted(figures[i]) || doubted(gaps[i])));
  }
  // A figure added: the recogniser doubted it.
  if (got.length === want.length + 1) return [...got].some((_, i) => got.slice(0, i) + got.slice(i + 1) === want && doubted(figures[i]));
  return false;
}

/**
 * Puts back one payment of the total's split (统筹 + 其他 + 账户 + 现金 = total) that OCR misread,
 * when the split fails, every term of it was read, and exactly one term, replaced by what the
 * others leave of the total, turns into an amount its figures as read could be (couldBeReadAs).
 * A term missing from the reading may be the unprinted one or one OCR lost: then nothing is put
 * back, as the gap could as well be that term's.
 */
export function restoreFromSplit(payments: readonly PrintedPayment[], relations: readonly PaymentRelation[], total: number): PrintedPayment[] {
  let out = [...payments];
  for (const r of totalSplits(relations)) {
    const present = out.filter((p) => r.sum.includes(p.name));
    if (present.length < r.minPresent) continue;
    const fix = misreadPart(present, total);
    if (!fix) continue;
    out = out.map((p) => (p.name === fix.name ? { name: p.name, cost: fix.cost, hasDecimals: true } : p));
  }
  return out;
}

/**
 * The one part of a sum that OCR misread, with its amount put back: when the parts do not add up
 * to the total and exactly one part, replaced by what the others leave of it, becomes an amount
 * its figures as read could be (couldBeReadAs). Null when the sum holds, or none or several fit.
 */
export function misreadPart(parts: readonly ReadAmount[], total: number): { name: string; cost: number } | null {
  const sum = roundCents(parts.reduce((a, p) => a + p.cost, 0));
  if (sameAmount(sum, total)) return null;
  const fixes = parts.flatMap((p) => {
    const value = roundCents(total - (sum - p.cost));
    return couldBeReadAs(p, value) ? [{ name: p.name, cost: value }] : [];
  });
  return fixes.length === 1 ? fixes[0]! : null;
}

/**
 * Puts back leading digits OCR lost where dot-matrix print overlaps the label (个人现金支付：6382.40
 * for 66382.40, the first 6 printed over the colon). When the split that makes up the total
 * (统筹 + 其他 + 账户 + 现金 = total) fails by d × 10^k (one digit d) and exactly one of its terms
 * has k integer digits, that term lost its leading digit d.
 */
export function restoreLostLeadingDigits(payments: readonly PrintedPayment[], relations: readonly PaymentRelation[], total: number): PrintedPayment[] {
  let out = [...payments];
  for (const r of totalSplits(relations)) {
    const present = out.filter((p) => r.sum.includes(p.name));
    if (present.length < r.minPresent) continue;
    const sum = roundCents(present.reduce((a, p) => a + p.cost, 0));
    if (sameAmount(sum, total)) continue;
    // One digit d in front of a term of k integer digits adds d × 10^k: the gap must be that.
    const fixes = present.flatMap((p) => {
      if (p.cost < 1) return [];
      const place = 10 ** String(Math.floor(p.cost)).length;
      const digit = roundCents(total - sum) / place;
      return Number.isInteger(roundCents(digit)) && digit >= 1 && digit <= 9 ? [{ name: p.name, cost: roundCents(p.cost + digit * place) }] : [];
    });
    if (fixes.length !== 1) continue;
    const fix = fixes[0]!;
    out = out.map((p) => (p.name === fix.name ? { ...p, cost: fix.cost } : p));
  }
  return out;
}
