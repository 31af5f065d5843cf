import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupBySegment, scanSegments, startsWithOwnLabel, TermDictionary, valueCandidates } from '../../src/extract/terms.js';
import type { Segment } from '../../src/extract/layout.js';

type Payload = { kind: 'payment' | 'field'; name: string };

function dictionary(): TermDictionary<Payload> {
  const dict = new TermDictionary<Payload>();
  for (const t of ['其他支付', '个人自付', '个人自费', '就诊日期']) dict.add(t, { kind: t === '就诊日期' ? 'field' : 'payment', name: t });
  dict.tolerateLostCharacter((p) => p.kind === 'payment');
  return dict;
}

const terms = (dict: TermDictionary<Payload>, text: string) => dict.scan(text).map((h) => [h.term, h.start, h.end]);

test('a payment label with one character lost is found when a colon ends it', () => {
  const dict = dictionary();
  assert.deepEqual(terms(dict, '其他支：346.53'), [['其他支付', 0, 3]]);
  assert.deepEqual(terms(dict, '个人付：15.34'), [['个人自付', 0, 3]]);
  assert.deepEqual(terms(dict, '其他支346.53'), [], 'no colon: no label end to go by');
});

test('a lost character is not guessed where two terms of different meaning fit, nor for other kinds of term', () => {
  const dict = dictionary();
  assert.deepEqual(terms(dict, '个人自：922.16'), [], '个人自付 or 个人自费');
  assert.deepEqual(terms(dict, '就诊日：2023-01-02'), [], 'field labels keep their own rules');
});

test('a misread that fits two terms of different meaning is the one whose character the read one looks like', () => {
  const dict = dictionary();
  assert.deepEqual(terms(dict, '个人自责116.96'), [], 'no look-alikes known: ambiguous');
  dict.setLookalikes(new Map([['费', '责货贵']]));
  assert.deepEqual(terms(dict, '个人自责116.96'), [['个人自费', 0, 4]]);
  assert.deepEqual(terms(dict, '个人自村116.96'), [], '村 looks like neither 付 nor 费 by the table');
});

function cell(id: number, text: string, x: number, y: number): Segment {
  const chars = [...text].map((char, i) => ({ char, x0: x + i * 20, x1: x + i * 20 + 19, score: 1 }));
  return { id, line: id, text, chars, box: { x0: x, y0: y, x1: x + text.length * 20, y1: y + 24 } };
}

test('a cell that starts with its own label and colon is no value of the label beside or above it', () => {
  const dict = dictionary();
  const label = cell(0, '就诊日期', 0, 0);
  const candidatesBelow = (below: string) => {
    const segments = [label, cell(1, below, 0, 30)];
    const hits = scanSegments(segments, dict);
    return valueCandidates(hits[0]!, groupBySegment(hits), segments, 24).map((s) => s.text);
  };
  assert.deepEqual(candidatesBelow('住时间：202040-4-23'), [], 'a misread label (住院时间) starts the cell');
  assert.deepEqual(candidatesBelow('2023-01-02'), ['2023-01-02']);
  assert.equal(startsWithOwnLabel('住时间：2020-4-23'), true);
  assert.equal(startsWithOwnLabel('·门诊号: 123'), true);
  assert.equal(startsWithOwnLabel('371.00元'), false);
  assert.equal(startsWithOwnLabel('北京市第一人民医院'), false);
});
