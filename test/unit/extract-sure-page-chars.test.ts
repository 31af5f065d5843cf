import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSurePageCharacter } from '../../src/extract/sure-page-chars.js';
import type { OcrLine } from '../../src/ocr/types.js';

/** A line whose characters carry the given scores (1 where none is given). */
function scored(text: string, scores: Record<number, number> = {}): OcrLine {
  const chars = [...text];
  return {
    text,
    score: 0.9,
    quad: [0, 0, 20 * chars.length, 0, 20 * chars.length, 24, 0, 24],
    chars: chars.map((char, i) => ({ char, score: scores[i] ?? 1, x: (i + 0.5) / chars.length })),
  };
}

test('a page reading of the name start keeps its sure character over a less sure re-read one', () => {
  const page = [scored('收款单位（章）：'), scored('河北省协和', { 4: 0.92 })];
  const strip = [scored('：河北省协积医院复核', { 5: 0.72 })];
  assert.equal(withSurePageCharacter('河北省协积医院', strip, '河北省协和', page), '河北省协和医院');
});

test('the re-read name stays when the page was not surer, differs more, or is too short', () => {
  const strip = [scored('河北省协积医院', { 4: 0.72 })];
  assert.equal(withSurePageCharacter('河北省协积医院', strip, '河北省协和', [scored('河北省协和', { 4: 0.7 })]), '河北省协积医院', 'page less sure');
  assert.equal(withSurePageCharacter('河北省协积医院', strip, '河北省协和', [scored('河北省协和', { 4: 0.6 })]), '河北省协积医院');
  const sureStrip = [scored('河北省协积医院', { 4: 0.95 })];
  assert.equal(withSurePageCharacter('河北省协积医院', sureStrip, '河北省协和', [scored('河北省协和', { 4: 0.92 })]), '河北省协积医院', 'strip as sure');
  assert.equal(withSurePageCharacter('湖南督医院', [scored('湖南督医院')], '湖南省腔医', [scored('湖南省腔医')]), '湖南督医院', 'two differences: other readings');
  assert.equal(withSurePageCharacter('河北医院', [scored('河北医院', { 1: 0.5 })], '河化', [scored('河化')]), '河北医院', 'two characters: too short');
  assert.equal(withSurePageCharacter('河北省医院', [scored('河北省医院')], '', []), '河北省医院', 'no page reading');
  assert.equal(withSurePageCharacter('', [], '河北省协和', [scored('河北省协和')]), '', 'nothing re-read');
});
