/**
 * Rules against the class confusions of issue 5 (cards read without their title band, titles
 * misread by one look-alike character, field labels that contain another class's title): each
 * ends in the right class or in an answer that is not asserted, never in a confident wrong class.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';
import { containsBankCardNumber } from '../../src/classify/cues.js';
import { normalise } from '../../src/classify/wording.js';

const body = (...texts: string[]): ClassifierLine[] => texts.map((text) => ({ text, isTitle: false }));
const titled = (title: string, ...texts: string[]): ClassifierLine[] => [{ text: title, isTitle: true }, ...body(...texts)];

test('a title wording followed by 号 is a field label: 保单号 does not make a claim register a policy', () => {
  const lines: ClassifierLine[] = [
    { text: '中国人民健康保险股份有限公司', isTitle: false },
    { text: '理赔案件登记表', isTitle: true },
    { text: '受理编号 97966495931', isTitle: false },
    { text: '被保险人 某某', isTitle: false },
    // The title picker may take a short label for a title: it is still a label.
    { text: '保单号', isTitle: true },
    { text: 'NO.3954721041', isTitle: false },
    { text: '受理日期 2022年03月02日', isTitle: false },
  ];
  const r = classifyText(lines);
  assert.equal(r.root_cls, '理赔登记表');
  assert.equal(r.root_cls_is_credible, 1);
});

test('a Chinese title run into the number printed beside it (门诊收费票据 No 123) stays a title', () => {
  const r = classifyText(titled('河北省医疗门诊收费票据 No 91002580', '票据代码：1394501609', '交款人：某某', '合计 100.00'));
  assert.deepEqual([r.root_cls, r.sub_cls, r.root_cls_is_credible], ['费用类票据', '门诊发票', 1]);
});

test('护照号/Passport No. on a card without its title is no passport title: not asserted', () => {
  const r = classifyText(
    body('类型/Type 普通', '护照号/Passport No. 910722019', '姓名/Name 某某', '性别/Sex 男', '出生日期/Date of birth 1972年12月21日', '签发日期/Date of issue 2021年05月22日', '有效期至/Date of expiry 2031年05月21日', '签发机关/Authority 某某'),
    { card: true, portrait: true },
  );
  assert.equal(r.root_cls_is_credible, -1);
});

test('身份证号 on another card is a field, not the ID card: no 居民身份证 from a valid number and a 身份证号 label', () => {
  const r = classifyText(body('姓名 某某', '性别 男', '出生日期 1987年09月17日', '身份证号 370782198709170246', '发证单位 某市老龄工作委员会', '编号 157174452798'), { card: true, portrait: true });
  assert.notEqual(r.root_cls, '居民身份证');
});

test('a valid ID number without 公民身份号码 or 民族 is placed as an ID card but not asserted', () => {
  const r = classifyText(body('姓名 小静', '性别 女', '出生 1987年9月17日', '住址 北京市海淀区西北旺东路100号', '370782198709170246'), { card: true, portrait: true });
  assert.equal(r.root_cls, '居民身份证');
  assert.equal(r.root_cls_is_credible, -1);
});

test('OCR look-alikes are folded from data: 医瞩单 reads as 医嘱单', () => {
  assert.equal(normalise('医瞩单'), normalise('医嘱单'));
  const r = classifyText(titled('医瞩单', '姓名：某某 科室：普外科', '日期 时间 医嘱内容 医师 护士', '12-03 15:00 呋塞米注射液'));
  assert.equal(r.root_cls, '医嘱单');
});

test('the shared prefix 中华人民共和国 does not make 入籍证书 a near miss of 退籍证书', () => {
  const exact = classifyText(titled('中华人民共和国入籍证书', '姓名：某某', '原国籍：某国', '批准日期：2022年11月16日', '证书编号：7478150827'), { card: true });
  assert.equal(exact.root_cls, '入籍证书');
  assert.equal(exact.root_cls_is_credible, 1);
  // One misread character in the distinctive part still finds the right title, not its sibling.
  const misread = classifyText(titled('中华人民共和国入藉证书', '姓名：某某', '批准日期：2022年11月16日'), { card: true });
  assert.equal(misread.root_cls, '入籍证书');
});

test('a body word only one class prints (警号) places an untitled card, without asserting it', () => {
  // Without the portrait and 公安 the generic fields alone would not place it.
  const r = classifyText(body('姓名 某某', '职务 科员', '警衔 一级警司', '警号 68273402', '单位 某某医院'), { card: true });
  assert.equal(r.root_cls, '警官证');
  assert.equal(r.root_cls_is_credible, -1);
  const work = classifyText(body('姓名 某某', '部门 财务部', '职务 会计', '工号 NO.5457414929846087', '发证日期 2017年12月07日'), { card: true, portrait: true });
  assert.equal(work.root_cls, '工作证');
  assert.equal(work.root_cls_is_credible, -1);
});

test('a Luhn-valid number after another label (工号, 证号, NO.) is not a bank card number', () => {
  assert.equal(containsBankCardNumber(['6222 0202 0011 2230']), true);
  assert.equal(containsBankCardNumber(['卡号：6222020200112230']), true);
  assert.equal(containsBankCardNumber(['工号 NO.5457414929846087']), false);
  assert.equal(containsBankCardNumber(['证号 5457414929846087']), false);
});

test('a cashier slip takes its visit from its title only: 交易凭条 with a 住院号 is 无明细小票', () => {
  const slip = (title: string) => classifyText([
    { text: '某市人民医院', isTitle: true },
    { text: title, isTitle: true },
    ...body('姓名：某某', '住院号：1821687548', '流水号：12877213756363', '合计：629.21', '现金：629.21', '操作员：2973'),
  ]);
  assert.deepEqual([slip('交易凭条').root_cls, slip('交易凭条').sub_cls], ['费用类票据', '无明细小票']);
  assert.equal(slip('住院缴费凭条').sub_cls, '住院无明细小票');
  assert.equal(slip('门诊缴费凭条').sub_cls, '门诊无明细小票');
});

test('a slip listing items by name only is itemised when the names end in a dosage form (阿昔洛韦片, 六味地黄丸); 照片 or a slip without items is not', async () => {
  const { namesItemEnding } = await import('../../src/classify/text-classifier.js');
  const slip = (...items: string[]) => classifyText([
    { text: '某市中心医院', isTitle: true },
    { text: '门诊缴费小票', isTitle: true },
    ...body('姓名：某某', '门诊号：5800466088', '流水号：06254728721660', ...items, '合计：2132.00', '银联卡：2132.00', '操作员：7457', '请妥善保管，遗失不补'),
  ]);
  assert.deepEqual([slip('阿昔洛韦片', '5', '39.00', '阑尾切除术', '2', '1960.00').sub_cls, slip('六味地黄丸 2 43.80').sub_cls], ['门诊明细小票', '门诊明细小票']);
  assert.deepEqual([slip().sub_cls, slip('照片').sub_cls, slip('阑尾切除术', '2', '1960.00').sub_cls], ['门诊无明细小票', '门诊无明细小票', '门诊无明细小票']);
  const ends = ['片', '丸'];
  assert.equal(namesItemEnding('多潘立酮片5', ends), true);
  assert.equal(namesItemEnding('照片', ends), false);
  assert.equal(namesItemEnding('a片', ends), false);
});

test('a bill still takes its visit from the body when its title says nothing', () => {
  const r = classifyText(titled('医疗收费票据', '票据代码 12060121', '住院号 123456', '入院日期 2021-04-01', '床位费 120.00', '合计 370.00'));
  assert.equal(r.sub_cls, '住院发票');
});

test('收费项目清单 is the list part of a settlement: 结算费用清单', () => {
  const r = classifyText([
    { text: '某某第二人民医院', isTitle: true },
    { text: '门诊收费项目清单', isTitle: true },
    ...body('姓名：某某', '项目名称 规格 单位 数量 单价 金额 自付比例', '六味地黄丸 200丸 瓶 2 18.60 37.20 甲 0%'),
  ]);
  assert.deepEqual([r.root_cls, r.sub_cls], ['费用清单', '门诊结算费用清单']);
});

test('title band: the card quad grows on every side, and only title-worded lines outside it and outside other documents come back', async () => {
  const { growQuad, bandTitleLines } = await import('../../src/classify/title-band.js');
  const { pointInQuad } = await import('../../src/image/geometry.js');
  const { loadTaxonomy } = await import('../../src/classify/taxonomy.js');
  const card = { quad: [100, 200, 500, 200, 500, 450, 100, 450] as [number, number, number, number, number, number, number, number], bbox: [100, 200, 500, 450] as [number, number, number, number] };
  const grown = growQuad(card.quad, 50, 1000, 1000);
  assert.deepEqual(grown.quad, [50, 150, 550, 150, 550, 500, 50, 500]);
  assert.deepEqual(growQuad(card.quad, 150, 600, 600).quad, [0, 50, 599, 50, 599, 599, 0, 599]);
  assert.equal(pointInQuad(card.quad, 300, 300), true);
  assert.equal(pointInQuad(card.quad, 300, 170), false);
  const other = { quad: [520, 100, 900, 100, 900, 400, 520, 400] as typeof card.quad, bbox: [520, 100, 900, 400] as typeof card.bbox };
  const line = (text: string, x: number, y: number) => ({ text, score: 0.99, chars: [], quad: [x - 60, y - 15, x + 60, y - 15, x + 60, y + 15, x - 60, y + 15] as typeof card.quad });
  const lines = [line('老年人优待证', 300, 170), line('姓名 某某', 300, 260), line('工作证', 700, 150), line('性别 男', 300, 175), line('理赔申请书', 60, 170)];
  // The card's crop frame: an axis-aligned card, so a shift.
  const frame = { fromImage: (x: number, y: number): [number, number] => [x - 100, y - 200], width: 400, height: 250 };
  // Above the card: the band title is taken; inside the card, inside the neighbour, off a corner
  // (a paper under the card) or not worded like a title: left.
  assert.deepEqual(bandTitleLines(lines, lines.map((l) => l.quad), frame, [other], loadTaxonomy()), [0]);
});

test('title band: a title-worded line centred inside the card but reaching out across its outline (the quad cut through the band) comes back; a line wholly inside, or a field with its number, does not', async () => {
  const { bandTitleLines, reachesOut } = await import('../../src/classify/title-band.js');
  const { loadTaxonomy } = await import('../../src/classify/taxonomy.js');
  type Q = [number, number, number, number, number, number, number, number];
  const line = (text: string, x: number, y: number, half = 60) => ({ text, score: 0.99, chars: [], quad: [x - half, y - 15, x + half, y - 15, x + half, y + 15, x - half, y + 15] as Q });
  const frame = { fromImage: (x: number, y: number): [number, number] => [x - 100, y - 200], width: 400, height: 250 };
  const lines = [
    line('MAINLAND TRAVEL PERMIT FOR TAIWAN RESIDENTS', 300, 203, 180), // centre 3 px inside the top side, top half outside
    line('老年人优待证', 300, 230), // a title-worded line wholly inside: the first reading had it whole
    line('AINLANDTRAVEL.PERMITFORTAIWANRES', 260, 225, 240), // a band longer than the cut quad is wide
    line('姓名 某某', 300, 445), // reaches out across the bottom side, not worded like a title
    line('护照号/Passport No. E12345678', 150, 300, 80), // a field reaching out across the left side
  ];
  assert.deepEqual(bandTitleLines(lines, lines.map((l) => l.quad), frame, [], loadTaxonomy()), [0, 2]);
  // Centred inside another document found on the image: left.
  const other = { quad: [0, 0, 600, 0, 600, 215, 0, 215] as Q, bbox: [0, 0, 600, 215] as [number, number, number, number] };
  assert.deepEqual(bandTitleLines(lines, lines.map((l) => l.quad), frame, [other], loadTaxonomy()), [2]);
  const corners = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
  assert.equal(reachesOut(corners(20, -12, 380, 18), 400, 250), true);
  assert.equal(reachesOut(corners(385, 60, 415, 190), 400, 250), true);
  assert.equal(reachesOut(corners(20, 10, 380, 40), 400, 250), false);
});

test('a settlement list (结算清单, 医疗保障基金结算清单) is a 费用清单 of kind 结算单; 结算费用清单 stays a bill', () => {
  const sheet = (title: string, ...rest: string[]) => classifyText([{ text: '某某市人民医院', isTitle: true }, { text: title, isTitle: true }, ...body(...rest)]);
  assert.deepEqual(Object.values(sheet('住院结算清单', '床号：5', '总费用 412.25', '医保统筹基金支付 247.35')).slice(0, 2), ['费用清单', '住院结算单']);
  assert.deepEqual(Object.values(sheet('医疗保障基金结算清单', '住院号 1', '总费用 412.25')).slice(0, 2), ['费用清单', '住院结算单']);
  assert.deepEqual(Object.values(sheet('门诊结算费用清单', '门诊号 1', '项目名称 规格 数量 单价 金额')).slice(0, 2), ['费用类票据', '门诊结算费用清单']);
});

test('a settlement list that prints no visit keeps its kind: 结算单 guessed inpatient, not the plain list', () => {
  const r = classifyText([{ text: '某某口腔医院', isTitle: true }, { text: '医疗保障基金结算清单', isTitle: true }, ...body('姓名：某某', '科室：骨科', '总费用 341.80', '医保统筹基金支付 205.08')]);
  assert.deepEqual([r.root_cls, r.sub_cls, r.sub_cls_is_credible], ['费用清单', '住院结算单', -1]);
  // A plain list without a visit is still the default 住院清单, a guess as before.
  const plain = classifyText([{ text: '某某医院', isTitle: true }, { text: '医疗费用清单', isTitle: true }, ...body('项目名称 规格 数量 单价 金额', '西药费 12.00')]);
  assert.deepEqual([plain.root_cls, plain.sub_cls, plain.sub_cls_is_credible], ['费用清单', '住院清单', -1]);
  // A medical VAT invoice without a visit is still a VAT invoice (api.md names no VAT sub-class
  // without a visit): the visit is guessed outpatient, not credible.
  const vat = classifyText([{ text: '某省增值税电子普通发票', isTitle: true }, ...body('货物或应税劳务、服务名称 规格型号 单位 数量 单价 金额', '*医疗服务*西药费 12.00')]);
  assert.deepEqual([vat.root_cls, vat.sub_cls, vat.sub_cls_is_credible], ['费用类票据', '门诊电子普通增值税票', -1]);
});

test('an untitled medical record with a 门诊号 is an outpatient record, though it prints the history an admission record prints', () => {
  const fields = ['姓名：某某', '科室：呼吸内科', '主诉：咳嗽三天', '现病史：无', '既往史：体健', '体格检查：心率78次/分', '初步诊断：急性支气管炎', '处理：对症治疗', '报告医师：某某'];
  assert.equal(classifyText(body('门诊号：85709816', ...fields)).sub_cls, '门诊病历');
  assert.equal(classifyText(body('住院号：85709816', ...fields)).sub_cls, '入院记录');
});

test('a passport title cut at its start still names the special administrative region, not an ordinary passport', () => {
  const r = classifyText(body('NGKONG SPECIAL ADMINISTRATIVE REGION PASSPORT', '类型/Type P', '护照号/Passport No. K12345678', '姓名/Name 某某', '签发日期/Date of issue 2023年03月23日'), { card: true });
  assert.equal(r.root_cls, '香港特别行政区护照');
});

test('a registration card with only its printed labels is 户口簿空白页; the same card filled in is 户口簿信息页', () => {
  const labels = ['姓名', '户主或与户主关系', '曾用名', '性别', '出生地', '民族', '籍贯', '出生日期', '本市（县）其他住址', '宗教信仰', '公民身份证件编号', '身高', '血型'];
  const blank = classifyText(titled('常住人口登记卡', ...labels));
  assert.deepEqual([blank.root_cls, blank.sub_cls], ['户口簿', '户口簿空白页']);
  const filled = classifyText(titled('常住人口登记卡', '姓名', '某某', '户主或与户主关系', '户主', '性别', '男', '出生地', '北京市', '民族', '汉', '出生日期', '1990年01月01日', '公民身份证件编号', '110105199001011234'));
  assert.deepEqual([filled.root_cls, filled.sub_cls], ['户口簿', '户口簿信息页']);
});

test('a register whose title is misread twice (理赔立案信总衣) is still placed by the words only it prints, not asserted', () => {
  const r = classifyText(titled('理赔立案信总衣', '编号：631769229527', '案件号 7568388253', '报案人 某某', '被保险人 某某', '立案人 某某', '立案日期 2019年03月26日'));
  assert.deepEqual([r.root_cls, r.root_cls_is_credible], ['立案信息表', -1]);
});

test('two roots each with its own title on a title line (two cards read as one) is placed but not asserted', () => {
  const lines: ClassifierLine[] = [
    { text: '中华人民共和国结婚证', isTitle: true },
    ...body('持证人：某某', '登记日期：2023年02月19日', '结婚证字号：623563169'),
    { text: '中华人民共和国机动车行驶证', isTitle: true },
    ...body('号牌号码 京A12345', '车辆类型 小型轿车', '使用性质 非营运', '品牌型号 某某牌'),
  ];
  const r = classifyText(lines);
  assert.ok(['结婚证', '机动车行驶证'].includes(r.root_cls));
  assert.equal(r.root_cls_is_credible, -1);
  // One title, the other root's name only in the body: asserted as before.
  const one = classifyText(titled('中华人民共和国机动车行驶证', '号牌号码 京A12345', '车辆类型 小型轿车', '使用性质 非营运', '品牌型号 某某牌'));
  assert.equal(one.root_cls_is_credible, 1);
});
