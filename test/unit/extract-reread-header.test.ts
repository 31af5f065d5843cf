import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import { charsOfValue, extendsCutName, nameFromSurnameAlternatives, nameMayBeCut, dropLeadingLabel, genderFromAlternatives, nameAfterClippedLabel, takesClippedName, genderFromMisreadLabel, nameIsDoubtful, replacesDoubtfulName, genderFromStrip, genderStrips, offRegisterGenderStrips, rowAlignedGenderStrips, genderFromRowAlignedStrips, genderFromValueStrip, patientNameFromStrip, patientNameStrips, rereadHeaderFields } from '../../src/extract/reread.js';
import type { OcrLine, Quad8 } from '../../src/ocr/types.js';
import { line } from './extract-lines.js';

/** The lines of a Hubei inpatient invoice's header: payer and gender cells as given, the payee's hospital below. */
function hubeiInpatientPage(payerCell: string, genderCell: string): OcrLine[] {
  return [
    line('湖北省医疗住院收费票据', 300, 30, 28, 34),
    line(payerCell, 60, 100),
    line(genderCell, 400, 100),
    line('合计 377.20', 60, 200),
    line('收款单位（章）：', 60, 400),
    line('武汉市协和医院', 240, 400),
  ];
}

test('gender re-read: a strip over each line starting with the label, from the label start on', () => {
  const label = line('性别：', 600, 700);
  const [strip] = genderStrips([label, line('住院编号：', 600, 740)]);
  assert.ok(strip);
  assert.ok(Math.abs(strip[0] - 600) <= 1, `starts with the label: ${strip[0]}`);
  assert.ok(strip[2] > label.quad[2] + 3 * 24, 'runs past the label by a few heights');
  assert.equal(genderStrips([line('其性别', 160, 700)]).length, 1, 'a side-column character before the label');
  assert.equal(genderStrips([line('性营：', 0, 700)]).length, 1, 'a half label and its colon');
  assert.equal(genderStrips([line('个人账户支付：', 0, 700), line('医保类别：自费', 0, 740)]).length, 0);
});

test('gender re-read: the value after the label, a look-alike too; nothing else', () => {
  assert.equal(genderFromStrip('性别：男'), 1);
  assert.equal(genderFromStrip('其性别男77128473'), 1);
  assert.equal(genderFromStrip('性：女'), 2);
  assert.equal(genderFromStrip('性别：汝'), 2);
  assert.equal(genderFromStrip('性别：'), 0);
  assert.equal(genderFromStrip('性别：男女'), 0, 'two characters are no one gender');
});

test('name re-read: a strip right of the name label, never right of the payer credit-code label', () => {
  const label = line('交款人：', 100, 200);
  const [strip] = patientNameStrips([label]);
  assert.ok(strip);
  // From the line's start (the label gives the recogniser context) to well past the label's end.
  assert.ok(Math.abs(strip[0] - label.quad[0]) <= 1, `starts with the label: ${strip[0]}`);
  assert.ok(strip[2] >= label.quad[2] + 5 * 24, `runs past the label: ${strip[2]}`);
  assert.equal(patientNameStrips([line('交款人统一社会保用代联：', 100, 160)]).length, 0, 'a longer label, misread further on');
  assert.equal(patientNameFromStrip('：黄健强'), '黄健强');
  assert.equal(patientNameFromStrip('：'), '');
  assert.equal(patientNameFromStrip('病人姓名：赵娜'), '赵娜', 'the label read with the value is dropped');
  assert.equal(patientNameFromStrip('老姓名：程然'), '程然', 'also when misread, up to its colon');
  assert.equal(patientNameFromStrip('交款人赵娜'), '赵娜', 'a label without its colon');
  assert.equal(patientNameFromStrip('开票0期：2021'), '', 'a label with a misread character is no name');
});

test('header re-read: only missing fields are re-read, in one call, and what it reads fills them', async () => {
  const lines = hubeiInpatientPage('交款人：', '性别：');
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) return;
  assert.equal(out.result.patient_name, '');
  assert.equal(out.result.patient_gender, 0);
  const calls: Quad8[][] = [];
  const reads = ['：王小明', '性别：女'];
  const fake = async (quads: Quad8[]): Promise<OcrLine[]> => {
    calls.push(quads);
    return quads.map((q, i) => ({ text: reads[i] ?? '', score: 1, quad: q, chars: [] }));
  };
  const { result } = await rereadHeaderFields(out.result, lines, out.province, fake);
  assert.equal(calls.length, 1, 'one recogniser call');
  assert.equal(calls[0]!.length, 4, 'the hospital name was read: only the name strip and the gender strip, on its line and half a line up and down');
  assert.equal(result.patient_name, '王小明');
  assert.equal(result.patient_gender, 2);
  assert.equal(result.hospital_name, '武汉市协和医院');
  const { result: none } = await rereadHeaderFields(result, lines, out.province, fake);
  assert.equal(calls.length, 1, 'nothing missing: no call');
  assert.equal(none, result);
});

test('hospital re-read: a misread (章) and one stray character before a place name are dropped', async () => {
  const { hospitalFromStrip } = await import('../../src/extract/reread.js');
  assert.equal(hospitalFromStrip('（军）设郑州协和医院'), '郑州协和医院');
  assert.equal(hospitalFromStrip('（草）：北京协和医院'), '北京协和医院');
  assert.equal(hospitalFromStrip('武警浙江省总队医院'), '武警浙江省总队医院', 'a longer lead is part of the name');
});

test('gender re-read: a value printed off its label line is read from the strips half a line up, then down', async () => {
  const label = line('性别：', 600, 700);
  const [onLine] = genderStrips([label]);
  const [up, down] = offRegisterGenderStrips([label]);
  assert.ok(onLine && up && down);
  const h = label.quad[7] - label.quad[1];
  assert.ok(Math.abs(up[1] - (onLine[1] - 0.5 * h)) <= 1, `up by half a line: ${up[1]} vs ${onLine[1]}`);
  assert.ok(Math.abs(down[1] - (onLine[1] + 0.5 * h)) <= 1, `down by half a line: ${down[1]} vs ${onLine[1]}`);
  assert.equal(up[2] - up[0], onLine[2] - onLine[0], 'as long as the strip on the line');
  const page = hubeiInpatientPage('交款人：王小明', '性别：');
  const out = extractInvoice({ lines: page, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) return;
  const readAs = (onLineText: string, upText: string, downText: string) => async (quads: Quad8[]): Promise<OcrLine[]> =>
    quads.map((q, i) => ({ text: [onLineText, upText, downText][i] ?? '', score: 1, quad: q, chars: [] }));
  assert.equal((await rereadHeaderFields(out.result, page, out.province, readAs('性别：专', '性别：女', '性别：'))).result.patient_gender, 2, 'the value read half a line up');
  assert.equal((await rereadHeaderFields(out.result, page, out.province, readAs('性别：', '门诊号：', '性别：男'))).result.patient_gender, 1, 'else half a line down');
  assert.equal((await rereadHeaderFields(out.result, page, out.province, readAs('性别：男', '性别：女', ''))).result.patient_gender, 1, 'the strip on the line comes first');
  assert.equal((await rereadHeaderFields(out.result, page, out.province, readAs('性别：', '门诊号：MZ', '专科医院'))).result.patient_gender, 0, 'no gender anywhere');
});

/** A 性别 label whose detector box is taller than the print and tilted (up to the right) by ink beside it. */
function tiltedGenderLabel(): OcrLine {
  // 80 px long, rising 10 px, 40 px tall; the row's print is level and 24 px tall.
  const quad: Quad8 = [600, 698, 680, 688, 680, 728, 600, 738];
  return { text: '性别', score: 0.99, quad, chars: [{ char: '性', score: 0.99, x: 0.25 }, { char: '别', score: 0.99, x: 0.6 }] };
}

test('gender re-read: row-aligned strips take the slope and height of the long lines near the label, not its own box', () => {
  const label = tiltedGenderLabel();
  const rows = [line('交易流水号：136001074258', 100, 650), line('医疗机构类型：中医医院', 600, 760), line('个人账户支付：186.20', 100, 760)];
  const { labelled, value } = rowAlignedGenderStrips([label, ...rows]);
  assert.equal(labelled.length, 5, 'on the row, a quarter and a half row up and down');
  const [onRow] = labelled;
  assert.ok(onRow);
  assert.equal(onRow[1], onRow[3], `level like the rows, not rising like the label's box: ${onRow}`);
  // The label's left edge's middle is y 718; the row height 24 plus 0.3 of it each side is the strip's height.
  assert.ok(Math.abs(onRow[7] - onRow[1] - 1.6 * 24) <= 1, `the rows' height: ${onRow[7] - onRow[1]}`);
  assert.ok(Math.abs((onRow[1] + onRow[7]) / 2 - 718) <= 1, 'centred on the label');
  assert.ok(Math.abs(onRow[2] - (680 + 2 * 24)) <= 2, `the label and two row heights: ${onRow[2]}`);
  assert.ok(Math.abs(labelled[2]![1] - (onRow[1] - 12)) <= 1, 'the third half a row up');
  assert.equal(value.length, 5);
  // 别 is the last of two characters at 0.25 and 0.6: it ends at 0.6 + 0.35 / 2 of the 80 px box.
  assert.ok(Math.abs(value[0]![0] - (600 + 0.775 * 80)) <= 1, `value strips start where 别 ends: ${value[0]![0]}`);
  assert.deepEqual(rowAlignedGenderStrips([label]), { labelled: [], value: [] }, 'no long line, no strip');
});

test('gender re-read: the row-aligned strips give the gender every reading agrees on, a value strip only as 男 or 女', async () => {
  const label = tiltedGenderLabel();
  const page = [label, line('交易流水号：136001074258', 100, 650), line('医疗机构类型：中医医院', 600, 760)];
  const readAs = (labelled: string[], value: string[]) => async (quads: Quad8[]): Promise<OcrLine[]> =>
    quads.map((q, i) => ({ text: (i < 5 ? labelled[i] : value[i - 5]) ?? '', score: 1, quad: q, chars: [] }));
  assert.equal(await genderFromRowAlignedStrips(page, readAs(['性别', '性别', '性别：女'], [])), 2);
  assert.equal(await genderFromRowAlignedStrips(page, readAs(['性别', '性别'], ['', '女', '女'])), 2, 'the value read without its label');
  assert.equal(await genderFromRowAlignedStrips(page, readAs(['性别：男'], ['', '女'])), 0, 'readings that disagree');
  assert.equal(await genderFromRowAlignedStrips(page, readAs(['性别'], ['安', '激'])), 0, 'no look-alike without the label');
  assert.equal(genderFromValueStrip('：男'), 1);
  assert.equal(genderFromValueStrip('机构类'), 0);
});

test('gender re-read: the row-aligned strips are the last look, in a call of their own', async () => {
  const page = [...hubeiInpatientPage('交款人：王小明', '性别：'), line('医疗机构类型：中医医院', 400, 130)];
  const out = extractInvoice({ lines: page, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) return;
  const calls: number[] = [];
  const recognize = async (quads: Quad8[]): Promise<OcrLine[]> => {
    calls.push(quads.length);
    // The first call (label strips on and off the label's line) reads no value; the second is the rows'.
    return quads.map((q, i) => ({ text: calls.length === 1 ? '性别：' : i >= 5 ? '女' : '性别', score: 1, quad: q, chars: [] }));
  };
  const reread = await rereadHeaderFields(out.result, page, out.province, recognize);
  assert.equal(reread.result.patient_gender, 2);
  assert.equal(calls.length, 2, 'a second call, for the row-aligned strips only');
});

test('gender re-read: a short line of 性 and one misread character (性另, 性剔‘) is a gender label too', () => {
  assert.equal(genderStrips([line('性另', 600, 700)]).length, 1);
  assert.equal(genderStrips([line('性剔‘', 600, 700)]).length, 1);
  assert.equal(genderStrips([line('性', 600, 700)]).length, 1);
  assert.equal(genderStrips([line('性质单位', 600, 700)]).length, 0, 'a longer word starting with 性');
});

test('gender re-read: the end of another label (类别：, 科别：) is no gender label', () => {
  assert.equal(genderStrips([line('类别：', 0, 700), line('科别：内科', 0, 740)]).length, 0);
  assert.equal(genderStrips([line('别：', 0, 700)]).length, 1, 'the half label alone');
  assert.equal(genderFromStrip('类别：女'), 0);
});

test('gender cell with its label misread: X别 and 男/女 alone is the gender; other 别 labels are not', () => {
  assert.equal(genderFromMisreadLabel([line('生别：女', 600, 700)]), 2);
  assert.equal(genderFromMisreadLabel([line('心别男', 600, 700)]), 1);
  assert.equal(genderFromMisreadLabel([line('类别：女', 600, 700)]), 0, '类别 is another label');
  assert.equal(genderFromMisreadLabel([line('生别：女士', 600, 700)]), 0, 'more than the value');
  assert.equal(genderFromMisreadLabel([line('生别：女', 600, 700), line('心别男', 600, 740)]), 0, 'readings that disagree give nothing');
});

test('header re-read: a misread gender label fills the gender without a recogniser call', async () => {
  const lines = hubeiInpatientPage('交款人：王小明', '生别：女');
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) return;
  let calls = 0;
  const { result } = await rereadHeaderFields(out.result, lines, out.province, async (quads) => {
    calls++;
    return quads.map((q) => ({ text: '', score: 1, quad: q, chars: [] }));
  });
  assert.equal(result.patient_gender, 2);
  assert.equal(calls, 0);
});

test('hospital label whose closing bracket was misread: the bracket character goes with the label', () => {
  assert.equal(dropLeadingLabel('款单位（章诊告林省同仁医院'), '告林省同仁医院');
  assert.equal(dropLeadingLabel('收款单位（章）：吉林省同仁医院'), '吉林省同仁医院');
  assert.equal(dropLeadingLabel('收款单位(章):吉林省同仁医院'), '吉林省同仁医院');
});

test('a name starting with no common family name is doubtful; only a same-length reading with one replaces it', () => {
  assert.equal(nameIsDoubtful('慕怡'), true);
  assert.equal(nameIsDoubtful('蔡怡'), false);
  assert.equal(nameIsDoubtful(''), false, 'no name: the plain re-read');
  assert.equal(replacesDoubtfulName('慕怡', '蔡怡'), true);
  assert.equal(replacesDoubtfulName('慕怡', '慕怡'), false, 'the same doubtful reading');
  assert.equal(replacesDoubtfulName('慕怡', '蔡怡红'), false, 'another length');
});

test('header re-read: a doubtful name is re-read and replaced by a reading starting with a family name', async () => {
  const lines = hubeiInpatientPage('交款人：慕怡', '性别：女');
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) return;
  assert.equal(out.result.patient_name, '慕怡');
  const reading = (text: string) => async (quads: Quad8[]): Promise<OcrLine[]> => quads.map((q) => ({ text, score: 1, quad: q, chars: [] }));
  assert.equal((await rereadHeaderFields(out.result, lines, out.province, reading('：蔡怡'))).result.patient_name, '蔡怡');
  assert.equal((await rereadHeaderFields(out.result, lines, out.province, reading('：慕'))).result.patient_name, '慕怡', 'a shorter reading is not taken');
});

/** A line whose last character was read unsure, with the recogniser's alternatives for it. */
function withLastAlternatives(l: OcrLine, alternatives: { char: string; score: number }[]): OcrLine {
  const chars = l.chars.map((c, i) => (i === l.chars.length - 1 ? { ...c, score: 0.4, alternatives } : c));
  return { ...l, chars };
}

test('gender from alternatives: a misread value cell gives the one gender among its alternatives', () => {
  const misread = withLastAlternatives(line('性别效', 600, 700), [{ char: '安', score: 0.28 }, { char: '女', score: 0.06 }]);
  assert.equal(genderFromAlternatives([misread]), 2);
  assert.equal(genderFromAlternatives([withLastAlternatives(line('性别：另', 600, 700), [{ char: '男', score: 0.2 }])]), 1);
  // Both genders, or one too unlikely, or no alternatives: nothing.
  assert.equal(genderFromAlternatives([withLastAlternatives(line('性别效', 600, 700), [{ char: '女', score: 0.1 }, { char: '男', score: 0.05 }])]), 0);
  assert.equal(genderFromAlternatives([withLastAlternatives(line('性别效', 600, 700), [{ char: '女', score: 0.01 }])]), 0);
  assert.equal(genderFromAlternatives([line('性别效', 600, 700)]), 0);
  // Not a gender cell: another label, or more than one character after the label.
  assert.equal(genderFromAlternatives([withLastAlternatives(line('类别：效', 600, 700), [{ char: '女', score: 0.2 }])]), 0);
  assert.equal(genderFromAlternatives([withLastAlternatives(line('性别：女效', 600, 700), [{ char: '男', score: 0.2 }])]), 0);
});

test('header re-read: a gender cell misread on both looks is read from its alternatives', async () => {
  const lines = hubeiInpatientPage('交款人：王小明', '性别：效');
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) return;
  assert.equal(out.result.patient_gender, 0);
  const { result } = await rereadHeaderFields(out.result, lines, out.province, async (quads) =>
    quads.map((q) => withLastAlternatives({ ...line('性别：效', 400, 100), quad: q }, [{ char: '女', score: 0.08 }])),
  );
  assert.equal(result.patient_gender, 2);
});

test('name after a label that lost a character: 交款叶敏丽 gives 叶敏丽; other fields and non-names give nothing', () => {
  assert.equal(nameAfterClippedLabel([line('交款叶敏丽', 60, 100)]), '叶敏丽');
  assert.equal(nameAfterClippedLabel([line('缴款：王小明', 60, 100)]), '王小明');
  // A whole label is the page pass's business (and 交款人统一社会信用代码 another field's).
  assert.equal(nameAfterClippedLabel([line('交款人统一社会信用代码：140105195811196344', 60, 100)]), '');
  // Not a name: no common family name first, or too long.
  assert.equal(nameAfterClippedLabel([line('交款统一社会信用代码', 60, 100)]), '');
  // Two lines naming different people: nothing.
  assert.equal(nameAfterClippedLabel([line('交款叶敏丽', 60, 100), line('交款王小明', 60, 140)]), '');
});

test('header re-read: a name whose label lost a character replaces the page reading that lost its family name', async () => {
  // 叶 read unsure where 人 should stand (a sure one is the name's at once: header.ts nameAfterShortLabel).
  const lines = hubeiInpatientPage('交款叶敏丽', '性别：女').map((l) => (l.text === '交款叶敏丽' ? { ...l, chars: l.chars.map((c, i) => (i === 2 ? { ...c, score: 0.5 } : c)) } : l));
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) return;
  // The page pass takes 叶 for the label's misread 人 and loses the family name.
  assert.equal(out.result.patient_name, '敏丽');
  const { result } = await rereadHeaderFields(out.result, lines, out.province, async (quads) => quads.map((q) => ({ text: '', score: 1, quad: q, chars: [] })));
  assert.equal(result.patient_name, '叶敏丽');
});

test('a clipped-label name replaces no name, or the same name without its first character only', () => {
  assert.ok(takesClippedName('', '叶敏丽'));
  assert.ok(takesClippedName('敏丽', '叶敏丽'));
  assert.ok(!takesClippedName('王敏丽', '叶敏丽'));
  assert.ok(!takesClippedName('丽', '叶敏丽'));
});

/** A line with the characters of `value` read at `score`, alternatives on its first one. */
function withValueScores(l: OcrLine, value: string, score: number, firstAlternatives?: { char: string; score: number }[]): OcrLine {
  const at = l.text.indexOf(value);
  const chars = l.chars.map((c, i) => {
    if (i < at || i >= at + [...value].length) return c;
    return i === at && firstAlternatives ? { ...c, score, alternatives: firstAlternatives } : { ...c, score };
  });
  return { ...l, chars };
}

test('a name may be cut: one character, or two with one the recogniser doubted', () => {
  assert.ok(nameMayBeCut('赵', [line('病人姓名：赵', 60, 100)]));
  assert.ok(nameMayBeCut('钟阳', [withValueScores(line('患者姓名：钟阳', 60, 100), '钟阳', 0.53)]));
  assert.ok(!nameMayBeCut('钟阳', [line('患者姓名：钟阳', 60, 100)]), 'read with confidence');
  assert.ok(!nameMayBeCut('钟阳敏', [withValueScores(line('患者姓名：钟阳敏', 60, 100), '钟阳敏', 0.5)]), 'three characters are a whole name');
  assert.ok(!nameMayBeCut('', []));
  assert.equal(charsOfValue([line('交款人：王小明', 60, 100)], '小明')?.map((c) => c.char).join(''), '小明');
  assert.equal(charsOfValue([line('交款人：王小明', 60, 100)], '李'), null);
});

test('a cut name is replaced only by a reading that continues it with a family name first', () => {
  assert.ok(extendsCutName('赵', '赵娜'));
  assert.ok(extendsCutName('钟阳', '钟阳敏'));
  assert.ok(!extendsCutName('赵', '起娜'), 'another start');
  assert.ok(!extendsCutName('赵', '赵'), 'nothing more read');
  assert.ok(!extendsCutName('赵', '赵娜娜娜娜'), 'longer than a name');
  assert.ok(!extendsCutName('赵', '赵12'), 'not Chinese');
  assert.ok(!extendsCutName('慕', '慕怡'), 'no common family name');
});

test('a name without a family name first takes the one family name among its alternatives', () => {
  const page = [withValueScores(line('交款人：精芬', 60, 100), '精芬', 0.57, [{ char: '請', score: 0.2 }, { char: '胡', score: 0.1 }])];
  assert.equal(nameFromSurnameAlternatives('精芬', page), '胡芬');
  // Two family names fit, or the only one is too unlikely, or the name starts with one already.
  assert.equal(nameFromSurnameAlternatives('注选', [withValueScores(line('交款人：注选', 60, 100), '注选', 0.5, [{ char: '江', score: 0.2 }, { char: '汪', score: 0.1 }])]), '');
  assert.equal(nameFromSurnameAlternatives('精芬', [withValueScores(line('交款人：精芬', 60, 100), '精芬', 0.57, [{ char: '胡', score: 0.01 }])]), '');
  assert.equal(nameFromSurnameAlternatives('胡芬', [withValueScores(line('交款人：胡芬', 60, 100), '胡芬', 0.57, [{ char: '精', score: 0.3 }])]), '');
});

test('header re-read: a name cut to one character is re-read and continued', async () => {
  const lines = hubeiInpatientPage('交款人：赵', '性别：女');
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) return;
  const page = { ...out.result, patient_name: '赵' };
  const reading = (text: string) => async (quads: Quad8[]): Promise<OcrLine[]> => quads.map((q) => ({ text, score: 1, quad: q, chars: [] }));
  assert.equal((await rereadHeaderFields(page, lines, out.province, reading('交款人：赵娜'))).result.patient_name, '赵娜');
  assert.equal((await rereadHeaderFields(page, lines, out.province, reading('交款人：起娜'))).result.patient_name, '赵', 'a reading that does not continue it');
});

test('header re-read: a gender cell read below the drop score (a faint line) is re-read too', async () => {
  const lines = hubeiInpatientPage('交款人：王小明', '住院号：123456');
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) return;
  assert.equal(out.result.patient_gender, 0);
  const asked: Quad8[][] = [];
  const reading = async (quads: Quad8[]): Promise<OcrLine[]> => {
    asked.push(quads);
    return quads.map((q) => ({ text: '性：女', score: 0.8, quad: q, chars: [] }));
  };
  const faint = [{ ...line('性称：文', 400, 140), score: 0.47 }];
  assert.equal((await rereadHeaderFields(out.result, lines, out.province, reading, faint)).result.patient_gender, 2);
  asked.length = 0;
  assert.equal((await rereadHeaderFields(out.result, lines, out.province, reading)).result.patient_gender, 0, 'no faint line: no gender strip');
  assert.equal(asked.length, 0);
});

test('hospital re-read: the payee strips come back with their characters, so a name read there keeps its unsure ones', async () => {
  const { sealCheckedHospital } = await import('../../src/extract/seal-name.js');
  const { placeNames } = await import('../../src/extract/reread.js');
  const { extractTables } = await import('../../src/extract/tables.js');
  const { provincePlacesOf } = await import('../../src/extract/hospital-name.js');
  const lines = hubeiInpatientPage('交款人：王小明', '性别：男').filter((l) => l.text !== '武汉市协和医院');
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) return;
  assert.equal(out.result.hospital_name, '');
  // 武 read as 式 at 0.19, 武 the recogniser's next guess.
  const text = '：式汉市协和医院';
  const strip = (q: Quad8): OcrLine => ({
    text,
    score: 0.8,
    quad: q,
    chars: [...text].map((char, i) => (i === 1 ? { char, score: 0.19, x: 0.2, alternatives: [{ char: '武', score: 0.1 }, { char: '贰', score: 0.05 }] } : { char, score: 1, x: i / 8 })),
  });
  const reread = await rereadHeaderFields(out.result, lines, out.province, async (quads) => quads.map(strip));
  assert.equal(reread.result.hospital_name, '式汉市协和医院');
  assert.equal(reread.hospitalStrips.length, 1);
  assert.equal(reread.hospitalStrips[0]!.text, text);
  const noSeal = async () => null;
  const read = async () => [];
  const hubei = provincePlacesOf('hubei', extractTables());
  const check = (pageLines: readonly OcrLine[]) => sealCheckedHospital(reread.result.hospital_name, { angle: 0, lines: pageLines }, noSeal, read, placeNames(), hubei);
  // With the strip's reading beside the page's lines the offered 武 gives the place back; the page's lines alone hold nothing on it.
  assert.equal(await check([...lines, ...reread.hospitalStrips]), '武汉市协和医院');
  assert.equal(await check(lines), '式汉市协和医院');
});
