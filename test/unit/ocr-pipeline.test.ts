import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PAGE_OPTIONS, runPage, type TaskRunner } from '../../src/ocr/pipeline.js';
import type { DetectOutcome, DetectTurn, LineJob, LineRead, ReadOutcome } from '../../src/ocr/tasks.js';
import { zeroTimes } from '../../src/ocr/tasks.js';
import type { DecodedLine } from '../../src/ocr/recognize.js';
import type { PageAngle, Quad8 } from '../../src/ocr/types.js';
import type { Pixels } from '../../src/image/warp.js';

const W = 1000, H = 800;
/** Ten upright line boxes, each about six characters long (so any of them can be a probe). */
const boxes: Quad8[] = Array.from({ length: 10 }, (_, k) => [100, 40 + 60 * k, 340, 40 + 60 * k, 340, 80 + 60 * k, 100, 80 + 60 * k]);

function decoded(score: number): DecodedLine {
  return { text: '一二三四五六', score, chars: [] };
}

/**
 * A fake runner over a page whose text is upright (`upsideDown` false) or upside down: a line
 * reads confidently only in the right direction, and the classifier agrees. Once the page has
 * been detected turned (detect with a turn), its line quads are mapped upright and read right.
 * It records the turns asked of the detector and every read job, in order, with the number of
 * turned detections made before it.
 */
function fakeRunner(upsideDown: boolean): { runner: TaskRunner; jobs: { job: LineJob; page: Pixels; afterTurn: boolean }[]; turns: PageAngle[] } {
  const jobs: { job: LineJob; page: Pixels; afterTurn: boolean }[] = [];
  const turns: PageAngle[] = [];
  const runner: TaskRunner = {
    parallelism: 2,
    detect: (_page: Pixels, _side: number, turn?: DetectTurn): Promise<DetectOutcome> => {
      // 'auto' stays as given here: this fake's pixels never look sideways.
      if (turn !== undefined && turn !== 0 && turn !== 'auto') turns.push(turn);
      return Promise.resolve({ boxes: boxes.map((quad) => ({ quad, score: 0.9 })), times: zeroTimes() });
    },
    read: (p: Pixels, js: readonly LineJob[]): Promise<ReadOutcome> => {
      const afterTurn = turns.length > 0;
      for (const job of js) jobs.push({ job, page: p, afterTurn });
      const turned = upsideDown && !afterTurn;
      const good = decoded(0.97), bad = decoded(0.3);
      const lines: LineRead[] = js.map((j) => ({
        forward: j.read === 'none' || j.read === 'turned' ? null : turned ? bad : good,
        flipped: j.read === 'both' || j.read === 'turned' ? (turned ? good : bad) : null,
        angle: j.classify ? { angle: turned ? 180 : 0, score: 0.95, p180: turned ? 0.95 : 0.05 } : null,
      }));
      return Promise.resolve({ lines, times: zeroTimes() });
    },
  };
  return { runner, jobs, turns };
}

const page: Pixels = { data: new Uint8Array(W * H * 3), width: W, height: H };

test('an upside-down page is judged from the probes alone: its lines are not read forward first', async () => {
  const { runner, jobs, turns } = fakeRunner(true);
  const out = await runPage(runner, page);
  assert.equal(out.angle, 180);
  assert.deepEqual(turns, [180]);
  const before = jobs.filter((j) => !j.afterTurn);
  assert.equal(before.length, 6, 'only the three probes are read before the page is detected turned');
  // They read badly forward, so they are read turned too to weigh the evidence.
  assert.deepEqual(before.map((j) => j.job.read), ['forward', 'forward', 'forward', 'turned', 'turned', 'turned']);
  assert.equal(new Set(before.map((j) => j.job.quad.join())).size, 3);
  // Lines are cropped from the page as given (no turned copy), their quads mapped back onto it:
  // a box at the upright page's top-left is read at the input's bottom-right.
  const after = jobs.filter((j) => j.afterTurn);
  assert.equal(after.length, boxes.length);
  assert.ok(after.every((j) => j.page === page));
  const first = after.find((j) => j.job.quad[1] === H - 40);
  assert.ok(first, 'the top line of the upright page is read at the bottom of the input');
  assert.deepEqual(first.job.quad.slice(0, 2), [W - 100, H - 40]);
  assert.equal(out.lines.length, boxes.length);
});

test('an upright page reads every line once, forward, the confident probes settling it without turned reads', async () => {
  const { runner, jobs: seen, turns } = fakeRunner(false);
  const out = await runPage(runner, page);
  assert.equal(out.angle, 0);
  assert.deepEqual(turns, []);
  const jobs = seen.map((j) => j.job);
  assert.equal(jobs.length, boxes.length);
  // The three probes read confidently forward with upright votes: no line is read turned.
  assert.equal(jobs.filter((j) => j.read === 'both').length, 0);
  assert.ok(jobs.every((j) => j.classify));
  assert.ok(jobs.filter((j) => j.classifyBelow !== undefined).every((j) => j.flipIfTurned === true));
  // The probes settled the page upright: the other lines are voted on only if they read unsure.
  assert.equal(jobs.filter((j) => j.classifyBelow === undefined).length, 3, 'the probes always get a vote');
  assert.equal(jobs.filter((j) => j.classifyBelow === 0.9).length, boxes.length - 3);
  assert.equal(out.lines.length, boxes.length);
  assert.ok(out.lines.every((l) => l.score > 0.9));
});

/**
 * A fake runner whose first ('auto') detection turns the page by `guess`, as when its pixels
 * look sideways; the page is upright at `truth`. Lines read confidently only when the last
 * detection's turn is `truth`. With `across` false the guessed detection's boxes run down the
 * turned page (the pixels misled).
 */
function guessingRunner(guess: 90 | 270, truth: PageAngle, across = true, garbled = false): { runner: TaskRunner; detections: DetectTurn[]; jobs: LineJob[] } {
  const detections: DetectTurn[] = [];
  const jobs: LineJob[] = [];
  let current: PageAngle = 0;
  const down: Quad8[] = boxes.map((q) => [q[1], q[0], q[3], q[2], q[5], q[4], q[7], q[6]]);
  const runner: TaskRunner = {
    parallelism: 2,
    detect: (_page: Pixels, _side: number, turn?: DetectTurn): Promise<DetectOutcome> => {
      detections.push(turn ?? 0);
      current = turn === 'auto' ? guess : (turn ?? 0);
      const quads = turn === 'auto' && !across ? down : boxes;
      return Promise.resolve({ boxes: quads.map((quad) => ({ quad, score: 0.9 })), times: zeroTimes(), turn: current });
    },
    read: (_p: Pixels, js: readonly LineJob[]): Promise<ReadOutcome> => {
      jobs.push(...js);
      const right = current === truth;
      const good = decoded(0.97), bad = decoded(0.3);
      // Garbled: the turned detection's boxes read badly both ways (text detected sideways).
      const wrongWay = garbled && current !== truth ? bad : good;
      const lines: LineRead[] = js.map((j) => ({
        forward: j.read === 'none' || j.read === 'turned' ? null : right ? good : bad,
        flipped: j.read === 'both' || j.read === 'turned' ? (right ? bad : wrongWay) : null,
        angle: j.classify ? { angle: right ? 0 : 180, score: 0.95, p180: right ? 0.05 : 0.95 } : null,
      }));
      return Promise.resolve({ lines, times: zeroTimes() });
    },
  };
  return { runner, detections, jobs };
}

test('a page that looks sideways is detected turned at once: on a right guess, once, its lines read as a turned page', async () => {
  const { runner, detections, jobs } = guessingRunner(90, 90);
  const out = await runPage(runner, page);
  assert.equal(out.angle, 90);
  assert.deepEqual(detections, ['auto']);
  assert.equal(jobs.length, boxes.length, 'every line read once');
  // Probes read forward with a vote; the rest forward without one, as a turned page is read.
  assert.equal(jobs.filter((j) => j.classify).length, 3);
  assert.ok(jobs.every((j) => j.read === 'forward' && j.flipIfTurned !== true));
  assert.equal(out.lines.length, boxes.length);
});

test('a wrong guess of the turn is found by the probes and the page detected again turned the other way', async () => {
  const { runner, detections } = guessingRunner(90, 270);
  const out = await runPage(runner, page);
  assert.equal(out.angle, 270);
  assert.deepEqual(detections, ['auto', 270]);
  assert.equal(out.lines.length, boxes.length);
  assert.ok(out.lines.every((l) => l.score > 0.9));
});

test('when the turned detection finds text running down, the page is detected as given and read the usual way', async () => {
  const { runner, detections } = guessingRunner(270, 0, false);
  const out = await runPage(runner, page);
  assert.equal(out.angle, 0);
  assert.deepEqual(detections, ['auto', 0]);
  assert.equal(out.lines.length, boxes.length);
});

test('when the turned detection\'s probes read badly both ways, no angle is risked: the page is detected as given', async () => {
  const { runner, detections } = guessingRunner(90, 0, true, true);
  const out = await runPage(runner, page);
  assert.equal(out.angle, 0);
  assert.deepEqual(detections, ['auto', 0]);
  assert.equal(out.lines.length, boxes.length);
});

test('lines read below the drop score leave the page lines but are kept apart as faint lines', async () => {
  const { runner } = fakeRunner(false);
  const faintAt = new Set([boxes[7]![1]]);
  const reading: TaskRunner = {
    parallelism: runner.parallelism,
    detect: (p, side, turn) => runner.detect(p, side, turn),
    read: async (p, js) => {
      const out = await runner.read(p, js);
      // The line at the eighth box reads faintly (a blurred cell), every other one confidently.
      const lines = out.lines.map((l, k) => (faintAt.has(js[k]!.quad[1]) && l.forward ? { ...l, forward: decoded(0.4) } : l));
      return { ...out, lines };
    },
  };
  const out = await runPage(reading, page);
  assert.equal(out.lines.length, boxes.length - 1);
  assert.equal(out.faint.length, 1);
  assert.equal(out.faint[0]!.score, 0.4);
  assert.equal(out.faint[0]!.quad[1], boxes[7]![1]);
});

test("a page's box threshold reaches every detection of the page, also the detection of the turned page", async () => {
  const asked: (number | undefined)[] = [];
  const { runner } = fakeRunner(true);
  const recording: TaskRunner = {
    ...runner,
    detect: (p, side, turn, boxThreshold) => {
      asked.push(boxThreshold);
      return runner.detect(p, side, turn, boxThreshold);
    },
  };
  await runPage(recording, page, { ...DEFAULT_PAGE_OPTIONS, boxThreshold: 0.5 });
  assert.ok(asked.length >= 2, 'the upside-down page is detected again turned');
  assert.deepEqual(asked, asked.map(() => 0.5));
  asked.length = 0;
  await runPage(recording, page);
  assert.deepEqual(asked, asked.map(() => undefined), 'without the option the detector keeps its default');
});

test('a page read at an angle the caller gives takes no vote: every line is read once at that angle', async () => {
  // The fake's page is upright, but the caller says it lies upside down (a second read of a page
  // whose vote went wrong): the detector is asked for the turn and no line gets a classifier vote.
  const { runner, jobs, turns } = fakeRunner(false);
  const out = await runPage(runner, page, { ...DEFAULT_PAGE_OPTIONS, angle: 180 });
  assert.equal(out.angle, 180);
  assert.deepEqual(turns, [180]);
  assert.equal(jobs.length, boxes.length);
  assert.ok(jobs.every((j) => j.job.read === 'forward' && !j.job.classify));
  const upright = fakeRunner(false);
  const straight = await runPage(upright.runner, page, { ...DEFAULT_PAGE_OPTIONS, angle: 0 });
  assert.equal(straight.angle, 0);
  assert.ok(upright.jobs.every((j) => !j.job.classify), 'no vote at a given angle 0 either');
});
