import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nameByScoreVote } from '../../src/extract/restored-reread.js';
import type { OcrChar } from '../../src/ocr/types.js';

/** Characters of one reading: [character, score, alternatives as "char:score ..."]. */
function reading(...chars: [string, number, string?][]): OcrChar[] {
  return chars.map(([char, score, alts], i) => ({
    char,
    score,
    x: (i + 0.5) / chars.length,
    ...(alts ? { alternatives: alts.split(' ').map((a) => ({ char: a.split(':')[0]!, score: Number(a.split(':')[1]) })) } : {}),
  }));
}

const page = reading(['向', 0.98], ['红', 1], ['类', 0.32, '票:0.11 勇:0.08 通:0.07']);
const strip1 = reading(['向', 0.68, '商:0.15'], ['红', 0.99], ['勇', 0.98]);
const strip2 = reading(['商', 0.35, '向:0.14'], ['红', 0.95], ['务', 0.54, '勇:0.29 秀:0.07']);

test('a doubted character goes to the character the readings find likeliest, alternatives summed', () => {
  assert.equal(nameByScoreVote('向红类', [page, strip1, strip2]), '向红勇');
});

test('a character the page read surely stays, whatever the strips say', () => {
  const sure = reading(['向', 0.98], ['红', 1], ['类', 0.92, '勇:0.05']);
  assert.equal(nameByScoreVote('向红类', [sure, strip1, strip2]), '向红类');
});

test('a character only one reading offers does not win, however sure', () => {
  const other = reading(['商', 0.35, '向:0.14'], ['红', 0.95], ['务', 0.54, '秀:0.07']);
  const page2 = reading(['向', 0.98], ['红', 1], ['类', 0.32, '票:0.11']);
  assert.equal(nameByScoreVote('向红类', [page2, strip1, other]), '向红类');
});

test('a page reading alone, or readings of another length, change nothing', () => {
  assert.equal(nameByScoreVote('向红类', [page]), '向红类');
  assert.equal(nameByScoreVote('向红类', [page, reading(['向', 1], ['勇', 1])]), '向红类');
  assert.equal(nameByScoreVote('向红类', []), '向红类');
});

test('the vote never costs the name its shape', () => {
  // Both strips read the family name as a non-family-name character: the doubted 向 stays.
  const p = reading(['向', 0.4, '会:0.3'], ['红', 1], ['勇', 1]);
  const s = reading(['会', 0.9], ['红', 1], ['勇', 1]);
  assert.equal(nameByScoreVote('向红勇', [p, s, s]), '向红勇');
});
