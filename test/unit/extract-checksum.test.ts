import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CostDetail } from '../../src/contract/extract.js';
import { checkPayments, computeChecksum, type ChecksumInput } from '../../src/extract/checksum.js';
import { extractTables } from '../../src/extract/tables.js';

const tables = extractTables();

function detail(cost: number, level: string, selfpay: number): CostDetail {
  return {
    ocr_name: 'x', cost, amount: 1, unit_price: cost, spec: '', unit: '', medical_level: level, selfpay_ratio: 0, selfpay,
    medical_type: 0, class: '', item_coding: '', origin_ocr_name: 'x', name: '', check_amount_unitprice_cost: 1,
  };
}

function input(over: Partial<ChecksumInput>): ChecksumInput {
  return {
    totalFigures: 100, totalCapital: 100, total: 100, capitalTexts: [], corroborations: [], categories: [], details: [], payments: [],
    province: undefined, type: 1, electronic: false, noteNo: '', noteNoReadings: [], billingDate: '',
    visitDates: [], today: '2024-06-01', ...over,
  };
}

test('total_cost: figures against capitals', () => {
  assert.equal(computeChecksum(input({})).total_cost, 1);
  assert.equal(computeChecksum(input({ totalCapital: 10 })).total_cost, 0);
  assert.equal(computeChecksum(input({ totalCapital: null })).total_cost, -1);
});

test('total_cost: a misread or cut 大写 line still agrees; other relations confirm the total', () => {
  const one = { totalFigures: 71.35, totalCapital: null, total: 71.35 };
  assert.equal(computeChecksum(input({ ...one, capitalTexts: ['柒拾壹元参角伍分'] })).total_cost, 1);
  assert.equal(computeChecksum(input({ ...one, capitalTexts: ['金额合计(大写)柒拾壹元叁'] })).total_cost, 1);
  assert.equal(computeChecksum(input({ ...one, capitalTexts: ['捌拾壹元叁角伍分'.replace('捌拾壹', '玖佰贰')] })).total_cost, -1);
  assert.equal(computeChecksum(input({ ...one, capitalTexts: ['元整'] })).total_cost, -1);
  assert.equal(computeChecksum(input({ ...one, corroborations: [71.35] })).total_cost, 1);
  assert.equal(computeChecksum(input({ ...one, corroborations: [70] })).total_cost, -1);
  // Figures and 大写 disagree, but the categories side with the figures: the 大写 was misread.
  assert.equal(computeChecksum(input({ totalCapital: 10, corroborations: [100] })).total_cost, 1);
});

test('cost_categories and cost_detail_list: sums against the total', () => {
  const ok = computeChecksum(input({ categories: [{ name: 'a', cost: 40.5 }, { name: 'b', cost: 59.5 }], details: [detail(100, '', 0)] }));
  assert.equal(ok.cost_categories, 1);
  assert.equal(ok.cost_detail_list, 1);
  const bad = computeChecksum(input({ categories: [{ name: 'a', cost: 40 }], details: [detail(99, '', 0)] }));
  assert.equal(bad.cost_categories, 0);
  assert.equal(bad.cost_detail_list, 0);
  const none = computeChecksum(input({}));
  assert.equal(none.cost_categories, -1);
  assert.equal(none.cost_detail_list, -1);
});

test('note_no and billing_date: only Beijing outpatient paper invoices', () => {
  const beijing = tables.provinces.get('beijing')!;
  const base = { province: beijing, noteNo: '0123456789', billingDate: '2024-05-01', visitDates: ['2024-05-01'] };
  const bj = computeChecksum(input(base));
  assert.equal(bj.note_no, 1);
  assert.equal(bj.billing_date, 1);
  const badShape = computeChecksum(input({ ...base, noteNo: '12345' }));
  assert.equal(badShape.note_no, 0);
  const future = computeChecksum(input({ ...base, billingDate: '2025-01-01' }));
  assert.equal(future.billing_date, 0);
  for (const over of [{ type: 2 }, { electronic: true }, { province: tables.provinces.get('shanghai')! }]) {
    const c = computeChecksum(input({ ...base, ...over }));
    assert.equal(c.note_no, -1, JSON.stringify(Object.keys(over)));
    assert.equal(c.billing_date, -1);
  }
});

test('payments_class_b / payments_class_c: Beijing, Shanghai, Zhejiang outpatient paper only', () => {
  const details = [detail(50, '乙', 5), detail(30, '丙', 30), detail(20, '甲', 0)];
  const payments = [{ name: '自付二', cost: 5 }, { name: '个人自费', cost: 30 }];
  for (const p of ['beijing', 'shanghai', 'zhejiang'] as const) {
    const c = computeChecksum(input({ province: tables.provinces.get(p)!, details, payments }));
    assert.equal(c.payments_class_b, 1, p);
    assert.equal(c.payments_class_c, 1, p);
  }
  const wrong = computeChecksum(input({ province: tables.provinces.get('shanghai')!, details, payments: [{ name: '自付二', cost: 6 }, { name: '个人自费', cost: 3 }] }));
  assert.equal(wrong.payments_class_b, 0);
  assert.equal(wrong.payments_class_c, 0);
  for (const p of ['jiangsu', 'guangdong', 'henan'] as const) {
    const c = computeChecksum(input({ province: tables.provinces.get(p)!, details, payments }));
    assert.equal(c.payments_class_b, -1, p);
    assert.equal(c.payments_class_c, -1, p);
  }
  const inpatient = computeChecksum(input({ province: tables.provinces.get('beijing')!, details, payments, type: 2 }));
  assert.equal(inpatient.payments_class_b, -1);
});

test('payment check_info from the relations of the table', () => {
  const items = checkPayments(
    [
      { name: '预缴金额', cost: 10024 }, { name: '补缴金额', cost: 0 }, { name: '退费金额', cost: -0.92 },
      { name: '医保统筹基金支付', cost: 3772.58 }, { name: '其他支付', cost: 0 }, { name: '个人账户支付', cost: 0 },
      { name: '个人现金支付', cost: 10023.08 }, { name: '起付标准', cost: 1000 },
    ],
    tables.paymentRelations,
    13795.66,
  );
  const info = Object.fromEntries(items.map((i) => [i.name, i.check_info]));
  assert.equal(info['医保统筹基金支付'], 1);
  assert.equal(info['个人现金支付'], 1);
  assert.equal(info['退费金额'], 1, 'a refund printed negative still settles the deposit');
  assert.equal(info['起付标准'], -1, 'no relation names it');
  const broken = checkPayments(
    [{ name: '医保统筹基金支付', cost: 1 }, { name: '个人账户支付', cost: 2 }, { name: '个人现金支付', cost: 3 }],
    tables.paymentRelations,
    100,
  );
  assert.ok(broken.every((i) => i.check_info === 0));
});

test('class B / C self-pay without graded detail rows: a part of what the patient paid', () => {
  const shanghai = tables.provinces.get('shanghai');
  const paid = [{ name: '个人账户支付', cost: 30 }, { name: '个人现金支付', cost: 50 }];
  const ok = computeChecksum(input({ province: shanghai, payments: [...paid, { name: '自付二', cost: 12.5 }, { name: '个人自费', cost: 80 }] }));
  assert.equal(ok.payments_class_b, 1);
  assert.equal(ok.payments_class_c, 1, 'equal to account + cash is still a part');
  const over = computeChecksum(input({ province: shanghai, payments: [...paid, { name: '自付二', cost: 80.5 }] }));
  assert.equal(over.payments_class_b, 0, 'more than the patient paid');
  assert.equal(over.payments_class_c, -1, 'not printed: not checked');
  const byTotal = computeChecksum(input({ province: shanghai, payments: [{ name: '自付二', cost: 120 }] }));
  assert.equal(byTotal.payments_class_b, 0, 'without the split, the total bounds it');
  const electronic = computeChecksum(input({ province: shanghai, electronic: true, payments: [...paid, { name: '自付二', cost: 12.5 }] }));
  assert.equal(electronic.payments_class_b, -1, 'only paper outpatient invoices');
});
