/** api.md 2.C's extended checksum and each payment's check_info, from relations inside the invoice. */
import type { CheckValue, CostCategory } from '../contract/common.js';
import type { CostDetail, ExtractChecksum, PaymentItem } from '../contract/extract.js';
import { roundCents, sameAmount } from './parse/amount.js';
import { capitalTextAgrees } from './parse/capital.js';
import type { PrintedPayment } from './grid.js';
import type { PaymentRelation, ProvinceRow, RestrictedCheck } from './tables.js';

/** A sum equals a total to the cent, with one cent more per ten terms for rounding of printed parts. */
function sumMatches(parts: readonly number[], total: number): CheckValue {
  const s = roundCents(parts.reduce((a, b) => a + b, 0));
  return Math.abs(s - total) <= 0.005 + Math.floor(parts.length / 10) * 0.01 ? 1 : 0;
}

export interface ChecksumInput {
  readonly totalFigures: number | null;
  readonly totalCapital: number | null;
  readonly total: number;
  /** Every line printing a capital amount, as read (the parse may fail on one misread character). */
  readonly capitalTexts: readonly string[];
  /**
   * Other amounts the invoice says the total is: the QR code's total, the sum of the categories,
   * of the details, of the payment split. Any of them equal to the total confirms it.
   */
  readonly corroborations: readonly number[];
  readonly categories: readonly CostCategory[];
  /** True when a category amount was worked out from the total: their sum then checks nothing. */
  readonly categoriesDerived?: boolean;
  /**
   * Amounts of category rows whose names the picture's left edge cut off (orphan-amounts.ts): parts
   * of the invoice's category sum that are not output as categories.
   */
  readonly categoryOrphans?: readonly number[];
  readonly details: readonly CostDetail[];
  readonly payments: readonly PrintedPayment[];
  readonly province: ProvinceRow | undefined;
  readonly type: number;
  readonly electronic: boolean;
  readonly noteNo: string;
  /** Every invoice number printed on the page (pre-printed red number and the printed one). */
  readonly noteNoReadings: readonly string[];
  readonly billingDate: string;
  /** Other dates of the same visit (settlement, treatment) the billing date must not precede. */
  readonly visitDates: readonly string[];
  /** Today as YYYY-MM-DD; an invoice cannot be billed later. */
  readonly today: string;
}

/** Whether a province-restricted check applies: that province's outpatient paper invoices only. */
export function restrictedApplies(check: RestrictedCheck, p: ChecksumInput): boolean {
  return !!p.province && p.province.restrictedChecks.includes(check) && p.type === 1 && !p.electronic;
}

function classSum(details: readonly CostDetail[], level: string, pick: (d: CostDetail) => number): number | null {
  const rows = details.filter((d) => d.medical_level === level);
  return rows.length === 0 ? null : roundCents(rows.reduce((a, d) => a + pick(d), 0));
}

/**
 * The total holds when a second reading of it agrees: the 大写 (parsed, or as read within OCR
 * tolerance), else another relation of the invoice. It fails only when figures and 大写 were both
 * read and disagree with nothing to side with the figures; with one reading and no relation it
 * cannot be checked.
 */
export function totalCheck(p: Pick<ChecksumInput, 'totalFigures' | 'totalCapital' | 'total' | 'capitalTexts' | 'corroborations'>): CheckValue {
  if (p.totalFigures !== null && p.totalCapital !== null && sameAmount(p.totalFigures, p.totalCapital)) return 1;
  if (p.total <= 0) return -1;
  if (p.totalFigures !== null && p.capitalTexts.some((t) => capitalTextAgrees(t, p.total))) return 1;
  if (p.corroborations.some((c) => sameAmount(c, p.total))) return 1;
  return p.totalFigures !== null && p.totalCapital !== null ? 0 : -1;
}

/** What the patient paid: the account and cash parts of the payment split as printed. */
const PATIENT_PAID = ['个人账户支付', '个人现金支付'];

/**
 * A self-pay share (自付二, 个人自费) is a part of what the patient paid (account + cash, else the
 * total): 1 when it lies between 0 and that amount, 0 when it exceeds it, -1 with nothing to compare.
 */
export function selfShareCheck(share: number, p: Pick<ChecksumInput, 'payments' | 'total'>): CheckValue {
  const parts = p.payments.filter((x) => PATIENT_PAID.includes(x.name));
  const paid = parts.length > 0 ? parts.reduce((a, x) => a + x.cost, 0) : p.total;
  if (paid <= 0) return -1;
  return share >= 0 && share <= paid + 0.005 ? 1 : 0;
}

/**
 * The categories add up to the total. The check is of the invoice's own figures: on a page cut at
 * the left, rows whose names were cut keep their amounts, which count toward the sum.
 */
export function categoriesCheck(p: Pick<ChecksumInput, 'categories' | 'categoryOrphans' | 'total'>): CheckValue {
  const read = p.categories.map((c) => c.cost);
  if (sumMatches(read, p.total) === 1) return 1;
  const orphans = p.categoryOrphans ?? [];
  return orphans.length > 0 ? sumMatches([...read, ...orphans], p.total) : 0;
}

export function computeChecksum(p: ChecksumInput): ExtractChecksum {
  const total_cost = totalCheck(p);
  const hasTotal = p.total > 0 || p.totalFigures !== null || p.totalCapital !== null;
  const cost_categories: CheckValue = hasTotal && p.categories.length > 0 && !p.categoriesDerived ? categoriesCheck(p) : -1;
  const cost_detail_list: CheckValue = hasTotal && p.details.length > 0 ? sumMatches(p.details.map((d) => d.cost), p.total) : -1;

  let note_no: CheckValue = -1;
  if (restrictedApplies('note_no', p) && p.noteNo !== '') {
    const pattern = p.province?.noteNoPattern;
    const shapeOk = pattern ? pattern.test(p.noteNo) : /^\d+$/.test(p.noteNo);
    const others = p.noteNoReadings.filter((n) => n !== '');
    const agree = others.every((n) => n === p.noteNo || n.endsWith(p.noteNo) || p.noteNo.endsWith(n));
    note_no = shapeOk && agree ? 1 : 0;
  }
  let billing_date: CheckValue = -1;
  if (restrictedApplies('billing_date', p) && p.billingDate !== '') {
    const ok = p.billingDate <= p.today && p.visitDates.every((d) => d === '' || d <= p.billingDate);
    billing_date = ok ? 1 : 0;
  }
  // Class B (自付二) is what the patient pays first on 乙 items; class C (个人自费) is the cost of
  // 丙 / self-funded items. Both are compared with the detail rows that carry those grades; without
  // such rows, with what the patient paid, which each is a part of (selfShareCheck).
  let payments_class_b: CheckValue = -1;
  if (restrictedApplies('payments_class_b', p)) {
    const printed = p.payments.find((x) => x.name === '自付二');
    const fromDetails = classSum(p.details, '乙', (d) => d.selfpay);
    if (printed && fromDetails !== null) payments_class_b = sameAmount(printed.cost, fromDetails) ? 1 : 0;
    else if (printed) payments_class_b = selfShareCheck(printed.cost, p);
  }
  let payments_class_c: CheckValue = -1;
  if (restrictedApplies('payments_class_c', p)) {
    const printed = p.payments.find((x) => x.name === '个人自费');
    const fromDetails = classSum(p.details, '丙', (d) => d.cost);
    if (printed && fromDetails !== null) payments_class_c = sameAmount(printed.cost, fromDetails) ? 1 : 0;
    else if (printed) payments_class_c = selfShareCheck(printed.cost, p);
  }
  return { total_cost, cost_detail_list, cost_categories, note_no, billing_date, payments_class_b, payments_class_c };
}

/**
 * check_info of each payment: 1 when it takes part in a relation of the table that holds, 0 when
 * every relation it takes part in fails, -1 when no relation could be checked (too few terms printed).
 */
export function checkPayments(
  payments: readonly PrintedPayment[],
  relations: readonly PaymentRelation[],
  total: number,
): PaymentItem[] {
  const byName = new Map(payments.map((x) => [x.name, x.cost]));
  const verdict = new Map<string, CheckValue>();
  for (const r of relations) {
    const rhs = r.equals === '$total' ? (total > 0 ? total : undefined) : byName.get(r.equals);
    const sumTerms = r.sum.filter((n) => byName.has(n));
    const minusTerms = r.minus.filter((n) => byName.has(n));
    const present = sumTerms.length + minusTerms.length + (r.equals.startsWith('$') ? 0 : rhs !== undefined ? 1 : 0);
    if (rhs === undefined || present < r.minPresent) continue;
    // A relation holds by construction for an amount worked out from it: that checks nothing.
    if (payments.some((x) => x.derived && (r.sum.includes(x.name) || r.minus.includes(x.name) || r.equals === x.name))) continue;
    const value = sumTerms.reduce((a, n) => a + byName.get(n)!, 0) - minusTerms.reduce((a, n) => a + Math.abs(byName.get(n)!), 0);
    const holds = sameAmount(roundCents(value), rhs);
    const members = [...sumTerms, ...minusTerms, ...(r.equals.startsWith('$') ? [] : [r.equals])];
    for (const m of members) {
      const prev = verdict.get(m);
      verdict.set(m, holds ? 1 : prev === 1 ? 1 : 0);
    }
  }
  return payments.map((x) => ({ name: x.name, cost: x.cost, check_info: verdict.get(x.name) ?? -1 }));
}
