/** Amounts in figures as printed on invoices: `¥1,234.50`, `１２３４.５`, `1 234.50`, `-0.92`. */
import { normalizeText } from './normalize.js';

/**
 * Letters that OCR reads in place of digits inside a number. Applied only to a token that already
 * holds a digit and that becomes a well-formed number after the swap, so words are never touched.
 */
export const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = {
  O: '0', o: '0', D: '0', Q: '0',
  l: '1', I: '1', '|': '1', i: '1',
  Z: '2', z: '2',
  S: '5', s: '5',
  B: '8',
  g: '9',
};

/** Every listed look-alike letter of `text` read as its digit; other characters as they are. */
export function lookalikesAsDigits(text: string): string {
  return [...text].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('');
}

const NUMBER_SHAPE = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,3})?$/;

/** Rounds to cents: every amount of the contract has at most two decimals. */
export function roundCents(v: number): number {
  return Math.round(v * 100 + (v >= 0 ? 1e-9 : -1e-9)) / 100;
}

function stripCurrency(s: string): string {
  return s
    .replace(/人民币|RMB|CNY|元整?|圆/gi, '')
    // Y and V are how OCR reads the yen sign (¥132.20 as V132.20).
    .replace(/[¥YV](?=\s*-?\d)/g, '')
    .trim();
}

/**
 * Parses one amount token. Returns null for anything that is not exactly one number, so callers can
 * use it as a validator. A comma before exactly two final digits with no point is a decimal comma
 * (`180,00`); commas before groups of three are thousands separators.
 */
export function parseAmount(raw: string): number | null {
  let s = stripCurrency(normalizeText(raw));
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  s = s.replace(/\s+/g, '');
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  if (s.length === 0 || !/\d/.test(s)) return null;
  if (!/^[\d.,]+$/.test(s)) {
    const swapped = lookalikesAsDigits(s);
    if (!/^[\d.,]+$/.test(swapped)) return null;
    s = swapped;
  }
  // A decimal comma before two final digits, also after thousands commas (3,332,40 for 3,332.40).
  if (!s.includes('.') && /^\d+(?:,\d{3})*,\d{2}$/.test(s)) s = s.replace(/,(?=\d{2}$)/, '.');
  // OCR reads a thousands comma as a point (13.795.66): earlier points before groups of three are commas.
  if (/^\d{1,3}(\.\d{3})+\.\d{1,2}$/.test(s)) s = s.replace(/\.(?=\d{3}\.)/g, ',');
  if (!NUMBER_SHAPE.test(s)) return null;
  const v = Number(s.replace(/,/g, ''));
  if (!Number.isFinite(v)) return null;
  return roundCents(negative ? -v : v);
}

export interface AmountHit {
  readonly value: number;
  /** Index of the first and one past the last character of the hit in the normalised text. */
  readonly start: number;
  readonly end: number;
  /** True when the figure carries a decimal point: money rather than a count or a code. */
  readonly hasDecimals: boolean;
}

/**
 * Every amount inside a longer text, left to right. Digits glued to letters (but for one capital
 * after two decimals) or longer than 12 figures (codes, numbers of invoices) are skipped.
 */
export function findAmounts(raw: string): AmountHit[] {
  // A decimal point OCR read as a colon (¥1,282:10): only after money-shaped figures (a currency
  // sign, a thousands group or three digits) and before two final digits, so times (08:30) stay.
  const s = normalizeText(raw).replace(/(?<=(?:[¥YV]\s?-?[\d,]*\d|\d,\d{3}|\d{3}))[:：](?=\d{2}(?![\d:：]))/g, '.');
  const hits: AmountHit[] = [];
  // A grade printed right after an amount is read as a capital glued to it (180.80Z for 乙), a
  // mark or speck as a letter (1723.15x): two decimals and one letter keep the figure, unless the
  // letter is a unit (0.25g, 5.00l, 2.50u) or starts one (5.0mg, 0.25ml).
  // Figures right after a point that follows a figure or letter are the tail of a damaged number
  // (117G.00), not an amount of their own.
  // A point followed by a Chinese character (371.费) lost its decimals: the figures before it are
  // not the whole amount, so they are no reading of it (371.00元 keeps its unit after the cents).
  // A lone 0 stays: a line with nothing paid prints 0.00, and 0.海 is that far likelier than 0.35.
  const re = /(?<![\dA-Za-z])(?<![\dA-Za-z][.．])[¥YV]?\s?-?\d[\d,]*(?:\.\d{3}(?=\.))*(?:\.\d{2}(?=[A-Za-fh-kn-tv-z](?![A-Za-z]))|(?:\.\d{1,3})?(?![\dA-Za-z]))(?:(?<=(?<![\d,])0)|(?![.．]\s?[\u4e00-\u9fff]))/g;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const token = m[0];
    const digits = token.replace(/\D/g, '');
    if (digits.length > 12) continue;
    const value = parseAmount(token);
    if (value === null) continue;
    hits.push({ value, start: m.index, end: m.index + token.length, hasDecimals: /\.\d{1,3}$|^[^.]*\d,\d{2}$/.test(token.trim()) });
  }
  return hits;
}

/** Two amounts equal to the cent. */
export function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.005;
}
