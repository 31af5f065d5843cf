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
    { name: '医保统筹基金支付', cost: 1.85 }, { name: '其他支付', cost: 10 }, { name: '个人账户支付', cost: 20 }, { name: '个人现金支付', cost: 8.15 },
  ];
  assert.deepEqual(restoreLostLeadingDigits(read, relations, 90).map((p) => p.cost), [51.85, 10, 20, 8.15]);
  assert.deepEqual(restoreLostLeadingDigits(read, relations, 91).map((p) => p.cost), [1.85, 10, 20, 8.15], 'no term ends the missing amount: left as read');
  const two = [{ name: '其他支付', cost: 5 }, { name: '个人账户支付', cost: 5 }, { name: '个人现金支付', cost: 0 }];
  assert.deepEqual(restoreLostLeadingDigits(two, relations, 20).map((p) => p.cost), [5, 5, 0], '15 ends in 5 for two terms: ambiguous');
});
