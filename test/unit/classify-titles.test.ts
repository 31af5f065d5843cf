/** Title picking (classify/titles.ts): size, position, wording, and the issuer heading above a title. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadTaxonomy } from '../../src/classify/taxonomy.js';
import { pickTitles, type TitleCandidate } from '../../src/classify/titles.js';
import type { Quad8 } from '../../src/ocr/types.js';

const tax = loadTaxonomy();
const page = { width: 1000, height: 1400 };
/** A line centred on cx (or starting at x when left-aligned), top y, height h, width w. */
const line = (text: string, y: number, h: number, w: number, x?: number): TitleCandidate => {
  const x0 = x ?? 500 - w / 2;
  const quad: Quad8 = [x0, y, x0 + w, y, x0 + w, y + h, x0, y + h];
  return { text, quad };
};
const body = (y0: number): TitleCandidate[] => Array.from({ length: 12 }, (_, i) => line(`项目${i}：检查费 ${i}.00`, y0 + i * 50, 26, 600, 150));

test('the hospital heading right above the document title is a title too, even in body size', () => {
  // A narrow receipt: the heading is no larger than the body, so size alone does not pick it.
  const lines = [line('昆明市第二人民医院', 60, 26, 360), line('交易凭条', 100, 30, 200), ...body(160)];
  assert.deepEqual(pickTitles(lines, page, tax), [0, 1]);
});

test('a left-aligned insurer name above the title and a numbered field are not titles', () => {
  const lines = [line('中国人寿保险股份有限公司', 60, 26, 320, 80), line('理赔申请书', 110, 48, 260), line('编号：167207251566', 170, 26, 300), ...body(230)];
  assert.deepEqual(pickTitles(lines, page, tax), [1]);
});

test('a title cut in pieces on one row is one title; titles on separate rows stay apart', async () => {
  const { titleGroups, joinTitleText, joinTitleRegion } = await import('../../src/classify/titles.js');
  const lines = [line('四川省第一人民医院', 40, 40, 360), line('门诊结算费用清单', 110, 48, 400, 250), line('（清单联）', 112, 44, 200, 670), ...body(220)];
  const groups = titleGroups(lines, [0, 1, 2]);
  assert.deepEqual(groups, [[0], [1, 2]]);
  assert.equal(joinTitleText(groups[1].map((i) => lines[i].text)), '门诊结算费用清单（清单联）');
  assert.deepEqual(joinTitleRegion(groups[1].map((i) => lines[i].quad)), [250, 110, 870, 112, 870, 156, 250, 158]);
  assert.equal(joinTitleText(['PASSPORT FOR', 'PUBLIC AFFAIRS']), 'PASSPORT FOR PUBLIC AFFAIRS');
  // Far apart on one row (a number printed at the right margin) is not a piece of the title.
  const apart = [line('门诊收费票据', 110, 48, 300, 300), line('No 5095383124', 112, 40, 200, 780)];
  assert.deepEqual(titleGroups(apart, [0, 1]), [[0], [1]]);
});

test('a field printed as label and value without a colon (性别男) is not a title, even large and near the top', () => {
  const card = { width: 1000, height: 600 };
  // Name and sex printed larger than the other fields, at the top of a card whose title band was lost.
  const fields = [line('姓名吴欣', 40, 44, 200), line('性别男', 100, 44, 150), line('出生日期1974年04月26日', 160, 30, 400), line('发证单位某某医院', 220, 30, 400), line('编号157174452798', 280, 30, 400)];
  assert.deepEqual(pickTitles(fields, card, tax), []);
  // A title that starts like a field label is still a title: 出生医学证明.
  assert.deepEqual(pickTitles([line('出生医学证明', 40, 50, 300), ...body(160)], page, tax), [0]);
});

test('a title with one misread character is picked on a page where nothing else was read', () => {
  // A blurred page: the recogniser read the title alone, so size tells nothing.
  assert.deepEqual(pickTitles([line('委托投权书', 150, 40, 260)], page, tax), [0]);
  // Not a field line that nearly spells a title, nor a sentence holding a near miss.
  assert.deepEqual(pickTitles([line('姓名委托投权书', 150, 40, 260)], page, tax), []);
  assert.deepEqual(pickTitles([line('本人特此出具委托投权书一份交由受托人办理', 150, 40, 600)], page, tax), []);
});
