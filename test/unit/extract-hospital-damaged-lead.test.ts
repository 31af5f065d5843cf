import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findHospitalName } from '../../src/extract/header.js';
import { cityMarkRestored, dropStrayBeforePlace, isIssuerLabelOrTail, placesOf, restorePlacePrefix } from '../../src/extract/hospital-name.js';
import { segmentLines } from '../../src/extract/layout.js';
import { extractTables } from '../../src/extract/tables.js';
import { line } from './extract-lines.js';

const OWN = new Set(['收款单位(章)', '收款单位']);

test('the payee label cut at its head by the picture edge is still the payee label', () => {
  assert.ok(isIssuerLabelOrTail('收款单位', OWN));
  assert.ok(isIssuerLabelOrTail('章)', OWN), 'only (章) left of the label');
  assert.ok(isIssuerLabelOrTail('章）', OWN), 'full-width bracket');
  assert.ok(isIssuerLabelOrTail('单位(章)', OWN));
  assert.ok(!isIssuerLabelOrTail(')', OWN), 'a lone mark is no label');
  assert.ok(!isIssuerLabelOrTail('人(章)', OWN), 'the tail of another label');
  assert.ok(!isIssuerLabelOrTail('机构类型', OWN));
});

test('the hospital fallback reads a name after a payee label cut to 章)', () => {
  const t = extractTables();
  const segs = (texts: string[]) => segmentLines(texts.map((x, i) => line(x, 0, 100 + 40 * i)));
  assert.equal(findHospitalName(segs(['医保类型：城镇职工基本医疗保险', '章）：南京中心医院']), null, t), '南京中心医院');
  assert.equal(findHospitalName(segs(['审核人(章)：南京中心医院']), null, t), '', 'another label with (章) stays another label');
});

test("a city's 市 read as a look-alike before a word of the name is given back", () => {
  const t = extractTables();
  assert.equal(cityMarkRestored('南昌带儿童医院', ['南昌', '赣州']), '南昌市儿童医院');
  assert.equal(cityMarkRestored('南昌带子医院', ['南昌']), '南昌带子医院', 'no word of a name after it');
  assert.equal(cityMarkRestored('南昌大学第一附属医院', ['南昌']), '南昌大学第一附属医院', '大 is no look-alike of 市');
  assert.equal(restorePlacePrefix('南昌带儿童医院', 'jiangxi', t), '南昌市儿童医院');
  assert.equal(restorePlacePrefix('重庆带第一人民医院', 'chongqing', t), '重庆市第一人民医院', 'a municipality likewise');
  assert.equal(restorePlacePrefix('南昌带儿童医院', 'henan', t), '南昌带儿童医院', "only the invoice's own province's cities");
  // 希 is 布 under one more stroke: the seal's ink over 市's dot.
  assert.equal(restorePlacePrefix('郑州希第一人民医院', 'henan', t), '郑州市第一人民医院');
  assert.equal(restorePlacePrefix('郑州希望医院', 'henan', t), '郑州希望医院', 'no word of a name right after it');
});

test('the payee label remnant (章) read before the place is dropped', () => {
  const places = placesOf(extractTables());
  assert.equal(dropStrayBeforePlace('意)城重庆市医科大学附属第二医院', places), '重庆市医科大学附属第二医院');
  assert.equal(dropStrayBeforePlace('章)南京中心医院', places), '南京中心医院');
  assert.equal(dropStrayBeforePlace('南京中心医院(北院)', places), '南京中心医院(北院)', 'a bracket after the place is printed');
  assert.equal(dropStrayBeforePlace('某县(东院)医院', places), '某县(东院)医院', 'no place after the bracket: kept');
});
