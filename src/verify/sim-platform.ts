/**
 * A simulated provincial verification platform: stands in for a real one in tests and demos. It
 * speaks the small JSON protocol the remote connector uses (docs/ledger.md, "Platform protocol")
 * and can be switched into each failure a real platform shows, so every connector error code can
 * be reached on purpose.
 *
 *   POST /v1/invoice/query   {"note_code","note_no"} -> {"result":"found","invoice":{…}} | {"result":"not_found"}
 *   GET  /admin/fault        -> {"mode","delay_ms","queries"}
 *   POST /admin/fault        {"mode":"none|down|garbage|error|maintenance|slow","delay_ms":N}
 *
 * The admin endpoint is never affected by the fault, so a test can switch the platform back.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InvoiceRecord } from './invoice-record.js';
import { PLATFORM_QUERY_PATH } from './remote-source.js';

export const FAULT_MODES = ['none', 'down', 'garbage', 'error', 'maintenance', 'slow'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export function isFaultMode(value: unknown): value is FaultMode {
  return typeof value === 'string' && (FAULT_MODES as readonly string[]).includes(value);
}

export interface SimPlatformOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  records: readonly InvoiceRecord[];
  /** When set, queries must carry these as x-platform-id / x-platform-secret. */
  credentials?: { id: string; secret: string };
  fault?: FaultMode;
  /** Delay of the `slow` mode. */
  delayMs?: number;
}

export interface SimPlatform {
  url: string;
  port: number;
  setFault(mode: FaultMode, delayMs?: number): void;
  /** Queries received on the protocol endpoint (for tests of retries and the breaker). */
  queries(): number;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function keyOf(noteCode: unknown, noteNo: unknown): string {
  return `${String(noteCode)}/${String(noteNo)}`;
}

export function startSimPlatform(options: SimPlatformOptions): Promise<SimPlatform> {
  const byKey = new Map<string, InvoiceRecord>();
  for (const record of options.records) byKey.set(keyOf(record.standard.note_code, record.standard.note_no), record);
  let mode: FaultMode = options.fault ?? 'none';
  let delayMs = options.delayMs ?? 5000;
  let queryCount = 0;

  async function answerQuery(req: IncomingMessage, res: ServerResponse): Promise<void> {
    queryCount += 1;
    if (mode === 'down') {
      // A platform that is down: the connection is cut before any answer.
      req.socket.destroy();
      return;
    }
    if (mode === 'slow') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs);
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (res.destroyed || res.writableEnded) return;
    }
    if (mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>系统繁忙 / gateway page</body></html>');
      return;
    }
    if (mode === 'error') return sendJson(res, 500, { result: 'error', message: 'internal failure of the finance system' });
    if (mode === 'maintenance') return sendJson(res, 503, { result: 'maintenance', message: 'system under maintenance' });

    const creds = options.credentials;
    if (creds && (req.headers['x-platform-id'] !== creds.id || req.headers['x-platform-secret'] !== creds.secret)) {
      return sendJson(res, 401, { result: 'error', message: 'bad credentials' });
    }
    let query: unknown;
    try {
      query = JSON.parse(await readBody(req));
    } catch {
      return sendJson(res, 400, { result: 'error', message: 'body must be JSON' });
    }
    const q = typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
    const record = byKey.get(keyOf(q.note_code, q.note_no));
    if (!record) return sendJson(res, 200, { result: 'not_found' });
    return sendJson(res, 200, { result: 'found', invoice: { ...record.standard, reim_agency_list: record.reim_agency_list } });
  }

  async function admin(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET') return sendJson(res, 200, { mode, delay_ms: delayMs, queries: queryCount });
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sendJson(res, 400, { error: 'body must be JSON' });
    }
    const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (!isFaultMode(b.mode)) return sendJson(res, 400, { error: `mode must be one of ${FAULT_MODES.join(', ')}` });
    if (b.delay_ms !== undefined && (typeof b.delay_ms !== 'number' || !Number.isInteger(b.delay_ms) || b.delay_ms < 0)) {
      return sendJson(res, 400, { error: 'delay_ms must be a non-negative integer' });
    }
    mode = b.mode;
    if (typeof b.delay_ms === 'number') delayMs = b.delay_ms;
    return sendJson(res, 200, { mode, delay_ms: delayMs, queries: queryCount });
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    let handled: Promise<void>;
    if (path === '/admin/fault' && (req.method === 'GET' || req.method === 'POST')) handled = admin(req, res);
    else if (path === PLATFORM_QUERY_PATH && req.method === 'POST') handled = answerQuery(req, res);
    else if (path === '/healthz') handled = Promise.resolve(sendJson(res, 200, { ok: true }));
    else handled = Promise.resolve(sendJson(res, 404, { result: 'error', message: 'no such path' }));
    handled.catch(() => {
      if (!res.headersSent) sendJson(res, 500, { result: 'error', message: 'simulator failure' });
      else res.destroy();
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const address = server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${host}:${address.port}`,
        port: address.port,
        setFault(next: FaultMode, nextDelay?: number) {
          mode = next;
          if (nextDelay !== undefined) delayMs = nextDelay;
        },
        queries: () => queryCount,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
