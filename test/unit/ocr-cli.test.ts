import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { smallPage } from '../../src/ocr/testing/pages.js';
import { distFile } from '../../src/util/paths.js';

const run = promisify(execFile);

test('meddoc ocr --json prints angle, lines with 8-integer quads, and timings', async () => {
  const page = await smallPage();
  const dir = await mkdtemp(join(tmpdir(), 'meddoc-ocr-cli-'));
  try {
    const file = join(dir, 'page.png');
    await writeFile(file, await sharp(page.image.data, { raw: { width: page.image.width, height: page.image.height, channels: 3 } }).png().toBuffer());
    const env = { ...process.env, MEDDOC_OCR_WORKERS: '1' };
    const { stdout } = await run(process.execPath, [distFile('src', 'cli', 'main.js'), 'ocr', '--json', file], { env });
    const out = JSON.parse(stdout) as { angle: number; lines: { text: string; score: number; quad: number[] }[]; timings: Record<string, number> };
    assert.equal(out.angle, 0);
    const drug = out.lines.find((l) => l.text === '西药费');
    assert.ok(drug, stdout);
    assert.equal(drug.quad.length, 8);
    assert.ok(drug.quad.every((v) => Number.isInteger(v)));
    assert.ok(drug.score > 0.5 && drug.score <= 1);
    for (const key of ['decodeMs', 'detectMs', 'classifyMs', 'recognizeMs', 'postMs', 'modelMs', 'totalMs']) {
      assert.equal(typeof out.timings[key], 'number', key);
    }
    const text = await run(process.execPath, [distFile('src', 'cli', 'main.js'), 'ocr', file], { env });
    assert.deepEqual(text.stdout.trimEnd().split('\n'), out.lines.map((l) => l.text));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('meddoc ocr refuses a missing file with a usage-class exit code', async () => {
  await assert.rejects(run(process.execPath, [distFile('src', 'cli', 'main.js'), 'ocr', '/nonexistent/page.png']), (err: { code?: number; stderr?: string }) => {
    assert.equal(err.code, 2);
    assert.match(err.stderr ?? '', /cannot read image/);
    return true;
  });
});
