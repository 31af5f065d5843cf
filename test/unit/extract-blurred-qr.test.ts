import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import type { OcrLine } from '../../src/ocr/types.js';
import { line } from './extract-lines.js';

const TITLE = line('上海市医疗机构住院收费专用票据', 300, 30, 28, 34);
const QR = ['51425612,0028411386,ivfjcb,2022-04-03,318.80'];

/** A line whose characters at the given indices the recogniser doubted. */
function doubted(text: string, x: number, y: number, at: readonly number[]): OcrLine {
  const l = line(text, x, y);
  return { ...l, chars: l.chars.map((c, i) => (at.includes(i) ? { ...c, score: 0.5 } : c)) };
}

test('a check code that lost two characters to OCR takes the QR\'s value, on any photo', () => {
  const lines = [TITLE, line('校验码：Ifjb', 60, 100), line('合计 318.80', 60, 300)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'e_invoice', qrPayloads: QR });
  assert.ok(out.ok);
  assert.equal(out.result.check_code, 'ivfjcb');
  assert.deepEqual(out.qrMismatch, []);
});

test('on a blurred photo, printed elements read with doubt yield to the QR; confident ones stay mismatches', () => {
  const lines = [
    TITLE,
    doubted('票据代码：51485617', 60, 80, [7, 12]),
    line('票据号码：0028411389', 60, 100),
    line('开票日期：2022-04:03', 60, 120),
    doubted('合计 318.00', 60, 300, [5]),
  ];
  const blurred = extractInvoice({ lines, width: 1000, height: 500, variant: 'e_invoice', qrPayloads: QR, qrFromBlurredPhoto: true });
  assert.ok(blurred.ok);
  assert.equal(blurred.result.note_code, '51425612');
  assert.equal(blurred.result.billing_date, '2022-04-03');
  assert.equal(blurred.result.total_cost, 318.8);
  assert.equal(blurred.result.note_no, '0028411389', 'read with confidence: kept');
  assert.deepEqual(blurred.qrMismatch, ['note_no']);
  // The same page with a code decoded at the first look: every difference is a mismatch.
  const sharp = extractInvoice({ lines, width: 1000, height: 500, variant: 'e_invoice', qrPayloads: QR });
  assert.ok(sharp.ok);
  assert.equal(sharp.result.note_code, '51485617');
  assert.deepEqual([...(sharp.qrMismatch ?? [])].sort(), ['note_code', 'note_no', 'total_cost']);
});
