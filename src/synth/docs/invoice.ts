/**
 * Medical invoices: paper forms in the style of each province and the national electronic
 * layout (QR code with the five elements), with consistent amounts and their exact C label.
 */
import QRCode from 'qrcode';
import type { CostDetail, MedicalResult, PaymentItem } from '../../contract/extract.js';
import type { CostCategory } from '../../contract/common.js';
import { CATALOGUE, CATEGORIES_INPATIENT, CATEGORIES_OUTPATIENT, DEPARTMENTS, HOSPITAL_TYPES, INSURANCE_TYPES, type CatalogueItem } from '../data/vocab.js';
import type { PaymentTerm } from '../data/provinces.js';
import { capitalAmount, cents, formatAmount } from '../money.js';
import { addDays, checkCode, iso, randomDate, randomName } from '../person.js';
import { Sheet } from '../draw.js';
import type { BuildContext, SynthDoc } from '../doc.js';
import type { Rng } from '../rng.js';

interface Money {
  categories: CostCategory[];
  details: CostDetail[];
  total: number;
  payments: { term: PaymentTerm; cost: number; check: -1 | 0 | 1 }[];
  consistent: { categories: boolean; details: boolean; total: boolean; payments: boolean };
}

function detail(rng: Rng, item: CatalogueItem, breakRule: boolean): CostDetail {
  const amount = item.unit === 'g' ? rng.int(5, 30) * 10 : rng.int(1, item.category === '床位费' || item.category === '护理费' ? 12 : 4);
  const unit_price = item.price;
  let cost = cents(amount * unit_price);
  if (breakRule) cost = cents(cost + rng.pick([1, 2, 5, 10]));
  const selfpay_ratio = item.level === '甲' ? 0 : item.level === '乙' ? 0.1 : 1;
  return {
    ocr_name: item.name, cost, amount, unit_price, spec: item.spec, unit: item.unit, medical_level: item.level, selfpay_ratio,
    selfpay: cents(cost * selfpay_ratio), medical_type: item.medicalType, class: item.category, item_coding: '', origin_ocr_name: item.name,
    name: item.name, check_amount_unitprice_cost: breakRule ? 0 : 1,
  };
}

function makeMoney(rng: Rng, visit: 1 | 2, payments: readonly PaymentTerm[], withDetails: boolean, inconsistent: boolean): Money {
  const allowed = visit === 1 ? CATEGORIES_OUTPATIENT : CATEGORIES_INPATIENT;
  const pool = CATALOGUE.filter((c) => allowed.includes(c.category));
  const picked = rng.shuffle(pool).slice(0, withDetails ? rng.int(3, 8) : rng.int(3, visit === 1 ? 6 : 10));
  const flaw = inconsistent ? rng.pick(['total', 'detail', 'payments'] as const) : null;
  const details = picked.map((item, i) => detail(rng, item, flaw === 'detail' && i === 0));
  const byCat = new Map<string, number>();
  for (const d of details) byCat.set(d.class, cents((byCat.get(d.class) ?? 0) + d.cost * (visit === 2 ? rng.int(3, 20) : 1)));
  if (withDetails) {
    byCat.clear();
    for (const d of details) byCat.set(d.class, cents((byCat.get(d.class) ?? 0) + d.cost));
  }
  const categories = [...byCat].map(([name, cost]) => ({ name, cost }));
  const sum = cents(categories.reduce((s, c) => s + c.cost, 0));
  const total = flaw === 'total' ? cents(sum + rng.pick([10, 0.5, 100, 3])) : sum;
  // The payment split: fund + account + other + cash = total.
  const terms = rng.shuffle(payments).slice(0, rng.int(3, Math.min(7, payments.length)));
  const split = terms.filter((t) => ['fund', 'account', 'other', 'cash'].includes(t.role));
  if (!split.some((t) => t.role === 'cash')) {
    const cash = payments.find((t) => t.role === 'cash');
    if (cash) { terms.push(cash); split.push(cash); }
  }
  let rest = total;
  const out: Money['payments'] = [];
  const splitCost = new Map<PaymentTerm, number>();
  for (const t of split.filter((s) => s.role !== 'cash')) {
    const c = cents(rest * rng.float(0.1, 0.6));
    splitCost.set(t, c);
    rest = cents(rest - c);
  }
  for (const t of split.filter((s) => s.role === 'cash')) splitCost.set(t, rest);
  const cashTerm = split.find((t) => t.role === 'cash');
  for (const t of terms) {
    let cost = splitCost.get(t);
    let check: -1 | 0 | 1 = 1;
    if (cost === undefined) {
      check = -1;
      cost = t.role === 'self' ? cents((cashTerm ? splitCost.get(cashTerm)! : total) * rng.float(0, 0.4)) : t.role === 'prepaid' ? cents(total + rng.int(0, 20) * 100) : cents(rng.float(0, 2000));
    }
    out.push({ term: t, cost, check });
  }
  if (flaw === 'payments') {
    const first = out.find((p) => p.check === 1);
    if (first) first.cost = cents(first.cost + rng.pick([1, 10, 0.1]));
    for (const p of out) if (p.check === 1) p.check = 0;
  }
  return {
    categories, details: withDetails ? details : [], total, payments: out,
    consistent: { categories: flaw !== 'total', details: flaw !== 'total' && flaw !== 'detail', total: true, payments: flaw !== 'payments' },
  };
}

function emptyResult(): MedicalResult {
  return {
    note_title: '', type: 0, note_no: '', patient_name: '', patient_gender: 0, billing_date: '',
    checksum: { total_cost: -1, cost_detail_list: -1, cost_categories: -1, note_no: -1, billing_date: -1, payments_class_b: -1, payments_class_c: -1 },
    cost_categories: [], cost_detail_list: [], hospital_name: '', start_hospital_date: '', end_hospital_date: '', hospital_days: 0, total_cost: 0,
    medical_insurance_type: '', medical_organization_type: '', service_serial_no: '', social_security_card_no: '', payments_info: [],
    charging_units: '', hospital_no: '', payee: '', reviewer: '', hospital_departments: '', work_unit: '', payment_channel: '',
    medical_insurance_no: '', medical_card_no: '', check_code: '', note_code: '', medical_record_no: '', unified_social_credit_code: '', treatment_date: '',
  };
}

export { emptyResult };

/** Draws the medical invoice of `ctx` (paper in the province's style, or electronic). */
export async function buildInvoice(ctx: BuildContext): Promise<Omit<SynthDoc, 'kind' | 'def'>> {
  const { rng, def, person, province } = ctx;
  const visit = def.visit ?? 1;
  const electronic = def.electronic === true;
  const withDetails = electronic ? rng.chance(0.5) : visit === 1 && province.layout === 'list' && rng.chance(0.5);
  const money = makeMoney(rng, visit, province.payments, withDetails, ctx.inconsistent);
  const billing = randomDate(rng, 2019, 2024);
  const days = visit === 2 ? rng.int(2, 20) : 0;
  const start = addDays(billing, -days);
  const typeWord = visit === 1 ? '门诊' : '住院';
  const title = electronic ? `${province.name}医疗${typeWord}收费票据（电子）` : rng.pick(visit === 1 ? province.titles.outpatient : province.titles.inpatient);
  const noteCode = electronic ? `${province.code}${rng.digits(6)}` : `${province.code}${rng.digits(rng.pick([4, 6, 8]))}`;
  const noteNo = electronic ? `00${rng.digits(8)}` : rng.digits(rng.pick([8, 10]));
  const check = electronic ? checkCode(rng) : '';
  const r = emptyResult();
  r.note_title = title;
  r.type = visit;
  r.note_no = noteNo;
  r.note_code = noteCode;
  r.check_code = check;
  r.patient_name = person.name;
  r.patient_gender = rng.chance(0.7) ? person.gender : 0;
  r.billing_date = iso(billing);
  r.hospital_name = ctx.hospital;
  r.charging_units = ctx.hospital;
  r.total_cost = money.total;
  r.cost_categories = withDetails ? [] : money.categories;
  r.cost_detail_list = money.details;
  r.medical_insurance_type = rng.pick(INSURANCE_TYPES);
  r.medical_organization_type = rng.pick(HOSPITAL_TYPES);
  r.service_serial_no = rng.digits(12);
  r.hospital_no = `${visit === 1 ? 'MZ' : 'ZY'}${rng.digits(8)}`;
  r.payee = randomName(rng);
  r.reviewer = rng.chance(0.6) ? randomName(rng) : '';
  r.medical_insurance_no = rng.chance(0.5) ? rng.digits(10) : '';
  if (visit === 2) {
    r.start_hospital_date = iso(start);
    r.end_hospital_date = iso(billing);
    r.hospital_days = days;
    r.hospital_departments = rng.pick(DEPARTMENTS);
    r.medical_record_no = rng.digits(7);
  } else {
    r.treatment_date = iso(billing);
  }
  r.payments_info = money.payments.map((p) => ({ name: p.term.normal, cost: p.cost, check_info: p.check }) satisfies PaymentItem);
  r.checksum = {
    total_cost: 1,
    cost_detail_list: withDetails ? (money.consistent.details ? 1 : 0) : -1,
    cost_categories: withDetails ? -1 : money.consistent.categories ? 1 : 0,
    note_no: !electronic && province.id === 'beijing' && visit === 1 ? 1 : -1,
    billing_date: !electronic && province.id === 'beijing' && visit === 1 ? 1 : -1,
    payments_class_b: -1,
    payments_class_c: -1,
  };
  if (!electronic && visit === 1 && ['beijing', 'shanghai', 'zhejiang'].includes(province.id)) {
    if (r.payments_info.some((p) => p.name === '自付二')) r.checksum.payments_class_b = 1;
    if (r.payments_info.some((p) => p.name === '个人自费')) r.checksum.payments_class_c = 1;
  }

  const ink = electronic ? '#8a2b2b' : province.ink;
  const W = electronic ? 1700 : province.layout === 'stub' ? 1300 : 1700;
  const H = electronic ? 1180 : province.layout === 'stub' ? 1150 : 1060;
  const paper = electronic ? '#ffffff' : rng.pick(['#fffdf6', '#fdfbf3', '#fbfaf5', '#fffaf2']);
  const s = new Sheet(W, H, rng, paper);
  const value = '#161616';
  const fs = 26;
  const lab = { color: ink };
  // Title with the supervision seal over it.
  s.title(title, W / 2, 50, electronic ? 46 : 44, { color: electronic ? '#222' : ink, spacing: electronic ? 0 : 4 });
  if (electronic) {
    const qr = await QRCode.toBuffer(`${noteCode},${noteNo},${check},${r.billing_date},${formatAmount(money.total)}`, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
    s.image(60, 40, 150, 150, qr);
  } else {
    s.text(`No ${noteNo}`, W - 80, 120, 32, { color: '#c22', align: 'right' });
  }
  let y = 150;
  const L = 70;
  const R = W - 70;
  const col2 = W * 0.62;
  s.text(`票据代码：${noteCode}`, electronic ? 240 : L, y, fs, lab);
  s.text(`票据号码：${noteNo}`, col2, y, fs, lab);
  y += 44;
  s.text(`交款人：${person.name}`, electronic ? 240 : L, y, fs);
  s.text(electronic ? `校验码：${check}` : `开票日期：${r.billing_date}`, col2, y, fs);
  y += 44;
  if (electronic) {
    s.text(`交款人统一社会信用代码：${rng.chance(0.5) ? person.idNumber : ''}`, L, y, fs);
    s.text(`开票日期：${r.billing_date}`, col2, y, fs);
    y += 44;
  }
  if (visit === 2) {
    s.text(`住院时间：${r.start_hospital_date}至${r.end_hospital_date}  共${days}天`, L, y, fs);
    s.text(`科室：${r.hospital_departments}`, col2, y, fs);
    y += 44;
  }
  // Main table.
  const top = y + 6;
  const tableH = H - top - 330;
  s.rect(L - 10, top, R - L + 20, tableH, ink, 'none', 2);
  const cols = withDetails ? 2 : province.layout === 'list' && !electronic ? 2 : 3;
  const colW = (R - L + 20) / cols;
  for (let c = 1; c < cols; c++) s.line(L - 10 + c * colW, top, L - 10 + c * colW, top + tableH, ink, 1.2);
  for (let c = 0; c < cols; c++) {
    const x0 = L - 10 + c * colW;
    s.text(withDetails ? '项目名称' : '项目', x0 + 16, top + 10, 24, lab);
    if (withDetails) s.text('数量/单位', x0 + colW * 0.45, top + 10, 24, lab);
    s.text('金额(元)', x0 + colW - 16, top + 10, 24, { ...lab, align: 'right' });
  }
  s.line(L - 10, top + 46, R + 10, top + 46, ink, 1.2);
  const rows = withDetails
    ? money.details.map((d) => ({ name: d.origin_ocr_name, qty: `${d.amount}${d.unit}`, cost: formatAmount(d.cost) }))
    : money.categories.map((c) => ({ name: c.name, qty: '', cost: formatAmount(c.cost, rng.chance(0.3)) }));
  const perCol = Math.ceil(rows.length / cols);
  rows.forEach((row, i) => {
    const c = Math.floor(i / perCol);
    const x0 = L - 10 + c * colW;
    const ry = top + 60 + (i % perCol) * 40;
    s.text(row.name, x0 + 16, ry, 25, { color: value, maxWidth: colW * 0.42 });
    if (row.qty) s.text(row.qty, x0 + colW * 0.45, ry, 25, { color: value });
    s.text(row.cost, x0 + colW - 16, ry, 25, { color: value, align: 'right' });
  });
  // Totals in capital and small numerals.
  y = top + tableH + 12;
  s.text(`金额合计（大写）${capitalAmount(money.total)}`, L, y, 28, {});
  s.text(`（小写）¥${formatAmount(money.total)}`, col2, y, 28, {});
  s.line(L - 10, y + 44, R + 10, y + 44, ink, 1.2);
  y += 58;
  // Other information: the payment block.
  const info: string[] = [
    `业务流水号：${r.service_serial_no}`, `${visit === 1 ? '门诊号' : '住院号'}：${r.hospital_no}`,
    `医疗机构类型：${r.medical_organization_type}`, `医保类型：${r.medical_insurance_type}`,
    ...(r.medical_insurance_no ? [`医保编号：${r.medical_insurance_no}`] : []),
    ...(r.patient_gender ? [`性别：${r.patient_gender === 1 ? '男' : '女'}`] : []),
    ...(visit === 2 ? [`病历号：${r.medical_record_no}`] : []),
    ...money.payments.map((p) => `${p.term.printed}：${formatAmount(p.cost)}`),
  ];
  const perRow = 3;
  info.forEach((t, i) => {
    s.text(t, L + (i % perRow) * ((R - L) / perRow), y + Math.floor(i / perRow) * 38, 23, { maxWidth: (R - L) / perRow - 10 });
  });
  y = H - 70;
  s.text(`收款单位（章）：${ctx.hospital}`, L, y, 26, lab);
  if (r.reviewer) s.text(`复核人：${r.reviewer}`, W * 0.55, y, 26, lab);
  s.text(`收款人：${r.payee}`, W * 0.78, y, 26, lab);
  // Seals: the supervision seal over the title, the hospital's fee seal near the payee unit.
  s.seal(W / 2 + rng.float(-60, 60), 72, {
    shape: 'oval', rx: 120, ry: 78, ringText: electronic ? `${province.name.replace(/省|市|自治区|壮族|回族|维吾尔/g, '')}财政票据监制章` : '全国统一票据监制章',
    centerText: province.name.slice(0, 2), bottomText: '财政部监制', color: electronic && rng.chance(0.3) ? '#2747a8' : '#d4202a',
  });
  s.seal(L + 260 + rng.float(-60, 120), H - 120 + rng.float(-40, 10), { shape: 'round', rx: 90, ringText: ctx.hospital, centerText: '收费专用章' });
  if (!electronic && rng.chance(0.2)) s.seal(W - 250, H * 0.55, { shape: 'rect', rx: 110, ry: 38, ringText: rng.pick(['清单已打印', '核对', '已审核']) });
  return { page: s.page(), seals: s.seals, extract: r, variant: electronic ? 'e_invoice' : province.id };
}
