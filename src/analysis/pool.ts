/**
 * A pool of worker threads for the pixel work of A and C (src/analysis/tasks.ts), so the HTTP
 * event loop only parses, schedules and serialises while documents are located, cut out and
 * judged. Lifecycle as the OCR pool's: `init()` starts the workers (each loads the QR decoder
 * once), `terminate()` stops them and fails whatever is still waiting.
 *
 * Queue: at most one task per worker runs; up to `queueLimit` more wait in arrival order. A task
 * arriving when the queue is full waits up to `queueWaitMs` for room and then fails with
 * AnalysisBusyError (the service answers "busy, retry" as for a full OCR queue), so a flood costs
 * bounded memory. A crashed worker fails its task with an error and is replaced.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { distFile } from '../util/paths.js';
import type { AnalysisArgs, AnalysisKind, AnalysisReply, AnalysisRequest, AnalysisResult, AnalysisWorkerStatus } from './protocol.js';

/** The analysis queue is full and the task could not get a place in time. */
export class AnalysisBusyError extends Error {
  override readonly name = 'AnalysisBusyError';
  constructor(readonly queueLimit: number, readonly waitedMs: number) {
    super(`image analysis is busy: ${queueLimit} tasks already queued and no room after waiting ${Math.round(waitedMs)} ms`);
  }
}

/** The pool was stopped, or its workers could not start. */
export class AnalysisUnavailableError extends Error {
  override readonly name = 'AnalysisUnavailableError';
}

export interface AnalysisPoolOptions {
  readonly workers: number;
  readonly queueLimit: number;
  readonly queueWaitMs: number;
  /** The worker script; tests give their own. Default: the compiled src/analysis/worker.js. */
  readonly workerUrl?: URL;
}

interface PendingTask {
  readonly kind: AnalysisKind;
  readonly args: AnalysisArgs<AnalysisKind>;
  resolve(result: AnalysisResult<AnalysisKind>): void;
  reject(err: Error): void;
}

interface Slot {
  readonly worker: Worker;
  busy: PendingTask | null;
  busyId: number;
}

interface Overflowing {
  readonly task: PendingTask;
  readonly timer: NodeJS.Timeout;
}

function defaultWorkerUrl(): URL {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.js') ? new URL('./worker.js', import.meta.url) : new URL(`file://${distFile('src', 'analysis', 'worker.js')}`);
}

export class AnalysisPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: PendingTask[] = [];
  private readonly overflow: Overflowing[] = [];
  private starting: Promise<void> | null = null;
  private stopped = false;
  private nextId = 1;
  /** Slowest worker's start (QR decoder loading) at the last init, in ms. */
  startMs = 0;
  /** Workers replaced after a crash since the pool started. */
  replaced = 0;

  constructor(readonly options: AnalysisPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1) throw new RangeError(`the analysis pool needs at least one worker, got ${options.workers}`);
  }

  get ready(): boolean {
    return !this.stopped && this.starting === null && this.slots.length === this.options.workers;
  }

  /** Tasks waiting for a worker (not counting those waiting for room in the queue). */
  get queueLength(): number {
    return this.waiting.length;
  }

  init(): Promise<void> {
    if (this.stopped) return Promise.reject(new AnalysisUnavailableError('the image-analysis pool was terminated'));
    if (this.ready) return Promise.resolve();
    if (!this.starting) {
      const missing = this.options.workers - this.slots.length;
      this.starting = Promise.all(Array.from({ length: missing }, () => this.spawn())).then(
        (starts) => {
          this.startMs = Math.max(0, ...starts);
          this.starting = null;
        },
        (err: unknown) => {
          this.starting = null;
          throw err;
        },
      );
    }
    return this.starting;
  }

  private spawn(): Promise<number> {
    const worker = new Worker(this.options.workerUrl ?? defaultWorkerUrl());
    return new Promise<number>((resolve, reject) => {
      const onEarlyError = (err: Error): void => reject(new AnalysisUnavailableError(`image-analysis worker failed to start: ${err.message}`));
      const onEarlyExit = (code: number): void => reject(new AnalysisUnavailableError(`image-analysis worker exited with code ${code} while starting`));
      worker.once('error', onEarlyError);
      worker.once('exit', onEarlyExit);
      worker.once('message', (status: AnalysisWorkerStatus) => {
        worker.off('error', onEarlyError);
        worker.off('exit', onEarlyExit);
        if (status.type === 'failed' || this.stopped) {
          void worker.terminate();
          reject(new AnalysisUnavailableError(status.type === 'failed' ? `image-analysis worker failed to start: ${status.message}` : 'the image-analysis pool was terminated'));
          return;
        }
        const slot: Slot = { worker, busy: null, busyId: 0 };
        this.slots.push(slot);
        worker.on('message', (reply: AnalysisReply) => this.onReply(slot, reply));
        worker.on('error', (err) => this.onWorkerLost(slot, err.message));
        worker.on('exit', (code) => this.onWorkerLost(slot, `exited with code ${code}`));
        this.dispatch();
        resolve(status.startMs);
      });
    });
  }

  private onReply(slot: Slot, reply: AnalysisReply): void {
    const task = slot.busy;
    if (!task || reply.id !== slot.busyId) return;
    slot.busy = null;
    if (reply.ok) task.resolve(reply.result);
    else task.reject(new Error(`image analysis (${task.kind}) failed: ${reply.message}`));
    this.dispatch();
  }

  /** A lost worker fails its task (never a hang) and is replaced, so the pool keeps its size. */
  private onWorkerLost(slot: Slot, why: string): void {
    const i = this.slots.indexOf(slot);
    if (i < 0 || this.stopped) return;
    this.slots.splice(i, 1);
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    const task = slot.busy;
    slot.busy = null;
    task?.reject(new Error(`image-analysis worker failed during ${task.kind}: ${why}`));
    this.replaced++;
    this.spawn().catch((err: unknown) => {
      // No worker left to run what waits: fail it rather than leave callers hanging.
      if (this.slots.length > 0) return;
      const e = err instanceof Error ? err : new Error(String(err));
      for (const t of this.waiting.splice(0)) t.reject(e);
      for (const o of this.overflow.splice(0)) {
        clearTimeout(o.timer);
        o.task.reject(e);
      }
    });
  }

  /** Idle workers take waiting tasks in order; room freed in the queue goes to overflowing tasks. */
  private dispatch(): void {
    for (;;) {
      while (this.overflow.length > 0 && (this.waiting.length < this.options.queueLimit || (this.waiting.length === 0 && this.idleWorker()))) {
        const o = this.overflow.shift()!;
        clearTimeout(o.timer);
        this.waiting.push(o.task);
      }
      const slot = this.slots.find((s) => s.busy === null);
      if (!slot || this.waiting.length === 0) return;
      const task = this.waiting.shift()!;
      const id = this.nextId++;
      slot.busy = task;
      slot.busyId = id;
      slot.worker.postMessage({ id, kind: task.kind, args: task.args } as AnalysisRequest);
    }
  }

  private idleWorker(): boolean {
    return this.slots.some((s) => s.busy === null);
  }

  /** Runs one task on a worker; starts the pool first if needed. */
  async run<K extends AnalysisKind>(kind: K, args: AnalysisArgs<K>): Promise<AnalysisResult<K>> {
    await this.init();
    return new Promise<AnalysisResult<K>>((resolve, reject) => {
      if (this.stopped) {
        reject(new AnalysisUnavailableError('the image-analysis pool was terminated'));
        return;
      }
      const task: PendingTask = { kind, args, resolve: resolve as (r: AnalysisResult<AnalysisKind>) => void, reject };
      if (this.idleWorker() || this.waiting.length < this.options.queueLimit) {
        this.waiting.push(task);
        this.dispatch();
        return;
      }
      const started = performance.now();
      const timer = setTimeout(() => {
        const i = this.overflow.findIndex((o) => o.task === task);
        if (i >= 0) this.overflow.splice(i, 1);
        reject(new AnalysisBusyError(this.options.queueLimit, performance.now() - started));
      }, this.options.queueWaitMs);
      this.overflow.push({ task, timer });
    });
  }

  async terminate(): Promise<void> {
    this.stopped = true;
    const gone = new AnalysisUnavailableError('the image-analysis pool was terminated');
    for (const t of this.waiting.splice(0)) t.reject(gone);
    for (const o of this.overflow.splice(0)) {
      clearTimeout(o.timer);
      o.task.reject(gone);
    }
    const slots = this.slots.splice(0);
    for (const s of slots) {
      s.busy?.reject(gone);
      s.busy = null;
      s.worker.removeAllListeners();
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
