/**
 * The two units of work a worker thread runs on a page it shares with the main thread:
 * detect the page's line boxes (as given or turned), or read a list of line quads (crop,
 * classify 0/180, recognise).
 * Plain functions over an OcrModels, so tests and the benchmark can run them in one thread.
 */
import type { PageAngle, Quad8 } from './types.js';
import { dbPostprocess, DEFAULT_DB_OPTIONS, type DbOptions, type DetectedBox, detectionInput, scaleBoxes } from './detect.js';
import { classifierInput, classifierOutput, CLS_WIDTH, type LineAngle } from './angle.js';
import { ctcDecode, type DecodedLine, recognitionInput, recognitionWidth, REC_HEIGHT } from './recognize.js';
import type { OcrModels } from './models.js';
import { type Pixels, rotatePixels, warpQuad } from '../image/warp.js';
import { quadSize } from '../image/geometry.js';
import { textDirection } from './direction.js';

/** Time spent per stage inside one task, in ms; sums across tasks and workers. */
export interface StageTimes {
  detectMs: number;
  classifyMs: number;
  recognizeMs: number;
  postMs: number;
  modelMs: number;
}

export function zeroTimes(): StageTimes {
  return { detectMs: 0, classifyMs: 0, recognizeMs: 0, postMs: 0, modelMs: 0 };
}

export function addTimes(into: StageTimes, more: StageTimes): void {
  into.detectMs += more.detectMs;
  into.classifyMs += more.classifyMs;
  into.recognizeMs += more.recognizeMs;
  into.postMs += more.postMs;
  into.modelMs += more.modelMs;
}

export interface DetectOutcome {
  readonly boxes: DetectedBox[];
  readonly times: StageTimes;
  /** The turn the boxes are on; absent: the turn asked for (0 for 'auto'). */
  readonly turn?: PageAngle;
}

/**
 * A detection's turn: a quarter-turn multiple, or 'auto': the page as given unless a look at
 * its pixels (textDirection) is sure its text runs down the image, then turned by the likelier
 * quarter turn, so a sideways page is detected upright at the first try.
 */
export type DetectTurn = PageAngle | 'auto';

/** The turn a detection asked for with `turn` is made at. */
export function detectionTurn(page: Pixels, turn: DetectTurn): PageAngle {
  if (turn !== 'auto') return turn;
  const d = textDirection(page);
  return d.axis === 'down' ? d.turn : 0;
}

/** Line boxes of `page` turned clockwise by `turn`, on that turned page's coordinates. */
export async function detectTask(models: OcrModels, page: Pixels, maxSide: number, asked: DetectTurn = 0, db: DbOptions = DEFAULT_DB_OPTIONS): Promise<DetectOutcome> {
  const times = zeroTimes();
  models.takeModelMs();
  const t0 = performance.now();
  const turn = detectionTurn(page, asked);
  const input = detectionInput(page, maxSide, turn);
  const map = await models.detect(input);
  const t1 = performance.now();
  const boxes = scaleBoxes(dbPostprocess(map.data, map.width, map.height, db), {
    width: map.width,
    height: map.height,
    sourceWidth: input.sourceWidth,
    sourceHeight: input.sourceHeight,
  });
  times.detectMs = t1 - t0;
  times.postMs = performance.now() - t1;
  times.modelMs = models.takeModelMs();
  return { boxes, times, turn };
}

export interface LineJob {
  /** Point 0 is the text's top-left as it should be read. */
  readonly quad: Quad8;
  /** Run the 0/180 classifier on the line. */
  readonly classify: boolean;
  /**
   * 'none': classify only (a cheap small crop); 'forward': read as the quad says; 'turned': read
   * turned 180 degrees only (a probe already read forward); 'both': read both ways whatever the
   * classifier says (orientation probes).
   */
  readonly read: 'none' | 'forward' | 'turned' | 'both';
  /** With 'forward' and `classify`: also read the line turned when the classifier is confident it is upside down. */
  readonly flipIfTurned?: boolean;
  /**
   * With 'forward' and `classify`: classify the line only if its forward read's confidence is
   * below this. An upside-down line reads as low-confidence garbage (on the 14 real images the
   * lines finally read turned had forward confidence 0-0.56, while 81 % of all lines read at
   * >= 0.95), so a confident forward read needs no vote and the classifier runs on few lines.
   */
  readonly classifyBelow?: number;
}

export interface LineRead {
  readonly forward: DecodedLine | null;
  /** The line read turned 180 degrees, when asked or when the classifier suggested it. */
  readonly flipped: DecodedLine | null;
  readonly angle: LineAngle | null;
}

export interface ReadOptions {
  /** Crops narrower than this are padded (see recognitionInput). */
  readonly minWidth: number;
  /** Longest crop fed to the recogniser, in pixels at height 48. */
  readonly maxWidth: number;
  /** Classifier confidence above which a 180 verdict triggers a turned read. */
  readonly flipThreshold: number;
}

export const DEFAULT_READ_OPTIONS: ReadOptions = { minWidth: 96, maxWidth: 3200, flipThreshold: 0.9 };

export interface ReadOutcome {
  readonly lines: LineRead[];
  readonly times: StageTimes;
}

/** Crops a line quad to the recogniser's height at its natural width (capped at maxWidth). */
export function cropLine(page: Pixels, quad: Quad8, maxWidth: number): Pixels {
  const { width, height } = quadSize(quad);
  return warpQuad(page, quad, recognitionWidth(width, height, maxWidth), REC_HEIGHT);
}

async function recognizeCrop(models: OcrModels, crop: Pixels, minWidth: number): Promise<DecodedLine> {
  const input = recognitionInput(crop, minWidth);
  const out = await models.recognize(input);
  return ctcDecode(out.data, out.steps, out.classes, models.charset, input.contentWidth / input.width);
}

/** Runs the 0/180 classifier on the listed jobs' crops in one batch, filling `angles`. */
async function classifyLines(models: OcrModels, crops: readonly Pixels[], which: readonly number[], angles: (LineAngle | null)[]): Promise<void> {
  if (which.length === 0) return;
  const probs = await models.classify(classifierInput(which.map((i) => crops[i]!)), which.length);
  classifierOutput(probs, which.length).forEach((a, k) => {
    angles[which[k]!] = a;
  });
}

export async function readTask(models: OcrModels, page: Pixels, jobs: readonly LineJob[], opts: ReadOptions = DEFAULT_READ_OPTIONS): Promise<ReadOutcome> {
  const times = zeroTimes();
  models.takeModelMs();
  const tCrop = performance.now();
  // Classify-only lines get a crop no wider than the classifier's input: far cheaper to warp.
  const crops = jobs.map((j) => cropLine(page, j.quad, j.read === 'none' ? CLS_WIDTH : opts.maxWidth));
  let cropMs = performance.now() - tCrop;
  const deferred = (j: LineJob): boolean => j.classify && j.read === 'forward' && j.classifyBelow !== undefined;

  // Votes asked unconditionally first, in one batch.
  const angles: (LineAngle | null)[] = jobs.map(() => null);
  let t0 = performance.now();
  await classifyLines(models, crops, jobs.map((j, i) => (j.classify && !deferred(j) ? i : -1)).filter((i) => i >= 0), angles);
  times.classifyMs += performance.now() - t0;

  const t1 = performance.now();
  let classifyInRead = 0;
  const forward: (DecodedLine | null)[] = [];
  for (let i = 0; i < jobs.length; i++) {
    const read = jobs[i]!.read;
    forward.push(read === 'none' || read === 'turned' ? null : await recognizeCrop(models, crops[i]!, opts.minWidth));
  }

  // Votes on unsure forward reads only, in one batch.
  t0 = performance.now();
  await classifyLines(models, crops, jobs.map((j, i) => (deferred(j) && forward[i]!.score < j.classifyBelow! ? i : -1)).filter((i) => i >= 0), angles);
  classifyInRead = performance.now() - t0;
  times.classifyMs += classifyInRead;

  const lines: LineRead[] = [];
  for (let i = 0; i < jobs.length; i++) {
    const job = jobs[i]!;
    const a = angles[i] ?? null;
    const turn = job.read === 'both' || job.read === 'turned' || (job.read === 'forward' && job.flipIfTurned === true && a !== null && a.angle === 180 && a.score >= opts.flipThreshold);
    let flipped: DecodedLine | null = null;
    if (turn) {
      const tc = performance.now();
      const turned = rotatePixels(crops[i]!, 180);
      cropMs += performance.now() - tc;
      flipped = await recognizeCrop(models, turned, opts.minWidth);
    }
    lines.push({ forward: forward[i] ?? null, flipped, angle: a });
  }
  times.recognizeMs = performance.now() - t1 - classifyInRead + cropMs;
  times.modelMs = models.takeModelMs();
  return { lines, times };
}

/** Runs tasks in the calling thread, one at a time: for tests and raw-model benchmarks. */
export function inThreadRunner(models: OcrModels, opts: ReadOptions = DEFAULT_READ_OPTIONS): {
  readonly parallelism: number;
  detect(page: Pixels, maxSide: number, turn?: DetectTurn): Promise<DetectOutcome>;
  read(page: Pixels, jobs: readonly LineJob[]): Promise<ReadOutcome>;
} {
  return {
    parallelism: 1,
    detect: (page, maxSide, turn) => detectTask(models, page, maxSide, turn ?? 0),
    read: (page, jobs) => readTask(models, page, jobs, opts),
  };
}
