/**
 * The five elements of an e-invoice from its QR text: the one reader of QR payloads, used by
 * extraction (C, to cross-check the printed fields) and by verification from an image (B).
 *
 * The payload of fiscal e-invoices is not publicly specified (engineering notes), so every shape
 * seen is read defensively, and every value is validated by its shape; what cannot be recognised
 * is left out rather than guessed:
 *  1. key=value pairs: a URL's query (also a query after the fragment, as single-page apps put it),
 *     or pairs separated by & ; , | newline in plain text; keys compared case-insensitively without
 *     `_`, `-` and spaces;
 *  2. printed Chinese labels (票据代码：…, 金额：￥…, 开票日期：2024年03月15日);
 *  3. bare fields by shape, comma-separated or as the path segments of a URL: fiscal e-invoices
 *     (8-digit code, 10-digit number, in any order) and VAT invoices (01,<type>,code,number,…).
 */
import type { VerifyElements } from '../contract/verify.js';
import { parseAmount } from '../extract/parse/amount.js';
import { parseDate } from '../extract/parse/date.js';
import { normalizeText } from '../extract/parse/normalize.js';

export interface EInvoiceElements {
  note_code?: string;
  note_no?: string;
  check_code?: string;
  total_cost?: number;
  billing_date?: string;
}

type Element = keyof EInvoiceElements;

/** Key names seen in issuers' links and payloads, per element, lower-case without `_`/`-`/spaces. */
const KEY_NAMES: Readonly<Record<Element, readonly string[]>> = {
  note_code: ['billcode', 'einvoicecode', 'invoicecode', 'notecode', 'pjdm', 'fpdm', 'code', 'dm', 'billbatchcode'],
  note_no: ['billno', 'einvoicenumber', 'invoicenumber', 'invoiceno', 'noteno', 'pjhm', 'fphm', 'number', 'no', 'hm'],
  check_code: ['checkcode', 'random', 'randomnumber', 'randomcode', 'jym', 'check', 'verifycode', 'vcode'],
  total_cost: ['totalamount', 'amount', 'money', 'total', 'je', 'totalcost', 'jshj', 'hjje'],
  billing_date: ['issuedate', 'billdate', 'billingdate', 'invoicedate', 'date', 'kprq', 'rq', 'ivcdate'],
};

const ELEMENT_OF_KEY = new Map<string, Element>(
  (Object.entries(KEY_NAMES) as [Element, readonly string[]][]).flatMap(([el, keys]) => keys.map((k) => [k, el] as const)),
);

/** Printed labels that may appear in a plain-text payload, longest first within an element. */
const TEXT_LABELS: Readonly<Record<Element, readonly string[]>> = {
  note_code: ['电子票据代码', '票据代码', '发票代码'],
  note_no: ['电子票据号码', '票据号码', '发票号码'],
  check_code: ['校验码'],
  total_cost: ['金额合计', '合计金额', '票据金额', '交款金额', '总金额', '金额'],
  billing_date: ['开票日期', '开具日期', '日期'],
};

function readElement(el: Element, raw: string): string | number | undefined {
  const v = normalizeText(raw).trim();
  switch (el) {
    case 'note_code':
      return /^\d{8,12}$/.test(v) ? v : undefined;
    case 'note_no':
      return /^\d{6,12}$/.test(v) ? v : undefined;
    case 'check_code':
      return /^[0-9A-Za-z]{4,24}$/.test(v) ? v : undefined;
    case 'total_cost':
      return parseAmount(v) ?? undefined;
    case 'billing_date':
      return parseDate(v) ?? undefined;
  }
}

/** Sets an element once: the first readable value wins. */
function set(out: EInvoiceElements, el: Element, raw: string): void {
  if (out[el] !== undefined) return;
  const v = readElement(el, raw);
  if (v === undefined) return;
  if (el === 'total_cost') out.total_cost = v as number;
  else out[el] = v as string;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** key=value (or key:value) pairs whose key names an element. */
function fromPairs(text: string, out: EInvoiceElements): void {
  for (const part of text.split(/[&;,，；|\n\r]+/)) {
    const m = /^\s*([^=:：]+?)\s*[=:：]\s*(.*?)\s*$/.exec(part);
    if (!m) continue;
    const el = ELEMENT_OF_KEY.get(decode(m[1]!).toLowerCase().replace(/[\s_-]/g, ''));
    if (el) set(out, el, decode(m[2]!));
  }
}

function fromLabels(text: string, out: EInvoiceElements): void {
  for (const el of Object.keys(TEXT_LABELS) as Element[]) {
    for (const label of TEXT_LABELS[el]) {
      const m = new RegExp(`${label}\\s*[:：]?\\s*([^,，;；\\s]+)`).exec(text);
      if (m) {
        set(out, el, m[1]!);
        break;
      }
    }
  }
}

/** Region codes run 11..65, so an 8-digit field starting 19/20 is a date, never a fiscal code. */
function looksLikeDate(field: string): boolean {
  return /^(19|20)\d{6}$/.test(field) && parseDate(field) !== null;
}

/**
 * Bare fields, by shape. VAT invoices (01,<2-digit type>,code,number,amount,date,check,crc) carry a
 * 10/12-digit code and an 8-digit number; fiscal e-invoices an 8-digit code and a 10-digit number,
 * in whatever order the issuer chose. Then a decimal amount, a date, and a check code of 4-24
 * digits and lower-case letters (upper case is a VAT CRC).
 */
function fromFields(text: string, out: EInvoiceElements): void {
  const fields = normalizeText(text).split(/[,，|;；、\s]+/).map((f) => f.trim()).filter(Boolean);
  const digitFields = fields.filter((f) => /^\d+$/.test(f) && f.length >= 6 && !looksLikeDate(f));
  const ofLength = (n: number): string | undefined => digitFields.find((f) => f.length === n);
  // Without the VAT prefix, an 8-digit and a 10-digit field are a fiscal code and number.
  const vat = (fields[0] === '01' && /^\d{2}$/.test(fields[1] ?? '')) || (ofLength(12) !== undefined && ofLength(10) === undefined);
  if (vat) {
    const code = ofLength(12) ?? ofLength(10);
    if (code) set(out, 'note_code', code);
    const no = digitFields.find((f) => f !== code && f.length === 8);
    if (no) set(out, 'note_no', no);
  } else {
    const code = ofLength(8);
    const no = ofLength(10);
    if (code) set(out, 'note_code', code);
    if (no) set(out, 'note_no', no);
  }
  for (const f of fields) {
    if (out.billing_date === undefined && /^(19|20)\d{2}[-/.年]?\d{1,2}[-/.月]?\d{1,2}日?$/.test(f)) {
      set(out, 'billing_date', f);
      if (out.billing_date !== undefined) continue;
    }
    if (out.total_cost === undefined && /^[¥￥]?-?\d+\.\d{1,2}元?$/.test(f)) {
      set(out, 'total_cost', f);
      continue;
    }
    if (out.check_code === undefined && /^[0-9a-z]{4,24}$/.test(f) && /[a-z]/.test(f) && f !== 'http' && f !== 'https') set(out, 'check_code', f);
  }
  // A check code alone is indistinguishable from any short word: only next to a code or a number.
  if (out.note_code === undefined && out.note_no === undefined) {
    delete out.check_code;
    return;
  }
  if (out.check_code === undefined) {
    // VAT payloads end with a check code of 20 digits then a short CRC; fiscal ones may be all digits.
    const long = fields.find((f) => /^\d{20}$/.test(f));
    if (long) set(out, 'check_code', long);
    else {
      const six = fields.find((f) => /^\d{6}$/.test(f) && f !== out.note_code && f !== out.note_no && !/^(19|20)\d{4}$/.test(f));
      if (six) set(out, 'check_code', six);
    }
  }
}

/** The elements a QR text carries; an empty object when it carries none recognisably. */
export function parseEInvoiceQr(text: string): EInvoiceElements {
  const out: EInvoiceElements = {};
  const t = text.replace(/^\uFEFF/, '').trim();
  if (t.length === 0) return out;
  const url = /^https?:\/\/[^/?#]*/i.exec(t);
  if (url) {
    // Pairs after '?' (also '#/page?…'), else after '#'; the path's segments may be the fields.
    const rest = t.slice(url[0].length);
    const q = rest.indexOf('?');
    const hash = rest.indexOf('#');
    const query = q >= 0 ? rest.slice(q + 1) : hash >= 0 ? rest.slice(hash + 1) : '';
    const path = rest.slice(0, [q, hash].filter((i) => i >= 0).reduce((a, b) => Math.min(a, b), rest.length));
    fromPairs(query.replace(/#.*$/, ''), out);
    // Positional values (…/check/33060124/0012345678/…) only: a page name is no check code.
    if (/\/\d{6,}(\/|$)/.test(path)) fromFields(decode(path).replace(/\//g, ','), out);
    return out;
  }
  fromPairs(t, out);
  fromLabels(t, out);
  fromFields(t.replace(/[^\s=:：,，;；&|]+\s*[=:：]\s*[^\s,，;；&|]*/g, ' '), out);
  return out;
}

/**
 * The elements for verification (B), as the strings its request fields carry; null when the text
 * names no invoice (no code and no number): not an e-invoice QR code. Values are already
 * normalised (YYYY-MM-DD, two decimals); verification validates them like typed ones.
 */
export function verifyElementsFromQr(text: string): VerifyElements | null {
  const e = parseEInvoiceQr(text);
  if (e.note_code === undefined || e.note_no === undefined) return null;
  const out: VerifyElements = { note_code: e.note_code, note_no: e.note_no };
  if (e.check_code !== undefined) out.check_code = e.check_code;
  if (e.total_cost !== undefined) out.total_cost = e.total_cost.toFixed(2);
  if (e.billing_date !== undefined) out.billing_date = e.billing_date;
  return out;
}
