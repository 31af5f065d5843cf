/**
 * An analysis worker that dies on any QR task (as a worker would on a fatal native error) and
 * serves every other task normally: lets tests check that a crash fails its task and the pool
 * replaces the worker. Does nothing when not started as a worker thread.
 */
import { parentPort } from 'node:worker_threads';
import { serveAnalysis } from '../../src/analysis/serve.js';

if (parentPort) {
  const port = parentPort;
  // Registered before serveAnalysis's own listener, so it runs first and the task never starts.
  port.on('message', (req: { kind?: string }) => {
    if (req.kind === 'decodeQr') process.exit(7);
  });
  void serveAnalysis(port);
}
