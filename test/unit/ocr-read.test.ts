import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { OcrModels } from '../../src/ocr/models.js';
import { readTask, type LineJob } from '../../src/ocr/tasks.js';
import { smallPage, type TestPage } from '../../src/ocr/testing/pages.js';
import type { Quad8 } from '../../src/ocr/types.js';
import type { Pixels } from '../../src/image/warp.js';

let models: OcrModels;
let page: TestPage;

before(async () => {
  models = await OcrModels.load(1, { detector: false });
  page = await smallPage();
});

after(async () => {
  await models.release();
});

/** The truth quad's bounding rectangle grown by `m` pixels, clockwise from the top-left. */
function box(q: Quad8, m: number, w: number, h: number): { x0: number; y0: number; x1: number; y1: number; quad: Quad8 } {
  const xs = [q[0], q[2], q[4], q[6]], ys = [q[1], q[3], q[5], q[7]];
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - m)), x1 = Math.min(w, Math.ceil(Math.max(...xs) + m));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - m)), y1 = Math.min(h, Math.ceil(Math.max(...ys) + m));
  return { x0, y0, x1, y1, quad: [x0, y0, x1, y0, x1, y1, x0, y1] };
}

/** A copy of the page with one rectangle turned 180 degrees in place (an upside-down stamp line). */
function turnBlock(src: Pixels, b: { x0: number; y0: number; x1: number; y1: number }): Pixels {
  const data = Uint8Array.from(src.data);
  for (let y = b.y0; y < b.y1; y++) {
    for (let x = b.x0; x < b.x1; x++) {
      const from = ((b.y1 - 1 - (y - b.y0)) * src.width + (b.x1 - 1 - (x - b.x0))) * 3;
      const to = (y * src.width + x) * 3;
      data[to] = src.data[from]!; data[to + 1] = src.data[from + 1]!; data[to + 2] = src.data[from + 2]!;
    }
  }
  return { data, width: src.width, height: src.height };
}

test('a vote asked only below a confidence: an upside-down line gets it and is read turned, a confident line skips it', async () => {
  const px: Pixels = { data: page.image.data, width: page.image.width, height: page.image.height };
  const total = page.lines.find((l) => l.text.startsWith('合计'))!;
  const code = page.lines.find((l) => l.text.startsWith('票据代码'))!;
  const turnedBox = box(total.quad, 6, px.width, px.height);
  const stamped = turnBlock(px, turnedBox);
  const jobs: LineJob[] = [
    { quad: turnedBox.quad, classify: true, read: 'forward', flipIfTurned: true, classifyBelow: 0.9 },
    { quad: box(code.quad, 6, px.width, px.height).quad, classify: true, read: 'forward', flipIfTurned: true, classifyBelow: 0.9 },
  ];
  const out = await readTask(models, stamped, jobs);
  const [upsideDown, upright] = out.lines;
  assert.ok(upsideDown && upright);
  assert.ok(upsideDown.forward!.score < 0.9, `upside-down forward read at ${upsideDown.forward!.score}`);
  assert.equal(upsideDown.angle?.angle, 180);
  assert.equal(upsideDown.flipped?.text.normalize('NFKC'), total.text.normalize('NFKC'));
  assert.equal(upright.forward?.text.normalize('NFKC'), code.text.normalize('NFKC'));
  assert.equal(upright.angle, null, 'a confident forward read is not classified');
  assert.equal(upright.flipped, null);
  // Without the threshold the same confident line is classified, as before.
  const always = await readTask(models, stamped, [{ ...jobs[1]!, classifyBelow: undefined }]);
  assert.equal(always.lines[0]!.angle?.angle, 0);
});
