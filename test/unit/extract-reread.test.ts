import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OcrLine } from '../../src/ocr/types.js';
import { hospitalFromStrip, hospitalValueStrips, needsHospitalReread, placeNames, trimSealLead } from '../../src/extract/reread.js';

function line(text: string, quad: OcrLine['quad']): OcrLine {
  const n = [...text].length;
  return { text, score: 1, quad, chars: [...text].map((char, i) => ({ char, score: 1, x: (i + 0.5) / n })) };
}

test('hospital re-read: only for a missing or seal-spoilt name', () => {
  assert.equal(needsHospitalReread(''), true);
  assert.equal(needsHospitalReread('石家庄协和医院'), false);
  assert.equal(needsHospitalReread('专用章'), true);
});

test('hospital re-read: the strip starts where the label ends, along the label, in any orientation', () => {
  // Upright: label 收款单位(章) (8 characters) over x 100..260, height 30.
  const [strip] = hospitalValueStrips([line('收款单位(章)', [100, 500, 260, 500, 260, 530, 100, 530])]);
  assert.ok(strip);
  assert.ok(Math.abs(strip[0] - 260) <= 1, `starts at the label's end: ${strip[0]}`);
  assert.ok(strip[2] > 600, 'runs to the right');
  assert.ok(strip[1] < 500 && strip[7] > 530, 'a little taller than the label');
  // Turned 180°: the label's top-left is at the bottom right; the strip runs to the left.
  const [turned] = hospitalValueStrips([line('收款单位(章)', [900, 530, 740, 530, 740, 500, 900, 500])]);
  assert.ok(turned && turned[2] < 400, 'runs along the text direction');
  // 医疗机构类型 names a kind of hospital, not the issuer.
  assert.equal(hospitalValueStrips([line('医疗机构类型：中医医院', [0, 0, 300, 0, 300, 30, 0, 30])]).length, 0);
});

test('hospital re-read: a name, never seal words', () => {
  assert.equal(hospitalFromStrip('：天津市协和医院'), '天津市协和医院');
  assert.equal(hospitalFromStrip('财务南市科医院'), '');
  assert.equal(hospitalFromStrip('复核人'), '');
});

test('hospital re-read: torn seal text before the name is cut off at the place name, or the read is rejected', () => {
  // 院收价 is the end of the ring …医院收费专用章 read before the name (golden general-inpatient).
  assert.equal(hospitalFromStrip('院收价郑州市第三医院'), '郑州市第三医院');
  assert.equal(hospitalFromStrip('：章用专河南省人民医院'), '河南省人民医院');
  // Seal text and no place name to show where the name starts: no name rather than a wrong one.
  assert.equal(hospitalFromStrip('院收价协和医院'), '');
  // A long lead is part of the name, and a lead without seal text is kept.
  assert.equal(hospitalFromStrip('首都医科大学附属北京友谊医院'), '首都医科大学附属北京友谊医院');
  assert.equal(hospitalFromStrip('北大深圳医院'), '北大深圳医院');
  assert.equal(hospitalFromStrip('金水区社区卫生服务中心'), '金水区社区卫生服务中心');
});

test('page-pass hospital name: a seal character before the place name is cut, a spoilt place rejected', () => {
  assert.equal(trimSealLead('收四川省第三医院', placeNames()), '四川省第三医院');
  assert.equal(trimSealLead('收州人民医院', placeNames()), '');
  assert.equal(trimSealLead('兰州人民医院', placeNames()), '兰州人民医院');
  assert.equal(trimSealLead('中国人民解放军总医院', placeNames()), '中国人民解放军总医院');
});

test('hospital re-read: a label cut short or misread before its bracket is dropped, not taken for seal text', () => {
  assert.equal(hospitalFromStrip('收（辣西省笔二人民医院'), '辣西省第二人民医院', 'the prefix is left to the province repair');
  assert.equal(hospitalFromStrip('收教单位（章）：郑州市第三医院'), '郑州市第三医院');
  assert.equal(hospitalFromStrip('收费专用章（郑州市第三医院'), '', 'seal words are no label');
});

test('hospital re-read: seal text before a place name the seal cut is trimmed when the province repair gives the place back', async () => {
  const { repairHospitalName } = await import('../../src/extract/header.js');
  const { extractTables } = await import('../../src/extract/tables.js');
  const restore = (n: string) => repairHospitalName(n, 'chongqing', extractTables());
  assert.equal(hospitalFromStrip('财务专庆中医院', placeNames(), restore), '重庆中医院');
  assert.equal(hospitalFromStrip('财务专庆中医院'), '', 'without the province the lead cannot be told from the name');
});
