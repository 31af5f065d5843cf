import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import sharp from 'sharp';
import type { ClassifyResult } from '../../src/contract/classify.js';
import type { ExtractOutcome } from '../../src/http/operations.js';
import { LabelError, loadEvalSet } from '../../src/eval/labels.js';
import { paymentNamesFrom } from '../../src/eval/payment-names.js';
import { personalHash } from '../../src/eval/personal.js';
import { formatReport, percentile } from '../../src/eval/report.js';
import { evaluate } from '../../src/eval/run.js';

const root = mkdtempSync(join(tmpdir(), 'meddoc-eval-'));
after(() => rmSync(root, { recursive: true, force: true }));

const png = await sharp({ create: { width: 200, height: 160, channels: 3, background: '#ffffff' } }).png().toBuffer();

const classifyBody = {
  request_id: 'synthetic', status: 'OK', time_cost: 0,
  result: {
    classify_result: [{
      target_res: { bbox_region: [0, 0, 200, 160], qbox_region: [0, 0, 200, 0, 200, 160, 0, 160], direct: 'top' },
      qualify_res: { iscard: false, iscard_score: 0, isclear: true, isclear_score: 1, iscomplete: true, iscomplete_score: 1, isdocument: true, isdocument_score: 1, isoriginal: true, isoriginal_score: 1 },
      ocr_res: { titles: ['门诊收费票据'], title_regions: [], texts: ['门诊收费票据'], text_regions: [[0, 0, 100, 0, 100, 20, 0, 20]] },
      class_res: { root_cls: '费用类票据', sub_cls: '门诊发票', root_cls_is_credible: 1, sub_cls_is_credible: 1 },
    }],
    seals: [[10, 10, 60, 10, 60, 60, 10, 60]],
  },
};

function generatorSet(): string {
  const dir = join(root, 'synth');
  mkdirSync(dir);
  writeFileSync(join(dir, 'a.png'), png);
  writeFileSync(join(dir, 'a.json'), JSON.stringify({
    classify: classifyBody,
    extract: { request_id: 'synthetic', status: 'OK', degree: 0, medical_result: { note_no: '0012', total_cost: 12.5, type: 1, cost_categories: [{ name: '西药费', cost: 12.5 }], cost_detail_list: [{ ocr_name: '阿莫西林', cost: 12.5 }], payments_info: [], checksum: { cost_categories: 1, total_cost: -1 } } },
    variant: 'beijing',
    lines: [{ text: '门诊收费票据', quad: [0, 0, 100, 0, 100, 20, 0, 20] }],
  }));
  writeFileSync(join(dir, 'b.png'), png);
  writeFileSync(join(dir, 'b.json'), JSON.stringify({ classify: classifyBody, extract: null, variant: null, lines: [] }));
  writeFileSync(join(dir, 'unlabelled.png'), png);
  return dir;
}

/** A label written since session 5, naming parts printed out of the frame. */
function generatorSetWithUnreadable(): string {
  const dir = join(root, 'synth-unreadable');
  mkdirSync(dir);
  writeFileSync(join(dir, 'c.png'), png);
  writeFileSync(join(dir, 'c.json'), JSON.stringify({
    classify: classifyBody,
    extract: { request_id: 'synthetic', status: 'OK', degree: 0, medical_result: { note_no: '0012', patient_name: '王五', total_cost: 12.5, cost_categories: [{ name: '西药费', cost: 10 }, { name: '治疗费', cost: 2.5 }], cost_detail_list: [], payments_info: [] } },
    variant: 'beijing', lines: [], unreadable: ['patient_name', 'cost_categories:治疗费'],
  }));
  return dir;
}

function realSet(): string {
  const dir = join(root, 'real');
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'src', 'inv.jpg'), png);
  writeFileSync(join(dir, 'labels.json'), JSON.stringify({
    'src/inv.jpg': {
      documents: 1, direct: 'top', root_cls: '费用类票据', sub_cls: '住院发票', titles: ['X'], seal_count: 2,
      quality: { isclear: true, iscomplete: true, isoriginal: false },
      invoice: {
        province: 'jilin', electronic: false, type: 2, note_no: null, total_cost: 99.5, hospital_name: '甲医院', check_code: '123',
        patient_name: { sha256: personalHash('李四') }, social_security_card_no: null,
        cost_categories: [{ name: '床位费', cost: 99.5 }],
        payments_info: [{ name: '统筹支付', cost: 50 }, { name: '个人现金支付', cost: null }],
        sum_check: 1, unreadable: ['check_code', 'payments_info:核酸检测…(under seal)'],
      },
    },
  }));
  return dir;
}

const synthDir = generatorSet();
const realDir = realSet();

test('generator labels: one case per image with a NAME.json; classify, extract, variant and lines read', () => {
  const cases = loadEvalSet(synthDir);
  assert.deepEqual(cases.map((c) => c.name), ['a.png', 'b.png']);
  const [a, b] = cases;
  assert.equal(a!.source, 'synthetic');
  assert.equal(a!.classify!.documentCount, 1);
  assert.equal(a!.classify!.seals!.length, 1);
  assert.equal(a!.classify!.lines!.length, 1);
  assert.equal(a!.extract!.variant, 'beijing');
  assert.deepEqual(a!.extract!.fields, { note_no: '0012', total_cost: 12.5, type: 1 });
  assert.deepEqual(a!.extract!.lists.cost_detail_list, [{ names: ['阿莫西林'], cost: 12.5 }]);
  assert.deepEqual(a!.extract!.checksum, { cost_categories: 1, total_cost: -1 });
  assert.equal(b!.extract, null);
  assert.deepEqual(a!.extract!.excluded, [], 'a label without `unreadable` excludes nothing');
});

test('generator labels: parts listed in `unreadable` are not scored (field dropped, list item excluded)', () => {
  const [c] = loadEvalSet(generatorSetWithUnreadable());
  assert.deepEqual(Object.keys(c.extract!.fields).sort(), ['note_no', 'total_cost']);
  assert.deepEqual(c.extract!.excluded, [{ list: 'cost_categories', names: ['治疗费'] }]);
});

test('real labels: nulls and unreadable fields left out, printed payment names widened by the alias table', () => {
  const names = paymentNamesFrom([{ printed: '统筹支付', name: '医保统筹基金支付' }]);
  const [c] = loadEvalSet(realDir, { paymentNames: names });
  assert.equal(c!.name, join('src', 'inv.jpg'));
  assert.equal(c!.classify!.sealCount, 2);
  assert.equal(c!.classify!.seals, null);
  assert.deepEqual(c!.classify!.documents[0]!.quality, { isclear: true, iscomplete: true, isoriginal: false });
  const e = c!.extract!;
  assert.equal(e.variant, 'jilin');
  assert.deepEqual(Object.keys(e.fields).sort(), ['hospital_name', 'patient_name', 'total_cost', 'type']);
  assert.deepEqual(e.lists.payments_info, [{ names: ['统筹支付', '医保统筹基金支付'], cost: 50 }]);
  assert.deepEqual(e.excluded.map((x) => x.names[0]).sort(), ['个人现金支付', '核酸检测']);
  assert.deepEqual(e.checksum, { cost_categories: 1 });
});

test('a malformed label names its file', () => {
  const dir = join(root, 'bad');
  mkdirSync(dir);
  writeFileSync(join(dir, 'x.png'), png);
  writeFileSync(join(dir, 'x.json'), JSON.stringify({ classify: { result: { classify_result: [{}] } } }));
  assert.throws(() => loadEvalSet(dir), (err: unknown) => err instanceof LabelError && err.message.startsWith('x.json'));
  assert.throws(() => loadEvalSet(join(root, 'missing')), LabelError);
});

test('evaluate runs the given operations on each labelled image and adds the scores up', async () => {
  const calls: string[] = [];
  const classify = async (): Promise<ClassifyResult> => {
    calls.push('classify');
    return classifyBody.result as ClassifyResult;
  };
  const extract = async (_image: unknown, options: { variant: string }): Promise<ExtractOutcome> => {
    calls.push(`extract:${options.variant}`);
    return { ok: false, found: 'nothing' };
  };
  const progress: number[] = [];
  const report = await evaluate(loadEvalSet(synthDir), {
    setName: 'synth', operations: { classify, extract } as never, ops: new Set(['classify', 'extract']),
    onProgress: (done) => progress.push(done),
  });
  assert.deepEqual(calls, ['classify', 'extract:beijing', 'classify']);
  assert.deepEqual(progress, [1, 2]);
  assert.deepEqual(report.classify!.root_cls, { right: 2, total: 2, rate: 1 });
  assert.deepEqual(report.classify!.seals_iou50!.f1, 1);
  // b.png labels no text line: everything read there is an insertion, counted against a's 6 characters.
  assert.deepEqual(report.classify!.cer, { edits: 6, reference_chars: 6, cer: 1 });
  assert.deepEqual(report.extract!.found, { right: 0, total: 1, rate: 0 });
  assert.equal(report.extract!.lists.cost_categories!.recall, 0);
  assert.equal(report.extract!.latency.n, 1);
  const table = formatReport(report);
  assert.match(table, /root_cls accuracy\s+100\.0 %\s+2\/2/);
  assert.match(table, /invoice found\s+0\.0 %/);
});

test('an operation missing from the build is reported as not scored, not as zero', async () => {
  const report = await evaluate(loadEvalSet(synthDir), { setName: 's', operations: {}, ops: new Set(['classify']) });
  assert.equal(report.classify, null);
  assert.match(report.skipped.classify!, /not available/);
  assert.match(formatReport(report), /classify: not scored/);
});

test('percentile is nearest-rank', () => {
  assert.equal(percentile([5, 1, 3, 2, 4], 50), 3);
  assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 100], 95), 19);
  assert.equal(percentile([], 50), null);
});
