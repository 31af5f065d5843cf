/**
 * Per-invoice verification counters (table verify_counters of migration 0002): the daily attempt
 * count behind error 313 and the success count / last success time behind query_num and
 * query_last_date (decisions.md "Verification").
 *
 * Read-check-write happens in one IMMEDIATE transaction, so concurrent verifications, also from
 * several processes sharing the database file, leave exact counts and never let an attempt past
 * the limit.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from './db.js';

type Statement = BetterSqlite3.Statement<unknown[], unknown>;

export interface AttemptInput {
  note_code: string;
  note_no: string;
  /** Asia/Shanghai day of the attempt, YYYY-MM-DD. */
  day: string;
  /** Attempts allowed per invoice and day. */
  limit: number;
  /** Whether this attempt verified the invoice. */
  success: boolean;
  /** Time of the attempt as query_last_date shows it. */
  at: string;
}

export type AttemptResult =
  | { kind: 'limited' }
  | { kind: 'counted'; success_count: number; previous_success_at: string | null };

interface CounterRow {
  day: string;
  attempts_today: number;
  success_count: number;
  last_success_at: string | null;
}

interface CounterStatements {
  select: Statement;
  upsert: Statement;
}

const cache = new WeakMap<Database, CounterStatements>();

function statements(db: Database): CounterStatements {
  let s = cache.get(db);
  if (!s) {
    s = {
      select: db.prepare('SELECT day, attempts_today, success_count, last_success_at FROM verify_counters WHERE note_code = ? AND note_no = ?'),
      upsert: db.prepare(
        `INSERT INTO verify_counters (note_code, note_no, day, attempts_today, success_count, last_success_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (note_code, note_no) DO UPDATE SET
           day = excluded.day, attempts_today = excluded.attempts_today,
           success_count = excluded.success_count, last_success_at = excluded.last_success_at`,
      ),
    };
    cache.set(db, s);
  }
  return s;
}

function attemptsOn(row: CounterRow | undefined, day: string): number {
  return row && row.day === day ? row.attempts_today : 0;
}

/** True when the invoice has used up its attempts of `day` (a cheap check before a remote call). */
export function isOverDailyLimit(db: Database, noteCode: string, noteNo: string, day: string, limit: number): boolean {
  const row = statements(db).select.get(noteCode, noteNo) as CounterRow | undefined;
  return attemptsOn(row, day) >= limit;
}

/** Counts one attempt atomically; 'limited' (and nothing written) when the limit is reached. */
export function recordAttempt(db: Database, input: AttemptInput): AttemptResult {
  const s = statements(db);
  return db
    .transaction((): AttemptResult => {
      const row = s.select.get(input.note_code, input.note_no) as CounterRow | undefined;
      const attempts = attemptsOn(row, input.day);
      if (attempts >= input.limit) return { kind: 'limited' };
      const previousSuccessCount = row?.success_count ?? 0;
      const previousSuccessAt = row?.last_success_at ?? null;
      const successCount = input.success ? previousSuccessCount + 1 : previousSuccessCount;
      const lastSuccessAt = input.success ? input.at : previousSuccessAt;
      s.upsert.run(input.note_code, input.note_no, input.day, attempts + 1, successCount, lastSuccessAt);
      return { kind: 'counted', success_count: successCount, previous_success_at: previousSuccessAt };
    })
    .immediate();
}

/** The counters of one invoice, for tests and operators. */
export function readCounters(db: Database, noteCode: string, noteNo: string): CounterRow | undefined {
  return statements(db).select.get(noteCode, noteNo) as CounterRow | undefined;
}
