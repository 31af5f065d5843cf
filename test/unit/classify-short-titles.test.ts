/**
 * Session 9: a card's three-character title read with one glyph wrong places a card-shaped
 * document in that card's class (not asserted), when the two glyphs kept name one root alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shortTitleLine } from '../../src/classify/short-titles.js';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';
import { loadTaxonomy } from '../../src/classify/taxonomy.js';
import { normalise } from '../../src/classify/wording.js';

const body = (...texts: string[]): ClassifierLine[] => texts.map((text) => ({ text, isTitle: false }));
const tax = loadTaxonomy();
const root = (name: string) => {
  const r = tax.roots.find((x) => x.name === name);
  assert.ok(r, name);
  return r;
};

test('学生证 read with one glyph wrong on a card with a portrait is a student card, not asserted', () => {
  const r = classifyText(body('中7生7生证'), { card: true, portrait: true });
  assert.equal(r.root_cls, '学生证');
  assert.equal(r.root_cls_is_credible, -1);
});

test('the same reading on a page that is not card-shaped stays 其他', () => {
  const r = classifyText(body('中7生7生证'), { card: false });
  assert.equal(r.root_cls, '其他');
});

test('two glyphs shared by several roots (?官证: 警官证, 军官证, 法官证) name none', () => {
  assert.equal(shortTitleLine(['7官证'], root('警官证'), tax, normalise), -1);
  assert.equal(classifyText(body('7官证'), { card: true, portrait: true }).root_cls, '其他');
});

test('a long line is a field row, not a title; a line holding the exact title is left to the exact rules', () => {
  assert.equal(shortTitleLine(['工作正'], root('工作证'), tax, normalise), 0);
  assert.equal(shortTitleLine(['单位名称工作正常运转中的部门'], root('工作证'), tax, normalise), -1);
  // An exact title elsewhere on the card: the near miss is not read.
  const r = classifyText([{ text: '残疾人证', isTitle: true }, ...body('工作正')], { card: true, portrait: true });
  assert.equal(r.root_cls, '残疾证');
});
