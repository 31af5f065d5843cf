import { test } from 'node:test';
import assert from 'node:assert/strict';
import { workLongerSide } from '../../src/image/work-size.js';

test('a camera frame (4:3 to 16:9) or squarer keeps the working side', () => {
  assert.equal(workLongerSide(1920, 1080, 480, 2), 480);
  assert.equal(workLongerSide(1140, 700, 480, 2), 480);
  assert.equal(workLongerSide(4000, 3000, 480, 2), 480);
  assert.equal(workLongerSide(3000, 3000, 480, 2), 480);
  assert.equal(workLongerSide(300, 400, 480, 2), 480);
});

test('a wide frame of cards in a row gets the pixels of a 16:9 frame, not fewer', () => {
  // Three cards in a row photographed at 3.9:1: at 480 px long the frame would be 123 px tall.
  const side = workLongerSide(1557, 400, 480, 2);
  assert.ok(side > 660 && side < 760, String(side));
  const shorter = (side * 400) / 1557;
  assert.ok(side * shorter <= 480 * 270 * 1.01, 'no more pixels than a 16:9 frame');
  // Portrait strips too (a receipt photographed alone).
  assert.equal(workLongerSide(400, 1557, 480, 2), side);
});

test('a very long strip is capped at maxStretch times the working side', () => {
  assert.equal(workLongerSide(8000, 400, 480, 2), 960);
});
