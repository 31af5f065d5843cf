import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MedicalResult } from '../../src/contract/extract.js';
import { extractInvoice } from '../../src/extract/extractor.js';
import { hasNameShape, nameByCharacterVote, withFamilyNameBack, nameFromTwoLooks, pagesSurer, rereadOnBothPages, type PageLook } from '../../src/extract/restored-reread.js';
import type { OcrChar, OcrLine, Quad8 } from '../../src/ocr/types.js';
import { line } from './extract-lines.js';

test('name shape: two to four Chinese characters starting with a common family name', () => {
  assert.equal(hasNameShape('王宇'), true);
  assert.equal(hasNameShape('孔明辉'), true);
  // One character, five, a rare or misread first character, digits or marks: no name.
  assert.equal(hasNameShape('王'), false);
  assert.equal(hasNameShape('王宇宙星辰'), false);
  assert.equal(hasNameShape('能洋'), false);
  assert.equal(hasNameShape('#城'), false);
  assert.equal(hasNameShape('王1'), false);
});

test('name from two looks: none read takes a shaped strip, the other page first; a read name needs both strips agreeing', () => {
  assert.equal(nameFromTwoLooks('', '', '戴洋'), '戴洋');
  assert.equal(nameFromTwoLooks('', '王宇', '王宁'), '王宁');
  assert.equal(nameFromTwoLooks('', '王宇', '#城'), '王宇');
  assert.equal(nameFromTwoLooks('', '起', '#城'), '');
  // A name read stays unless both strips read one other shaped name.
  assert.equal(nameFromTwoLooks('孔明挥', '孔明辉', '孔明辉'), '孔明辉');
  assert.equal(nameFromTwoLooks('孔明挥', '孔明辉', '孔明挥'), '孔明挥');
  assert.equal(nameFromTwoLooks('王甲', '王', '王宇'), '王甲');
  // Both strips cut before the last character: their agreement does not shorten the read name.
  assert.equal(nameFromTwoLooks('白海城', '白海', '白海'), '白海城');
  assert.equal(nameFromTwoLooks('白海城', '白梅', '白梅'), '白梅');
  // A read name without a name's shape takes a shaped strip of as many characters.
  assert.equal(nameFromTwoLooks('能洋', '', '戴洋'), '戴洋');
  assert.equal(nameFromTwoLooks('能洋', '戴洋', '王洋'), '王洋');
  assert.equal(nameFromTwoLooks('能洋', '', '戴洋洋'), '能洋');
  assert.equal(nameFromTwoLooks('能洋', '能洋', '能洋'), '能洋');
});

test('name from two looks: a character both strips agree on replaces the page reading of it', () => {
  assert.equal(nameFromTwoLooks('周俊效', '周俊斌', '周假斌'), '周俊斌');
  assert.equal(nameFromTwoLooks('韩宇靠', '韩宇霞', '韩字霜'), '韩宇靠', 'strips that agree on no changed character');
  assert.equal(nameFromTwoLooks('陈红然', '红然', '宽红然'), '陈红然', 'a strip of another length does not vote');
  assert.equal(nameByCharacterVote('周俊效', '能俊斌', '能假斌'), '周俊斌', 'the vote must leave a family name first; the other places still count');
  assert.equal(nameByCharacterVote('周俊效', '能俊效', '能假效'), '周俊效', 'only a misread family name agreed on');
});

test('name from two looks: strips that misread the family name alike still vote on the rest of the name', () => {
  // 杜玲 read 杜持 on the page; both strips read 社玲 (社 is no family name): 玲 is voted in, 杜 kept.
  assert.equal(nameFromTwoLooks('杜持', '社玲', '社玲'), '杜玲');
  // Strips of another length, or disagreeing, change nothing.
  assert.equal(nameFromTwoLooks('杜持', '社玲', '社'), '杜持');
  assert.equal(nameFromTwoLooks('杜持', '社玲', '社铃'), '杜持');
  // A character both strips read as no Chinese character is no vote.
  assert.equal(nameFromTwoLooks('杜持', '社3', '社3'), '杜持');
  // Strips read out of step with the name (a label's character in front: 名王宇) do not vote, though
  // they agree and would leave a name's shape (王王宇).
  assert.equal(nameFromTwoLooks('王宇宁', '名王宇', '名王宇'), '王宇宁');
  assert.equal(nameByCharacterVote('王宇宁', '名王宇', '名王宇'), '王宇宁');
});

/** A page whose crops all read as `texts` (one per quad, in order; '' past the end). */
function look(lines: readonly OcrLine[], texts: readonly string[], faint: readonly OcrLine[] = []): PageLook & { asked: Quad8[][] } {
  const asked: Quad8[][] = [];
  return {
    lines,
    faint,
    asked,
    recognize: async (quads) => {
      asked.push(quads);
      return quads.map((q, i) => ({ ...line(texts[i] ?? '-', 0, 0), quad: q }));
    },
  };
}

function pageResult(lines: readonly OcrLine[]): MedicalResult {
  const out = extractInvoice({ lines, width: 1000, height: 500, variant: 'hubei' });
  assert.ok(out.ok);
  if (!out.ok) throw new Error('no invoice');
  return out.result;
}

const FRAME = [line('湖北省医疗住院收费票据', 300, 30, 28, 34), line('合计 377.20', 60, 200)];

test('both pages: the gender label lost on the kept page is found on the other, and its strip read on both', async () => {
  const kept = [...FRAME, line('交款人：王小明', 60, 100)];
  const result = pageResult(kept);
  assert.equal(result.patient_gender, 0);
  // Name strip first (from the kept page's label), then the gender strip from the other page's label.
  const keptLook = look(kept, ['交款人：王小明', '性别：文']);
  const otherLook = look([...FRAME, line('交款人：王小明', 60, 100), line('性：', 400, 100)], ['交款人：王小明', '性别：女']);
  const out = await rereadOnBothPages(result, keptLook, otherLook);
  assert.equal(out.patient_gender, 2);
  assert.equal(out.patient_name, '王小明');
  assert.equal(keptLook.asked[0]!.length, 2);
});

test('both pages: the two strips disagreeing on the gender leave it unread', async () => {
  const kept = [...FRAME, line('交款人：王小明', 60, 100), line('性别：', 400, 100)];
  const result = pageResult(kept);
  const out = await rereadOnBothPages(result, look(kept, ['交款人：王小明', '性别：男']), look(kept, ['交款人：王小明', '性别：女']));
  assert.equal(out.patient_gender, 0);
});

test('both pages: a misread name changes only in characters both strips agree on', async () => {
  const kept = [...FRAME, line('交款人：孔明挥', 60, 100), line('性别：女', 400, 100)];
  const result = pageResult(kept);
  assert.equal(result.patient_name, '孔明挥');
  const agreed = await rereadOnBothPages(result, look(kept, ['交款人：孔明辉']), look(kept, ['交款人：孔明辉']));
  assert.equal(agreed.patient_name, '孔明辉');
  const split = await rereadOnBothPages(result, look(kept, ['交款人：孔明辉']), look(kept, ['交款人：孔朋辉']));
  assert.equal(split.patient_name, '孔明辉', 'the strips differ elsewhere but agree on 辉');
  const apart = await rereadOnBothPages(result, look(kept, ['交款人：孔明辉']), look(kept, ['交款人：孔朋晖']));
  assert.equal(apart.patient_name, '孔明挥', 'no changed character both strips agree on');
});

test('both pages: no label on either page costs no recogniser call', async () => {
  const kept = [...FRAME];
  const result = { ...pageResult(kept), patient_gender: 1 as const };
  const keptLook = look(kept, []);
  const otherLook = look(kept, []);
  const out = await rereadOnBothPages(result, keptLook, otherLook);
  assert.equal(out, result);
  assert.equal(keptLook.asked.length + otherLook.asked.length, 0);
});

/** A line whose characters in `unsure` were read at `score` (the rest as line() reads them). */
function withScores(l: OcrLine, unsure: string, score: number): OcrLine {
  return { ...l, chars: l.chars.map((c) => (unsure.includes(c.char) ? { ...c, score } : c)) };
}

/** A page whose crops read as the given lines (their characters' scores kept). */
function lookReading(lines: readonly OcrLine[], read: readonly OcrLine[]): PageLook {
  return { lines, faint: [], recognize: async (quads) => quads.map((q, i) => ({ ...(read[i] ?? line('-', 0, 0)), quad: q })) };
}

test('both pages: a name both page passes read surer than the two agreeing strips stays', async () => {
  const kept = [...FRAME, withScores(line('交款人：肖雨芬', 60, 100), '肖芬', 0.8), line('性别：男', 400, 100)];
  const other = [...FRAME, withScores(line('交款人：肖雨芬', 60, 100), '肖', 0.76), line('性别：男', 400, 100)];
  const result = pageResult(kept);
  assert.equal(result.patient_name, '肖雨芬');
  const weak = withScores(line('交款人：尚雨芽', 60, 100), '尚芽', 0.3);
  const out = await rereadOnBothPages(result, lookReading(kept, [weak]), lookReading(other, [weak]));
  assert.equal(out.patient_name, '肖雨芬');
  // Strips as sure as the pages: their agreement still replaces the name.
  const sure = withScores(line('交款人：尚雨芽', 60, 100), '尚芽', 0.9);
  const replaced = await rereadOnBothPages(result, lookReading(kept, [sure]), lookReading(other, [sure]));
  assert.equal(replaced.patient_name, '尚雨芽');
  // The other page read another name: the pages' sureness is not weighed.
  const otherRead = [...FRAME, line('交款人：肖雨芳', 60, 100), line('性别：男', 400, 100)];
  const overruled = await rereadOnBothPages(result, lookReading(kept, [weak]), lookReading(otherRead, [weak]));
  assert.equal(overruled.patient_name, '尚雨芽');
});

test('pages surer: summed page scores against summed strip scores over the changed places only', () => {
  const pageA = [withScores(line('王宇宁', 0, 0), '宁', 0.6)];
  const pageB = [withScores(line('王宇宁', 0, 0), '宁', 0.5)];
  const strip = (score: number) => ({ name: '王宇宇', line: withScores(line('姓名：王宇宇', 0, 0), '宇', score) });
  assert.equal(pagesSurer('王宇宁', '王宇宇', [pageA, pageB], [strip(0.5), strip(0.5)]), true);
  assert.equal(pagesSurer('王宇宁', '王宇宇', [pageA, pageB], [strip(0.6), strip(0.6)]), false);
  assert.equal(pagesSurer('王宇宁', '王宇', [pageA, pageB], [strip(0.1), strip(0.1)]), false, 'names of other lengths');
  assert.equal(pagesSurer('王宇宁', '王宇宇', [pageA, [line('王宇', 0, 0)]], [strip(0.1), strip(0.1)]), false, 'one page did not read the name');
});

test('strips agreeing on a character neither read undoubted do not replace the page reading of it', () => {
  const chars = (name: string, scores: number[]): OcrChar[] => [...name].map((char, i) => ({ char, score: scores[i]!, x: (i + 0.5) / scores.length }));
  const unsure = [chars('苏敏仪', [0.89, 0.82, 0.2]), chars('苏教仪', [0.96, 0.54, 0.49])];
  assert.equal(nameByCharacterVote('苏敏俊', '苏敏仪', '苏教仪', unsure), '苏敏俊');
  // One strip sure of it: the agreement counts as before; without the strips' scores, as before.
  const sure = [chars('苏敏仪', [0.89, 0.82, 0.2]), chars('苏教仪', [0.96, 0.54, 0.75])];
  assert.equal(nameByCharacterVote('苏敏俊', '苏敏仪', '苏教仪', sure), '苏敏仪');
  assert.equal(nameByCharacterVote('苏敏俊', '苏敏仪', '苏教仪'), '苏敏仪');
});

test('a read name that lost its family name takes it back from a shaped strip one character longer that holds it', () => {
  assert.equal(withFamilyNameBack('玉字', '彭玉宇', '数玉字'), '彭玉宇');
  assert.equal(nameFromTwoLooks('玉字', '彭玉宇', '数玉字'), '彭玉宇');
  // The other page's strip when the kept one has no family name first.
  assert.equal(withFamilyNameBack('玉字', '数玉字', '彭玉字'), '彭玉字');
  // Not when the strip's rest is another name, the strip has no family name, or is not one longer.
  assert.equal(withFamilyNameBack('玉字', '彭春花', ''), '玉字');
  assert.equal(withFamilyNameBack('玉字', '数玉字', ''), '玉字');
  assert.equal(withFamilyNameBack('玉字', '彭张玉字', ''), '玉字');
  assert.equal(withFamilyNameBack('玉字', '彭字字', ''), '玉字');
});
