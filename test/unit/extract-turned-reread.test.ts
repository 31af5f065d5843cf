import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OcrEngine, RecognizeOptions } from '../../src/ocr/engine.js';
import type { OcrLine, OcrResult, Quad8 } from '../../src/ocr/types.js';
import type { IntakeImage, RgbImage } from '../../src/image/types.js';
import { IN_PROCESS_STEPS, type PixelSteps } from '../../src/analysis/steps.js';
import { createExtract, oppositeAngle } from '../../src/operations.js';
import { createLogger } from '../../src/util/log.js';

const W = 400, H = 300;

function line(text: string, y: number): OcrLine {
  const n = [...text].length;
  const quad: Quad8 = [20, y, 20 + 20 * n, y, 20 + 20 * n, y + 20, 20, y + 20];
  return { text, score: 0.95, quad, chars: [...text].map((char, i) => ({ char, score: 0.95, x: (i + 0.5) / n })) };
}

const invoice = [
  line('北京市医疗门诊收费票据', 10),
  line('票据号码：12345678', 40),
  line('交款人：王小明', 70),
  line('西药费', 100),
  line('12.00', 130),
  line('合计（小写）：12.00', 160),
];
/** What an upright invoice reads as when read upside down: nothing an invoice holds. */
const garbage = [line('89', 10), line('00/e', 40), line('sr0s', 70)];

/**
 * An engine whose page vote goes wrong: asked to vote it says 180 and reads garbage; asked to read
 * at a given angle it reads the invoice at 0 and garbage at 180. It records the angles asked for.
 */
function wrongVoteEngine(): { engine: OcrEngine; asked: (number | undefined)[] } {
  const asked: (number | undefined)[] = [];
  const fake = {
    recognize: (_img: unknown, opts: RecognizeOptions = {}): Promise<OcrResult> => {
      asked.push(opts.angle);
      const angle = opts.angle ?? 180;
      const lines = angle === 0 ? invoice : garbage;
      return Promise.resolve({ angle, lines, faint: [], timings: { decodeMs: 0, detectMs: 0, classifyMs: 0, recognizeMs: 0, postMs: 0, modelMs: 0, totalMs: 0 } } as unknown as OcrResult);
    },
    recognizeRegions: (_img: unknown, quads: readonly Quad8[]): Promise<OcrLine[]> => Promise.resolve(quads.map((quad) => ({ text: '', score: 0, quad, chars: [] }))),
  };
  return { engine: fake as unknown as OcrEngine, asked };
}

function blankImage(): IntakeImage {
  const data = Buffer.alloc(W * H * 3, 255);
  return { bytes: Buffer.alloc(0), format: 'png', width: W, height: H, exifOrientation: 1, rgb: { data, width: W, height: H, channels: 3 } } as IntakeImage;
}

test('opposite angle: half a turn from each orientation', () => {
  assert.deepEqual([0, 90, 180, 270].map((a) => oppositeAngle(a as 0 | 90 | 180 | 270)), [180, 270, 0, 90]);
});

test('a page whose vote went wrong (no invoice read) is read once more turned the other way', async () => {
  const { engine, asked } = wrongVoteEngine();
  const extract = createExtract(engine, createLogger('silent'));
  const out = await extract(blankImage(), { variant: 'general', autoRotate: false });
  assert.ok(out.ok, 'the turned reading is an invoice');
  assert.equal(out.degree, 0);
  assert.equal(out.medical_result.note_no, '12345678');
  assert.deepEqual(asked, [undefined, 0]);
});

test('a page that is no invoice either way stays refused, after one turned reading', async () => {
  const asked: (number | undefined)[] = [];
  const fake = {
    recognize: (_img: unknown, opts: RecognizeOptions = {}): Promise<OcrResult> => {
      asked.push(opts.angle);
      return Promise.resolve({ angle: opts.angle ?? 0, lines: garbage, faint: [], timings: {} } as unknown as OcrResult);
    },
    recognizeRegions: (): Promise<OcrLine[]> => Promise.resolve([]),
  };
  const extract = createExtract(fake as unknown as OcrEngine, createLogger('silent'));
  const out = await extract(blankImage(), { variant: 'general', autoRotate: false });
  assert.equal(out.ok, false);
  assert.deepEqual(asked, [undefined, 180]);
});

test('an out-of-focus page refused on the photo both ways and on its restored page is read restored and turned', async () => {
  // The restored page's own vote goes wrong as the photo's did: read at 0 it is the invoice.
  const restored: RgbImage = { data: Buffer.alloc(W * H * 3, 250), width: W, height: H, channels: 3 };
  const asked: { restored: boolean; angle: number | undefined }[] = [];
  const fake = {
    recognize: (img: RgbImage, opts: RecognizeOptions = {}): Promise<OcrResult> => {
      asked.push({ restored: img === restored, angle: opts.angle });
      const angle = opts.angle ?? 180;
      const lines = img === restored && angle === 0 ? invoice : garbage;
      return Promise.resolve({ angle, lines, faint: [], timings: {} } as unknown as OcrResult);
    },
    recognizeRegions: (_img: unknown, quads: readonly Quad8[]): Promise<OcrLine[]> => Promise.resolve(quads.map((quad) => ({ text: '', score: 0, quad, chars: [] }))),
  };
  const pixels: PixelSteps = { ...IN_PROCESS_STEPS, measureDefocus: async () => 2.5, restoreDefocused: async () => restored };
  const out = await createExtract(fake as unknown as OcrEngine, createLogger('silent'), pixels)(blankImage(), { variant: 'general', autoRotate: false });
  assert.ok(out.ok, 'the restored page read turned is an invoice');
  assert.equal(out.medical_result.note_no, '12345678');
  assert.deepEqual(asked.slice(0, 4), [
    { restored: false, angle: undefined },
    { restored: false, angle: 0 },
    { restored: true, angle: undefined },
    { restored: true, angle: 0 },
  ]);
});

test('a page in focus refused both ways pays no read of a restored page', async () => {
  const reads: number[] = [];
  const fake = {
    recognize: (_img: unknown, opts: RecognizeOptions = {}): Promise<OcrResult> => {
      reads.push(opts.angle ?? -1);
      return Promise.resolve({ angle: opts.angle ?? 0, lines: garbage, faint: [], timings: {} } as unknown as OcrResult);
    },
    recognizeRegions: (): Promise<OcrLine[]> => Promise.resolve([]),
  };
  const pixels: PixelSteps = { ...IN_PROCESS_STEPS, measureDefocus: async () => 0 };
  const out = await createExtract(fake as unknown as OcrEngine, createLogger('silent'), pixels)(blankImage(), { variant: 'general', autoRotate: false });
  assert.equal(out.ok, false);
  assert.equal(reads.length, 2);
});

/** An out-of-focus invoice read upright: its title misread past every medical and invoice word. */
const misreadTitle = [line('河北省诊收票据', 10), line('No99825513', 40), line('（小写）671.60', 70)];

test('a page refused on every reading is read from the first whose title shows the medical pattern; a proper reading wins over it', async () => {
  const readings = (upright: readonly OcrLine[]) => {
    const asked: (number | undefined)[] = [];
    const fake = {
      recognize: (_img: unknown, opts: RecognizeOptions = {}): Promise<OcrResult> => {
        asked.push(opts.angle);
        const angle = opts.angle ?? 0;
        return Promise.resolve({ angle, lines: angle === 0 && opts.angle === undefined ? misreadTitle : angle === 180 ? upright : garbage, faint: [], timings: {} } as unknown as OcrResult);
      },
      recognizeRegions: (_img: unknown, quads: readonly Quad8[]): Promise<OcrLine[]> => Promise.resolve(quads.map((quad) => ({ text: '', score: 0, quad, chars: [] }))),
    };
    return { engine: fake as unknown as OcrEngine, asked };
  };
  const inFocus: PixelSteps = { ...IN_PROCESS_STEPS, measureDefocus: async () => 0 };
  // The turned reading is garbage too: the misread first reading is the last resort.
  const lost = readings(garbage);
  const out = await createExtract(lost.engine, createLogger('silent'), inFocus)(blankImage(), { variant: 'general', autoRotate: false });
  assert.ok(out.ok, 'read from the misread title');
  assert.equal(out.medical_result.note_no, '99825513');
  assert.equal(out.degree, 0);
  // The turned reading is a proper invoice: it is taken, not the misread first one.
  const found = readings(invoice);
  const better = await createExtract(found.engine, createLogger('silent'), inFocus)(blankImage(), { variant: 'general', autoRotate: false });
  assert.ok(better.ok);
  assert.equal(better.medical_result.note_no, '12345678');
  assert.equal(better.degree, 180);
});
