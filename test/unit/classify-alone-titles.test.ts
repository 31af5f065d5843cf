/**
 * Found documents that came out in the wrong class: a card's name read on a line of its own that
 * the title picker did not flag lost to a root with no wording at all (a valid ID number, which
 * many cards print), and a bank card whose number was read with one digit wrong.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { containsUncheckedCardNumber } from '../../src/classify/cues.js';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';

const body = (...texts: string[]): ClassifierLine[] => texts.map((text) => ({ text, isTitle: false }));

// A valid GB 11643 number, printed on the permit as its holder's ID number.
const VALID_ID = '11010519491231002X';

test('a permit whose Latin name stands alone on an unflagged line beats a root with an ID number only', () => {
  const lines = body('ENTRY PERMIT FOR TRAVELLING TO AND FROM HONG KONG AND MACAO', '姓名 某某', '性别 女', `证件号码 ${VALID_ID}`, '有效期限');
  const r = classifyText(lines, { card: true });
  assert.equal(r.root_cls, '往来港澳通行证');
  assert.equal(r.titled, true);
});

test('a wording inside a longer body line does not stand for a title', () => {
  // The same ID number with the permit's name only inside a sentence: the name is not the line's
  // title, so the ID number's root is not scaled down and keeps the lead. (The number under the ID
  // card's own label: after 证件号码 it places no ID card at all since session 21.)
  const lines = body('本人持有往来港澳通行证一本现申请补办', '姓名 某某', '性别 女', `公民身份号码 ${VALID_ID}`, '有效期限', '签发机关');
  const r = classifyText(lines, { card: true });
  assert.notEqual(r.root_cls, '往来港澳通行证');
});

test('a bank card whose number fails Luhn (one digit misread) is still placed as a bank card, not asserted', () => {
  // 6222 0210 0112 3456 788 fails Luhn (…789 passes): the card's printed number read with its last digit wrong.
  const r = classifyText(body('中国某某银行', '6222021001123456788', '03/29'));
  assert.equal(r.root_cls, '银行卡');
  assert.equal(r.root_cls_is_credible, -1);
});

test('unchecked card numbers: alone or after the card label, never an ID number or a number after another label', () => {
  assert.equal(containsUncheckedCardNumber(['6222 0210 0112 3456 788']), true);
  assert.equal(containsUncheckedCardNumber(['卡号：6222021001123456788']), true);
  // An 18-digit citizen ID number (a birth date inside), even one that fails its check.
  assert.equal(containsUncheckedCardNumber(['110105194912310021']), false);
  // A document number after its own label, and a number inside a sentence.
  assert.equal(containsUncheckedCardNumber(['保单号 6222021001123456788']), false);
  assert.equal(containsUncheckedCardNumber(['账户6222021001123456788已扣款']), false);
  // Too short for a card.
  assert.equal(containsUncheckedCardNumber(['622202100112345']), false);
});
