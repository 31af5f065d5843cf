/** A: a blurred document's title row the text detector missed, found by its ink and read by the recogniser. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyImage } from '../../src/classify/classifier.js';
import { titleCandidates, unreadRows, weakTitlePlacement } from '../../src/classify/missed-title.js';
import { loadTaxonomy } from '../../src/classify/taxonomy.js';
import type { TextClassification } from '../../src/classify/text-classifier.js';
import { IN_PROCESS_STEPS, type PixelSteps } from '../../src/analysis/steps.js';
import { makeRgb } from '../../src/image/ops.js';
import { findTitleLines } from '../../src/image/title-lines.js';
import type { RgbImage } from '../../src/image/types.js';
import type { OcrLine, OcrResult, Quad8 } from '../../src/ocr/types.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

const tax = loadTaxonomy();

function fill(img: RgbImage, x0: number, y0: number, x1: number, y1: number, v = 40): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img.data.fill(v, (y * img.width + x) * 3, (y * img.width + x) * 3 + 3);
}

/** A card: four 30-px glyphs spaced out on one row near the top, body rows of 8-px glyphs below. */
function card(glyphs = 4): RgbImage {
  const img = makeRgb(600, 400);
  for (let k = 0; k < glyphs; k++) fill(img, 200 + k * 60, 40, 230 + k * 60, 70);
  for (let row = 0; row < 5; row++) for (let k = 0; k < 12; k++) fill(img, 150 + k * 16, 120 + row * 30, 158 + k * 16, 128 + row * 30);
  return img;
}

test('the tallest row of spaced-out glyphs is found, with a margin of paper; small print is not', () => {
  const rows = findTitleLines(card());
  assert.equal(rows.length, 1);
  const [x0, y0, x1, , , y1] = rows[0];
  assert.ok(x0 < 200 && x0 > 180, `left ${x0}`);
  assert.ok(x1 > 410 && x1 < 430, `right ${x1}`);
  assert.ok(y0 < 40 && y0 > 25, `top ${y0}`);
  assert.ok(y1 > 70 && y1 < 85, `bottom ${y1}`);
});

test('two blobs side by side are no line, and a rule is no glyph', () => {
  assert.equal(findTitleLines(card(2)).length, 0);
  const ruled = makeRgb(600, 400);
  fill(ruled, 20, 50, 580, 75);
  assert.equal(findTitleLines(ruled).length, 0);
});

function line(text: string, box: [number, number, number, number], score = 0.5): OcrLine {
  const [x0, y0, x1, y1] = box;
  return { text, score, quad: [x0, y0, x1, y0, x1, y1, x0, y1], chars: [] };
}

test('rows a line already read covers are not read again', () => {
  const row: Quad8 = [100, 40, 300, 40, 300, 70, 100, 70];
  assert.deepEqual(unreadRows([row], [line('业S', [90, 38, 310, 72])]), []);
  assert.deepEqual(unreadRows([row], [line('姓名', [100, 120, 200, 140])]), [row]);
});

test('a row read as one character or nothing is no title', () => {
  assert.deepEqual(titleCandidates([line('业', [0, 0, 10, 10]), line('', [0, 0, 10, 10])]), []);
  assert.equal(titleCandidates([line('毕业证书', [0, 0, 10, 10])]).length, 1);
});

function cls(root: string, titled: boolean): TextClassification {
  return { root_cls: root, sub_cls: null, root_cls_is_credible: 1, sub_cls_is_credible: 1, score: 2, runnerUp: 0, titled };
}

test('a placement from a found row is kept only on a title wording, and never credibly', () => {
  assert.equal(weakTitlePlacement(cls(tax.fallback, false), tax), null);
  assert.equal(weakTitlePlacement(cls('毕业证书', false), tax), null);
  const kept = weakTitlePlacement(cls('毕业证书', true), tax);
  assert.equal(kept?.root_cls, '毕业证书');
  assert.equal(kept?.root_cls_is_credible, -1);
  assert.equal(kept?.sub_cls_is_credible, -1);
  assert.equal(weakTitlePlacement({ ...cls('毕业证书', true), runnerUp: 1.9 }, tax), null, 'a row another root fits as well names neither');
});

test('a symbol read where the recogniser also saw characters gives way to the likeliest of them', () => {
  const row: OcrLine = {
    text: '#业证B',
    score: 0.5,
    quad: [0, 0, 10, 10, 0, 10, 0, 10],
    chars: [
      { char: '#', score: 0.3, x: 0.1, alternatives: [{ char: '华', score: 0.13 }, { char: '毕', score: 0.1 }] },
      { char: '业', score: 0.9, x: 0.4 },
      { char: '证', score: 0.6, x: 0.6 },
      { char: 'B', score: 0.4, x: 0.9 },
    ],
  };
  const [read] = titleCandidates([row]);
  assert.equal(read.text, '华业证B');
  assert.equal(read.chars[0].char, '华');
  assert.deepEqual(read.chars[0].alternatives, [{ char: '毕', score: 0.1 }]);
});

function result(lines: readonly OcrLine[]): OcrResult {
  return { angle: 0, lines: [...lines], timings: { decodeMs: 0, detectMs: 0, classifyMs: 0, recognizeMs: 0, postMs: 0, modelMs: 0, totalMs: 0 } };
}

const titleRow: Quad8 = [250, 40, 550, 40, 550, 80, 250, 80];

/** A blurred certificate: the detector finds one unreadable body line, the found row reads `rowText`. */
async function classifyBlurred(rowText: string, defocus: number) {
  const calls = { rows: 0, regions: 0 };
  const pixels: PixelSteps = {
    ...IN_PROCESS_STEPS,
    measureDefocus: async () => defocus,
    restoreDefocused: async (img) => ({ ...img, data: Buffer.from(img.data) }),
    findTitleLines: async () => {
      calls.rows++;
      return [titleRow];
    },
  };
  const image = await svgToRgb(page(800, 500, textLines(40, 110, 700, 8)));
  const res = await classifyImage({
    image,
    ocr: async () => result([line('闪区二', [100, 200, 300, 220], 0.3)]),
    ocrRegions: async (_img, quads) => {
      calls.regions++;
      return quads.map((q) => ({ text: rowText, score: 0.55, quad: q, chars: [] }));
    },
    pixels,
  });
  return { doc: res.classify_result[0], calls };
}

test('a blurred document left 其他 is placed, not credibly, by a title row the detector missed', async () => {
  const { doc, calls } = await classifyBlurred('毕业证书', 2.5);
  assert.equal(calls.rows, 1);
  assert.equal(doc.class_res.root_cls, '毕业证书');
  assert.equal(doc.class_res.root_cls_is_credible, -1);
  assert.ok(doc.ocr_res.titles.includes('毕业证书'));
});

test('a found row that names nothing leaves the document 其他, with the first reading reported', async () => {
  const { doc } = await classifyBlurred('华B', 2.5);
  assert.equal(doc.class_res.root_cls, '其他');
  assert.equal(doc.class_res.root_cls_is_credible, -1);
  assert.deepEqual(doc.ocr_res.texts, ['闪区二']);
});

test('a document in focus is not searched for missed rows', async () => {
  const { doc, calls } = await classifyBlurred('毕业证书', 0);
  assert.equal(calls.rows, 0);
  assert.equal(doc.class_res.root_cls, '其他');
});
