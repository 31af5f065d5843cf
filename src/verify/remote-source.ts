/**
 * HTTP connector to a remote verification platform (one per configured region). The protocol
 * is the one of the simulated platform (docs/ledger.md, "Platform protocol"); a real provincial
 * platform gets an adapter speaking its own protocol behind the same VerificationSource.
 *
 * Time: every attempt is bounded by min(timeout_ms, time left before the caller's deadline);
 * retries and backoff happen only while time is left, so a look-up never outlives its deadline.
 * A circuit breaker stops hammering a platform that keeps failing: after `breaker.failures`
 * consecutive transient failures it answers at once with the last fault for `cooldown_ms`, then
 * lets one trial call through.
 */
import type { RemoteSourceConfig } from './config.js';
import { parseInvoiceRecord } from './invoice-record.js';
import type { LookupQuery, LookupResult, SourceFault, VerificationSource } from './source.js';

/** Below this much time left an attempt cannot succeed; answer timeout instead of trying. */
const MIN_ATTEMPT_MS = 10;
/** Answers larger than this are not the protocol (an invoice is a few kilobytes). */
const MAX_ANSWER_BYTES = 1 << 20;

export const PLATFORM_QUERY_PATH = '/v1/invoice/query';

type AttemptOutcome = LookupResult & { retryable?: boolean };

/** Faults that say the platform is unwell (they feed the breaker); the others are answers. */
const TRANSIENT: ReadonlySet<SourceFault> = new Set(['unreachable', 'timeout', 'platform_error']);

function fault(kind: SourceFault, detail: string, retryable = false): AttemptOutcome {
  return { kind: 'fault', fault: kind, detail, retryable };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a platform answer: HTTP status + body text -> lookup outcome. */
export function interpretPlatformAnswer(httpStatus: number, body: string, query: Pick<LookupQuery, 'note_code' | 'note_no'>): AttemptOutcome {
  if (httpStatus === 401 || httpStatus === 403) return fault('platform_error', `platform refused the credentials (${httpStatus})`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // A 5xx page of a proxy is an error of the platform, not a malformed answer.
    if (httpStatus >= 500) return fault('platform_error', `HTTP ${httpStatus}`, true);
    return fault('unparsable', `answer is not JSON (HTTP ${httpStatus})`);
  }
  const result = isRecord(parsed) ? parsed.result : undefined;
  if (result === 'maintenance') return fault('maintenance', 'platform under maintenance');
  if (result === 'error' || httpStatus >= 500) return fault('platform_error', `platform error (HTTP ${httpStatus})`, true);
  if (httpStatus !== 200) return fault('unparsable', `unexpected HTTP ${httpStatus}`);
  if (result === 'not_found') return { kind: 'not_found' };
  if (result !== 'found' || !isRecord(parsed)) return fault('unparsable', 'answer has no known "result"');
  const check = parseInvoiceRecord(parsed.invoice);
  if (!check.ok) return fault('unparsable', `invoice in the answer: ${check.problem}`);
  const std = check.record.standard;
  if (std.note_code !== query.note_code || std.note_no !== query.note_no) return fault('unparsable', 'answer is about another invoice');
  return { kind: 'found', invoice: check.record };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface RemoteSourceOptions {
  /** Clock of the circuit breaker (tests); deadlines are always wall-clock epoch ms. */
  now?: () => number;
}

export function createRemoteSource(region: string, config: RemoteSourceConfig, options: RemoteSourceOptions = {}): VerificationSource {
  const now = options.now ?? Date.now;
  let consecutiveFailures = 0;
  let openUntil = 0;
  let openFault: SourceFault = 'unreachable';
  let trialInFlight = false;

  async function attempt(query: LookupQuery, timeoutMs: number): Promise<AttemptOutcome> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await fetch(`${config.base_url}${PLATFORM_QUERY_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-platform-id': config.api_id,
          'x-platform-secret': config.api_secret,
        },
        body: JSON.stringify({ note_code: query.note_code, note_no: query.note_no }),
        signal: controller.signal,
      });
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (declared > MAX_ANSWER_BYTES) {
        controller.abort();
        return fault('unparsable', 'answer too large');
      }
      const body = await response.text();
      if (body.length > MAX_ANSWER_BYTES) return fault('unparsable', 'answer too large');
      return interpretPlatformAnswer(response.status, body, query);
    } catch (err) {
      if (timedOut) return fault('timeout', `no answer within ${timeoutMs} ms`, true);
      const cause = err instanceof Error && isRecord(err.cause) && typeof err.cause.code === 'string' ? err.cause.code : '';
      return fault('unreachable', cause || (err instanceof Error ? err.message : String(err)), true);
    } finally {
      clearTimeout(timer);
    }
  }

  function settle(outcome: AttemptOutcome): void {
    if (outcome.kind === 'fault' && TRANSIENT.has(outcome.fault)) {
      consecutiveFailures += 1;
      if (consecutiveFailures >= config.breaker.failures) {
        openUntil = now() + config.breaker.cooldown_ms;
        openFault = outcome.fault;
      }
    } else {
      consecutiveFailures = 0;
      openUntil = 0;
    }
  }

  const source: VerificationSource = {
    name: `remote:${region}`,
    async lookup(query: LookupQuery): Promise<LookupResult> {
      const halfOpen = consecutiveFailures >= config.breaker.failures;
      // While open, and while the one trial call of a half-open circuit is out, answer at once.
      if (halfOpen && (now() < openUntil || trialInFlight)) return { kind: 'fault', fault: openFault, detail: 'circuit open' };
      if (halfOpen) trialInFlight = true;
      try {
        return await lookupWithRetries(query, halfOpen);
      } finally {
        if (halfOpen) trialInFlight = false;
      }
    },
  };

  async function lookupWithRetries(query: LookupQuery, halfOpen: boolean): Promise<LookupResult> {
    // A half-open circuit gets one trial attempt, without retries.
    const attempts = halfOpen ? 1 : 1 + config.retries;
    let last: AttemptOutcome = fault('timeout', 'deadline passed before the first attempt');
    let tried = false;
    for (let i = 0; i < attempts; i += 1) {
      if (i > 0) {
        const pause = config.backoff_ms * 2 ** (i - 1);
        if (query.deadline - Date.now() < pause + MIN_ATTEMPT_MS) break;
        await sleep(pause);
      }
      const left = query.deadline - Date.now();
      if (left < MIN_ATTEMPT_MS) break;
      last = await attempt(query, Math.min(config.timeout_ms, left));
      tried = true;
      if (!(last.kind === 'fault' && last.retryable)) break;
    }
    // A caller that left no time says nothing about the platform's health.
    if (tried) settle(last);
    if (last.kind === 'fault') return { kind: 'fault', fault: last.fault, ...(last.detail ? { detail: last.detail } : {}) };
    return last;
  }

  return source;
}
