/**
 * Matching of list items (cost_categories, cost_detail_list, payments_info) for F1.
 *
 * An extracted item matches a labelled item when their names are equal after `normaliseText` and
 * their costs differ by at most 0.01 (one fen: amounts carry two decimals, and 0.005 rounding on
 * either side must not count). Each item matches at most once, so a duplicated extraction is a
 * false positive. A labelled item may carry several acceptable names (the printed term and the
 * name the alias table normalises it to, for real labels written "as printed").
 */
import { normaliseText } from './text.js';

export const COST_TOLERANCE = 0.01;

export interface ReferenceItem {
  /** Any of these names is right. */
  names: readonly string[];
  cost: number;
}

export interface ExtractedItem {
  name: string;
  cost: number;
}

export interface MatchCount {
  /** Items that matched. */
  tp: number;
  /** Items extracted (true + false positives). */
  predicted: number;
  /** Items labelled (true positives + misses). */
  reference: number;
}

export function emptyMatchCount(): MatchCount {
  return { tp: 0, predicted: 0, reference: 0 };
}

export function costsAgree(a: number, b: number): boolean {
  // The epsilon keeps 0.01 itself inside the tolerance despite binary floating point.
  return Math.abs(a - b) <= COST_TOLERANCE + 1e-9;
}

/**
 * Greedy one-to-one matching: each labelled item in order takes the first unmatched extracted
 * item with an acceptable name and an agreeing cost (the one with the closest cost when several).
 */
export function matchItems(reference: readonly ReferenceItem[], extracted: readonly ExtractedItem[]): MatchCount {
  const used = new Set<number>();
  let tp = 0;
  for (const item of reference) {
    const names = new Set(item.names.map(normaliseText));
    let best = -1;
    let bestGap = Infinity;
    extracted.forEach((candidate, j) => {
      if (used.has(j) || !names.has(normaliseText(candidate.name)) || !costsAgree(candidate.cost, item.cost)) return;
      const gap = Math.abs(candidate.cost - item.cost);
      if (gap < bestGap) {
        best = j;
        bestGap = gap;
      }
    });
    if (best >= 0) {
      used.add(best);
      tp++;
    }
  }
  return { tp, predicted: extracted.length, reference: reference.length };
}

export function addMatchCount(total: MatchCount, part: MatchCount): void {
  total.tp += part.tp;
  total.predicted += part.predicted;
  total.reference += part.reference;
}

/** Micro-averaged precision, recall and F1 over all items of a set; null when nothing to score. */
export function prf(count: MatchCount): { precision: number | null; recall: number | null; f1: number | null } {
  const precision = count.predicted > 0 ? count.tp / count.predicted : null;
  const recall = count.reference > 0 ? count.tp / count.reference : null;
  let f1: number | null = null;
  if (count.predicted + count.reference > 0) f1 = (2 * count.tp) / (count.predicted + count.reference);
  return { precision, recall, f1 };
}
