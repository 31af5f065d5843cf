import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readingOrder } from '../../src/ocr/order.js';
import type { Quad8 } from '../../src/ocr/types.js';

/** A line box of `w`×`h` at (x, y) in a page frame, turned by `angle` around (0, 0). */
function line(x: number, y: number, w: number, h: number, angle: number): Quad8 {
  const c = Math.cos(angle), s = Math.sin(angle);
  const pts = [[x, y], [x + w, y], [x + w, y + h], [x, y + h]].map(([px, py]) => [px! * c - py! * s + 300, px! * s + py! * c + 100]);
  return pts.flat() as Quad8;
}

/** A table: rows of three cells 40 px apart, cells of different heights. */
function table(angle: number, rows: number): { quads: Quad8[]; truth: number[] } {
  const quads: Quad8[] = [];
  for (let r = 0; r < rows; r++) {
    const y = r * 40;
    quads.push(line(0, y, 150, 28, angle));
    quads.push(line(400, y + 6, 60, 22, angle)); // shorter box, same baseline
    quads.push(line(700, y, 120, 28, angle));
  }
  return { quads, truth: quads.map((_, i) => i) };
}

function shuffle<T>(xs: T[], seed: number): { items: T[]; perm: number[] } {
  const perm = xs.map((_, i) => i);
  let a = seed;
  for (let i = perm.length - 1; i > 0; i--) {
    a = (a * 1103515245 + 12345) % 2147483648;
    const j = a % (i + 1);
    [perm[i], perm[j]] = [perm[j]!, perm[i]!];
  }
  return { items: perm.map((p) => xs[p]!), perm };
}

test('reading order groups rows by baseline on a skewed page', () => {
  for (const angle of [0, 0.07, -0.12]) {
    const { quads } = table(angle, 8);
    const { items, perm } = shuffle(quads, 7);
    const order = readingOrder(items).map((i) => perm[i]);
    assert.deepEqual(order, quads.map((_, i) => i), `skew ${angle}`);
  }
});

test('sorting by raw y would fail on this skew, reading order does not', () => {
  const { quads } = table(0.12, 6);
  // Under this skew the right-most cell of row 0 sits lower than the first cell of row 1.
  const rawY = quads.map((q, i) => ({ i, y: Math.min(q[1], q[3]) })).sort((a, b) => a.y - b.y).map((x) => x.i);
  assert.notDeepEqual(rawY, quads.map((_, i) => i));
  assert.deepEqual(readingOrder(quads), quads.map((_, i) => i));
});

test('reading order under perspective: rows whose slope changes across the page', () => {
  const quads: Quad8[] = [];
  for (let r = 0; r < 6; r++) {
    // The row's slope grows with its distance from the top, as with a camera tilted sideways.
    const slope = 0.02 + r * 0.025;
    for (let c = 0; c < 4; c++) {
      const x = 50 + c * 220, y = 60 + r * 45 + x * slope;
      quads.push([x, y, x + 160, y + 160 * slope, x + 160, y + 160 * slope + 26, x, y + 26]);
    }
  }
  const { items, perm } = shuffle(quads, 3);
  assert.deepEqual(readingOrder(items).map((i) => perm[i]), quads.map((_, i) => i));
  assert.deepEqual(readingOrder([]), []);
});

test('one tilted box does not push its row neighbour onto another row', () => {
  // A straight page; on the middle row the detector tilted both boxes (a red label set higher
  // than the value after it), as on a real Tianjin invoice.
  const quads: Quad8[] = [
    [160, 680, 500, 680, 500, 712, 160, 712],
    [166, 734, 508, 721, 510, 760, 167, 773], // row 2, tilted by about -0.04
    [989, 730, 1143, 723, 1145, 756, 990, 763], // row 2, far right, tilted the same way
    [211, 775, 463, 775, 463, 807, 211, 807],
    [580, 774, 845, 774, 846, 806, 582, 806],
    [211, 820, 463, 820, 463, 852, 211, 852],
  ];
  assert.deepEqual(readingOrder(quads), [0, 1, 2, 3, 4, 5]);
});
