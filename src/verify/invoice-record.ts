/**
 * An invoice as a verification source holds it: the contract's invoice_standard_result (with its
 * img_status) plus the reimbursement records. This is the shape of one ledger line, of one entry
 * of the simulated platform's data file and of the invoice in a platform's answer, so one
 * validator serves all three.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { InvoiceStandardResult, ReimAgency, type ImgStatus } from '../contract/verify.js';
import { amountToCents, isNoteCode, isNoteNo, normalizeCheckCode, normalizeDate } from './elements.js';

/** One ledger line: invoice_standard_result + img_status (already part of it) + reim_agency_list. */
export const InvoiceRecordSchema = Type.Composite(
  [InvoiceStandardResult, Type.Object({ reim_agency_list: Type.Optional(Type.Array(ReimAgency)) })],
  { additionalProperties: false },
);
export type InvoiceRecordInput = Static<typeof InvoiceRecordSchema>;

export interface InvoiceRecord {
  /** The full standard result; billing_date normalised to YYYY-MM-DD, check_code lower-cased. */
  standard: InvoiceStandardResult;
  reim_agency_list: ReimAgency[];
  /** Comparison keys, derived once. */
  total_cost_cents: number;
}

export type RecordCheck = { ok: true; record: InvoiceRecord } | { ok: false; problem: string };

function describeSchemaError(value: unknown): string {
  const first = Value.Errors(InvoiceRecordSchema, value).First();
  if (!first) return 'does not match the invoice schema';
  const where = first.path === '' ? 'the record' : `field ${first.path.slice(1).replace(/\//g, '.')}`;
  return `${where}: ${first.message}`;
}

/** Validates a parsed JSON value as an invoice record; the problem text names the field. */
export function parseInvoiceRecord(value: unknown): RecordCheck {
  if (!Value.Check(InvoiceRecordSchema, value)) return { ok: false, problem: describeSchemaError(value) };
  const input = value;
  if (!isNoteCode(input.note_code)) return { ok: false, problem: 'field note_code: must be 8 digits' };
  if (!isNoteNo(input.note_no)) return { ok: false, problem: 'field note_no: must be 10 digits' };
  const checkCode = normalizeCheckCode(input.check_code);
  if (checkCode === null) return { ok: false, problem: 'field check_code: must be 6 digits or letters' };
  const billingDate = normalizeDate(input.billing_date);
  if (billingDate === null) return { ok: false, problem: 'field billing_date: must be a real date as YYYY-MM-DD' };
  const cents = amountToCents(input.total_cost);
  if (!Number.isFinite(input.total_cost) || Math.abs(input.total_cost * 100 - cents) > 1e-6) {
    return { ok: false, problem: 'field total_cost: must have at most two decimals' };
  }
  const seen = new Set<ImgStatus>();
  for (const status of input.img_status) {
    if (seen.has(status)) return { ok: false, problem: `field img_status: '${status}' is repeated` };
    seen.add(status);
  }
  const reim = input.reim_agency_list ?? [];
  for (const [i, entry] of reim.entries()) {
    if (entry.note_code !== input.note_code || entry.note_no !== input.note_no) {
      return { ok: false, problem: `field reim_agency_list.${i}: note_code/note_no differ from the invoice's` };
    }
  }
  const { reim_agency_list: _dropped, ...standardFields } = input;
  const standard: InvoiceStandardResult = { ...standardFields, billing_date: billingDate, check_code: checkCode };
  return { ok: true, record: { standard, reim_agency_list: reim, total_cost_cents: cents } };
}
