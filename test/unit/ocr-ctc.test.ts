import { test } from 'node:test';
import assert from 'node:assert/strict';
import { characterSet, ctcDecode, recognitionInput, recognitionWidth } from '../../src/ocr/recognize.js';
import { classifierOutput } from '../../src/ocr/angle.js';

/** A [steps, classes] probability matrix where each step's best class has probability `p`. */
function steps(best: number[], classes: number, p = 0.9): Float32Array {
  const m = new Float32Array(best.length * classes);
  best.forEach((c, t) => {
    for (let k = 0; k < classes; k++) m[t * classes + k] = (1 - p) / (classes - 1);
    m[t * classes + c] = p;
  });
  return m;
}

test('character set: blank first, dictionary in order, space last', () => {
  const cs = characterSet('甲\n乙\r\n丙\n');
  assert.deepEqual(cs, ['', '甲', '乙', '丙', ' ']);
});

test('CTC greedy decoding collapses repeats, drops blanks, keeps doubled letters split by a blank', () => {
  const cs = characterSet('a\nb\nc');
  // a a _ a b b _ _ c  ->  "aabc"
  const m = steps([1, 1, 0, 1, 2, 2, 0, 0, 3], cs.length);
  const out = ctcDecode(m, 9, cs.length, cs);
  assert.equal(out.text, 'aabc');
  assert.equal(out.chars.length, 4);
  assert.ok(Math.abs(out.score - 0.9) < 1e-6);
  // Positions follow the steps: strictly increasing, inside [0, 1].
  for (let i = 1; i < out.chars.length; i++) assert.ok(out.chars[i]!.x > out.chars[i - 1]!.x);
  assert.ok(out.chars[0]!.x > 0 && out.chars[3]!.x < 1);
  // The first 'a' spans steps 0-1: its centre is at 1/9 of the width.
  assert.ok(Math.abs(out.chars[0]!.x - 1 / 9) < 1e-9);
});

test('CTC positions are relative to the content, not the padding; edge spaces trimmed', () => {
  const cs = characterSet('x\ny');
  const space = cs.length - 1;
  // content occupies the first half of the tensor: " x y" then blanks
  const m = steps([space, 1, 0, 2, 0, 0, 0, 0], cs.length, 0.8);
  const out = ctcDecode(m, 8, cs.length, cs, 0.5);
  assert.equal(out.text, 'xy');
  assert.ok(Math.abs(out.chars[1]!.x - (3.5 / 8) / 0.5) < 1e-9);
  assert.equal(ctcDecode(steps([0, 0, 0], cs.length), 3, cs.length, cs).score, 0);
});

test('recognition input: height 48, padded to the minimum width, values in [-1, 1]', () => {
  assert.equal(recognitionWidth(300, 30, 3200), 480);
  assert.equal(recognitionWidth(100000, 10, 3200), 3200);
  const crop = { data: new Uint8Array(48 * 10 * 3).fill(255), width: 10, height: 48 };
  const input = recognitionInput(crop, 32);
  assert.equal(input.width, 32);
  assert.equal(input.contentWidth, 10);
  assert.equal(input.tensor[0], 1);
  assert.equal(input.tensor[20], 0); // padding
  assert.throws(() => recognitionInput({ data: new Uint8Array(30), width: 10, height: 1 }, 32));
});

test('classifier output reads class 1 as upside down', () => {
  const out = classifierOutput(new Float32Array([0.2, 0.8, 0.95, 0.05]), 2);
  assert.equal(out[0]!.angle, 180);
  assert.ok(Math.abs(out[0]!.p180 - 0.8) < 1e-6);
  assert.equal(out[1]!.angle, 0);
  assert.ok(Math.abs(out[1]!.score - 0.95) < 1e-6);
});

test('CTC decoding stops a step\'s scan at a class above 0.5 and still finds every step\'s maximum', () => {
  // Softmax-like steps: peaked ones (a blank or a character above 0.5) and flat ones (no class
  // above 0.5), in a seeded random mix; decoded text and scores must equal a full argmax.
  const classes = 40, steps = 300;
  const charset = ['', ...Array.from({ length: classes - 1 }, (_, i) => String.fromCharCode(0x4e00 + i))];
  let seed = 7;
  const rand = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296);
  const probs = new Float32Array(steps * classes);
  const argmax: number[] = [];
  for (let t = 0; t < steps; t++) {
    const row = probs.subarray(t * classes, (t + 1) * classes);
    let sum = 0;
    for (let c = 0; c < classes; c++) sum += row[c] = rand();
    const peak = rand() < 0.7 ? (rand() < 0.6 ? 0 : 1 + Math.floor(rand() * (classes - 1))) : -1;
    for (let c = 0; c < classes; c++) row[c] = peak >= 0 ? (row[c]! / sum) * 0.3 + (c === peak ? 0.7 : 0) : row[c]! / sum;
    let best = 0;
    for (let c = 1; c < classes; c++) if (row[c]! > row[best]!) best = c;
    argmax.push(best);
  }
  let expected = '';
  for (let t = 0; t < steps; t++) if (argmax[t]! > 0 && argmax[t] !== argmax[t - 1]) expected += charset[argmax[t]!];
  const out = ctcDecode(probs, steps, classes, charset);
  assert.ok(expected.length > 20);
  assert.equal(out.text, expected.trim());
  for (const ch of out.chars) assert.ok(ch.score > 0 && ch.score <= 1);
});

test('CTC: an unsure character carries the next likeliest characters at its place, a sure one none', () => {
  const cs = characterSet('男\n女\n效\n安');
  const classes = cs.length;
  // Step 0: 效 at 0.95 (sure). Step 2: 效 at 0.5 with 安 0.3 and 女 0.1 beside it; the blank step
  // after it holds 男 at 0.04 (a second guess that peaks next to the character).
  const m = new Float32Array(4 * classes);
  m.set([0, 0, 0, 0.95, 0.05, 0], 0);
  m.set([1, 0, 0, 0, 0, 0], classes);
  m.set([0.1, 0, 0.1, 0.5, 0.3, 0], 2 * classes);
  m.set([0.96, 0.04, 0, 0, 0, 0], 3 * classes);
  const out = ctcDecode(m, 4, classes, cs);
  assert.equal(out.text, '效效');
  assert.equal(out.chars[0]!.alternatives, undefined);
  assert.deepEqual(out.chars[1]!.alternatives!.map((a) => a.char), ['安', '女', '男']);
  assert.ok(Math.abs(out.chars[1]!.alternatives![2]!.score - 0.04) < 1e-6);
});
