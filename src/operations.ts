/**
 * Builds the domain operations the HTTP layer calls, from the engines and stores that exist.
 * Each operation is plain data in, plain data out; this module only composes them.
 */
import type { Logger } from 'pino';
import type { ServiceConfig } from './config.js';
import type { ReadinessCheck, ServiceOperations } from './http/operations.js';
import type { Database } from './store/db.js';
import { loadVerifyConfig } from './verify/config.js';
import { createVerifier } from './verify/service.js';

export interface OperationDeps {
  db: Database;
  config: ServiceConfig;
  logger: Logger;
  /** Start the recognition engines; false in contract tests that never reach recognition. */
  engines: boolean;
}

export interface BuiltOperations {
  operations: ServiceOperations;
  readiness: ReadinessCheck[];
  close(): Promise<void>;
}

export async function createOperations(deps: OperationDeps): Promise<BuiltOperations> {
  const verifier = createVerifier({ db: deps.db, config: loadVerifyConfig(), logger: deps.logger });
  const operations: ServiceOperations = {
    verify: (elements) => verifier.verify(elements),
  };
  return {
    operations,
    readiness: [],
    async close() {},
  };
}
