/**
 * The scene-photo cue (classify/visual.ts) and what the classifier makes of it, and wordings
 * fixed in data/taxonomy.json: a site-survey photo is 查勘照片 by its picture, not by text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText } from '../../src/classify/text-classifier.js';
import { isScenePhoto } from '../../src/classify/visual.js';
import { page, svgToRgb, textLines } from './seals-draw.js';

const road = (car: string): string =>
  `<rect x="0" y="0" width="800" height="260" fill="#9fc3e0"/><rect x="0" y="260" width="800" height="340" fill="#8a8f96"/>` +
  `<polygon points="0,600 800,600 550,260 250,260" fill="#55585c"/><rect x="220" y="330" width="260" height="110" rx="20" fill="${car}"/>` +
  `<circle cx="260" cy="450" r="30" fill="#111"/><circle cx="440" cy="450" r="30" fill="#111"/>`;

test('a photo of a road with a car is a scene; a bare wall and a page of text are not', async () => {
  assert.equal(isScenePhoto(await svgToRgb(page(800, 600, road('#b22')))), true);
  assert.equal(isScenePhoto(await svgToRgb(page(800, 600, road('#eeeeee')))), true);
  const wall = await svgToRgb(page(800, 600, '<defs><linearGradient id="g"><stop offset="0" stop-color="#d8c8a8"/><stop offset="1" stop-color="#a89878"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/>'));
  assert.equal(isScenePhoto(wall), false);
  assert.equal(isScenePhoto(await svgToRgb(page(800, 600, textLines(40, 40, 700, 16)))), false);
});

test('a scene with only a date stamp is 查勘照片, placed but not asserted; without the cue it is 其他', () => {
  const lines = [{ text: '2023-07-25 07:01', isTitle: false }];
  const scene = classifyText(lines, { scene: true });
  assert.equal(scene.root_cls, '查勘照片');
  assert.equal(scene.root_cls_is_credible, -1);
  const plain = classifyText(lines, {});
  assert.equal(plain.root_cls, '其他');
  assert.equal(plain.root_cls_is_credible, -1);
});

test('a printed title outweighs the scene cue', () => {
  const r = classifyText([{ text: '诊断证明书', isTitle: true }, { text: '兹证明患者因病就诊', isTitle: false }], { scene: true });
  assert.equal(r.root_cls, '诊断证明');
});

test('授权委托书（理赔） names 保险金领取授权委托书; 授权委托书 alone is 授权书', () => {
  const body = ['委托人：', '受托人：', '本人因故不能亲自办理，特委托受托人代为办理。'].map((text) => ({ text, isTitle: false }));
  const claim = classifyText([{ text: '授权委托书（理赔）', isTitle: true }, ...body]);
  assert.equal(claim.root_cls, '保险金领取授权委托书');
  const plain = classifyText([{ text: '授权委托书', isTitle: true }, ...body]);
  assert.equal(plain.root_cls, '授权书');
});

test('longer wordings name their class over the bill wording they contain', () => {
  const bodyOf = (...texts: string[]) => texts.map((text) => ({ text, isTitle: false }));
  // A settlement list's own copy, title printed over two lines.
  const list = classifyText([{ text: '四川省第一人民医院', isTitle: true }, { text: '门诊结算费用清单', isTitle: true }, { text: '（清单联）', isTitle: true }, ...bodyOf('项目名称', '数量', '单价', '金额')]);
  assert.equal(list.root_cls, '费用清单');
  // Without 清单联 the settlement wording stays a bill (docs/classify.md).
  const bill = classifyText([{ text: '四川省第一人民医院', isTitle: true }, { text: '门诊结算费用清单', isTitle: true }, ...bodyOf('项目名称', '数量', '单价', '金额')]);
  assert.equal(bill.root_cls, '费用类票据');
  const reimbursed = classifyText([{ text: '中国人寿保险股份有限公司', isTitle: true }, { text: '报销结算单', isTitle: true }, ...bodyOf('报销单位', '报销金额', '就诊日期')]);
  assert.equal(reimbursed.root_cls, '第三方报销单');
  const passport = classifyText([{ text: 'PASSPORT FOR PUBLIC AFFAIRS', isTitle: true }, ...bodyOf('护照号/Passport No.', '签发地点')]);
  assert.equal(passport.root_cls, '因公普通护照');
  const deposit = classifyText([{ text: '北京市骨科医院', isTitle: true }, { text: '住院押金收据', isTitle: true }, ...bodyOf('住院号：', '金额：')]);
  assert.equal(deposit.root_cls, '费用类票据');
  assert.equal(deposit.sub_cls, '住院无明细小票');
});

test('a stamp saying the copy was checked against its original makes isoriginal false; a claim form asking for copies does not', async () => {
  const { withCopyMarks } = await import('../../src/classify/copy-marks.js');
  const { loadTaxonomy } = await import('../../src/classify/taxonomy.js');
  const tax = loadTaxonomy();
  const q = { iscard: false, iscard_score: 0, isclear: true, isclear_score: 1, iscomplete: true, iscomplete_score: 1, isdocument: true, isdocument_score: 1, isoriginal: true, isoriginal_score: 0.9 };
  const copy = withCopyMarks(q, ['天津市医疗门诊收费票据（电子）', '与原件核对无误，', '原件已退回'], tax);
  assert.equal(copy.isoriginal, false);
  assert.ok(copy.isoriginal_score < 0.5);
  const form = withCopyMarks(q, ['理赔申请书', '请附被保险人身份证复印件'], tax);
  assert.deepEqual(form, q);
});

test('an echocardiography report is a colour Doppler 检查报告', () => {
  const r = classifyText([{ text: '南昌中心医院', isTitle: true }, { text: '超声心动图报告', isTitle: true }, ...['姓名：', '检查部位：心脏', '超声所见：', '超声提示：'].map((text) => ({ text, isTitle: false }))]);
  assert.equal(r.root_cls, '检查报告');
  assert.equal(r.sub_cls, '彩色多普勒报告');
});

test('permit fields with 签发地点 are not a temporary ID card (it prints no such field)', () => {
  const fields = ['姓名/Name', '性别/Sex', '出生日期', '证件号码 110101199003078515', '有效期限', '签发机关', '签发地点'].map((text) => ({ text, isTitle: false }));
  assert.notEqual(classifyText(fields).root_cls, '临时居民身份证');
  const titled = classifyText([{ text: 'EXIT-ENTRY PERMIT', isTitle: true }, ...fields]);
  assert.equal(titled.root_cls, '外国人出入境证');
  const temp = classifyText([{ text: '临时居民身份证', isTitle: true }, ...['姓名', '公民身份号码 110101199003078515', '有效期限', '签发机关'].map((text) => ({ text, isTitle: false }))]);
  assert.equal(temp.root_cls, '临时居民身份证');
});
