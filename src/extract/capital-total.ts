/**
 * The total when neither of its printed readings parsed: on a blurred photo the 大写 line comes out
 * with a numeral misread (壹佰叁拾元别角整: 别 for 捌) and the 小写 figure without its label or
 * currency sign. The 大写 text still says which amount it is: the one amount read on the page whose
 * own 大写 spelling the text matches, allowing the misreads capitalTextAgrees allows.
 */
import type { Segment } from './layout.js';
import { findAmounts, roundCents } from './parse/amount.js';
import { capitalTextAgrees } from './parse/capital.js';

/** Amounts with two decimals read anywhere on the page, each value once. */
export function pageAmounts(segments: readonly Segment[]): number[] {
  const out = new Set<number>();
  for (const s of segments) for (const hit of findAmounts(s.text)) if (hit.hasDecimals && hit.value > 0) out.add(roundCents(hit.value));
  return [...out];
}

/**
 * The one page amount (two decimals, so figures, not codes) that a 大写 text agrees with; null when
 * none or several do. The largest text decides when several capital texts are read: the total's
 * line is the longest.
 */
export function totalFromCapitalText(capitalTexts: readonly string[], amounts: readonly number[]): number | null {
  for (const text of [...capitalTexts].sort((a, b) => b.length - a.length)) {
    const fits = amounts.filter((a) => capitalTextAgrees(text, a));
    if (fits.length === 1) return fits[0]!;
    if (fits.length > 1) return null;
  }
  return null;
}
