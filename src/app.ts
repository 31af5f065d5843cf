/**
 * The composition root: builds the store, the engines and the domain operations from the
 * configuration, and hands them to the HTTP layer. Everything with a lifecycle is started here
 * and closed by `close()`, in reverse order.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Logger } from 'pino';
import type { ServiceConfig } from './config.js';
import { buildServer } from './http/server.js';
import type { ReadinessCheck, ServiceOperations } from './http/operations.js';
import { openDatabase, type Database } from './store/db.js';
import { SqliteKeyStore } from './store/keys.js';
import { createOperations } from './operations.js';

export interface Service {
  app: FastifyInstance;
  db: Database;
  keys: SqliteKeyStore;
  operations: ServiceOperations;
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** Start the recognition engines (OCR workers). Off in tests that only exercise the contract. */
  engines?: boolean;
  /** Replaces operations, e.g. a probe in contract tests that records what reached the operation. */
  operations?: Partial<ServiceOperations>;
}

export async function createService(config: ServiceConfig, logger: Logger, options: ServiceOptions = {}): Promise<Service> {
  // Uploads are decoded once and never again: sharp's operation cache would only hold patients'
  // images in memory longer than needed.
  sharp.cache(false);
  const db = openDatabase(config.dataDir);
  const keys = new SqliteKeyStore(db);
  const built = await createOperations({ db, config, logger, engines: options.engines ?? true });
  const storeCheck: ReadinessCheck = { name: 'store', ready: () => db.open };
  const operations: ServiceOperations = { ...built.operations, ...options.operations };
  const app = await buildServer({ config, keys, operations, readiness: [storeCheck, ...built.readiness], logger });
  let closed = false;
  return {
    app,
    db,
    keys,
    operations,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await built.close();
      db.close();
    },
  };
}
