/**
 * Class misses of found documents (issue 5, session 15): a VAT invoice whose title was misread
 * past the near-miss rule still prints what only VAT invoices print, and a permit whose long
 * Chinese title the crop cut at its start is named by the piece left.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';
import { wordedLikeTitle } from '../../src/classify/title-band.js';
import { loadTaxonomy } from '../../src/classify/taxonomy.js';
import { normalise, titleFragment } from '../../src/classify/wording.js';

/** Lines given as text; a leading "T:" marks a title line. */
const lines = (...texts: string[]): ClassifierLine[] => texts.map((t) => (t.startsWith('T:') ? { text: t.slice(2), isTitle: true } : { text: t, isTitle: false }));

const VAT_BODY = ['发票代码：104884189993', '发票号码：75248440', '开票日期：2021年12月10日', '校验码：78327129703397303355', '购买方名称：某某', '货物或应税劳务、服务名称', '规格型号', '单位', '数量', '*医疗服务*C反应蛋白测定'];

test('a VAT invoice whose title lost two characters is still a VAT invoice by what its body prints', () => {
  // 吉林地值税普发票: 增 read 地 and 通 dropped, two edits in a seven-character wording.
  const r = classifyText(lines('T:吉林地值税普发票', ...VAT_BODY, '价税合计（大写）叁佰元整', '备注：住院号：36004385'));
  assert.deepEqual([r.root_cls, r.sub_cls], ['费用类票据', '住院普通增值税票']);
  // 应税劳务 alone (the table's header, 货 cut off) says it as well; without a visit it is guessed outpatient.
  const header = classifyText(lines('T:吉林地', '#', 'T:发票', '值税普通', '发票代码：476878345995', '发票号码：37098797', '开票日期：2020年01月19日', '物或应税劳务、服务名称', '单价', '金额', '*医疗服务*鲁司特钠片'));
  assert.equal(header.sub_cls, '门诊普通增值税票');
  // Without them the same misread title says no kind, and the bill keeps the generic one.
  const bill = classifyText(lines('T:吉林地值税普发票', ...VAT_BODY.filter((l) => !l.includes('应税劳务')), '备注：住院号：36004385'));
  assert.equal(bill.sub_cls, '住院发票');
});

const PERMIT_FIELDS = ['姓名某某', '性别女', '出生日期1999年03月17日', '有效期限2021年08月06日', '签发机关详见附件', '签发地点某市'];

test('a Chinese title cut at its start by the crop names the one permit it is a piece of, not asserted', () => {
  const r = classifyText(lines('T:门特别行政区通行证', ...PERMIT_FIELDS), { card: true });
  assert.equal(r.root_cls, '因公往来香港澳门特别行政区通行证');
  assert.equal(r.root_cls_is_credible, -1);
  // The title band picker takes such a piece back as a title line as well.
  assert.equal(wordedLikeTitle('门特别行政区通行证', loadTaxonomy()), true);
});

test('a Chinese piece counts only with eight characters past a generic prefix and half its wording', () => {
  const generic = loadTaxonomy().genericTitlePrefixes.map(normalise);
  const permit = normalise('因公往来香港澳门特别行政区通行证');
  assert.ok(titleFragment(normalise('门特别行政区通行证'), permit, generic));
  // Seven characters: too little to tell it from its siblings.
  assert.equal(titleFragment(normalise('别行政区通行证'), permit, generic), null);
  // Under half of a long wording.
  assert.equal(titleFragment('一二三四五六七八', '一二三四五六七八九十甲乙丙丁戊己庚辛壬癸', generic), null);
  assert.ok(titleFragment('一二三四五六七八', '一二三四五六七八九十甲乙丙丁', generic));
  // Mostly the prefix every 中华人民共和国 title shares.
  assert.equal(titleFragment(normalise('中华人民共和国往来港澳'), normalise('中华人民共和国往来港澳通行证'), generic), null);
  // A short piece must be read as printed: with one misread it is a piece of 澳门特别行政区旅行证 too.
  assert.equal(titleFragment(normalise('门特别行政区旅行证'), permit, generic), null);
  // Without the prefixes given, only the long (Latin-sized) rule applies.
  assert.equal(titleFragment(normalise('门特别行政区通行证'), permit), null);
});

test('a bill whose title is read whole and names no kind keeps no kind, whatever table it prints', () => {
  // A 定额发票 printed on the VAT layout: its title says it is the generic invoice.
  const r = classifyText(lines('T:定额发票', ...VAT_BODY, '价税合计（大写）柒佰捌拾元肆角玖分'));
  assert.deepEqual([r.root_cls, r.sub_cls], ['费用类票据', '发票']);
});
