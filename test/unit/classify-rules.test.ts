/** The text classifier's rules: structure cues, exclusions, sub-class facets, and never a confident wrong class. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';
import { containsValidId18, isValidId18, luhnValid } from '../../src/classify/cues.js';
import { findWording, normalise } from '../../src/classify/wording.js';

const body = (...texts: string[]): ClassifierLine[] => texts.map((text) => ({ text, isTitle: false }));
const titled = (title: string, ...texts: string[]): ClassifierLine[] => [{ text: title, isTitle: true }, ...body(...texts)];

test('GB 11643 check digit: the specimen number passes, a changed digit fails', () => {
  assert.equal(isValidId18('370782198709170246'), true);
  assert.equal(isValidId18('370782198709170247'), false);
  assert.equal(isValidId18('11010519491231002X'), true);
  assert.equal(containsValidId18('公民身份号码 3707 8219 8709 1702 46'), true);
});

test('Luhn check of card numbers', () => {
  assert.equal(luhnValid('6222020200112233441'.slice(0, 16)), luhnValid('6222020200112233'));
  assert.equal(luhnValid('4111111111111111'), true);
  assert.equal(luhnValid('4111111111111112'), false);
});

test('wording search tolerates one misread character in a title, none in a three-character word', () => {
  assert.deepEqual(findWording(normalise('贵州省医疗门诊收费栗据'), normalise('医疗门诊收费票据')), { length: 8, edits: 1, end: 11 });
  assert.equal(findWording(normalise('离婚证'), normalise('结婚证')), null);
});

test('a misread title with no exact wording anywhere is still placed, from the fuzzy pass', () => {
  const r = classifyText(titled('河南省医疗维院股费票据', '（电子）', '票据代码 41060121', '票据号码 0005854812', '校验码 3365ab', '住院号 123', '合计 29133.73'));
  assert.deepEqual([r.root_cls, r.sub_cls], ['费用类票据', '住院电子发票']);
});

test('an ID card front without a title: fields plus a valid ID number make 居民身份证', () => {
  const r = classifyText(body('姓名 小静', '性别 女 民族 汉', '出生 1987年9月17日', '住址 北京市海淀区西北旺东路100号', '公民身份号码 370782198709170246'), { card: true, portrait: true });
  assert.equal(r.root_cls, '居民身份证');
  assert.equal(r.root_cls_is_credible, 1);
  assert.equal(r.sub_cls, null);
});

test('the same fields with a broken ID number are not credible', () => {
  const r = classifyText(body('姓名 小静', '性别 女', '公民身份号码 370782198709170247'));
  assert.equal(r.root_cls_is_credible, -1);
});

test('the emblem side: 签发机关 and 有效期限 without a citizen number', () => {
  const r = classifyText(body('中华人民共和国', '居民身份证', '签发机关 北京市公安局海淀分局', '有效期限 2010.01.01-2030.01.01'), { card: true, emblem: true });
  assert.equal(r.root_cls, '居民身份证国徽面');
  assert.equal(r.root_cls_is_credible, 1);
});

test('a non-medical VAT e-invoice is 其他 with credibility -1', () => {
  const r = classifyText(titled('北京增值税电子普通发票', '发票代码 011002100711', '*运输服务*客运服务费 13.32', '价税合计（大写）壹拾叁圆叁角贰分', '销售方 某某出租汽车有限公司'));
  assert.deepEqual([r.root_cls, r.sub_cls, r.root_cls_is_credible, r.sub_cls_is_credible], ['其他', null, -1, -1]);
});

test('a supermarket receipt is 其他 with credibility -1', () => {
  const r = classifyText(titled('某某超市购物小票', '商品名称 数量 单价 金额', '牛奶 2 5.50 11.00', '合计 11.00 找零 9.00', '谢谢惠顾'));
  assert.deepEqual([r.root_cls, r.root_cls_is_credible], ['其他', -1]);
});

test('no lines at all is 其他', () => {
  const r = classifyText([]);
  assert.deepEqual([r.root_cls, r.sub_cls, r.root_cls_is_credible, r.sub_cls_is_credible], ['其他', null, -1, -1]);
});

test('a bill title without 门诊/住院 keeps the root credible but the sub-class not', () => {
  const r = classifyText(titled('医疗收费票据', '票据代码 12060121', '交款人 某某', '合计 370.00'));
  assert.equal(r.root_cls, '费用类票据');
  assert.equal(r.root_cls_is_credible, 1);
  assert.equal(r.sub_cls, '发票');
  assert.equal(r.sub_cls_is_credible, -1);
});

test('the visit type comes from the body when the title does not say it', () => {
  const r = classifyText(titled('医疗收费票据（电子）', '票据代码 12060121', '住院号 123456', '入院日期 2021-01-01 出院日期 2021-01-05'));
  assert.equal(r.sub_cls, '住院电子发票');
});

test('a 诊断证明 title beats the discharge-record words in its body', () => {
  const r = classifyText(titled('出院诊断证明书', '入院日期 2019-11-01', '出院诊断：肺癌', '建议：休息两周', '医师签名'));
  assert.equal(r.root_cls, '诊断证明');
});

test('colour Doppler wording is not read as a black-and-white ultrasound', () => {
  const r = classifyText(titled('彩色多普勒超声检查报告', '超声所见：', 'CDFI：未见异常血流信号'));
  assert.deepEqual([r.root_cls, r.sub_cls], ['检查报告', '彩色多普勒报告']);
});

test('a title seen only in body text is placed but not credible', () => {
  const r = classifyText(body('请携带手术记录到窗口办理'));
  assert.equal(r.root_cls, '手术记录');
  assert.equal(r.root_cls_is_credible, -1);
});

test('an exact sibling title is not outvoted by its one-character twin', () => {
  const r = classifyText(titled('中华人民共和国机动车行驶证', '号牌号码 京A12345', '车辆类型 小型轿车'));
  assert.deepEqual([r.root_cls, r.root_cls_is_credible], ['机动车行驶证', 1]);
});

test('a printed title outweighs body fields and a valid ID number (a letter or a permit is not an ID card)', () => {
  const letter = classifyText(titled('反欺诈声明', '本人姓名 小静 性别 女', '身份证号 370782198709170246', '出生 1987年9月17日 住址 北京市海淀区', '本人承诺所提供的资料真实'));
  assert.equal(letter.root_cls, '反欺诈声明');
  const permit = classifyText(titled('外国人临时居留证', '姓名 小静', '性别 女', '证件号码 370782198709170246', '有效期限 2030年01月01日', '签发机关 公安局'), { card: true });
  assert.equal(permit.root_cls, '外国人临时居留证');
});

test('a title that contains another class title names the longer one (SERVICE PASSPORT is not PASSPORT)', () => {
  const r = classifyText(titled('SERVICE PASSPORT', '护照号 E12345678', '签发地点 北京', '签发日期 2020年01月01日', '出生地点 北京', '有效期至 2030年01月01日', '签发机关 出入境管理局'));
  assert.equal(r.root_cls, '公务护照');
});

test('body fields and a valid ID number without any title: placed but not credible, except for the untitled ID card front', () => {
  const permit = classifyText(body('姓名 小静', '性别 女', '证件号码 370782198709170246', '有效期限 2030年01月01日', '签发机关 公安局'), { card: true });
  assert.equal(permit.root_cls_is_credible, -1);
});

test('receipt wordings: 收费明细 and 住院预交/结算明细 are itemised receipts of 费用类票据', () => {
  const a = classifyText(titled('住院预交/结算明细', '住院号 123', '项目 数量 单价 金额', '合计 100.00'));
  assert.deepEqual([a.root_cls, a.sub_cls], ['费用类票据', '住院明细小票']);
  const b = classifyText(titled('门诊收费明细', '门诊号 12', '项目 数量 单价 金额', '合计 30.00'));
  assert.deepEqual([b.root_cls, b.sub_cls], ['费用类票据', '门诊明细小票']);
});

test('a hospital VAT invoice that prints no visit is a VAT sub-class guessed outpatient, never the generic 发票', () => {
  const items = ['发票代码：044001900111', '货物或应税劳务、服务名称 规格型号 单位 数量 单价 金额', '*医疗服务*诊查费 1 25.00', '价税合计（大写）贰拾伍圆整', '销售方 名称：某某市人民医院'];
  const paper = classifyText(titled('广东增值税普通发票', ...items));
  assert.deepEqual([paper.root_cls, paper.sub_cls, paper.root_cls_is_credible, paper.sub_cls_is_credible], ['费用类票据', '门诊普通增值税票', 1, -1]);
  const e = classifyText(titled('广东增值税电子普通发票', ...items));
  assert.deepEqual([e.sub_cls, e.sub_cls_is_credible], ['门诊电子普通增值税票', -1]);
  // A visit the invoice does print is read, not guessed.
  const inpatient = classifyText(titled('广东增值税电子普通发票', ...items, '住院号：ZY2021001'));
  assert.equal(inpatient.sub_cls, '住院电子普通增值税票');
  // A hospital's plain bill without a visit stays the generic 发票: that sub-class exists for it.
  assert.equal(classifyText(titled('医疗收费票据', '票据代码 12060121', '合计 370.00')).sub_cls, '发票');
});

test('fully digital invoices (电子发票（普通发票） / （增值税专用发票）) of a hospital are VAT e-invoices', () => {
  const items = ['发票号码：24442000000012345678', '项目名称 规格型号 单位 数量 单价 金额 税率/征收率 税额', '*医疗服务*门诊诊查费 1 25.00', '销售方信息 名称：某某大学附属医院'];
  for (const title of ['电子发票（普通发票）', '电子发票（增值税专用发票）']) {
    const r = classifyText(titled(title, ...items));
    assert.deepEqual([r.root_cls, r.sub_cls, r.root_cls_is_credible], ['费用类票据', '门诊电子普通增值税票', 1], title);
  }
});

test('a settlement fee list whose （清单联） the recogniser read on a line of its own is the list, not the bill', () => {
  const r = classifyText([
    { text: '某某骨科医院', isTitle: true },
    { text: '住院结算费用清单', isTitle: true },
    { text: '鱼（清单联）', isTitle: true },
    ...body('姓名：某某', '床号：19', '项目/药品名称 规格 单位 数量 单价(元) 金额(元) 医保类别 自付比例', '【西药费】小计：107.10'),
  ]);
  assert.deepEqual([r.root_cls, r.sub_cls], ['费用清单', '住院结算费用清单']);
});

test('a claim decision notice (理赔决定通知书) is a 理赔批单; without its title its 批单号 still places it, unasserted', () => {
  const fields = ['编号：647094778589', '批单号', 'NO.7101796039', '保单号', '23708208', '被保险人', '某某', '给付金额', '￥76338.14', '结案日期', '2023年08月11日'];
  const r = classifyText([{ text: '某某人寿保险股份有限公司', isTitle: false }, { text: '理赔决定通知书', isTitle: true }, ...body(...fields)]);
  assert.deepEqual([r.root_cls, r.root_cls_is_credible], ['理赔批单', 1]);
  const untitled = classifyText(body(...fields));
  assert.deepEqual([untitled.root_cls, untitled.root_cls_is_credible], ['理赔批单', -1]);
});

test('a degree certificate whose title was not read is placed by its 学位评定委员会, unasserted', () => {
  const r = classifyText(body('证书编号：1048723201900123', '某某，女，1990年1月1日生。', '经审核符合规定，授予工学硕士学位。', '学位评定委员会主席'), { card: true });
  assert.deepEqual([r.root_cls, r.root_cls_is_credible], ['学位证', -1]);
});

test('an outpatient bill names its visit by its number field too: 就诊号, 门诊流水号', () => {
  for (const label of ['就诊号', '门诊流水号']) {
    const r = classifyText(titled('某省医疗收费票据', '票据代码 12060121', `${label}：MZ20210012`, '合计 370.00'));
    assert.equal(r.sub_cls, '门诊发票', label);
  }
});
