/**
 * The five elements from the text of an e-invoice's QR code (part 3 of issue 7): the seam between
 * the QR decoder (src/qr/) and verification. The payload of fiscal e-invoices is not publicly
 * specified (engineering-notes.md), so this reads it defensively, in this order:
 *  1. a URL: its query (and fragment) parameters, by known key names;
 *  2. key=value / key:value pairs (ASCII or Chinese labels, separated by & ; , newline | …);
 *  3. otherwise tokens (comma-separated or plain text), assigned by shape: 10 digits -> note_no,
 *     8 digits in a known region -> note_code, a date -> billing_date, an amount with decimals ->
 *     total_cost, 6 letters/digits -> check_code.
 * Values are returned as read; validation stays with validateElements. Returns null when no
 * note_code and note_no can be found: not an e-invoice QR code.
 */
import type { VerifyElements } from '../contract/verify.js';
import { normalizeDate } from './elements.js';
import { loadRegions } from './regions.js';

type ElementName = 'note_code' | 'note_no' | 'check_code' | 'total_cost' | 'billing_date';

/** Key names seen for each element, compared lower-cased without `_`, `-` and spaces. */
const KEY_ALIASES: Readonly<Record<ElementName, readonly string[]>> = {
  note_code: ['notecode', 'billcode', 'pjdm', 'invoicecode', 'einvoicecode', 'code', 'dm', '票据代码', '代码'],
  note_no: ['noteno', 'billno', 'pjhm', 'invoiceno', 'invoicenumber', 'number', 'no', 'hm', '票据号码', '号码'],
  check_code: ['checkcode', 'jym', 'verifycode', 'randomcode', 'random', 'checksum', '校验码'],
  total_cost: ['totalcost', 'amount', 'money', 'je', 'total', 'totalamount', 'hjje', '金额', '合计', '总金额', '合计金额', '票据金额', '交款金额'],
  billing_date: ['billingdate', 'date', 'kprq', 'issuedate', 'invoicedate', '开票日期', '日期'],
};

const KEY_TO_ELEMENT = new Map<string, ElementName>(
  (Object.entries(KEY_ALIASES) as [ElementName, readonly string[]][]).flatMap(([name, keys]) => keys.map((k) => [k, name] as const)),
);

function elementForKey(key: string): ElementName | undefined {
  return KEY_TO_ELEMENT.get(key.toLowerCase().replace(/[\s_-]/g, ''));
}

/** Dates as printed in Chinese (2024年03月15日) -> YYYY-MM-DD; other text unchanged. */
function cleanValue(name: ElementName, value: string): string {
  let v = value.trim();
  if (name === 'billing_date') {
    const m = /^(\d{4})年(\d{1,2})月(\d{1,2})日?$/.exec(v);
    if (m) v = `${m[1]}-${(m[2] as string).padStart(2, '0')}-${(m[3] as string).padStart(2, '0')}`;
  }
  if (name === 'total_cost') v = v.replace(/^[¥￥]/, '').replace(/元$/, '');
  return v;
}

function complete(found: Partial<Record<ElementName, string>>): VerifyElements | null {
  if (!found.note_code || !found.note_no) return null;
  const out: VerifyElements = {};
  for (const [name, value] of Object.entries(found) as [ElementName, string][]) if (value !== '') out[name] = value;
  return out;
}

function fromPairs(pairs: Iterable<[string, string]>): Partial<Record<ElementName, string>> {
  const found: Partial<Record<ElementName, string>> = {};
  for (const [key, value] of pairs) {
    const name = elementForKey(key);
    if (name && found[name] === undefined && value.trim() !== '') found[name] = cleanValue(name, value);
  }
  return found;
}

function fromUrl(text: string): Partial<Record<ElementName, string>> | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const params: [string, string][] = [...url.searchParams.entries()];
  // Single-page apps put the query after the fragment: https://host/#/check?billcode=…
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?') + 1) : url.hash.slice(1);
  if (hashQuery.includes('=')) params.push(...new URLSearchParams(hashQuery).entries());
  return fromPairs(params);
}

const PAIR_SEPARATORS = /[&;,，；|\n\r\t]+/;

function fromKeyValueText(text: string): Partial<Record<ElementName, string>> {
  const pairs: [string, string][] = [];
  // Labels followed by one word first: also reads plain text with no separators between pairs
  // ("票据代码:33060124 票据号码:…"); first match per element wins in fromPairs.
  const labelled = /([A-Za-z_\u4e00-\u9fff]+)\s*[=:：]\s*([^\s=:：,，;；&|]+)/g;
  for (const m of text.matchAll(labelled)) pairs.push([m[1] as string, m[2] as string]);
  // Then whole separated parts, for values that contain spaces.
  for (const part of text.split(PAIR_SEPARATORS)) {
    const m = /^\s*([^=:：]+?)\s*[=:：]\s*(.*?)\s*$/.exec(part);
    if (m) pairs.push([m[1] as string, m[2] as string]);
  }
  return fromPairs(pairs);
}

function fromTokens(text: string): Partial<Record<ElementName, string>> {
  const regions = loadRegions();
  const tokens = text
    .split(/[\s,，;；|、]+/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const found: Partial<Record<ElementName, string>> = {};
  const take = (name: ElementName, value: string): boolean => {
    if (found[name] !== undefined) return false;
    found[name] = cleanValue(name, value);
    return true;
  };
  for (const token of tokens) {
    if (/^\d{10}$/.test(token) && take('note_no', token)) continue;
    // An 8-digit token is a date when it reads as one and its prefix is no region (19xx/20xx are not).
    if (/^\d{8}$/.test(token) && regions.has(token.slice(0, 2)) && take('note_code', token)) continue;
    if (normalizeDate(cleanValue('billing_date', token)) !== null && take('billing_date', token)) continue;
    if (/^[¥￥]?[+-]?\d+\.\d{1,2}元?$/.test(token) && take('total_cost', token)) continue;
    if (/^[0-9A-Za-z]{6}$/.test(token) && take('check_code', token)) continue;
  }
  return found;
}

export function elementsFromQrPayload(text: string): VerifyElements | null {
  const payload = text.replace(/^\uFEFF/, '').trim();
  if (payload === '') return null;
  if (/^https?:\/\//i.test(payload)) {
    const viaUrl = fromUrl(payload);
    const elements = viaUrl && complete(viaUrl);
    if (elements) return elements;
    // A URL whose values are positional (…/check/33060124/0012345678/…): read its tokens.
    return complete(fromTokens(decodeURIComponent(payload.replace(/^https?:\/\/[^/]+/i, '')).replace(/[/?&=#]+/g, ' ')));
  }
  if (/[=:：]/.test(payload)) {
    const viaPairs = complete(fromKeyValueText(payload));
    if (viaPairs) return viaPairs;
  }
  return complete(fromTokens(payload));
}
