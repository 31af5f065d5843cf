/**
 * One page through the stages: detect boxes; tell from their geometry whether text runs across
 * or down the image; read the lines (upright case) or probe them (sideways case) while weighing
 * classifier votes and recognition confidence to settle the page's orientation; detect a page
 * that is not upright again as turned upright, and read it; drop unreadable boxes and order the rest as a
 * reader would. Written against a TaskRunner, so the same composition runs on the worker pool
 * or, in tests and benchmarks, in one thread.
 */
import type { OcrLine, PageAngle, Quad8 } from './types.js';
import type { DetectOutcome, DetectTurn, LineJob, LineRead, ReadOutcome, StageTimes } from './tasks.js';
import { addTimes, zeroTimes } from './tasks.js';
import { decideFlip, type OrientationVerdict, pageAxis, probeLines, readingQuad } from './orientation.js';
import { readingOrder } from './order.js';
import { clampQuad, quadSize, rollQuad, rotatedSize, unrotateQuad } from '../image/geometry.js';
import type { Pixels } from '../image/warp.js';
import type { DecodedLine } from './recognize.js';

/** Runs detection, line-reading and page-turning tasks somewhere (worker pool or this thread). */
export interface TaskRunner {
  /** How many read tasks can usefully run at once. */
  readonly parallelism: number;
  /**
   * Line boxes of `page` turned clockwise by `turn` (default 0), on the turned page. With
   * 'auto' the runner may turn a page whose text looks sideways; the outcome says how.
   */
  detect(page: Pixels, maxSide: number, turn?: DetectTurn, boxThreshold?: number): Promise<DetectOutcome>;
  read(page: Pixels, jobs: readonly LineJob[]): Promise<ReadOutcome>;
}

export interface PageOptions {
  /** Long side the detector sees. */
  readonly detectSide: number;
  /** Mean text probability a detected box needs; undefined: the detector's default. */
  readonly boxThreshold?: number;
  /** Lines read both ways to judge orientation. */
  readonly probes: number;
  /** Orientation evidence (see decideFlip) below which every line's classifier vote is asked too. */
  readonly decisiveEvidence: number;
  /** Lines whose mean confidence is below this are dropped (PaddleOCR's drop_score). */
  readonly dropScore: number;
  /**
   * On a page the probes found upright, a line gets the classifier's 0/180 vote only if its
   * forward read's confidence is below this (see LineJob.classifyBelow).
   */
  readonly voteBelow: number;
  /** Probes that all read forward at least this confidently (with upright votes) settle a page upright. */
  readonly uprightProbeScore: number;
  /**
   * The page's orientation when the caller already knows it (a second read of a page whose vote
   * went wrong): no vote is taken, every line is read at this angle.
   */
  readonly angle?: PageAngle;
}

export const DEFAULT_PAGE_OPTIONS: PageOptions = { detectSide: 960, probes: 3, decisiveEvidence: 1.5, dropScore: 0.5, voteBelow: 0.9, uprightProbeScore: 0.95 };

export interface PageOutcome {
  readonly angle: PageAngle;
  readonly lines: OcrLine[];
  /** Lines read with text but below the drop score (see OcrResult.faint). */
  readonly faint: OcrLine[];
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
    const w = j.read === 'none' ? 1 : (width / Math.max(height, 1)) * (j.read === 'both' ? 2 : 1);
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

interface Settled {
  readonly decoded: DecodedLine;
  /** On the page the lines were read from, point 0 the text's top-left. */
  readonly quad: Quad8;
}

/** Picks the better of a line's two reads when the classifier and confidence agree it is turned. */
function settleLine(read: LineRead, quad: Quad8): Settled {
  const f = read.flipped;
  const forward = read.forward ?? { text: '', score: 0, chars: [] };
  if (f && read.angle && read.angle.angle === 180 && f.score > forward.score + 0.1) {
    return { decoded: f, quad: rollQuad(quad, 2) };
  }
  return { decoded: forward, quad };
}

/**
 * Orientation of a page whose lines run down the image (90 or 270): a few probe lines read
 * both ways with their classifier votes, and only when that is not decisive, the classifier's
 * votes on every line.
 */
async function orientSideways(runner: TaskRunner, page: Pixels, quads: readonly Quad8[], opts: PageOptions, times: StageTimes): Promise<PageAngle> {
  const probes = probeLines(quads, opts.probes);
  const probeReads = await readSplit(runner, page, probes.map((i) => ({ quad: quads[i]!, classify: true, read: 'both' })), times);
  let verdict = decideFlip(probeReads);
  if (Math.abs(verdict.evidence) < opts.decisiveEvidence) {
    const probeSet = new Set(probes);
    const rest = quads.map((_, i) => i).filter((i) => !probeSet.has(i));
    const votes = await readSplit(runner, page, rest.map((i) => ({ quad: quads[i]!, classify: true, read: 'none' })), times);
    verdict = decideFlip([...probeReads, ...votes]);
  }
  return verdict.flipped ? 270 : 90;
}

/**
 * Reads a page that must be turned by `angle`: the detector was trained on upright text and
 * splits or misses sideways and upside-down lines (reusing a sideways page's boxes cost 11 % CER
 * on small print), so the page is detected again as turned upright. Only the detector's small
 * input is turned (detectionInput); lines are cropped from the page as given, their quads
 * mapped back onto it. Returns the lines with quads on the upright page.
 */
async function readTurned(runner: TaskRunner, page: Pixels, angle: PageAngle, opts: PageOptions, times: StageTimes): Promise<Settled[]> {
  const det = await runner.detect(page, opts.detectSide, angle, opts.boxThreshold);
  addTimes(times, det.times);
  const quads = turnedQuads(det, angle, page);
  // The page's orientation is settled; a per-line classifier pass would cost more than the
  // rare single upside-down line it could catch.
  const jobs: LineJob[] = quads.map((q) => ({ quad: unrotateQuad(q, angle, page.width, page.height), classify: false, read: 'forward' }));
  const reads = await readSplit(runner, page, jobs, times);
  return reads.map((r, i) => settleLine(r, quads[i]!));
}

/** A turned detection's boxes as reading quads on the page turned upright by `angle`. */
function turnedQuads(det: DetectOutcome, angle: PageAngle, page: Pixels): Quad8[] {
  const upright = rotatedSize(angle, page.width, page.height);
  return det.boxes.map((b) => readingQuad(b.quad, 0, upright.width, upright.height));
}

/**
 * A page the first detection already turned by `guess` (its pixels looked sideways, see
 * direction.ts). If the boxes' text runs across the turned page, the page is upright at `guess`
 * or at `guess` + 180: the probes settle which, as on an upright page. At
 * `guess` its lines are read exactly as readTurned reads a page turned by `guess` (forward, no
 * classifier; the probes' forward reads are those reads), so the text is what a page found
 * sideways and detected again gets, without the second detection. At `guess` + 180 the page is
 * detected again turned so. Returns null when the boxes do not run across the turned page (the
 * pixels misled) or the probes are not decisive: the caller then detects the page as given, and
 * the page costs one detection more than before but is read exactly as before.
 */
async function readGuessedTurn(
  runner: TaskRunner,
  page: Pixels,
  det: DetectOutcome,
  guess: PageAngle,
  opts: PageOptions,
  times: StageTimes,
): Promise<{ angle: PageAngle; settled: Settled[] } | null> {
  if (det.boxes.length === 0 || pageAxis(det.boxes.map((b) => b.quad)) !== 'horizontal') return null;
  const quads = turnedQuads(det, guess, page);
  const onPage = quads.map((q) => unrotateQuad(q, guess, page.width, page.height));
  const probeList = probeLines(quads, opts.probes);
  const probes = new Set(probeList);
  const rest = quads.map((_, i) => i).filter((i) => !probes.has(i));
  const { reads: probeReads, verdict, decisive } = await probeAcross(runner, page, probeList.map((i) => onPage[i]!), opts, times);
  // Undecided probes: the boxes may be an upright page's text detected sideways (garbage both
  // ways), so no angle is risked on them; the page is detected as given and read as before.
  if (!decisive) return null;
  if (verdict.flipped) {
    const angle = ((guess + 180) % 360) as PageAngle;
    return { angle, settled: await readTurned(runner, page, angle, opts, times) };
  }
  const restReads = await readSplit(runner, page, rest.map((i) => ({ quad: onPage[i]!, classify: false, read: 'forward' })), times);
  const settled: Settled[] = new Array(quads.length);
  const unread: DecodedLine = { text: '', score: 0, chars: [] };
  probeList.forEach((i, k) => {
    settled[i] = { decoded: probeReads[k]!.forward ?? unread, quad: quads[i]! };
  });
  rest.forEach((i, k) => {
    settled[i] = settleLine(restReads[k]!, quads[i]!);
  });
  return { angle: guess, settled };
}

/**
 * The probes of a page whose text runs across: read forward with the classifier's vote first.
 * When every probe reads confidently and no vote says upside down, the page is upright and
 * reading the probes turned would only confirm it (upside-down Chinese reads as low-confidence
 * garbage); otherwise they are also read turned and all the evidence weighed (decideFlip).
 */
async function probeAcross(
  runner: TaskRunner,
  page: Pixels,
  probes: readonly Quad8[],
  opts: PageOptions,
  times: StageTimes,
): Promise<{ reads: LineRead[]; verdict: OrientationVerdict; decisive: boolean }> {
  if (probes.length === 0) return { reads: [], verdict: decideFlip([]), decisive: false };
  const forward = await readSplit(runner, page, probes.map((quad) => ({ quad, classify: true, read: 'forward' })), times);
  const sure = forward.every((r) => r.forward !== null && r.forward.score >= opts.uprightProbeScore && r.angle !== null && r.angle.p180 < 0.5);
  if (sure) return { reads: forward, verdict: { flipped: false, evidence: Infinity }, decisive: true };
  const turned = await readSplit(runner, page, probes.map((quad) => ({ quad, classify: false, read: 'turned' })), times);
  const reads = forward.map((r, k) => ({ ...r, flipped: turned[k]!.flipped }));
  const verdict = decideFlip(reads);
  return { reads, verdict, decisive: Math.abs(verdict.evidence) >= opts.decisiveEvidence };
}

export async function runPage(runner: TaskRunner, page: Pixels, opts: PageOptions = DEFAULT_PAGE_OPTIONS): Promise<PageOutcome> {
  const { width, height } = page;
  const times = zeroTimes();
  if (opts.angle !== undefined) return finishPage(page, opts.angle, await readTurned(runner, page, opts.angle, opts, times), opts, times);
  let det = await runner.detect(page, opts.detectSide, 'auto', opts.boxThreshold);
  addTimes(times, det.times);
  const guess = det.turn ?? 0;
  if (guess !== 0) {
    const read = await readGuessedTurn(runner, page, det, guess, opts, times);
    if (read) return finishPage(page, read.angle, read.settled, opts, times);
    det = await runner.detect(page, opts.detectSide, 0, opts.boxThreshold);
    addTimes(times, det.times);
  }
  if (det.boxes.length === 0) return { angle: 0, lines: [], faint: [], times };

  const boxes = det.boxes.map((b) => b.quad);
  let angle: PageAngle;
  let settled: Settled[];
  if (pageAxis(boxes) === 'horizontal') {
    const quads = boxes.map((q) => readingQuad(q, 0, width, height));
    const probeList = probeLines(quads, opts.probes);
    const probes = new Set(probeList);
    // Boxes of one or two characters get no vote: on them the classifier is close to guessing,
    // so their votes add noise to the evidence and cost classifier time.
    const worthVoting = (q: Quad8): boolean => {
      const { width: w, height: h } = quadSize(q);
      return w >= 2 * h;
    };
    // First a few probe lines (forward, then both ways unless they read confidently upright):
    // on almost every page they settle 0 vs 180 on their own. Reading every line forward before
    // knowing (an earlier design) wasted a whole page read on upside-down pages, which are then
    // detected and read again.
    const { reads: probeReads, verdict, decisive } = await probeAcross(runner, page, probeList.map((i) => quads[i]!), opts, times);
    if (decisive && verdict.flipped) {
      angle = 180;
      settled = await readTurned(runner, page, angle, opts, times);
    } else {
      // The rest is read forward, each line with the classifier's vote; those it calls upside
      // down (>= 0.9) are also read turned (flipIfTurned) and settleLine keeps the better read,
      // so an upside-down stamp line still reads right and a false "180" cannot damage an
      // upright line. Skipping the classifier when the probes are unanimous was measured and
      // rejected: it lost upside-down stamp lines (现金收讫) on 3 of the 14 real images. Once the
      // probes have settled the page upright, only lines read with low confidence get a vote
      // (an upside-down line reads as garbage); undecided pages need every vote as evidence.
      const rest = quads.map((_, i) => i).filter((i) => !probes.has(i));
      const jobs: LineJob[] = rest.map((i) => {
        const quad = quads[i]!;
        const vote = worthVoting(quad);
        const job: LineJob = { quad, classify: vote, read: 'forward', flipIfTurned: vote };
        return vote && decisive ? { ...job, classifyBelow: opts.voteBelow } : job;
      });
      const restReads = await readSplit(runner, page, jobs, times);
      const reads: LineRead[] = new Array(quads.length);
      probeList.forEach((i, k) => {
        reads[i] = probeReads[k]!;
      });
      rest.forEach((i, k) => {
        reads[i] = restReads[k]!;
      });
      if (!decisive && decideFlip(reads).flipped) {
        angle = 180;
        settled = await readTurned(runner, page, angle, opts, times);
      } else {
        angle = 0;
        // Probes were read both ways whatever the classifier said: only a confident "180" from
        // the classifier may pick the turned read (settleLine), as for the other lines.
        settled = reads.map((r, i) => settleLine(r, quads[i]!));
      }
    }
  } else {
    const quads = boxes.map((q) => readingQuad(q, 90, width, height));
    angle = await orientSideways(runner, page, quads, opts, times);
    settled = await readTurned(runner, page, angle, opts, times);
  }
  return finishPage(page, angle, settled, opts, times);
}

/** Drops unreadable lines and orders the rest as a reader would, quads back on the page as given. */
function finishPage(page: Pixels, angle: PageAngle, settled: readonly Settled[], opts: PageOptions, times: StageTimes): PageOutcome {
  const { width, height } = page;
  const t2 = performance.now();
  const kept = settled.filter((s) => s.decoded.text.trim().length > 0 && s.decoded.score >= opts.dropScore);
  // Settled quads are on the upright page, where reading order is defined.
  const order = readingOrder(kept.map((s) => s.quad));
  const onInput = (q: Quad8): Quad8 => (angle === 0 ? q : unrotateQuad(q, angle, width, height));
  const lines = order.map((i) => toLine(kept[i]!.decoded, onInput(kept[i]!.quad), width, height));
  const faint = settled
    .filter((s) => s.decoded.text.trim().length > 0 && s.decoded.score < opts.dropScore)
    .map((s) => toLine(s.decoded, onInput(s.quad), width, height));
  times.postMs += performance.now() - t2;
  return { angle, lines, faint, times };
}

/** Re-reads given quads (point 0 = the text's top-left), in the order given. */
export async function runRegions(runner: TaskRunner, page: Pixels, quads: readonly Quad8[]): Promise<{ lines: OcrLine[]; times: StageTimes }> {
  const times = zeroTimes();
  const jobs: LineJob[] = quads.map((quad) => ({ quad, classify: true, read: 'forward', flipIfTurned: true }));
  const reads = await readSplit(runner, page, jobs, times);
  const lines = reads.map((r, i) => {
    const s = settleLine(r, quads[i]!);
    return toLine(s.decoded, s.quad, page.width, page.height);
  });
  return { lines, times };
}
