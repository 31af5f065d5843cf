/**
 * Class misses of documents the localiser found (issue 5, session 14): a settlement sheet whose
 * hospital name was misread lost its medical context, an admission record was outvoted by its
 * twin's near miss and by a body word of a sibling, and VAT invoices whose title was misread or
 * cut over two lines were read for facets without the wording that placed them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';

/** Lines given as text; a leading "T:" marks a title line. */
const lines = (...texts: string[]): ClassifierLine[] => texts.map((t) => (t.startsWith('T:') ? { text: t.slice(2), isTitle: true } : { text: t, isTitle: false }));

test('出院 / 入院 are medical context: a blurred 出院结算单 whose hospital name was misread is still a bill', () => {
  const r = classifyText(lines('T:北京市人民区院', 'T:出院结算单', '124.35', '50.40', '272.34'));
  assert.equal(r.root_cls, '费用类票据');
  assert.equal(r.sub_cls, '住院结算单');
  // The context words do not place a document by themselves: a page with 出院 and no title stays unplaced.
  const bare = classifyText(lines('出院', '2021年06月07日'));
  assert.equal(bare.root_cls, '其他');
  assert.equal(bare.root_cls_is_credible, -1);
});

test('an admission record titled as printed is not taken for its twin 出院记录, even with a 门诊号 in its body', () => {
  const r = classifyText(lines('T:某市医科大学附属第一医院', 'T:入院记录（首次）', '姓名：某某', '科室：外科', '门诊号：70322595', '主诉：反复咳嗽三天', '现病史：患者因上述症状就诊', '既往史：无', '个人史：无'));
  assert.equal(r.root_cls, '病历相关资料');
  assert.equal(r.sub_cls, '入院记录');
  assert.equal(r.sub_cls_is_credible, 1);
  // Without its title the body word still rules the admission record out (an outpatient record).
  const untitled = classifyText(lines('T:某市医科大学附属第一医院', 'T:病历', '门诊号：70322595', '主诉：反复咳嗽三天', '现病史：患者因上述症状就诊', '既往史：无'));
  assert.notEqual(untitled.sub_cls, '入院记录');
  // A near miss still counts where no sibling's title was read whole.
  const misread = classifyText(lines('T:某市人民医院', 'T:出院记灵', '出院诊断：肺炎', '出院医嘱：休息', '住院天数：7天'));
  assert.equal(misread.sub_cls, '出院记录');
});

test('a VAT invoice title over two lines with a misread character is still a VAT invoice', () => {
  const r = classifyText(lines('T:吉林地值税普通', 'T:发票', '发票代码：476878345995', '发票号码：37098797', '*医疗服务*氯雷他定片', '数量', '单价'));
  assert.equal(r.root_cls, '费用类票据');
  assert.equal(r.sub_cls, '门诊普通增值税票');
});

test('an electronic VAT invoice whose 子 or 普 was dropped keeps its medium and kind', () => {
  const split = classifyText(lines('T:内蒙古增值税电', '子', 'T:普通发票', '国家税务总局监制', '发票代码：619393443062', '发票号码：74325359', '*医疗服务*氯雷他定片', '备注：门诊号：1234'));
  assert.equal(split.sub_cls, '门诊电子普通增值税票');
  const dropped = classifyText(lines('T:贵州增', 'T:值税电子通发票', '国家税务总局监制', '发票代码：137584665899', '发票号码：21573217', '*医疗服务*板蓝根颗粒', '备注：住院号：36004385住院天数：16天'));
  assert.equal(dropped.sub_cls, '住院电子普通增值税票');
  // A paper bill read as printed keeps its own kind: the wording a near miss matched is added only then.
  const bill = classifyText(lines('T:北京市医疗门诊收费票据', '票据代码：11996066', '收款单位', '北京市人民医院'));
  assert.equal(bill.sub_cls, '门诊发票');
});

test('a lookalike wording inside a line does not outvote the title the whole line is a cut piece of', () => {
  const permit = lines('T:王来香港澳门特别行政区通行证', '姓名某某', '性别女', '出生日期1951年09月11日', '有效期限2020年09月19日', '签发机关某某', '签发地点某市');
  const r = classifyText(permit, { card: true });
  assert.equal(r.root_cls, '因公往来香港澳门特别行政区通行证');
  // Placed by a cut, misread title: not asserted.
  assert.equal(r.root_cls_is_credible, -1);
  // The lookalike's own title, read whole, is still that class.
  const travel = classifyText(lines('T:澳门特别行政区旅行证', '姓名某某', '性别女', '有效期限2020年09月19日'), { card: true });
  assert.equal(travel.root_cls, '澳门特别行政区旅行证');
});
