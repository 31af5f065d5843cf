/**
 * Which parts of an invoice's truth a reader could see in the captured image.
 *
 * The generator pushes some pages partly out of the frame (a photo taken too close) and lays
 * documents over each other. A value printed only on lines that are out of the frame or under
 * another document cannot be read by anyone, so labelling it would score every reader wrong on
 * it; the label names it in `unreadable` instead (the same convention as the real set's labels,
 * docs/eval.md), and the evaluation leaves it out of both sides.
 *
 * A value is tied to lines by its printed text (the generator prints values as the label holds
 * them: ISO dates, amounts with two decimals). A value no line is found for is kept: unreadable is
 * claimed only where the lines that print it are known and none of them shows it. What counts is
 * the value's own stretch of the line, not the whole line: a label cut off at the frame's edge
 * leaves its value readable (交款人：毛海 cut to 毛海).
 */
import type { MedicalResult } from '../contract/extract.js';
import type { Quad8 } from '../ocr/types.js';
import { formatAmount } from './money.js';

export interface PrintedLine {
  readonly text: string;
  /** The line's box in the image, corners clockwise from the top left of the text. */
  readonly quad: Quad8;
}

/** True when a box of the image is wholly in the frame and under no other document. */
export type Visible = (q: Quad8) => boolean;

const squeeze = (s: string): string => s.replace(/\s+/gu, '');

/** Advance of a character in ems: Latin letters, digits and ASCII punctuation are half as wide as CJK. */
const advance = (ch: string): number => (ch.charCodeAt(0) < 0x2e80 ? 0.55 : 1);

/** The part of `line`'s box that prints characters [from, to) of its text, by advances along the line. */
export function spanQuad(line: PrintedLine, from: number, to: number): Quad8 {
  const chars = [...line.text];
  const widths = chars.map(advance);
  const total = widths.reduce((a, b) => a + b, 0) || 1;
  const a = widths.slice(0, from).reduce((x, y) => x + y, 0) / total;
  const b = widths.slice(0, to).reduce((x, y) => x + y, 0) / total;
  const q = line.quad;
  const lerp = (i: number, j: number, t: number): [number, number] => [q[i]! + (q[j]! - q[i]!) * t, q[i + 1]! + (q[j + 1]! - q[i + 1]!) * t];
  // Top edge runs corner 0 -> 1, bottom edge corner 3 -> 2.
  return [...lerp(0, 2, a), ...lerp(0, 2, b), ...lerp(6, 4, b), ...lerp(6, 4, a)] as Quad8;
}

/** Where `form` starts in `text` counted in characters of `text` when white space is ignored; -1 if absent. */
function findIgnoringSpace(text: string, form: string): { from: number; to: number } | null {
  const chars = [...text];
  const kept: number[] = [];
  chars.forEach((c, i) => { if (!/\s/u.test(c)) kept.push(i); });
  const at = kept.map((i) => chars[i]).join('').indexOf(form);
  if (at < 0) return null;
  const formLength = [...form].length;
  return { from: kept[at]!, to: kept[at + formLength - 1]! + 1 };
}

/** Codes and counts, not printed as such (type) or too short to tie to one line (hospital_days). */
const UNTIED_FIELDS = new Set(['type', 'hospital_days']);

/** The texts a field's value is printed as; empty when it cannot be tied to lines. */
function printedForms(key: string, value: unknown): string[] {
  if (UNTIED_FIELDS.has(key)) return [];
  if (key === 'patient_gender') return value === 1 ? ['男'] : value === 2 ? ['女'] : [];
  if (typeof value === 'number') return value > 0 ? [formatAmount(value), formatAmount(value, true)] : [];
  if (typeof value !== 'string' || value.length === 0) return [];
  if (/^\d{4}-\d{2}-\d{2}$/u.test(value)) return [value, value.replace(/-/gu, '')];
  return [squeeze(value)];
}

/** A gender value is one character: only lines that are a gender cell can print it. */
function linesFor(key: string, lines: readonly PrintedLine[]): readonly PrintedLine[] {
  if (key !== 'patient_gender') return lines;
  return lines.filter((l) => /^(性别[:：]?)?[男女]$/u.test(squeeze(l.text)));
}

/** True when some line prints one of `forms` and none of them shows it wholly. */
function hiddenOnly(forms: readonly string[], lines: readonly PrintedLine[], visible: Visible): boolean {
  let printed = false;
  for (const line of lines) {
    for (const form of forms) {
      const at = findIgnoringSpace(line.text, form);
      if (!at) continue;
      printed = true;
      if (visible(spanQuad(line, at.from, at.to))) return false;
    }
  }
  return printed;
}

const LISTS = ['cost_categories', 'payments_info', 'cost_detail_list'] as const;

/**
 * Names of the fields (`patient_name`) and list items (`payments_info:个人现金支付`) of `result`
 * that are printed only on lines a reader cannot see.
 */
export function unreadableParts(result: MedicalResult, lines: readonly PrintedLine[], visible: Visible): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === 'object') continue;
    if (hiddenOnly(printedForms(key, value), linesFor(key, lines), visible)) out.push(key);
  }
  for (const list of LISTS) {
    for (const item of result[list] as readonly { name?: string; ocr_name?: string; cost: number }[]) {
      const name = list === 'cost_detail_list' ? item.ocr_name : item.name;
      if (!name) continue;
      const nameHidden = hiddenOnly([squeeze(name)], lines, visible);
      const costHidden = hiddenOnly(printedForms('cost', item.cost), lines, visible);
      if (nameHidden || costHidden) out.push(`${list}:${name}`);
    }
  }
  return out;
}
