import { test } from 'node:test';
import assert from 'node:assert/strict';
import { repairHospitalName } from '../../src/extract/header.js';
import { isKindWithStray, parseHospitalNameTables, repairDoubtfulPlace, repairNameWords } from '../../src/extract/hospital-name.js';
import { placeNames, trimSealLead } from '../../src/extract/reread.js';
import { placeBeforePrintedInRing } from '../../src/extract/seal-name.js';
import { extractTables } from '../../src/extract/tables.js';

const tables = extractTables();

test('a brand word gets back a lost inner or last character', () => {
  assert.equal(repairNameWords('北京协和院'), '北京协和医院');
  assert.equal(repairNameWords('北京协和医'), '北京协和医院');
  // Without the brand list nothing fits.
  const bare = parseHospitalNameTables('{"suffixes": ["医院"], "kinds": [], "sealWords": [], "adminLookalikes": {}, "nameWords": ["人民医院"]}');
  assert.equal(repairNameWords('北京协和院', bare), '北京协和院');
});

test('a brand word replaces only a listed glyph look-alike: other brands one character off stay', () => {
  assert.equal(repairNameWords('沈阳司仁医院'), '沈阳同仁医院');
  assert.equal(repairNameWords('武汉同济医院'), '武汉同济医院');
  assert.equal(repairNameWords('北京仁和医院'), '北京仁和医院');
  // Its tail alone is not guessed (仁医院 may be any brand's).
  assert.equal(repairNameWords('浙江省仁医院', undefined, placeNames()), '浙江省仁医院');
});

test('a brand read exactly is no misread place tail', () => {
  // 同 doubted with 上海市 among the province's places: the brand word keeps it.
  assert.equal(repairDoubtfulPlace('上海同仁医院', new Set([2]), ['上海市', '上海']), '上海同仁医院');
});

test('a misread mark inside a generic word is repaired like a punctuation mark', () => {
  assert.equal(repairNameWords('吉林省+心医院'), '吉林省中心医院');
});

test('部 for 都 gives the province\'s city back; a sure misread not listed stays', () => {
  assert.equal(repairHospitalName('成部骨科医院', 'sichuan', tables), '成都骨科医院');
  assert.equal(repairHospitalName('成邦骨科医院', 'sichuan', tables), '成邦骨科医院');
});

test('a lead longer than four characters is dropped when it is a piece of the seal words', () => {
  assert.equal(trimSealLead('门诊收费专江苏省中心医院', placeNames()), '江苏省中心医院');
  assert.equal(trimSealLead('门修收费专江苏省中心医院', placeNames()), '江苏省中心医院');
  // A long lead that is no seal text is part of the name.
  assert.equal(trimSealLead('首都医科大学附属北京同仁医院', placeNames()), '首都医科大学附属北京同仁医院');
});

test('a kind after a label tail with one misread character is the label\'s value, no issuer', () => {
  assert.equal(isKindWithStray('疗凯构类型妇幼保健院'), true);
  assert.equal(isKindWithStray('构类型中医医院'), true);
  // Two characters of a tail must be read exactly; a place before a kind is an issuer.
  assert.equal(isKindWithStray('美型中医医院'), false);
  assert.equal(isKindWithStray('北京市妇幼保健院'), false);
});

test('a doubted 市 where a two-character city\'s last character belongs keeps the 市 and gets the lost character', () => {
  assert.equal(repairDoubtfulPlace('杭市肿瘤医院', new Set([1]), ['浙江省', '浙江', '杭州', '宁波']), '杭州市肿瘤医院');
  // Another doubted character is the city's own, misread.
  assert.equal(repairDoubtfulPlace('杭支肿瘤医院', new Set([1]), ['浙江省', '浙江', '杭州', '宁波']), '杭州肿瘤医院');
});

test('a ring reading printing a place of the province right before the printed name\'s start lends it the place', () => {
  assert.equal(placeBeforePrintedInRing('协和医院', ['南京协和医益'], ['江苏省', '江苏', '南京', '苏州']), '南京协和医院');
  // Only the printed name's own first characters after the place count, and only the province's places.
  assert.equal(placeBeforePrintedInRing('协和医院', ['南京协医益'], ['江苏省', '江苏', '南京', '苏州']), '');
  assert.equal(placeBeforePrintedInRing('协和医院', ['南京协和医益'], ['浙江省', '浙江', '杭州']), '');
  // A printed name that starts at a place keeps it.
  assert.equal(placeBeforePrintedInRing('苏州协和医院', ['南京协和医益'], ['江苏省', '江苏', '南京', '苏州']), '');
});
