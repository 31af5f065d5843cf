/**
 * Values whose label the blur took: on an out-of-focus photo a short label can read as a stray
 * letter (票据代码：52250474 read as T：52250474), and the value then belongs to no field. Only a
 * value whose own form names its field is taken back, never one a label might still claim.
 */
import type { Segment } from './layout.js';
import { findDates, parseDate } from './parse/date.js';

/** What is left of a lost label before the colon: at most this many characters. */
const MAX_LEAD = 2;

/**
 * A segment of a short lead (the label's remains) and a colon before a run of figures alone, or
 * of the run alone (the label's box lost whole: the detector dropped it).
 */
const LEAD_COLON_FIGURES = /^(?:([^:：\d]{0,2})[:：])?(\d{6,14})$/u;

/**
 * The note code on a line whose label was lost, or '' when none or several fit. A fiscal note code
 * starts with the issuing province's two-digit division code (provinces.json adminCode) and is
 * printed in an even number of figures; a line of a couple of characters, a colon and such a run
 * alone, or of the run alone, is that code. A lead that is a whole label of another field
 * (`labels`: every field's printed labels, compacted) is that field's value, not the code; so is
 * a run the header reading gave to another field (`taken`: the header's values).
 */
export function noteCodeWithLostLabel(
  segments: readonly Segment[],
  adminCode: string | undefined,
  labels: readonly string[],
  taken: ReadonlySet<string> = new Set(),
): string {
  if (!adminCode || !/^\d{2}$/.test(adminCode)) return '';
  const found = new Set<string>();
  for (const s of segments) {
    const m = LEAD_COLON_FIGURES.exec(s.text);
    if (!m) continue;
    const lead = m[1] ?? '';
    const code = m[2]!;
    if ([...lead].length > MAX_LEAD || labels.includes(lead) || taken.has(code)) continue;
    if (code.length % 2 === 0 && code.startsWith(adminCode)) found.add(code);
  }
  return found.size === 1 ? [...found][0]! : '';
}

/**
 * A cell that is a date with separators alone, after at most a couple of stray characters and a
 * colon, or after a spoilt label that still ends in 日期 or 期 with its colon lost too (继日期 for
 * 开票日期: the blur merged two characters into one).
 */
const DATE_CELL = /^(?:[^:：\d]{0,2}[:：]|[^:：\d]{0,2}日?期[:：]?)?(\d{4}[-/.年]\d{1,2}[-/.月]\d{1,2}日?)$/u;

/**
 * The billing date of an outpatient invoice whose date label the blur spoilt (开家O期 for 开票日期,
 * two characters off: no label matches it): an outpatient invoice is issued on the day of the visit
 * it bills, so when every date read on the page is one and the same day and a cell holds it alone,
 * that day is the billing date. '' when the page holds no such cell or more than one day.
 */
export function onlyDateOfPage(segments: readonly Segment[]): string {
  const days = new Set(segments.flatMap((s) => findDates(s.text).map((d) => d.date)));
  if (days.size !== 1) return '';
  const cell = segments.map((s) => DATE_CELL.exec(s.text)).find((m) => m !== null);
  const day = cell ? parseDate(cell[1]!) : null;
  return day !== null && days.has(day) ? day : '';
}
