/**
 * Sub-class misses of documents the localiser found (issue 5, session 17): a sibling's wording
 * inside a longer one on the same title line (CT检查报告单 in PET-CT检查报告单), a visit read from a
 * short field beside a receipt's title instead of from the title, and a blank household-register
 * page whose labels the recogniser cut or misread.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';

/** Lines given as text; a leading "T:" marks a title line. */
const lines = (...texts: string[]): ClassifierLine[] => texts.map((t) => (t.startsWith('T:') ? { text: t.slice(2), isTitle: true } : { text: t, isTitle: false }));

test('a PET-CT report is not a CT report because CT检查报告单 is printed inside its title', () => {
  const body = ['姓名：某某', '检查项目：', '平扫+增强', '显像剂：', '检查所见：', '诊断意见：'];
  const r = classifyText(lines('T:某省医科大学附属第一医院', 'T:PET-CT检查报告单', ...body));
  assert.equal(r.root_cls, '检查报告');
  assert.equal(r.sub_cls, 'PET-CT报告');
  // The CT report itself keeps its title.
  const ct = classifyText(lines('T:某省医科大学附属第一医院', 'T:CT检查报告单', ...body));
  assert.equal(ct.sub_cls, 'CT报告');
});

test("a receipt's visit is read from its title before a short field printed next to it", () => {
  const r = classifyText(lines('医疗付费方式：城乡居民', '入院途径门诊', 'T:住院收费明细小票', '入院时间2024-10-11', '住院号：0017398870', '注射液', '合计：1031.80'));
  assert.equal(r.root_cls, '费用类票据');
  assert.equal(r.sub_cls, '住院明细小票');
  // A continuation beside the title still counts when the title itself names no value of it.
  const electronic = classifyText(lines('T:某市人民医院', 'T:医疗门诊收费票据', '（电子）', '票据代码：12345678', '交款人：某某', '合计：12.00'));
  assert.equal(electronic.sub_cls, '门诊电子发票');
});

test('a blank register page whose labels were read cut or misread is still the blank page', () => {
  const blank = ['T:常住人口登记卡', '姓名', '户主或与户主关系', '用名', '性别', '出生地', '民族', '出生日期', '本市（县）其他佳址', '宗教信仰', '公民身份证件编号', '身高', '血型', '文化程度', '姻状况', '兵役状况', '服务处所', '职业', '时由何地迁来本布（县）', '何时由何地迁来本址'];
  const r = classifyText(lines(...blank));
  assert.equal(r.root_cls, '户口簿');
  assert.equal(r.sub_cls, '户口簿空白页');
  // Filled in, the same page is the information page: names, places and numbers are no label pieces.
  const filled = classifyText(lines('T:常住人口登记卡', '姓名', '王某某', '户主或与户主关系', '户主', '性别', '男', '出生地', '河南省郑州市', '民族', '汉', '出生日期', '1980年01月02日', '公民身份证件编号', '410105198001021234', '文化程度', '大学', '婚姻状况', '已婚'));
  assert.equal(filled.sub_cls, '户口簿信息页');
});
