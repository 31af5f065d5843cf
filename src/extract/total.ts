/**
 * The invoice total from its two printed readings, the figures (小写) and the capital numerals
 * (大写). They say the same amount; when OCR makes them disagree, the one the invoice itself backs
 * (sum of categories, payment split, QR) wins, else the one that holds the other's digits: a figure
 * cut by a seal or the edge (`7` of 770.20) or without its point (`51160`) lost characters that the
 * capital still has, while a capital reading that lost numerals is a shorter figure.
 */
import { sameAmount } from './parse/amount.js';
import { parseCapitalAmount } from './parse/capital.js';

/** An amount's significant digits as printed: 770.20 -> 77020, 7.00 -> 7, 0.5 -> 050 -> 50. */
export function amountDigits(v: number): string {
  const cents = Math.round(Math.abs(v) * 100);
  const text = cents % 100 === 0 ? String(cents / 100) : String(cents);
  return text.replace(/^0+(?=\d)/, '');
}

/** True when every character of `part` occurs in `whole` in order, and `whole` is longer. */
function properSubsequence(part: string, whole: string): boolean {
  if (part.length >= whole.length) return false;
  let i = 0;
  for (const c of whole) if (c === part[i]) i++;
  return i === part.length;
}

/**
 * The total: figures and capital agreeing, else the better-backed of the two (see the module
 * comment), else the figures as printed. 0 when neither was read.
 */
export function chooseTotal(figures: number | null, capital: number | null, corroborations: readonly number[]): number {
  if (figures === null) return capital ?? 0;
  const backs = (v: number): boolean => corroborations.some((c) => sameAmount(c, v));
  if (capital === null) {
    // Whole figures without a capital to check them: a lost point (51160) shows when only the
    // hundredth is what the invoice's other amounts add up to.
    const hundredth = figures / 100;
    return Number.isInteger(figures) && !backs(figures) && backs(hundredth) ? hundredth : figures;
  }
  if (sameAmount(figures, capital)) return figures;
  const [f, c] = [backs(figures), backs(capital)];
  if (f !== c) return f ? figures : capital;
  // The figure read without its decimal point (51160 for 511.60).
  if (sameAmount(figures, capital * 100)) return capital;
  if (properSubsequence(amountDigits(figures), amountDigits(capital))) return capital;
  return figures;
}

/** Characters of a 大写 amount: numerals (with the common ones OCR reads for them) and units. */
const CAPITAL_CHARS = /[零壹贰貳叁參参肆伍陆陸柒捌玖拾佰仟万亿元圆角分整正一二三四五六七八九十百千]/g;

/**
 * The total when neither its figures nor its labelled 大写 were read (the label cut off by the
 * picture's edge, the 小写 cell lost): a line that is a capital amount and nothing else. Only the
 * total is printed in 大写 on an invoice, but a line OCR garbled could parse to any amount, so it
 * counts only when another relation of the invoice (details, categories, payment split) adds up to
 * the same amount, and when no two such lines disagree. Null otherwise.
 */
export function capitalOnlyTotal(
  lines: readonly string[],
  corroborations: readonly number[],
  parse: (text: string) => number | null,
): number | null {
  const backed = capitalLineValues(lines, parse).filter((v) => corroborations.some((c) => sameAmount(c, v)));
  return backed.length === 1 ? backed[0]! : null;
}

/** The distinct amounts of lines that are a capital amount and nothing else (see capitalOnlyTotal). */
function capitalLineValues(lines: readonly string[], parse: (text: string) => number | null): number[] {
  const values = new Set<number>();
  for (const raw of lines) {
    const text = raw.replace(/[\s:：()（）¥￥]/g, '');
    const capitals = text.match(CAPITAL_CHARS)?.length ?? 0;
    // One stray character (a speck, a seal letter) may stand beside the amount; a label may not.
    if (capitals < 3 || text.length - capitals > 1) continue;
    const v = parse(text);
    if (v !== null && v > 0) values.add(Math.round(v * 100) / 100);
  }
  return [...values];
}

/**
 * The total read from its figures when the 大写 label was lost (no capital reading): a line that
 * is a 大写 amount alone (only the total is printed in 大写) is the capital reading, and the two
 * are weighed as when both are labelled (chooseTotal): a seal over the 小写 cell leaves a piece of
 * the figures (40 of 70.40) that still parses, while the capital line names the whole. The figures
 * as read when no such line, or two disagreeing ones, are on the page.
 */
export function figuresAgainstCapitalLine(figures: number, capitalLines: readonly string[], corroborations: readonly number[], parse: (text: string) => number | null = parseCapitalAmount): number {
  const values = capitalLineValues(capitalLines, parse);
  return values.length === 1 ? chooseTotal(figures, values[0]!, corroborations) : figures;
}
