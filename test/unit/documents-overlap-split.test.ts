import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeRgb } from '../../src/image/ops.js';
import { DEFAULT_OVERLAP_SPLIT_OPTIONS, cutRows, partsReadOtherWay, rowAlignment, rowRuns, endRuns, splitOverlapped, splitOverlappedRow, splitOverlaps, textAcross } from '../../src/image/overlap-split.js';
import type { RgbImage } from '../../src/image/types.js';
import type { Quad8 } from '../../src/ocr/types.js';

function bar(img: RgbImage, x0: number, y0: number, x1: number, y1: number, v = 40): void {
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) img.data.fill(v, (y * img.width + x) * 3, (y * img.width + x) * 3 + 3);
}

const WHOLE: Quad8 = [10, 10, 389, 10, 389, 289, 10, 289];

/** Two receipts of one paper: the lower one's lines cut at x = 199, the upper one's starting at 212 on rows of their own. */
function overlapping(): RgbImage {
  const img = makeRgb(400, 300, [235, 235, 235]);
  for (let y = 30; y < 270; y += 14) bar(img, 30, y, 199, y + 5);
  for (let y = 37; y < 270; y += 17) bar(img, 212, y, 212 + ((y * 7) % 120) + 40, y + 6);
  return img;
}

test('two sheets of one paper, the lower one\'s print cut along a line, come apart there', () => {
  const parts = splitOverlapped(overlapping(), WHOLE);
  assert.ok(parts, 'split');
  const [a, b] = parts;
  assert.ok(Math.abs(a[2] - 205) <= 10 && Math.abs(b[0] - 205) <= 10, JSON.stringify(parts));
});

test('a centred title or a rule crossing the line keeps the page whole', () => {
  const img = overlapping();
  bar(img, 120, 14, 300, 24);
  assert.equal(splitOverlapped(img, WHOLE), null);
  assert.ok(splitOverlapped(img, WHOLE, { maxCrossRows: 1 }), 'the title alone kept it whole');
});

test('two columns of one page, their lines on the same rows, stay one page', () => {
  const img = makeRgb(400, 300, [235, 235, 235]);
  for (let y = 30; y < 270; y += 14) {
    bar(img, 30, y, 199, y + 5);
    bar(img, 212, y, 212 + ((y * 7) % 120) + 40, y + 5);
  }
  assert.equal(splitOverlapped(img, WHOLE), null);
  assert.ok(splitOverlapped(img, WHOLE, { minSameRows: 2 }), 'the shared rows alone kept it whole');
});

test('lines running along the cut are not cut print: a column rule is whole', () => {
  // Touching rows in one long run (a rule beside the line) count for nothing; short runs (text lines) count.
  assert.equal(cutRows([1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 4), 0);
  assert.equal(cutRows([1, 1, 0, 0, 1, 1, 0, 0, 0, 0], 4), 4);
  assert.deepEqual(rowRuns([0, 2, 0, 3, 0, 0, 1]), [{ top: 1, bottom: 3 }, { top: 6, bottom: 6 }]);
});

test('rowAlignment tells lines on shared rows from lines on rows of their own', () => {
  const a = [{ top: 0, bottom: 5 }, { top: 14, bottom: 19 }];
  assert.deepEqual(rowAlignment(a, [{ top: 0, bottom: 5 }, { top: 14, bottom: 19 }]), { share: 1, pairs: 2 });
  assert.equal(rowAlignment(a, [{ top: 3, bottom: 9 }, { top: 17, bottom: 23 }]).share, 0);
});

test('a solid block ending at a line (a photo, a grey band) is no cut print', () => {
  const img = makeRgb(400, 300, [235, 235, 235]);
  bar(img, 30, 30, 199, 270, 120);
  bar(img, 212, 30, 370, 270, 120);
  assert.equal(splitOverlapped(img, WHOLE), null);
});

test('print stopping at a line with a few short marks beyond it (a card\'s blank half) keeps the page whole', () => {
  // The "upper sheet" here is a few marks on rows of their own: far less ink per cell than the
  // printed side, so no sheet lies there; the same marks as full lines make it a sheet again.
  const img = makeRgb(400, 300, [235, 235, 235]);
  for (let y = 30; y < 270; y += 14) bar(img, 30, y, 199, y + 5);
  for (let y = 37, k = 0; y < 270; y += 28, k++) bar(img, 225 + ((k * 13) % 40), y, 245 + ((k * 13) % 40), y + 6);
  assert.equal(splitOverlapped(img, WHOLE), null);
  assert.ok(splitOverlapped(img, WHOLE, { minUpperInk: 0 }), 'the sparse side alone kept it whole');
});

test('a cut leaving squat parts (a card or a form cut across its width) keeps the page whole', () => {
  // The same cut print and blank margin as two receipts, on a page wider than the cut is long.
  const img = makeRgb(400, 200, [235, 235, 235]);
  for (let y = 30; y < 175; y += 14) bar(img, 30, y, 199, y + 5);
  for (let y = 37; y < 175; y += 17) bar(img, 212, y, 212 + ((y * 7) % 120) + 40, y + 6);
  const squat: Quad8 = [10, 10, 389, 10, 389, 189, 10, 189];
  assert.equal(splitOverlapped(img, squat), null);
  assert.ok(splitOverlapped(img, squat, { minAlongCut: 0 }), 'the parts\' shape alone kept it whole');
});

/** Three receipts of one paper in a row, each lying over the next one's side: lines cut at x = 199 and 389, on rows of their own. */
function threeInARow(): RgbImage {
  const img = makeRgb(600, 300, [235, 235, 235]);
  for (let y = 30; y < 270; y += 14) bar(img, 30, y, 199, y + 5);
  for (let y = 37; y < 270; y += 17) bar(img, 212, y, 389, y + 6);
  for (let y = 33; y < 270; y += 19) bar(img, 402, y, 402 + ((y * 7) % 100) + 50, y + 6);
  return img;
}

test('three receipts in a row: the first cut leaves two of them, too squat for one sheet, which split again', () => {
  const whole: Quad8 = [10, 10, 589, 10, 589, 289, 10, 289];
  const img = threeInARow();
  assert.equal(splitOverlapped(img, whole), null, 'one cut alone leaves a squat part');
  const parts = splitOverlappedRow(img, whole, 2);
  assert.ok(parts && parts.length === 3, JSON.stringify(parts));
  const cuts = parts.slice(1).map((q) => q[0]).sort((a, b) => a - b);
  assert.ok(Math.abs(cuts[0] - 205) <= 10 && Math.abs(cuts[1] - 395) <= 10, JSON.stringify(parts));
  assert.equal(splitOverlappedRow(img, whole, 1), null, 'no room for a third document');
});

test('surface above a shorter sheet, solid across the cut from the quad\'s end, is no print crossing it', () => {
  // The table above the lower sheet and beside the upper one's top, inside the union quad's top
  // end; the same block a few pixels below that end is print (a title) and keeps the page whole.
  const img = overlapping();
  bar(img, 150, 10, 260, 26, 90);
  assert.ok(splitOverlapped(img, WHOLE), 'split');
  const titled = overlapping();
  bar(titled, 150, 16, 260, 26, 90);
  assert.equal(splitOverlapped(titled, WHOLE), null);
});

test('endRuns marks only the runs at either end', () => {
  assert.deepEqual(endRuns([true, true, false, true, false, true]), [true, true, false, false, false, true]);
  assert.deepEqual(endRuns([false, true, false]), [false, false, false]);
});

/** A grid of text lines every `lineStep` rows (one row high) made of runs of 3 cells, 2 blank. */
function textGrid(rows: number, cols: number, lineStep: number): { ink: Uint8Array; cols: number; rows: number } {
  const ink = new Uint8Array(rows * cols);
  for (let j = 0; j < rows; j += lineStep) for (let i = 0; i < cols; i++) ink[j * cols + i] = i % 5 < 3 ? 1 : 0;
  return { ink, cols, rows };
}

test('textAcross: as many columns of print as lines leaves the direction unjudged', () => {
  // 7 lines across 7 runs of print: the gaps still say along, the counts say nothing.
  const close = textGrid(20, 35, 3);
  assert.equal(textAcross(close, 1), false);
  assert.equal(textAcross(close, DEFAULT_OVERLAP_SPLIT_OPTIONS.minLineMargin), null);
  // 14 lines across 7 runs: clearly along.
  assert.equal(textAcross(textGrid(40, 35, 3), DEFAULT_OVERLAP_SPLIT_OPTIONS.minLineMargin), false);
});

test('a part whose lines run the other way than the quad was taken to read vetoes the cut', () => {
  // Lines running across the image (along the grid's rows): true when the quad was taken as turned.
  const img = makeRgb(400, 300, [235, 235, 235]);
  for (let y = 30; y < 270; y += 14) for (let x = 30; x < 370; x += 25) bar(img, x, y, x + 15, y + 5);
  const part = [{ x: 10, y: 10 }, { x: 389, y: 10 }, { x: 389, y: 289 }, { x: 10, y: 289 }];
  assert.equal(partsReadOtherWay(img, [part], true), true);
  assert.equal(partsReadOtherWay(img, [part], false), false);
});

test('a quad marked whole (a part of a union already cut at an edge) is not cut again by its print', () => {
  const img = overlapping();
  assert.equal(splitOverlaps(img, [WHOLE], 3)[0].length, 2, 'unmarked: split');
  assert.deepEqual(splitOverlaps(img, [WHOLE], 3, {}, [true]), [[WHOLE]]);
});
