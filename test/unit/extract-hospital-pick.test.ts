import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OcrLine } from '../../src/ocr/types.js';
import { dropLeadingLabel, hospitalFromStrip, hospitalValueStrips, payeeRowStrips } from '../../src/extract/reread.js';
import { isSealTextAlone, namesNoIssuer, parseHospitalNameTables, preferHospitalShaped } from '../../src/extract/hospital-name.js';

function line(text: string, quad: OcrLine['quad']): OcrLine {
  const n = [...text].length;
  return { text, score: 1, quad, chars: [...text].map((char, i) => ({ char, score: 1, x: (i + 0.5) / n })) };
}

test('hospital pick: a hospital-shaped reading wins over seal text read at the label', () => {
  assert.equal(preferHospitalShaped(['(草)诊', '太原同仁医院']), '太原同仁医院');
  assert.equal(preferHospitalShaped(['石家庄协和医院', '北京协和医院']), '石家庄协和医院');
  // None shaped: the first reading is kept as read.
  assert.equal(preferHospitalShaped(['', '(草)诊', '专用章']), '(草)诊');
  assert.equal(preferHospitalShaped(['', '']), '');
  // The seal's ring text names no one: nothing rather than it.
  assert.equal(preferHospitalShaped(['章收费专用章', '']), '');
  assert.equal(preferHospitalShaped(['章收费专用章', '西安中医']), '西安中医');
  // Seal words with one of their characters misread (收设专用) are still the ring's text alone.
  assert.equal(preferHospitalShaped(['收设专用', '']), '');
  assert.equal(preferHospitalShaped(['收设专用', '西安中医']), '西安中医');
  assert.equal(isSealTextAlone('收设专用'), true);
  assert.equal(isSealTextAlone('西安中医'), false);
});

test('hospital re-read: a label missing its first character still gives the strip', () => {
  const [strip] = hospitalValueStrips([line('款单位(章)：', [100, 500, 240, 500, 240, 530, 100, 530])]);
  assert.ok(strip && strip[0] >= 210, `starts at the label end: ${strip?.[0]}`);
  // Without its colon, a label tail is a word of some value, not a label.
  assert.equal(hospitalValueStrips([line('款单位合计', [100, 500, 240, 500, 240, 530, 100, 530])]).length, 0);
});

test('hospital re-read: no label read, the payee row is found left of 复核人 on the bottom row', () => {
  const lines = [
    line('票据代码：12345678', [80, 100, 380, 100, 380, 130, 80, 130]),
    line('复核人：', [820, 400, 900, 400, 900, 430, 820, 430]),
    line('收款人：王五', [1100, 400, 1240, 400, 1240, 430, 1100, 430]),
    // An upper 复核人 (a stub's) is not the payee's row.
    line('复核人：', [820, 200, 900, 200, 900, 230, 820, 230]),
  ];
  const [strip] = payeeRowStrips(lines);
  assert.ok(strip);
  assert.ok(strip[0] <= 80, `from the left margin: ${strip[0]}`);
  assert.ok(strip[2] < 820 && strip[2] > 700, `to just before 复核人: ${strip[2]}`);
  assert.ok(strip[1] < 400 && strip[7] > 430, `on its row: ${strip[1]}..${strip[7]}`);
  assert.deepEqual(payeeRowStrips([line('票据代码：1', [0, 0, 100, 0, 100, 30, 0, 30])]), []);
  // Nothing left of the mate to read.
  assert.deepEqual(payeeRowStrips([line('复核人：', [10, 400, 90, 400, 90, 430, 10, 430])]), []);
});

test('hospital re-read: on a page turned 180 degrees the payee row is the same row, found in the text frame', () => {
  const W = 1400;
  const H = 600;
  const upright = [
    line('票据代码：12345678', [80, 100, 380, 100, 380, 130, 80, 130]),
    line('复核人：', [820, 400, 900, 400, 900, 430, 820, 430]),
    line('复核人：', [820, 200, 900, 200, 900, 230, 820, 230]),
  ];
  // Turned 180: every point moves to (W - x, H - y); a quad still starts at the text's top-left.
  const turn = (q: readonly number[]) => q.map((v, i) => (i % 2 === 0 ? W - v : H - v)) as OcrLine['quad'];
  const [expected] = payeeRowStrips(upright);
  const [strip] = payeeRowStrips(upright.map((l) => ({ ...l, quad: turn(l.quad) })));
  assert.ok(expected && strip);
  const back = turn(strip);
  for (let i = 0; i < 8; i++) assert.ok(Math.abs(back[i]! - expected[i]!) < 1, `corner value ${i}: ${back[i]} vs ${expected[i]}`);
});

test('hospital re-read: a whole-row strip loses its label before the name', () => {
  assert.equal(dropLeadingLabel('）收款单位（章）：广州市中医院'), '广州市中医院');
  assert.equal(dropLeadingLabel('款单位（章）：福州第一医院'), '福州第一医院');
  assert.equal(dropLeadingLabel('广州市中医院'), '广州市中医院');
  assert.equal(hospitalFromStrip('）收款单位（章）：广州市中医院专用章'), '广州市中医院');
});

test('hospital tables: rowMates is optional and checked', () => {
  const base = { suffixes: ['医院'], kinds: [], sealWords: ['专用章'], adminLookalikes: {}, nameWords: ['医科大学'] };
  assert.deepEqual(parseHospitalNameTables(JSON.stringify(base)).rowMates, []);
  assert.deepEqual(parseHospitalNameTables(JSON.stringify({ ...base, rowMates: ['复核人'] })).rowMates, ['复核人']);
  assert.throws(() => parseHospitalNameTables(JSON.stringify({ ...base, rowMates: [3] })), /rowMates/);
});

test('hospital pick: a final name that is a kind alone or a piece of the title names no issuer', () => {
  const titleWords = ['票据', '发票', '收据', '结算单', '费用清单', '收费'];
  assert.equal(namesNoIssuer('社区卫生服务中心', titleWords), true);
  assert.equal(namesNoIssuer('住院收食票据', titleWords), true);
  assert.equal(namesNoIssuer('门诊收费', titleWords), true);
  // A hospital's shape, a name read in part, or nothing: kept as it is.
  assert.equal(namesNoIssuer('昆明市社区卫生服务中心', titleWords), false);
  assert.equal(namesNoIssuer('广州牌线', titleWords), false);
  assert.equal(namesNoIssuer('', titleWords), false);
});
