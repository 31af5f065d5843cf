import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageAmounts, totalFromCapitalText } from '../../src/extract/capital-total.js';
import { extractInvoice } from '../../src/extract/extractor.js';
import { segmentLines } from '../../src/extract/layout.js';
import { line } from './extract-lines.js';

test('a 大写 total with a misread numeral is the one page amount it spells', () => {
  assert.equal(totalFromCapitalText(['金额合计（大写）壹佰叁拾元别角整'], [6.4, 50, 130.8, 4.09]), 130.8);
  // No amount fits: no total guessed.
  assert.equal(totalFromCapitalText(['金额合计（大写）壹佰叁拾元别角整'], [6.4, 50, 4.09]), null);
  // Two amounts fit a text that says too little: none chosen.
  assert.equal(totalFromCapitalText(['贰拾元'], [20, 20.5]), null);
});

test('page amounts are figures with decimals, each once', () => {
  const segs = segmentLines([line('130.80', 60, 100), line('门诊号：MZ14511394', 60, 140), line('130.80', 400, 100), line('6.40', 60, 180)]);
  assert.deepEqual(pageAmounts(segs).sort((a, b) => a - b), [6.4, 130.8]);
});

test('an invoice whose total readings both failed takes the amount its 大写 spells', () => {
  const lines = [
    line('广东省医疗收费票据', 300, 30, 28, 34),
    line('西药费', 60, 100),
    line('130.80', 300, 100),
    line('金额合计（大写）壹佰叁拾元别角整', 60, 200),
  ];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'guangdong' });
  assert.ok(out.ok);
  assert.equal(out.result.total_cost, 130.8);
});
