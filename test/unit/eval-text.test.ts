import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { matchesHashed, personalHash } from '../../src/eval/personal.js';
import { inReadingOrder } from '../../src/eval/reading-order.js';
import { cerCount, editDistance, normaliseText } from '../../src/eval/text.js';

test('normaliseText folds full-width forms and removes all white space', () => {
  assert.equal(normaliseText('１２３\u3000Ａ b\tc\n'), '123Abc');
});

test('editDistance counts code points (CJK is one unit each)', () => {
  assert.equal(editDistance('', '医院'), 2);
  assert.equal(editDistance('人民医院', '人民医院'), 0);
  assert.equal(editDistance('人民医院', '人民区院'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
});

test('cerCount divides by the reference length after normalisation', () => {
  assert.deepEqual(cerCount('门诊 收费', '门诊收费票'), { edits: 1, refLength: 4 });
});

test('personalHash is sha256 of the NFKC value without white space, and matches labels so stored', () => {
  const expected = createHash('sha256').update('张三A', 'utf8').digest('hex');
  assert.equal(personalHash(' 张 三Ａ '), expected);
  assert.ok(matchesHashed('张三A', { sha256: expected.toUpperCase() }));
  assert.ok(!matchesHashed('张四A', { sha256: expected }));
});

test('reading order: rows top to bottom, left to right, also for a page turned left', () => {
  const line = (text: string, x: number, y: number) => ({ text, quad: [x, y, x + 40, y, x + 40, y + 10, x, y + 10] });
  assert.deepEqual(inReadingOrder([line('B', 60, 2), line('C', 0, 30), line('A', 0, 0)]).join(''), 'ABC');
  // Turned 90° counter-clockwise: the first line is at the left, read from the bottom up.
  const vertical = (text: string, x: number, y: number) => ({ text, quad: [x, y, x + 10, y, x + 10, y + 40, x, y + 40] });
  assert.equal(inReadingOrder([vertical('C', 30, 100), vertical('A', 0, 100), vertical('B', 2, 40)], 'left').join(''), 'ABC');
});
