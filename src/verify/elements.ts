/**
 * Validation and normalisation of the verification elements (api.md 4.B, 7.2; decisions.md
 * "Verification"). Pure: no store, no clock.
 *
 * Check order (the first failing check decides the answer; documented in docs/ledger.md):
 *  1. 312  an element longer than its bound or holding control characters (not a value a client
 *          of the original could mean; refusing it keeps junk out of logs and the store);
 *  2. 301..305 missing elements, lowest code first: note_no, check_code, note_code, billing_date,
 *          total_cost. An element that is empty or only whitespace is missing;
 *  3. 309  note_code not 8 digits;   310 note_no not 10 digits;
 *  4. 325  billing_date not YYYY-MM-DD / YYYYMMDD / YYYY/MM/DD, or not a real calendar date;
 *  5. 307  total_cost not a decimal (or more than two non-zero decimals: no invoice carries one);
 *  6. 308  check_code not 6 characters of digits and letters.
 * None of these reaches a data source, so none counts toward the daily limit.
 */
import type { VerifyElements } from '../contract/verify.js';
import type { VerifyErrorCode } from '../http/errors.js';

export interface NormalizedElements {
  /** 8 digits. */
  note_code: string;
  /** 10 digits. */
  note_no: string;
  /** 6 characters, digits and lowercase letters (input is lower-cased: printed codes are lowercase). */
  check_code: string;
  /** The amount in integer cents, so comparisons never meet binary floating point. */
  total_cost_cents: number;
  /** YYYY-MM-DD. */
  billing_date: string;
  /** Trimmed; absent when not given or blank. */
  patient_name?: string;
}

export type ElementsCheck = { ok: true; elements: NormalizedElements } | { ok: false; error_code: VerifyErrorCode };

const MAX_ELEMENT_LENGTH = 64;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** Missing-element codes in the order they are checked (lowest code first). */
const REQUIRED: readonly [keyof VerifyElements, VerifyErrorCode][] = [
  ['note_no', 301],
  ['check_code', 302],
  ['note_code', 303],
  ['billing_date', 304],
  ['total_cost', 305],
];

const DATE_FORMS: readonly RegExp[] = [/^(\d{4})-(\d{2})-(\d{2})$/, /^(\d{4})(\d{2})(\d{2})$/, /^(\d{4})\/(\d{2})\/(\d{2})$/];

/** A date string in one of the accepted forms -> YYYY-MM-DD, or null when not a real date. */
export function normalizeDate(text: string): string | null {
  for (const form of DATE_FORMS) {
    const m = form.exec(text);
    if (!m) continue;
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
    // Date.UTC rolls 02-30 over to 03-02; a real calendar date survives the round trip.
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
    return `${m[1]}-${m[2]}-${m[3]}`;
  }
  return null;
}

/** A decimal string ("12", "12.5", "12.50", "-3.00") -> integer cents, or null when not one. */
export function decimalToCents(text: string): number | null {
  const m = /^([+-]?)(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return null;
  const cents = Number(m[2]) * 100 + Number(fraction.padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** An amount as the contract carries it (a float with at most two decimals) -> integer cents. */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

export function centsToAmount(cents: number): number {
  return cents / 100;
}

export function isNoteCode(text: string): boolean {
  return /^\d{8}$/.test(text);
}

export function isNoteNo(text: string): boolean {
  return /^\d{10}$/.test(text);
}

export function normalizeCheckCode(text: string): string | null {
  const lowered = text.trim().toLowerCase();
  return /^[0-9a-z]{6}$/.test(lowered) ? lowered : null;
}

export function validateElements(input: VerifyElements): ElementsCheck {
  const fields: (keyof VerifyElements)[] = ['note_code', 'note_no', 'check_code', 'total_cost', 'billing_date', 'patient_name'];
  for (const key of fields) {
    const value = input[key];
    if (value !== undefined && (value.length > MAX_ELEMENT_LENGTH || CONTROL_CHARS.test(value))) return { ok: false, error_code: 312 };
  }
  const trimmed = (key: keyof VerifyElements): string => (input[key] ?? '').trim();
  for (const [key, code] of REQUIRED) {
    if (trimmed(key) === '') return { ok: false, error_code: code };
  }
  const noteCode = trimmed('note_code');
  if (!isNoteCode(noteCode)) return { ok: false, error_code: 309 };
  const noteNo = trimmed('note_no');
  if (!isNoteNo(noteNo)) return { ok: false, error_code: 310 };
  const billingDate = normalizeDate(trimmed('billing_date'));
  if (billingDate === null) return { ok: false, error_code: 325 };
  const cents = decimalToCents(trimmed('total_cost'));
  if (cents === null) return { ok: false, error_code: 307 };
  const checkCode = normalizeCheckCode(trimmed('check_code'));
  if (checkCode === null) return { ok: false, error_code: 308 };
  const patientName = trimmed('patient_name');
  const elements: NormalizedElements = {
    note_code: noteCode,
    note_no: noteNo,
    check_code: checkCode,
    total_cost_cents: cents,
    billing_date: billingDate,
  };
  if (patientName !== '') elements.patient_name = patientName;
  return { ok: true, elements };
}
