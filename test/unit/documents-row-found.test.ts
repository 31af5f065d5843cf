import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foundApart, newRowParts } from '../../src/image/row-found.js';
import type { Quad8 } from '../../src/ocr/types.js';

const box = (x0: number, y0: number, x1: number, y1: number): Quad8 => [x0, y0, x1, y0, x1, y1, x0, y1];

test('a row part lying mostly inside a document found on its own is that document again', () => {
  // Three cards in a row cut from one long quad (printed borders a little inside the cards); the
  // end card was also found with its own, slightly larger, sides.
  const parts = [box(26, 30, 226, 158), box(226, 30, 458, 158), box(458, 30, 692, 158)];
  const endCard = box(485, 20, 696, 174);
  assert.equal(foundApart(parts[2], [endCard]), true);
  assert.equal(foundApart(parts[1], [endCard]), false);
  assert.deepEqual(newRowParts(parts, [endCard]), parts.slice(0, 2));
});

test('a neighbour overlapping a row part by a fifth does not make it found already', () => {
  const part = box(0, 0, 200, 120);
  const neighbour = box(160, 0, 360, 120);
  assert.equal(foundApart(part, [neighbour]), false);
  assert.deepEqual(newRowParts([part], [neighbour]), [part]);
  // Nothing else found: every part is new.
  assert.deepEqual(newRowParts([part, neighbour], []), [part, neighbour]);
});

test('a degenerate part is never taken for a found document', () => {
  assert.equal(foundApart([5, 5, 5, 5, 5, 5, 5, 5], [box(0, 0, 10, 10)]), false);
});
