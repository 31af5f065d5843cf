/**
 * Titles and keywords read on out-of-focus photos: the recogniser's first choice is often wrong
 * where the printed character is its second (华价国归定居证, 侨 and 回 just behind 价 and 国). The
 * classifier takes those alternatives into account, within bounds: most of a wording must be
 * read as first choices, and plain edits keep their allowance.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';
import { findReading, lineReadings, readsAs, type ReadChar } from '../../src/classify/wording.js';

/** Characters of `text`, with alternatives at the places given. */
function chars(text: string, alternatives: Readonly<Record<number, string>> = {}): ReadChar[] {
  return Array.from(text).map((char, i) => (alternatives[i] ? { char, alternatives: Array.from(alternatives[i]) } : { char }));
}

function line(text: string, alternatives: Readonly<Record<number, string>> = {}, isTitle = false): ClassifierLine {
  return { text, isTitle, chars: chars(text, alternatives) };
}

test('readings line up with the normalised text, or are not used', () => {
  const r = lineReadings('证 号：A1', chars('证 号：A1', { 0: '订' }));
  assert.deepEqual(r, [['证', '订'], ['号'], ['a'], ['1']]);
  // Characters that do not spell the text (another engine's convention) are dropped.
  assert.equal(lineReadings('证号', chars('证')), null);
  assert.equal(lineReadings('证号', undefined), null);
});

test('an alternative at its place is no edit, but most characters must be first choices', () => {
  const readings = lineReadings('华价国归定居证', chars('华价国归定居证', { 1: '侨贷', 2: '回同' }));
  assert.ok(readings);
  const m = findReading(readings, '华侨回归定居证', 1, 3, 0.4);
  assert.ok(m);
  assert.equal(m.edits, 0);
  assert.equal(m.alternatives, 2);
  // Without the alternatives the same line is two edits away: no match within one.
  const plain = lineReadings('华价国归定居证', chars('华价国归定居证'));
  assert.ok(plain);
  assert.equal(findReading(plain, '华侨回归定居证', 1, 3, 0.4), null);
  // More alternatives than allowed: no match.
  assert.equal(findReading(readings, '华侨回归定居证', 1, 1, 0.4), null);
});

test('a keyword read through an alternative is found; one needing too many is not', () => {
  const readings = lineReadings('金话：136.88', chars('金话：136.88', { 1: '额活' }));
  assert.ok(readings);
  assert.equal(readsAs(readings, '金额', 1), true);
  assert.equal(readsAs(readings, '全额', 1), false);
  // A wording read as printed is not an alternative reading.
  assert.equal(readsAs(readings, '金话', 1), false);
});

test('a blurred card title whose printed characters came second places the card', () => {
  const lines = [line('华价国归定居证', { 1: '侨贷', 2: '回同' }, true), line('证件号码：430082296822008354')];
  const r = classifyText(lines);
  assert.equal(r.root_cls, '华侨回归定居证');
  // The same text without the recogniser's alternatives stays unplaced.
  const bare = classifyText(lines.map((l) => ({ text: l.text, isTitle: l.isTitle })));
  assert.equal(bare.root_cls, '其他');
  assert.equal(bare.root_cls_is_credible, -1);
});

test('alternatives that could spell a title do not place a line read mostly otherwise', () => {
  // 外国人居留证 would need three of six characters from the alternatives, and they are not there.
  const r = classifyText([line('外线人民就证', { 1: '城域球', 3: '版以队', 4: '能健销' }, true)]);
  assert.equal(r.root_cls, '其他');
  assert.equal(r.root_cls_is_credible, -1);
  // Noise with many alternatives stays 其他.
  const noise = classifyText([line('ATEENE', { 0: 'WRM', 2: 'NHT', 4: 'DRS' }), line('电9：(', { 0: 'Ee' })]);
  assert.equal(noise.root_cls, '其他');
  assert.equal(noise.root_cls_is_credible, -1);
});

test('a wording read through an alternative and followed by a label suffix is a field label, not a title', () => {
  const r = classifyText([line('护昭号：E12345678', { 1: '照' }), line('姓名：某某'), line('性别：男')], { card: true });
  assert.equal(r.titled, false);
  assert.equal(r.root_cls_is_credible, -1);
});

test('a title printed over two lines holds the shorter wording on its second line (ID card back)', () => {
  // The emblem side of a blurred ID card: its fields (签发机关, 有效期限) unread, only the title.
  const r = classifyText([{ text: '中华人民共和国', isTitle: false }, { text: '居民身份证', isTitle: true }, { text: '221', isTitle: false }]);
  assert.equal(r.root_cls, '居民身份证国徽面');
  // The front, which prints no such title, is still read by its fields.
  const front = classifyText([line('姓名张三'), line('性别男'), line('民族汉'), line('公民身份号码'), line('11010519491231002X')], { card: true });
  assert.equal(front.root_cls, '居民身份证');
});
