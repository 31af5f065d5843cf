import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decideFlip, pageAxis, probeLines, readingQuad } from '../../src/ocr/orientation.js';
import { rotateQuad } from '../../src/image/geometry.js';
import type { LineRead } from '../../src/ocr/tasks.js';
import type { PageAngle, Quad8 } from '../../src/ocr/types.js';

const W = 1000, H = 600;
/** Upright lines of a page: long boxes, plus a few square ones (single characters). */
const upright: Quad8[] = [
  [100, 50, 600, 50, 600, 90, 100, 90],
  [100, 120, 400, 120, 400, 160, 100, 160],
  [500, 120, 540, 120, 540, 160, 500, 160],
  [100, 200, 800, 200, 800, 240, 100, 240],
];

test('box geometry tells text running across from text running down', () => {
  assert.equal(pageAxis(upright), 'horizontal');
  for (const turn of [90, 270] as const) assert.equal(pageAxis(upright.map((q) => rotateQuad(q, turn, W, H))), 'vertical');
  assert.equal(pageAxis(upright.map((q) => rotateQuad(q, 180, W, H))), 'horizontal');
  assert.equal(pageAxis([]), 'horizontal');
});

test('reading quads start at the text\'s own top-left whatever the page turn', () => {
  for (const turn of [0, 90, 180, 270] as const) {
    const onInput = rotateQuad(upright[0]!, turn, W, H);
    const size = turn === 90 || turn === 270 ? { w: H, h: W } : { w: W, h: H };
    const back = ((360 - turn) % 360) as PageAngle; // the turn that makes this input upright
    const q = readingQuad(onInput, back, size.w, size.h);
    assert.deepEqual(q.map(Math.round), onInput.map(Math.round), `turn ${turn}`);
  }
});

test('probes are several-character lines, shortest cost first', () => {
  const probes = probeLines(upright, 2);
  assert.equal(probes.length, 2);
  assert.ok(!probes.includes(2), 'a single character is no probe');
  assert.deepEqual(probeLines(upright, 2), [1, 0]); // aspect 7.5 and 12.5, nearest 6 first
});

const read = (text: string, score: number) => ({ text, score, chars: [] });

test('orientation evidence: recognition confidence overrules classifier votes', () => {
  const upsideDownByRec: LineRead[] = [
    { forward: read('ɐ∀ɐ∀', 0.55), flipped: read('天津市医疗', 0.97), angle: { angle: 0, score: 0.7, p180: 0.3 } },
  ];
  assert.equal(decideFlip(upsideDownByRec).flipped, true);
  // A classifier's confident false "180" on an upright line is corrected by the two reads.
  const falseAlarm: LineRead[] = [
    { forward: read('票据代码', 0.98), flipped: read('归ᴚ', 0.4), angle: { angle: 180, score: 0.95, p180: 0.95 } },
    { forward: null, flipped: null, angle: { angle: 180, score: 0.9, p180: 0.9 } },
  ];
  assert.equal(decideFlip(falseAlarm).flipped, false);
  // Votes alone decide when nothing was read both ways.
  const votes: LineRead[] = [0.95, 0.9, 0.2].map((p) => ({ forward: null, flipped: null, angle: { angle: p > 0.5 ? 180 : 0, score: Math.max(p, 1 - p), p180: p } }));
  assert.equal(decideFlip(votes).flipped, true);
  assert.equal(decideFlip([]).flipped, false);
});
