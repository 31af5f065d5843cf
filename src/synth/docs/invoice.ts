/**
 * Medical invoices: paper forms in the style of each province (field order, wordings, payment
 * block, category grid, dot-matrix print on a pre-printed form) and the national electronic layout
 * (QR code with the five elements), with consistent amounts and their exact C label.
 */
import QRCode from 'qrcode';
import type { CostDetail, MedicalResult, PaymentItem } from '../../contract/extract.js';
import type { CostCategory } from '../../contract/common.js';
import { CATEGORIES_INPATIENT, CATEGORIES_OUTPATIENT, DEPARTMENTS, HOSPITAL_TYPES, INSURANCE_TYPES } from '../data/vocab.js';
import { detailStyle, pickItems, printDetail, quantityOf } from '../details.js';
import { formOf, LABEL_SYNONYMS, type FormStyle, type InvoiceField, type PaymentTerm, type ProvinceStyle } from '../data/provinces.js';
import { COLUMN_HEADINGS, DETAIL_TABLES, type DetailColumn, type DetailTable } from '../data/detail-tables.js';
import { capitalAmount, cents, formatAmount } from '../money.js';
import { addDays, checkCode, iso, randomDate, randomName } from '../person.js';
import { Sheet, type TextOpts } from '../draw.js';
import type { BuildContext, SynthDoc } from '../doc.js';
import type { Rng } from '../rng.js';

interface Money {
  categories: CostCategory[];
  details: CostDetail[];
  rows: PrintedRow[];
  total: number;
  payments: { term: PaymentTerm; cost: number; check: -1 | 0 | 1 }[];
  consistent: { categories: boolean; details: boolean; payments: boolean };
}

interface PrintedRow {
  readonly cells: Readonly<Partial<Record<DetailColumn, string>>>;
}

/**
 * Amounts of one invoice. Details are always drawn (they are what was billed); categories are
 * their sums; the total is the categories' sum. On category-only invoices, each billed item
 * stands for several days or repeats, so categories are the details' sums times a repeat count.
 */
function makeMoney(rng: Rng, visit: 1 | 2, days: number, payments: readonly PaymentTerm[], table: DetailTable | null, inconsistent: boolean): Money {
  const allowed = visit === 1 ? CATEGORIES_OUTPATIENT : CATEGORIES_INPATIENT;
  const items = pickItems(rng, allowed, table ? rng.int(2, table.groups === 2 ? 10 : 12) : visit === 1 ? rng.int(2, 8) : rng.int(8, 24));
  // A broken quantity × price is only visible where both are printed.
  const priced = table !== null && table.columns.includes('price') && (table.columns.includes('qty') || table.columns.includes('qtyUnit'));
  const flaw = inconsistent ? rng.pick(priced ? (['total', 'detail', 'payments'] as const) : (['total', 'payments'] as const)) : null;
  const style = detailStyle(rng, table?.columns ?? ['name', 'qty', 'price', 'cost']);
  const printed = items.map((item, i) => printDetail(rng, item, quantityOf(rng, item, days), style, flaw === 'detail' && i === 0));
  const byCat = new Map<string, number>();
  for (const d of printed) {
    const repeat = table ? 1 : visit === 2 ? rng.int(2, 12) : 1;
    byCat.set(d.label.class, cents((byCat.get(d.label.class) ?? 0) + d.label.cost * repeat));
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
    const c = rng.chance(0.2) ? 0 : cents(rest * rng.float(0.1, 0.6));
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
    categories, details: table ? printed.map((p) => p.label) : [], rows: table ? printed : [], total, payments: out,
    consistent: { categories: flaw !== 'total', details: flaw !== 'total' && flaw !== 'detail', payments: flaw !== 'payments' },
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

/** Labels of the insured's number that also stand for the social-security number (docs/compat.md). */
const INSURED_NUMBER_LABELS: ReadonlySet<string> = new Set(['医保编号', '个人编号']);

/** Label wording of `field` on this form: the province's own list first, else the common synonyms. */
function wording(rng: Rng, form: FormStyle, field: InvoiceField, electronic: boolean): string {
  const own = form.labels[field];
  if (electronic) return LABEL_SYNONYMS[field][0]!;
  if (own && rng.chance(0.8)) return rng.pick(own);
  return rng.chance(0.6) ? LABEL_SYNONYMS[field][0]! : rng.pick(LABEL_SYNONYMS[field]);
}

/**
 * Writes label/value pairs. Laser-printed (electronic) invoices print "label：value" as one line;
 * on a dot-matrix invoice the labels are pre-printed in the form's ink and the values are printed
 * separately, shifted by the paper's misfeed and slightly tilted, so they are separate lines.
 */
class FieldWriter {
  constructor(
    private readonly s: Sheet,
    private readonly ink: string,
    private readonly colon: string,
    private readonly shift: { dx: number; dy: number; angle: number; cx: number; cy: number } | null,
  ) {}

  field(label: string, value: string, x: number, y: number, size: number, maxWidth?: number): void {
    if (!this.shift) {
      this.s.text(`${label}${this.colon}${value}`, x, y, size, { color: '#1a1a1a', maxWidth });
      return;
    }
    const w = this.s.text(`${label}${this.colon}`, x, y, size, { color: this.ink });
    this.value(value, x + w + 6, y, size, maxWidth !== undefined ? Math.max(40, maxWidth - w - 6) : undefined);
  }

  /** A value printed by the billing system (shifted on dot-matrix forms). */
  value(text: string, x: number, y: number, size: number, maxWidth?: number, align?: 'left' | 'right'): void {
    const sh = this.shift;
    const o: TextOpts = { color: '#161616', maxWidth, align };
    if (!sh) { this.s.text(text, x, y, size, o); return; }
    this.s.text(text, x + sh.dx, y + sh.dy, size, { ...o, color: '#202020', rotate: { angle: sh.angle, cx: sh.cx, cy: sh.cy } });
  }
}

/** Where the hospital's fee seal lands: beside the payee unit as intended, or over printed values. */
const FEE_SEAL_SPOTS = ['payee', 'payee', 'table', 'total', 'info'] as const;

const GROUP_HEADINGS = { name: '项目名称', qtyUnit: '数量/单位', cost: '金额(元)', note: '备注' } as const;

/** Draws the medical invoice of `ctx` (paper in the province's style, or electronic). */
export async function buildInvoice(ctx: BuildContext): Promise<Omit<SynthDoc, 'kind' | 'def'>> {
  const { rng, def, person, province } = ctx;
  const visit = def.visit ?? 1;
  const electronic = def.electronic === true;
  const form = formOf(province);
  const days = visit === 2 ? rng.int(2, 20) : 0;
  const detailShare = electronic ? (visit === 1 ? 0.6 : 0.15) : visit === 1 ? form.outpatientDetails : 0;
  const table = rng.chance(detailShare) ? rng.pick(DETAIL_TABLES.filter((t) => t.where === (electronic ? 'e_invoice' : 'paper'))) : null;
  // Paper outpatient forms that list details often print the category subtotals above them.
  const alsoCategories = table !== null && !electronic && rng.chance(0.4);
  const money = makeMoney(rng, visit, days, province.payments, table, ctx.inconsistent);
  const billing = randomDate(rng, 2019, 2024);
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
  r.cost_categories = table && !alsoCategories ? [] : money.categories;
  r.cost_detail_list = money.details;
  r.medical_insurance_type = rng.pick(INSURANCE_TYPES);
  r.medical_organization_type = rng.chance(0.85) ? rng.pick(HOSPITAL_TYPES) : '';
  r.service_serial_no = rng.digits(rng.pick([10, 12, 14]));
  r.hospital_no = `${visit === 1 ? rng.pick(['MZ', '', '0']) : rng.pick(['ZY', '', '2'])}${rng.digits(8)}`;
  r.payee = rng.chance(0.85) ? randomName(rng) : '';
  r.reviewer = rng.chance(0.6) ? randomName(rng) : '';
  r.medical_insurance_no = rng.chance(0.5) ? rng.digits(10) : '';
  r.social_security_card_no = !electronic && rng.chance(0.2) ? `${rng.pick(['A', 'B', 'E'])}${rng.digits(8)}` : '';
  if (visit === 2) {
    r.start_hospital_date = iso(start);
    r.end_hospital_date = iso(billing);
    r.hospital_days = days;
    r.hospital_departments = rng.pick(DEPARTMENTS);
    r.medical_record_no = rng.chance(0.8) ? rng.digits(7) : '';
  } else if (rng.chance(0.6)) {
    r.treatment_date = iso(rng.chance(0.8) ? billing : addDays(billing, -rng.int(1, 5)));
  }
  r.payments_info = money.payments.map((p) => ({ name: p.term.normal, cost: p.cost, check_info: p.check }) satisfies PaymentItem);
  r.checksum = {
    total_cost: 1,
    cost_detail_list: table ? (money.consistent.categories ? 1 : 0) : -1,
    cost_categories: r.cost_categories.length ? (money.consistent.categories ? 1 : 0) : -1,
    note_no: !electronic && province.id === 'beijing' && visit === 1 ? 1 : -1,
    billing_date: !electronic && province.id === 'beijing' && visit === 1 ? 1 : -1,
    payments_class_b: -1,
    payments_class_c: -1,
  };
  if (!electronic && visit === 1 && ['beijing', 'shanghai', 'zhejiang'].includes(province.id)) {
    if (r.payments_info.some((p) => p.name === '自付二')) r.checksum.payments_class_b = 1;
    if (r.payments_info.some((p) => p.name === '个人自费')) r.checksum.payments_class_c = 1;
  }

  const ink = electronic ? rng.pick(['#8a2b2b', '#a33a2a', '#222222']) : province.ink;
  const stub = !electronic && province.layout === 'stub';
  const W = stub ? 1300 : 1700;
  const detailRows = table ? Math.ceil(money.rows.length / table.groups) + (alsoCategories ? Math.ceil(money.categories.length / 3) + 1 : 0) : 0;
  const H = Math.max(stub ? 1150 : 1060, 760 + detailRows * 38 + (visit === 2 ? 60 : 0));
  const paper = electronic ? '#ffffff' : rng.pick(['#fffdf6', '#fdfbf3', '#fbfaf5', '#fffaf2', '#fdf6e6']);
  const s = new Sheet(W, H, rng, paper);
  const dot = !electronic && rng.chance(form.dotMatrix);
  const shift = dot ? { dx: rng.float(-22, 22), dy: rng.float(-10, 10), angle: rng.float(-1.1, 1.1), cx: W / 2, cy: H / 2 } : null;
  const colon = electronic ? '：' : form.colon;
  const fw = new FieldWriter(s, ink, colon, shift);
  const lab: TextOpts = { color: ink };
  const word = (f: InvoiceField): string => wording(rng, form, f, electronic);

  // Title with the supervision seal over it; QR code (e-invoice) or red number (paper).
  s.title(title, W / 2, 50, electronic ? 46 : 44, { color: electronic ? '#222' : ink, spacing: electronic ? 0 : 4 });
  let qrLeft = false;
  if (electronic) {
    const qr = await QRCode.toBuffer(`${noteCode},${noteNo},${check},${r.billing_date},${formatAmount(money.total)}`, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
    if (rng.chance(0.7)) {
      s.image(W - 230, 60, 150, 150, qr);
      // Many provinces add a second, smaller code (the issuer's own) under the first.
      if (rng.chance(0.5)) s.image(W - 370, 80, 110, 110, await QRCode.toBuffer(`${noteCode}${noteNo}`, { margin: 1, width: 120 }));
    } else {
      s.image(60, 40, 150, 150, qr);
      qrLeft = true;
    }
  } else {
    s.text(`No ${noteNo}`, W - 80, 110, 32, { color: '#c22', align: 'right' });
    // The printer's imprint runs down the left margin, one character under the other.
    if (rng.chance(0.4)) [...`${province.name.slice(0, 1)}财(${rng.int(2017, 2021)})票字第${rng.int(1, 9)}号`].forEach((ch, i) => s.text(ch, 34, H * 0.3 + i * 19, 17, { color: ink, label: false }));
  }
  const L = 70;
  const R = W - 70;
  const col2 = W * 0.6;
  let y = 150;
  // Header: two columns (national layout) or rows of three fields.
  const genderText = r.patient_gender ? (r.patient_gender === 1 ? '男' : '女') : '';
  const headLeft: [string, string][] = [[word('noteCode'), noteCode]];
  const headRight: [string, string][] = [[word('noteNo'), noteNo]];
  if (electronic) {
    r.unified_social_credit_code = rng.chance(0.5) ? person.idNumber : '';
    headLeft.push(['交款人统一社会信用代码', r.unified_social_credit_code]);
    headRight.push(['校验码', check]);
  }
  headLeft.push([word('patient'), person.name]);
  headRight.push([word('date'), r.billing_date]);
  if (form.header === 'two' || electronic) {
    const n = Math.max(headLeft.length, headRight.length);
    for (let i = 0; i < n; i++) {
      // The header's left column starts right of a QR code printed at the top left.
      const hx = qrLeft && i === 0 ? 240 : L;
      if (headLeft[i]) fw.field(headLeft[i]![0], headLeft[i]![1], hx, y, 26, col2 - hx - 20);
      if (headRight[i]) fw.field(headRight[i]![0], headRight[i]![1], col2, y, 26, (electronic ? W - 250 : R) - col2);
      y += 40;
    }
  } else {
    const all = [...headLeft, ...headRight];
    const order = rng.chance(0.5) ? all : [all[1]!, all[0]!, ...all.slice(2)];
    order.forEach(([l, v], i) => fw.field(l, v, L + (i % 3) * ((R - L) / 3), y + Math.floor(i / 3) * 40, 26, (R - L) / 3 - 16));
    y += Math.ceil(order.length / 3) * 40;
  }
  // Fields of the information block, in an order that differs between forms.
  const info: [string, string][] = [];
  info.push([word('serial'), r.service_serial_no]);
  info.push([visit === 1 ? word('outpatientNo') : word('inpatientNo'), r.hospital_no]);
  if (visit === 2) {
    info.push([word('stay'), `${r.start_hospital_date}${rng.pick(['至', '~', '-'])}${r.end_hospital_date}`]);
    info.push([word('department'), r.hospital_departments]);
    if (r.medical_record_no) info.push([word('record'), r.medical_record_no]);
  }
  if (r.medical_organization_type) info.push([word('orgType'), r.medical_organization_type]);
  info.push([word('insuranceType'), r.medical_insurance_type]);
  const socialCardNo = r.social_security_card_no;
  if (r.medical_insurance_no) {
    const label = word('insuranceNo');
    info.push([label, r.medical_insurance_no]);
    // docs/compat.md "C: 医保编号": the insured's number printed under a general label is the
    // social-security number too, unless the form prints a social-security card number of its own.
    if (!socialCardNo && INSURED_NUMBER_LABELS.has(label)) r.social_security_card_no = r.medical_insurance_no;
  }
  if (socialCardNo) info.push([word('socialCard'), socialCardNo]);
  if (genderText) info.push([word('gender'), genderText]);
  // Some systems print dates without separators (就诊日期:20210207); the label keeps YYYY-MM-DD.
  if (r.treatment_date) info.push([word('treatmentDate'), rng.chance(0.3) ? r.treatment_date.replace(/-/g, '') : r.treatment_date]);
  const infoFields = electronic ? info : rng.shuffle(info);
  const payFields: [string, string][] = money.payments.map((p) => [p.term.printed, formatAmount(p.cost)]);
  const side = form.paymentBlock === 'right' && !electronic;

  // Main table: categories in pairs per row, or detail rows, or both.
  const top = y + 6;
  const sideW = side ? (R - L) * 0.3 : 0;
  const tR = R - sideW;
  const infoRows = side ? Math.ceil(infoFields.length / 3) : Math.ceil((infoFields.length + payFields.length) / 4);
  const tableH = H - top - 150 - infoRows * 36 - 60;
  s.rect(L - 10, top, tR - L + 20, tableH, ink, 'none', 2);
  let ty = top;
  const catGroups = electronic ? rng.pick([3, 3, 2]) : form.pairsPerRow;
  const qtyCols = !electronic && form.qtyColumns;
  const drawCategories = (cats: readonly CostCategory[], groups: number, withHeadings: boolean): void => {
    const gw = (tR - L + 20) / groups;
    if (withHeadings) {
      for (let g = 0; g < groups; g++) {
        const x0 = L - 10 + g * gw;
        if (g > 0) s.line(x0, ty, x0, top + tableH, ink, 1);
        s.text(GROUP_HEADINGS.name, x0 + 14, ty + 10, 22, lab);
        if (qtyCols) s.text(GROUP_HEADINGS.qtyUnit, x0 + gw * 0.36, ty + 10, 22, lab);
        s.text(GROUP_HEADINGS.cost, x0 + gw * (qtyCols ? 0.6 : 0.45), ty + 10, 22, lab);
        if (groups === 3 || electronic) s.text(GROUP_HEADINGS.note, x0 + gw - 14, ty + 10, 22, { ...lab, align: 'right' });
      }
      s.line(L - 10, ty + 44, tR + 10, ty + 44, ink, 1.2);
      ty += 56;
    }
    const columnMajor = rng.chance(0.25);
    const perCol = Math.ceil(cats.length / groups);
    const grouping = rng.chance(0.3);
    cats.forEach((c, i) => {
      const g = columnMajor ? Math.floor(i / perCol) : i % groups;
      const row = columnMajor ? i % perCol : Math.floor(i / groups);
      const x0 = L - 10 + g * gw;
      const ry = ty + row * 38;
      fw.value(c.name, x0 + 14, ry, 24, gw * 0.34);
      if (qtyCols) fw.value(`1 ${rng.pick(['项', '次'])}`, x0 + gw * 0.38, ry, 24);
      fw.value(formatAmount(c.cost, grouping), x0 + gw * (qtyCols ? 0.6 : 0.45), ry, 24);
    });
    ty += (columnMajor ? perCol : Math.ceil(cats.length / groups)) * 38;
  };
  if (!table) drawCategories(money.categories, catGroups, true);
  else {
    if (alsoCategories) {
      drawCategories(money.categories, 3, false);
      s.line(L - 10, ty + 2, tR + 10, ty + 2, ink, 1);
      ty += 10;
    }
    const groups = table.groups;
    const gw = (tR - L + 20) / groups;
    const wsum = table.widths.reduce((a, b) => a + b, 0);
    const headings = table.columns.map((c) => (c === 'cost' ? '金额(元)' : c === 'name' ? '项目名称' : rng.pick(COLUMN_HEADINGS[c])));
    const xs = (g: number): number[] => {
      const out: number[] = [];
      let x = L - 10 + g * gw;
      for (const w of table.widths) { out.push(x); x += (gw * w) / wsum; }
      out.push(x);
      return out;
    };
    for (let g = 0; g < groups; g++) {
      const x = xs(g);
      if (g > 0) s.line(x[0]!, ty, x[0]!, top + tableH, ink, 1);
      headings.forEach((h, k) => s.text(h, (x[k]! + x[k + 1]!) / 2, ty + 10, 21, { ...lab, align: 'center', maxWidth: x[k + 1]! - x[k]! - 6 }));
    }
    s.line(L - 10, ty + 42, tR + 10, ty + 42, ink, 1.2);
    ty += 52;
    const perCol = Math.ceil(money.rows.length / groups);
    money.rows.forEach((row, i) => {
      const g = Math.floor(i / perCol);
      const x = xs(g);
      const ry = ty + (i % perCol) * 38;
      table.columns.forEach((c, k) => {
        const text = row.cells[c] ?? '';
        if (!text) return;
        const numeric = c === 'cost' || c === 'price' || c === 'qty';
        const cw = x[k + 1]! - x[k]! - 8;
        if (numeric) fw.value(text, x[k + 1]! - 6, ry, 22, cw, 'right');
        else fw.value(text, x[k]! + 4, ry, 22, cw);
      });
    });
  }
  // Payments beside the table (Beijing / Shanghai style).
  if (side) {
    s.rect(tR + 14, top, R - tR - 4, tableH, ink, 'none', 1.5);
    payFields.forEach(([l, v], i) => {
      // Rows tighten rather than disappear: every payment in the label is printed.
      const py = top + 14 + i * Math.min(40, (tableH - 40) / Math.max(1, payFields.length));
      s.text(l, tR + 26, py, 22, { ...lab, maxWidth: (R - tR) * 0.55 });
      fw.value(v, R - 16, py, 22, (R - tR) * 0.38, 'right');
    });
  }
  // Totals in capital and small numerals.
  y = top + tableH + 12;
  s.text(`金额合计（大写）`, L, y, 26, lab);
  fw.value(capitalAmount(money.total), L + 220, y, 26);
  s.text('（小写）', col2, y, 26, lab);
  fw.value(`${rng.chance(0.5) ? '¥' : ''}${formatAmount(money.total, rng.chance(0.3))}`, col2 + 110, y, 26);
  s.line(L - 10, y + 42, R + 10, y + 42, ink, 1.2);
  y += 56;
  // Other information: vertical 其他信息 and the fields in a grid.
  const perRow = side ? 3 : 4;
  const cells = side ? infoFields : [...infoFields, ...payFields];
  const colW = (R - L - 40) / perRow;
  const blockTop = y;
  if (!side) '其他信息'.split('').forEach((ch, i) => s.text(ch, L - 4, y + 4 + i * Math.max(30, (infoRows * 36) / 4), 22, lab));
  cells.forEach(([l, v], i) => fw.field(l, v, L + 40 + (i % perRow) * colW, y + Math.floor(i / perRow) * 36, 22, colW - 12));
  y += Math.ceil(cells.length / perRow) * 36 + 8;
  s.rect(L - 10, blockTop - 6, R - L + 20, y - blockTop + 4, ink, 'none', 1.5);
  const fy = Math.min(H - 60, y + 18);
  s.text(`收款单位（章）${colon}`, L, fy, 24, lab);
  fw.value(ctx.hospital, L + 220, fy, 24);
  s.text(`复核人${colon}`, W * 0.55, fy, 24, lab);
  if (r.reviewer) fw.value(r.reviewer, W * 0.55 + 100, fy, 24);
  s.text(`收款人${colon}`, W * 0.76, fy, 24, lab);
  if (r.payee) fw.value(r.payee, W * 0.76 + 100, fy, 24);
  if (electronic && rng.chance(0.5) && fy + 40 < H - 10) s.text(`查验网站地址：http://czt.${province.id}.gov.cn/billcheck`, W * 0.5, fy + 40, 22, { color: '#333' });
  if (dot) {
    // Continuous stationery for impact printers: tractor-feed holes down both margins.
    for (let hy = 30; hy < H - 20; hy += 48) for (const hx of [16, W - 16]) s.svg(`<circle cx="${hx}" cy="${hy}" r="7" fill="#e9e6dc" stroke="#cfcabb" stroke-width="1"/>`);
  }
  // Seals: the supervision seal over the title, the fee seal where the clerk put it.
  s.seal(W / 2 + rng.float(-60, 60), 72, {
    shape: 'oval', rx: 120, ry: 78, ringText: electronic ? `${province.name.replace(/省|市|自治区|壮族|回族|维吾尔/g, '')}财政票据监制章` : '全国统一票据监制章',
    centerText: province.name.slice(0, 2), bottomText: '财政部监制', color: electronic && rng.chance(0.3) ? '#2747a8' : '#d4202a',
  });
  const spot = rng.pick(FEE_SEAL_SPOTS);
  const sealAt = spot === 'table' ? [L + (tR - L) * rng.float(0.3, 0.7), top + tableH * rng.float(0.3, 0.7)]
    : spot === 'total' ? [L + rng.float(200, 700), top + tableH + 20]
      : spot === 'info' ? [L + rng.float(150, (R - L) * 0.8), blockTop + 40]
        : [L + 260 + rng.float(-60, 120), fy - rng.float(0, 40)];
  s.seal(sealAt[0]!, sealAt[1]!, { shape: 'round', rx: rng.float(80, 100), ringText: ctx.hospital, centerText: rng.pick(['收费专用章', `${typeWord}收费专用章`, '财务专用章']) });
  if (!electronic && rng.chance(0.2)) s.seal(W - 250, top + tableH * 0.6, { shape: 'rect', rx: 110, ry: 38, ringText: rng.pick(['清单已打印', '核对', '已审核']) });
  return { page: s.page(), seals: s.seals, extract: r, variant: electronic ? 'e_invoice' : province.id };
}
