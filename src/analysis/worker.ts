/** A worker thread of the analysis pool (started from dist/ by pool.ts). */
import { parentPort } from 'node:worker_threads';
import { serveAnalysis } from './serve.js';

if (!parentPort) throw new Error('src/analysis/worker.ts must run as a worker thread');
void serveAnalysis(parentPort);
