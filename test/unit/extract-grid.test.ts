import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractInvoice } from '../../src/extract/extractor.js';
import { Catalogue } from '../../src/extract/catalogue.js';
import { line } from './extract-lines.js';

const noCatalogue = new Catalogue([]);

function categoriesOf(lines: Parameters<typeof extractInvoice>[0]['lines'], variant: Parameters<typeof extractInvoice>[0]['variant'] = 'hebei') {
  const out = extractInvoice({ lines, width: 1800, height: 900, variant, catalogue: noCatalogue });
  assert.ok(out.ok);
  return out.result;
}

test('category grid: of two amounts stacked right of a name, the one on the name\'s line is its amount', () => {
  // Tight rows: the next row's amount lies within the row window too, at the same x.
  const r = categoriesOf([
    line('河北省医疗住院收费票据', 600, 40, 40, 44),
    line('项目名称', 80, 190, 20, 36), line('金额(元)', 320, 190, 20, 36),
    line('西药费', 80, 240, 20, 36), line('64184.80', 320, 228, 14, 36),
    line('中草药费', 80, 274, 20, 36), line('429.60', 320, 262, 14, 36),
    line('合计（小写）64614.40', 80, 400),
  ]);
  assert.deepEqual(r.cost_categories.map((c) => [c.name, c.cost]), [['西药费', 64184.8], ['中草药费', 429.6]]);
});

test('category grid: a bare number right of the amount (a binding hole read as 0) is not the amount', () => {
  const r = categoriesOf([
    line('河北省医疗住院收费票据', 600, 40, 40, 44),
    line('化验费', 1160, 300), line('924.00', 1390, 300, 14), line('0', 1706, 302, 12),
    line('治疗费', 1160, 340), line('468.00', 1390, 340, 14),
    line('合计（小写）1392.00', 80, 500),
  ]);
  assert.deepEqual(r.cost_categories.map((c) => [c.name, c.cost]), [['化验费', 924], ['治疗费', 468]]);
});

test('payments: a payment word alone in the value cell of a label is not a payment, whatever lies below it', () => {
  const r = categoriesOf([
    line('河北省医疗住院收费票据', 600, 40, 40, 44),
    line('西药费', 80, 200), line('331.00', 300, 200, 14),
    line('合计（小写）331.00', 80, 260),
    line('医保类别：', 1274, 400), line('自费', 1402, 400),
    line('其他支付：', 1274, 440), line('6465.06', 1400, 440, 14),
    line('个人自费：', 117, 470), line('497.18', 248, 470, 14),
  ]);
  const pay = new Map(r.payments_info.map((p) => [p.name, p.cost]));
  assert.equal(pay.get('个人自费'), 497.18);
  assert.equal(pay.get('其他支付'), 6465.06);
});

test('payments: Zhejiang prints 个人自理 (自付二) beside 乙类自付 (按比例自付); Henan 乙类自付 is 自付二', () => {
  const zj = categoriesOf([
    line('浙江省医疗门诊收费票据', 600, 40, 40, 44),
    line('西药费', 80, 200), line('300.00', 300, 200, 14),
    line('合计（小写）300.00', 80, 260),
    line('乙类自付：', 80, 400), line('21.50', 200, 400, 14),
    line('个人自理：', 80, 440), line('8.25', 200, 440, 14),
  ], 'zhejiang');
  const zjPay = new Map(zj.payments_info.map((p) => [p.name, p.cost]));
  assert.equal(zjPay.get('按比例自付'), 21.5);
  assert.equal(zjPay.get('自付二'), 8.25);
  const hn = categoriesOf([
    line('河南省医疗门诊收费票据', 600, 40, 40, 44),
    line('西药费', 80, 200), line('300.00', 300, 200, 14),
    line('合计（小写）300.00', 80, 260),
    line('乙类自付：', 80, 400), line('21.50', 200, 400, 14),
  ], 'henan');
  assert.deepEqual(hn.payments_info.map((p) => [p.name, p.cost]), [['自付二', 21.5]]);
});

test('payments: a self-pay share read without its point is put back when larger than the total; a label that lost its 个 still names it', () => {
  const r = categoriesOf([
    line('河北省医疗门诊收费票据', 600, 40, 40, 44),
    line('西药费', 80, 200), line('33.09', 300, 200, 14),
    line('合计（小写）33.09', 80, 260),
    line('个人自付：164', 80, 400),
    line('人自费：3.16', 500, 400),
    line('预缴金额：500', 80, 440),
  ]);
  const pay = new Map(r.payments_info.map((p) => [p.name, p.cost]));
  assert.equal(pay.get('个人自付'), 1.64);
  assert.equal(pay.get('个人自费'), 3.16);
  assert.equal(pay.get('预缴金额'), 500, 'a deposit may exceed the total');
});

test('payments: of a name printed twice, the reading of its longest term wins (个人自费 over a stray 自费)', () => {
  const r = categoriesOf([
    line('河北省医疗门诊收费票据', 600, 40, 40, 44),
    line('西药费', 80, 200), line('300.00', 300, 200, 14),
    line('合计（小写）300.00', 80, 260),
    line('医', 1295, 380), line('保险类型：', 1332, 380), line('自费', 1468, 380),
    line('0', 1470, 420, 14),
    line('个人自费：', 503, 420), line('148.95', 633, 420, 14),
  ]);
  assert.equal(new Map(r.payments_info.map((p) => [p.name, p.cost])).get('个人自费'), 148.95);
});

test('categories: 一般诊疗费 read without its thin 一 is still 一般诊疗费, not the shorter 诊疗费', () => {
  const r = categoriesOf([
    line('河北省医疗门诊收费票据', 600, 40, 40, 44),
    line('般诊疗费', 125, 280), line('60.00', 350, 280, 14),
    line('诊疗费', 125, 320), line('12.00', 350, 320, 14),
    line('合计（小写）72.00', 80, 400),
  ]);
  assert.deepEqual(r.cost_categories.map((c) => [c.name, c.cost]), [['一般诊疗费', 60], ['诊疗费', 12]]);
});

test('payments: of two values stacked right of a tilted label, the one on the label\'s line is its value', () => {
  // The block rises to the right: the next row's value lies nearer in x but lower.
  const r = categoriesOf([
    line('四川省医疗住院收费票据', 600, 40, 40, 44),
    line('西药费', 80, 200), line('43774.40', 300, 200, 14),
    line('合计（小写）43774.40', 80, 260),
    line('其他支付', 1361, 430, 22, 42), line('0.00', 1725, 421, 14, 40),
    line('个人现金支付', 1360, 469, 22, 42), line('26251.66', 1675, 462, 14, 40),
  ], 'sichuan');
  const pay = new Map(r.payments_info.map((p) => [p.name, p.cost]));
  assert.equal(pay.get('其他支付'), 0);
  assert.equal(pay.get('个人现金支付'), 26251.66);
});

test('categories: seal letters before a category word in its grid column do not make it a billed item', () => {
  const r = categoriesOf([
    line('河北省医疗门诊收费票据', 600, 40, 40, 44),
    line('中草药费', 780, 280, 30), line('20.90', 1010, 280, 14),
    line('协和化验费', 720, 320, 30), line('20.00', 1010, 320, 14),
    line('合计（小写）40.90', 80, 400),
  ]);
  assert.deepEqual(r.cost_categories.map((c) => [c.name, c.cost]), [['中草药费', 20.9], ['化验费', 20]]);
});

test('category grid: rows slanting down across a wide grid pair each name with the amount on its own slant, not a heading stacked over it', () => {
  // The grid drops by 0.05 to the right (a photo turned against the levelled page): each amount
  // lies as near the next row's name as its own, and 金额(元) of the header sits over the first.
  const y = (x: number, base: number) => Math.round(base + 0.05 * (x - 200));
  const r = categoriesOf([
    line('吉林省医疗住院收费票据', 600, 40, 40, 44),
    line('项目名称', 200, y(200, 290), 20, 30), line('数量/单位', 430, y(430, 290), 20, 30), line('金额(元)', 600, y(600, 290), 20, 30),
    line('西药费', 200, y(200, 330), 20, 30), line('1次', 430, y(430, 330), 20, 30), line('4262.80', 600, y(600, 330), 14, 30),
    line('诊察费', 200, y(200, 362), 20, 30), line('1次', 430, y(430, 362), 20, 30), line('75.00', 600, y(600, 362), 14, 30),
    line('化验费', 200, y(200, 394), 20, 30), line('1次', 430, y(430, 394), 20, 30), line('2040.00', 600, y(600, 394), 14, 30),
    line('合计（小写）6377.80', 80, 600),
  ], 'jilin');
  assert.deepEqual(r.cost_categories.map((c) => [c.name, c.cost]), [['西药费', 4262.8], ['诊察费', 75], ['化验费', 2040]]);
  assert.equal(r.checksum.cost_categories, 1);
});
