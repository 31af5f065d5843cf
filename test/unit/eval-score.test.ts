import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClassifyDocument, ClassifyResult } from '../../src/contract/classify.js';
import type { MedicalResult } from '../../src/contract/extract.js';
import { personalHash } from '../../src/eval/personal.js';
import { ClassifyTally, ExtractTally } from '../../src/eval/report.js';
import { fieldMatches, scoreClassify, scoreExtract } from '../../src/eval/score.js';
import type { ClassifyTruth, ExtractTruth } from '../../src/eval/truth.js';

function doc(root: string, sub: string | null, box: number[], over: Partial<{ direct: 'top' | 'left'; isclear: boolean; texts: string[]; regions: number[][] }> = {}): ClassifyDocument {
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  return {
    target_res: { bbox_region: box, qbox_region: [x0, y0, x1, y0, x1, y1, x0, y1], direct: over.direct ?? 'top' },
    qualify_res: { iscard: false, iscard_score: 0, isclear: over.isclear ?? true, isclear_score: 1, iscomplete: true, iscomplete_score: 1, isdocument: true, isdocument_score: 1, isoriginal: true, isoriginal_score: 1 },
    ocr_res: { titles: ['门诊收费票据'], title_regions: [], texts: over.texts ?? [], text_regions: over.regions ?? [] },
    class_res: { root_cls: root, sub_cls: sub, root_cls_is_credible: 1, sub_cls_is_credible: sub ? 1 : -1 },
  };
}

const seal = (x: number, y: number): number[] => [x, y, x + 50, y, x + 50, y + 50, x, y + 50];

const truth: ClassifyTruth = {
  documentCount: 2,
  documents: [
    { root: '费用类票据', sub: '门诊发票', direct: 'top', quality: { isclear: true, iscomplete: true }, box: [0, 0, 100, 100], titles: ['门诊 收费票据'] },
    { root: '居民身份证', sub: null, direct: 'left', quality: { isclear: false }, box: [200, 0, 300, 100], titles: null },
  ],
  seals: [seal(10, 10), seal(500, 500)],
  sealCount: 2,
  lines: [{ text: '门诊收费', quad: [0, 0, 40, 0, 40, 10, 0, 10] }, { text: '合计', quad: [0, 20, 40, 20, 40, 30, 0, 30] }],
};

test('documents are paired by box, then class, direction and quality are scored per labelled document', () => {
  const result: ClassifyResult = {
    // Detected in the other order: pairing is by overlap, not by position in the list.
    classify_result: [
      doc('居民身份证', null, [205, 0, 300, 100], { direct: 'top', isclear: true }),
      doc('费用类票据', '住院发票', [0, 0, 100, 98], { texts: ['合计', '门诊收费'], regions: [[0, 20, 40, 20, 40, 30, 0, 30], [0, 0, 40, 0, 40, 10, 0, 10]] }),
    ],
    seals: [seal(12, 10), seal(900, 900), seal(11, 11)],
  };
  const score = scoreClassify(truth, result);
  assert.equal(score.documentCountRight, true);
  const [invoice, card] = score.documents;
  assert.equal(invoice!.rootRight, true);
  assert.equal(invoice!.subRight, false);
  assert.equal(invoice!.predictedClass, '费用类票据/住院发票');
  assert.equal(invoice!.titlesFound, 1);
  assert.equal(card!.subRight, null);
  assert.equal(card!.directRight, false);
  assert.deepEqual(card!.quality, { isclear: false });
  assert.deepEqual(score.sealsByIou, { tp: 1, predicted: 3, reference: 2 });
  assert.equal(score.sealCountRight, false);
  // The service's lines are put in reading order before joining: no error although listed reversed.
  assert.deepEqual(score.cer, { edits: 0, refLength: 6 });
});

test('the report lists each document wrong somewhere, with its image and the figures it missed', () => {
  const result: ClassifyResult = {
    classify_result: [
      doc('居民身份证', null, [205, 0, 300, 100], { direct: 'top', isclear: true }),
      doc('费用类票据', '门诊发票', [0, 0, 100, 98]),
    ],
    seals: [],
  };
  const tally = new ClassifyTally();
  tally.add(scoreClassify(truth, result), 10, 'right-invoice.png');
  tally.add(scoreClassify(truth, null), null, 'failed.png');
  assert.deepEqual(tally.report().misses, [
    { image: 'right-invoice.png', truth: '居民身份证', predicted: '居民身份证', wrong: ['direct', 'isclear'] },
    { image: 'failed.png', truth: '费用类票据/门诊发票', predicted: '(no document)', wrong: ['root_cls', 'sub_cls', 'direct', 'isclear', 'iscomplete'] },
    { image: 'failed.png', truth: '居民身份证', predicted: '(no document)', wrong: ['root_cls', 'direct', 'isclear'] },
  ]);
});

test('the report lists each image with a missed or extra seal, by count', () => {
  const tally = new ClassifyTally();
  const withSeals = (seals: number[][]): ClassifyResult => ({ classify_result: [], seals });
  tally.add(scoreClassify(truth, withSeals([seal(12, 10), seal(900, 900)])), 10, 'extra.png');
  tally.add(scoreClassify(truth, withSeals([])), 10, 'missed.png');
  tally.add(scoreClassify(truth, withSeals(truth.seals!)), 10, 'right.png');
  assert.deepEqual(tally.report().seal_misses, [
    { image: 'extra.png', missed: 1, extra: 1 },
    { image: 'missed.png', missed: 2, extra: 0 },
  ]);
});

test('a failed classification scores every labelled fact as wrong, and the whole text as deleted', () => {
  const score = scoreClassify(truth, null);
  assert.equal(score.documentCountRight, false);
  assert.ok(score.documents.every((d) => !d.rootRight && d.predictedClass === null));
  assert.deepEqual(score.cer, { edits: 6, refLength: 6 });
});

test('without labelled boxes the single labelled document goes with the largest detection', () => {
  const real: ClassifyTruth = { ...truth, documentCount: 1, documents: [{ ...truth.documents[1]!, box: null }], seals: null, lines: null, sealCount: 0 };
  const result: ClassifyResult = { classify_result: [doc('其他', null, [0, 0, 10, 10]), doc('居民身份证', null, [0, 0, 500, 300], { direct: 'left' })], seals: [] };
  const score = scoreClassify(real, result);
  assert.equal(score.documents[0]!.rootRight, true);
  assert.equal(score.documents[0]!.directRight, true);
  assert.equal(score.documentCountRight, false);
  assert.equal(score.sealCountRight, true);
  assert.equal(score.sealsByIou, null);
});

function medical(over: Partial<MedicalResult>): MedicalResult {
  const base: Record<string, unknown> = {};
  for (const key of ['note_title', 'note_no', 'patient_name', 'billing_date', 'hospital_name', 'start_hospital_date', 'end_hospital_date', 'medical_insurance_type', 'medical_organization_type', 'service_serial_no', 'social_security_card_no', 'charging_units', 'hospital_no', 'payee', 'reviewer', 'hospital_departments', 'work_unit', 'payment_channel', 'medical_insurance_no', 'medical_card_no', 'check_code', 'note_code', 'medical_record_no', 'unified_social_credit_code', 'treatment_date']) base[key] = '';
  return {
    ...(base as unknown as MedicalResult),
    type: 0, patient_gender: 0, hospital_days: 0, total_cost: 0,
    checksum: { total_cost: -1, cost_detail_list: -1, cost_categories: -1, note_no: -1, billing_date: -1, payments_class_b: -1, payments_class_c: -1 },
    cost_categories: [], cost_detail_list: [], payments_info: [],
    ...over,
  };
}

const invoiceTruth: ExtractTruth = {
  variant: 'e_invoice',
  degree: 0,
  fields: { total_cost: 123.4, hospital_name: '某某医院', patient_name: { sha256: personalHash('王五') }, type: 2 },
  lists: { cost_categories: [{ names: ['西药费'], cost: 100 }, { names: ['检查费'], cost: 23.4 }], payments_info: [{ names: ['个人现金支付'], cost: 23.4 }] },
  excluded: [{ list: 'payments_info', names: ['核酸检测'] }],
  checksum: { cost_categories: 1 },
};

test('extraction is scored field by field, list by list, with unreadable items left out of both sides', () => {
  const result = medical({
    total_cost: 123.4, hospital_name: '某某 医院', patient_name: '王 五', type: 1,
    cost_categories: [{ name: '西药费', cost: 100 }, { name: '检査费', cost: 23.4 }],
    payments_info: [{ name: '个人现金支付', cost: 23.4, check_info: 1 }, { name: '核酸检测补助', cost: 5, check_info: -1 }],
    checksum: { total_cost: -1, cost_detail_list: -1, cost_categories: 1, note_no: -1, billing_date: -1, payments_class_b: -1, payments_class_c: -1 },
  });
  const score = scoreExtract(invoiceTruth, { degree: 90, medical_result: result });
  assert.deepEqual(score.fields, { total_cost: true, hospital_name: true, patient_name: true, type: false });
  assert.deepEqual(score.lists.cost_categories, { tp: 1, predicted: 2, reference: 2 });
  assert.deepEqual(score.lists.payments_info, { tp: 1, predicted: 1, reference: 1 });
  assert.deepEqual(score.checksum, { cost_categories: true });
  assert.equal(score.degreeRight, false);
  assert.equal(score.found, true);
});

test('the visible fragment of an unreadable item (its line cut by the frame) is left out like the item', () => {
  const truth: ExtractTruth = {
    ...invoiceTruth,
    lists: { cost_detail_list: [{ names: ['维生素C片'], cost: 3 }] },
    excluded: [{ list: 'cost_detail_list', names: ['地高辛片'] }, { list: 'cost_detail_list', names: ['单硝酸异山梨酯缓释片'] }],
  };
  const detail = (ocr_name: string, cost: number): MedicalResult['cost_detail_list'][number] => ({
    ocr_name, cost, amount: 1, unit_price: cost, spec: '', unit: '', medical_level: '', selfpay_ratio: 0, selfpay: 0,
    medical_type: 0, class: '', item_coding: '', origin_ocr_name: ocr_name, name: '', check_amount_unitprice_cost: 1,
  });
  const result = medical({
    cost_detail_list: [
      detail('辛片', 29.2), // cut at the left edge
      detail('分酸异山梨酯', 28.4), // cut at both ends, the half glyph misread
      detail('维生素C片', 3),
      detail('片', 9), // one character names no item: scored as an extra
      detail('布洛芬片', 12), // no part of an unreadable name: an extra
    ],
  });
  const score = scoreExtract(truth, { degree: 0, medical_result: result });
  assert.deepEqual(score.lists.cost_detail_list, { tp: 1, predicted: 3, reference: 1 });
});

test('an invoice not found misses every field and item', () => {
  const score = scoreExtract(invoiceTruth, null);
  assert.equal(score.found, false);
  assert.ok(Object.values(score.fields).every((ok) => !ok));
  assert.deepEqual(score.lists.cost_categories, { tp: 0, predicted: 0, reference: 2 });
  assert.deepEqual(score.checksum, { cost_categories: false });
});

test('fieldMatches: amounts at two decimals, empty never matches a hashed value', () => {
  assert.ok(fieldMatches(10.001, 10));
  assert.ok(!fieldMatches(10.01, 10));
  assert.ok(!fieldMatches({ sha256: personalHash('') }, ''));
  assert.ok(!fieldMatches('2', 2));
});

test('the extract report lists each invoice wrong somewhere by field and list names, no values', () => {
  const result = medical({
    total_cost: 123.4, hospital_name: '某某医院', patient_name: '王五', type: 1,
    cost_categories: [{ name: '西药费', cost: 100 }, { name: '检査费', cost: 23.4 }],
    payments_info: [{ name: '个人现金支付', cost: 23.4, check_info: 1 }],
    checksum: { total_cost: -1, cost_detail_list: -1, cost_categories: 1, note_no: -1, billing_date: -1, payments_class_b: -1, payments_class_c: -1 },
  });
  const tally = new ExtractTally();
  tally.add(scoreExtract(invoiceTruth, { degree: 0, medical_result: result }), 10, 'a.jpg');
  tally.add(scoreExtract(invoiceTruth, { degree: 0, medical_result: { ...result, type: 2, cost_categories: [{ name: '西药费', cost: 100 }, { name: '检查费', cost: 23.4 }] } }), 10, 'right.jpg');
  tally.add(scoreExtract(invoiceTruth, null), 12, 'b.jpg');
  const misses = tally.report().misses;
  assert.deepEqual(misses, [
    { image: 'a.jpg', wrong: ['type', 'cost_categories -1 +1'] },
    { image: 'b.jpg', wrong: ['not found'] },
  ]);
  assert.ok(!JSON.stringify(misses).includes('王五'), 'no values in the misses');
});

test('invoices labelled unclear count in every figure and are left out of clear_photos only', () => {
  const result = medical({ total_cost: 123.4, hospital_name: '某某医院', patient_name: '王五', type: 2 });
  const tally = new ExtractTally();
  tally.add(scoreExtract(invoiceTruth, { degree: 0, medical_result: result }), 10, 'clear.jpg');
  tally.add(scoreExtract(invoiceTruth, null), 10, 'blurred.jpg', true);
  const report = tally.report();
  assert.equal(report.fields.patient_name?.total, 2);
  assert.equal(report.fields.patient_name?.right, 1);
  assert.equal(report.clear_photos.invoices, 1);
  assert.equal(report.clear_photos.unclear, 1);
  assert.deepEqual(report.clear_photos.fields.patient_name, { right: 1, total: 1, rate: 1 });
  assert.equal(report.clear_photos.key_fields.total, report.key_fields.total / 2);
  assert.deepEqual(report.misses.find((m) => m.image === 'blurred.jpg'), { image: 'blurred.jpg', wrong: ['not found'], unclear: true });
});
