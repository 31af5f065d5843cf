import { test } from 'node:test';
import assert from 'node:assert/strict';
import { placesOf, provincePlacesOf, repairNameWords } from '../../src/extract/hospital-name.js';
import { doubtfulPositions, lineOfName, placeReadElsewhere, repairWithAlternatives, sealCheckedHospital } from '../../src/extract/seal-name.js';
import { extractTables } from '../../src/extract/tables.js';
import type { OcrLine } from '../../src/ocr/types.js';

const tables = extractTables();
const places = placesOf(tables);
const henan = provincePlacesOf('henan', tables);

/** A line whose characters have the given scores (1 where not given) and alternatives. */
function scored(text: string, scores: Record<number, number> = {}, alternatives: Record<number, string> = {}): OcrLine {
  const n = [...text].length;
  return {
    text,
    score: 1,
    quad: [0, 0, 10, 0, 10, 1, 0, 1],
    chars: [...text].map((char, i) => ({
      char,
      score: scores[i] ?? 1,
      x: (i + 0.5) / n,
      ...(alternatives[i] ? { alternatives: [...alternatives[i]!].map((a) => ({ char: a, score: 0.1 })) } : {}),
    })),
  };
}

// A grey photocopy's payee row, cut into two boxes: 都 doubted, 宇 doubted with 学 offered, 段 and 马 doubted.
const head = scored('收款单位（学）都洲大宇第', { 7: 0.44, 10: 0.33 }, { 10: '宁学掌' });
const tail = scored('一段马医院', { 1: 0.12, 2: 0.08 });
const elsewhere = scored('医保类型：郑州市医保住院科室：');

test('a name the detector cut into two boxes is found on the two lines read in a row', () => {
  assert.equal(lineOfName('都洲大宇第一段马医院', [head, tail])?.start, 7);
  assert.deepEqual([...doubtfulPositions('都洲大宇第一段马医院', [head, tail])], [0, 3, 6, 7]);
  // Lines not read in a row are not joined.
  assert.equal(lineOfName('都洲大宇第一段马医院', [head, elsewhere, tail]), null);
});

test('a head of doubted and look-alike characters takes the province place the page prints elsewhere', () => {
  assert.equal(placeReadElsewhere('都洲大宇第一段马医院', [head, tail, elsewhere], places, henan), '郑州大宇第一段马医院');
  // Not printed elsewhere on the page: the name stays as read.
  assert.equal(placeReadElsewhere('都洲大宇第一段马医院', [head, tail], places, henan), '都洲大宇第一段马医院');
  // 都 read surely: no place (a sure character is no misread one).
  const sure = scored('收款单位（学）都洲大宇第', { 10: 0.33 });
  assert.equal(placeReadElsewhere('都洲大宇第一段马医院', [sure, tail, elsewhere], places, henan), '都洲大宇第一段马医院');
  // Both characters merely doubted, neither read as itself or its look-alike: too little of the place.
  const both = scored('收款单位（学）都沙大宇第', { 7: 0.44, 8: 0.3 });
  assert.equal(placeReadElsewhere('都沙大宇第一段马医院', [both, tail, elsewhere], places, henan), '都沙大宇第一段马医院');
  // Two places fit the characters read (贵? with ? doubted: 贵州 and 贵阳): the province printed in
  // the title confirms neither.
  const guiyang = provincePlacesOf('guizhou', tables);
  const title = scored('贵州省医疗门诊收费票据');
  const gui = scored('收款单位：贵明医科大学附属第一医院', { 6: 0.4 });
  assert.equal(placeReadElsewhere('贵明医科大学附属第一医院', [title, gui], places, guiyang), '贵明医科大学附属第一医院');
  // A name starting at a place is left alone.
  assert.equal(placeReadElsewhere('洛阳市中心医院', [scored('洛阳市中心医院', { 0: 0.3 }), elsewhere], places, henan), '洛阳市中心医院');
});

test('a university hospital word with two misread characters is given back after the recogniser offers a third', () => {
  assert.equal(repairNameWords('郑州大学第一段马医院', undefined, places), '郑州大学第一附属医院');
  // Three misreads are beyond the word repair alone.
  assert.equal(repairNameWords('郑州大宇第一段马医院', undefined, places), '郑州大宇第一段马医院');
  assert.equal(repairWithAlternatives('郑州大宇第一段马医院', [head, tail], undefined, places), '郑州大学第一附属医院');
  // Without 学 among the alternatives nothing changes.
  const plain = scored('收款单位（学）都洲大宇第', { 7: 0.44, 10: 0.33 }, { 10: '宁掌' });
  assert.equal(repairWithAlternatives('郑州大宇第一段马医院', [plain, tail], undefined, places), '郑州大宇第一段马医院');
});

test('the seal check gives the photocopy its name without a seal', async () => {
  const noSeal = async () => null;
  const read = async () => [];
  assert.equal(await sealCheckedHospital('都洲大宇第一段马医院', { angle: 0, lines: [head, tail, elsewhere] }, noSeal, read, places, henan), '郑州大学第一附属医院');
});
