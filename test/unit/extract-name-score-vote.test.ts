import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nameByScoreVote, nameWithOfferedFamilyName } from '../../src/extract/restored-reread.js';
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

test('a winner no reading read undoubted does not replace the read character', () => {
  // Three unsure looks at one smudged character: the read one is offered once, a look-alike by
  // all three, never above 0.2. Summed unsure guesses outweigh by number, not by sureness.
  const p = reading(['白', 0.99], ['春', 1], ['萱', 0.21, '签:0.18 营:0.16 堂:0.1']);
  const s1 = reading(['白', 0.95], ['春', 0.78, '寿:0.21'], ['营', 0.2, '管:0.13 蓝:0.08']);
  const s2 = reading(['白', 0.89], ['寿', 0.71, '春:0.29'], ['管', 0.23, '营:0.15 蓝:0.12']);
  assert.equal(nameByScoreVote('白春萱', [p, s1, s2]), '白春萱');
  // The same looks with one of them sure of the look-alike: it wins.
  const sure = reading(['白', 0.95], ['春', 0.78], ['营', 0.7, '管:0.13']);
  assert.equal(nameByScoreVote('白春萱', [p, sure, s2]), '白春营');
});

test('a name starting with no family name takes the one its readings offer most, two readings at least', () => {
  const looks = [
    reading(['消', 0.87, '有:0.04 肖:0.03 育:0.01'], ['红', 0.99]),
    reading(['消', 0.82, '肖:0.07 月:0.04'], ['红', 0.99]),
    reading(['消', 0.95], ['红', 0.96]),
  ];
  assert.equal(nameWithOfferedFamilyName('消红', looks), '肖红');
  // Offered by one reading only: as read.
  assert.equal(nameWithOfferedFamilyName('消红', [looks[1]!, looks[2]!]), '消红');
  // Two family names offered: the one with the higher sum.
  const two = [reading(['消', 0.8, '肖:0.05 何:0.1'], ['红', 1]), reading(['消', 0.8, '肖:0.2 何:0.1'], ['红', 1])];
  assert.equal(nameWithOfferedFamilyName('消红', two), '肖红');
  // A name with its family name first is left alone.
  assert.equal(nameWithOfferedFamilyName('肖红', [reading(['肖', 0.5, '何:0.4'], ['红', 1]), reading(['肖', 0.5, '何:0.4'], ['红', 1])]), '肖红');
});
