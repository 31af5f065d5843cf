import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import { parseDate } from '../../src/extract/parse/date.js';
import { line, lineOf } from './extract-lines.js';

const TITLE = line('上海市医疗机构住院收费专用票据', 300, 30, 28, 34);

test('a value whose first figure OCR also read into the label line is read from its own cell', () => {
  // 票据代码：3 ends past the start of the cell 318334 (the 3 read twice).
  const label = line('票据代码：3', 60, 100);
  const value = line('318334', 60 + 5 * 20, 101);
  const lines = [TITLE, label, value, line('合计 377.20', 60, 300)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'shanghai' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.note_code, '318334');
});

test('a short rest that starts no cell under it is not taken for the start of a value', () => {
  const lines = [TITLE, line('票据代码：3', 60, 100), line('918334', 60 + 5 * 20, 101), line('合计 377.20', 60, 300)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'shanghai' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.note_code, '', 'the cell does not start with the echoed 3');
});

test('a year that lost its leading 2 at the start of a value is read as 20xx', () => {
  assert.equal(parseDate('022-09-23'), '2022-09-23');
  assert.equal(parseDate('：019-04-06'), '2019-04-06');
  assert.equal(parseDate('022-13-23'), null, 'month 13');
  assert.equal(parseDate('费用 022-09-23'), null, 'only at the start of the value');
  assert.equal(parseDate('522-09-23'), null, 'a year starting 5 is no cut 20xx');
});

test('a billing date glued to its label without the year\'s 2 is read', () => {
  const lines = [TITLE, line('开票日期022-09-23', 60, 100), line('合计 377.20', 60, 300)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'shanghai' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.billing_date, '2022-09-23');
});

test('a category grid reads 中章药费 (章 a look-alike of 草) and an amount with its point read as a colon', () => {
  const lines = [
    TITLE,
    lineOf([{ text: '项目名称', x: 60 }, { text: '金额(元)', x: 300 }], 100),
    lineOf([{ text: '西药费', x: 60 }, { text: '100.00', x: 300 }], 140),
    lineOf([{ text: '中章药费', x: 60 }, { text: '57:60', x: 300 }], 180),
    line('合计(小写)¥157.60', 60, 300),
  ];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'shanghai' });
  assert.ok(out.ok);
  assert.deepEqual(out.ok && out.result.cost_categories, [{ name: '西药费', cost: 100 }, { name: '中草药费', cost: 57.6 }]);
});

test('a label cut to a tail several fields end in is told apart by the value\'s shape', async () => {
  const { cutLabelOwner } = await import('../../src/extract/values.js');
  const { extractTables } = await import('../../src/extract/tables.js');
  const tables = extractTables();
  const none = new Set<never>();
  assert.equal(cutLabelOwner('代码', '：6515954772', none, tables)?.field, 'note_code', '10 digits: no credit code');
  assert.equal(cutLabelOwner('代码', '：91350100M000100Y43', none, tables)?.field, 'unified_social_credit_code');
  assert.equal(cutLabelOwner('居代码', '：6515954772', none, tables)?.field, 'note_code', 'a misread first character is dropped');
  assert.equal(cutLabelOwner('码', '：9jgf7e', none, tables)?.field, 'check_code');
  assert.equal(cutLabelOwner('码', '：6515954772', none, tables), null, 'note code and number both fit');
  assert.equal(cutLabelOwner('码', '：6515954772', new Set(['note_no' as const]), tables)?.field, 'note_code', 'the number was labelled elsewhere');
  assert.equal(cutLabelOwner('费日期', '：2021-03-01', none, tables)?.field, 'billing_date', 'one field: as before');
  assert.equal(cutLabelOwner('名', '：张三', none, tables), null, 'one character and no shape decides nothing');
  assert.equal(cutLabelOwner('号', '：6515954772', new Set(['note_no' as const]), tables), null, 'serial fields without a shape keep 号 ambiguous');
});

test('a note code whose label the edge cut to 代码 (also a table heading) is read', () => {
  const lines = [TITLE, line('代码：6515954772', 0, 100), line('票据号码：1994025689', 500, 100), line('合计 377.20', 60, 300)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'shanghai' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.note_code, '6515954772');
  assert.equal(out.ok && out.result.unified_social_credit_code, '');
});

test('a note code that lost its first figure gets it back from the province\'s division code', async () => {
  const { restoreDivisionDigit } = await import('../../src/extract/values.js');
  assert.equal(restoreDivisionDigit('490793782', '64'), '6490793782');
  assert.equal(restoreDivisionDigit('6490793782', '64'), '6490793782', 'whole: as read');
  assert.equal(restoreDivisionDigit('49079378', '64'), '49079378', 'even length: nothing lost');
  assert.equal(restoreDivisionDigit('590793782', '64'), '590793782', 'does not start with the division\'s second figure');
  assert.equal(restoreDivisionDigit('490793782', undefined), '490793782', 'province unknown');
});

test('the invoice number takes a second reading of it with leading figures the first lost', async () => {
  const { fullerReading } = await import('../../src/extract/values.js');
  assert.equal(fullerReading('021855226', ['1021855226', '021855226']), '1021855226');
  assert.equal(fullerReading('1021855226', ['021855226']), '1021855226', 'the longer one stays');
  assert.equal(fullerReading('021855226', ['99021855226', '1021855226']), '021855226', 'two fuller readings disagree');
  assert.equal(fullerReading('021855226', ['123021855226']), '021855226', 'three more figures are another number');
});

test('a label with a digit read inside it before its colon is still the label', () => {
  const lines = [TITLE, line('开票0期：202406-20', 60, 100), line('合计 377.20', 60, 300)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'shanghai' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.billing_date, '2024-06-20');
});

test('a digit inside a label-like word without a colon after it is no misread label', async () => {
  const { TermDictionary } = await import('../../src/extract/terms.js');
  const dict = new TermDictionary<string>();
  dict.add('开票日期', 'date');
  assert.deepEqual(dict.scan('开票0期：2024').map((h) => h.term), ['开票日期']);
  assert.deepEqual(dict.scan('开票0期2024').map((h) => h.term), [], 'no colon after it');
  assert.deepEqual(dict.scan('0票日期：2024').map((h) => h.term), [], 'not the first character');
});

test('a province-known invoice whose code lost its first figure reads the whole code', () => {
  const title = line('宁夏回族自治区医疗门诊收费票据', 300, 30, 28, 34);
  const lines = [title, line('票据代码：490793782', 60, 100), line('票据号码：021855226', 500, 100), line('No1021855226', 700, 60), line('合计 377.20', 60, 300)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'ningxia' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.note_code, '6490793782');
  assert.equal(out.ok && out.result.note_no, '1021855226');
});

test('a category name one character longer than an exact category inside it wins when the odd character is a look-alike', async () => {
  const { TermDictionary } = await import('../../src/extract/terms.js');
  const dict = new TermDictionary<string>();
  dict.setLookalikes(new Map([['费', '责员']]));
  dict.add('中草药', 'short');
  dict.add('中草药费', 'long');
  assert.deepEqual(dict.scan('中草药员').map((h) => h.term), ['中草药费']);
  assert.deepEqual(dict.scan('中草药品').map((h) => h.term), ['中草药'], '品 is no listed look-alike of 费');
});

test('the data table lists 资 as a look-alike of 费 (same 贝 below): 中成药资 is 中成药费', async () => {
  const { extractTables } = await import('../../src/extract/tables.js');
  const { TermDictionary } = await import('../../src/extract/terms.js');
  const dict = new TermDictionary<string>();
  dict.setLookalikes(extractTables().labelLookalikes);
  dict.add('中成药', 'short');
  dict.add('中成药费', 'long');
  assert.deepEqual(dict.scan('中成药资').map((h) => h.term), ['中成药费']);
});

test('a category cell the left edge cut to a tail of one category name is that category', () => {
  const lines = [
    TITLE,
    lineOf([{ text: '项目名称', x: 60 }, { text: '金额(元)', x: 300 }], 100),
    lineOf([{ text: '西药费', x: 60 }, { text: '100.00', x: 300 }], 140),
    lineOf([{ text: '住院费用', x: 0 }, { text: '600.00', x: 300 }], 180),
    lineOf([{ text: '药费', x: 0 }, { text: '50.00', x: 300 }], 220),
    line('合计(小写)¥750.00', 60, 300),
  ];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'shanghai' });
  assert.ok(out.ok);
  assert.deepEqual(out.ok && out.result.cost_categories, [{ name: '西药费', cost: 100 }, { name: '其他住院费用', cost: 600 }], '药费 ends several names: left out');
});

test('a printed code one doubted character off the QR\'s value is an OCR slip; a confident difference is not', async () => {
  const { doubtedSlip } = await import('../../src/extract/values.js');
  const { segmentLines } = await import('../../src/extract/layout.js');
  const read = line('校验码：ivfjicb', 60, 100);
  const doubted = { ...read, chars: read.chars!.map((c, i) => (i === 8 ? { ...c, score: 0.54 } : c)) };
  assert.equal(doubtedSlip('ivfjicb', 'ivfjcb', segmentLines([doubted])), true, 'the added i was doubted');
  assert.equal(doubtedSlip('ivfjicb', 'ivfjcb', segmentLines([read])), false, 'read with confidence');
  assert.equal(doubtedSlip('ivfjicb', 'ivxjcb', segmentLines([doubted])), false, 'two edits');
});

test('the QR\'s check code replaces a printed one read with a doubted extra character', () => {
  const read = line('校验码：ivfjicb', 60, 100);
  const doubted = { ...read, chars: read.chars!.map((c, i) => (i === 8 ? { ...c, score: 0.54 } : c)) };
  const lines = [TITLE, doubted, line('合计 318.80', 60, 300)];
  const qr = ['51425612,0028411386,ivfjcb,2022-04-03,318.80'];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'e_invoice', qrPayloads: qr });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.check_code, 'ivfjcb');
  assert.deepEqual(out.ok && out.qrMismatch, []);
});

test('a Beijing invoice number of 8 or 10 digits has a valid shape; 9 digits does not', async () => {
  const { computeChecksum } = await import('../../src/extract/checksum.js');
  const { extractTables } = await import('../../src/extract/tables.js');
  const beijing = extractTables().provinces.get('beijing')!;
  const check = (noteNo: string): number =>
    computeChecksum({
      totalFigures: 10, totalCapital: 10, total: 10, capitalTexts: [], corroborations: [], categories: [], details: [], payments: [],
      province: beijing, type: 1, electronic: false, noteNo, noteNoReadings: [noteNo], billingDate: '2024-05-01', visitDates: [], today: '2024-06-01',
    }).note_no;
  assert.equal(check('25936431'), 1);
  assert.equal(check('2593643100'), 1);
  assert.equal(check('259364310'), 0);
});

test('a printed check code read with a letter in the wrong case takes the QR\'s value', () => {
  const lines = [TITLE, line('校验码：vVzyzp', 60, 100), line('合计 49.40', 60, 300)];
  const qr = ['45807039,0057592343,vvzyzp,2023-03-07,49.40'];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'e_invoice', qrPayloads: qr });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.check_code, 'vvzyzp');
  assert.deepEqual(out.ok && out.qrMismatch, []);
});

test('inside the page, a label that lost its first character is read when three characters are left', () => {
  const lines = [TITLE, line('算日期：2021-07-23', 500, 100), line('合计 377.20', 60, 300)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'shanghai' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.billing_date, '2021-07-23');
  const short = extractInvoice({ lines: [TITLE, line('日期：2021-07-23', 500, 100), line('合计 377.20', 60, 300)], width: 1000, height: 500, variant: 'shanghai' });
  assert.ok(short.ok);
  assert.equal(short.ok && short.result.billing_date, '', 'two characters inside the page: not taken');
});

test('a printed code read with figures lost takes the QR\'s value; a changed figure read with confidence stays a mismatch', async () => {
  const { lostFiguresOf } = await import('../../src/extract/values.js');
  assert.equal(lostFiguresOf('68496', '468496'), true);
  assert.equal(lostFiguresOf('513937', '51381937'), true, 'two figures lost');
  assert.equal(lostFiguresOf('5138937', '51381936'), false, 'a figure changed too');
  assert.equal(lostFiguresOf('468496', '468496'), false, 'the same code');
  const run = (printed: string) => {
    const lines = [TITLE, line(`票据代码：${printed}`, 60, 100), line('合计 318.80', 60, 300)];
    const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'e_invoice', qrPayloads: ['51425612,0028411386,ivfjcb,2022-04-03,318.80'] });
    assert.ok(out.ok);
    return [out.result.note_code, out.qrMismatch ?? []];
  };
  assert.deepEqual(run('5142562'), ['51425612', []]);
  assert.deepEqual(run('51425613'), ['51425613', ['note_code']]);
});
