import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runPage, type TaskRunner } from '../../src/ocr/pipeline.js';
import type { DetectOutcome, LineJob, LineRead, ReadOutcome } from '../../src/ocr/tasks.js';
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
 * reads confidently only in the right direction, and the classifier agrees. The page handed
 * back by `rotate` is upright. It records every read job per page object.
 */
function fakeRunner(upsideDown: boolean): { runner: TaskRunner; jobsOn: Map<Pixels, LineJob[]>; turns: PageAngle[] } {
  const jobsOn = new Map<Pixels, LineJob[]>();
  const turns: PageAngle[] = [];
  const uprightPages = new Set<Pixels>();
  const runner: TaskRunner = {
    parallelism: 2,
    detect: (): Promise<DetectOutcome> => Promise.resolve({ boxes: boxes.map((quad) => ({ quad, score: 0.9 })), times: zeroTimes() }),
    read: (page: Pixels, jobs: readonly LineJob[]): Promise<ReadOutcome> => {
      jobsOn.set(page, [...(jobsOn.get(page) ?? []), ...jobs]);
      const turned = upsideDown && !uprightPages.has(page);
      const good = decoded(0.97), bad = decoded(0.3);
      const lines: LineRead[] = jobs.map((j) => ({
        forward: j.read === 'none' ? null : turned ? bad : good,
        flipped: j.read === 'both' ? (turned ? good : bad) : null,
        angle: j.classify ? { angle: turned ? 180 : 0, score: 0.95, p180: turned ? 0.95 : 0.05 } : null,
      }));
      return Promise.resolve({ lines, times: zeroTimes() });
    },
    rotate: (page: Pixels, angle: PageAngle) => {
      turns.push(angle);
      const out: Pixels = { data: page.data, width: page.width, height: page.height };
      uprightPages.add(out);
      return Promise.resolve({ page: out, times: zeroTimes() });
    },
  };
  return { runner, jobsOn, turns };
}

const page: Pixels = { data: new Uint8Array(W * H * 3), width: W, height: H };

test('an upside-down page is judged from the probes alone: its lines are not read forward first', async () => {
  const { runner, jobsOn, turns } = fakeRunner(true);
  const out = await runPage(runner, page);
  assert.equal(out.angle, 180);
  assert.deepEqual(turns, [180]);
  const onInput = jobsOn.get(page) ?? [];
  assert.equal(onInput.length, 3, 'only the three probes are read on the page as given');
  assert.ok(onInput.every((j) => j.read === 'both'));
  assert.equal(out.lines.length, boxes.length);
});

test('an upright page reads every line once, probes both ways, with a classifier vote on every line', async () => {
  const { runner, jobsOn, turns } = fakeRunner(false);
  const out = await runPage(runner, page);
  assert.equal(out.angle, 0);
  assert.deepEqual(turns, []);
  const jobs = jobsOn.get(page) ?? [];
  assert.equal(jobs.length, boxes.length);
  assert.equal(jobs.filter((j) => j.read === 'both').length, 3);
  assert.ok(jobs.every((j) => j.classify));
  assert.ok(jobs.filter((j) => j.read === 'forward').every((j) => j.flipIfTurned === true));
  assert.equal(out.lines.length, boxes.length);
  assert.ok(out.lines.every((l) => l.score > 0.9));
});
