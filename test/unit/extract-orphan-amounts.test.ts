import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeChecksum, type ChecksumInput } from '../../src/extract/checksum.js';
import { segmentLines, typicalHeight, type Box } from '../../src/extract/layout.js';
import { costHeadingWords, orphanCategoryAmounts } from '../../src/extract/orphan-amounts.js';
import { extractTables } from '../../src/extract/tables.js';
import { line } from './extract-lines.js';

const headings = costHeadingWords(extractTables());

/** A category grid whose left column the picture's edge cut: its amounts stay, its names are gone. */
function cutGrid(withEdgeCell: boolean) {
  const lines = [
    line('金额（元）', 20, 100), line('项目名称', 300, 100), line('金额（元）', 500, 100),
    line('60.00', 20, 140), line('中成药费', 300, 140), line('31.60', 500, 140),
    line('55:80', 20, 180), line('检查费', 300, 180), line('100.00', 500, 180),
    line('个人账户支付', 700, 140), line('143.14', 900, 140),
  ];
  if (withEdgeCell) lines.push(line('料费', 0, 180));
  const segments = segmentLines(lines);
  const unit = typicalHeight(segments);
  const names: Box[] = segments.filter((s) => s.text === '中成药费' || s.text === '检查费').map((s) => s.box);
  return { segments, unit, names };
}

test('orphan category amounts: the amounts of a cut column with no name beside them, on a page cut at the left', () => {
  const { segments, unit, names } = cutGrid(true);
  assert.deepEqual(orphanCategoryAmounts(segments, unit, names, headings).sort((a, b) => a - b), [55.8, 60]);
});

test('orphan category amounts: none when the page is not cut at its left edge', () => {
  const lines = [
    line('金额（元）', 100, 100), line('项目名称', 300, 100), line('60.00', 100, 140), line('中成药费', 300, 140), line('31.60', 500, 140),
  ];
  const segments = segmentLines(lines);
  const unit = typicalHeight(segments);
  const names = segments.filter((s) => s.text === '中成药费').map((s) => s.box);
  assert.deepEqual(orphanCategoryAmounts(segments, unit, names, headings), []);
});

test('orphan category amounts: a heading word inside a category name (费用 of 其他费用) heads no column', () => {
  assert.ok(headings.includes('金额'));
  assert.ok(!headings.includes('费用'));
});

function input(over: Partial<ChecksumInput>): ChecksumInput {
  return {
    totalFigures: 247.4, totalCapital: 247.4, total: 247.4, capitalTexts: [], corroborations: [], categories: [], details: [], payments: [],
    province: undefined, type: 1, electronic: false, noteNo: '', noteNoReadings: [], billingDate: '',
    visitDates: [], today: '2024-06-01', ...over,
  };
}

test('cost_categories: categories whose names were cut count toward the sum, to the cent', () => {
  const categories = [{ name: '中成药费', cost: 31.6 }, { name: '检查费', cost: 100 }];
  assert.equal(computeChecksum(input({ categories })).cost_categories, 0);
  assert.equal(computeChecksum(input({ categories, categoryOrphans: [60, 55.8] })).cost_categories, 1);
  // Orphans that do not make up the gap (their figures cut too): still failed.
  assert.equal(computeChecksum(input({ categories, categoryOrphans: [6, 55.8] })).cost_categories, 0);
  // A sum that already holds is not spoiled by an orphan taken wrongly.
  assert.equal(computeChecksum(input({ categories, total: 131.6, totalFigures: 131.6, totalCapital: 131.6, categoryOrphans: [5] })).cost_categories, 1);
});
