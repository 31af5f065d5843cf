/**
 * Class confusions of issue 5 round 4: invoice titles missing from the taxonomy (a valid buyer ID
 * number then outvoted the bill), misread field labels taken for titles, long Latin titles cut at
 * their first letters, two cards read as one, and a scene photographed in grey.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';
import { isScenePhoto } from '../../src/classify/visual.js';
import { findWording, normalise } from '../../src/classify/wording.js';
import { page, svgToRgb } from './seals-draw.js';

const body = (...texts: string[]): ClassifierLine[] => texts.map((text) => ({ text, isTitle: false }));
const titled = (title: string, ...texts: string[]): ClassifierLine[] => [{ text: title, isTitle: true }, ...body(...texts)];

// A valid GB 11643 number (check digit X), printed as a VAT buyer's taxpayer number.
const VALID_ID = '11010519491231002X';

test('a 定额发票 of a hospital with a buyer ID number is a bill, not an ID card', () => {
  const r = classifyText(
    titled('定额发票', '发票代码：533069495934', '发票号码：56608729', `纳税人识别号：${VALID_ID}`, '*医疗服务*螺内酯片', '价税合计（大写）贰佰元叁角陆分', '销售方名称：某市肿瘤医院'),
  );
  assert.equal(r.root_cls, '费用类票据');
  assert.equal(r.root_cls_is_credible, 1);
});

test('a bill title misread by one character still names the bill (医疗门诊收费专用票据)', () => {
  const r = classifyText(titled('北京市医疗间诊收费专用票据', '票据代码：11996066', '收款单位', '北京市人民医院'));
  assert.equal(r.root_cls, '费用类票据');
});

test('the match end is reported, so a misread wording followed by No. is still a field label', () => {
  const m = findWording('护阶号pasportnono0108119977', 'passport', 1);
  assert.ok(m);
  assert.equal(m.edits, 1);
  assert.equal(Array.from('护阶号pasportnono0108119977').slice(m.end).join('').startsWith('no'), true);
  const r = classifyText(body('类型/Type 一级', '护阶号/PasportNo.NO.0108119977', '姓名/Name 某某', '签发日期/Date of issue 2022年04月20日', 'P<CHN3<<<<<<<<<<<<'), { card: true });
  assert.equal(r.titled, false);
  assert.equal(r.root_cls_is_credible, -1);
});

test('a long Latin title that lost its first letters under the emblem still names its class', () => {
  const hk = classifyText(titled('NGKONGSPECLALADMINISTRATIVEREGIONPASSPORT', '号/Passport No. 41144526226259', '性别/Sex 男'), { card: true });
  assert.equal(hk.root_cls, '香港特别行政区护照');
  // Not taken for a title line (the picker found it too long), it is still placed by it.
  const hkBody = classifyText(body('NGKONGSPECLALADMINISTRATIVEREGIONPASSPORT', '号FascorNo.41144526226259', '别/Sx男', '签发日/Datofisu2018年04月05日'), { card: true });
  assert.equal(hkBody.root_cls, '香港特别行政区护照');
  assert.equal(hkBody.root_cls_is_credible, -1);
  const tw = classifyText(body('T-ENTRYPERMITFORTRAVELLINGTOANDFROMTAIWAN', '姓名张俊', '证件号码64010419620426636X', '有效期限2020年05月04日', '签发地点某市'), { card: true });
  assert.equal(tw.root_cls, '大陆居民往来台湾通行证');
  // Short wordings keep their tight allowance: a four-edit miss of a 15-letter title is no match.
  assert.equal(findWording(normalise('ENTRY PERMITS'), normalise('EXIT-ENTRY PERMIT')), null);
});

test('two cards read as one (both holders\' fields in one text) are placed but not asserted', () => {
  const merged = classifyText(
    [
      ...body('类型/Type普通'),
      { text: '检察官证', isTitle: true },
      ...body('护照号/Passport No.4', '姓名某某', '姓名/Name某某', '性别男', '性别/Sex女', '出生日期/Dateofbirth2001年01月27日', '单位某某医院', '签发日期/Dateofissue2017年05月23日', 'P<<<<<<'),
    ],
    { card: true },
  );
  assert.equal(merged.root_cls, '检察官证');
  assert.equal(merged.root_cls_is_credible, -1);
  const single = classifyText(titled('检察官证', '姓名某某', '性别男', '单位某某人民检察院', '职务检察员'), { card: true });
  assert.equal(single.root_cls_is_credible, 1);
  // A marriage certificate names two people: its repeated fields are its own.
  const marriage = classifyText(titled('结婚证', '持证人某某', '登记日期2020年01月01日', '姓名某某', '性别男', '国籍中国', '姓名某某', '性别女', '国籍中国'), { card: true });
  assert.equal(marriage.root_cls, '结婚证');
  assert.equal(marriage.root_cls_is_credible, 1);
});

test('a CT report titled 计算机断层扫描报告 is a CT 检查报告', () => {
  const r = classifyText([{ text: '某省中心医院', isTitle: true }, ...titled('计算机断层扫描报告', '检查部位：腰椎', '影像所见：', '诊断意见：')]);
  assert.deepEqual([r.root_cls, r.sub_cls], ['检查报告', 'CT报告']);
});

test('a road scene captured in grey is a scene (sky as bright as paper, road and verge in two greys)', async () => {
  const grey =
    `<rect x="0" y="0" width="800" height="270" fill="#dddddd"/><rect x="0" y="270" width="800" height="330" fill="#8e8e8e"/>` +
    `<polygon points="0,600 800,600 520,270 280,270" fill="#505050"/><rect x="380" y="330" width="220" height="90" rx="12" fill="#f4f4f4"/>` +
    `<circle cx="300" cy="440" r="26" fill="#111"/><circle cx="440" cy="440" r="26" fill="#111"/>`;
  assert.equal(isScenePhoto(await svgToRgb(page(800, 600, grey))), true);
  // A grey wall lit from one side is still no scene: no sharp edges.
  const wall = await svgToRgb(page(800, 600, '<defs><linearGradient id="g"><stop offset="0" stop-color="#e0e0e0"/><stop offset="1" stop-color="#606060"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/>'));
  assert.equal(isScenePhoto(wall), false);
});

test('a bill whose 门诊 was misread (问诊) still gets its visit from the title it nearly matches', () => {
  const r = classifyText(titled('河南省医疗问诊收费票据', '票据代码165539280', '票据号码：5158764', '卫生材料费', '西药费', '金额合计（大写）肆佰叁拾陆元叁角伍分'));
  assert.deepEqual([r.root_cls, r.sub_cls, r.root_cls_is_credible], ['费用类票据', '门诊发票', 1]);
  // A title that names no visit stays unsure of it.
  const plain = classifyText(titled('河南省医疗收费票据', '票据代码165539280', '西药费', '金额合计（大写）肆佰叁拾陆元'));
  assert.equal(plain.sub_cls, '发票');
});

test('a claim paper titled 理赔资料补充说明 is 理赔补充资料, not a temporary ID card from the ID number in its prose', () => {
  const r = classifyText([
    { text: '中国人寿保险股份有限公司', isTitle: true },
    ...titled('理赔资料补充说明', `兹证明某某，女，身份证号${VALID_ID}，住址某市某路238号。`, '本人承诺所提供的资料真实、完整。'),
  ]);
  assert.equal(r.root_cls, '理赔补充资料');
  const untitled = classifyText(body(`兹证明某某，女，身份证号${VALID_ID}，住址某市某路238号。`, '本人承诺所提供的资料真实、完整。'));
  assert.notEqual(untitled.root_cls, '临时居民身份证');
});
