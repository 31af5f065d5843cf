import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OcrEngine, OcrBusyError, OcrUnavailableError } from '../../src/ocr/engine.js';
import { ocrConfigFromEnv } from '../../src/ocr/config.js';
import type { RgbImage } from '../../src/image/types.js';

function white(width: number, height: number): RgbImage {
  return { data: Buffer.alloc(width * height * 3, 255), width, height, channels: 3 };
}

test('settings come from the environment and malformed values are refused', () => {
  const c = ocrConfigFromEnv({ MEDDOC_OCR_WORKERS: '3', MEDDOC_OCR_THREADS: '2', MEDDOC_OCR_QUEUE: '0', MEDDOC_OCR_QUEUE_WAIT_MS: '250' });
  assert.deepEqual(c, { workers: 3, intraOpThreads: 2, queueLimit: 0, queueWaitMs: 250 });
  const d = ocrConfigFromEnv({});
  assert.ok(d.workers >= 1 && d.intraOpThreads === 1 && d.queueLimit >= d.workers);
  assert.throws(() => ocrConfigFromEnv({ MEDDOC_OCR_WORKERS: '0' }), /MEDDOC_OCR_WORKERS/);
  assert.throws(() => ocrConfigFromEnv({ MEDDOC_OCR_QUEUE: 'lots' }), /MEDDOC_OCR_QUEUE/);
});

test('past a full queue, pages wait the configured time then fail with OcrBusyError', async () => {
  const engine = OcrEngine.create({ workers: 1, queueLimit: 1, queueWaitMs: 30 });
  try {
    const t0 = performance.now();
    await engine.init();
    assert.ok(engine.ready);
    assert.ok(performance.now() - t0 < 20000);
    const page = white(1600, 1600);
    // One page runs, one waits in the queue, the third and fourth find it full.
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => engine.recognize(page)));
    const busy = results.filter((r) => r.status === 'rejected' && r.reason instanceof OcrBusyError);
    const done = results.filter((r) => r.status === 'fulfilled');
    assert.equal(done.length, 2);
    assert.equal(busy.length, 2);
    const reason = (busy[0] as PromiseRejectedResult).reason as OcrBusyError;
    assert.match(reason.message, /busy/);
    // Once the queue drains, pages are accepted again.
    const again = await engine.recognize(white(64, 64));
    assert.equal(again.lines.length, 0);
  } finally {
    await engine.terminate();
  }
  assert.equal(engine.ready, false);
  await assert.rejects(engine.recognize(white(64, 64)), OcrUnavailableError);
});

test('terminating while the workers load leaves nothing running', async () => {
  const engine = OcrEngine.create({ workers: 1 });
  const starting = engine.init();
  await engine.terminate();
  await assert.rejects(starting, OcrUnavailableError);
  assert.equal(engine.ready, false);
});
