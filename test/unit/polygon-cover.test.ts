import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coveredShare, overlapArea } from '../../src/image/polygon.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { OCCLUDED_SHARE, pageComplete } from '../../src/synth/generate.js';

const rect = (x: number, y: number, w: number, h: number): Quad8 => [x, y, x + w, y, x + w, y + h, x, y + h];
const close = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;

test('overlapArea is the exact shared area, whatever the winding', () => {
  assert.ok(close(overlapArea(rect(0, 0, 10, 10), rect(5, 5, 10, 10)), 25));
  assert.ok(close(overlapArea(rect(0, 0, 10, 10), [5, 5, 5, 15, 15, 15, 15, 5]), 25));
  assert.equal(overlapArea(rect(0, 0, 10, 10), rect(20, 0, 10, 10)), 0);
  // A diamond inside its square: half the square.
  assert.ok(close(overlapArea(rect(0, 0, 10, 10), [5, 0, 10, 5, 5, 10, 0, 5]), 50));
});

test('coveredShare counts the part two covering quads share once (inclusion–exclusion)', () => {
  const page = rect(0, 0, 100, 100);
  // Two cards over the right edge, overlapping each other by a 10 x 20 strip.
  const a = rect(80, 0, 40, 50);
  const b = rect(70, 30, 40, 50);
  const expected = (20 * 50 + 30 * 50 - 20 * 20) / 10000;
  assert.ok(close(coveredShare(page, [a, b]), expected));
  assert.ok(close(coveredShare(page, [a, b, rect(85, 10, 5, 5)]), expected), 'a quad inside an earlier cover adds nothing');
  assert.equal(coveredShare(page, []), 0);
  assert.equal(coveredShare(page, [rect(200, 200, 10, 10)]), 0);
  assert.equal(coveredShare(page, [rect(-10, -10, 200, 200)]), 1);
});

test('coveredShare of a tilted cover is its exact overlap, not its box', () => {
  const page = rect(0, 0, 100, 100);
  // A square turned 45° with its centre on the page corner (100, 100): a quarter of it is on the page.
  const diamond = [100, 90, 110, 100, 100, 110, 90, 100];
  assert.ok(close(coveredShare(page, [diamond]), 50 / 10000));
});

test('a page is labelled incomplete when later pages hide OCCLUDED_SHARE of it, not when earlier ones do', () => {
  const frame = { width: 1000, height: 600 };
  const lower = rect(100, 100, 400, 300);
  // A page laid over the lower one's right 5 % (20 px of 400).
  const upper = rect(480, 120, 300, 300);
  assert.equal(pageComplete([lower, upper], 0, frame.width, frame.height), false);
  assert.equal(pageComplete([lower, upper], 1, frame.width, frame.height), true, 'the upper page is whole');
  // Drawn the other way round, the same outlines swap roles.
  assert.equal(pageComplete([upper, lower], 0, frame.width, frame.height), false);
  assert.equal(pageComplete([upper, lower], 1, frame.width, frame.height), true);
});

test('a sliver under OCCLUDED_SHARE or a page merely beside another leaves it complete', () => {
  const frame = { width: 1000, height: 600 };
  const lower = rect(100, 100, 400, 300);
  const width = Math.floor(OCCLUDED_SHARE * 400) - 1;
  assert.equal(pageComplete([lower, rect(500 - width, 100, 300, 300)], 0, frame.width, frame.height), true);
  assert.equal(pageComplete([lower, rect(520, 100, 300, 300)], 0, frame.width, frame.height), true);
});

test('a page running out of the frame is incomplete whatever lies on it', () => {
  assert.equal(pageComplete([rect(-20, 100, 400, 300)], 0, 1000, 600), false);
  assert.equal(pageComplete([rect(20, 100, 400, 300)], 0, 1000, 600), true);
});
