/** Dates in every printed form, normalised to YYYY-MM-DD (decisions.md). */
import { normalizeText } from './normalize.js';

const MIN_YEAR = 1990;
const MAX_YEAR = 2099;

function valid(y: number, m: number, d: number): boolean {
  if (y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

function iso(y: number, m: number, d: number): string {
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface DateHit {
  readonly date: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Every date inside a text, left to right: 2021-03-06, 2021/3/6, 2021.03.06, 2021年3月6日,
 * 20210306, `2021 03 06`, 201904-14 (one separator lost), each possibly followed by a time (which is dropped).
 */
export function findDates(raw: string): DateHit[] {
  const s = normalizeText(raw);
  const hits: DateHit[] = [];
  const patterns = [
    /(?<!\d)((?:19|20)\d{2})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})\s*日?/g,
    /(?<!\d)((?:19|20)\d{2})(\d{2})(\d{2})(?!\d)/g,
    // A time glued to the date (20210207190251): still a date in its first eight digits.
    /(?<!\d)((?:19|20)\d{2})(\d{2})(\d{2})(?=\d{4,6}(?!\d))/g,
    /(?<!\d)((?:19|20)\d{2}) (\d{2}) (\d{2})(?!\d)/g,
    // One separator lost by OCR (201904-14, 2019-0414): month and day still have two digits each.
    /(?<!\d)((?:19|20)\d{2})(\d{2})[\-/.](\d{2})(?!\d)/g,
    /(?<!\d)((?:19|20)\d{2})[\-/.](\d{2})(\d{2})(?!\d)/g,
    // One separator read as a colon on a blurred photo (2023-10:25): the other separator a dash,
    // slash or point and both parts two digits, so a time (10:25) is never a date.
    /(?<!\d)((?:19|20)\d{2})[\-/.](\d{2})[:：](\d{2})(?![\d:：])/g,
    /(?<!\d)((?:19|20)\d{2})[:：](\d{2})[\-/.](\d{2})(?!\d)/g,
  ];
  const taken: boolean[] = new Array(s.length).fill(false);
  for (const re of patterns) {
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const y = Number(m[1]);
      const mo = Number(m[2]);
      const d = Number(m[3]);
      const start = m.index;
      const end = m.index + m[0].length;
      if (!valid(y, mo, d) || taken.slice(start, end).some(Boolean)) continue;
      for (let i = start; i < end; i++) taken[i] = true;
      hits.push({ date: iso(y, mo, d), start, end });
    }
  }
  // A second date glued to the first (住院时间：2023-04-222023-05-03): no separator before its year,
  // so the patterns above (which refuse a digit before a year) miss it.
  for (const hit of [...hits]) {
    const m = GLUED_DATE.exec(s.slice(hit.end));
    if (!m || taken[hit.end]) continue;
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (valid(y, mo, d)) hits.push({ date: iso(y, mo, d), start: hit.end, end: hit.end + m[0].length });
  }
  return hits.sort((a, b) => a.start - b.start);
}

const GLUED_DATE = /^((?:19|20)\d{2})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})(?!\d)/;

/**
 * A value starting with a year that lost its leading 2 to OCR (开票日期022-09-23: the 2 ran into the
 * label's last character). Only at the value's start and with both separators, as a three-digit
 * number elsewhere is no year.
 */
const CUT_YEAR = /^[:：\s]*(0\d{2})[\-/.](\d{1,2})[\-/.](\d{1,2})(?!\d)/;

/** The first date of a text, or null. */
export function parseDate(raw: string): string | null {
  const whole = findDates(raw)[0]?.date;
  if (whole !== undefined) return whole;
  const cut = CUT_YEAR.exec(normalizeText(raw));
  if (!cut) return null;
  const [y, m, d] = [2000 + Number(cut[1]), Number(cut[2]), Number(cut[3])];
  return valid(y, m, d) ? iso(y, m, d) : null;
}

/** Whole days from one ISO date to another (negative when reversed). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
