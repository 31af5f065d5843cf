import assert from 'node:assert/strict';
import test from 'node:test';
import type { MedicalResult } from '../../src/contract/extract.js';
import type { Quad8 } from '../../src/ocr/types.js';
import { spanQuad, unreadableParts, type PrintedLine } from '../../src/synth/readable.js';

const box = (x0: number, y0: number, x1: number, y1: number): Quad8 => [x0, y0, x1, y0, x1, y1, x0, y1];
/** A frame 1000 px wide: a box is visible when it lies wholly at x >= 0. */
const inFrame = (q: Quad8): boolean => [0, 2, 4, 6].every((i) => q[i]! >= 0 && q[i]! <= 1000);

function result(over: Partial<MedicalResult>): MedicalResult {
  return { patient_name: '', patient_gender: 0, total_cost: 0, type: 1, cost_categories: [], payments_info: [], cost_detail_list: [], ...over } as unknown as MedicalResult;
}

test('spanQuad: CJK characters take a full advance, digits about half', () => {
  const line: PrintedLine = { text: '姓名：12', quad: box(0, 0, 410, 20) };
  // 姓 名 ： are 1 em each, 1 and 2 are 0.55 em: total 4.1 em over 410 px.
  const q = spanQuad(line, 3, 5);
  assert.ok(Math.abs(q[0] - 300) < 1e-9 && Math.abs(q[2] - 410) < 1e-9, `span ${q[0]}..${q[2]}`);
  assert.deepEqual([q[1], q[5]], [0, 20]);
});

test('a value whose own stretch is in the frame is readable although its label is cut off', () => {
  const lines: PrintedLine[] = [{ text: '交款人：毛海', quad: box(-80, 0, 120, 20) }];
  assert.deepEqual(unreadableParts(result({ patient_name: '毛海' }), lines, inFrame), []);
});

test('a value printed only out of the frame is unreadable; one printed nowhere is kept', () => {
  const lines: PrintedLine[] = [
    { text: '姓名：毛海', quad: box(-300, 0, -100, 20) },
    { text: '合计 12.50', quad: box(-200, 40, -20, 60) },
  ];
  const parts = unreadableParts(result({ patient_name: '毛海', total_cost: 12.5, note_no: '0099' } as Partial<MedicalResult>), lines, inFrame);
  assert.deepEqual(parts, ['patient_name', 'total_cost']);
});

test('gender is tied only to a gender cell, never to any 男/女 in other text', () => {
  const lines: PrintedLine[] = [
    { text: '性别：女', quad: box(-100, 0, -10, 20) },
    { text: '妇女儿童医院', quad: box(10, 40, 200, 60) },
  ];
  assert.deepEqual(unreadableParts(result({ patient_gender: 2 }), lines, inFrame), ['patient_gender']);
});

test('a list item is unreadable when its name or its amount is out of sight', () => {
  const lines: PrintedLine[] = [
    { text: '治疗费', quad: box(-90, 0, -10, 20) },
    { text: '246.00', quad: box(20, 0, 90, 20) },
    { text: '西药费', quad: box(120, 0, 200, 20) },
    { text: '60.00', quad: box(220, 0, 280, 20) },
  ];
  const parts = unreadableParts(result({ cost_categories: [{ name: '治疗费', cost: 246 }, { name: '西药费', cost: 60 }] } as Partial<MedicalResult>), lines, inFrame);
  assert.deepEqual(parts, ['cost_categories:治疗费']);
});
