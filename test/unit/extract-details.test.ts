import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitDetailName } from '../../src/extract/details.js';
import { extractTables } from '../../src/extract/tables.js';

const tables = extractTables();

test('detail names: a spec bracket at the end is cut whole, also when OCR lost its closing half', () => {
  assert.equal(splitDetailName('盐酸西替利嗪片(10mg*12片/盒)', tables).ocrName, '盐酸西替利嗪片');
  assert.equal(splitDetailName('盐酸西替利嗪片(10mg*12片/盒)', tables).spec, '10mg*12片/盒');
  assert.equal(splitDetailName('枸杞子(饮片/g)', tables).ocrName, '枸杞子');
  assert.equal(splitDetailName('依诺肝素钠注射液(0.4ml40', tables).ocrName, '依诺肝素钠注射液');
  assert.equal(splitDetailName('阿莫西林胶囊 0.25g*24粒', tables).ocrName, '阿莫西林胶囊');
});

test('detail names: a lone row number glued to the name is dropped, a code is split off', () => {
  assert.equal(splitDetailName('2白术', tables).ocrName, '白术');
  const coded = splitDetailName('250101001挂号费', tables);
  assert.equal(coded.ocrName, '挂号费');
  assert.equal(coded.code, '250101001');
});

test('detail names: a concentration at the start is part of the name, not a row number', () => {
  assert.equal(splitDetailName('0.9%氯化钠注射液', tables).ocrName, '0.9%氯化钠注射液');
});
