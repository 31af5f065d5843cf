/**
 * Verification (B) through HTTP on loopback, against the ledger: verifications per second and
 * latency, as a client sees them and as the server measures them (its /metrics histogram).
 *
 *   npm run bench:verify:http [-- --n 3000 --invoices 2000]
 *
 * The service runs in this process as `meddoc serve` runs it (file database in WAL mode, API key
 * auth and quota, request logging off); the client runs in a worker thread with its own event loop
 * and keep-alive connections, one per request in flight. Concurrency 1 then 8, `n` requests each;
 * it stops by itself and only ever talks to 127.0.0.1.
 *
 * Targets (issue 7): p50 <= 5 ms server-side and >= 500 verifications/s on 2 cores.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createService } from '../src/app.js';
import { createKey } from '../src/auth/keys.js';
import { loadConfig } from '../src/config.js';
import { importLedgerText } from '../src/store/ledger.js';
import { createLogger } from '../src/util/log.js';

const PATH = '/ocr/medical/verify_note_code';
const NOTE_CODE = '33060124';

interface ClientJob {
  port: number;
  headers: Record<string, string>;
  n: number;
  concurrency: number;
  invoices: number;
}

interface ClientResult {
  seconds: number;
  latencies: number[];
  failures: number;
}

function noteNo(i: number): string {
  return String(1_000_000_000 + i);
}

function checkCode(i: number): string {
  return `c${String(i).padStart(5, '0')}`;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The client: `concurrency` loops, each on its own keep-alive connection, until n requests are sent. */
async function runClient(job: ClientJob): Promise<ClientResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const once = (i: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const k = i % job.invoices;
      const body = JSON.stringify({ note_code: NOTE_CODE, note_no: noteNo(k), check_code: checkCode(k), total_cost: '120.50', billing_date: '2024-03-15' });
      const started = performance.now();
      const req = request(
        { host: '127.0.0.1', port: job.port, path: PATH, method: 'POST', agent, headers: { ...job.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - started);
            const text = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode !== 200 || !text.includes('"status":"OK"')) failures += 1;
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      for (let i = next++; i < job.n; i = next++) await once(i);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { seconds, latencies, failures };
}

function clientInWorker(job: ClientJob): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', (result: ClientResult) => resolve(result));
    worker.once('error', reject);
  });
}

/** Cumulative counts of the server's verify latency histogram, by upper bound in seconds. */
async function verifyHistogram(port: number): Promise<Map<number, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const buckets = new Map<number, number>();
  for (const m of text.matchAll(/meddoc_request_duration_seconds_bucket\{([^}]*)\} (\d+)/g)) {
    const labels = m[1] as string;
    if (!labels.includes('operation="verify"')) continue;
    const le = /le="([^"]+)"/.exec(labels)?.[1];
    if (le === undefined) continue;
    const bound = le === '+Inf' ? Infinity : Number(le);
    buckets.set(bound, (buckets.get(bound) ?? 0) + Number(m[2]));
  }
  return buckets;
}

/** The smallest histogram bound under which p% of the requests between two readings fall. */
function boundOf(before: Map<number, number>, after: Map<number, number>, p: number): number {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const total = (after.get(Infinity) ?? 0) - (before.get(Infinity) ?? 0);
  for (const b of bounds) if ((after.get(b) ?? 0) - (before.get(b) ?? 0) >= (p / 100) * total) return b * 1000;
  return Infinity;
}

function shareUnder(before: Map<number, number>, after: Map<number, number>, seconds: number): number {
  const total = (after.get(Infinity) ?? 0) - (before.get(Infinity) ?? 0);
  return total === 0 ? NaN : ((after.get(seconds) ?? 0) - (before.get(seconds) ?? 0)) / total;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { n: { type: 'string' }, invoices: { type: 'string' } } });
  const n = Number(values.n ?? 3000);
  const invoices = Number(values.invoices ?? 2000);
  const dir = mkdtempSync(join(tmpdir(), 'meddoc-bench-verify-http-'));
  // The benchmark verifies each invoice many times a day; the limit is a setting read at start.
  process.env.MEDDOC_VERIFY_DAILY_LIMIT = '1000000';
  const config = loadConfig({ MEDDOC_DATA_DIR: dir, MEDDOC_HOST: '127.0.0.1', MEDDOC_PORT: '0', MEDDOC_LOG_LEVEL: 'silent' });
  const service = await createService(config, createLogger('silent'), { engines: false });
  try {
    // Ledger lines: the example Zhejiang invoice, renumbered.
    const example = JSON.parse(readFileSync(new URL('../../examples/ledger.jsonl', import.meta.url), 'utf8').split('\n')[0] as string) as Record<string, unknown>;
    const lines = Array.from({ length: invoices }, (_, i) => JSON.stringify({ ...example, note_code: NOTE_CODE, note_no: noteNo(i), check_code: checkCode(i), total_cost: 120.5, billing_date: '2024-03-15' }));
    importLedgerText(service.db, lines.join('\n'));
    const { record, secret } = await createKey(service.keys, { name: 'bench' });
    await service.app.listen({ host: '127.0.0.1', port: 0 });
    const address = service.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const headers = { 'X-DF-API-ID': record.id, 'X-DF-API-SECRET': secret };

    await clientInWorker({ port: address.port, headers, n: 300, concurrency: 4, invoices }); // warm-up: JIT, key cache, statements
    const rows: string[] = [];
    const report: Record<string, unknown> = { requests_per_run: n, ledger_invoices: invoices, targets: { server_p50_ms: 5, per_s: 500 } };
    for (const concurrency of [1, 8]) {
      const before = await verifyHistogram(address.port);
      const result = await clientInWorker({ port: address.port, headers, n, concurrency, invoices });
      const after = await verifyHistogram(address.port);
      if (result.failures > 0) throw new Error(`${result.failures} verifications did not answer OK`);
      const sorted = [...result.latencies].sort((a, b) => a - b);
      const row = {
        per_s: Math.round(n / result.seconds),
        client_p50_ms: Number(percentile(sorted, 50).toFixed(2)),
        client_p95_ms: Number(percentile(sorted, 95).toFixed(2)),
        server_p50_at_most_ms: boundOf(before, after, 50),
        server_p95_at_most_ms: boundOf(before, after, 95),
        server_share_within_5ms: Number(shareUnder(before, after, 0.005).toFixed(3)),
      };
      report[`concurrency_${concurrency}`] = row;
      rows.push(
        `  concurrency ${concurrency}: ${row.per_s} verifications/s; client p50 ${row.client_p50_ms} ms p95 ${row.client_p95_ms} ms; ` +
          `server p50 <= ${row.server_p50_at_most_ms} ms, p95 <= ${row.server_p95_at_most_ms} ms (${(row.server_share_within_5ms * 100).toFixed(1)}% within 5 ms)`,
      );
    }
    process.stdout.write(`verify through HTTP on loopback, against the ledger (${n} requests per run, keep-alive)\n${rows.join('\n')}\n${JSON.stringify(report)}\n`);
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else parentPort?.postMessage(await runClient(workerData as ClientJob));
