/**
 * Reading a header field's value out of a candidate text, by the field's kind. Each reader returns
 * null when the text is not a value of that kind, which lets the caller try the next candidate
 * (the next cell right, the cell below) instead of taking whatever sits near a label.
 */
import type { ExtractTables, FieldKind, FieldSpec, HeaderField } from './tables.js';
import { compact } from './parse/normalize.js';
import type { PlacedChar, Segment } from './layout.js';
import { DOUBTFUL_SCORE } from './grid.js';
import { findAmounts, lookalikesAsDigits } from './parse/amount.js';
import { looksCapital, parseCapitalAmount } from './parse/capital.js';
import { parseDate } from './parse/date.js';
import { parseGender } from './parse/fields.js';
import { trimValue } from './parse/normalize.js';
import { keptInOrder } from '../util/text.js';

export type FieldValue = string | number;

/** OCR reads these letters inside digit runs; only used where a field is digits by definition. */
function digitsOnly(s: string): string {
  return s.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1');
}

/**
 * A code or number (digits by definition) with letters OCR reads for digits anywhere in it
 * (6576S440, B5421O97): the leading run of letters and digits taken as digits when every letter in
 * it is a listed look-alike and most of it was read as digits. null otherwise.
 */
function lookalikeDigits(text: string): string | null {
  const run = /^[.:]?([0-9A-Za-z|]{6,14})(?![0-9A-Za-z])/.exec(text)?.[1];
  if (!run) return null;
  const digits = run.replace(/\D/g, '').length;
  const mapped = lookalikesAsDigits(run);
  return /^\d+$/.test(mapped) && digits >= run.length - 2 ? mapped : null;
}

const HAN = /[\u4e00-\u9fff]/;

export function readValue(kind: FieldKind, raw: string): FieldValue | null {
  const text = trimValue(raw);
  if (text.length === 0) return null;
  switch (kind) {
    case 'code_digits':
    case 'number_digits': {
      const m = /^[.:]?(\d{6,14})/.exec(digitsOnly(text));
      const whole = lookalikeDigits(text);
      // The look-alike reading only when it is longer: the strict one stopped at the letter.
      return whole !== null && (!m || whole.length > m[1]!.length) ? whole : m ? m[1]! : null;
    }
    case 'check_code': {
      const m = /^([0-9A-Za-z]{4,24})/.exec(text.replace(/\s+/g, ''));
      return m ? m[1]! : null;
    }
    case 'date':
      return parseDate(text);
    case 'person': {
      const m = /^([\u4e00-\u9fff·]{2,6})/.exec(text);
      return m ? m[1]! : null;
    }
    case 'person_or_code': {
      const m = /^([\u4e00-\u9fff·]{2,6}|[0-9A-Za-z]{2,20})/.exec(text);
      if (!m) return null;
      const value = m[1]!;
      // A cashier's code is a number or a login (digits, or letters of one case: 0231, SFY01,
      // zhangli); letters of mixed case and no digit are a seal's rim or speckle read as Latin.
      if (!HAN.test(value) && !/\d/.test(value) && value !== value.toLowerCase() && value !== value.toUpperCase()) return null;
      return value;
    }
    case 'gender': {
      const g = parseGender(text.slice(0, 2));
      return g === 0 ? null : g;
    }
    case 'org': {
      const t = text.replace(/\(章\)|（章）/g, '').trim();
      return t.length >= 3 && HAN.test(t) ? t : null;
    }
    case 'count': {
      const m = /^(\d{1,4}(?:\.\d)?)/.exec(text);
      return m ? Number(m[1]) : null;
    }
    case 'amount': {
      const hits = findAmounts(text);
      const money = hits.find((h) => h.hasDecimals) ?? hits[0];
      return money ? money.value : null;
    }
    case 'capital': {
      if (!looksCapital(text)) return null;
      const start = text.search(/[零壹贰貳叁參参肆伍陆陸柒捌玖拾佰仟万亿]/);
      const end = Math.max(text.lastIndexOf('整'), text.lastIndexOf('正'), text.lastIndexOf('分'), text.lastIndexOf('角'), text.lastIndexOf('元'), text.lastIndexOf('圆'));
      if (start < 0 || end < start) return null;
      // A unit before the first numeral (登语式地费元壹角: the yuan's numerals misread into other
      // characters) leaves only the tail of the amount: no reading of it, not 0.10.
      if (/[元圆角]/.test(text.slice(0, start).replace(/[(（][元圆][)）]/g, ''))) return null;
      return parseCapitalAmount(text.slice(start, end + 1));
    }
    case 'text':
      return text.length <= 40 && /[\u4e00-\u9fff0-9A-Za-z]/.test(text) ? text : null;
    case 'serial': {
      const m = /^([0-9A-Za-z*＊\-]{3,32})/.exec(text);
      return m ? m[1]! : null;
    }
  }
}

/**
 * Whether a value text (what follows a label's colon) has a field's printed shape: it reads as the
 * field's kind, and its first token of letters and digits matches the field's `shape`
 * (data/field-labels.json) when it has one. Used to tell apart the fields a cut label could be.
 */
export function fitsFieldShape(spec: FieldSpec, text: string): boolean {
  if (readValue(spec.kind, text) === null) return false;
  if (!spec.shape) return true;
  const token = /^[:：\s]*([0-9A-Za-z]+)/.exec(text)?.[1] ?? '';
  return spec.shape.test(token);
}

export interface LabelOwner {
  readonly field: HeaderField;
  readonly label: string;
  readonly rank: number;
}

function ownersOf(tail: string, tables: ExtractTables): { whole: boolean; owners: LabelOwner[] } {
  const owners: LabelOwner[] = [];
  let whole = false;
  for (const [field, spec] of tables.fields) {
    spec.labels.forEach((label, rank) => {
      const l = compact(label);
      if (l === tail) whole = true;
      else if (l.endsWith(tail)) owners.push({ field, label: l, rank });
    });
  }
  return { whole, owners };
}

function firstRanked(owners: readonly LabelOwner[]): LabelOwner {
  return owners.reduce((a, b) => (b.rank < a.rank ? b : a));
}

/**
 * The label a tail cut by the picture's edge stands for (费日期 of 收费日期), given the value after
 * its colon and the fields whose labels the page printed whole elsewhere.
 * - A tail that ends the labels of one field only is that field's.
 * - A tail several fields' labels end in (代码 of 票据代码 and 统一社会信用代码), or one whose
 *   first characters are misread or a stray mark (居代码, 弋码: the shortest tail ending some label
 *   counts, down to one character), is decided by the value's shape: of the fields not labelled
 *   elsewhere, exactly one must fit, and it must have a shape (a field without one could hold
 *   anything, so it fits any value and keeps the label ambiguous).
 * `shorten` false takes the tail as read (a label inside the page that lost its first character).
 */
export function cutLabelOwner(
  tail: string,
  value: string,
  labelledElsewhere: ReadonlySet<HeaderField>,
  tables: ExtractTables,
  shorten = true,
): LabelOwner | null {
  const chars = [...tail];
  for (let cut = 0; cut < (shorten ? chars.length : 1); cut++) {
    const { whole, owners } = ownersOf(chars.slice(cut).join(''), tables);
    if (whole && cut === 0) return null;
    if (owners.length === 0) continue;
    const fields = new Set(owners.map((o) => o.field));
    // One character (名 of 姓名, 码) is too little to name a field without its value's shape.
    if (fields.size === 1 && cut === 0 && chars.length >= 2) return firstRanked(owners);
    const fitting = [...fields].filter((f) => !labelledElsewhere.has(f) && fitsFieldShape(tables.fields.get(f)!, value));
    if (fitting.length !== 1 || !tables.fields.get(fitting[0]!)!.shape) return null;
    return firstRanked(owners.filter((o) => o.field === fitting[0]));
  }
  return null;
}

/**
 * A note code whose first figure OCR lost (the label's colon ran into it: 票据代码：490793782 for
 * 6490793782). Fiscal note codes start with the issuing province's two-digit division code
 * (provinces.json adminCode); a code read without it that starts with the division's second figure,
 * one figure short of the even length codes are printed in, gets the first figure back.
 */
export function restoreDivisionDigit(code: string, adminCode: string | undefined): string {
  if (!adminCode || !/^\d+$/.test(code) || code.startsWith(adminCode)) return code;
  if (code.length % 2 === 0 || !code.startsWith(adminCode.slice(1))) return code;
  const restored = adminCode.slice(0, 1) + code;
  return /^\d{6,14}$/.test(restored) ? restored : code;
}

/**
 * The invoice number when another reading of it on the page (the pre-printed red No beside the
 * printed one) is the same number with one or two leading figures more: OCR loses figures at the
 * colon (票据号码：021855226 beside No1021855226), it does not invent them.
 */
export function fullerReading(value: string, readings: readonly string[]): string {
  if (!/^\d+$/.test(value)) return value;
  const longer = readings.filter((r) => /^\d+$/.test(r) && r.length > value.length && r.length <= value.length + 2 && r.endsWith(value));
  return longer.length > 0 && longer.every((r) => r === longer[0]) ? longer[0]! : value;
}

/**
 * Where two codes differ by one edit: the index in `read` of the character changed or added, or of
 * the place a character was lost (its neighbours); null when they differ by more.
 */
function oneEditAt(read: string, truth: string): number[] | null {
  let i = 0;
  while (i < read.length && i < truth.length && read[i] === truth[i]) i++;
  if (read.length === truth.length) return read.slice(i + 1) === truth.slice(i + 1) ? [i] : null;
  if (read.length === truth.length + 1) return read.slice(i + 1) === truth.slice(i) ? [i] : null;
  if (read.length + 1 === truth.length) return read.slice(i) === truth.slice(i + 1) ? [i - 1, i] : null;
  return null;
}

/**
 * Whether a printed code read differently from the QR code's machine-encoded value is an OCR slip:
 * one character changed, added or lost, where the recogniser doubted the characters it read
 * (ivfjicb with an i scored 0.54, for the QR's ivfjcb). A difference read with confidence is the
 * invoice disagreeing with itself and stays a mismatch.
 */
export function doubtedSlip(read: string, qr: string, segments: readonly Segment[]): boolean {
  const at = oneEditAt(read.toLowerCase(), qr.toLowerCase());
  if (!at || read.length < 4) return false;
  for (const s of segments) {
    const start = s.text.indexOf(read);
    if (start < 0) continue;
    const chars: readonly PlacedChar[] = s.chars.slice(start, start + read.length);
    return at.some((k) => (chars[k]?.score ?? 1) < DOUBTFUL_SCORE);
  }
  return false;
}

/**
 * Whether a code read off the page is the QR code's value with one or two figures lost (68496 of
 * 468496, 1234567 of 12345678): OCR drops figures (a narrow 1, a figure under the colon or a seal
 * edge), it does not invent them in order, and a forged code is changed, not shortened. The QR's
 * machine-encoded value is then the code.
 */
export function lostFiguresOf(read: string, qr: string): boolean {
  if (!/^\d{4,}$/.test(read) || !/^\d+$/.test(qr)) return false;
  if (qr.length <= read.length || qr.length > read.length + 2) return false;
  return keptInOrder(read, qr);
}

/**
 * The billing date when no 开票日期/收费日期 was read (the header cut off by the photo, or the date
 * printed only under another label): an outpatient invoice is issued when the visit is paid, on its
 * 就诊日期; an inpatient one at settlement, on the 出院日期. Empty when the invoice's kind or that
 * date is unknown: no date is guessed from anything else.
 */
export function billingDateFromVisit(type: number, visitDate: string, dischargeDate: string): string {
  if (type === 1) return visitDate;
  if (type === 2) return dischargeDate;
  return '';
}
