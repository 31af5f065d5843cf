/**
 * Cost-detail rows: which items a visit bills, how their cells are printed under a detail table's
 * columns, and the exact cost_detail_list element C must return for each (fields not printed are
 * "" or 0, per docs/corpus.md).
 */
import type { CostDetail } from '../contract/extract.js';
import { DETAIL_ITEMS, PRINTED_NAME_FORMS, printedName, type DetailItem } from './data/items.js';
import type { DetailColumn } from './data/detail-tables.js';
import { cents, formatAmount } from './money.js';
import type { Rng } from './rng.js';

export interface PrintedDetail {
  readonly label: CostDetail;
  readonly cells: Readonly<Partial<Record<DetailColumn, string>>>;
}

/** Printing habits of one hospital's billing system, fixed for a whole document. */
export interface DetailStyle {
  readonly columns: readonly DetailColumn[];
  /** A PRINTED_NAME_FORMS form. */
  readonly nameForm: string;
  /** Decimals of printed unit prices (some systems print 4). */
  readonly priceDecimals: 2 | 4;
  /** Self-pay ratio of 乙 items when a ratio column is printed. */
  readonly classBRatio: number;
  /** Space between quantity and unit in a 数量/单位 cell. */
  readonly qtyUnitSpace: boolean;
}

export function detailStyle(rng: Rng, columns: readonly DetailColumn[]): DetailStyle {
  // A name cell repeats spec or code only when the table has no column of its own for it.
  const forms = PRINTED_NAME_FORMS.filter((f) => !(columns.includes('spec') && f.form.includes('{s}')) && !(columns.includes('code') && f.form.includes('{c}')));
  const plain = columns.includes('spec') || rng.chance(0.35);
  return {
    columns, nameForm: plain ? '{n}' : rng.pick(forms).form, priceDecimals: rng.chance(0.25) ? 4 : 2,
    classBRatio: rng.pick([0.05, 0.1, 0.1, 0.15, 0.2]), qtyUnitSpace: rng.chance(0.3),
  };
}

/** `n` distinct items of the given categories, drugs and services mixed as a visit bills them. */
export function pickItems(rng: Rng, categories: readonly string[], n: number): DetailItem[] {
  const pool = DETAIL_ITEMS.filter((c) => categories.includes(c.category));
  const seen = new Set<string>();
  const out: DetailItem[] = [];
  for (const item of rng.shuffle(pool)) {
    if (out.length >= n) break;
    if (seen.has(item.name)) continue;
    seen.add(item.name);
    out.push(item);
  }
  return out;
}

/** A plausible quantity of `item` on a bill covering `days` (0 for an outpatient visit). */
export function quantityOf(rng: Rng, item: DetailItem, days: number): number {
  if (item.unit === 'g') return rng.int(3, 30) * 10;
  if (item.unit === '日') return days > 0 ? days : 1;
  if (item.unit === '小时') return rng.int(2, 48);
  if (days > 0 && item.medicalType !== 3) return rng.int(1, 12);
  return rng.int(1, item.price > 200 ? 1 : 4);
}

function ratioOf(level: string, style: DetailStyle): number {
  return level === '甲' ? 0 : level === '乙' ? style.classBRatio : 1;
}

/** One detail row: its printed cells and its label. `breakRule` prints a cost off quantity × price. */
export function printDetail(rng: Rng, item: DetailItem, amount: number, style: DetailStyle, breakRule: boolean): PrintedDetail {
  const cols = style.columns;
  const has = (c: DetailColumn): boolean => cols.includes(c);
  const form = PRINTED_NAME_FORMS.find((f) => f.form === style.nameForm) ?? { form: '{n}', needsSpec: false };
  // A form needing a spec or code the item lacks falls back to the bare name.
  const usable = (!form.needsSpec || item.spec !== '') && (!form.form.includes('{c}') || item.code !== '');
  const nameForm = usable ? form.form : '{n}';
  const origin = printedName(nameForm, item);
  let cost = cents(amount * item.price);
  if (breakRule) cost = cents(cost + rng.pick([1, 2, 5, 10, 0.5]));
  const specPrinted = has('spec') || nameForm.includes('{s}');
  const unitPrinted = has('unit') || has('qtyUnit') || nameForm.includes('{u}');
  const qtyPrinted = has('qty') || has('qtyUnit');
  const pricePrinted = has('price');
  const gradePrinted = has('grade');
  const ratioPrinted = has('ratio');
  const ratio = ratioPrinted || gradePrinted ? (ratioPrinted ? ratioOf(item.level, style) : ratioOf(item.level, { ...style, classBRatio: 0.1 })) : 0;
  const label: CostDetail = {
    ocr_name: item.name, cost, amount: qtyPrinted ? amount : 0, unit_price: pricePrinted ? item.price : 0,
    spec: specPrinted ? item.spec : '', unit: unitPrinted ? item.unit : '', medical_level: gradePrinted ? item.level : '',
    selfpay_ratio: ratio, selfpay: cents(cost * ratio), medical_type: item.medicalType, class: item.category,
    item_coding: has('code') || nameForm.includes('{c}') ? item.code : '', origin_ocr_name: origin, name: item.catalogue,
    check_amount_unitprice_cost: qtyPrinted && pricePrinted ? (breakRule ? 0 : 1) : -1,
  };
  const cells: Partial<Record<DetailColumn, string>> = {
    code: item.code, name: origin, spec: item.spec, unit: item.unit, qty: String(amount),
    qtyUnit: `${amount}${style.qtyUnitSpace ? ' ' : ''}${item.unit}`, price: item.price.toFixed(style.priceDecimals), cost: formatAmount(cost),
    grade: item.level, ratio: `${Math.round(ratio * 100)}%`, category: item.category, note: '',
  };
  return { label, cells };
}
