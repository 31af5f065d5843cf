/**
 * Class misses of found documents, issue 5 session 21: a valid ID number printed as another
 * document's field (an e-invoice's payer, a permit's 证件号码) placed an ID card, and cards whose
 * Chinese title was misread kept a Latin title the taxonomy did not know (Foreign Permanent
 * Resident ID Card, Driving License, Vehicle License, Birth Certificate).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';

/** Lines given as text; a leading "T:" marks a title line. */
const lines = (...texts: string[]): ClassifierLine[] => texts.map((t) => (t.startsWith('T:') ? { text: t.slice(2), isTitle: true } : { text: t, isTitle: false }));

/** A valid GB 11643 number (check digit 6). */
const ID = '370782198709170246';

test('an e-invoice whose title was not read is no ID card for its payer\'s 统一社会信用代码', () => {
  const r = classifyText(lines('票据代码：11954931', '票据号码：0082172839', `交款人统一社会信用代码：${ID}`, '校验码：xrdwfw', '交款人：某某', '开票日期：2023-05-04', '项目名称', '金额（元）', '门诊号：42495718', '性别：女', '收款单位（章）：', '北京口腔医院', '复核人：某某', '收款人：某某'));
  assert.notEqual(r.root_cls, '居民身份证');
  assert.notEqual(r.root_cls, '临时居民身份证');
  assert.equal(r.root_cls, '费用类票据');
  // Placed on body words alone: not asserted.
  assert.equal(r.root_cls_is_credible, -1);
});

test('a card whose number is labelled 证件号码 is no 临时居民身份证, which prints 公民身份号码', () => {
  const r = classifyText(lines('姓名某某', '性别男', '出生日期1978年08月01日', `证件号码${ID}`, '有效期限2020年10月19日'), { card: true });
  assert.notEqual(r.root_cls, '临时居民身份证');
  // The temporary ID card itself, read with its own label, is still placed by its number.
  const temp = classifyText(lines('姓名某某', '性别男', `公民身份号码${ID}`), { card: true });
  assert.equal(temp.root_cls === '临时居民身份证' || temp.root_cls === '居民身份证', true);
});

test('the permanent residence card\'s Latin title, cut at its end, places the card', () => {
  const r = classifyText(lines('T:ForeignPermanentResidentIDC', 'T:中华人', '姓名/Name某某', '性别/Sex女', '出生日期/DateofBirth1948年06月17日', `证件号码/CardNo${ID}`), { card: true });
  assert.equal(r.root_cls, '外国人永久居留身份证');
});

test('a driving licence whose Chinese title lost a character is placed by its Latin title, not asserted', () => {
  const r = classifyText(lines('机动车驾证DrivingLcense'), { card: true });
  assert.equal(r.root_cls, '机动车驾驶证');
  assert.equal(r.root_cls_is_credible, -1);
  const vehicle = classifyText(lines('T:机动车行驶证 Vehicle License', '号牌号码', '车辆类型'), { card: true });
  assert.equal(vehicle.root_cls, '机动车行驶证');
  assert.equal(vehicle.root_cls_is_credible, 1);
});

test('Birth Certificate and 离休干部离休荣誉证 are their documents\' printed titles', () => {
  assert.equal(classifyText(lines('T:Birth Certificate', '性别', '出生时间')).root_cls, '出生医学证明');
  const retired = classifyText(lines('T:离休干部离休荣誉证', '姓名某某', '性别男'), { card: true });
  assert.equal(retired.root_cls, '离休证');
  assert.equal(retired.root_cls_is_credible, 1);
});
