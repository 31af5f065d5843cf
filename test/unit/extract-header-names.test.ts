import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import { hospitalIn, looksLikeHospital, parseHospitalNameTables, restorePlacePrefix } from '../../src/extract/hospital-name.js';
import { needsHospitalReread } from '../../src/extract/reread.js';
import { repairHospitalName } from '../../src/extract/header.js';
import { extractTables } from '../../src/extract/tables.js';
import { line } from './extract-lines.js';
import type { OcrLine } from '../../src/ocr/types.js';
import type { ExtractVariant } from '../../src/contract/extract.js';

/** The hospital name the extractor reads from these lines on a 1000 × 500 page of a province's variant. */
function hospitalNameOnPage(lines: readonly OcrLine[], variant: ExtractVariant): string {
  const out = extractInvoice({ lines, width: 1000, height: 500, variant });
  assert.ok(out.ok);
  return out.ok ? out.result.hospital_name : '';
}

test('a hospital name is told by its shape: suffix, more than a bare kind, no seal words', () => {
  assert.ok(looksLikeHospital('北京协和医院'));
  assert.ok(looksLikeHospital('太原市妇幼保健院'));
  assert.ok(looksLikeHospital('朝阳区社区卫生服务中心'));
  assert.ok(!looksLikeHospital('中医医院'), 'the value of 机构类型 names a kind');
  assert.ok(!looksLikeHospital('妇幼保健院'));
  assert.ok(!looksLikeHospital('北京协和医院收费专用章'));
  assert.ok(!looksLikeHospital('甘肃省肿'), 'cut before its suffix');
  assert.equal(hospitalIn('机构类型：中医医院'), '', 'a kind is found as no name');
  assert.equal(hospitalIn('地址 南昌市中心医院 门诊楼'), '南昌市中心医院');
  assert.ok(needsHospitalReread('综合医院'), 'a bare kind sends the name to the re-read');
  assert.ok(!needsHospitalReread('郑州市第三医院'));
});

test('the hospital-name table refuses malformed data', () => {
  assert.throws(() => parseHospitalNameTables('{"suffixes": [], "kinds": [], "sealWords": [], "adminLookalikes": {}, "nameWords": []}'), /suffixes/);
  assert.throws(() => parseHospitalNameTables('{"suffixes": ["医院"], "kinds": [], "sealWords": [], "adminLookalikes": {"省": "州"}, "nameWords": []}'), /adminLookalikes/);
  assert.throws(() => parseHospitalNameTables('{"suffixes": ["医院"], "kinds": [], "sealWords": [], "adminLookalikes": {}}'), /nameWords/);
  assert.throws(() => parseHospitalNameTables('{"suffixes": ["医院"], "kinds": [], "sealWords": [], "adminLookalikes": {}, "nameWords": [], "kindLabels": "机构类型"}'), /kindLabels/);
  const t = parseHospitalNameTables('{"suffixes": ["医院", "卫生服务中心"], "kinds": ["医院"], "sealWords": [], "adminLookalikes": {}, "nameWords": []}');
  assert.equal(t.pattern.exec('某区卫生服务中心')?.[0], '某区卫生服务中心');
});

test('a province prefix misread in its administrative character is given back, only for look-alikes', () => {
  const t = extractTables();
  assert.equal(restorePlacePrefix('江苏州第三医院', 'jiangsu', t), '江苏省第三医院', '州 read for 省');
  assert.equal(restorePlacePrefix('河南中医药大学第一附属医院', 'henan', t), '河南中医药大学第一附属医院', '中 is no look-alike of 省');
  assert.equal(restorePlacePrefix('汉津市急救中心', 'tianjin', t), '天津市急救中心');
  assert.equal(restorePlacePrefix('郑州大学第一附属医院', 'henan', t), '郑州大学第一附属医院');
  assert.equal(restorePlacePrefix('江苏州第三医院', undefined, t), '江苏州第三医院', 'no province, no change');
});

test('a name cut at the start inside its province name gets the head back', () => {
  const t = extractTables();
  assert.equal(restorePlacePrefix('省中心医院', 'henan', t), '河南省中心医院');
  assert.equal(restorePlacePrefix('南省人民医院', 'henan', t), '河南省人民医院');
  assert.equal(restorePlacePrefix('西壮族自治区协和医院', 'guangxi', t), '广西壮族自治区协和医院');
  assert.equal(restorePlacePrefix('市第一中心医院', 'tianjin', t), '天津市第一中心医院');
  assert.equal(restorePlacePrefix('市第一中心医院', 'henan', t), '市第一中心医院', 'a city of a province is not guessed');
  assert.equal(restorePlacePrefix('南昌大学第一附属医院', 'henan', t), '南昌大学第一附属医院', '南 alone is no tail of 河南省');
});

test('on a page, a bare kind right of 机构类型 is not taken for the issuer', () => {
  const lines = [
    line('北京市医疗门诊收费票据', 300, 30, 28, 34),
    line('票据代码：115674', 60, 100),
    line('合计 377.20', 60, 200),
    line('机构类型：', 500, 300),
    line('中医医院', 620, 300),
    line('收款单位（章）：', 60, 400),
  ];
  assert.equal(hospitalNameOnPage(lines, 'beijing'), '');
});

test('generic words of a name are repaired from one misread character; correct and ambiguous names stay', async () => {
  const { repairNameWords } = await import('../../src/extract/hospital-name.js');
  assert.equal(repairNameWords('遵义医科大子附属医院'), '遵义医科大学附属医院');
  assert.equal(repairNameWords('昆明医科关学附属第一医院'), '昆明医科大学附属第一医院');
  assert.equal(repairNameWords('某市第十人民医院'), '某市第十人民医院', 'one from 第一 and 第二 alike: left as read');
  assert.equal(repairNameWords('复旦大学附属中山医院'), '复旦大学附属中山医院', 'one from 中心医院 and 中医医院: a brand name stays');
  assert.equal(repairNameWords('某市公共卫生中心'), '某市公共卫生中心', 'two misreads are too many for a six-character word');
  assert.equal(repairNameWords('某市儿科医院'), '某市儿科医院', 'a kind read exactly is never forced onto a neighbour');
});

test('a 性别 label misread in one character still finds the gender', () => {
  const lines = [line('河南省医疗住院收费票据', 300, 30, 28, 34), line('姓名：', 60, 100), line('性利：女', 300, 100), line('合计 377.20', 60, 200)];
  const out = extractInvoice({ lines, width: 1000, height: 400, variant: 'henan' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.patient_gender, 2);
});

test('a re-read strip whose suffix was misread is repaired before the name is looked for', async () => {
  const { hospitalFromStrip } = await import('../../src/extract/reread.js');
  assert.equal(hospitalFromStrip('：上海市骨科瓦院'), '上海市骨科医院');
  assert.equal(hospitalFromStrip('上海市某某瓦院'), '', 'no word to repair: no name');
});

test('the re-read strip is found when a stray character precedes the hospital label', async () => {
  const { hospitalValueStrips } = await import('../../src/extract/reread.js');
  const { line: oneLine } = await import('./extract-lines.js');
  assert.equal(hospitalValueStrips([oneLine('息收款单位（章）：', 40, 500)]).length, 1);
  assert.equal(hospitalValueStrips([oneLine('医疗机构类型：综合医院', 40, 500)]).length, 0, 'a longer label of another field');
  assert.equal(hospitalValueStrips([oneLine('备注：由收款单位盖章', 40, 500)]).length, 0, 'a label deep inside other text');
});

test('a head cut off before a generic word, or a long city misread once, is given back only when unambiguous', () => {
  const t = extractTables();
  assert.equal(restorePlacePrefix('庆第二人民医院', 'chongqing', t), '重庆第二人民医院', '庆 is the tail of 重庆 alone');
  assert.equal(restorePlacePrefix('庆协和医院', 'chongqing', t), '庆协和医院', '协和 is a brand, not a generic word');
  assert.equal(restorePlacePrefix('第二人民医院', 'chongqing', t), '第二人民医院', 'nothing cut: no head is guessed');
  assert.equal(restorePlacePrefix('乌鲁术齐市第三医院', 'xinjiang', t), '乌鲁木齐市第三医院');
  assert.equal(restorePlacePrefix('汝州市第一人民医院', 'henan', t), '汝州市第一人民医院', 'two-character cities are not guessed');
});

test('seal text read after the suffix, starting with the ring\'s 收, is cut; a printed tail is kept', async () => {
  const { trimAfterSuffix } = await import('../../src/extract/hospital-name.js');
  assert.equal(trimAfterSuffix('南昌第三医院收设'), '南昌第三医院');
  assert.equal(trimAfterSuffix('南昌第三医院门诊部'), '南昌第三医院门诊部');
});

test('a long city that lost a character before a generic word gets it back, not the word\'s first character', () => {
  const t = extractTables();
  assert.equal(restorePlacePrefix('石家中医院', 'hebei', t), '石家庄中医院');
  assert.equal(restorePlacePrefix('乌鲁齐第一人民医院', 'xinjiang', t), '乌鲁木齐第一人民医院');
  // A misread character followed by no generic word stays a misread (the earlier rule).
  assert.equal(restorePlacePrefix('石家生协和医院', 'hebei', t), '石家庄协和医院');
});

test('a character read twice at the seam of a name boxed in two is dropped, only between a place and a generic word', async () => {
  const { dropSeamStray } = await import('../../src/extract/hospital-name.js');
  const places = ['四川省', '四川', '成都'];
  assert.equal(dropSeamStray('四川省女', '妇幼保健院', places), '四川省');
  // A character that is part of the name (no generic word after it, or no place before it) stays.
  assert.equal(dropSeamStray('四川省华', '西医院', places), '四川省华');
  assert.equal(dropSeamStray('某某县女', '妇幼保健院', places), '某某县女');
  assert.equal(dropSeamStray('成都市', '第一人民医院', places), '成都市');
  assert.equal(dropSeamStray('成都第', '人民医院', places), '成都第', 'a word\'s first character');
});

test('on a page, 第 and 人民医院 boxed apart one character apart get the 一 the detector left out', () => {
  const page = (gapChars: number) => {
    const lines = [
      line('上海市医疗门诊收费票据', 300, 30, 28, 34),
      line('票据代码：115674', 60, 100),
      line('合计 377.20', 60, 200),
      line('收款单位（章）：', 60, 400),
      // 上海市第 is 4 characters of 20 px from x = 240; the next box starts gapChars characters after it.
      line('上海市第', 240, 400),
      line('人民医院', 320 + gapChars * 20, 400),
    ];
    return hospitalNameOnPage(lines, 'shanghai');
  };
  assert.equal(page(1), '上海市第一人民医院');
  // Boxes that touch lost nothing between them: the name stays as read.
  assert.equal(page(0.2), '上海市第人民医院');
});

test('marks read before a hospital name are dropped', () => {
  assert.equal(repairHospitalName('·天津医科大学附属第一医院', 'tianjin', extractTables()), '天津医科大学附属第一医院');
});

test('on a page, a payee label missing its 收 with seal text after it leaves the name alone', () => {
  const lines = [
    line('内蒙古自治区医疗门诊收费票据', 300, 30, 28, 34),
    line('票据代码：115674', 60, 100),
    line('合计 377.20', 60, 200),
    line('款单位（章）财务呼和浩特市第二人民医院', 60, 400),
  ];
  assert.equal(hospitalNameOnPage(lines, 'neimenggu'), '呼和浩特市第二人民医院');
});

test('a 第X numeral read as a listed look-alike is repaired only before a word numerals precede', async () => {
  const { repairNameWords } = await import('../../src/extract/hospital-name.js');
  assert.equal(repairNameWords('上海市第兰医院'), '上海市第三医院');
  assert.equal(repairNameWords('南京市第汇人民医院'), '南京市第二人民医院');
  assert.equal(repairNameWords('某市第兰中学'), '某市第兰中学', 'not before a hospital word');
  assert.equal(repairNameWords('某市第十人民医院'), '某市第十人民医院', 'a numeral stays');
  const t = parseHospitalNameTables('{"suffixes": ["医院"], "kinds": [], "sealWords": [], "adminLookalikes": {}, "nameWords": [], "ordinalLookalikes": {"二": ["兰"], "三": ["兰"]}}');
  assert.equal(repairNameWords('某市第兰医院', t), '某市第兰医院', 'a look-alike of two numerals is left as read');
});

test('a long autonomous-region name misread twice is given back; a short name misread twice is not', () => {
  const t = extractTables();
  assert.equal(restorePlacePrefix('新疆线吾尔国治区肿瘤医院', 'xinjiang', t), '新疆维吾尔自治区肿瘤医院');
  assert.equal(restorePlacePrefix('汉律市急救中心', 'tianjin', t), '汉律市急救中心', 'two of three characters are too many');
});

test('a name without a suffix ending in a generic word short of its last character gets it back', async () => {
  const { repairNameWords } = await import('../../src/extract/hospital-name.js');
  assert.equal(repairNameWords('沈阳中心医'), '沈阳中心医院');
  // Ending in a suffix already, or only a word's head with nothing before it: left as read.
  assert.equal(repairNameWords('沈阳中心医院'), '沈阳中心医院');
  assert.equal(repairNameWords('中心医'), '中心医');
  // Three-character words (中医院) are too short to guess from: 某氏中医 is a clinic's name.
  assert.equal(repairNameWords('某氏中医'), '某氏中医');
});

test('a generic word that lost its first character right after a place read exactly gets it back', () => {
  const t = extractTables();
  assert.equal(repairHospitalName('郑州腔医院', 'henan', t), '郑州口腔医院', 'not 郑口腔医院: 州 belongs to the place');
  assert.equal(repairHospitalName('郑州市童医院', 'henan', t), '郑州市儿童医院');
  // 科医院 ends 儿科, 骨科 and 眼科医院 alike: left as read.
  assert.equal(repairHospitalName('郑州科医院', 'henan', t), '郑州科医院');
  assert.equal(repairHospitalName('北京协和医院', 'beijing', t), '北京协和医院');
  assert.equal(repairHospitalName('武汉市中医院', 'hubei', t), '武汉市中医院');
});

test('on a page, seal text before a city cut to its tail is cut off and the city given back', () => {
  const lines = [
    line('广东省医疗门诊收费票据', 300, 30, 28, 34),
    line('票据代码：445674', 60, 100),
    line('合计 377.20', 60, 200),
    line('收款单位（章）：', 60, 400),
    line('住院收州市第三医院', 240, 400),
  ];
  assert.equal(hospitalNameOnPage(lines, 'guangdong'), '广州市第三医院');
});

test('on a page, a payee value that is the seal ring\'s text alone gives way to the name printed below it', () => {
  const lines = [
    line('北京市医疗门诊收费票据', 300, 30, 28, 34),
    line('票据代码：115674', 60, 100),
    line('合计 377.20', 60, 200),
    // The ring's text read as the label's value; the name below it, with the ring's ink read
    // before its place, starts at no place.
    line('收款单位（章）：收费专5', 60, 400),
    line('纺北京妇幼保健院', 240, 430),
  ];
  assert.equal(hospitalNameOnPage(lines, 'beijing'), '北京妇幼保健院');
});

test('a province full name misread in both place characters is given back by its 省 and the word after it', () => {
  const t = extractTables();
  assert.equal(restorePlacePrefix('四茜省人民医院', 'shanxi', t), '山西省人民医院');
  assert.equal(restorePlacePrefix('黑尤汪省第一医院', 'heilongjiang', t), '黑龙江省第一医院');
  // No generic word after the head: the characters may be the name's own.
  assert.equal(restorePlacePrefix('四茜省华山医院', 'shanxi', t), '四茜省华山医院');
  // 市 follows counties and cities too: no such budget.
  assert.equal(restorePlacePrefix('汉律市人民医院', 'tianjin', t), '汉律市人民医院');
  // Another province read right stays; three of three misread is no reading of it.
  assert.equal(restorePlacePrefix('河南省人民医院', 'shanxi', t), '河南省人民医院');
  assert.equal(restorePlacePrefix('某某某省人民医院', 'heilongjiang', t), '某某某省人民医院');
});

test('on a page, seal text before a province misread in both place characters is cut and the province given back', () => {
  const lines = [
    line('山西省医疗住院收费票据', 300, 30, 28, 34),
    line('票据代码：145674', 60, 100),
    line('合计 377.20', 60, 200),
    line('收款单位（章）财务专四茜省人民医院', 60, 400),
  ];
  assert.equal(hospitalNameOnPage(lines, 'shanxi'), '山西省人民医院');
});
