/** A: an out-of-focus document the first reading could not place is read again deconvolved. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyImage } from '../../src/classify/classifier.js';
import { needsSharperReading, placesBetter } from '../../src/classify/defocus-reread.js';
import { loadTaxonomy } from '../../src/classify/taxonomy.js';
import type { TextClassification } from '../../src/classify/text-classifier.js';
import { IN_PROCESS_STEPS, type PixelSteps } from '../../src/analysis/steps.js';
import type { RgbImage } from '../../src/image/types.js';
import type { OcrLine, OcrResult, Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

const tax = loadTaxonomy();

function line(text: string, box: [number, number, number, number], score = 0.95): OcrLine {
  const [x0, y0, x1, y1] = box;
  const quad: Quad8 = [x0, y0, x1, y0, x1, y1, x0, y1];
  return { text, score, quad, chars: [] };
}

/** An inpatient bill as a sharp page reads. */
const sharpLines = [
  line('河南省医疗住院收费票据（电子）', [200, 40, 600, 80]),
  line('票据代码：41060121', [40, 110, 260, 130]),
  line('住院时间：2021-04-01至2021-04-12', [40, 170, 420, 190]),
  line('项目名称 金额 床位费 120.00 西药费 3000.00', [40, 200, 700, 220]),
  line('医保统筹基金支付：1000.00 个人现金支付：2120.00', [40, 230, 700, 250]),
];
/** The same bill out of focus: strokes merged, one line found, nothing the classifier can place (one line: no title band is looked for). */
const blurredLines = [line('河南有区扩住阮收贵', [200, 40, 600, 80], 0.4)];

function result(lines: readonly OcrLine[]): OcrResult {
  return { angle: 0, lines: [...lines], timings: { decodeMs: 0, detectMs: 0, classifyMs: 0, recognizeMs: 0, postMs: 0, modelMs: 0, totalMs: 0 } };
}

/** Steps measuring the given defocus; the restored crop is a new image the fake OCR tells apart. */
function steps(defocus: number, calls: { measured: number; restored: RgbImage[] }): PixelSteps {
  return {
    ...IN_PROCESS_STEPS,
    measureDefocus: async () => {
      calls.measured++;
      return defocus;
    },
    restoreDefocused: async (img) => {
      const restored: RgbImage = { ...img, data: Buffer.from(img.data) };
      calls.restored.push(restored);
      return restored;
    },
  };
}

/** Reads `restoredLines` on a restored crop and `firstLines` on anything else; counts readings. */
function reader(calls: { restored: RgbImage[] }, firstLines: readonly OcrLine[], restoredLines: readonly OcrLine[]) {
  const reads: RgbImage[] = [];
  const ocr = async (img: RgbImage): Promise<OcrResult> => {
    reads.push(img);
    return result(calls.restored.includes(img) ? restoredLines : firstLines);
  };
  return { ocr, reads };
}

async function bill(): Promise<RgbImage> {
  return svgToRgb(page(800, 500, textLines(40, 110, 700, 8)));
}

test('a blurred document read as nothing placeable takes the restored reading and its class', async () => {
  const calls = { measured: 0, restored: [] as RgbImage[] };
  const { ocr, reads } = reader(calls, blurredLines, sharpLines);
  const res = await classifyImage({ image: await bill(), ocr, pixels: steps(2.5, calls) });
  const doc = res.classify_result[0];
  assert.equal(doc.class_res.root_cls, '费用类票据');
  assert.equal(doc.class_res.sub_cls, '住院电子发票');
  assert.equal(doc.class_res.root_cls_is_credible, 1);
  assert.deepEqual(doc.ocr_res.titles, ['河南省医疗住院收费票据（电子）']);
  assert.equal(doc.ocr_res.texts.length, sharpLines.length);
  assert.equal(reads.length, 2);
});

test('a document in focus is not restored: what stays unreadable stays 其他, not credible', async () => {
  const calls = { measured: 0, restored: [] as RgbImage[] };
  const { ocr, reads } = reader(calls, blurredLines, sharpLines);
  const res = await classifyImage({ image: await bill(), ocr, pixels: steps(0, calls) });
  const doc = res.classify_result[0];
  assert.equal(calls.measured, 1);
  assert.equal(calls.restored.length, 0);
  assert.equal(reads.length, 1);
  assert.equal(doc.class_res.root_cls, '其他');
  assert.equal(doc.class_res.root_cls_is_credible, -1);
});

test('blur past what deconvolution can undo is not restored', async () => {
  const calls = { measured: 0, restored: [] as RgbImage[] };
  const { ocr } = reader(calls, blurredLines, sharpLines);
  await classifyImage({ image: await bill(), ocr, pixels: steps(9, calls) });
  assert.equal(calls.restored.length, 0);
});

test('a restored reading that places nothing either keeps the first reading, 其他 and not credible', async () => {
  const calls = { measured: 0, restored: [] as RgbImage[] };
  const garbled = [line('闪区二', [200, 40, 600, 80], 0.3)];
  const { ocr, reads } = reader(calls, blurredLines, garbled);
  const res = await classifyImage({ image: await bill(), ocr, pixels: steps(2.5, calls) });
  const doc = res.classify_result[0];
  assert.equal(reads.length, 2);
  assert.equal(doc.class_res.root_cls, '其他');
  assert.equal(doc.class_res.root_cls_is_credible, -1);
  assert.deepEqual(doc.ocr_res.texts, blurredLines.map((l) => l.text), 'the first reading is reported');
});

test('a document placed credibly at first is neither measured nor read again', async () => {
  const calls = { measured: 0, restored: [] as RgbImage[] };
  const { ocr, reads } = reader(calls, sharpLines, blurredLines);
  const res = await classifyImage({ image: await bill(), ocr, pixels: steps(2.5, calls) });
  assert.equal(res.classify_result[0].class_res.root_cls, '费用类票据');
  assert.equal(calls.measured, 0);
  assert.equal(reads.length, 1);
});

test('a failed measurement or restoration leaves the first reading standing', async () => {
  const failing: PixelSteps = { ...IN_PROCESS_STEPS, measureDefocus: () => Promise.reject(new Error('busy')) };
  const { ocr } = reader({ restored: [] }, blurredLines, sharpLines);
  const res = await classifyImage({ image: await bill(), ocr, pixels: failing });
  assert.equal(res.classify_result[0].class_res.root_cls, '其他');
});

function cls(root: string, credible: 1 | -1, titled: boolean): TextClassification {
  return { root_cls: root, sub_cls: null, root_cls_is_credible: credible, sub_cls_is_credible: -1, score: 1, runnerUp: 0, titled };
}

test('firmness: placed beats 其他, credible beats not, titled beats untitled; equal is not better', () => {
  const other = cls(tax.fallback, -1, false);
  const weak = cls('费用类票据', -1, false);
  const titled = cls('费用类票据', -1, true);
  const credible = cls('费用类票据', 1, false);
  assert.ok(placesBetter(weak, other, tax));
  assert.ok(!placesBetter(other, weak, tax));
  assert.ok(placesBetter(credible, titled, tax));
  assert.ok(placesBetter(titled, weak, tax));
  assert.ok(!placesBetter(weak, weak, tax));
  assert.ok(!placesBetter({ ...weak, score: 9 }, weak, tax), 'a higher score alone is not a firmer placement');
});

test('only 其他 or an untitled, not credible class asks for a sharper reading', () => {
  assert.ok(needsSharperReading(cls(tax.fallback, -1, false), tax));
  assert.ok(needsSharperReading(cls('费用类票据', -1, false), tax));
  assert.ok(!needsSharperReading(cls('费用类票据', -1, true), tax));
  assert.ok(!needsSharperReading(cls('费用类票据', 1, false), tax));
});
