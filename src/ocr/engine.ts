/**
 * The OCR engine's public facade. Everything else in src/ocr is an implementation detail.
 *
 *   const ocr = OcrEngine.create();          // settings from MEDDOC_OCR_* unless given
 *   await ocr.init();                        // loads the models in every worker
 *   const { angle, lines } = await ocr.recognize(rgb);
 *   await ocr.terminate();
 */
import type { RgbImage } from '../image/types.js';
import type { OcrLine, OcrResult, PageAngle, Quad8 } from './types.js';
import { ocrConfigFromEnv, type OcrConfig } from './config.js';
import { WorkerPool, OcrBusyError, OcrUnavailableError } from './pool.js';
import { DEFAULT_PAGE_OPTIONS, runPage, runRegions, type TaskRunner } from './pipeline.js';
import type { SharedPage } from './protocol.js';
import type { Pixels } from '../image/warp.js';

export { OcrBusyError, OcrUnavailableError };

export interface OcrEngineOptions {
  /** Worker threads (default MEDDOC_OCR_WORKERS, else the number of cores). */
  readonly workers?: number;
  /** onnxruntime intra-op threads per worker (default MEDDOC_OCR_THREADS, else 1). */
  readonly intraOpThreads?: number;
  /** Pages that may wait for a worker (default MEDDOC_OCR_QUEUE, else 4 per worker). */
  readonly queueLimit?: number;
  /** How long a page past a full queue waits for room before OcrBusyError (default 5000 ms). */
  readonly queueWaitMs?: number;
}

export interface RecognizeOptions {
  /** Long side the text detector sees, in pixels (default 960). */
  readonly detectSide?: number;
  /** Mean text probability a detected box needs (default DEFAULT_DB_OPTIONS.boxThreshold). */
  readonly boxThreshold?: number;
  /** Read the page at this orientation instead of voting on it (see PageOptions.angle). */
  readonly angle?: PageAngle;
}

/** The shared buffer behind pixels that sharePage (or a pool rotation) made. */
function sharedOf(page: Pixels): SharedPage {
  const buffer = page.data.buffer;
  if (!(buffer instanceof SharedArrayBuffer) || page.data.byteOffset !== 0) {
    throw new Error('OCR pages must live in shared memory');
  }
  return { buffer, width: page.width, height: page.height };
}

/**
 * The caller's pixels in memory every worker can read: used as they are when they already live in
 * a SharedArrayBuffer of exactly the page (crops and paled pages from the image-analysis pool),
 * else copied once. The copy runs on the caller's thread (the HTTP event loop), 5-15 ms for a
 * large page, so it is skipped where it can be. Pixels are only read, never changed, by OCR.
 */
function sharePage(image: RgbImage): Pixels {
  if (image.channels !== 3) throw new RangeError(`OCR needs RGB pixels, got ${String(image.channels)} channels`);
  if (!Number.isInteger(image.width) || !Number.isInteger(image.height) || image.width < 1 || image.height < 1) {
    throw new RangeError(`OCR needs a non-empty image, got ${image.width}x${image.height}`);
  }
  const bytes = image.width * image.height * 3;
  if (image.data.length < bytes) throw new RangeError(`image data holds ${image.data.length} bytes, ${bytes} expected`);
  const given = image.data.buffer;
  if (given instanceof SharedArrayBuffer && image.data.byteOffset === 0 && given.byteLength === bytes) {
    return { data: new Uint8Array(given), width: image.width, height: image.height };
  }
  const buffer = new SharedArrayBuffer(bytes);
  const data = new Uint8Array(buffer);
  data.set(image.data.subarray(0, bytes));
  return { data, width: image.width, height: image.height };
}

export class OcrEngine {
  private readonly pool: WorkerPool;
  /** Tasks on the pool; the one page they see is the shared copy sharePage made (turned pages are never materialised). */
  private readonly runner: TaskRunner;

  private constructor(readonly config: OcrConfig) {
    const pool = new WorkerPool({
      size: config.workers,
      intraOpThreads: config.intraOpThreads,
      queueLimit: config.queueLimit,
      queueWaitMs: config.queueWaitMs,
    });
    this.pool = pool;
    this.runner = {
      parallelism: pool.size,
      detect: (page, maxSide, turn, boxThreshold) => pool.detect(sharedOf(page), maxSide, turn ?? 0, boxThreshold),
      read: (page, jobs) => pool.read(sharedOf(page), jobs),
    };
  }

  static create(opts: OcrEngineOptions = {}): OcrEngine {
    const env = ocrConfigFromEnv();
    return new OcrEngine({
      workers: opts.workers ?? env.workers,
      intraOpThreads: opts.intraOpThreads ?? env.intraOpThreads,
      queueLimit: opts.queueLimit ?? env.queueLimit,
      queueWaitMs: opts.queueWaitMs ?? env.queueWaitMs,
    });
  }

  /** Starts the workers and loads the models; resolves when every worker is ready. */
  init(): Promise<void> {
    return this.pool.init();
  }

  /** True once every worker has its models loaded (for readiness probes). */
  get ready(): boolean {
    return this.pool.ready;
  }

  /** Time the slowest worker took to load its models at start, in ms. */
  get loadMs(): number {
    return this.pool.loadMs;
  }

  /** Pages waiting for a worker right now. */
  get queueLength(): number {
    return this.pool.queueLength;
  }


  private async withPage<T>(image: RgbImage, work: (runner: TaskRunner, pixels: Pixels) => Promise<T>): Promise<T> {
    await this.init();
    const release = await this.pool.admitPage();
    try {
      return await work(this.runner, sharePage(image));
    } finally {
      release();
    }
  }

  /**
   * Reads a page: its orientation, and its lines in reading order. Quads are on `image` as
   * given; `angle` is the clockwise turn that makes the page upright.
   */
  async recognize(image: RgbImage, opts: RecognizeOptions = {}): Promise<OcrResult> {
    const t0 = performance.now();
    const detectSide = opts.detectSide ?? DEFAULT_PAGE_OPTIONS.detectSide;
    if (!Number.isInteger(detectSide) || detectSide < 32) throw new RangeError(`detectSide must be an integer >= 32, got ${detectSide}`);
    const out = await this.withPage(image, (runner, pixels) => runPage(runner, pixels, { ...DEFAULT_PAGE_OPTIONS, detectSide, ...(opts.boxThreshold === undefined ? {} : { boxThreshold: opts.boxThreshold }), ...(opts.angle === undefined ? {} : { angle: opts.angle }) }));
    return {
      angle: out.angle,
      lines: out.lines,
      faint: out.faint,
      timings: { decodeMs: 0, ...out.times, totalMs: performance.now() - t0 },
    };
  }

  /**
   * Re-reads given regions (e.g. after suppressing a seal's colour), each quad clockwise from
   * the text's top-left. Returns one line per quad, in the order given, empty text included.
   */
  async recognizeRegions(image: RgbImage, quads: readonly Quad8[]): Promise<OcrLine[]> {
    if (quads.length === 0) return [];
    const out = await this.withPage(image, (runner, pixels) => runRegions(runner, pixels, quads));
    return out.lines;
  }

  /** Stops the workers; pending and later calls fail with OcrUnavailableError. */
  terminate(): Promise<void> {
    return this.pool.terminate();
  }
}
