import { test } from 'node:test';
import assert from 'node:assert/strict';
import { editDistance, hospitalIn, isKindWithStray, looksLikeHospital, repairNameWords, restorePlacePrefix } from '../../src/extract/hospital-name.js';
import { hospitalFromStrip, hospitalValueStrips, needsHospitalReread } from '../../src/extract/reread.js';
import { extractTables } from '../../src/extract/tables.js';
import type { OcrLine } from '../../src/ocr/types.js';

function line(text: string, quad: OcrLine['quad']): OcrLine {
  const n = [...text].length;
  return { text, score: 1, quad, chars: [...text].map((char, i) => ({ char, score: 1, x: (i + 0.5) / n })) };
}

test('edit distance counts changed, lost and added characters', () => {
  assert.equal(editDistance([...'四川省'], [...'四川省']), 0);
  assert.equal(editDistance([...'四省'], [...'四川省']), 1);
  assert.equal(editDistance([...'广西社自治区'], [...'广西壮族自治区']), 2);
});

test('a province full name with a character lost or changed and one lost is given back', () => {
  const t = extractTables();
  assert.equal(restorePlacePrefix('四省医科大学附属第一医院', 'sichuan', t), '四川省医科大学附属第一医院');
  assert.equal(restorePlacePrefix('广西社自治区口腔医院', 'guangxi', t), '广西壮族自治区口腔医院');
  // A short full name keeps its one-edit budget: two edits are another place or no place.
  assert.equal(restorePlacePrefix('四某某省人民医院', 'sichuan', t), '四某某省人民医院');
  // Another province's full name is read right: a Hunan hospital on a Henan invoice stays.
  assert.equal(restorePlacePrefix('湖南省人民医院', 'henan', t), '湖南省人民医院');
  // Names starting otherwise are left alone.
  assert.equal(restorePlacePrefix('四川大学华西医院', 'sichuan', t), '四川大学华西医院');
});

test('a long full name that lost its administrative character and had one misread is given back before a word of the name', () => {
  const t = extractTables();
  assert.equal(restorePlacePrefix('广西壮族目治口腔医院', 'guangxi', t), '广西壮族自治区口腔医院');
  assert.equal(restorePlacePrefix('新疆维吾尔白治人民医院', 'xinjiang', t), '新疆维吾尔自治区人民医院');
  // No word of the name after the head: the head may hold the name's own characters.
  assert.equal(restorePlacePrefix('广西壮族目治华山医院', 'guangxi', t), '广西壮族目治华山医院');
  // The long name's start not read right: another place.
  assert.equal(restorePlacePrefix('广东壮族目治口腔医院', 'guangxi', t), '广东壮族目治口腔医院');
});

test('a head ending in 自治区 read whole before a word of the name is the province\'s autonomous region, however misread', () => {
  const t = extractTables();
  // 疆维吾 read as one 喜: three edits, beyond the two of a long full name.
  assert.equal(restorePlacePrefix('新喜尔自治区骨科医院', 'xinjiang', t), '新疆维吾尔自治区骨科医院');
  assert.equal(restorePlacePrefix('宁X回族自治区中医院', 'ningxia', t), '宁夏回族自治区中医院');
  // Neither end of the short name read right, or a head longer than the short name and one: left as read.
  assert.equal(restorePlacePrefix('东喜某自治区骨科医院', 'xinjiang', t), '东喜某自治区骨科医院');
  assert.equal(restorePlacePrefix('东喜尔自治区骨科医院', 'xinjiang', t), '新疆维吾尔自治区骨科医院');
  assert.equal(restorePlacePrefix('新某某某某某某自治区骨科医院', 'xinjiang', t), '新某某某某某某自治区骨科医院');
  // No word of the name after 自治区, or a province that is no autonomous region: left as read.
  assert.equal(restorePlacePrefix('新喜尔自治区华山医院', 'xinjiang', t), '新喜尔自治区华山医院');
  assert.equal(restorePlacePrefix('四喜尔自治区骨科医院', 'sichuan', t), '四喜尔自治区骨科医院');
  // Another region's full name read right stays (a Guangxi hospital on a Xinjiang invoice).
  assert.equal(restorePlacePrefix('广西壮族自治区人民医院', 'xinjiang', t), '广西壮族自治区人民医院');
});

test('a one-character stray before a bare kind is no name', () => {
  assert.ok(isKindWithStray('型社区卫生服务中心'));
  assert.ok(!isKindWithStray('社区卫生服务中心'), 'a bare kind is another rule');
  assert.ok(!isKindWithStray('朝阳区社区卫生服务中心'));
  assert.ok(!looksLikeHospital('型妇幼保健院'));
  assert.equal(hospitalIn('型妇幼保健院'), '');
  assert.ok(looksLikeHospital('辽宁省妇幼保健院'));
  assert.equal(hospitalFromStrip('型社区卫生服务中心住院时间：202'), '');
});

test('a kind after a longer tail of a kind label (the edge cut the label) is no name', () => {
  // 医疗机构类型：中医医院 with 医疗机 cut off by the picture's edge.
  assert.ok(isKindWithStray('构类型中医医院'));
  assert.ok(isKindWithStray('机构类型综合医院'));
  assert.ok(isKindWithStray('院类型专科医院'), 'the tail of 医院类型');
  assert.equal(hospitalIn('构类型中医医院'), '');
  assert.ok(!looksLikeHospital('类型妇幼保健院'));
  // A place before the kind, or characters that end no kind label, are a name.
  assert.ok(!isKindWithStray('温州中医医院'));
  assert.ok(!isKindWithStray('机构中医医院'), '机构 ends no kind label');
  assert.ok(!isKindWithStray('构类型北京中医医院'), 'a name after the tail is no bare kind');
  assert.equal(hospitalIn('温州中医医院'), '温州中医医院');
});

test('a mark read inside a generic word is repaired; digits and Latin letters are not', () => {
  assert.equal(repairNameWords('黑龙江省医、大学附属第一医院'), '黑龙江省医科大学附属第一医院');
  assert.equal(repairNameWords('沈阳市美三医院'), '沈阳市第三医院');
  assert.equal(repairNameWords('某市第3医院'), '某市第3医院');
});

test('a bare generic word sends the name to the re-read', () => {
  assert.ok(needsHospitalReread('人民医院'));
  assert.ok(needsHospitalReread('第一人民医院'));
  assert.ok(!needsHospitalReread('天津市第一人民医院'));
});

test('a misread 医疗机构类型 label gives no hospital strip; 医疗机构 itself does', () => {
  assert.equal(hospitalValueStrips([line('医疗机构美型：社区卫生服务中心', [0, 0, 400, 0, 400, 30, 0, 30])]).length, 0);
  assert.equal(hospitalValueStrips([line('医疗机构：太原市中心医院', [0, 0, 400, 0, 400, 30, 0, 30])]).length, 1);
});

test('the re-read strip is long enough for a long name after torn seal text', () => {
  const [strip] = hospitalValueStrips([line('收款单位', [100, 500, 220, 500, 220, 530, 100, 530])]);
  assert.ok(strip);
  // 16 characters of torn seal text and name at about one label height each, after the label.
  assert.ok(strip[2] - strip[0] >= 18 * 30, `length ${strip[2] - strip[0]}`);
});

test('a three-character city misread once is given back when one city fits; two-character cities are not guessed', () => {
  const t = extractTables();
  assert.equal(restorePlacePrefix('石家生儿童医院', 'hebei', t), '石家庄儿童医院');
  assert.equal(restorePlacePrefix('汝州市人民医院', 'henan', t), '汝州市人民医院');
});

test('a dash read for the numeral 一 of 第一 is given back', () => {
  assert.equal(repairNameWords('沈阳市第-人民医院'), '沈阳市第一人民医院');
  assert.equal(repairNameWords('沈阳市第-医院'), '沈阳市第一医院');
});

test('a generic word after one stray character (the place lost but its 市) is no whole name', () => {
  assert.ok(isKindWithStray('市口腔医院'));
  assert.ok(needsHospitalReread('市口腔医院'));
  assert.ok(!needsHospitalReread('合肥市口腔医院'));
});

test('a re-read holding only a generic word gives no name', () => {
  assert.equal(hospitalFromStrip('农位（章）：第二人民医院'), '');
  assert.equal(hospitalFromStrip('：太原市第二人民医院'), '太原市第二人民医院');
});

test("a main city's head cut off before its 市 is given back when one city fits", () => {
  const t = extractTables();
  assert.equal(restorePlacePrefix('都市骨科医院', 'sichuan', t), '成都市骨科医院');
  assert.equal(restorePlacePrefix('成都市骨科医院', 'sichuan', t), '成都市骨科医院');
  // 州 ends 郑州 only among Henan's main cities, but no city ends in 市: nothing to give back.
  assert.equal(restorePlacePrefix('市骨科医院', 'henan', t), '市骨科医院');
});

test('after seal text, a city misread once before its 市 is given back when one place fits', () => {
  assert.equal(hospitalFromStrip('财务银济市中心医院复核人：'), '银川市中心医院');
  // No 市 to anchor it, or no city one character away: rejected as before.
  assert.equal(hospitalFromStrip('财务银济中心医院'), '');
  assert.equal(hospitalFromStrip('财务某某市中心医院'), '');
});
