/**
 * Verification of an e-invoice by its five elements (operation B): the domain entry point the
 * HTTP route calls. Plain data in, plain data out; the route adds request_id, status and
 * qrcode_scan_result.
 *
 * Order of decisions (docs/ledger.md, "Verification order"):
 *  1. element validation (elements.ts): 312, 301..305, 309, 310, 325, 307, 308 — nothing counted;
 *  2. region from the first two digits of note_code: unknown or no source -> 319;
 *  3. a region rule that needs patient_name and none given -> 318 (nothing counted: not a guess);
 *  4. invoice already at its daily limit -> 313 (checked before asking a remote platform);
 *  5. look-up: fault -> 100/198/311/314/316/317/319/321, not found -> 300;
 *  6. compare: check code 308, amount 307, date 306, patient name 318 (region rule);
 *  7. count the attempt atomically: past the limit -> 313; on success query_num/query_last_date.
 * Voided / red-issued invoices verify OK and say so in img_status (no 315/320): see docs/ledger.md.
 */
import type { VerifyData, VerifyElements, InvoiceAdditionalResult } from '../contract/verify.js';
import type { VerifyErrorCode } from '../http/errors.js';
import type { Database } from '../store/db.js';
import { isOverDailyLimit, recordAttempt, type AttemptResult } from '../store/verify-counters.js';
import { shanghaiDateTime, shanghaiDay } from './clock.js';
import { DEFAULT_VERIFY_CONFIG, type VerifyConfig } from './config.js';
import { centsToAmount, validateElements, type NormalizedElements } from './elements.js';
import type { InvoiceRecord } from './invoice-record.js';
import { createLedgerSource } from './ledger-source.js';
import { loadRegions, regionCodeOf, type Region, type RegionTable } from './regions.js';
import { createRemoteSource } from './remote-source.js';
import { FAULT_ERROR_CODES, type LookupResult, type VerificationSource } from './source.js';

export type VerifyOutcome = { ok: true; data: VerifyData } | { ok: false; error_code: VerifyErrorCode };

export interface VerifyOptions {
  /** Milliseconds from now the caller allows for this verification (default: config.defaultDeadlineMs). */
  deadlineMs?: number;
}

export interface Verifier {
  verify(elements: VerifyElements, opts?: VerifyOptions): Promise<VerifyOutcome>;
}

/** pino-compatible subset; never given patient names or secrets. */
export interface VerifyLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface VerifierDeps {
  /** The store, migrations applied (openDatabase). Holds the ledger and the counters. */
  db: Database;
  /** Default: ledger for every region, limit 5 (loadVerifyConfig() reads the environment). */
  config?: VerifyConfig;
  /** Default: data/regions.json. */
  regions?: RegionTable;
  /** Sources by region code, overriding the configuration (tests, custom connectors). */
  sources?: Readonly<Record<string, VerificationSource>>;
  now?: () => Date;
  logger?: VerifyLogger;
}

function fail(error_code: VerifyErrorCode): VerifyOutcome {
  return { ok: false, error_code };
}

/** Names compare without whitespace: printed names carry stray spaces, typed ones do not. */
function sameName(a: string, b: string): boolean {
  return a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
}

/** The first element that differs from the invoice, in the documented order; null when all match. */
function mismatch(elements: NormalizedElements, invoice: InvoiceRecord, region: Region): VerifyErrorCode | null {
  const std = invoice.standard;
  if (elements.check_code !== std.check_code) return 308;
  if (elements.total_cost_cents !== invoice.total_cost_cents) return 307;
  if (elements.billing_date !== std.billing_date) return 306;
  if (region.rules.requires_patient_name && !sameName(elements.patient_name ?? '', std.patient_name)) return 318;
  return null;
}

function buildData(invoice: InvoiceRecord, region: Region, counted: Extract<AttemptResult, { kind: 'counted' }>): VerifyData {
  const std = invoice.standard;
  const standard = { ...std, province: std.province !== '' ? std.province : region.province, img_status: [...std.img_status] };
  const additional: InvoiceAdditionalResult = {
    note_code: std.note_code,
    note_no: std.note_no,
    ...(counted.previous_success_at !== null ? { query_last_date: counted.previous_success_at } : {}),
    query_num: counted.success_count,
    billing_date: std.billing_date,
    total_cost: centsToAmount(invoice.total_cost_cents),
    check_code: std.check_code,
    img_status: [...std.img_status],
  };
  if (region.rules.reim_agency_list) additional.reim_agency_list = invoice.reim_agency_list.map((r) => ({ ...r }));
  return { invoice_standard_result: standard, invoice_additional_result: additional };
}

/** Races a source against the deadline, so even a source that ignores it cannot hold the caller. */
function withDeadline(source: VerificationSource, lookup: Promise<LookupResult>, deadline: number): Promise<LookupResult> {
  const left = deadline - Date.now();
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<LookupResult>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'fault', fault: 'timeout', detail: `${source.name} past the deadline` }), Math.max(0, left) + 5);
  });
  return Promise.race([lookup, expiry]).finally(() => clearTimeout(timer));
}

export function createVerifier(deps: VerifierDeps): Verifier {
  const config = deps.config ?? DEFAULT_VERIFY_CONFIG;
  const regions = deps.regions ?? loadRegions();
  const now = deps.now ?? (() => new Date());
  const db = deps.db;
  const ledger = createLedgerSource(db);
  const sources = new Map<string, VerificationSource | null>();

  for (const code of regions.keys()) {
    const override = deps.sources?.[code];
    const configured = config.regions[code] ?? { source: config.defaultSource };
    if (override) sources.set(code, override);
    else if (configured.source === 'ledger') sources.set(code, ledger);
    else if (configured.source === 'remote') sources.set(code, createRemoteSource(code, configured));
    else sources.set(code, null);
  }

  async function lookup(source: VerificationSource, elements: NormalizedElements, region: Region, deadline: number): Promise<LookupResult> {
    try {
      return await withDeadline(source, source.lookup({ region, note_code: elements.note_code, note_no: elements.note_no, deadline }), deadline);
    } catch (err) {
      deps.logger?.warn({ source: source.name, err: err instanceof Error ? err.message : String(err) }, 'verification source threw');
      return { kind: 'fault', fault: 'unknown', detail: 'source threw' };
    }
  }

  return {
    async verify(input: VerifyElements, opts: VerifyOptions = {}): Promise<VerifyOutcome> {
      const started = Date.now();
      const deadline = started + (opts.deadlineMs ?? config.defaultDeadlineMs);
      const checked = validateElements(input);
      if (!checked.ok) return fail(checked.error_code);
      const elements = checked.elements;

      const region = regions.get(regionCodeOf(elements.note_code));
      const source = region ? sources.get(region.code) : undefined;
      if (!region || !source) return fail(319);
      if (region.rules.requires_patient_name && elements.patient_name === undefined) return fail(318);

      const limit = config.dailyLimit;
      try {
        if (isOverDailyLimit(db, elements.note_code, elements.note_no, shanghaiDay(now()), limit)) return fail(313);
      } catch {
        return fail(311);
      }

      const found = await lookup(source, elements, region, deadline);
      if (found.kind === 'fault') {
        deps.logger?.warn({ source: source.name, region: region.code, fault: found.fault, detail: found.detail }, 'verification source fault');
        return fail(FAULT_ERROR_CODES[found.fault]);
      }
      if (found.kind === 'not_found') return fail(300);

      const wrong = mismatch(elements, found.invoice, region);
      const at = now();
      let counted: AttemptResult;
      try {
        counted = recordAttempt(db, {
          note_code: elements.note_code,
          note_no: elements.note_no,
          day: shanghaiDay(at),
          limit,
          success: wrong === null,
          at: shanghaiDateTime(at),
        });
      } catch (err) {
        deps.logger?.warn({ err: err instanceof Error ? err.message : String(err) }, 'verification counter update failed');
        return fail(311);
      }
      if (counted.kind === 'limited') return fail(313);
      if (wrong !== null) return fail(wrong);
      return { ok: true, data: buildData(found.invoice, region, counted) };
    },
  };
}
