/** Messages between the pool and its worker threads. Pixels travel as shared memory, never JSON. */
import type { DetectOutcome, DetectTurn, LineJob, ReadOutcome } from './tasks.js';

/** A page in shared memory: every worker reads the same bytes without a copy. */
export interface SharedPage {
  readonly buffer: SharedArrayBuffer;
  readonly width: number;
  readonly height: number;
}

export interface WorkerInit {
  readonly intraOpThreads: number;
  /** Whether this worker loads the text detector (see pool.ts). */
  readonly detector: boolean;
}

export type TaskRequest =
  | { readonly id: number; readonly kind: 'detect'; readonly page: SharedPage; readonly maxSide: number; readonly turn: DetectTurn; readonly boxThreshold?: number }
  | { readonly id: number; readonly kind: 'read'; readonly page: SharedPage; readonly jobs: readonly LineJob[] };

export type TaskReply =
  | { readonly id: number; readonly ok: true; readonly kind: 'detect'; readonly result: DetectOutcome }
  | { readonly id: number; readonly ok: true; readonly kind: 'read'; readonly result: ReadOutcome }
  | { readonly id: number; readonly ok: false; readonly message: string };

export type WorkerStatus = { readonly type: 'ready'; readonly loadMs: number } | { readonly type: 'failed'; readonly message: string };
