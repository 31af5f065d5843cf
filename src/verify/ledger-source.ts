/** The default verification source: the invoice ledger in the embedded SQLite store. */
import type { Database } from '../store/db.js';
import { findLedgerInvoice } from '../store/ledger.js';
import type { LookupQuery, LookupResult, VerificationSource } from './source.js';

export function createLedgerSource(db: Database): VerificationSource {
  return {
    name: 'ledger',
    lookup(query: LookupQuery): Promise<LookupResult> {
      try {
        const invoice = findLedgerInvoice(db, query.note_code, query.note_no);
        return Promise.resolve(invoice ? { kind: 'found', invoice } : { kind: 'not_found' });
      } catch (err) {
        // A broken or locked store is the "local invoice query exception" of api.md 7.2 (311).
        return Promise.resolve({ kind: 'fault', fault: 'query_failed', detail: err instanceof Error ? err.message : String(err) });
      }
    },
  };
}
