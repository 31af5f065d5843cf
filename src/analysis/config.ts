/**
 * Settings of the image-analysis pool, read from the environment in this one place (documented
 * with the other settings in src/config.ts SETTINGS):
 *   MEDDOC_ANALYSIS_WORKERS        worker threads (default 1 on up to 3 cores, else 2: the OCR pool
 *                                  already has a worker per core, and pixel work is a fifth of A's time);
 *                                  0 runs the work on the HTTP event loop, only to measure what the pool saves
 *   MEDDOC_ANALYSIS_QUEUE          tasks that may wait for a worker (default 16 per worker)
 *   MEDDOC_ANALYSIS_QUEUE_WAIT_MS  how long a task past a full queue waits for room (default 5000)
 */
import { availableParallelism } from 'node:os';

export interface AnalysisConfig {
  readonly workers: number;
  readonly queueLimit: number;
  readonly queueWaitMs: number;
}

export function defaultAnalysisWorkers(cores: number = availableParallelism()): number {
  return cores >= 4 ? 2 : 1;
}

function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}, got '${raw}'`);
  return value;
}

/** Settings from the environment over the defaults; a malformed value is an error, not ignored. */
export function analysisConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AnalysisConfig {
  const workers = intSetting(env, 'MEDDOC_ANALYSIS_WORKERS', defaultAnalysisWorkers(), 0);
  return {
    workers,
    queueLimit: intSetting(env, 'MEDDOC_ANALYSIS_QUEUE', 16 * Math.max(1, workers), 0),
    queueWaitMs: intSetting(env, 'MEDDOC_ANALYSIS_QUEUE_WAIT_MS', 5000, 0),
  };
}
