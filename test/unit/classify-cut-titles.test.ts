/**
 * Session 7, classes of found documents: a long title cut at its ends (under a card's emblem,
 * under a card lying over it) still names its document when the piece left belongs to one root.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';
import { wordedLikeTitle } from '../../src/classify/title-band.js';
import { loadTaxonomy } from '../../src/classify/taxonomy.js';
import { normalise, titleFragment } from '../../src/classify/wording.js';

const body = (...texts: string[]): ClassifierLine[] => texts.map((text) => ({ text, isTitle: false }));
const titled = (title: string, ...texts: string[]): ClassifierLine[] => [{ text: title, isTitle: true }, ...body(...texts)];
const FIELDS = ['姓名某某', '性别女', '出生日期1951年11月26日', '有效期限2018年09月23日', '签发机关某某'];

test('a permit title cut at both ends is the permit it belongs to, asserted', () => {
  const r = classifyText(titled('ENTRYPERMITFORTRAVELLINGTOANDFROMHONGKONGANDMACA', ...FIELDS), { card: true });
  assert.equal(r.root_cls, '往来港澳通行证');
  assert.equal(r.root_cls_is_credible, 1);
  assert.equal(r.titled, true);
});

test('a piece two titles share names neither (Hong Kong and Taiwan permits)', () => {
  const r = classifyText(titled('ENTRYPERMITFORTRAVELLINGTOANDFROM', ...FIELDS), { card: true });
  assert.notEqual(r.root_cls_is_credible, 1);
  assert.equal(r.titled, false);
});

test('a short piece of a title is no fragment of it', () => {
  assert.equal(titleFragment(normalise('往来港澳通行'), normalise('中华人民共和国往来港澳通行证')), null);
  assert.equal(titleFragment(normalise('HONGKONGANDMA'), normalise('EXIT-ENTRY PERMIT FOR TRAVELLING TO AND FROM HONG KONG AND MACAO')), null);
  assert.ok(titleFragment(normalise('ENTRYPERMITFORTRAVELLINGTOANDFROMHONGKONGANDMACA'), normalise('EXIT-ENTRY PERMIT FOR TRAVELLING TO AND FROM HONG KONG AND MACAO')));
});

test('the title band picker takes a cut title back as a title line', () => {
  assert.equal(wordedLikeTitle('ENTRYPERMITFORTRAVELLINGTOANDFROMHONGKONGANDMACA', loadTaxonomy()), true);
  assert.equal(wordedLikeTitle('签发地点广西壮族自治区南宁市', loadTaxonomy()), false);
});
