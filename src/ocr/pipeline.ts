/**
 * One page through the stages: detect boxes, settle the page's axis from their geometry, read
 * every line in the base orientation (with classifier votes and a few two-way probes), decide
 * 0 vs 180 from that evidence, re-read the lines that need it, drop unreadable boxes and order
 * the rest as a reader would. Written against a TaskRunner, so the same composition runs on the
 * worker pool or, in tests and benchmarks, in one thread.
 */
import type { OcrLine, PageAngle, Quad8 } from './types.js';
import type { DetectOutcome, LineJob, LineRead, ReadOutcome, StageTimes } from './tasks.js';
import { addTimes, zeroTimes } from './tasks.js';
import { decideFlip, pageAxis, probeLines, readingQuad, turnBy180 } from './orientation.js';
import { readingOrder } from './order.js';
import { clampQuad, quadSize, rollQuad, rotateQuad } from '../image/geometry.js';
import type { Pixels } from '../image/warp.js';
import type { DecodedLine } from './recognize.js';

/** Runs detection and line-reading tasks somewhere (worker pool or this thread). */
export interface TaskRunner {
  /** How many read tasks can usefully run at once. */
  readonly parallelism: number;
  detect(page: Pixels, maxSide: number): Promise<DetectOutcome>;
  read(page: Pixels, jobs: readonly LineJob[]): Promise<ReadOutcome>;
}

export interface PageOptions {
  /** Long side the detector sees. */
  readonly detectSide: number;
  /** Lines read both ways to judge orientation. */
  readonly probes: number;
  /** Lines whose mean confidence is below this are dropped (PaddleOCR's drop_score). */
  readonly dropScore: number;
}

export const DEFAULT_PAGE_OPTIONS: PageOptions = { detectSide: 960, probes: 4, dropScore: 0.5 };

export interface PageOutcome {
  readonly angle: PageAngle;
  readonly lines: OcrLine[];
  readonly times: StageTimes;
}

/**
 * Splits jobs into at most `parts` groups of similar total crop width (longest first onto the
 * lightest group), since recognition cost is linear in width. Returns groups of job indices.
 */
export function splitByWidth(jobs: readonly LineJob[], parts: number): number[][] {
  const n = Math.max(1, Math.min(parts, jobs.length));
  const groups: { load: number; items: number[] }[] = Array.from({ length: n }, () => ({ load: 0, items: [] }));
  const cost = jobs.map((j, i) => {
    const { width, height } = quadSize(j.quad);
    const w = (width / Math.max(height, 1)) * (j.bothWays ? 2 : 1);
    return { i, w: w + 1 };
  });
  cost.sort((a, b) => b.w - a.w);
  for (const c of cost) {
    let lightest = groups[0]!;
    for (const g of groups) if (g.load < lightest.load) lightest = g;
    lightest.items.push(c.i);
    lightest.load += c.w;
  }
  return groups.filter((g) => g.items.length > 0).map((g) => g.items.sort((a, b) => a - b));
}

/** Reads jobs split across the runner's parallelism; results come back in job order. */
export async function readSplit(runner: TaskRunner, page: Pixels, jobs: readonly LineJob[], times: StageTimes): Promise<LineRead[]> {
  if (jobs.length === 0) return [];
  // Twice the parallelism: a worker that finishes early takes another share instead of idling.
  const groups = splitByWidth(jobs, runner.parallelism > 1 ? runner.parallelism * 2 : 1);
  const outcomes = await Promise.all(groups.map((g) => runner.read(page, g.map((i) => jobs[i]!))));
  const reads: LineRead[] = new Array(jobs.length);
  groups.forEach((g, k) => {
    const out = outcomes[k]!;
    addTimes(times, out.times);
    g.forEach((jobIndex, m) => {
      reads[jobIndex] = out.lines[m]!;
    });
  });
  return reads;
}

function toLine(decoded: DecodedLine, quad: Quad8, width: number, height: number): OcrLine {
  return { text: decoded.text, score: decoded.score, quad: clampQuad(quad, width, height), chars: decoded.chars };
}

/** Picks the better of a line's two reads when the classifier and confidence agree it is turned. */
function settleLine(read: LineRead, quad: Quad8): { decoded: DecodedLine; quad: Quad8 } {
  const f = read.flipped;
  if (f && read.angle && read.angle.angle === 180 && f.score > read.forward.score + 0.1) {
    return { decoded: f, quad: rollQuad(quad, 2) };
  }
  return { decoded: read.forward, quad };
}

export async function runPage(runner: TaskRunner, page: Pixels, opts: PageOptions = DEFAULT_PAGE_OPTIONS): Promise<PageOutcome> {
  const { width, height } = page;
  const times = zeroTimes();
  const det = await runner.detect(page, opts.detectSide);
  addTimes(times, det.times);
  const boxes = det.boxes;
  if (boxes.length === 0) return { angle: 0, lines: [], times };

  const tPost = performance.now();
  const base: PageAngle = pageAxis(boxes.map((b) => b.quad)) === 'vertical' ? 90 : 0;
  const quads = boxes.map((b) => readingQuad(b.quad, base, width, height));
  const probes = new Set(probeLines(quads, opts.probes));
  const jobs: LineJob[] = quads.map((quad, i) => ({ quad, classify: true, bothWays: probes.has(i) }));
  times.postMs += performance.now() - tPost;

  const reads = await readSplit(runner, page, jobs, times);
  const verdict = decideFlip(reads);
  const angle = verdict.flipped ? turnBy180(base) : base;

  let settled: { decoded: DecodedLine; quad: Quad8 }[];
  if (verdict.flipped) {
    // Every line turns; those not yet read turned are read again.
    const missing = reads.map((r, i) => (r.flipped ? -1 : i)).filter((i) => i >= 0);
    const again = await readSplit(runner, page, missing.map((i) => ({ quad: rollQuad(quads[i]!, 2), classify: false, bothWays: false })), times);
    const flippedReads = reads.map((r) => r.flipped);
    missing.forEach((i, k) => {
      flippedReads[i] = again[k]!.forward;
    });
    settled = quads.map((q, i) => ({ decoded: flippedReads[i]!, quad: rollQuad(q, 2) }));
  } else {
    settled = reads.map((r, i) => settleLine(r, quads[i]!));
  }

  const t2 = performance.now();
  const kept = settled.filter((s) => s.decoded.text.trim().length > 0 && s.decoded.score >= opts.dropScore);
  const upright = kept.map((s) => rotateQuad(s.quad, angle, width, height));
  const order = readingOrder(upright);
  const lines = order.map((i) => toLine(kept[i]!.decoded, kept[i]!.quad, width, height));
  times.postMs += performance.now() - t2;
  return { angle, lines, times };
}

/** Re-reads given quads (point 0 = the text's top-left), in the order given. */
export async function runRegions(runner: TaskRunner, page: Pixels, quads: readonly Quad8[]): Promise<{ lines: OcrLine[]; times: StageTimes }> {
  const times = zeroTimes();
  const jobs: LineJob[] = quads.map((quad) => ({ quad, classify: true, bothWays: false }));
  const reads = await readSplit(runner, page, jobs, times);
  const lines = reads.map((r, i) => {
    const s = settleLine(r, quads[i]!);
    return toLine(s.decoded, s.quad, page.width, page.height);
  });
  return { lines, times };
}
