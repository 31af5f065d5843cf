/**
 * Runs operations over EvalCases and adds up the scores. The operations are passed in, so the
 * command runs the service's own pipelines (createOperations) and tests can run fakes; images go
 * through decodeUpload, the same intake the HTTP layer uses.
 */
import { readFile } from 'node:fs/promises';
import type { ServiceOperations } from '../http/operations.js';
import { decodeUpload } from '../image/intake.js';
import type { IntakeImage } from '../image/types.js';
import { ClassifyTally, ExtractTally, type EvalReport } from './report.js';
import { scoreClassify, scoreExtract } from './score.js';
import type { EvalCase } from './truth.js';

export const OPERATIONS = ['classify', 'extract'] as const;
export type EvalOperation = (typeof OPERATIONS)[number];

export interface EvaluateOptions {
  /** Shown in the report: the folder evaluated. */
  setName: string;
  operations: Pick<ServiceOperations, 'classify' | 'extract'>;
  ops: ReadonlySet<EvalOperation>;
  /** Called after each image (for the progress bar). */
  onProgress?: (done: number, total: number, name: string) => void;
  /** Called when an image cannot be processed; gets the file name and the error's message only. */
  onError?: (name: string, operation: string, message: string) => void;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

export async function evaluate(cases: readonly EvalCase[], options: EvaluateOptions): Promise<EvalReport> {
  const skipped: Record<string, string> = {};
  const classify = options.ops.has('classify') ? options.operations.classify : undefined;
  const extract = options.ops.has('extract') ? options.operations.extract : undefined;
  if (options.ops.has('classify') && !classify) skipped.classify = 'the classify operation is not available in this build';
  if (options.ops.has('extract') && !extract) skipped.extract = 'the extract operation is not available in this build';
  const classifyTally = classify && cases.some((c) => c.classify) ? new ClassifyTally() : null;
  const extractTally = extract && cases.some((c) => c.extract) ? new ExtractTally() : null;
  if (classify && !classifyTally) skipped.classify = 'no image of the set has classification labels';
  if (extract && !extractTally) skipped.extract = 'no image of the set has an invoice label';

  let done = 0;
  for (const item of cases) {
    const wantsClassify = Boolean(classifyTally && item.classify);
    const wantsExtract = Boolean(extractTally && item.extract);
    let image: IntakeImage | null = null;
    if (wantsClassify || wantsExtract) {
      try {
        image = await decodeUpload(await readFile(item.imagePath));
      } catch (err) {
        options.onError?.(item.name, 'decode', message(err));
      }
    }
    if (classifyTally && item.classify && classify) {
      let result = null;
      let ms: number | null = null;
      if (image) {
        try {
          const run = await timed(() => classify(image!));
          result = run.value;
          ms = run.ms;
        } catch (err) {
          options.onError?.(item.name, 'classify', message(err));
        }
      }
      classifyTally.add(scoreClassify(item.classify, result), ms, item.name);
    }
    if (extractTally && item.extract && extract) {
      let outcome = null;
      let ms: number | null = null;
      if (image) {
        try {
          const run = await timed(() => extract(image!, { variant: item.extract!.variant, autoRotate: false }));
          ms = run.ms;
          // DETETION_FAILED is an answer (timed, scored as not found), not an error.
          if (run.value.ok) outcome = { degree: run.value.degree, medical_result: run.value.medical_result };
        } catch (err) {
          options.onError?.(item.name, 'extract', message(err));
        }
      }
      // A photo its label calls unclear is scored like any other, and also counted apart (clear_photos).
      const unclear = item.classify?.documents.some((d) => d.quality.isclear === false) ?? false;
      extractTally.add(scoreExtract(item.extract, outcome), ms, item.name, unclear);
    }
    done++;
    options.onProgress?.(done, cases.length, item.name);
  }
  return {
    set: options.setName,
    images: cases.length,
    classify: classifyTally?.report() ?? null,
    extract: extractTally?.report() ?? null,
    skipped,
  };
}
