import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boxIou, matchByIou, quadIou } from '../../src/eval/geometry.js';

const square = (x: number, y: number, s: number): number[] => [x, y, x + s, y, x + s, y + s, x, y + s];

test('quadIou of identical quads is 1 and of disjoint quads is 0', () => {
  assert.equal(quadIou(square(0, 0, 10), square(0, 0, 10)), 1);
  assert.equal(quadIou(square(0, 0, 10), square(20, 20, 10)), 0);
});

test('quadIou of half-overlapping squares is 1/3, whatever the corner order', () => {
  assert.ok(Math.abs(quadIou(square(0, 0, 10), square(5, 0, 10)) - 1 / 3) < 1e-9);
  const counterClockwise = [5, 0, 5, 10, 15, 10, 15, 0];
  assert.ok(Math.abs(quadIou(square(0, 0, 10), counterClockwise) - 1 / 3) < 1e-9);
});

test('quadIou of a diamond inside its bounding square is the area ratio, not the box IoU', () => {
  const diamond = [5, 0, 10, 5, 5, 10, 0, 5];
  assert.ok(Math.abs(quadIou(square(0, 0, 10), diamond) - 0.5) < 1e-9);
  assert.equal(boxIou([0, 0, 10, 10], [0, 0, 10, 10]), 1);
});

test('a non-convex quad falls back to the box IoU', () => {
  const bowtie = [0, 0, 10, 10, 10, 0, 0, 10];
  assert.equal(quadIou(bowtie, square(0, 0, 10)), 1);
});

test('matchByIou pairs one to one, best overlap first, and drops pairs under the threshold', () => {
  const refs = [square(0, 0, 10), square(100, 0, 10)];
  const preds = [square(1, 0, 10), square(0, 0, 10), square(300, 0, 10)];
  const pairs = matchByIou(refs, preds, 0.5);
  assert.deepEqual(pairs.map((p) => [p.reference, p.prediction]), [[0, 1]]);
});
