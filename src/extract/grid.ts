/**
 * Name-amount pairs of category grids and payment blocks. Both print a term followed by an amount
 * (`护理费 180.00 | 西药费 11,274.86`, `医保统筹基金支付：3772.58`), possibly several per OCR line; the
 * term scan cuts the line and the amount is read from what follows each term.
 */
import type { CostCategory } from '../contract/common.js';
import type { Province } from '../contract/extract.js';
import type { Segment } from './layout.js';
import { findAmounts } from './parse/amount.js';
import type { TermPayload } from './header.js';
import { groupBySegment, valueCandidates, type TermHit } from './terms.js';

/** The amount that follows a term: money (with decimals) before bare counts such as a quantity `1`. */
function amountAfter(
  hit: TermHit<TermPayload>,
  bySegment: ReadonlyMap<number, readonly TermHit<TermPayload>[]>,
  segments: readonly Segment[],
  unit: number,
): number | null {
  const candidates = valueCandidates(hit, bySegment, segments, unit).slice(0, 4);
  let bare: number | null = null;
  for (const c of candidates) {
    // A candidate that starts with letters is some other cell (a name, a code), not our amount.
    if (/^[\u4e00-\u9fff]{2,}/.test(c.text) && !/^(元|圆)/.test(c.text)) continue;
    const hits = findAmounts(c.text);
    const money = hits.find((h) => h.hasDecimals);
    if (money) return money.value;
    if (bare === null && hits[0]) bare = hits[0].value;
  }
  return bare;
}

function readingOrder<P>(hits: readonly TermHit<P>[]): TermHit<P>[] {
  return [...hits].sort((a, b) => a.segment.box.y0 - b.segment.box.y0 || a.segment.box.x0 - b.segment.box.x0 || a.start - b.start);
}

/** Categories in reading order; a name printed twice keeps its first amount. */
export function readCategories(
  hits: readonly TermHit<TermPayload>[],
  segments: readonly Segment[],
  unit: number,
): CostCategory[] {
  const bySegment = groupBySegment(hits);
  const out: CostCategory[] = [];
  for (const hit of readingOrder(hits)) {
    const p = hit.payloads.find((x): x is Extract<TermPayload, { type: 'category' }> => x.type === 'category');
    if (!p || out.some((c) => c.name === p.name)) continue;
    const cost = amountAfter(hit, bySegment, segments, unit);
    if (cost !== null) out.push({ name: p.name, cost });
  }
  return out;
}

export interface PrintedPayment {
  readonly name: string;
  readonly cost: number;
}

/**
 * Payment items normalised to api.md's allowed names. An alias restricted to provinces applies on
 * those provinces' invoices, and on invoices whose province is unknown.
 */
export function readPayments(
  hits: readonly TermHit<TermPayload>[],
  segments: readonly Segment[],
  unit: number,
  province: Province | undefined,
): PrintedPayment[] {
  const bySegment = groupBySegment(hits);
  const out: PrintedPayment[] = [];
  for (const hit of readingOrder(hits)) {
    const p = hit.payloads.find(
      (x): x is Extract<TermPayload, { type: 'payment' }> =>
        x.type === 'payment' && (!x.provinces || !province || x.provinces.includes(province)),
    );
    if (!p || out.some((c) => c.name === p.name)) continue;
    const cost = amountAfter(hit, bySegment, segments, unit);
    if (cost !== null) out.push({ name: p.name, cost });
  }
  return out;
}
