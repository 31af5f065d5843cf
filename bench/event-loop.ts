/**
 * Does A's and C's image work keep the HTTP event loop free? B latency while A runs, and A/C
 * latency on an idle server.
 *
 *   npm run bench:loop [-- --seconds 20 --images 4 --side 2400 --seed 200 --workers 0,1]
 *
 * The service runs in this process as `meddoc serve` runs it (engines on, API keys, logging off);
 * clients run in worker threads with their own event loops. Pages are synthetic (`meddoc synth`'s
 * generator, a development seed) enlarged to a `side` px long side, like big phone photos.
 *  1. idle: each page through A, then each invoice page through C, one at a time (`rounds` times);
 *     B alone at concurrency 1.
 *  2. load: two clients post A back to back while one client sends B at concurrency 1 (5 ms apart);
 *     B's client-side latency and the server's event-loop delay (perf_hooks) are recorded.
 * Both run once per `--workers` value (analysis worker threads; 0 keeps the pixel work on the event
 * loop, as before the pool), each with a fresh service, so one run compares them under the same
 * machine load. It only ever talks to 127.0.0.1 and stops by itself. On a shared machine every figure is
 * pessimistic: other processes take the same cores.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { createService } from '../src/app.js';
import { AnalysisPool } from '../src/analysis/pool.js';
import { poolSteps } from '../src/analysis/pool-steps.js';
import { createClassify, createExtract } from '../src/operations.js';
import { decodeUpload } from '../src/image/intake.js';
import { OcrEngine } from '../src/ocr/engine.js';
import type { ExtractVariant } from '../src/contract/extract.js';
import { createKey } from '../src/auth/keys.js';
import { loadConfig } from '../src/config.js';
import { generateImage } from '../src/synth/generate.js';
import { createLogger } from '../src/util/log.js';

const VERIFY_PATH = '/ocr/medical/verify_note_code';
const CLASSIFY_PATH = '/api/v2/medical_classify_pro';
const EXTRACT_PATH = '/ocr/medical/v2/medical_invoice/basic';

interface Page {
  readonly file: string;
  /** The invoice variant when the page is one medical invoice (C applies), else null. */
  readonly variant: string | null;
}

type ClientJob =
  | { readonly role: 'verify'; readonly port: number; readonly headers: Record<string, string>; readonly seconds: number; readonly gapMs: number }
  | { readonly role: 'pages'; readonly port: number; readonly headers: Record<string, string>; readonly op: 'classify' | 'extract'; readonly pages: readonly Page[]; readonly loops: number; readonly seconds: number; readonly rounds: number };

interface ClientResult {
  readonly latencies: number[];
  readonly failures: number;
  /** The first few failed answers (status and the start of the body), to tell what went wrong. */
  readonly failed?: string[];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function summary(values: readonly number[]): { n: number; p50: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const r = (v: number): number => Number(v.toFixed(2));
  return { n: sorted.length, p50: r(percentile(sorted, 50)), p95: r(percentile(sorted, 95)), max: r(sorted[sorted.length - 1] ?? NaN) };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function runVerifyClient(job: Extract<ClientJob, { role: 'verify' }>): Promise<ClientResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failures = 0;
  const body = JSON.stringify({ note_code: '33060124', note_no: '1000000001', check_code: 'c00001', total_cost: '120.50', billing_date: '2024-03-15' });
  const once = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(
        { host: '127.0.0.1', port: job.port, path: VERIFY_PATH, method: 'POST', agent, headers: { ...job.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (res.statusCode !== 200) failures += 1;
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const end = performance.now() + job.seconds * 1000;
  while (performance.now() < end) {
    await once();
    await sleep(job.gapMs);
  }
  agent.destroy();
  return { latencies, failures };
}

/** `loops` clients posting pages back to back, for `seconds` or `rounds` passes over the pages. */
async function runPagesClient(job: Extract<ClientJob, { role: 'pages' }>): Promise<ClientResult> {
  const latencies: number[] = [];
  let failures = 0;
  const failed: string[] = [];
  const bytes = job.pages.map((p) => readFileSync(p.file));
  const end = performance.now() + job.seconds * 1000;
  const post = async (i: number): Promise<void> => {
    const page = job.pages[i]!;
    const form = new FormData();
    form.append(job.op === 'classify' ? 'image_file' : 'file', new Blob([bytes[i]!]), 'page.jpg');
    const path = job.op === 'classify' ? CLASSIFY_PATH : `${EXTRACT_PATH}/${page.variant ?? 'e_invoice'}`;
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${job.port}${path}`, { method: 'POST', body: form, headers: job.headers });
    const text = await res.text();
    latencies.push(performance.now() - started);
    if (res.status !== 200) {
      failures += 1;
      if (failed.length < 3) failed.push(`${job.op} ${res.status} ${text.slice(0, 160)}`);
    }
  };
  await Promise.all(
    Array.from({ length: job.loops }, async (_, loop) => {
      if (job.seconds > 0) {
        for (let k = loop; performance.now() < end; k++) await post(k % job.pages.length);
      } else {
        for (let r = 0; r < job.rounds; r++) for (let i = 0; i < job.pages.length; i++) await post(i);
      }
    }),
  );
  return { latencies, failures, failed };
}

function client(job: ClientJob): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', (result: ClientResult) => resolve(result));
    worker.once('error', reject);
  });
}

/** Synthetic pages (development seed) enlarged to a `side` px long side, written as JPEG. */
async function makePages(dir: string, count: number, side: number, seed: number): Promise<Page[]> {
  const pages: Page[] = [];
  for (let i = 0; i < count; i++) {
    const generated = await generateImage(seed, i);
    const big = await sharp(generated.data).resize({ width: side, height: side, fit: 'inside' }).jpeg({ quality: 88 }).toBuffer();
    const file = join(dir, `page-${i}.jpg`);
    writeFileSync(file, big);
    pages.push({ file, variant: generated.label.extract ? generated.label.variant : null });
  }
  // At least one invoice, so C is measured.
  if (!pages.some((p) => p.variant !== null)) {
    const generated = await generateImage(seed, count, { kinds: ['费用类票据/住院电子发票'] });
    const big = await sharp(generated.data).resize({ width: side, height: side, fit: 'inside' }).jpeg({ quality: 88 }).toBuffer();
    const file = join(dir, `page-${count}.jpg`);
    writeFileSync(file, big);
    pages.push({ file, variant: generated.label.variant ?? 'e_invoice' });
  }
  return pages;
}

async function waitReady(port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`);
    await res.arrayBuffer();
    if (res.status === 200) return;
    await sleep(100);
  }
  throw new Error('the service did not become ready in 60 s');
}

function delaySummary(h: ReturnType<typeof monitorEventLoopDelay>): Record<string, number> {
  const ms = (ns: number): number => Number((ns / 1e6).toFixed(1));
  return { p50_ms: ms(h.percentile(50)), p99_ms: ms(h.percentile(99)), max_ms: ms(h.max), mean_ms: ms(h.mean) };
}

interface Figures {
  readonly mode: string;
  readonly idle: { a_ms: Stats; c_ms: Stats; b_ms: Stats; event_loop_delay: Record<string, number> };
  readonly under_two_a_loops: { b_ms: Stats; a_ms: Stats; event_loop_delay: Record<string, number> };
  readonly failures: { a: number; c: number; b: number };
  readonly failed: string[];
}

type Stats = ReturnType<typeof summary>;

/** One service in this process with the image analysis as `workers` says (0: on the event loop). */
async function measure(workers: number, pages: readonly Page[], dir: string, seconds: number, rounds: number): Promise<Figures> {
  process.env.MEDDOC_ANALYSIS_WORKERS = String(workers);
  const config = loadConfig({ MEDDOC_DATA_DIR: dir, MEDDOC_HOST: '127.0.0.1', MEDDOC_PORT: '0', MEDDOC_LOG_LEVEL: 'silent', MEDDOC_CLASSIFY_AUTH: 'none' });
  const service = await createService(config, createLogger('silent'));
  try {
    const { record, secret } = await createKey(service.keys, { name: `bench-${workers}` });
    await service.app.listen({ host: '127.0.0.1', port: 0 });
    const address = service.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const port = address.port;
    const headers = { 'X-DF-API-ID': record.id, 'X-DF-API-SECRET': secret };
    await waitReady(port);
    const invoices = pages.filter((p) => p.variant !== null);

    // Warm-up: JIT, models' first runs, the QR decoder's module.
    await client({ role: 'pages', port, headers, op: 'classify', pages: pages.slice(0, 1), loops: 1, seconds: 0, rounds: 1 });
    await client({ role: 'pages', port, headers, op: 'extract', pages: invoices.slice(0, 1), loops: 1, seconds: 0, rounds: 1 });
    await client({ role: 'verify', port, headers, seconds: 1, gapMs: 5 });

    const idleDelay = monitorEventLoopDelay({ resolution: 1 });
    idleDelay.enable();
    const idleB = await client({ role: 'verify', port, headers, seconds: 3, gapMs: 5 });
    idleDelay.disable();
    const idleA = await client({ role: 'pages', port, headers, op: 'classify', pages, loops: 1, seconds: 0, rounds });
    const idleC = await client({ role: 'pages', port, headers, op: 'extract', pages: invoices, loops: 1, seconds: 0, rounds });

    const loadDelay = monitorEventLoopDelay({ resolution: 1 });
    loadDelay.enable();
    const [loadA, loadB] = await Promise.all([
      client({ role: 'pages', port, headers, op: 'classify', pages, loops: 2, seconds, rounds: 0 }),
      client({ role: 'verify', port, headers, seconds, gapMs: 5 }),
    ]);
    loadDelay.disable();
    return {
      mode: workers === 0 ? 'on the event loop' : `${workers} analysis worker(s)`,
      idle: { a_ms: summary(idleA.latencies), c_ms: summary(idleC.latencies), b_ms: summary(idleB.latencies), event_loop_delay: delaySummary(idleDelay) },
      under_two_a_loops: { b_ms: summary(loadB.latencies), a_ms: summary(loadA.latencies), event_loop_delay: delaySummary(loadDelay) },
      failures: { a: idleA.failures + loadA.failures, c: idleC.failures, b: idleB.failures + loadB.failures },
      failed: [...(idleA.failed ?? []), ...(idleC.failed ?? []), ...(loadA.failed ?? [])],
    };
  } finally {
    await service.close();
  }
}

function describe(f: Figures, seconds: number): string {
  const line = (name: string, s: Stats): string => `${name}: n ${s.n}, p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms`;
  const d = (x: Record<string, number>): string => `p50 ${x.p50_ms} ms, p99 ${x.p99_ms} ms, max ${x.max_ms} ms`;
  return [
    `[${f.mode}]`,
    `  idle  ${line('A', f.idle.a_ms)}`,
    `  idle  ${line('C', f.idle.c_ms)}`,
    `  idle  ${line('B', f.idle.b_ms)}; event-loop delay ${d(f.idle.event_loop_delay)}`,
    `  load  ${line('B', f.under_two_a_loops.b_ms)} (concurrency 1, two A clients for ${seconds} s)`,
    `  load  ${line('A', f.under_two_a_loops.a_ms)}`,
    `  load  event-loop delay ${d(f.under_two_a_loops.event_loop_delay)}`,
    `  failures: A ${f.failures.a}, C ${f.failures.c}, B ${f.failures.b}`,
    ...f.failed.map((m) => `    ${m}`),
  ].join('\n');
}

/**
 * A and C idle, pixel work on the event loop vs on one analysis worker, in pairs: the same OCR
 * engine, each page run both ways back to back (order swapped every round), so the drift of a
 * shared machine's load falls on both alike. Returns the figures and pool/inline time ratios.
 */
async function paired(pages: readonly Page[], rounds: number): Promise<Record<string, unknown>> {
  const ocr = OcrEngine.create();
  const pool = new AnalysisPool({ workers: 1, queueLimit: 16, queueWaitMs: 5000 });
  const logger = createLogger('silent');
  await Promise.all([ocr.init(), pool.init()]);
  const modes = {
    inline: { classify: createClassify(ocr), extract: createExtract(ocr, logger) },
    pool: { classify: createClassify(ocr, poolSteps(pool)), extract: createExtract(ocr, logger, poolSteps(pool)) },
  };
  const times: Record<'inline' | 'pool', { a: number[]; c: number[] }> = { inline: { a: [], c: [] }, pool: { a: [], c: [] } };
  try {
    const images = await Promise.all(pages.map(async (p) => ({ page: p, image: await decodeUpload(readFileSync(p.file)) })));
    await modes.pool.classify(images[0]!.image); // warm-up of both paths
    await modes.inline.classify(images[0]!.image);
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? (['inline', 'pool'] as const) : (['pool', 'inline'] as const);
      for (const { page, image } of images) {
        for (const mode of order) {
          let t = performance.now();
          await modes[mode].classify(image);
          times[mode].a.push(performance.now() - t);
          if (page.variant === null) continue;
          t = performance.now();
          await modes[mode].extract(image, { variant: page.variant as ExtractVariant, autoRotate: false });
          times[mode].c.push(performance.now() - t);
        }
      }
    }
  } finally {
    await Promise.all([ocr.terminate(), pool.terminate()]);
  }
  const sum = (v: readonly number[]): number => v.reduce((a, b) => a + b, 0);
  return {
    a_inline_ms: summary(times.inline.a),
    a_pool_ms: summary(times.pool.a),
    a_pool_over_inline: Number((sum(times.pool.a) / sum(times.inline.a)).toFixed(3)),
    c_inline_ms: summary(times.inline.c),
    c_pool_ms: summary(times.pool.c),
    c_pool_over_inline: Number((sum(times.pool.c) / sum(times.inline.c)).toFixed(3)),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string' },
      images: { type: 'string' },
      side: { type: 'string' },
      seed: { type: 'string' },
      rounds: { type: 'string' },
      workers: { type: 'string' },
      paired: { type: 'string' },
    },
  });
  // Rounds of the paired idle comparison of A and C (0: skip it).
  const pairedRounds = Number(values.paired ?? 2);
  const seconds = Number(values.seconds ?? 20);
  const count = Number(values.images ?? 4);
  const side = Number(values.side ?? 2400);
  const seed = Number(values.seed ?? 200);
  const rounds = Number(values.rounds ?? 2);
  // Analysis worker counts to compare; 0 = the pixel work on the event loop, as before the pool.
  const modes = (values.workers ?? '0,1').split(',').map(Number);
  if (seed === 11 || seed >= 20261122) throw new Error('seed 11 and seeds >= 20261122 are held out for the final measurement');
  const dir = mkdtempSync(join(tmpdir(), 'meddoc-bench-loop-'));
  process.env.MEDDOC_VERIFY_DAILY_LIMIT = '100000000';
  try {
    const pages = await makePages(dir, count, side, seed);
    const invoices = pages.filter((p) => p.variant !== null).length;
    const out: string[] = [`event loop under A load: ${pages.length} synthetic pages (seed ${seed}) at ${side} px, ${invoices} invoice(s); shared machine: figures are pessimistic`];
    const report: Figures[] = [];
    for (const workers of modes) {
      const f = await measure(workers, pages, dir, seconds, rounds);
      report.push(f);
      out.push(describe(f, seconds));
    }
    let pairs: Record<string, unknown> | null = null;
    if (pairedRounds > 0) {
      pairs = await paired(pages, pairedRounds);
      out.push(`[idle, in pairs, same OCR engine, no HTTP: ${pairedRounds} rounds]`);
      for (const [k, v] of Object.entries(pairs)) out.push(`  ${k}: ${typeof v === 'number' ? v : JSON.stringify(v)}`);
    }
    process.stdout.write(`${out.join('\n')}\n${JSON.stringify({ pages: pages.length, invoices, long_side_px: side, seed, modes: report, paired: pairs })}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else {
  const job = workerData as ClientJob;
  parentPort?.postMessage(job.role === 'verify' ? await runVerifyClient(job) : await runPagesClient(job));
}
