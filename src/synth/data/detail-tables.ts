/**
 * Detail tables as hospitals print them: which columns, under which headings, how wide. Used by
 * invoices that list details and by cost lists (费用清单). `where` says which documents use a table.
 */

export type DetailColumn = 'code' | 'name' | 'spec' | 'unit' | 'qty' | 'qtyUnit' | 'price' | 'cost' | 'grade' | 'ratio' | 'category' | 'note';

/** Heading wordings per column; one is picked per document. */
export const COLUMN_HEADINGS: Readonly<Record<DetailColumn, readonly string[]>> = {
  code: ['项目编码', '编码', '医保编码'],
  name: ['项目名称', '名称', '项目/药品名称', '收费项目'],
  spec: ['规格', '规格型号'],
  unit: ['单位'],
  qty: ['数量'],
  qtyUnit: ['数量/单位'],
  price: ['单价', '单价(元)'],
  cost: ['金额(元)', '金额', '金额（元）'],
  grade: ['甲/乙/丙', '等级', '医保类别', '类别'],
  ratio: ['自付比例', '自付比'],
  category: ['费用类别', '类别'],
  note: ['备注'],
};

export interface DetailTable {
  readonly columns: readonly DetailColumn[];
  /** Relative column widths, aligned with `columns`. */
  readonly widths: readonly number[];
  /** Side-by-side groups of the same columns (the national e-invoice prints two). */
  readonly groups: 1 | 2;
  readonly where: 'e_invoice' | 'paper' | 'cost_list';
}

export const DETAIL_TABLES: readonly DetailTable[] = [
  // National e-invoice: 项目名称 | 数量/单位 | 金额(元) | 备注, twice per row (as imgs_316).
  { where: 'e_invoice', groups: 2, columns: ['name', 'qtyUnit', 'cost', 'note'], widths: [4.2, 1.6, 1.7, 1] },
  { where: 'e_invoice', groups: 2, columns: ['name', 'qty', 'unit', 'cost', 'note'], widths: [4, 1, 1, 1.7, 1] },
  // E-invoices of provinces that print the code and spec of each item.
  { where: 'e_invoice', groups: 1, columns: ['code', 'name', 'spec', 'unit', 'qty', 'price', 'cost', 'note'], widths: [3.2, 4, 1.8, 0.8, 0.8, 1.2, 1.4, 1] },
  { where: 'e_invoice', groups: 1, columns: ['name', 'spec', 'qty', 'unit', 'cost', 'grade'], widths: [5, 2, 1, 1, 1.5, 1.2] },
  // Paper outpatient forms with detail rows.
  { where: 'paper', groups: 1, columns: ['name', 'spec', 'qty', 'unit', 'price', 'cost', 'grade'], widths: [5, 2.2, 1, 1, 1.4, 1.6, 1] },
  { where: 'paper', groups: 1, columns: ['name', 'qty', 'price', 'cost'], widths: [6, 1.2, 1.5, 1.8] },
  { where: 'paper', groups: 2, columns: ['name', 'qtyUnit', 'cost'], widths: [4.5, 1.5, 1.8] },
  // Cost lists.
  { where: 'cost_list', groups: 1, columns: ['code', 'name', 'spec', 'unit', 'qty', 'price', 'cost', 'grade', 'ratio'], widths: [3.3, 3.6, 1.9, 0.8, 0.8, 1.2, 1.3, 0.9, 1] },
  { where: 'cost_list', groups: 1, columns: ['category', 'name', 'spec', 'unit', 'qty', 'price', 'cost', 'grade'], widths: [1.5, 3.4, 1.6, 0.8, 0.8, 1.2, 1.4, 1] },
  { where: 'cost_list', groups: 1, columns: ['code', 'name', 'qty', 'price', 'cost', 'grade', 'ratio'], widths: [2.6, 4.2, 0.9, 1.2, 1.4, 1, 1.1] },
];
