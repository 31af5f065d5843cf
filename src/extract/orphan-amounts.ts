/**
 * Category amounts whose names the picture's left edge cut off. A photo that cut the category grid
 * at the left keeps a column of amounts (under its 金额 heading) with no name beside them: they are
 * printed categories we cannot name. They are never output as categories; they only let the
 * cost_categories checksum say whether the invoice's own categories add up to its total.
 */
import { horizontalOverlap, startsAtCutEdge, verticalOverlap, type Box, type Segment } from './layout.js';
import { findAmounts } from './parse/amount.js';
import type { ExtractTables } from './tables.js';

/** How far (in text heights) a column heading may stand above the first category name. */
const HEADING_ABOVE = 3;
/** Largest gap (in text heights) between two cells of one column, from one bottom to the next top. */
const CELL_GAP = 1.5;
/** How far (in text heights) a cut column may run below the last category row read. */
const BELOW_GRID = 4;

/**
 * The cell holds one money amount and nothing else (a figure with decimals, 60.00). Its point read
 * as a colon (28:00) is still a point: the cell stands in an amount column, where no time is printed.
 */
function amountOnly(s: Segment): number | null {
  const text = s.text.replace(/^(\d+)[:：](\d{2})$/, '$1.$2');
  const hits = findAmounts(text);
  if (hits.length !== 1 || !hits[0]!.hasDecimals) return null;
  const rest = text.slice(0, hits[0]!.start) + text.slice(hits[0]!.end);
  return /^[¥￥Y]?$/.test(rest) ? hits[0]!.value : null;
}

/**
 * Words heading an amount column (金额, 金额(元)), from the detail-table headers. A word inside a
 * category name (费用 of 其他费用) cannot tell a heading from a name and is left out.
 */
export function costHeadingWords(tables: Pick<ExtractTables, 'detailHeaders' | 'categories'>): string[] {
  return [...tables.detailHeaders]
    .filter(([word, column]) => column === 'cost' && !tables.categories.some((c) => c.includes(word)))
    .map(([word]) => word);
}

/** A cell naming an amount column (金额(元)): holds a heading word and no figure. */
function isCostHeading(s: Segment, headings: readonly string[]): boolean {
  return headings.some((w) => s.text.includes(w)) && findAmounts(s.text).length === 0;
}

/**
 * Amounts in a category amount column cut off at the left with no category name beside them.
 * Only when the page is cut at its left edge; only in a column headed by an amount heading that
 * stands left of every category name read, followed cell by cell downwards (so a tilted grid is
 * followed too) while the cells are amounts. A cell with a category name on its row left of it is
 * a named category, not an orphan.
 */
export function orphanCategoryAmounts(
  segments: readonly Segment[],
  unit: number,
  nameBoxes: readonly Box[],
  costHeadings: readonly string[],
): number[] {
  if (nameBoxes.length === 0 || !segments.some((s) => startsAtCutEdge(s, unit))) return [];
  const leftmost = Math.min(...nameBoxes.map((b) => b.x0));
  const top = Math.min(...nameBoxes.map((b) => b.y0));
  const bottom = Math.max(...nameBoxes.map((b) => b.y1));
  const named = (b: Box): boolean => nameBoxes.some((n) => n.x1 <= b.x0 + unit && verticalOverlap(n, b) > 0.5);
  const cells = segments
    .map((s) => ({ s, value: amountOnly(s) }))
    .filter((c): c is { s: Segment; value: number } => c.value !== null && c.s.box.x1 <= leftmost && !named(c.s.box));
  const headings = segments.filter(
    (s) => isCostHeading(s, costHeadings) && s.box.x1 <= leftmost && s.box.y1 <= top + unit && top - s.box.y1 <= HEADING_ABOVE * unit,
  );
  const out: number[] = [];
  const taken = new Set<number>();
  for (const h of headings) {
    let prev: Box = h.box;
    for (;;) {
      const below = cells
        .filter(({ s }) => !taken.has(s.id) && s.box.y0 >= prev.y0 + 0.5 * unit && s.box.y0 - prev.y1 <= CELL_GAP * unit)
        .filter(({ s }) => s.box.y0 <= bottom + BELOW_GRID * unit && horizontalOverlap(prev, s.box) > 0.5)
        .sort((a, b) => a.s.box.y0 - b.s.box.y0);
      const next = below[0];
      if (!next) break;
      taken.add(next.s.id);
      out.push(next.value);
      prev = next.s.box;
    }
  }
  return out;
}
