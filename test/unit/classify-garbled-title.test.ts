/** A: a blurred title read with too many misreads, matched by the characters it holds in order. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { garbledTitle, orderedMatch } from '../../src/classify/garbled-title.js';
import { loadTaxonomy } from '../../src/classify/taxonomy.js';
import type { OcrLine } from '../../src/ocr/types.js';

const tax = loadTaxonomy();

/** A read line; `alts` gives some places an alternative the recogniser considered (char, score). */
function read(text: string, alts: Record<number, [string, number]> = {}): OcrLine {
  const chars = Array.from(text).map((char, k) => {
    const alt = alts[k];
    return alt ? { char, score: 0.4, x: k / text.length, alternatives: [{ char: alt[0], score: alt[1] }] } : { char, score: 0.9, x: k / text.length };
  });
  return { text, score: 0.5, quad: [0, 0, 100, 0, 100, 20, 0, 20], chars };
}

test('ordered match: characters in order, the stretch they use kept short', () => {
  const places = Array.from('甲核保乙回执丙', (c) => new Set([c]));
  assert.deepEqual(orderedMatch(places, Array.from('核保函回执')), { matched: 4, span: 5 });
  assert.deepEqual(orderedMatch(places, Array.from('丁戊')), { matched: 0, span: 0 });
});

test('a title with a third of its characters misread names its root, through an alternative too', () => {
  // 台湾居民来往大陆通行证 read 台湾民民家花大A通行证, 来 behind 家.
  const hit = garbledTitle([read('YEAT'), read('台湾民民家花大A通行证', { 4: ['来', 0.05] })], tax);
  assert.equal(hit?.root, '台湾居民来往大陆通行证');
  assert.equal(hit?.line, 1);
  // 核保函回执 read 核保的同执: four in order only with 回 behind 同.
  assert.equal(garbledTitle([read('核保的同执', { 3: ['回', 0.07] })], tax)?.root, '二核回函');
  assert.equal(garbledTitle([read('核保的同执', { 3: ['回', 0.01] })], tax), null);
});

test('wordings of several roots read about as well name none', () => {
  // #业证书: 毕业证书, 结业证书 and 肄业证书 alike.
  assert.equal(garbledTitle([read('华业证书')], tax), null);
});

test('a body line that holds a wording\'s characters spread out names nothing', () => {
  assert.equal(garbledTitle([read('本人授权贵公司向相关医疗机构查询本人的就诊记录')], tax), null);
  assert.equal(garbledTitle([read('台X湾X民X家X花X大X通X行X证')], tax), null);
});
