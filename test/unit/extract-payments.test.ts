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

test('a misread term of the total split is put back when exactly one term could be read that way', async () => {
  const { restoreFromSplit } = await import('../../src/extract/grid.js');
  const relations = [{ id: 'fund_split', sum: ['医保统筹基金支付', '其他支付', '个人账户支付', '个人现金支付'], minus: [], equals: '$total', minPresent: 3 }];
  const read = (cash: number, hasDecimals: boolean) => [
    { name: '医保统筹基金支付', cost: 1450.5 }, { name: '其他支付', cost: 0 }, { name: '个人账户支付', cost: 520.25 },
    { name: '个人现金支付', cost: cash, hasDecimals },
  ];
  const cash = (out: readonly { name: string; cost: number }[]) => out.find((p) => p.name === '个人现金支付')!.cost;
  assert.equal(cash(restoreFromSplit(read(179.74, true), relations, 2750.49)), 179.74, 'a changed figure nobody doubted: as read');
  assert.equal(cash(restoreFromSplit(read(17974, false), relations, 2750.49)), 17974, 'a point lost says nothing against a figure');
  assert.equal(cash(restoreFromSplit(read(1127, false), relations, 13242.35)), 11271.6, 'the end cut off');
  assert.equal(cash(restoreFromSplit(read(1127, true), relations, 13242.35)), 1127, 'decimals read: not a cut-off number');
  assert.equal(cash(restoreFromSplit(read(494, false), relations, 6925.74)), 4954.99, 'figures dropped from a reading without decimals');
  assert.equal(cash(restoreFromSplit(read(474, false), relations, 6925.74)), 474, 'a figure the amount does not have: as read');
  assert.equal(cash(restoreFromSplit(read(179.74, true), relations, 2500)), 179.74, 'the gap is no misread of any term');
  // 179.74 as read, figure by figure; the first figure is the one that differs from 779.74.
  const printedAs = (figureScores: number[]) => [
    ...read(0, true).slice(0, 3),
    { name: '个人现金支付', cost: 179.74, hasDecimals: true, wellFormed: true, figureScores, gapScores: [1, 1, 1, 0.99, 1] },
  ];
  assert.equal(cash(restoreFromSplit(printedAs([0.37, 0.71, 0.99, 1, 1]), relations, 2750.49)), 779.74, 'read as printed, the differing figure doubted');
  assert.equal(cash(restoreFromSplit(printedAs([0.99, 0.99, 0.99, 1, 1]), relations, 2750.49)), 179.74, 'read as printed with confidence: printed so');
  assert.equal(cash(restoreFromSplit(printedAs([0.99, 0.99, 0.99, 1, 0.5]), relations, 2750.49)), 179.74, 'a doubted figure elsewhere does not make the first one misread');
  const lostBesidePoint = [
    { name: '医保统筹基金支付', cost: 1450.5 }, { name: '其他支付', cost: 0 }, { name: '个人现金支付', cost: 779.74 },
    { name: '个人账户支付', cost: 561.54, hasDecimals: true, wellFormed: true, figureScores: [0.98, 0.88, 0.99, 0.93, 0.78], gapScores: [1, 1, 1, 0.73, 1] },
  ];
  assert.equal(restoreFromSplit(lostBesidePoint, relations, 7846.78)[3]!.cost, 5616.54, 'a figure lost where the point was doubted');
  // 10 -> 110 and 20.25 -> 120.25 both fit a gap of 100: ambiguous, left as read.
  const two = [{ name: '医保统筹基金支付', cost: 10 }, { name: '个人账户支付', cost: 20.25 }, { name: '个人现金支付', cost: 5.5 }];
  assert.deepEqual(restoreFromSplit(two, relations, 135.75).map((p) => p.cost), [10, 20.25, 5.5]);
  // Two of four terms read: the gap may be a term OCR lost, nothing is put back.
  const few = [{ name: '个人账户支付', cost: 20.25 }, { name: '个人现金支付', cost: 179.74 }];
  assert.deepEqual(restoreFromSplit(few, relations, 800).map((p) => p.cost), [20.25, 179.74]);
});

test('an amount read with one decimal lost a figure: the split puts it back', async () => {
  const { restoreFromSplit } = await import('../../src/extract/grid.js');
  const relations = [{ id: 'fund_split', sum: ['医保统筹基金支付', '其他支付', '个人账户支付', '个人现金支付'], minus: [], equals: '$total', minPresent: 3 }];
  const split = (cash: { cost: number; figures?: string }) => [
    { name: '医保统筹基金支付', cost: 108.06, hasDecimals: true, wellFormed: true }, { name: '其他支付', cost: 0, hasDecimals: true, wellFormed: true },
    { name: '个人现金支付', hasDecimals: true, wellFormed: false, figureScores: [1, 0.99, 0.98, 0.84], gapScores: [1, 1, 1, 0.9], ...cash },
  ];
  const cash = (out: readonly { name: string; cost: number }[]) => out.find((p) => p.name === '个人现金支付')!.cost;
  // 953.0 as printed 953.04: the second decimal lost, the sum says which.
  assert.equal(cash(restoreFromSplit(split({ cost: 953, figures: '9530' }), relations, 1061.1)), 953.04);
  // Without the figures as read (953.00 assumed), nothing marks a figure lost: as read.
  assert.equal(cash(restoreFromSplit(split({ cost: 953 }), relations, 1061.1)), 953);
  // The figures must be the value's: 1O5.0 read with a look-alike letter says nothing about a lost figure.
  assert.equal(cash(restoreFromSplit(split({ cost: 953, figures: '930' }), relations, 1061.1)), 953);
});

test('cents OCR returned as a cell of their own join the whole number before them', () => {
  const lines = [
    line('福建省医疗门诊收费票据', 400, 40, 36, 40),
    line('西药费 13553.22', 80, 200),
    line('合计（小写）13553.22', 80, 300),
    line('个人现金支付：13553', 80, 400),
    line('.22', 80 + 13 * 20 + 4, 402),
    line('个人自付：15.00', 600, 400),
    line('.50', 600 + 10 * 20 + 30, 402),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 600, variant: 'fujian', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.payments_info.map((p) => [p.name, p.cost]), [['个人现金支付', 13553.22], ['个人自付', 15]], 'an amount with decimals takes no more');
});

test('a split term whose label was read without figures is what the others leave of the total, and checks nothing', async () => {
  const { fillFromSplit } = await import('../../src/extract/grid.js');
  const { checkPayments } = await import('../../src/extract/checksum.js');
  const relations = [{ id: 'fund_split', sum: ['医保统筹基金支付', '其他支付', '个人账户支付', '个人现金支付'], minus: [], equals: '$total', minPresent: 3 }];
  const read = [{ name: '其他支付', cost: 83.77 }, { name: '个人现金支付', cost: 200 }];
  const filled = fillFromSplit(read, ['医保统筹基金支付'], relations, 309.26);
  assert.deepEqual(filled.map((p) => [p.name, p.cost]), [['其他支付', 83.77], ['个人现金支付', 200], ['医保统筹基金支付', 25.49]]);
  assert.deepEqual(checkPayments(filled, relations, 309.26).map((p) => p.check_info), [-1, -1, -1], 'the relation holds by construction');
  assert.equal(fillFromSplit(read, ['医保统筹基金支付', '个人账户支付'], relations, 309.26).length, 2, 'two amountless terms: no way to split the rest');
  assert.equal(fillFromSplit(read, ['医保统筹基金支付'], relations, 283.77).length, 2, 'the split holds without it: printed blank');
  assert.equal(fillFromSplit([read[1]!], ['医保统筹基金支付'], relations, 309.26).length, 1, 'too few terms read to trust the rest');
});

test('a payment label read as printed outranks another label that only a misread character makes the same term', () => {
  const lines = [
    line('福建省医疗门诊收费票据', 400, 40, 36, 40),
    line('西药费 331.00', 80, 200),
    line('合计（小写）331.00', 80, 300),
    line('个人载付：7809.57', 600, 396),
    line('个人自付：44.33', 80, 400),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 600, variant: 'fujian', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.payments_info.map((p) => [p.name, p.cost]), [['个人自付', 44.33]]);
});

test('a category amount with a doubted figure is put back from a total that stands without the categories', () => {
  const doubted = (text: string, x: number, y: number, at: number) => {
    const l = line(text, x, y);
    return { ...l, chars: l.chars.map((c, i) => (i === at ? { ...c, score: 0.5 } : c)) };
  };
  const page = (misread: ReturnType<typeof line>) => [
    line('福建省医疗门诊收费票据', 400, 40, 36, 40),
    line('手术费', 80, 200), misread,
    line('检查费', 80, 240), line('100.00', 400, 240),
    line('合计（大写）伍仟玖佰捌拾元整', 80, 300),
    line('（小写）5980.00', 700, 300),
  ];
  const categories = (lines: ReturnType<typeof line>[]) => {
    const out = extractInvoice({ lines, width: 1400, height: 600, variant: 'fujian', catalogue: new Catalogue([]) });
    assert.ok(out.ok);
    return out.result.cost_categories.map((c) => [c.name, c.cost]);
  };
  assert.deepEqual(categories(page(doubted('5380.00', 400, 200, 1))), [['手术费', 5880], ['检查费', 100]]);
  assert.deepEqual(categories(page(line('5380.00', 400, 200))), [['手术费', 5380], ['检查费', 100]], 'read with confidence: printed so');
});

test('a figure taken by two labels stays with the one whose line it lies on; the other reads on to its own', () => {
  const lines = [
    line('福建省医疗门诊收费票据', 400, 40, 36, 40),
    line('西药费 27.49', 80, 200),
    line('合计（小写）27.49', 80, 300),
    // 2.32 sits between the rows and nearer 个人账户支付's end than that label's own 25.17.
    line('个人自费：', 80, 404),
    line('2.32', 215, 420),
    line('个人账户支付：', 80, 436),
    line('25.17', 260, 440),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 600, variant: 'fujian', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.payments_info.map((p) => [p.name, p.cost]), [['个人自费', 2.32], ['个人账户支付', 25.17]]);
});

test('a payment value with its point read as a colon is money, and figures before the amount\'s own cell are a piece of it', () => {
  const lines = [
    line('福建省医疗门诊收费票据', 400, 40, 36, 40),
    line('西药费 557.85', 80, 200),
    line('合计（小写）557.85', 80, 300),
    line('个人自费：80:38', 80, 400),
    line('医保统筹基金支付：4', 600, 400),
    line('476.47', 600 + 10 * 20 + 30, 400),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 600, variant: 'fujian', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.payments_info.map((p) => [p.name, p.cost]), [['个人自费', 80.38], ['医保统筹基金支付', 476.47]]);
});

test('one grid row with an unreadable amount holds what the others leave of a standing total; the sum then checks nothing', () => {
  const page = (amount: string) => [
    line('福建省医疗门诊收费票据', 400, 40, 36, 40),
    line('诊察费', 80, 200), line('800.00', 400, 200),
    line('治疗费', 80, 240), line(amount, 400, 240),
    line('检查费', 80, 280), line('100.00', 400, 280),
    line('合计（大写）贰仟零柒拾元整', 80, 340),
    line('（小写）2070.00', 700, 340),
  ];
  const run = (amount: string) => {
    const out = extractInvoice({ lines: page(amount), width: 1400, height: 600, variant: 'fujian', catalogue: new Catalogue([]) });
    assert.ok(out.ok);
    return out.result;
  };
  const unreadable = run('117G.00');
  assert.deepEqual(unreadable.cost_categories.map((c) => [c.name, c.cost]), [['诊察费', 800], ['检查费', 100], ['治疗费', 1170]]);
  assert.equal(unreadable.checksum.cost_categories, -1);
  const read = run('1170.00');
  assert.equal(read.checksum.cost_categories, 1, 'read, the sum is a check');
});

test('seal text read into a payment line is no misread field label that would take the payment as its value', () => {
  const lines = [
    line('海南省医疗门诊收费票据', 400, 40, 36, 40),
    line('西药费 7192.14', 80, 200),
    line('合计（小写）7192.14', 80, 300),
    // 收费专 of the seal 收费专用章, then 余 for 个: 收费专期 is one character off 收费日期.
    line('收费专期余人现金支付：7192.14', 80, 400),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 600, variant: 'hainan', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.payments_info.map((p) => [p.name, p.cost]), [['个人现金支付', 7192.14]]);
});

test('on an e-invoice a split term the detector lost entirely is what the other three leave of a standing total', async () => {
  const { fillFromSplit } = await import('../../src/extract/grid.js');
  const relations = [{ id: 'fund_split', sum: ['医保统筹基金支付', '其他支付', '个人账户支付', '个人现金支付'], minus: [], equals: '$total', minPresent: 3 }];
  const read = [{ name: '医保统筹基金支付', cost: 2408.09 }, { name: '其他支付', cost: 2428.4 }, { name: '个人账户支付', cost: 1242.04 }];
  const filled = fillFromSplit(read, [], relations, 11324.6, true);
  assert.deepEqual(filled.map((p) => [p.name, p.cost]), [...read.map((p) => [p.name, p.cost]), ['个人现金支付', 5246.07]]);
  assert.equal(fillFromSplit(read, [], relations, 11324.6, false).length, 3, 'a paper form need not print every term');
  assert.equal(fillFromSplit(read.slice(1), [], relations, 11324.6, true).length, 2, 'two terms lost: no way to split the rest');
  assert.equal(fillFromSplit(read, [], relations, 6078.53, true).length, 3, 'the split holds without it: nothing to fill');
  const aid = [...read, { name: '医疗救助', cost: 5246.07 }];
  assert.equal(fillFromSplit(aid, [], relations, 11324.6, true).length, 4, 'the gap is a payment printed outside the split');
  const funds = [...read, { name: '医疗救助', cost: 4050.85 }, { name: '大病保险报销', cost: 1195.22 }, { name: '个人自付', cost: 7.5 }];
  assert.equal(fillFromSplit(funds, [], relations, 11324.6, true).length, 6, 'the gap is two payments printed outside the split');
  assert.equal(fillFromSplit(read, [], relations, 6178.53, true).length, 3, 'a gap of 100.00 is a leading figure lost from a term read');
});

test('an e-invoice page whose 个人现金支付 line was not detected gets it from the split when 大写 backs the total', () => {
  const lines = [
    line('云南省医疗住院收费票据（电子）', 400, 40, 36, 40),
    line('西药费 11324.60', 80, 200),
    line('金额合计（大写）壹万壹仟叁佰贰拾肆元陆角整', 80, 300),
    line('（小写）11324.60', 900, 300),
    line('医保统筹基金支付：2408.09', 80, 400),
    line('其他支付：2428.40', 600, 400),
    line('个人账户支付：1242.04', 80, 440),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 600, variant: 'e_invoice', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  const cash = out.result.payments_info.find((p) => p.name === '个人现金支付');
  assert.deepEqual(cash && [cash.cost, cash.check_info], [5246.07, -1]);
});

test('category amounts that add up to more than a standing total lost their decimal points', async () => {
  const { restoreCategoryPoints } = await import('../../src/extract/grid.js');
  const whole = { hasDecimals: false, figureScores: [], gapScores: [], wellFormed: false };
  const money = { hasDecimals: true, figureScores: [], gapScores: [], wellFormed: true };
  const read = [{ name: '西药费', cost: 120.5, ...money }, { name: '治疗费', cost: 26800, ...whole }, { name: '检查费', cost: 300, ...whole }];
  const costs = (xs: readonly { cost: number }[]) => xs.map((c) => c.cost);
  assert.deepEqual(costs(restoreCategoryPoints(read, 688.5)), [120.5, 268, 300], 'the one point lost that makes the sum exact');
  assert.deepEqual(costs(restoreCategoryPoints(read, 2000)), [120.5, 268, 3], 'no exact sum: all whole readings, the sum then within the total');
  assert.deepEqual(costs(restoreCategoryPoints(read, 30000)), [120.5, 26800, 300], 'within the total: printed so');
  assert.deepEqual(costs(restoreCategoryPoints(read, 100)), [120.5, 26800, 300], 'still more than the total: left as read');
});

test('a category grid read with a lost point adds up again when 大写 backs the total', () => {
  const lines = [
    line('福建省医疗门诊收费票据', 400, 40, 36, 40),
    line('西药费', 80, 200), line('120.50', 400, 200),
    line('治疗费', 80, 240), line('26800', 400, 240),
    line('合计（大写）叁佰捌拾捌元伍角整', 80, 300),
    line('（小写）388.50', 700, 300),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 600, variant: 'fujian', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_categories.map((c) => [c.name, c.cost]), [['西药费', 120.5], ['治疗费', 268]]);
  assert.equal(out.result.checksum.cost_categories, 1);
});

test('a fund or aid that paid part of this bill lost its point when read larger than the total; a running total did not', async () => {
  const { extractTables } = await import('../../src/extract/tables.js');
  const within = extractTables().withinTotal;
  assert.ok(within.has('门诊大额支付') && within.has('医疗救助'));
  assert.ok(!within.has('统筹累计支付') && !within.has('起付标准'), 'running totals and thresholds may exceed one invoice');
  const out = restoreLostPoints(
    [{ name: '门诊大额支付', cost: 56185, hasDecimals: false }, { name: '统筹累计支付', cost: 167378, hasDecimals: false }],
    within,
    19558.05,
    [],
  );
  assert.deepEqual(out.map((p) => p.cost), [561.85, 167378]);
});
