/**
 * Service configuration, read from environment variables in one place. The table below is also
 * what the README's configuration table documents; `meddoc serve --help` prints it.
 */
import { availableParallelism } from 'node:os';

export interface ServiceConfig {
  port: number;
  host: string;
  dataDir: string;
  fetchAllowHosts: string[];
  classifyAuth: 'required' | 'none';
  logLevel: string;
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  shutdownGraceMs: number;
  /** Images decoded and worked on at once by A, C and B-from-image (src/http/admission.ts). */
  imagesInFlight: number;
  imageQueue: number;
  imageQueueWaitMs: number;
}

interface Setting {
  env: string;
  default: string;
  description: string;
}

export const SETTINGS: readonly Setting[] = [
  { env: 'MEDDOC_PORT', default: '8080', description: 'TCP port of the HTTP service (`meddoc serve --port N` overrides it)' },
  { env: 'MEDDOC_HOST', default: '0.0.0.0', description: 'address the service listens on' },
  { env: 'MEDDOC_DATA_DIR', default: './data', description: 'folder of the embedded SQLite database `meddoc.db` (API keys, ledger)' },
  { env: 'MEDDOC_FETCH_ALLOW_HOSTS', default: '', description: 'comma-separated host names or IPs that image URLs may reach even when they resolve to loopback, private or link-local addresses' },
  { env: 'MEDDOC_CLASSIFY_AUTH', default: 'required', description: '`required`: operation A needs an API key like B and C; `none`: A is open to anonymous calls' },
  { env: 'MEDDOC_LOG_LEVEL', default: 'info', description: 'pino log level (fatal, error, warn, info, debug, trace, silent)' },
  { env: 'MEDDOC_REQUEST_TIMEOUT_MS', default: '60000', description: 'longest time one request may take before the server gives up on it' },
  { env: 'MEDDOC_ANALYSIS_WORKERS', default: '1 (2 from 4 cores)', description: 'worker threads for the pixel work of A and C (documents, seals, crops, quality, QR) and text classification, off the HTTP event loop (docs/workers.md); 0 keeps that work on the event loop, only to measure what the pool saves' },
  { env: 'MEDDOC_ANALYSIS_QUEUE', default: '16 per worker', description: 'image-analysis tasks that may wait for a worker; past it a task waits MEDDOC_ANALYSIS_QUEUE_WAIT_MS, then the call answers busy (retry)' },
  { env: 'MEDDOC_ANALYSIS_QUEUE_WAIT_MS', default: '5000', description: 'how long an image-analysis task past a full queue waits for room' },
  { env: 'MEDDOC_IMAGES_IN_FLIGHT', default: 'cores', description: 'images (A, C, B from an image) decoded and worked on at once; later requests wait in line holding only their upload, which bounds memory under many clients (docs/workers.md)' },
  { env: 'MEDDOC_IMAGE_QUEUE', default: '64', description: 'requests with an image that may wait for a turn; one more answers busy (retry) at once' },
  { env: 'MEDDOC_IMAGE_QUEUE_WAIT_MS', default: '30000', description: 'longest wait for a turn before the call answers busy (retry)' },
  { env: 'MEDDOC_SHUTDOWN_GRACE_MS', default: '25000', description: 'on SIGTERM, how long in-flight requests may take to finish' },
];

function readEnv(env: NodeJS.ProcessEnv, name: string): string {
  const setting = SETTINGS.find((s) => s.env === name);
  const value = env[name];
  return value !== undefined && value !== '' ? value : (setting?.default ?? '');
}

function readInt(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number {
  const raw = readEnv(env, name);
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name}=${raw} is not a whole number from ${min} to ${max}`);
  }
  return value;
}

/** Image limit of api.md 8 (5 MB) plus room for base64 inflation (4/3) and form fields. */
const BODY_LIMIT_BYTES = Math.ceil((5 * 1024 * 1024 * 4) / 3) + 64 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const classifyAuth = readEnv(env, 'MEDDOC_CLASSIFY_AUTH');
  if (classifyAuth !== 'required' && classifyAuth !== 'none') {
    throw new Error(`MEDDOC_CLASSIFY_AUTH=${classifyAuth} must be "required" or "none"`);
  }
  return {
    port: readInt(env, 'MEDDOC_PORT', 0, 65535),
    host: readEnv(env, 'MEDDOC_HOST'),
    dataDir: readEnv(env, 'MEDDOC_DATA_DIR'),
    fetchAllowHosts: readEnv(env, 'MEDDOC_FETCH_ALLOW_HOSTS')
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h.length > 0),
    classifyAuth,
    logLevel: readEnv(env, 'MEDDOC_LOG_LEVEL'),
    bodyLimitBytes: BODY_LIMIT_BYTES,
    requestTimeoutMs: readInt(env, 'MEDDOC_REQUEST_TIMEOUT_MS', 1000, 600000),
    shutdownGraceMs: readInt(env, 'MEDDOC_SHUTDOWN_GRACE_MS', 0, 600000),
    imagesInFlight: readEnv(env, 'MEDDOC_IMAGES_IN_FLIGHT') === 'cores' ? Math.max(1, availableParallelism()) : readInt(env, 'MEDDOC_IMAGES_IN_FLIGHT', 1, 1024),
    imageQueue: readInt(env, 'MEDDOC_IMAGE_QUEUE', 0, 100000),
    imageQueueWaitMs: readInt(env, 'MEDDOC_IMAGE_QUEUE_WAIT_MS', 0, 600000),
  };
}
