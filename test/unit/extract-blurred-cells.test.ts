import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import { noteCodeWithLostLabel, onlyDateOfPage } from '../../src/extract/lost-labels.js';
import { genderFromFaintCell, genderFromFaintLoneCell, genderFromLabelAlternatives, rereadHeaderFields } from '../../src/extract/reread.js';
import type { OcrChar, OcrLine } from '../../src/ocr/types.js';
import type { Segment } from '../../src/extract/layout.js';
import { line } from './extract-lines.js';

function segment(text: string): Segment {
  const chars = [...text].map((char, i) => ({ char, x0: i * 10, x1: i * 10 + 9, score: 1 }));
  return { id: 0, line: 0, text, chars, box: { x0: 0, y0: 0, x1: text.length * 10, y1: 20 } };
}

const LABELS = ['票据代码', '票据号码', '住院号', '电话'];

test('note code with a lost label: a stray lead, a colon and a code starting with the division code', () => {
  assert.equal(noteCodeWithLostLabel([segment('T：52250474')], '52', LABELS), '52250474');
  assert.equal(noteCodeWithLostLabel([segment('：52250474')], '52', LABELS), '52250474');
  // Another province's division code, an odd length, a lead that is another field's label, or a
  // lead too long to be a label's remains: not the code.
  assert.equal(noteCodeWithLostLabel([segment('T：42250474')], '52', LABELS), '');
  assert.equal(noteCodeWithLostLabel([segment('T：5225047')], '52', LABELS), '');
  assert.equal(noteCodeWithLostLabel([segment('电话：52250474')], '52', LABELS), '');
  assert.equal(noteCodeWithLostLabel([segment('住院号：52250474')], '52', LABELS), '');
  // Two different candidates: nothing. No division code known: nothing.
  assert.equal(noteCodeWithLostLabel([segment('T：52250474'), segment('X：52998877')], '52', LABELS), '');
  assert.equal(noteCodeWithLostLabel([segment('T：52250474')], undefined, LABELS), '');
  // The label's box lost whole: the run alone, unless another field's reading took it.
  assert.equal(noteCodeWithLostLabel([segment('36141113')], '36', LABELS), '36141113');
  assert.equal(noteCodeWithLostLabel([segment('36141113')], '36', LABELS, new Set(['36141113'])), '');
  assert.equal(noteCodeWithLostLabel([segment('3614111')], '36', LABELS), '');
});

test('note code with a lost label: the extractor takes it on an invoice of a known province when no code was read', () => {
  const lines = [
    line('贵州省医疗住院收费票据（电子）', 300, 30, 28, 34),
    line('T：52250474', 60, 100),
    line('票据号码：0039137549', 600, 100),
    line('交款人：王小明', 60, 150),
    line('合计 377.20', 60, 200),
  ];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'e_invoice' });
  assert.ok(out.ok);
  if (!out.ok) return;
  assert.equal(out.result.note_code, '52250474');
  assert.equal(out.result.note_no, '0039137549');
});

test('gender from a faint cell: the whole label and one gender read below the drop score', () => {
  assert.equal(genderFromFaintCell([line('性别男', 600, 700)]), 1);
  assert.equal(genderFromFaintCell([line('性别：女', 600, 700)]), 2);
  // Label not whole, more after the value, another label, or two cells disagreeing: nothing.
  assert.equal(genderFromFaintCell([line('性称男', 600, 700)]), 0);
  assert.equal(genderFromFaintCell([line('性别男子', 600, 700)]), 0);
  assert.equal(genderFromFaintCell([line('类别：男', 600, 700)]), 0);
  assert.equal(genderFromFaintCell([line('性别男', 600, 700), line('性别女', 600, 800)]), 0);
});

test('header re-read: no gender read on the page, a faint 性别男 line gives it after the re-reads fail', async () => {
  const lines = [
    line('湖北省医疗住院收费票据', 300, 30, 28, 34),
    line('交款人：王小明', 60, 100),
    line('合计 377.20', 60, 200),
    line('收款单位（章）：', 60, 400),
    line('武汉市协和医院', 240, 400),
  ];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) return;
  assert.equal(out.result.patient_gender, 0);
  const faint = [line('性别男', 400, 100)];
  const { result } = await rereadHeaderFields(out.result, lines, out.province, async (quads) => quads.map((q) => ({ ...line('X', 400, 100), quad: q })), faint);
  assert.equal(result.patient_gender, 1);
});

/** A line whose character `at` carries the given alternatives (an unsure reading). */
function withAlternatives(l: OcrLine, at: number, alternatives: OcrChar['alternatives']): OcrLine {
  return { ...l, chars: l.chars.map((c, i) => (i === at ? { ...c, score: 0.5, alternatives } : c)) };
}

test('gender from label alternatives: a label character misread with the right one among its alternatives', () => {
  assert.equal(genderFromLabelAlternatives([withAlternatives(line('性另男', 600, 700), 1, [{ char: '别', score: 0.4 }])]), 1);
  assert.equal(genderFromLabelAlternatives([withAlternatives(line('生别：女', 600, 700), 0, [{ char: '性', score: 0.2 }])]), 2);
  // The label's character not among the alternatives, too unlikely, or read with no doubt: nothing.
  assert.equal(genderFromLabelAlternatives([line('性另男', 600, 700)]), 0);
  assert.equal(genderFromLabelAlternatives([withAlternatives(line('性另男', 600, 700), 1, [{ char: '别', score: 0.01 }])]), 0);
  assert.equal(genderFromLabelAlternatives([withAlternatives(line('类别：男', 600, 700), 0, [{ char: '米', score: 0.2 }])]), 0);
  // More after the value, or two cells disagreeing: nothing.
  assert.equal(genderFromLabelAlternatives([withAlternatives(line('性另男子', 600, 700), 1, [{ char: '别', score: 0.4 }])]), 0);
  assert.equal(
    genderFromLabelAlternatives([
      withAlternatives(line('性另男', 600, 700), 1, [{ char: '别', score: 0.4 }]),
      withAlternatives(line('性另女', 600, 800), 1, [{ char: '别', score: 0.4 }]),
    ]),
    0,
  );
});

test('only date of the page: one day read on the page, alone in a cell', () => {
  assert.equal(onlyDateOfPage([segment('开家O期'), segment('2019-07-26')]), '2019-07-26');
  assert.equal(onlyDateOfPage([segment('X：2019-07-26'), segment('就诊日期：2019-07-26')]), '2019-07-26');
  // Two different days, or the day only inside other text: nothing.
  assert.equal(onlyDateOfPage([segment('2019-07-26'), segment('就诊日期：2019-07-25')]), '');
  assert.equal(onlyDateOfPage([segment('住院时间2019-07-26起')]), '');
  assert.equal(onlyDateOfPage([segment('合计 12.00')]), '');
});

test('only date of the page: a spoilt label still ending in 日期 before the date, its colon lost', () => {
  assert.equal(onlyDateOfPage([segment('继日期2023-11-11')]), '2023-11-11');
  assert.equal(onlyDateOfPage([segment('票期：2023-11-11')]), '2023-11-11');
  // A lead of other words is no spoilt label.
  assert.equal(onlyDateOfPage([segment('住院时间2023-11-11')]), '');
});

test('only date of the page: an outpatient invoice whose date label was spoilt takes it, an inpatient one does not', () => {
  const page = (title: string) => [
    line(title, 300, 30, 28, 34),
    line('票据号码：12345678', 60, 100),
    line('开家O期', 60, 150),
    line('2019-07-26', 300, 150),
    line('合计 377.20', 60, 200),
  ];
  const outpatient = extractInvoice({ lines: page('北京市医疗门诊收费票据'), width: 1000, height: 500, variant: 'general' });
  assert.ok(outpatient.ok && outpatient.result.billing_date === '2019-07-26');
  const inpatient = extractInvoice({ lines: page('北京市医疗住院收费票据'), width: 1000, height: 500, variant: 'general' });
  assert.ok(inpatient.ok && inpatient.result.billing_date === '');
});

test('gender from a faint lone cell: a character holding 女 or 男 right of a label read alone', () => {
  const label = line('性别：', 600, 700);
  assert.equal(genderFromFaintLoneCell([label], [line('委', 680, 702)]), 2, '委 is 禾 over 女');
  assert.equal(genderFromFaintLoneCell([label], [line('舅', 680, 702)]), 1);
  // A look-alike that does not hold the whole gender, two characters, another row, far right, or
  // a label with its value already on the line: nothing.
  assert.equal(genderFromFaintLoneCell([label], [line('文', 680, 702)]), 0);
  assert.equal(genderFromFaintLoneCell([label], [line('委员', 680, 702)]), 0);
  assert.equal(genderFromFaintLoneCell([label], [line('委', 680, 760)]), 0);
  assert.equal(genderFromFaintLoneCell([label], [line('委', 900, 702)]), 0);
  assert.equal(genderFromFaintLoneCell([line('类别：', 600, 700)], [line('委', 680, 702)]), 0);
  // Two cells that disagree: nothing.
  assert.equal(genderFromFaintLoneCell([label], [line('委', 680, 702), line('男', 700, 698)]), 0);
});
