import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { CLASSES, classId } from '../../src/synth/data/classes.js';
import { PROVINCE_STYLES } from '../../src/synth/data/provinces.js';
import { PROVINCES } from '../../src/contract/extract.js';
import { capitalAmount } from '../../src/synth/money.js';
import { idCheckChar } from '../../src/synth/person.js';
import { generateDocument, generateImage, VARIANTS } from '../../src/synth/generate.js';
import { homography, apply } from '../../src/synth/geometry.js';

const ALLOWED_PAYMENTS = '预缴金额, 补缴金额, 退费金额, 医保统筹基金支付, 其他支付, 个人账户支付, 个人现金支付, 附加基金支付, 医保账户余额, 当年支付, 历年支付, 本年余额, 历年余额, 按比例自付, 个人自付, 自付一, 自付二, 个人自费, 起付标准, 本次医保范围内金额, 累计医保内范围金额, 年度门诊大额累计支付, 超封顶金额, 门诊大额支付, 退休补充支付, 残军补充支付, 单位补充险[原公疗]支付, 统筹累计支付, 公务员补助, 师职补助, 大病保险报销, 大病补充报销, 医疗救助, 产前检查费, 民政救助, 大病救助, 伤残补助, 其他补助, 商业保险, 医院承担'.split(', ');

test('class table: 89 roots without second level + 42 sub-classes, unique ids', () => {
  const ids = CLASSES.map(classId);
  assert.equal(new Set(ids).size, ids.length);
  assert.equal(CLASSES.filter((c) => c.sub === null).length, 89);
  assert.equal(CLASSES.filter((c) => c.sub !== null).length, 42);
  assert.equal(VARIANTS.length, 30);
  assert.deepEqual([...PROVINCE_STYLES.map((p) => p.id)].sort(), [...PROVINCES].sort());
  for (const p of PROVINCE_STYLES) for (const t of p.payments) assert.ok(ALLOWED_PAYMENTS.includes(t.normal), `${p.id}: ${t.normal}`);
});

test('capital numerals and ID check digit', () => {
  assert.equal(capitalAmount(13795.66), '壹万叁仟柒佰玖拾伍元陆角陆分');
  assert.equal(capitalAmount(91634.25), '玖万壹仟陆佰叁拾肆元贰角伍分');
  assert.equal(capitalAmount(1005), '壹仟零伍元整');
  assert.equal(capitalAmount(6), '陆元整');
  assert.equal(capitalAmount(100000.5), '壹拾万元伍角整');
  assert.equal(capitalAmount(10203.04), '壹万零贰佰零叁元零肆分');
  assert.equal(idCheckChar('11010519491231002'), 'X');
});

test('homography maps its four points', () => {
  const h = homography([0, 0, 100, 0, 100, 50, 0, 50], [10, 20, 210, 30, 200, 140, 5, 120]);
  const [x, y] = apply(h, 100, 50);
  assert.ok(Math.abs(x - 200) < 1e-6 && Math.abs(y - 140) < 1e-6);
});

test('invoice label: amounts add up when consistent, payments use normalised names', async () => {
  for (let seed = 1; seed <= 12; seed++) {
    const doc = await generateDocument(seed, seed % 2 ? '费用类票据/门诊发票' : '费用类票据/住院电子发票', VARIANTS[seed % 30]);
    const r = doc.extract!;
    assert.ok(r, 'invoice has an extract label');
    assert.ok(r.total_cost > 0);
    if (r.checksum.cost_categories === 1) assert.equal(Math.round(r.cost_categories.reduce((s, c) => s + c.cost, 0) * 100), Math.round(r.total_cost * 100));
    if (r.checksum.cost_detail_list === 1) assert.equal(Math.round(r.cost_detail_list.reduce((s, c) => s + c.cost, 0) * 100), Math.round(r.total_cost * 100));
    for (const p of r.payments_info) assert.ok(ALLOWED_PAYMENTS.includes(p.name), p.name);
    assert.match(r.billing_date, /^\d{4}-\d{2}-\d{2}$/);
    const texts = doc.page.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []));
    assert.ok(texts.some((t) => t.includes(capitalAmount(r.total_cost))), 'total printed in capitals');
    if (doc.variant === 'e_invoice') assert.match(r.note_code, /^\d{8}$/);
  }
});

test('generateImage: deterministic, label geometry inside the image, valid sizes', async () => {
  for (const index of [0, 1, 3]) {
    const a = await generateImage(7, index);
    const b = await generateImage(7, index);
    assert.ok(a.data.equals(b.data), 'same bytes for the same seed');
    assert.deepEqual(a.label, b.label);
    const meta = await sharp(a.data).metadata();
    assert.ok(meta.width! > 128 && meta.height! > 128 && meta.width! <= 6000 && meta.height! <= 6000);
    assert.ok(a.data.length <= 5 * 1024 * 1024);
    assert.ok(a.label.classify.result.classify_result.length >= 1);
    for (const l of a.label.lines) {
      assert.equal(l.quad.length, 8);
      for (let i = 0; i < 8; i += 2) assert.ok(l.quad[i]! >= 0 && l.quad[i]! <= meta.width! && l.quad[i + 1]! >= 0 && l.quad[i + 1]! <= meta.height!);
    }
    const doc = a.label.classify.result.classify_result[0]!;
    assert.equal(doc.ocr_res.texts.length, doc.ocr_res.text_regions.length);
  }
  const other = await generateImage(8, 0);
  assert.ok(!other.data.equals((await generateImage(7, 0)).data), 'another seed, another image');
});

test('detail vocabulary: drug names belong to the national catalogue, codes have the printed shapes', async () => {
  const { readFileSync } = await import('node:fs');
  const { DETAIL_ITEMS } = await import('../../src/synth/data/items.js');
  const catalogue = new Set((JSON.parse(readFileSync('data/catalogue.json', 'utf8')) as { entries: { name: string }[] }).entries.map((e) => e.name));
  for (const item of DETAIL_ITEMS) {
    if (item.medicalType !== 3) assert.ok(catalogue.has(item.catalogue), `${item.name}: catalogue name '${item.catalogue}' not in data/catalogue.json`);
    else assert.equal(item.catalogue, '', item.name);
    if (item.medicalType === 1) assert.match(item.code, /^X[A-Z0-9]{22}$/, item.name);
  }
});

test('invoice details: sums hold (details -> categories -> total), labels follow what is printed', async () => {
  let withDetails = 0;
  for (let seed = 100; seed < 160; seed++) {
    const kind = seed % 3 === 0 ? '费用类票据/门诊电子发票' : seed % 3 === 1 ? '费用类票据/门诊发票' : '费用类票据/住院发票';
    const doc = await generateDocument(seed, kind, seed % 3 === 0 ? 'e_invoice' : ['beijing', 'shanghai', 'jilin', 'guangdong', 'sichuan'][seed % 5]);
    const r = doc.extract!;
    const sum = (xs: readonly { cost: number }[]): number => Math.round(xs.reduce((s, c) => s + c.cost, 0) * 100);
    const texts = doc.page.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []));
    if (r.cost_detail_list.length) {
      withDetails++;
      if (r.checksum.cost_detail_list === 1) assert.equal(sum(r.cost_detail_list), Math.round(r.total_cost * 100));
      if (r.cost_categories.length && r.checksum.cost_categories === 1) assert.equal(sum(r.cost_detail_list), sum(r.cost_categories));
      for (const d of r.cost_detail_list) {
        assert.ok(texts.includes(d.origin_ocr_name), `printed name '${d.origin_ocr_name}' is on the page`);
        assert.ok(d.origin_ocr_name.includes(d.ocr_name));
        if (d.check_amount_unitprice_cost === 1) assert.equal(Math.round(d.amount * d.unit_price * 100), Math.round(d.cost * 100));
        if (d.check_amount_unitprice_cost === -1) assert.ok(d.amount === 0 || d.unit_price === 0);
        if (d.item_coding) assert.ok(texts.some((t) => t.includes(d.item_coding)), 'code printed');
        assert.equal(Math.round(d.selfpay * 100), Math.round(d.cost * d.selfpay_ratio * 100));
      }
    }
    if (r.cost_categories.length && r.checksum.cost_categories === 1) assert.equal(sum(r.cost_categories), Math.round(r.total_cost * 100));
    for (const c of r.cost_categories) assert.ok(texts.includes(c.name), `category ${c.name} printed`);
    if (r.treatment_date) assert.ok(texts.some((t) => t.includes(r.treatment_date) || t.includes(r.treatment_date.replace(/-/g, ''))), 'treatment date printed');
  }
  assert.ok(withDetails >= 8, `only ${withDetails} invoices with details`);
});

test('province forms differ: wordings, dot-matrix tilt', async () => {
  const patientWords = new Set<string>();
  let tilted = 0;
  for (let seed = 100; seed < 140; seed++) {
    const doc = await generateDocument(seed, '费用类票据/门诊发票', VARIANTS[seed % 29]);
    for (const i of doc.page.items) {
      if (i.kind !== 'text') continue;
      const m = /^(交款人|患者姓名|姓名|病人姓名)[：:]/.exec(i.text);
      if (m) patientWords.add(m[1]!);
      if (i.rotate && i.rotate.angle !== 0) tilted++;
    }
  }
  assert.ok(patientWords.size >= 3, [...patientWords].join(','));
  assert.ok(tilted > 0, 'some values are printed askew');
});

test('multi-document images: lines hidden under another document are not labelled', async () => {
  let multi = 0;
  for (let index = 0; index < 60 && multi < 2; index++) {
    const img = await generateImage(101, index);
    if (!img.multi) continue;
    multi++;
    const meta = await sharp(img.data).metadata();
    const docs = img.label.classify.result.classify_result;
    assert.equal(docs.length, img.kinds.length);
    for (const l of img.label.lines) for (let i = 0; i < 8; i += 2) assert.ok(l.quad[i]! >= 0 && l.quad[i]! <= meta.width! && l.quad[i + 1]! >= 0 && l.quad[i + 1]! <= meta.height!);
  }
  assert.ok(multi >= 1, 'a multi-document image among the first 60');
});

test('pointInQuad: inside, outside, on a tilted quad', async () => {
  const { pointInQuad } = await import('../../src/synth/geometry.js');
  const q = [100, 0, 200, 100, 100, 200, 0, 100] as [number, number, number, number, number, number, number, number];
  assert.ok(pointInQuad(q, 100, 100));
  assert.ok(!pointInQuad(q, 10, 10));
  assert.ok(!pointInQuad(q, 190, 190));
});

test('hospital VAT invoices print their visit: 门诊号 on outpatient ones, 住院号 on inpatient ones', async () => {
  const cases = [['费用类票据/门诊普通增值税票', '门诊号'], ['费用类票据/住院电子普通增值税票', '住院号']] as const;
  for (const [kind, word] of cases) {
    for (let seed = 200; seed < 203; seed++) {
      const doc = await generateDocument(seed, kind, VARIANTS[0]);
      const texts = doc.page.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []));
      assert.ok(texts.some((t) => t.includes(word)), `${kind} seed ${seed} prints ${word}`);
      const other = word === '门诊号' ? '住院号' : '门诊号';
      assert.ok(!texts.some((t) => t.includes(other)), `${kind} seed ${seed} does not print ${other}`);
    }
  }
});

test('insured numbers: labelled as docs/compat.md reads them (医保编号 or 个人编号 alone gives the social-security number too)', async () => {
  const seen = { both: 0, own: 0, card: 0 };
  for (let seed = 200; seed < 320; seed++) {
    const doc = await generateDocument(seed, seed % 2 ? '费用类票据/门诊发票' : '费用类票据/住院发票', ['beijing', 'shanghai', 'jiangsu', 'guangdong', 'sichuan', 'general'][seed % 6]);
    const r = doc.extract!;
    const texts = doc.page.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []));
    // "label：value" on one line, or (dot-matrix) the value as the next item after its label.
    const printedUnder = (labels: readonly string[]): string | null => {
      for (const [i, t] of texts.entries()) {
        for (const l of labels) {
          if (!t.startsWith(l)) continue;
          const rest = t.slice(l.length).replace(/^[:：\s]+/u, '');
          return rest !== '' ? rest : texts[i + 1] ?? '';
        }
      }
      return null;
    };
    const general = printedUnder(['医保编号', '个人编号']);
    const card = printedUnder(['社会保障卡号', '社保卡号']);
    if (card !== null) {
      seen.card++;
      assert.equal(r.social_security_card_no, card, 'a printed card number is the social-security number');
    } else if (general !== null) {
      seen.both++;
      assert.equal(r.social_security_card_no, r.medical_insurance_no, 'the general label fills both fields');
    } else {
      if (r.medical_insurance_no) seen.own++;
      assert.equal(r.social_security_card_no, '', 'no social-security number printed');
    }
  }
  assert.ok(seen.both >= 5 && seen.card >= 3 && seen.own >= 3, JSON.stringify(seen));
});
