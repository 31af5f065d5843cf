/** The image-analysis worker pool: same answers as in process, bounded queue, crashes, lifecycle. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { analysisConfigFromEnv, defaultAnalysisWorkers } from '../../src/analysis/config.js';
import { AnalysisBusyError, AnalysisPool, AnalysisUnavailableError } from '../../src/analysis/pool.js';
import { poolSteps } from '../../src/analysis/pool-steps.js';
import { IN_PROCESS_STEPS } from '../../src/analysis/steps.js';
import { classifyImage } from '../../src/classify/classifier.js';
import { loadTaxonomy } from '../../src/classify/taxonomy.js';
import { shareImage, shareImageGradually } from '../../src/analysis/shared.js';
import { ApiError } from '../../src/http/errors.js';
import type { RgbImage } from '../../src/image/types.js';
import type { OcrResult, Quad8 } from '../../src/ocr/types.js';
import { busyAsRetry } from '../../src/operations.js';
import { page, roundSeal, textLines } from './seals-draw.js';

const QR_TEXT = '35060221,0000275301,d2cf1a,13795.66,20210306';

/** A sheet turned a little on a dark desk, with print, a red seal and a QR code. */
async function desk(): Promise<RgbImage> {
  const sheet = `<g transform="rotate(4 450 350)"><rect x="150" y="90" width="600" height="520" fill="#fbfaf6"/>${textLines(190, 140, 520, 10)}${roundSeal(560, 480, 90, 90, '#d01010')}</g>`;
  const qr = await QRCode.toBuffer(QR_TEXT, { type: 'png', margin: 2, scale: 3 });
  const { data, info } = await sharp(Buffer.from(page(900, 700, sheet, '#3a3f4a')))
    .composite([{ input: qr, left: 200, top: 440 }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

function sameImage(a: RgbImage, b: RgbImage): boolean {
  return a.width === b.width && a.height === b.height && Buffer.compare(a.data.subarray(0, a.width * a.height * 3), b.data.subarray(0, b.width * b.height * 3)) === 0;
}

function white(width: number, height: number): RgbImage {
  return { data: Buffer.alloc(width * height * 3, 255), width, height, channels: 3 };
}

test('settings come from the environment, defaults fit the cores, malformed values are refused', () => {
  assert.deepEqual(analysisConfigFromEnv({ MEDDOC_ANALYSIS_WORKERS: '2', MEDDOC_ANALYSIS_QUEUE: '3', MEDDOC_ANALYSIS_QUEUE_WAIT_MS: '40' }), { workers: 2, queueLimit: 3, queueWaitMs: 40 });
  assert.equal(defaultAnalysisWorkers(2), 1);
  assert.equal(defaultAnalysisWorkers(8), 2);
  const d = analysisConfigFromEnv({});
  assert.ok(d.workers >= 1 && d.queueLimit >= d.workers && d.queueWaitMs > 0);
  assert.equal(analysisConfigFromEnv({ MEDDOC_ANALYSIS_WORKERS: '0' }).workers, 0);
  assert.throws(() => analysisConfigFromEnv({ MEDDOC_ANALYSIS_WORKERS: '-1' }), /MEDDOC_ANALYSIS_WORKERS/);
  assert.throws(() => analysisConfigFromEnv({ MEDDOC_ANALYSIS_QUEUE: 'many' }), /MEDDOC_ANALYSIS_QUEUE/);
});

test('an upload is shared gradually with the same bytes, and shared pixels are never copied again', async () => {
  const data = Buffer.alloc(900 * 700 * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 9)) & 255;
  const image: RgbImage = { data, width: 900, height: 700, channels: 3 };
  const gradual = await shareImageGradually(image);
  assert.equal(Buffer.compare(Buffer.from(gradual.buffer), data), 0);
  const once = shareImage(image);
  assert.notEqual(once.buffer, gradual.buffer);
  const view: RgbImage = { data: Buffer.from(gradual.buffer), width: 900, height: 700, channels: 3 };
  assert.equal(shareImage(view).buffer, gradual.buffer);
  assert.equal((await shareImageGradually(view)).buffer, gradual.buffer);
});

test('every task gives on the pool what it gives in process', async () => {
  const image = await desk();
  const pool = new AnalysisPool({ workers: 1, queueLimit: 8, queueWaitMs: 1000 });
  try {
    await pool.init();
    assert.ok(pool.ready);
    const steps = poolSteps(pool);
    const local = IN_PROCESS_STEPS;

    const page = await steps.analysePage(image);
    assert.deepEqual(page, await local.analysePage(image));
    assert.equal(page.documents.length, 1);
    assert.ok(page.seals.length >= 1);

    const doc = page.documents[0]!;
    const cut = await steps.cutOut(image, doc);
    const cutHere = await local.cutOut(image, doc);
    assert.ok(sameImage(cut.crop, cutHere.crop));
    assert.deepEqual([cut.toImage, cut.fromImage], [cutHere.toImage, cutHere.fromImage]);
    // The crop came back in shared memory: handing it on does not copy it.
    assert.ok(cut.crop.data.buffer instanceof SharedArrayBuffer);

    const seals: Quad8[] = page.seals;
    assert.ok(sameImage(await steps.paleRegions(image, seals), await local.paleRegions(image, seals)));
    const paled = await steps.paleSeals(image);
    assert.ok(sameImage(paled, await local.paleSeals(image)));
    assert.ok(!sameImage(paled, image), 'the seal was made pale');

    const lineQuads: Quad8[] = [[20, 20, 200, 20, 200, 40, 20, 40]];
    const quality = { image, quad: doc.quad, crop: cut.crop, lineCount: 10 };
    assert.deepEqual(await steps.assessQuality(quality), await local.assessQuality({ ...quality, crop: cutHere.crop }));
    for (const angle of [0, 90] as const) {
      assert.deepEqual(await steps.visualCues(cut.crop, angle, lineQuads), await local.visualCues(cutHere.crop, angle, lineQuads));
    }
    assert.deepEqual(await steps.decodeQr(image), [QR_TEXT]);
    assert.deepEqual(await steps.decodeQr(image), await local.decodeQr(image));

    assert.equal(await steps.measureDefocus(image), await local.measureDefocus(image));
    const restored = await steps.restoreDefocused(image, 2.5);
    assert.ok(sameImage(restored, await local.restoreDefocused(image, 2.5)));
    assert.ok(!sameImage(restored, image), 'the page was deconvolved');
    assert.ok(sameImage(await steps.restoreDefocused(image, 0), image), 'sigma 0 hands the page back unchanged');
    assert.deepEqual(await steps.findTitleLines(cut.crop), await local.findTitleLines(cutHere.crop));

    for (const angle of [0, 90] as const) {
      const strips = await steps.sealStrips(image, angle);
      const stripsHere = await local.sealStrips(image, angle);
      assert.ok(strips && stripsHere, 'the round seal gives a ring strip');
      assert.deepEqual(strips.quads, stripsHere.quads);
      assert.ok(sameImage(strips.sheet, stripsHere.sheet));
    }

    const lines = [
      { text: '河南省医疗住院收费票据（电子）', isTitle: true },
      { text: '票据代码：41060121 交款人：某某', isTitle: false },
    ];
    const tax = loadTaxonomy();
    const onPool = await steps.classifyText(lines, { card: false }, tax);
    assert.deepEqual(onPool, await local.classifyText(lines, { card: false }, tax));
    assert.equal(onPool.root_cls, '费用类票据');
  } finally {
    await pool.terminate();
  }
  assert.equal(pool.ready, false);
  await assert.rejects(pool.run('decodeQr', { image: { buffer: new SharedArrayBuffer(3), width: 1, height: 1 } }), AnalysisUnavailableError);
});

test('classification is the same with its pixel steps on the pool', async () => {
  const image = await desk();
  const ocr = async (region: RgbImage): Promise<OcrResult> => ({
    angle: 0,
    lines: [
      { text: '河南省医疗住院收费票据（电子）', score: 0.95, quad: [40, 20, Math.min(400, region.width - 1), 20, Math.min(400, region.width - 1), 50, 40, 50], chars: [] },
      { text: '票据代码：41060121', score: 0.95, quad: [40, 80, 260, 80, 260, 100, 40, 100], chars: [] },
    ],
    timings: { decodeMs: 0, detectMs: 0, classifyMs: 0, recognizeMs: 0, postMs: 0, modelMs: 0, totalMs: 0 },
  });
  const ocrRegions = async (_region: RgbImage, quads: Quad8[]) => quads.map((quad) => ({ text: '某某', score: 0.99, quad, chars: [] }));
  const pool = new AnalysisPool({ workers: 1, queueLimit: 8, queueWaitMs: 1000 });
  try {
    const onPool = await classifyImage({ image, ocr, ocrRegions, pixels: poolSteps(pool) });
    const inProcess = await classifyImage({ image, ocr, ocrRegions });
    assert.deepEqual(onPool, inProcess);
    assert.equal(onPool.classify_result.length, 1);
  } finally {
    await pool.terminate();
  }
});

test('past a full queue, tasks wait the configured time then fail busy, which A and C answer as retry', async () => {
  const big = white(1800, 1800);
  const pool = new AnalysisPool({ workers: 1, queueLimit: 1, queueWaitMs: 30 });
  try {
    await pool.init();
    // One runs, one waits in the queue, the third and fourth find it full.
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => poolSteps(pool).decodeQr(big)));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 2);
    const busy = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    assert.equal(busy.length, 2);
    for (const r of busy) assert.ok(r.reason instanceof AnalysisBusyError);
    assert.match((busy[0]!.reason as Error).message, /busy/);
    const answered = busyAsRetry(async () => {
      throw busy[0]!.reason;
    });
    await assert.rejects(answered(), (err: unknown) => err instanceof ApiError && /retry/.test(err.message));
    // Once the queue drains, tasks are accepted again.
    assert.deepEqual(await poolSteps(pool).decodeQr(white(64, 64)), []);
  } finally {
    await pool.terminate();
  }
});

test('a task that waits for room gets it when a worker frees up, even with no queue', async () => {
  const pool = new AnalysisPool({ workers: 1, queueLimit: 0, queueWaitMs: 20000 });
  try {
    const steps = poolSteps(pool);
    const t0 = performance.now();
    const both = await Promise.all([steps.decodeQr(white(600, 600)), steps.decodeQr(white(64, 64))]);
    assert.deepEqual(both, [[], []]);
    assert.ok(performance.now() - t0 < 15000);
  } finally {
    await pool.terminate();
  }
});

test('a crashed worker fails its task with an error, not a hang, and is replaced', async () => {
  const pool = new AnalysisPool({ workers: 1, queueLimit: 4, queueWaitMs: 1000, workerUrl: new URL('../helpers/analysis-crashing-worker.js', import.meta.url) });
  try {
    await pool.init();
    const steps = poolSteps(pool);
    const image = white(200, 150);
    const [crashed, queued] = await Promise.allSettled([steps.decodeQr(image), steps.analysePage(image)]);
    assert.equal(crashed.status, 'rejected');
    assert.match(((crashed as PromiseRejectedResult).reason as Error).message, /worker failed during decodeQr.*code 7/);
    // The task queued behind the crash runs on the replacement.
    assert.equal(queued.status, 'fulfilled');
    assert.equal(pool.replaced, 1);
    assert.deepEqual(await steps.analysePage(image), await IN_PROCESS_STEPS.analysePage(image));
    assert.ok(pool.ready);
  } finally {
    await pool.terminate();
  }
});

test('terminating while the workers start leaves nothing running', async () => {
  const pool = new AnalysisPool({ workers: 2, queueLimit: 4, queueWaitMs: 1000 });
  const starting = pool.init();
  await pool.terminate();
  await assert.rejects(starting, AnalysisUnavailableError);
  assert.equal(pool.ready, false);
});
