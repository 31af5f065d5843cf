/**
 * The five elements of an e-invoice from its QR text. The payload of fiscal e-invoices is not
 * publicly specified (engineering notes), so three shapes are read defensively: a URL with a query,
 * comma-separated fields, and plain text with labels. Every value is validated by its shape; what
 * cannot be recognised is left out rather than guessed.
 */
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

/** Query keys seen in issuers' verification links, lower-cased, per element. */
const QUERY_KEYS: Readonly<Record<Element, readonly string[]>> = {
  note_code: ['billcode', 'einvoicecode', 'invoicecode', 'notecode', 'pjdm', 'fpdm', 'code', 'dm', 'billbatchcode'],
  note_no: ['billno', 'einvoicenumber', 'invoicenumber', 'invoiceno', 'noteno', 'pjhm', 'fphm', 'number', 'no', 'hm'],
  check_code: ['checkcode', 'random', 'randomnumber', 'jym', 'check', 'verifycode', 'vcode'],
  total_cost: ['totalamount', 'amount', 'money', 'total', 'je', 'totalcost', 'jshj'],
  billing_date: ['issuedate', 'billdate', 'invoicedate', 'date', 'kprq', 'rq', 'ivcdate'],
};

/** Printed labels that may appear in a plain-text payload. */
const TEXT_LABELS: Readonly<Record<Element, readonly string[]>> = {
  note_code: ['电子票据代码', '票据代码', '发票代码'],
  note_no: ['电子票据号码', '票据号码', '发票号码'],
  check_code: ['校验码'],
  total_cost: ['金额合计', '合计金额', '总金额', '金额'],
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
    case 'total_cost': {
      const a = parseAmount(v);
      return a === null ? undefined : a;
    }
    case 'billing_date':
      return parseDate(v) ?? undefined;
  }
}

function set(out: EInvoiceElements, el: Element, raw: string): void {
  if (out[el] !== undefined) return;
  const v = readElement(el, raw);
  if (v === undefined) return;
  if (el === 'total_cost') out.total_cost = v as number;
  else out[el] = v as string;
}

function fromQuery(text: string, out: EInvoiceElements): boolean {
  const q = text.indexOf('?');
  if (q < 0) return false;
  let found = false;
  for (const pair of text.slice(q + 1).split(/[&;]/)) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(pair.slice(0, eq)).toLowerCase();
      value = decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      continue;
    }
    for (const el of Object.keys(QUERY_KEYS) as Element[]) {
      if (QUERY_KEYS[el].includes(key)) {
        set(out, el, value);
        found = true;
      }
    }
  }
  return found;
}

function fromLabels(text: string, out: EInvoiceElements): boolean {
  let found = false;
  for (const el of Object.keys(TEXT_LABELS) as Element[]) {
    for (const label of TEXT_LABELS[el]) {
      const m = new RegExp(`${label}\\s*[:：]?\\s*([^,，;；\\s]+)`).exec(text);
      if (m) {
        set(out, el, m[1]!);
        found = true;
        break;
      }
    }
  }
  return found;
}

/**
 * Bare comma-separated fields, by shape: an 8-digit code before a 10-digit number (fiscal bills), a
 * 10/12-digit code before an 8-digit number (VAT invoices: 01,10,code,number,amount,date,check,crc),
 * a decimal amount, a date, and a 4-24 character check code of digits and lower-case letters.
 */
function fromFields(text: string, out: EInvoiceElements): void {
  const fields = normalizeText(text).split(/[,，|;；\s]+/).map((f) => f.trim()).filter(Boolean);
  const digitFields = fields.filter((f) => /^\d+$/.test(f) && f.length >= 6);
  const byLength = (n: number): string | undefined => digitFields.find((f) => f.length === n);
  const fiscal = byLength(8) !== undefined && byLength(10) !== undefined && digitFields.indexOf(byLength(8)!) < digitFields.indexOf(byLength(10)!);
  if (fiscal) {
    set(out, 'note_code', byLength(8)!);
    set(out, 'note_no', byLength(10)!);
  } else {
    const code = byLength(12) ?? byLength(10);
    if (code) set(out, 'note_code', code);
    const no = digitFields.find((f) => f !== code && (f.length === 8 || f.length === 10));
    if (no) set(out, 'note_no', no);
  }
  for (const f of fields) {
    if (out.billing_date === undefined && /^(19|20)\d{2}[-/.年]?\d{1,2}[-/.月]?\d{1,2}日?$/.test(f)) {
      set(out, 'billing_date', f);
      continue;
    }
    if (out.total_cost === undefined && /^-?\d+\.\d{1,2}$/.test(f)) {
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
    // VAT payloads end with a check code of 20 digits then a short CRC.
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
  const t = text.trim();
  if (t.length === 0) return out;
  fromQuery(t, out);
  fromLabels(t, out);
  const rest = t.includes('?') ? t.slice(t.indexOf('?') + 1).replace(/[a-zA-Z_]+=/g, '') : t;
  fromFields(rest, out);
  return out;
}
