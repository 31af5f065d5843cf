/**
 * A worker thread of the OCR pool: loads the models once, then runs one task at a time on pages
 * shared with the main thread. Started from dist/ (compiled JS) by pool.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { OcrModels } from './models.js';
import { detectTask, readTask } from './tasks.js';
import { DEFAULT_DB_OPTIONS } from './detect.js';
import type { SharedPage, TaskReply, TaskRequest, WorkerInit, WorkerStatus } from './protocol.js';
import type { Pixels } from '../image/warp.js';

function pixelsOf(page: SharedPage): Pixels {
  return { data: new Uint8Array(page.buffer, 0, page.width * page.height * 3), width: page.width, height: page.height };
}

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('worker.ts must run as a worker thread');
  const init = workerData as WorkerInit;
  let models: OcrModels;
  try {
    const t0 = performance.now();
    models = await OcrModels.load(init.intraOpThreads, { detector: init.detector });
    await models.warmUp();
    const status: WorkerStatus = { type: 'ready', loadMs: performance.now() - t0 };
    port.postMessage(status);
  } catch (err) {
    const status: WorkerStatus = { type: 'failed', message: err instanceof Error ? err.message : String(err) };
    port.postMessage(status);
    return;
  }
  port.on('message', (req: TaskRequest) => {
    const page = pixelsOf(req.page);
    let work: Promise<TaskReply>;
    switch (req.kind) {
      case 'detect':
        work = detectTask(models, page, req.maxSide, req.turn, req.boxThreshold === undefined ? DEFAULT_DB_OPTIONS : { ...DEFAULT_DB_OPTIONS, boxThreshold: req.boxThreshold }).then((result) => ({ id: req.id, ok: true, kind: 'detect', result }));
        break;
      case 'read':
        work = readTask(models, page, req.jobs).then((result) => ({ id: req.id, ok: true, kind: 'read', result }));
        break;
    }
    work.then(
      (reply) => port.postMessage(reply),
      (err: unknown) => {
        const reply: TaskReply = { id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) };
        port.postMessage(reply);
      },
    );
  });
}

void main();
