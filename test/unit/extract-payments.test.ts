import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import { Catalogue } from '../../src/extract/catalogue.js';
import { restoreLostPoints } from '../../src/extract/grid.js';
import { line } from './extract-lines.js';

const parts = new Set(['医保统筹基金支付', '其他支付', '个人账户支付', '个人现金支付']);

test('a decimal point OCR lost is put back only where the amount cannot be right', () => {
  const out = restoreLostPoints(
    [
      { name: '个人现金支付', cost: 728596, hasDecimals: false },
      { name: '个人账户支付', cost: 95, hasDecimals: false },
      { name: '预缴金额', cost: 20000, hasDecimals: false },
      { name: '其他支付', cost: 9999.5 },
    ],
    parts,
    8000,
  );
  assert.deepEqual(out.map((p) => p.cost), [7285.96, 95, 20000, 9999.5], 'a whole 95 fits; a deposit may exceed the total; decimals read are kept');
});

test('a payment word that is the value of a label is not a payment', () => {
  const lines = [
    line('福建省医疗门诊收费票据', 400, 40, 36, 40),
    line('西药费 331.00', 80, 200),
    line('合计（小写）331.00', 80, 300),
    line('医保类型：自费', 80, 400),
    line('个人自费：22.11', 600, 400),
    line('个人现金支付：331.00', 80, 440),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 600, variant: 'fujian', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.equal(out.result.medical_insurance_type, '自费');
  assert.deepEqual(out.result.payments_info.map((p) => [p.name, p.cost]), [['个人自费', 22.11], ['个人现金支付', 331]]);
});

test('a leading digit OCR lost under a label is put back when the total split then holds, for one term only', async () => {
  const { restoreLostLeadingDigits } = await import('../../src/extract/grid.js');
  const relations = [{ id: 'fund_split', sum: ['医保统筹基金支付', '其他支付', '个人账户支付', '个人现金支付'], minus: [], equals: '$total', minPresent: 3 }];
  const read = [
    { name: '医保统筹基金支付', cost: 1.85 }, { name: '其他支付', cost: 10 }, { name: '个人账户支付', cost: 20 }, { name: '个人现金支付', cost: 18.15 },
  ];
  assert.deepEqual(restoreLostLeadingDigits(read, relations, 100).map((p) => p.cost), [51.85, 10, 20, 18.15], '50 = 5 × 10: the one-digit term');
  assert.deepEqual(restoreLostLeadingDigits(read, relations, 101).map((p) => p.cost), [1.85, 10, 20, 18.15], 'a gap of 51 is no lost digit');
  assert.deepEqual(restoreLostLeadingDigits(read, relations, 250).map((p) => p.cost), [1.85, 10, 20, 18.15], '200 = 2 × 100 fits two terms: ambiguous');
  const zero = [{ name: '其他支付', cost: 0 }, { name: '个人账户支付', cost: 6382.4 }, { name: '个人现金支付', cost: 0 }];
  assert.deepEqual(restoreLostLeadingDigits(zero, relations, 66382.4).map((p) => p.cost), [0, 66382.4, 0], 'zeros lose no digit');
});

test('values printed half a line below their labels: the record number above is the row above\'s, the money ours', () => {
  const lines = [
    line('福建省医疗门诊收费票据', 400, 40, 36, 40),
    line('西药费 6507.50', 80, 200),
    line('合计（小写）6507.50', 80, 300),
    // Rows 28 px apart, every value printed 16 px low: 7748565 is nearer 预缴金额's line than 6507.50.
    line('病历号：', 80, 400),
    line('7748565', 190, 416),
    line('预缴金额：', 80, 428),
    line('6507.50', 190, 444),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 600, variant: 'fujian', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.payments_info.map((p) => [p.name, p.cost]), [['预缴金额', 6507.5]]);
});

test('seal letters stacked over an amount do not push it off its label\'s row', () => {
  const lines = [
    line('福建省医疗门诊收费票据', 400, 40, 36, 40),
    line('西药费 661.31', 80, 200),
    line('合计（小写）661.31', 80, 300),
    line('个人现金支付：', 80, 400),
    line('661.31', 222, 392),
    line('南', 240, 402),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 600, variant: 'fujian', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.payments_info.map((p) => [p.name, p.cost]), [['个人现金支付', 661.31]]);
});
