import { test } from 'node:test';
import assert from 'node:assert/strict';
import { repairHospitalName } from '../../src/extract/header.js';
import { dropStrayBeforePlace, numeralLostAsOne, parseHospitalNameTables, placeFromGlyphLookalikes, placesOf, repairNameWords, restorePlacePrefix } from '../../src/extract/hospital-name.js';
import { repairWithSeal, sealPlaceBeforePrintedRest } from '../../src/extract/seal-name.js';
import { extractTables } from '../../src/extract/tables.js';

const tables = extractTables();
const places = placesOf(tables);

test('a glyph look-alike picks one of several generic words equally close; without the table the tie stays', () => {
  // 膏科医院 is one character from 骨科, 眼科 and 儿科医院: only 膏 is listed (for 骨).
  assert.equal(repairNameWords('江苏省膏科医院'), '江苏省骨科医院');
  // A character listed for none of them leaves the tie as read.
  assert.equal(repairNameWords('江苏省替科医院'), '江苏省替科医院');
  const bare = parseHospitalNameTables('{"suffixes": ["医院"], "kinds": [], "sealWords": [], "adminLookalikes": {}, "nameWords": ["骨科医院", "眼科医院"]}');
  assert.equal(repairNameWords('江苏省膏科医院', bare), '江苏省膏科医院');
});

test('a Latin letter listed as a look-alike inside a generic word is repaired; other letters stay', () => {
  assert.equal(repairNameWords('合肥市C腔医院'), '合肥市口腔医院');
  assert.equal(repairNameWords('合肥市X腔医院'), '合肥市X腔医院');
});

test('a place of the province read with a listed look-alike is given back; a real place one character off is not', () => {
  assert.equal(placeFromGlyphLookalikes('海回协和医院', ['海南省', '海南', '海口', '三亚']), '海口协和医院');
  assert.equal(restorePlacePrefix('海回协和医院', 'hainan', tables), '海口协和医院');
  // 汝州 is a real city one character from 郑州, and 汝 is no listed look-alike of 郑.
  assert.equal(restorePlacePrefix('汝州市人民医院', 'henan', tables), '汝州市人民医院');
  // On another province's invoice 海口 is not this province's place.
  assert.equal(restorePlacePrefix('海回协和医院', 'henan', tables), '海回协和医院');
});

test('a four-character city with two misread characters is given back; a three-character one with two is not', () => {
  assert.equal(restorePlacePrefix('呼科告特肿瘤医院', 'neimenggu', tables), '呼和浩特肿瘤医院');
  assert.equal(restorePlacePrefix('石某某中心医院', 'hebei', tables), '石某某中心医院');
  // Digits are no misread place characters.
  assert.equal(restorePlacePrefix('呼12特肿瘤医院', 'neimenggu', tables), '呼12特肿瘤医院');
});

test('a piece of the seal words with a mark, or before a place the seal spoilt, is dropped', () => {
  assert.equal(dropStrayBeforePlace('务《贵阳市第二人民医院', places), '贵阳市第二人民医院');
  const restore = (rest: string) => restorePlacePrefix(rest, 'tianjin', tables);
  assert.equal(dropStrayBeforePlace('门诊关津市同仁医院', places, undefined, restore), '天津市同仁医院');
  assert.equal(repairHospitalName('门诊关津市同仁医院', 'tianjin', tables), '天津市同仁医院');
  // Without the repair the place is not found, and a lead that is no seal word is kept.
  assert.equal(dropStrayBeforePlace('门诊关津市同仁医院', places), '门诊关津市同仁医院');
  assert.equal(dropStrayBeforePlace('武警关津市总队医院', places, undefined, restore), '武警关津市总队医院');
});

test('seal words read between 第 and 人民医院 are dropped, leaving the numeral to be given', () => {
  assert.equal(repairNameWords('南昌市第住院人民医院'), '南昌市第人民医院');
  assert.equal(numeralLostAsOne(repairNameWords('南昌市第住院人民医院')), '南昌市第一人民医院');
  // A numeral is never a seal word.
  assert.equal(repairNameWords('南昌市第三人民医院'), '南昌市第三人民医院');
});

test('a printed name ending in all of the seal name after its place takes the seal name', () => {
  assert.equal(sealPlaceBeforePrintedRest('草准院最市第三医院', '兰州市第三医院', places), '兰州市第三医院');
  assert.equal(repairWithSeal('草准院最市第三医院', '兰州市第三医院', places), '兰州市第三医院');
  // The seal often leaves out 市: the printed one is kept.
  assert.equal(sealPlaceBeforePrintedRest('草准院最市中心医院', '兰州中心医院', places), '兰州市中心医院');
  // A rest that is only a suffix (医院) says nothing about the issuer.
  assert.equal(sealPlaceBeforePrintedRest('草准院最医院', '兰州医院', places), '');
  // The printed name must end in the seal's rest exactly.
  assert.equal(sealPlaceBeforePrintedRest('草准院最市第二医院', '兰州市第三医院', places), '');
  assert.equal(repairWithSeal('草准院最市第二医院', '兰州市第三医院', places), '草准院最市第二医院');
});
