/**
 * The e-invoice ledger in SQLite (tables of migration 0002): import, markers, look-up.
 *
 * Every line is parsed and validated before the first write, so a bad line loads nothing. The
 * writes then go in transactions of `chunkSize` invoices: SQLite has one writer, and B and C calls
 * write too (quota and verification counters), so a 100 000-line import in one transaction would
 * make them wait past the busy timeout. A process killed between chunks leaves whole chunks
 * written; importing the same file again finishes the job (a re-import is idempotent). With
 * `chunkSize: 0` the import is one transaction, all or nothing, and holds the lock throughout.
 * Importing the same file again changes nothing: unchanged invoices are not rewritten, markers
 * and reimbursement records are keyed so that a repeat is ignored. Markers are only ever added by
 * an import, never removed, so a later `ledger mark` survives a re-import of the original file.
 */
import { readFileSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from './db.js';
import type { ImgStatus, ReimAgency } from '../contract/verify.js';
import { parseInvoiceRecord, type InvoiceRecord } from '../verify/invoice-record.js';

type Statement = BetterSqlite3.Statement<unknown[], unknown>;

export class LedgerImportError extends Error {
  /** 1-based line number of the offending line. */
  readonly line: number;
  readonly problem: string;
  constructor(line: number, problem: string) {
    super(`line ${line}: ${problem}`);
    this.name = 'LedgerImportError';
    this.line = line;
    this.problem = problem;
  }
}

export class LedgerError extends Error {
  override name = 'LedgerError';
}

export interface ImportSummary {
  lines: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ImportOptions {
  /** Called after each committed chunk (inside the one transaction when `chunkSize` is 0). */
  onProgress?: (written: number, total: number) => void;
  /** With `chunkSize` 0: call `onProgress` every this many written invoices. */
  progressEvery?: number;
  /** Invoices per write transaction; 0 writes the whole file in one transaction. */
  chunkSize?: number;
  now?: Date;
}

/**
 * Invoices per write transaction by default: a chunk of 1000 large invoices takes tens of
 * milliseconds on these machines, well inside what a B call may wait for the lock.
 */
export const DEFAULT_IMPORT_CHUNK = 1000;

interface ParsedLine {
  line: number;
  record: InvoiceRecord;
}

/** Parses and validates JSON Lines text; throws LedgerImportError on the first bad line. */
export function parseLedgerLines(text: string): ParsedLine[] {
  const parsed: ParsedLine[] = [];
  const firstLineOf = new Map<string, number>();
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const content = raw.replace(/\r$/, '').trim();
    if (content === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (err) {
      throw new LedgerImportError(line, `not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    const check = parseInvoiceRecord(value);
    if (!check.ok) throw new LedgerImportError(line, check.problem);
    const key = `${check.record.standard.note_code}/${check.record.standard.note_no}`;
    const earlier = firstLineOf.get(key);
    if (earlier !== undefined) throw new LedgerImportError(line, `invoice ${key} is already on line ${earlier}`);
    firstLineOf.set(key, line);
    parsed.push({ line, record: check.record });
  }
  return parsed;
}

/** The stored JSON of an invoice: the standard result without img_status (kept as rows). */
function standardJson(record: InvoiceRecord): string {
  const { img_status: _markers, ...rest } = record.standard;
  return JSON.stringify(rest);
}

interface LedgerStatements {
  selectInvoice: Statement;
  selectJson: Statement;
  insertInvoice: Statement;
  updateInvoice: Statement;
  selectStatuses: Statement;
  insertStatus: Statement;
  selectReims: Statement;
  insertReim: Statement;
}

const statementCache = new WeakMap<Database, LedgerStatements>();

function statements(db: Database): LedgerStatements {
  let s = statementCache.get(db);
  if (!s) {
    s = {
      selectInvoice: db.prepare('SELECT standard_json, total_cost_cents FROM ledger_invoices WHERE note_code = ? AND note_no = ?'),
      selectJson: db.prepare('SELECT standard_json FROM ledger_invoices WHERE note_code = ? AND note_no = ?'),
      insertInvoice: db.prepare(
        `INSERT INTO ledger_invoices (note_code, note_no, check_code, total_cost_cents, billing_date, patient_name, standard_json, imported_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      updateInvoice: db.prepare(
        `UPDATE ledger_invoices SET check_code = ?, total_cost_cents = ?, billing_date = ?, patient_name = ?, standard_json = ?, imported_at = ?
         WHERE note_code = ? AND note_no = ?`,
      ),
      selectStatuses: db.prepare('SELECT status FROM ledger_status WHERE note_code = ? AND note_no = ? ORDER BY set_at, status'),
      insertStatus: db.prepare('INSERT OR IGNORE INTO ledger_status (note_code, note_no, status, set_at) VALUES (?, ?, ?, ?)'),
      selectReims: db.prepare(
        'SELECT agency, amount, write_date FROM ledger_reimbursements WHERE note_code = ? AND note_no = ? ORDER BY id',
      ),
      insertReim: db.prepare(
        'INSERT OR IGNORE INTO ledger_reimbursements (note_code, note_no, agency, amount, write_date) VALUES (?, ?, ?, ?, ?)',
      ),
    };
    statementCache.set(db, s);
  }
  return s;
}

/** Writes parsed records, `chunkSize` invoices per transaction (BEGIN IMMEDIATE each). */
export function importLedgerRecords(db: Database, parsed: readonly ParsedLine[], options: ImportOptions = {}): ImportSummary {
  const s = statements(db);
  const now = (options.now ?? new Date()).toISOString();
  const summary: ImportSummary = { lines: parsed.length, inserted: 0, updated: 0, unchanged: 0 };
  const writeOne = ({ record }: ParsedLine): void => {
    const std = record.standard;
    const json = standardJson(record);
    const existing = s.selectJson.get(std.note_code, std.note_no) as { standard_json: string } | undefined;
    if (!existing) {
      s.insertInvoice.run(std.note_code, std.note_no, std.check_code, record.total_cost_cents, std.billing_date, std.patient_name, json, now);
      summary.inserted += 1;
    } else if (existing.standard_json !== json) {
      s.updateInvoice.run(std.check_code, record.total_cost_cents, std.billing_date, std.patient_name, json, now, std.note_code, std.note_no);
      summary.updated += 1;
    } else {
      summary.unchanged += 1;
    }
    for (const status of std.img_status) s.insertStatus.run(std.note_code, std.note_no, status, now);
    for (const r of record.reim_agency_list) s.insertReim.run(std.note_code, std.note_no, r.reimAgency, r.amt, r.writeDate);
  };
  const chunk = Math.max(0, Math.floor(options.chunkSize ?? DEFAULT_IMPORT_CHUNK));
  if (chunk === 0) {
    const every = Math.max(1, options.progressEvery ?? 1000);
    db.transaction(() => {
      for (const [i, line] of parsed.entries()) {
        writeOne(line);
        if ((i + 1) % every === 0) options.onProgress?.(i + 1, parsed.length);
      }
    }).immediate();
    return summary;
  }
  const writeChunk = db.transaction((lines: readonly ParsedLine[]) => {
    for (const line of lines) writeOne(line);
  });
  for (let start = 0; start < parsed.length; start += chunk) {
    const end = Math.min(parsed.length, start + chunk);
    writeChunk.immediate(parsed.slice(start, end));
    options.onProgress?.(end, parsed.length);
  }
  return summary;
}

/** Validates the whole text, then imports it. A bad line loads nothing. */
export function importLedgerText(db: Database, text: string, options: ImportOptions = {}): ImportSummary {
  return importLedgerRecords(db, parseLedgerLines(text), options);
}

export function importLedgerFile(db: Database, path: string, options: ImportOptions = {}): ImportSummary {
  return importLedgerText(db, readFileSync(path, 'utf8'), options);
}

/** The invoice with its markers and reimbursement records, or undefined when unknown. */
export function findLedgerInvoice(db: Database, noteCode: string, noteNo: string): InvoiceRecord | undefined {
  const s = statements(db);
  const row = s.selectInvoice.get(noteCode, noteNo) as { standard_json: string; total_cost_cents: number } | undefined;
  if (!row) return undefined;
  const img_status = (s.selectStatuses.all(noteCode, noteNo) as { status: ImgStatus }[]).map((r) => r.status);
  const reim_agency_list: ReimAgency[] = (s.selectReims.all(noteCode, noteNo) as { agency: string; amount: string; write_date: string }[]).map(
    (r) => ({ amt: r.amount, note_code: noteCode, note_no: noteNo, reimAgency: r.agency, writeDate: r.write_date }),
  );
  const stored = JSON.parse(row.standard_json) as Omit<InvoiceRecord['standard'], 'img_status'>;
  return { standard: { ...stored, img_status }, reim_agency_list, total_cost_cents: row.total_cost_cents };
}

/** CLI status names -> img_status markers (api.md 2.B). */
export const MARK_STATUSES = {
  printed: 'yidayin',
  red: 'yikaihongpiao',
  voided: 'yizuofei',
  booked: 'yiruzhang',
} as const satisfies Record<string, ImgStatus>;
export type MarkStatusName = keyof typeof MARK_STATUSES;

export interface Reimbursement {
  agency: string;
  /** Decimal text, as reim_agency_list carries it. */
  amount: string;
  writeDate: string;
}

export interface MarkResult {
  markerAdded: boolean;
  reimbursementAdded: boolean;
}

/** Sets a marker on a ledger invoice (and records a reimbursement with `yiruzhang`). */
export function markLedgerInvoice(
  db: Database,
  noteCode: string,
  noteNo: string,
  status: ImgStatus,
  reimbursement?: Reimbursement,
  now: Date = new Date(),
): MarkResult {
  if (reimbursement && status !== 'yiruzhang') throw new LedgerError('a reimbursement record goes with the booked status only');
  const s = statements(db);
  return db.transaction((): MarkResult => {
    if (!s.selectJson.get(noteCode, noteNo)) throw new LedgerError(`invoice ${noteCode}/${noteNo} is not in the ledger`);
    const markerAdded = s.insertStatus.run(noteCode, noteNo, status, now.toISOString()).changes > 0;
    const reimbursementAdded = reimbursement
      ? s.insertReim.run(noteCode, noteNo, reimbursement.agency, reimbursement.amount, reimbursement.writeDate).changes > 0
      : false;
    return { markerAdded, reimbursementAdded };
  }).immediate();
}

/** Number of invoices in the ledger (for the CLI's summary and tests). */
export function countLedgerInvoices(db: Database): number {
  return (db.prepare('SELECT count(*) AS n FROM ledger_invoices').get() as { n: number }).n;
}
