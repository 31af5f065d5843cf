/**
 * OCR benchmark (prints figures; not a test): `npm run bench:ocr [-- --runs N]`.
 *
 * On rendered Chinese document pages with known text (clean scan, phone photo, rotated
 * 90/180/270, small print, seal over text, dense 60-line invoice) it prints per-stage times,
 * the raw model time of the dense page, pages/s at concurrency 1 and 2 (with the CPU time per
 * page, which a shared machine disturbs less than wall clock), peak RSS and CER; and,
 * where `tesseract` with chi_sim is installed, Tesseract's time and CER on the same pages.
 * Pages are made in memory and handed to Tesseract on stdin: no file is written.
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import sharp from 'sharp';
import { OcrEngine } from '../src/ocr/engine.js';
import { OcrModels } from '../src/ocr/models.js';
import { cropLine, detectTask } from '../src/ocr/tasks.js';
import { recognitionInput } from '../src/ocr/recognize.js';
import { readingQuad } from '../src/ocr/orientation.js';
import { DEFAULT_PAGE_OPTIONS } from '../src/ocr/pipeline.js';
import type { RgbImage } from '../src/image/types.js';
import type { OcrResult } from '../src/ocr/types.js';
import {
  cleanPage, densePage, pageCer, photographed, sealPage, smallPrintPage, turned, type TestPage,
} from '../src/ocr/testing/pages.js';

interface BenchPage {
  readonly page: TestPage;
  /** The page as an uploaded file would be: PNG, or JPEG for the photo. */
  readonly file: Buffer;
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
}

async function decode(file: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(file).rotate().flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

function percentile(xs: readonly number[], p: number): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

const median = (xs: readonly number[]): number => percentile(xs, 50);
const ms = (v: number): string => `${Math.round(v)}`.padStart(6);
const pct = (v: number): string => `${(v * 100).toFixed(2)}%`.padStart(8);
const mb = (bytes: number): string => `${Math.round(bytes / 1e6)} MB`;

interface PageFigures {
  name: string;
  lines: number;
  decode: number;
  detect: number;
  classify: number;
  recognize: number;
  post: number;
  model: number;
  total: number;
  cer: number;
  angleOk: boolean;
}

async function measurePage(engine: OcrEngine, bp: BenchPage, runs: number): Promise<{ fig: PageFigures; totals: number[] }> {
  const rows: { decode: number; r: OcrResult; total: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const image = await decode(bp.file);
    const t1 = performance.now();
    const r = await engine.recognize(image);
    rows.push({ decode: t1 - t0, r, total: performance.now() - t0 });
  }
  const last = rows[rows.length - 1]!.r;
  const fig: PageFigures = {
    name: bp.page.name,
    lines: last.lines.length,
    decode: median(rows.map((x) => x.decode)),
    detect: median(rows.map((x) => x.r.timings.detectMs)),
    classify: median(rows.map((x) => x.r.timings.classifyMs)),
    recognize: median(rows.map((x) => x.r.timings.recognizeMs)),
    post: median(rows.map((x) => x.r.timings.postMs)),
    model: median(rows.map((x) => x.r.timings.modelMs)),
    total: median(rows.map((x) => x.total)),
    cer: pageCer(bp.page.lines.map((l) => l.text), last.lines.map((l) => l.text)),
    angleOk: last.angle === bp.page.angle,
  };
  return { fig, totals: rows.map((x) => x.total) };
}

/**
 * Pages/s over the pages at a concurrency, and the CPU time (all threads of the process: decode,
 * workers, main) per page. On a shared machine wall clock suffers from other work while CPU time
 * mostly does not, so CPU per page gives the bound an idle machine would reach:
 * cores / CPU per page.
 */
async function throughput(engine: OcrEngine, pages: readonly BenchPage[], concurrency: number): Promise<{ pagesPerS: number; cpuMsPerPage: number }> {
  const queue = pages.slice();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let bp = queue.shift(); bp; bp = queue.shift()) await engine.recognize(await decode(bp.file));
  }));
  const cpu = process.cpuUsage(cpu0);
  return { pagesPerS: pages.length / ((performance.now() - t0) / 1000), cpuMsPerPage: (cpu.user + cpu.system) / 1000 / pages.length };
}

/** Raw model time of one page: detection once plus each detected line recognised once, one thread. */
async function rawModelMs(page: TestPage): Promise<{ det: number; rec: number; lines: number }> {
  const models = await OcrModels.load(1);
  try {
    const px = { data: page.image.data, width: page.image.width, height: page.image.height };
    const best = { det: Infinity, rec: Infinity, lines: 0 };
    for (let k = 0; k < 3; k++) {
      const d = await detectTask(models, px, DEFAULT_PAGE_OPTIONS.detectSide);
      models.takeModelMs();
      for (const b of d.boxes) await models.recognize(recognitionInput(cropLine(px, readingQuad(b.quad, 0, px.width, px.height), 3200), 96));
      const rec = models.takeModelMs();
      if (d.times.modelMs + rec < best.det + best.rec) Object.assign(best, { det: d.times.modelMs, rec, lines: d.boxes.length });
    }
    return best;
  } finally {
    await models.release();
  }
}

function tesseractAvailable(): boolean {
  const r = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  return r.status === 0 && /\bchi_sim\b/.test(r.stdout + r.stderr);
}

function tesseractOnce(file: Buffer, psm: string): Promise<{ ms: number; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('tesseract', ['stdin', 'stdout', '-l', 'chi_sim', '--psm', psm], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.on('error', reject);
    child.on('close', () => {
      resolve({ ms: performance.now() - t0, lines: Buffer.concat(out).toString('utf8').split('\n').filter((l) => l.trim() !== '') });
    });
    child.stdin.end(file);
  });
}

/**
 * Tesseract's best of two page modes: --psm 3 (automatic layout) reads columns as separate
 * blocks, which scores badly under an order-sensitive CER; --psm 6 (one block) reads rows
 * across. Taking the lower CER of the two is generous to Tesseract, so the comparison errs in
 * its favour. The time reported is that of the mode kept.
 */
async function tesseract(file: Buffer, reference: readonly string[]): Promise<{ ms: number; cer: number; psm: string }> {
  let best = { ms: 0, cer: Infinity, psm: '' };
  for (const psm of ['3', '6']) {
    const r = await tesseractOnce(file, psm);
    const cer = pageCer(reference, r.lines);
    if (cer < best.cer) best = { ms: r.ms, cer, psm };
  }
  return best;
}

async function main(): Promise<void> {
  const runs = arg('runs', 10);
  process.stdout.write(`meddoc OCR benchmark: ${runs} runs of the dense page, 3 of the others\n`);
  process.stdout.write(`Note: on a machine shared with other work these times are pessimistic; load average now ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores.\n`);
  const mallocEnv = ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_'].map((k) => `${k}=${process.env[k] ?? '(unset)'}`).join(' ');
  process.stdout.write(`glibc malloc: ${mallocEnv} (see docs/ocr.md, Memory)\n\n`);

  const clean = await cleanPage();
  const dense = await densePage();
  const pages: TestPage[] = [
    clean,
    await photographed(clean),
    turned(clean, 90),
    turned(clean, 180),
    turned(clean, 270),
    await smallPrintPage(),
    await sealPage(),
    dense,
  ];
  const bench: BenchPage[] = [];
  for (const page of pages) {
    const raw = sharp(page.image.data, { raw: { width: page.image.width, height: page.image.height, channels: 3 } });
    const file = page.name.endsWith('-photo') ? await raw.jpeg({ quality: 85 }).toBuffer() : await raw.png().toBuffer();
    bench.push({ page, file });
  }

  // The pages above were rendered in this process (fonts, SVG rasterising): what they hold is
  // not the engine's, so the resident size before the engine starts is reported as a baseline.
  sharp.cache(false);
  (globalThis as { gc?: () => void }).gc?.();
  const baselineRss = process.memoryUsage().rss;
  const tStart = performance.now();
  const engine = OcrEngine.create();
  await engine.init();
  const readyMs = performance.now() - tStart;
  const loadedRss = process.memoryUsage().rss;
  process.stdout.write(`workers ${engine.config.workers}, intra-op threads ${engine.config.intraOpThreads}; ready ${Math.round(readyMs)} ms after start\n`);
  process.stdout.write(`RSS: ${mb(baselineRss)} before the engine (benchmark pages and renderer), ${mb(loadedRss)} with models loaded\n\n`);

  // Warm-up: first runs pay for lazy allocations in onnxruntime.
  await engine.recognize(await decode(bench[0]!.file));

  const figs: PageFigures[] = [];
  let denseTotals: number[] = [];
  for (const bp of bench) {
    const { fig, totals } = await measurePage(engine, bp, bp.page === dense ? runs : 3);
    figs.push(fig);
    if (bp.page === dense) denseTotals = totals;
  }

  process.stdout.write('Per page, median ms (stage times are summed over workers; total is wall clock incl. decode)\n');
  process.stdout.write('page                   lines decode detect  class  recog   post  model  total      CER angle\n');
  for (const f of figs) {
    process.stdout.write(`${f.name.padEnd(22)} ${String(f.lines).padStart(5)} ${ms(f.decode)} ${ms(f.detect)} ${ms(f.classify)} ${ms(f.recognize)} ${ms(f.post)} ${ms(f.model)} ${ms(f.total)} ${pct(f.cer)} ${f.angleOk ? 'ok' : 'WRONG'}\n`);
  }
  process.stdout.write(`\nDense invoice (${figs[figs.length - 1]!.lines} lines, ${dense.image.width}x${dense.image.height}), idle pool, end to end: p50 ${Math.round(median(denseTotals))} ms, p95 ${Math.round(percentile(denseTotals, 95))} ms\n`);

  const c1 = await throughput(engine, bench, 1);
  const c2 = await throughput(engine, bench, 2);
  const cores = availableParallelism();
  process.stdout.write(`Throughput over the ${bench.length} pages: ${c1.pagesPerS.toFixed(2)} pages/s at concurrency 1, ${c2.pagesPerS.toFixed(2)} pages/s at concurrency 2\n`);
  process.stdout.write(
    `CPU time per page (all threads): ${Math.round(c1.cpuMsPerPage)} ms at concurrency 1, ${Math.round(c2.cpuMsPerPage)} ms at concurrency 2; ` +
      `bound on ${cores} idle cores: ${((cores * 1000) / c2.cpuMsPerPage).toFixed(2)} pages/s\n`,
  );
  const peakRss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(`Peak RSS with the pool busy: ${mb(peakRss)} (${mb(peakRss - baselineRss)} above the benchmark's own baseline)\n`);
  await engine.terminate();

  const raw = await rawModelMs(dense);
  const single = OcrEngine.create({ workers: 1, intraOpThreads: 1 });
  await single.init();
  const singleTotals: number[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(runs / 2)); i++) {
    const t0 = performance.now();
    await single.recognize(dense.image);
    singleTotals.push(performance.now() - t0);
  }
  await single.terminate();
  const rawMs = raw.det + raw.rec;
  process.stdout.write(
    `\nRaw model time of the dense page, one thread (detection ${Math.round(raw.det)} + recognition of ${raw.lines} lines ${Math.round(raw.rec)}): ${Math.round(rawMs)} ms\n` +
      `Pipeline on one worker, same page: p50 ${Math.round(median(singleTotals))} ms = ${(median(singleTotals) / rawMs).toFixed(2)} x raw model time\n` +
      `Pipeline on ${engine.config.workers} workers (above): p50 ${Math.round(median(denseTotals))} ms = ${(median(denseTotals) / rawMs).toFixed(2)} x raw model time\n`,
  );

  process.stdout.write(`Load average at the end of the meddoc runs: ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  if (!tesseractAvailable()) {
    process.stdout.write('\nTesseract with chi_sim not installed: no comparison (apt-get install tesseract-ocr tesseract-ocr-chi-sim).\n');
    return;
  }
  process.stdout.write('\nSide by side with Tesseract 5 (chi_sim, OMP_THREAD_LIMIT=1, best of --psm 3 and 6 per page)\n');
  process.stdout.write('page                    meddoc ms  meddoc CER   tess ms   tess CER psm\n');
  let sumOurs = 0, sumTess = 0, cerOurs = 0, cerTess = 0;
  for (let i = 0; i < bench.length; i++) {
    const bp = bench[i]!;
    const f = figs[i]!;
    const t = await tesseract(bp.file, bp.page.lines.map((l) => l.text));
    sumOurs += f.total; sumTess += t.ms; cerOurs += f.cer; cerTess += t.cer;
    process.stdout.write(`${bp.page.name.padEnd(22)} ${ms(f.total).padStart(10)} ${pct(f.cer).padStart(11)} ${ms(t.ms).padStart(9)} ${pct(t.cer).padStart(10)} ${t.psm.padStart(3)}\n`);
  }
  const n = bench.length;
  process.stdout.write(`${'mean'.padEnd(22)} ${ms(sumOurs / n).padStart(10)} ${pct(cerOurs / n).padStart(11)} ${ms(sumTess / n).padStart(9)} ${pct(cerTess / n).padStart(10)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:ocr failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exitCode = 1;
});
