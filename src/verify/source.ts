/**
 * Where the truth about an e-invoice comes from (decisions.md: "Where verification data comes
 * from is pluggable"). A source answers one question: what invoice has this code and number in
 * this region? Comparing the other elements, counting and region rules stay in the service, so a
 * new source (another platform protocol, Postgres) is one module implementing this interface.
 */
import type { VerifyErrorCode } from '../http/errors.js';
import type { InvoiceRecord } from './invoice-record.js';
import type { Region } from './regions.js';

export interface LookupQuery {
  region: Region;
  note_code: string;
  note_no: string;
  /** Absolute time (epoch ms) by which the answer is needed; a source never runs past it. */
  deadline: number;
}

/** Why a source could not answer. Each maps to one error code of api.md 7.2. */
export type SourceFault =
  | 'unreachable' // 100: connection refused/reset, DNS, circuit open
  | 'unparsable' // 198: an answer that is not the protocol
  | 'platform_error' // 314: the platform said it failed
  | 'maintenance' // 316: the platform said it is under maintenance
  | 'timeout' // 317: no answer before the deadline
  | 'not_supported' // 319: no source serves this region
  | 'query_failed' // 311: the local store failed
  | 'unknown'; // 321: the source failed in a way it does not explain (a bug, an exception)

export const FAULT_ERROR_CODES: Readonly<Record<SourceFault, VerifyErrorCode>> = {
  unreachable: 100,
  unparsable: 198,
  platform_error: 314,
  maintenance: 316,
  timeout: 317,
  not_supported: 319,
  query_failed: 311,
  unknown: 321,
};

export type LookupResult =
  | { kind: 'found'; invoice: InvoiceRecord }
  | { kind: 'not_found' }
  | { kind: 'fault'; fault: SourceFault; detail?: string };

export interface VerificationSource {
  /** For logs: 'ledger', 'remote:33', … */
  readonly name: string;
  lookup(query: LookupQuery): Promise<LookupResult>;
}
