/**
 * A pool of OCR worker threads. onnxruntime's `run` blocks its thread for the whole inference,
 * so inference never runs on the caller's (HTTP) event loop.
 *
 * Two levels of scheduling:
 *  - pages: at most `size` pages are in progress at once; up to `queueLimit` more wait in order.
 *    A page arriving when the queue is full waits up to `queueWaitMs` for room, then fails with
 *    OcrBusyError, so a flood of requests costs bounded memory instead of a growing backlog.
 *  - tasks: a page's detection and its line-reading shares are tasks handed to whichever worker
 *    is idle, so on an idle pool one page's lines are read by all workers at once.
 *
 * Only half the workers (at least one) load the text detector. A detection's working memory
 * (~150-200 MB at 960 px, kept by onnxruntime's arena for the session's life) dwarfs the rest of
 * a worker; detection is a fifth of a page's model time, so the other workers lose nothing by
 * reading lines while a detector worker detects.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { distFile } from '../util/paths.js';
import type { DetectOutcome, DetectTurn, LineJob, ReadOutcome } from './tasks.js';
import type { SharedPage, TaskReply, TaskRequest, WorkerInit, WorkerStatus } from './protocol.js';

/** The OCR queue is full and the page could not get a place in time. */
export class OcrBusyError extends Error {
  override readonly name = 'OcrBusyError';
  constructor(readonly queueLimit: number, readonly waitedMs: number) {
    super(`OCR is busy: ${queueLimit} pages already queued and no room after waiting ${Math.round(waitedMs)} ms`);
  }
}

/** The pool was stopped, or not started. */
export class OcrUnavailableError extends Error {
  override readonly name = 'OcrUnavailableError';
}

export interface PoolOptions {
  readonly size: number;
  readonly intraOpThreads: number;
  readonly queueLimit: number;
  readonly queueWaitMs: number;
}

type Request = DistributiveOmit<TaskRequest, 'id'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface PendingTask {
  readonly request: Request;
  resolve(reply: TaskReply): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  readonly detector: boolean;
  busy: PendingTask | null;
  busyId: number;
}

/** Compiled worker script: next to this module when running from dist, else from dist/. */
function workerScript(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.js') ? fileURLToPath(new URL('./worker.js', import.meta.url)) : distFile('src', 'ocr', 'worker.js');
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly tasks: PendingTask[] = [];
  private nextId = 1;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private activePages = 0;
  private readonly queued: { start: () => void; fail: (e: Error) => void }[] = [];
  private readonly overflow: { admit: () => void; fail: (e: Error) => void }[] = [];
  /** Slowest worker's model loading time at the last start, in ms. */
  loadMs = 0;

  constructor(readonly options: PoolOptions) {}

  get size(): number {
    return this.options.size;
  }

  get ready(): boolean {
    return !this.stopped && this.slots.length === this.options.size && this.starting === null;
  }

  /** Pages waiting for a worker (not counting those past the queue limit). */
  get queueLength(): number {
    return this.queued.length;
  }

  init(): Promise<void> {
    if (this.stopped) return Promise.reject(new OcrUnavailableError('the OCR pool was terminated'));
    if (this.ready) return Promise.resolve();
    if (!this.starting) {
      const missing = { detector: this.detectorCount - this.slots.filter((s) => s.detector).length, reader: 0 };
      missing.reader = this.options.size - this.slots.length - missing.detector;
      const starts = [
        ...Array.from({ length: missing.detector }, () => this.spawn(true)),
        ...Array.from({ length: missing.reader }, () => this.spawn(false)),
      ];
      this.starting = Promise.all(starts).then(
        (loads) => {
          this.loadMs = Math.max(0, ...loads);
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

  /** Workers that load the detector: half the pool, at least one. */
  private get detectorCount(): number {
    return Math.max(1, Math.floor(this.options.size / 2));
  }

  private spawn(detector: boolean): Promise<number> {
    const init: WorkerInit = { intraOpThreads: this.options.intraOpThreads, detector };
    const worker = new Worker(workerScript(), { workerData: init });
    return new Promise<number>((resolve, reject) => {
      const onStatus = (status: WorkerStatus): void => {
        worker.off('error', onEarlyError);
        if (status.type === 'failed') {
          void worker.terminate();
          reject(new OcrUnavailableError(`OCR worker failed to load the models: ${status.message}`));
          return;
        }
        if (this.stopped) {
          // terminate() came while this worker was loading: it must not outlive the pool.
          void worker.terminate();
          reject(new OcrUnavailableError('the OCR pool was terminated'));
          return;
        }
        const slot: Slot = { worker, detector, busy: null, busyId: 0 };
        this.slots.push(slot);
        worker.on('message', (reply: TaskReply) => this.onReply(slot, reply));
        worker.on('error', (err) => this.onWorkerLost(slot, err));
        worker.on('exit', (code) => {
          if (!this.stopped) this.onWorkerLost(slot, new Error(`OCR worker exited with code ${code}`));
        });
        this.dispatch();
        resolve(status.loadMs);
      };
      const onEarlyError = (err: Error): void => reject(new OcrUnavailableError(`OCR worker failed to start: ${err.message}`));
      worker.once('message', onStatus);
      worker.once('error', onEarlyError);
    });
  }

  private onReply(slot: Slot, reply: TaskReply): void {
    const task = slot.busy;
    if (!task || reply.id !== slot.busyId) return;
    slot.busy = null;
    task.resolve(reply);
    this.dispatch();
  }

  /** A crashed worker fails its task and is replaced, so one bad page cannot shrink the pool. */
  private onWorkerLost(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    slot.busy?.reject(new Error(`OCR worker failed: ${err.message}`));
    slot.busy = null;
    if (!this.stopped) {
      this.spawn(slot.detector).catch((e: unknown) => {
        // Nothing left to run queued tasks on: fail them rather than hang.
        if (this.slots.length === 0) {
          for (const t of this.tasks.splice(0)) t.reject(e instanceof Error ? e : new Error(String(e)));
        }
      });
    }
  }

  /**
   * Hands queued tasks to idle workers in arrival order, except that a worker with the detector
   * takes waiting detections first (no other worker can), and the others skip detections.
   */
  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.tasks.length === 0) return;
      if (slot.busy) continue;
      const detection = this.tasks.findIndex((t) => t.request.kind === 'detect');
      const index = slot.detector ? Math.max(detection, 0) : this.tasks.findIndex((t) => t.request.kind !== 'detect');
      if (index < 0) continue;
      const task = this.tasks.splice(index, 1)[0]!;
      const id = this.nextId++;
      slot.busy = task;
      slot.busyId = id;
      slot.worker.postMessage({ ...task.request, id } as TaskRequest);
    }
  }

  private submit(request: Request): Promise<TaskReply> {
    if (this.stopped) return Promise.reject(new OcrUnavailableError('the OCR pool was terminated'));
    return new Promise<TaskReply>((resolve, reject) => {
      this.tasks.push({ request, resolve, reject });
      this.dispatch();
    });
  }

  /** Line boxes of `page` turned clockwise by `turn` (see DetectTurn for 'auto'). */
  async detect(page: SharedPage, maxSide: number, turn: DetectTurn = 0, boxThreshold?: number): Promise<DetectOutcome> {
    const reply = await this.submit({ kind: 'detect', page, maxSide, turn, ...(boxThreshold === undefined ? {} : { boxThreshold }) });
    if (!reply.ok) throw new Error(`OCR detection failed: ${reply.message}`);
    if (reply.kind !== 'detect') throw new Error('OCR worker answered the wrong task');
    return reply.result;
  }

  async read(page: SharedPage, jobs: readonly LineJob[]): Promise<ReadOutcome> {
    const reply = await this.submit({ kind: 'read', page, jobs });
    if (!reply.ok) throw new Error(`OCR recognition failed: ${reply.message}`);
    if (reply.kind !== 'read') throw new Error('OCR worker answered the wrong task');
    return reply.result;
  }

  /**
   * Waits for the right to process one page; resolves with the function that gives it back.
   * Fails with OcrBusyError when the queue stays full for `queueWaitMs`.
   */
  admitPage(): Promise<() => void> {
    if (this.stopped) return Promise.reject(new OcrUnavailableError('the OCR pool was terminated'));
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      this.activePages--;
      this.admitNext();
    };
    if (this.activePages < this.options.size) {
      this.activePages++;
      return Promise.resolve(release);
    }
    return new Promise<() => void>((resolve, reject) => {
      const enter = (): void => {
        this.queued.push({
          start: () => {
            this.activePages++;
            resolve(release);
          },
          fail: reject,
        });
      };
      if (this.queued.length < this.options.queueLimit) {
        enter();
        return;
      }
      const started = performance.now();
      const entry = {
        admit: (): void => {
          clearTimeout(timer);
          enter();
        },
        fail: (e: Error): void => {
          clearTimeout(timer);
          reject(e);
        },
      };
      const timer = setTimeout(() => {
        const i = this.overflow.indexOf(entry);
        if (i >= 0) this.overflow.splice(i, 1);
        reject(new OcrBusyError(this.options.queueLimit, performance.now() - started));
      }, this.options.queueWaitMs);
      this.overflow.push(entry);
    });
  }

  private admitNext(): void {
    for (;;) {
      if (this.activePages < this.options.size && this.queued.length > 0) {
        this.queued.shift()!.start();
      } else if (this.overflow.length > 0 && (this.queued.length < this.options.queueLimit || this.activePages < this.options.size)) {
        this.overflow.shift()!.admit(); // joins the queue, started by the next turn when a worker is free
      } else {
        return;
      }
    }
  }

  async terminate(): Promise<void> {
    this.stopped = true;
    const gone = new OcrUnavailableError('the OCR pool was terminated');
    for (const t of this.tasks.splice(0)) t.reject(gone);
    for (const o of this.overflow.splice(0)) o.fail(gone);
    for (const q of this.queued.splice(0)) q.fail(gone);
    const slots = this.slots.splice(0);
    for (const s of slots) {
      s.busy?.reject(gone);
      s.worker.removeAllListeners();
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
