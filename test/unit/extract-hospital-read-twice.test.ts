import { test } from 'node:test';
import assert from 'node:assert/strict';
import { repairHospitalName } from '../../src/extract/header.js';
import { cityMarkRestored, repairNameWords } from '../../src/extract/hospital-name.js';
import { extractTables } from '../../src/extract/tables.js';

test('a mark read between two characters of a generic word is dropped when the word then reads whole', () => {
  assert.equal(repairNameWords('福州第二.人民医院'), '福州第二人民医院');
  assert.equal(repairNameWords('福州口腔·医院'), '福州口腔医院');
  // No word reads whole without it: the mark may stand for a misread character and is left.
  assert.equal(repairNameWords('福州.协和医院'), '福州.协和医院');
  // A bracket is printed in names; a dash after 第 is the numeral 一.
  assert.equal(repairNameWords('福州人民医院(北院)'), '福州人民医院(北院)');
  assert.equal(repairNameWords('沈阳市第-人民医院'), '沈阳市第一人民医院');
});

test('第 or its numeral read twice where two lines of a name overlap is read once', () => {
  assert.equal(repairNameWords('太原第一一人民医院'), '太原第一人民医院');
  assert.equal(repairNameWords('太原第第一人民医院'), '太原第一人民医院');
  assert.equal(repairNameWords('太原第二二医院'), '太原第二医院');
  // A numeral twice before no numbered word is left as read.
  assert.equal(repairNameWords('太原第一一中学医务室'), '太原第一一中学医务室');
});

test('a 市 look-alike before a word short of its first character is taken for 市, and the word given back', () => {
  assert.equal(cityMarkRestored('昆明带幼保健院', ['昆明']), '昆明市幼保健院');
  assert.equal(repairHospitalName('昆明带幼保健院', 'yunnan', extractTables()), '昆明市妇幼保健院');
  // 科医院 ends 骨科, 眼科 and 儿科医院 alike: no one word lost its first character.
  assert.equal(cityMarkRestored('昆明带科医院', ['昆明']), '昆明带科医院');
  // A character that is no look-alike of 市 is not taken for it.
  assert.equal(cityMarkRestored('昆明大幼保健院', ['昆明']), '昆明大幼保健院');
});

test('智 read for 骨 tells 骨科医院 from the kinds one character away', () => {
  assert.equal(repairNameWords('武汉市智科医院'), '武汉市骨科医院');
  assert.equal(repairNameWords('武汉市某科医院'), '武汉市某科医院');
});

test('a lead of seal words with one misread character is dropped before a place the province repair gives back', () => {
  const t = extractTables();
  assert.equal(repairHospitalName('门珍性海市妇幼保健院', 'shanghai', t), '上海市妇幼保健院');
  // Two characters that are no seal words with one misread stay: the lead may be printed.
  assert.equal(repairHospitalName('武警浙江省总队医院', 'zhejiang', t), '武警浙江省总队医院');
  assert.equal(repairHospitalName('大学性海市妇幼保健院', 'shanghai', t), '大学性海市妇幼保健院');
});
