import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { OcrEngine } from '../../src/ocr/engine.js';
import { smallPage, turned, type TestPage } from '../../src/ocr/testing/pages.js';
import { quadCentre } from '../../src/image/geometry.js';
import type { RgbImage } from '../../src/image/types.js';
import type { OcrLine, Quad8 } from '../../src/ocr/types.js';

let engine: OcrEngine;
let page: TestPage;

before(async () => {
  engine = OcrEngine.create({ workers: 2, intraOpThreads: 1 });
  assert.equal(engine.ready, false);
  page = await smallPage();
  await engine.init();
});

after(async () => {
  await engine.terminate();
});

function find(lines: readonly OcrLine[], text: string): OcrLine {
  const line = lines.find((l) => l.text === text);
  assert.ok(line, `'${text}' not read; got ${JSON.stringify(lines.map((l) => l.text))}`);
  return line;
}

function near(a: Quad8, b: Quad8, tolerance: number): boolean {
  const ca = quadCentre(a), cb = quadCentre(b);
  return Math.hypot(ca.x - cb.x, ca.y - cb.y) <= tolerance;
}

test('readiness after init', () => {
  assert.equal(engine.ready, true);
});

test('end to end: a rendered page reads exactly, in order, with quads and character positions', async () => {
  const result = await engine.recognize(page.image);
  assert.equal(result.angle, 0);
  const texts = result.lines.map((l) => l.text);
  for (const key of ['票据代码：12060121', '开票日期：2021-02-07', '西药费', '11,274.86']) find(result.lines, key);
  // Reading order: title first, then left before right within a row, rows top to bottom.
  assert.ok(texts.indexOf('票据代码：12060121') < texts.indexOf('开票日期：2021-02-07'));
  assert.ok(texts.indexOf('开票日期：2021-02-07') < texts.indexOf('西药费'));
  assert.ok(texts.indexOf('西药费') < texts.indexOf('11,274.86'));
  // Quads land on the rendered lines.
  for (const truth of page.lines) {
    const read = result.lines.find((l) => near(l.quad, truth.quad, 12));
    assert.ok(read, `no line read near '${truth.text}'`);
  }
  // Per-character positions increase along the line: what lets a cell be split.
  const amount = find(result.lines, '11,274.86');
  assert.equal(amount.chars.length, 9);
  for (let i = 1; i < amount.chars.length; i++) assert.ok(amount.chars[i]!.x > amount.chars[i - 1]!.x);
  assert.ok(amount.score > 0.9);
  assert.ok(result.timings.modelMs > 0 && result.timings.totalMs >= result.timings.detectMs / 2);
});

test('a page already in shared memory (an analysis-pool crop) reads the same as a copied one', async () => {
  const { width, height, data } = page.image;
  const shared = new SharedArrayBuffer(width * height * 3);
  new Uint8Array(shared).set(data.subarray(0, width * height * 3));
  const fromShared = await engine.recognize({ data: Buffer.from(shared), width, height, channels: 3 });
  const fromCopy = await engine.recognize(page.image);
  assert.deepEqual(fromShared.lines.map((l) => [l.text, l.quad]), fromCopy.lines.map((l) => [l.text, l.quad]));
  // Recognition only reads the page: the shared pixels are as they were.
  assert.ok(Buffer.from(shared).equals(data.subarray(0, width * height * 3)));
});

test('orientation: the four rotations of a rendered page read the same, with quads on the input', async () => {
  for (const turn of [90, 180, 270] as const) {
    const t = turned(page, turn);
    const result = await engine.recognize(t.image);
    assert.equal(result.angle, t.angle, `turned ${turn}`);
    const code = find(result.lines, '票据代码：12060121');
    const truth = t.lines.find((l) => l.text === '票据代码：12060121')!;
    assert.ok(near(code.quad, truth.quad, 12), `quad on the turned input, turn ${turn}`);
    // Point 0 is the text's own top-left: on the input it sits where the truth's point 0 is.
    assert.ok(Math.hypot(code.quad[0] - truth.quad[0], code.quad[1] - truth.quad[1]) < 15, `first corner, turn ${turn}`);
    find(result.lines, '11,274.86');
  }
});

test('re-reading given regions returns one line per quad, in order', async () => {
  const quads = page.lines.map((l) => l.quad).reverse();
  const lines = await engine.recognizeRegions(page.image, quads);
  assert.equal(lines.length, quads.length);
  assert.equal(lines[0]!.text.length > 0, true);
  assert.equal(lines[quads.length - 1]!.text, page.lines[0]!.text);
  const drug = page.lines.findIndex((l) => l.text === '西药费');
  assert.equal(lines[quads.length - 1 - drug]!.text, '西药费');
  assert.deepEqual(await engine.recognizeRegions(page.image, []), []);
});

function solid(width: number, height: number, fill: (i: number) => number): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = fill(i);
  return { data, width, height, channels: 3 };
}

test('a white page, a page of noise and a tiny page return without error', async () => {
  const white = await engine.recognize(solid(600, 800, () => 255));
  assert.equal(white.lines.length, 0);
  assert.equal(white.angle, 0);
  let seed = 12345;
  const noise = await engine.recognize(solid(500, 500, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed >> 23;
  }));
  for (const l of noise.lines) assert.ok(l.score >= 0.5 && l.text.length > 0);
  const tiny = await engine.recognize(solid(3, 2, () => 0));
  assert.equal(tiny.lines.length, 0);
  await assert.rejects(engine.recognize({ data: Buffer.alloc(10), width: 10, height: 10, channels: 3 }), RangeError);
});

test('a 6000x6000 page reads its text at the default detection size without exhausting memory', async () => {
  const big = solid(6000, 6000, () => 255);
  // The small page enlarged four times (as a high-resolution photo would show it), pasted in.
  const scale = 4;
  const w = page.image.width * scale, h = page.image.height * scale;
  const enlarged = await sharp(page.image.data, { raw: { width: page.image.width, height: page.image.height, channels: 3 } })
    .resize(w, h, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let y = 0; y < h; y++) enlarged.copy(big.data, (y + 900) * 6000 * 3 + 500 * 3, y * w * 3, (y + 1) * w * 3);
  const rssBefore = process.memoryUsage().rss;
  const result = await engine.recognize(big);
  assert.equal(result.angle, 0);
  assert.ok(result.lines.some((l) => l.text === '西药费'), JSON.stringify(result.lines.map((l) => l.text)));
  assert.ok(result.lines.some((l) => l.text === '11,274.86'), JSON.stringify(result.lines.map((l) => l.text)));
  assert.ok(process.memoryUsage().rss - rssBefore < 1e9);
});
