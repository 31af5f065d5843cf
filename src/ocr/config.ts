/**
 * OCR engine settings, read from the environment in this one place:
 *   MEDDOC_OCR_WORKERS        worker threads (default: the number of cores)
 *   MEDDOC_OCR_THREADS        onnxruntime intra-op threads per worker (default 1: measured, two
 *                             single-threaded workers give 1.94x one worker's throughput)
 *   MEDDOC_OCR_QUEUE          pages that may wait for a worker (default 4 per worker)
 *   MEDDOC_OCR_QUEUE_WAIT_MS  how long a page past a full queue waits for room (default 5000)
 */
import { availableParallelism } from 'node:os';

export interface OcrConfig {
  readonly workers: number;
  readonly intraOpThreads: number;
  readonly queueLimit: number;
  readonly queueWaitMs: number;
}

export function defaultOcrConfig(): OcrConfig {
  const cores = Math.max(1, availableParallelism());
  return { workers: cores, intraOpThreads: 1, queueLimit: 4 * cores, queueWaitMs: 5000 };
}

function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer >= ${min}, got '${raw}'`);
  }
  return value;
}

/** Settings from the environment over the defaults; a malformed value is an error, not ignored. */
export function ocrConfigFromEnv(env: NodeJS.ProcessEnv = process.env): OcrConfig {
  const d = defaultOcrConfig();
  return {
    workers: intSetting(env, 'MEDDOC_OCR_WORKERS', d.workers, 1),
    intraOpThreads: intSetting(env, 'MEDDOC_OCR_THREADS', d.intraOpThreads, 1),
    queueLimit: intSetting(env, 'MEDDOC_OCR_QUEUE', d.queueLimit, 0),
    queueWaitMs: intSetting(env, 'MEDDOC_OCR_QUEUE_WAIT_MS', d.queueWaitMs, 0),
  };
}
