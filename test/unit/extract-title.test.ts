import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalTitle, isMisreadMedicalTitle, substringDistance } from '../../src/extract/title.js';
import { extractInvoice } from '../../src/extract/extractor.js';
import { line } from './extract-lines.js';
import { extractTables } from '../../src/extract/tables.js';
import { TermDictionary } from '../../src/extract/terms.js';

test('substring distance leaves the ends of the text free', () => {
  assert.equal(substringDistance('门诊收费', 'xx门诊收费yy'), 0);
  assert.equal(substringDistance('门诊收费', '阀诊收费'), 1);
  assert.equal(substringDistance('门诊收费', ''), 4);
});

test('a misread title is restored to the printed wording; a far one is kept as read', () => {
  const t = extractTables();
  assert.equal(canonicalTitle('天津市医疗门收费募据(电子)口务口', undefined, t), '天津市医疗门诊收费票据(电子)', 'lost and misread characters, stray marks after');
  assert.equal(canonicalTitle('北京市医院阀诊收费专用收据', 'beijing', t), '北京市医院门诊收费专用收据');
  assert.equal(canonicalTitle('上海市医机构住院收费专用票据', undefined, t), '上海市医疗机构住院收费专用票据');
  assert.equal(canonicalTitle('门诊收费票据', undefined, t), '门诊收费票据', 'no place: nothing to anchor on');
  assert.equal(canonicalTitle('北京市出租汽车统一发票', undefined, t), '北京市出租汽车统一发票', 'not a medical title');
});

test('a misread label is not found inside a value word that lies one character from it', () => {
  const dict = new TermDictionary<string>();
  dict.add('人民币', 'capital');
  dict.add('手术费', 'category');
  dict.guardMisreads(extractTables().notMisreads);
  assert.deepEqual(dict.scan('河南省直第三人民医院').map((h) => h.term), [], '人民医 of 人民医院 is no 人民币');
  assert.deepEqual(dict.scan('人民巾:伍元').map((h) => h.term), ['人民币'], 'a misread 人民币 elsewhere still counts');
  assert.deepEqual(dict.scan('手术膏 12.00').map((h) => h.term), ['手术费']);
});

test('a hospital name starting with its province misread in one character gets it back', async () => {
  const { repairHospitalName } = await import('../../src/extract/header.js');
  const t = extractTables();
  assert.equal(repairHospitalName('汉津市急救中心', 'tianjin', t), '天津市急救中心');
  assert.equal(repairHospitalName('天津市急救中心', 'tianjin', t), '天津市急救中心');
  assert.equal(repairHospitalName('汉津市急救中心', undefined, t), '汉津市急救中心', 'no province, no change');
  assert.equal(repairHospitalName('郑州大学第一附属医院', 'henan', t), '郑州大学第一附属医院', 'a city name is no misread province');
});

test('the hospital fallback skips values of other labels', async () => {
  const { findHospitalName } = await import('../../src/extract/header.js');
  const { segmentLines } = await import('../../src/extract/layout.js');
  const { line } = await import('./extract-lines.js');
  const t = extractTables();
  const segs = (texts: string[]) => segmentLines(texts.map((x, i) => line(x, 80, 100 + 40 * i)));
  assert.equal(findHospitalName(segs(['医疗机构类型：专科医院', '收款人：张三']), null, t), '');
  assert.equal(findHospitalName(segs(['医疗机构类型：专科医院', '收款单位（章）：南昌市中心医院']), null, t), '南昌市中心医院');
  assert.equal(findHospitalName(segs(['郑州大学第一附属医院']), null, t), '郑州大学第一附属医院');
});

test('a medical invoice title misread past its words is told by its pattern; other provincial titles are not', () => {
  const t = extractTables();
  assert.ok(isMisreadMedicalTitle('河北省诊收票据', t), '门 and 费 lost: 诊 of 门诊 read');
  assert.ok(isMisreadMedicalTitle('山西省疗#构任收费票据', t), 'of 山西省医疗机构住院收费票据');
  assert.ok(isMisreadMedicalTitle('北京市医行住院收食据', t));
  assert.equal(isMisreadMedicalTitle('河北省通用收费票据', t), false, 'no character of a medical slot read');
  assert.equal(isMisreadMedicalTitle('河北省非税收入通用票据', t), false);
  assert.equal(isMisreadMedicalTitle('北京市住房公积金收据', t), false, 'too far from 北京市住院收据');
  assert.equal(isMisreadMedicalTitle('冀省诊收票据', t), false, 'no province name read whole');
  assert.equal(isMisreadMedicalTitle('河北省住房公积金缴存收据', t), false);
  assert.equal(isMisreadMedicalTitle('河北省诊', t), false, 'too much of the pattern lost');
});

test('the misread title reads a page as an invoice only when the caller allows it as the last resort', () => {
  const lines = [line('河北省诊收', 300, 30), line('票据', 420, 30), line('No99825513', 700, 60), line('（小写）671.60', 500, 300)];
  const strict = extractInvoice({ lines, width: 900, height: 400, variant: 'general' });
  assert.deepEqual(strict, { ok: false, found: 'a document that is not a medical invoice' });
  const lenient = extractInvoice({ lines, width: 900, height: 400, variant: 'general', misreadTitleSuffices: true });
  assert.ok(lenient.ok, 'the title boxed in two, read as one');
  const other = [line('河北省通用收费票据', 300, 30), line('No99825513', 700, 60), line('（小写）671.60', 500, 300)];
  assert.equal(extractInvoice({ lines: other, width: 900, height: 400, variant: 'general', misreadTitleSuffices: true }).ok, false);
});
