import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import { genderOfIdNumber, nameAfterLabelTail, nameAtCutEdge, repairHospitalName } from '../../src/extract/header.js';
import { segmentLines, typicalHeight } from '../../src/extract/layout.js';
import { numeralLostAsOne, repairNameWords, trimAfterSuffix } from '../../src/extract/hospital-name.js';
import { extractTables } from '../../src/extract/tables.js';
import { line } from './extract-lines.js';
import type { OcrLine } from '../../src/ocr/types.js';

const TITLE = line('湖北省医疗住院收费票据', 300, 30, 28, 34);

test('a hospital name OCR boxed in two cells right of its label is read whole', () => {
  const lines = [TITLE, line('合计 377.20', 60, 200), line('收款单位（章）：', 60, 400), line('武汉市第一', 240, 402), line('人民医院', 350, 408)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.hospital_name, '武汉市第一人民医院');
});

test('cells right of a name piece are not joined when no institution name comes of it', () => {
  const lines = [TITLE, line('合计 377.20', 60, 200), line('收款单位（章）：', 60, 400), line('武汉市第一', 240, 402), line('复核人：', 700, 400)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.hospital_name, '武汉市第一', 'the piece as read, not joined with a label');
});

test('the seal read on its own right of the issuer label is skipped for the name after it', () => {
  const lines = [TITLE, line('合计 377.20', 60, 200), line('收款单位', 60, 400), line('财务专用章', 200, 402), line('武汉市第一人民医院', 340, 404)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.hospital_name, '武汉市第一人民医院');
  assert.equal(out.ok && out.result.charging_units, '武汉市第一人民医院');
});

test('text after another field label without its colon is that field value, not the issuer', () => {
  const lines = [TITLE, line('合计 377.20', 60, 200), line('医疗机构类型明中医医院', 60, 300)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.hospital_name, '');
});

test('one stray character after the suffix is dropped; a printed tail stays', () => {
  assert.equal(trimAfterSuffix('南宁口腔医院儿'), '南宁口腔医院');
  assert.equal(trimAfterSuffix('重庆肿瘤医院_川'), '重庆肿瘤医院');
  assert.equal(trimAfterSuffix('某市人民医院门诊部'), '某市人民医院门诊部');
  assert.equal(trimAfterSuffix('某市人民医院(东院)'), '某市人民医院(东院)');
  assert.equal(trimAfterSuffix('甘肃省肿'), '甘肃省肿', 'no suffix: as read');
  assert.equal(repairHospitalName('南宁口腔医院儿', 'guangxi', extractTables()), '南宁口腔医院');
});

test('a generic word that lost an inner character gets it back, only when one word fits', () => {
  assert.equal(repairNameWords('杭州妇幼保院'), '杭州妇幼保健院');
  assert.equal(repairNameWords('南京市第二民医院'), '南京市第二人民医院', 'the longer word wins over a misread 人民医院');
  assert.equal(repairNameWords('南京市第人民医院'), '南京市第人民医院', 'the numeral is not guessed');
  assert.equal(repairNameWords('杭州妇幼保健院'), '杭州妇幼保健院');
  assert.equal(repairNameWords('陕西省第主医院'), '陕西省第三医院', '主 is listed for 三');
});

test('a four-character generic word that lost an inner character gets it back, a word of its own stays', () => {
  assert.equal(repairNameWords('长春肿瘤院专用'), '长春肿瘤医院专用', '医 lost under the seal');
  assert.equal(repairNameWords('杭州口腔院'), '杭州口腔医院');
  assert.equal(repairNameWords('杭州中医院'), '杭州中医院', '中医院 is a word, not 中心医院 short of 心');
  assert.equal(repairNameWords('杭州儿医院'), '杭州儿医院', '儿童医院 and 儿科医院 both fit');
  assert.equal(repairNameWords('杭州第医院'), '杭州第医院', 'the numeral is not guessed here');
});

test('a 第 before a word numerals precede gets the numeral 一 the recogniser drops', () => {
  assert.equal(numeralLostAsOne('长春市第人民医院'), '长春市第一人民医院');
  assert.equal(numeralLostAsOne('某大学附属第医院'), '某大学附属第一医院');
  assert.equal(numeralLostAsOne('长春市第二人民医院'), '长春市第二人民医院');
  assert.equal(numeralLostAsOne('长春市第五中学医务室'), '长春市第五中学医务室');
});

test('gender from a valid 18-digit ID number, never from any 18 digits', () => {
  assert.equal(genderOfIdNumber(['交款人统一社会信用代码：11010519491231002X']), 2);
  assert.equal(genderOfIdNumber(['身份证号 330106198402204134']), 1);
  assert.equal(genderOfIdNumber(['330106198402204135']), null, 'check character wrong');
  assert.equal(genderOfIdNumber(['11010519491231002X', '330106198402204134']), null, 'numbers disagree');
});

test('the ID number gives the gender only where a gender label OCR could not read is printed', () => {
  const base = [TITLE, line('合计 377.20', 60, 200), line('交款人统一社会信用代码：330106198402204134', 60, 100)];
  const withLabel = extractInvoice({ lines: [...base, line('性营：', 60, 300)], width: 1000, height: 500, variant: 'hubei' });
  assert.ok(withLabel.ok);
  assert.equal(withLabel.ok && withLabel.result.patient_gender, 1);
  const without = extractInvoice({ lines: base, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(without.ok);
  assert.equal(without.ok && without.result.patient_gender, 0, 'no gender printed: unknown');
});

test('a name at the left edge is the patient name when the edge cut its label off', () => {
  const base = [line('辽宁省医疗住院收费票据', 300, 30, 28, 34), line('码：2166191367', 0, 100), line('合计 377.20', 60, 600), line('项目名称', 300, 500)];
  const out = extractInvoice({ lines: [...base, line('魏东宇', 5, 140)], width: 1000, height: 700, variant: 'liaoning' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.patient_name, '魏东宇');
  const value = extractInvoice({ lines: [...base, line('自费', 5, 140)], width: 1000, height: 700, variant: 'liaoning' });
  assert.ok(value.ok);
  assert.equal(value.ok && value.result.patient_name, '', 'no family name: another field value');
  const uncut = extractInvoice({ lines: [base[0]!, line('票据代码：2166191367', 60, 100), base[2]!, line('魏东宇', 60, 140)], width: 1000, height: 700, variant: 'liaoning' });
  assert.ok(uncut.ok);
  assert.equal(uncut.ok && uncut.result.patient_name, '', 'no cut label at the edge: not guessed');
});

/** A line as a photo tilted by `theta` shows it: its quad turned about its top-left corner. */
function tiltedLine(text: string, x: number, y: number, theta: number): OcrLine {
  const l = line(text, x, y);
  const q = [...l.quad];
  for (let i = 0; i < 8; i += 2) {
    const dx = q[i]! - x, dy = q[i + 1]! - y;
    q[i] = x + dx * Math.cos(theta) - dy * Math.sin(theta);
    q[i + 1] = y + dx * Math.sin(theta) + dy * Math.cos(theta);
  }
  return { ...l, quad: q as unknown as OcrLine['quad'] };
}

test('on a tilted photo, the cells the left edge cut are found where the edge runs once the page is deskewed', () => {
  // Rows go up to the right; the picture's left edge cut the code and name labels. Deskewed, the
  // edge runs slanted, and those cells start well right of x = 0.
  const t = -0.1;
  const lines = [
    tiltedLine('贵州省医疗机构住院收费票据', 300, 60, t),
    tiltedLine('居代码：52389330', 0, 100, t),
    tiltedLine('人：邹强轩', 0, 140, t),
    tiltedLine('收款单位（章）：贵阳市第一人民医院', 300, 560, t),
    tiltedLine('合计人民币（大写）叁佰柒拾柒元贰角', 300, 500, t),
    tiltedLine('项目名称 金额 项目名称 金额', 300, 300, t),
  ];
  const out = extractInvoice({ lines, width: 1000, height: 700, variant: 'general' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.patient_name, '邹强轩');
});

test('an edge cell keeping the tail of the name label and its colon holds the patient name', () => {
  const base = [line('贵州省医疗机构住院收费票据', 300, 30, 28, 34), line('居代码：52389330', 0, 100), line('合计 377.20', 60, 600), line('项目名称', 300, 500)];
  const out = extractInvoice({ lines: [...base, line('人：邹强轩', 0, 140)], width: 1000, height: 700, variant: 'general' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.patient_name, '邹强轩');
  assert.equal(nameAfterLabelTail('名：张伟', ['姓名', '交款人']), '张伟');
  assert.equal(nameAfterLabelTail('位：张伟', ['姓名', '交款人']), '', '位 ends no name label');
  assert.equal(nameAfterLabelTail('人：张伟东方红', ['交款人']), '', 'too long for a name');
  // The edge cut 姓 through: its remaining half read as 生.
  assert.equal(nameAfterLabelTail('生名：于轩俊', ['姓名', '交款人']), '于轩俊');
  assert.equal(nameAfterLabelTail('生名：于轩俊', ['交款人']), '', '名 ends no name label there');
  assert.equal(nameAfterLabelTail('位名：于轩俊', ['名']), '', 'a label shorter than the tail read');
  // Low on the page (收款人 of the signature row), it is no patient name.
  const low = extractInvoice({ lines: [...base, line('人：邹强轩', 0, 560)], width: 1000, height: 700, variant: 'general' });
  assert.ok(low.ok);
  assert.equal(low.ok && low.result.patient_name, '');
});

test('交款人 starting a misread credit-code label gives no name', () => {
  const lines = [TITLE, line('交款人统一社会保用代联：', 60, 100), line('交款人：孔远', 60, 140), line('合计 377.20', 60, 200)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.patient_name, '孔远');
});

test('交款人 starting a misread credit-code label read with its number in one box gives no name', () => {
  const base = [TITLE, line('交款人统一社会优用代码：40182197456032683', 60, 100), line('合计 377.20', 60, 200)];
  const alone = extractInvoice({ lines: base, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(alone.ok);
  assert.equal(alone.ok && alone.result.patient_name, '', 'the label is the credit code\'s: no name is read');
  const named = extractInvoice({ lines: [...base, line('交款人：钟怡娜', 60, 140)], width: 1000, height: 500, variant: 'hubei' });
  assert.equal(named.ok && named.result.patient_name, '钟怡娜');
});

test('a hospital name in pieces with the seal 章 after the suffix', () => {
  const lines = [TITLE, line('合计 377.20', 60, 200), line('收款单位（章）：', 60, 400), line('南昌同仁', 240, 396), line('医院章', 330, 394)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'jiangxi' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.hospital_name, '南昌同仁医院');
});

test('seal text read after the suffix is dropped, whatever its length; a printed tail stays', () => {
  assert.equal(trimAfterSuffix('哈尔滨同仁医院用社'), '哈尔滨同仁医院');
  assert.equal(trimAfterSuffix('哈尔滨同仁医院专用章'), '哈尔滨同仁医院');
  assert.equal(trimAfterSuffix('某市人民医院门诊部'), '某市人民医院门诊部', 'a printed tail is no seal text');
});

test('a label remnant and its colon before the name are dropped; the province 省 read as 管 is given back', () => {
  assert.equal(repairHospitalName('收:甘肃省人民医院', 'gansu', extractTables()), '甘肃省人民医院');
  assert.equal(repairHospitalName('甘肃省人民医院', 'gansu', extractTables()), '甘肃省人民医院');
  assert.equal(repairHospitalName('湖南管肿瘤医院', 'hunan', extractTables()), '湖南省肿瘤医院');
});

test('at a cut left edge, the name after its label tail wins over a bare cell starting with a family name', () => {
  // The cut took 票据 of 票据代码, 姓 of 姓名 and 中 of 中成药费 (成 is also a family name).
  const edge = [line('据代码：158886', 0, 100), line('名：许子佳', 0, 130), line('成药费', 0, 200), line('合计 377.20', 300, 900)];
  const segments = segmentLines(edge);
  const labels = ['患者姓名', '病人姓名', '姓名'];
  assert.equal(nameAtCutEdge(segments, new Map(), typicalHeight(segments), undefined, labels), '许子佳');
  // Without the tailed name, the bare cell alone decides (and here is taken, as before).
  const bare = segmentLines([line('据代码：158886', 0, 100), line('成药费', 0, 200), line('合计 377.20', 300, 900)]);
  assert.equal(nameAtCutEdge(bare, new Map(), typicalHeight(bare), undefined, labels), '成药费');
  // Two tailed names: no guess.
  const two = segmentLines([line('据代码：158886', 0, 100), line('名：许子佳', 0, 130), line('人：张伟', 0, 160), line('合计 377.20', 300, 900)]);
  assert.equal(nameAtCutEdge(two, new Map(), typicalHeight(two), undefined, ['姓名', '交款人']), '');
});

test('at a cut left edge, a label tail boxed apart from the name right of it still vouches for the name', () => {
  // 交 of 交款人 cut off; OCR boxed 款人： and the name printed after it as two cells.
  const labels = ['交款人', '姓名'];
  const apart = segmentLines([line('码：158886', 0, 100), line('款人：', 0, 130), line('吕桂浩', 120, 130), line('合计 377.20', 300, 900)]);
  assert.equal(nameAtCutEdge(apart, new Map(), typicalHeight(apart), undefined, labels), '吕桂浩');
  // The whole label cut but 人：, the name further along its row.
  const short = segmentLines([line('码：158886', 0, 100), line('人：', 0, 130), line('袁强丽', 90, 130), line('合计 377.20', 300, 900)]);
  assert.equal(nameAtCutEdge(short, new Map(), typicalHeight(short), undefined, labels), '袁强丽');
  // A tail that ends no name label vouches for nothing.
  const other = segmentLines([line('码：158886', 0, 100), line('位：', 0, 130), line('吕桂浩', 90, 130), line('合计 377.20', 300, 900)]);
  assert.equal(nameAtCutEdge(other, new Map(), typicalHeight(other), undefined, labels), '');
  // Nothing right of the tail on its row: no name (the cell below is another row's).
  const alone = segmentLines([line('码：158886', 0, 100), line('款人：', 0, 130), line('合计 377.20', 300, 900)]);
  assert.equal(nameAtCutEdge(alone, new Map(), typicalHeight(alone), undefined, labels), '');
});

test('inside the page, a label with two characters left (代码：) is read when the value in the next cell has a note code shape', () => {
  const TITLE_SD = line('山东省医疗机构门诊收费票据', 300, 30, 28, 34);
  const lines = [TITLE_SD, line('代码：', 300, 100), line('37302174', 380, 100), line('合计 377.20', 60, 300)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'shandong' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.note_code, '37302174');
  // A value no field's shape names (a date) leaves the two characters unread as a label.
  const dated = [TITLE_SD, line('期：', 300, 100), line('2020-09-16', 360, 100), line('合计 377.20', 60, 300)];
  const outDated = extractInvoice({ lines: dated, width: 1000, height: 500, variant: 'shandong' });
  assert.ok(outDated.ok);
  assert.equal(outDated.ok && outDated.result.note_code, '');
});

test('a label the left edge cut down to its colon takes its value from the next cell when the shape names the field', () => {
  // 票据代码： cut to 居代码： (据 halved and misread); the code was boxed apart from it.
  const lines = [line('吉林省医疗机构门诊收费票据', 300, 30, 28, 34), line('居代码：', 0, 100), line('22329477', 100, 100), line('合计 377.20', 60, 600)];
  const out = extractInvoice({ lines, width: 1000, height: 700, variant: 'general' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.note_code, '22329477');
});

test('at a cut left edge, a colon whose whole label was cut off is followed by the name', () => {
  const segments = segmentLines([line('统一社会信用代码：', 0, 100), line('：沈春辉', 4, 130), line('合计 377.20', 300, 900)]);
  assert.equal(nameAtCutEdge(segments, new Map(), typicalHeight(segments), undefined, ['交款人']), '沈春辉');
  // No family name first: another field's value.
  const value = segmentLines([line('：自费', 4, 130), line('合计 377.20', 300, 900)]);
  assert.equal(nameAtCutEdge(value, new Map(), typicalHeight(value), undefined, ['交款人']), '');
});

test('a name label that lost its last character and colon gives the sure family name read in its place back to the name', () => {
  const page = (text: string, score: number) => {
    const l = line(text, 60, 100);
    return [TITLE, { ...l, chars: l.chars.map((c, i) => (i === 2 ? { ...c, score } : c)) }, line('合计 377.20', 60, 200)];
  };
  const out = extractInvoice({ lines: page('交款钟梅梅', 0.94), width: 1000, height: 500, variant: 'hubei' });
  assert.equal(out.ok && out.result.patient_name, '钟梅梅');
  // An unsure character where 人 should stand is the label's, misread.
  const unsure = extractInvoice({ lines: page('交款钟梅梅', 0.5), width: 1000, height: 500, variant: 'hubei' });
  assert.equal(unsure.ok && unsure.result.patient_name, '梅梅');
  // Followed by a colon, the character stands for the label's last one.
  const colon = extractInvoice({ lines: page('交款钟：梅梅', 0.94), width: 1000, height: 500, variant: 'hubei' });
  assert.equal(colon.ok && colon.result.patient_name, '梅梅');
});

test('a note code read one figure short after its label gets its division code\'s first figure back', () => {
  const lines = [line('宁夏回族自治区医疗门诊收费票据', 300, 30, 28, 34), line('票据代码：49252', 60, 100), line('性另男', 400, 100), line('合计 377.20', 60, 200)];
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'ningxia' });
  assert.ok(out.ok);
  assert.equal(out.ok && out.result.note_code, '649252');
  // 另 is the recogniser's common misread of 别 (刂 lost): listed as a gender label.
  assert.equal(out.ok && out.result.patient_gender, 1);
});

test('an invoice number read up to a speck taken for a point is made whole when the printed No agrees', () => {
  const base = [TITLE, line('No 25739014', 700, 60), line('票据号码：', 500, 100), line('合计 377.20', 60, 200)];
  const out = extractInvoice({ lines: [...base, line('257390.14', 620, 100)], width: 1000, height: 500, variant: 'hubei' });
  assert.equal(out.ok && out.result.note_no, '25739014');
  // No other reading agrees: the number as read.
  const alone = extractInvoice({ lines: [TITLE, line('票据号码：', 500, 100), line('257390.14', 620, 100), line('合计 377.20', 60, 200)], width: 1000, height: 500, variant: 'hubei' });
  assert.equal(alone.ok && alone.result.note_no, '257390');
});
