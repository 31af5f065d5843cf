import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OcrEngine } from '../../src/ocr/engine.js';
import type { OcrLine, OcrResult, Quad8 } from '../../src/ocr/types.js';
import type { IntakeImage, RgbImage } from '../../src/image/types.js';
import { IN_PROCESS_STEPS, type PixelSteps } from '../../src/analysis/steps.js';
import { extractInvoice } from '../../src/extract/extractor.js';
import { createExtract, withFieldsFilled } from '../../src/operations.js';
import { createLogger } from '../../src/util/log.js';

const W = 400, H = 300;

function line(text: string, y: number, score = 0.95): OcrLine {
  const n = [...text].length;
  const quad: Quad8 = [20, y, 20 + 20 * n, y, 20 + 20 * n, y + 20, 20, y + 20];
  return { text, score, quad, chars: [...text].map((char, i) => ({ char, score, x: (i + 0.5) / n })) };
}

/** The invoice as a sharp page reads. */
const sharpReading = [
  line('北京市医疗门诊收费票据', 10),
  line('票据号码：12345678', 40),
  line('交款人：王小明', 70),
  line('西药费', 100),
  line('12.00', 130),
  line('合计（小写）：12.00', 160),
];
/** The same invoice out of focus: the number and the payer's name lost, low confidence. */
const blurredReading = [line('北京市医疗门诊收费票据', 10, 0.6), line('票据号：1Z3', 40, 0.4), line('西药费', 100, 0.6), line('12.00', 130, 0.6), line('合计（小写）：12.00', 160, 0.6)];

function page(lines: readonly OcrLine[]): OcrResult {
  return { angle: 0, lines, faint: [], timings: { decodeMs: 0, detectMs: 0, classifyMs: 0, recognizeMs: 0, postMs: 0, modelMs: 0, totalMs: 0 } } as unknown as OcrResult;
}

function image(): IntakeImage {
  const data = Buffer.alloc(W * H * 3, 255);
  return { bytes: Buffer.alloc(0), format: 'png', width: W, height: H, exifOrientation: 1, rgb: { data, width: W, height: H, channels: 3 } } as IntakeImage;
}

/** Steps measuring the given defocus; the restored page is a new image, which the engine tells apart. */
function steps(defocus: number, restored: RgbImage): PixelSteps {
  return { ...IN_PROCESS_STEPS, measureDefocus: async () => defocus, restoreDefocused: async () => restored };
}

/** An engine reading the restored image sharp and any other blurred; it counts page readings. */
function engine(restored: RgbImage, sharpLines = sharpReading, blurredLines = blurredReading): { engine: OcrEngine; reads: RgbImage[] } {
  const reads: RgbImage[] = [];
  const fake = {
    recognize: (img: RgbImage): Promise<OcrResult> => {
      reads.push(img);
      return Promise.resolve(page(img === restored ? sharpLines : blurredLines));
    },
    recognizeRegions: (_img: unknown, quads: readonly Quad8[]): Promise<OcrLine[]> => Promise.resolve(quads.map((quad) => ({ text: '', score: 0, quad, chars: [] }))),
  };
  return { engine: fake as unknown as OcrEngine, reads };
}

const restoredImage: RgbImage = { data: Buffer.alloc(W * H * 3, 250), width: W, height: H, channels: 3 };

test('an out-of-focus page whose first reading found no invoice takes the restored reading', async () => {
  const { engine: ocr, reads } = engine(restoredImage, sharpReading, [line('89', 10), line('00/e', 40)]);
  const extract = createExtract(ocr, createLogger('silent'), steps(2.5, restoredImage));
  const out = await extract(image(), { variant: 'general', autoRotate: false });
  assert.ok(out.ok);
  assert.equal(out.medical_result.note_no, '12345678');
  assert.equal(out.medical_result.patient_name, '王小明');
  assert.equal(reads.at(-1), restoredImage);
});

test('where both readings are invoices the first is kept, its empty key fields filled from the restored one', async () => {
  const { engine: ocr, reads } = engine(restoredImage);
  const extract = createExtract(ocr, createLogger('silent'), steps(2.5, restoredImage));
  const out = await extract(image(), { variant: 'general', autoRotate: false });
  assert.ok(out.ok);
  assert.equal(out.medical_result.patient_name, '王小明', 'the name the blurred page lost');
  assert.equal(reads.length, 2);
  assert.equal(reads[1], restoredImage);
});

test('a restoration that reads worse is dropped for the first reading', async () => {
  const worse = [line('北京市医疗门诊收费票据', 10, 0.3), line('西药费', 100, 0.3)];
  const { engine: ocr } = engine(restoredImage, worse);
  const extract = createExtract(ocr, createLogger('silent'), steps(2.5, restoredImage));
  const out = await extract(image(), { variant: 'general', autoRotate: false });
  assert.ok(out.ok);
  assert.equal(out.medical_result.total_cost, 12);
});

test('a page in focus is read once, never restored', async () => {
  const { engine: ocr, reads } = engine(restoredImage);
  let restoredCalls = 0;
  const pixels: PixelSteps = { ...IN_PROCESS_STEPS, measureDefocus: async () => 0, restoreDefocused: async (img) => { restoredCalls++; return img; } };
  const extract = createExtract(ocr, createLogger('silent'), pixels);
  await extract(image(), { variant: 'general', autoRotate: false });
  assert.equal(reads.length, 1);
  assert.equal(restoredCalls, 0);
});

test('key fields the kept reading left empty come from the other reading; fields both read stay', () => {
  const read = (lines: readonly OcrLine[]) => extractInvoice({ lines: [...lines], width: W, height: H, variant: 'general', qrPayloads: [] });
  const kept = read([line('北京市医疗门诊收费票据', 10), line('票据号码：87654321', 40), line('西药费', 100), line('12.00', 130)]);
  const filled = withFieldsFilled(kept, read(sharpReading));
  assert.ok(filled.ok && kept.ok);
  assert.equal(filled.result.patient_name, '王小明', 'the empty name is filled');
  assert.equal(filled.result.note_no, '87654321', 'a number both read stays the kept one');
  const none = read([line('89', 10)]);
  assert.equal(withFieldsFilled(none, read(sharpReading)), none, 'no invoice is never made one');
});

test('a restoration that fails leaves the page read as it is', async () => {
  const { engine: ocr, reads } = engine(restoredImage);
  const pixels: PixelSteps = { ...IN_PROCESS_STEPS, measureDefocus: async () => 2.5, restoreDefocused: async () => Promise.reject(new Error('worker lost')) };
  const out = await createExtract(ocr, createLogger('silent'), pixels)(image(), { variant: 'general', autoRotate: false });
  assert.ok(out.ok);
  assert.equal(out.medical_result.total_cost, 12);
  assert.equal(reads.length, 1);
});

test('an inpatient stay the kept reading missed is taken whole from the other reading, never mixed', () => {
  const read = (lines: readonly OcrLine[]) => extractInvoice({ lines: [...lines], width: W, height: H, variant: 'general', qrPayloads: [] });
  const head = [line('北京市医疗住院收费票据', 10), line('票据号码：87654321', 40), line('西药费', 100), line('12.00', 130)];
  const withStay = read([...head, line('入院日期：2021-03-01', 160), line('出院日期：2021-03-06', 190)]);
  assert.ok(withStay.ok && withStay.result.start_hospital_date !== '' && withStay.result.end_hospital_date !== '');
  const stayless = read(head);
  const filled = withFieldsFilled(stayless, withStay);
  assert.ok(filled.ok && stayless.ok);
  assert.equal(filled.result.start_hospital_date, '2021-03-01');
  assert.equal(filled.result.end_hospital_date, '2021-03-06');
  assert.equal(filled.result.hospital_days, withStay.result.hospital_days, 'the days of the dates taken');
  const oneDate = read([...head, line('入院日期：2021-02-27', 160)]);
  assert.ok(oneDate.ok && oneDate.result.start_hospital_date === '2021-02-27');
  const kept = withFieldsFilled(oneDate, withStay);
  assert.ok(kept.ok);
  assert.equal(kept.result.start_hospital_date, '2021-02-27', 'a stay half read stays the kept one');
  assert.equal(kept.result.end_hospital_date, '', 'no end date from another guess at the stay');
  const startOnly = read([...head, line('入院日期：2021-03-01', 160)]);
  const unfilled = withFieldsFilled(stayless, startOnly);
  assert.ok(unfilled.ok);
  assert.equal(unfilled.result.start_hospital_date, '', 'a stay the other reading read half is not taken');
});

test('a hospital name taken from the other reading brings its charging unit when the kept reading read none', () => {
  const read = (lines: readonly OcrLine[]) => extractInvoice({ lines: [...lines], width: W, height: H, variant: 'general', qrPayloads: [] });
  const head = [line('北京市医疗门诊收费票据', 10), line('票据号码：87654321', 40), line('西药费', 100), line('12.00', 130)];
  const withUnit = read([...head, line('收款单位：北京市朝阳医院', 160)]);
  assert.ok(withUnit.ok && withUnit.result.hospital_name !== '' && withUnit.result.charging_units !== '');
  const bare = read(head);
  assert.ok(bare.ok && bare.result.hospital_name === '' && bare.result.charging_units === '');
  const filled = withFieldsFilled(bare, withUnit);
  assert.ok(filled.ok);
  assert.equal(filled.result.hospital_name, withUnit.result.hospital_name);
  assert.equal(filled.result.charging_units, withUnit.result.charging_units);
  const ownUnit = { ...bare, result: { ...bare.result, charging_units: '朝阳区收费处' } };
  const kept = withFieldsFilled(ownUnit, withUnit);
  assert.ok(kept.ok);
  assert.equal(kept.result.charging_units, '朝阳区收费处', 'a charging unit the kept reading read stays');
});
