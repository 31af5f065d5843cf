/** The classifier end to end over drawn pages with a fake OCR built from known lines. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyImage } from '../../src/classify/classifier.js';
import { IN_PROCESS_STEPS, type PixelSteps } from '../../src/analysis/steps.js';
import type { RgbImage } from '../../src/image/types.js';
import type { OcrLine, OcrResult, PageAngle, Quad8 } from '../../src/ocr/types.js';
import { page, roundSeal, svgToRgb, textLines } from './seals-draw.js';

interface Known {
  text: string;
  box: [number, number, number, number];
}

function line(k: Known, score = 0.95): OcrLine {
  const [x0, y0, x1, y1] = k.box;
  const quad: Quad8 = [x0, y0, x1, y0, x1, y1, x0, y1];
  return { text: k.text, score, quad, chars: [] };
}

/** An OCR that "reads" the given lines and reports the given page angle. */
function fakeOcr(known: Known[], angle: PageAngle = 0, calls: { regions: number } = { regions: 0 }) {
  const ocr = async (_region: RgbImage): Promise<OcrResult> => ({
    angle,
    lines: known.map((k) => line(k)),
    timings: { decodeMs: 0, detectMs: 0, classifyMs: 0, recognizeMs: 0, postMs: 0, modelMs: 0, totalMs: 0 },
  });
  return { ocr, calls };
}

const invoiceLines: Known[] = [
  { text: '河南省医疗住院收费票据（电子）', box: [200, 40, 600, 80] },
  { text: '票据代码：41060121', box: [40, 110, 260, 130] },
  { text: '交款人：某某', box: [40, 140, 200, 160] },
  { text: '住院时间：2021-04-01至2021-04-12', box: [40, 170, 420, 190] },
  { text: '项目名称 金额 床位费 120.00 西药费 3000.00', box: [40, 200, 700, 220] },
  { text: '医保统筹基金支付：1000.00 个人现金支付：2120.00', box: [40, 230, 700, 250] },
  { text: '收款单位（章）：某某医院', box: [40, 300, 330, 320] },
];

test('an electronic inpatient bill with a seal: class, titles, texts, regions and the seal', async () => {
  const img = await svgToRgb(page(800, 500, textLines(40, 110, 700, 8) + roundSeal(180, 330, 70, 70, '#d01010')));
  const { ocr } = fakeOcr(invoiceLines);
  const res = await classifyImage({ image: img, ocr });
  assert.equal(res.classify_result.length, 1);
  const doc = res.classify_result[0];
  assert.equal(doc.class_res.root_cls, '费用类票据');
  assert.equal(doc.class_res.sub_cls, '住院电子发票');
  assert.equal(doc.class_res.root_cls_is_credible, 1);
  assert.equal(doc.class_res.sub_cls_is_credible, 1);
  assert.deepEqual(doc.ocr_res.titles, ['河南省医疗住院收费票据（电子）']);
  assert.deepEqual(doc.ocr_res.title_regions[0], [200, 40, 600, 40, 600, 80, 200, 80]);
  assert.equal(doc.ocr_res.texts.length, invoiceLines.length);
  assert.equal(doc.target_res.direct, 'top');
  assert.equal(res.seals.length, 1);
  for (const v of Object.values(doc.qualify_res)) if (typeof v === 'number') assert.ok(v >= 0 && v <= 1);
});

test('the OCR page angle becomes direct: 90 -> left, 180 -> down, 270 -> right', async () => {
  const img = await svgToRgb(page(400, 300, textLines(20, 20, 360, 6)));
  for (const [angle, direct] of [[90, 'left'], [180, 'down'], [270, 'right']] as const) {
    const { ocr } = fakeOcr([{ text: '出院记录', box: [100, 10, 200, 40] }], angle);
    const res = await classifyImage({ image: img, ocr });
    assert.equal(res.classify_result[0].target_res.direct, direct);
  }
});

test('a line crossed by a seal is read again on seal-suppressed pixels and the better reading kept', async () => {
  const img = await svgToRgb(page(800, 500, textLines(40, 110, 700, 8) + roundSeal(180, 310, 70, 70, '#d01010')));
  const known = invoiceLines.map((k) => (k.text.startsWith('收款单位') ? { ...k, text: '收款单位（章）：某#医' } : k));
  const { ocr } = fakeOcr(known);
  let asked: Quad8[] = [];
  const ocrRegions = async (region: RgbImage, quads: Quad8[]): Promise<OcrLine[]> => {
    asked = quads;
    // The pixels handed over have the red ink made grey: no strongly red pixel is left in the seal.
    let red = 0;
    for (let y = 250; y < 370; y++) for (let x = 120; x < 240; x++) {
      const p = (y * region.width + x) * 3;
      if (region.data[p] - region.data[p + 1] > 80) red++;
    }
    assert.equal(red, 0);
    return quads.map((q) => ({ text: '收款单位（章）：某某医院', score: 0.99, quad: q, chars: [] }));
  };
  const res = await classifyImage({ image: img, ocr, ocrRegions });
  assert.ok(asked.length >= 1);
  assert.ok(res.classify_result[0].ocr_res.texts.includes('收款单位（章）：某某医院'));
});

test('a blank page is one document of class 其他, not credible', async () => {
  const img = await svgToRgb(page(600, 800, ''));
  const { ocr } = fakeOcr([]);
  const res = await classifyImage({ image: img, ocr });
  assert.equal(res.classify_result.length, 1);
  assert.deepEqual(res.classify_result[0].class_res, { root_cls: '其他', sub_cls: null, root_cls_is_credible: -1, sub_cls_is_credible: -1 });
  assert.equal(res.classify_result[0].qualify_res.isdocument, false);
  assert.deepEqual(res.seals, []);
});

test('a noise image (a photo of nothing) is 其他, not credible', async () => {
  const w = 400;
  const h = 300;
  const data = Buffer.alloc(w * h * 3);
  let seed = 99;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = 90 + (seed & 0x3f);
  }
  const { ocr } = fakeOcr([{ text: '丨一', box: [10, 10, 40, 30] }]);
  const res = await classifyImage({ image: { data, width: w, height: h, channels: 3 }, ocr });
  assert.ok(res.classify_result.length >= 1);
  for (const d of res.classify_result) {
    assert.equal(d.class_res.root_cls, '其他');
    assert.equal(d.class_res.root_cls_is_credible, -1);
  }
});

test('iscard follows the class once placed: a diploma page is a certificate, an ID-1 shaped bill is a document', async () => {
  const diploma = await svgToRgb(page(700, 500, textLines(40, 120, 600, 6)));
  const diplomaLines: Known[] = [
    { text: '毕业证书', box: [280, 30, 420, 80] },
    { text: '学生 某某 性别 男', box: [40, 120, 400, 140] },
    { text: '专业 临床医学 学习期满 成绩合格 准予毕业', box: [40, 160, 600, 180] },
    { text: '校长 某某 证书编号 100001', box: [40, 200, 500, 220] },
  ];
  const d = (await classifyImage({ image: diploma, ocr: fakeOcr(diplomaLines).ocr })).classify_result[0];
  assert.equal(d.class_res.root_cls, '毕业证书');
  assert.equal(d.qualify_res.iscard, true);
  assert.equal(d.qualify_res.isdocument, false);
  // ID-1 proportions (1.586) but a bill.
  const bill = await svgToRgb(page(634, 400, textLines(40, 110, 560, 6)));
  const b = (await classifyImage({ image: bill, ocr: fakeOcr(invoiceLines.map((k) => ({ ...k, box: [k.box[0] * 0.75, k.box[1] * 0.75, k.box[2] * 0.75, k.box[3] * 0.75] as [number, number, number, number] }))).ocr })).classify_result[0];
  assert.equal(b.class_res.root_cls, '费用类票据');
  assert.equal(b.qualify_res.iscard, false);
  assert.equal(b.qualify_res.isdocument, true);
});

test('a photo of a wall (a plain tinted gradient, nothing read) is 其他, not credible', async () => {
  const wall = await svgToRgb(page(800, 600, '<defs><linearGradient id="w"><stop offset="0" stop-color="#d8c8a8"/><stop offset="1" stop-color="#a89878"/></linearGradient></defs><rect width="800" height="600" fill="url(#w)"/>'));
  const { ocr } = fakeOcr([]);
  const res = await classifyImage({ image: wall, ocr });
  assert.ok(res.classify_result.length >= 1);
  for (const d of res.classify_result) assert.deepEqual(d.class_res, { root_cls: '其他', sub_cls: null, root_cls_is_credible: -1, sub_cls_is_credible: -1 });
});

test('an unsure card is read once more around its quad for a lost title band; a blank page is read once', async () => {
  let calls = 0;
  const counting = (lines: Known[]) => async (region: RgbImage): Promise<OcrResult> => {
    calls++;
    return (await fakeOcr(lines).ocr(region));
  };
  await classifyImage({ image: await svgToRgb(page(600, 800, '')), ocr: counting([]) });
  assert.equal(calls, 1);
  calls = 0;
  // Fields of a card with no title wording: unsure and untitled, so its surroundings are read again.
  const fields: Known[] = [{ text: '姓名 某某', box: [40, 40, 200, 60] }, { text: '性别 男', box: [40, 80, 200, 100] }, { text: '单位 某某医院', box: [40, 120, 300, 140] }];
  const res = await classifyImage({ image: await svgToRgb(page(600, 380, textLines(40, 40, 300, 3))), ocr: counting(fields) });
  assert.equal(calls, 2);
  assert.equal(res.classify_result[0].class_res.root_cls_is_credible, -1);
});

test("a document the page analysis found under another is reported incomplete; the same one free is complete", async () => {
  const img = await svgToRgb(page(800, 500, textLines(40, 110, 700, 8)));
  const { ocr } = fakeOcr(invoiceLines);
  // The page analysis judges overlap with all documents at hand; the classifier hands each one its verdict.
  const withVerdict = (occluded: boolean): PixelSteps => ({
    ...IN_PROCESS_STEPS,
    analysePage: async (image) => {
      const found = await IN_PROCESS_STEPS.analysePage(image);
      return { ...found, occluded: found.documents.map(() => occluded) };
    },
  });
  const free = await classifyImage({ image: img, ocr, pixels: withVerdict(false) });
  const under = await classifyImage({ image: img, ocr, pixels: withVerdict(true) });
  assert.equal(free.classify_result.length, 1);
  assert.equal(free.classify_result[0].qualify_res.iscomplete, true);
  assert.equal(under.classify_result[0].qualify_res.iscomplete, false);
  assert.ok(under.classify_result[0].qualify_res.iscomplete_score < free.classify_result[0].qualify_res.iscomplete_score);
});
