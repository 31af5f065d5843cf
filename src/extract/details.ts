/**
 * Cost-detail tables: a header row names the columns (项目名称, 规格, 数量, 单价, 金额, ...), each row
 * below is cut into cells by gaps and each cell goes to the header column nearest its centre. A
 * header that repeats 项目名称 holds several column groups side by side (e-invoices print two).
 */
import type { CheckValue } from '../contract/common.js';
import type { CostDetail } from '../contract/extract.js';
import { editDistance, type Catalogue } from './catalogue.js';
import { rowsOf, type Segment } from './layout.js';
import { findAmounts, parseAmount, roundCents } from './parse/amount.js';
import { compact } from './parse/normalize.js';
import type { DetailColumn, ExtractTables } from './tables.js';
import { TermDictionary } from './terms.js';

export interface Token {
  readonly text: string;
  readonly x0: number;
  readonly x1: number;
}

/** Cuts a row into cells at gaps wider than `gap` pixels. */
function tokens(row: readonly Segment[], gap: number): Token[] {
  const out: Token[] = [];
  for (const seg of row) {
    let cur: { text: string; x0: number; x1: number } | null = null;
    for (const c of seg.chars) {
      // An amount ending right before a name is the last cell of the group to the left (金额 of
      // group one touching 项目名称 of group two), not the start of the name.
      const boundary = cur !== null && /\d\.\d\d$/.test(cur.text) && /[\u4e00-\u9fff]/.test(c.char);
      if (cur && !boundary && c.x0 - cur.x1 <= gap) {
        cur.text += c.char;
        cur.x1 = c.x1;
      } else {
        if (cur) out.push(cur);
        cur = { text: c.char, x0: c.x0, x1: c.x1 };
      }
    }
    if (cur) out.push(cur);
  }
  return out.sort((a, b) => a.x0 - b.x0);
}

interface Column {
  readonly column: DetailColumn;
  readonly x: number;
}

function headerColumns(row: readonly Segment[], dict: TermDictionary<DetailColumn>): Column[] {
  const cols: Column[] = [];
  for (const seg of row) {
    for (const h of dict.scan(seg.text)) {
      const cs = seg.chars.slice(h.start, h.end);
      cols.push({ column: h.payloads[0]!, x: (cs[0]!.x0 + cs[cs.length - 1]!.x1) / 2 });
    }
  }
  return cols.sort((a, b) => a.x - b.x);
}

/** A cell that is only a column heading (项目名称, 金额(元)). */
function isHeaderWord(seg: Segment, dict: TermDictionary<DetailColumn>): boolean {
  const covered = dict.scan(seg.text).reduce((a, h) => a + h.end - h.start, 0);
  return covered > 0 && covered >= compact(seg.text).replace(/[()（）元:：]/g, '').length;
}

function isHeader(cols: readonly Column[]): boolean {
  const kinds = new Set(cols.map((c) => c.column));
  return kinds.size >= 3 && kinds.has('name') && (kinds.has('cost') || kinds.has('unit_price'));
}

/**
 * The tokens of a name cell without text of a seal printed over the row: a token made only of seal
 * characters (收费专用章), or a lone character standing apart from the name (a letter of the seal's
 * ring, 西 of 广西), when the cell also holds a real name of two or more Chinese characters.
 */
export function withoutSealText(cell: readonly Token[], unit: number, sealChars: ReadonlySet<string>): Token[] {
  const isName = (t: Token): boolean => /[\u4e00-\u9fff]{2}/.test(t.text) && ![...t.text].every((c) => sealChars.has(c));
  if (!cell.some(isName)) return [...cell];
  return cell.filter((t, i) => {
    if (isName(t)) return true;
    const chars = [...t.text];
    if (chars.every((c) => sealChars.has(c))) return false;
    const gapBefore = i > 0 ? t.x0 - cell[i - 1]!.x1 : Infinity;
    const gapAfter = i + 1 < cell.length ? cell[i + 1]!.x0 - t.x1 : Infinity;
    const lone = chars.length === 1 && /[\u4e00-\u9fff]/.test(t.text) && gapBefore > 1.5 * unit && gapAfter > 1.5 * unit;
    return !lone;
  });
}

/** Splits a header into groups at each repeated name column. */
function groups(cols: readonly Column[]): Column[][] {
  const out: Column[][] = [];
  for (const c of cols) {
    // Columns before the first name column (a code) belong to its group.
    const current = out[out.length - 1];
    if (!current || (c.column === 'name' && current.some((x) => x.column === 'name'))) out.push([]);
    out[out.length - 1]!.push(c);
  }
  return out.filter((g) => g.some((c) => c.column === 'name'));
}

const SPEC_AT_END = /(\d+(?:\.\d+)?\s*(?:mg|g|ml|μg|ug|iu|u|万u|万单位|单位|%|cm|mm|mmol|kg)(?:[^\u4e00-\u9fff]*|[*×xX/].*))$/i;
const CODE_AT_START = /^([A-Z]{0,3}\d{6,}[A-Z0-9-]*|[A-Z]{1,2}\d{2}[A-Z]{0,3}\d{3,}[A-Z0-9]*)/;

export interface NameParts {
  readonly ocrName: string;
  readonly spec: string;
  readonly code: string;
  readonly level: string;
}

/** Splits a printed detail name into its code, grade marker, specification and the name itself. */
export function splitDetailName(raw: string, tables: ExtractTables): NameParts {
  let s = compact(raw);
  let code = '';
  const cm = CODE_AT_START.exec(s);
  if (cm) {
    code = cm[1]!;
    s = s.slice(code.length).replace(/^[-_:]/, '');
  }
  // A lone digit glued to the name is the row number (序号) column or a speck, never the name's.
  s = s.replace(/^\d(?=[\u4e00-\u9fff])/, '');
  // A name never starts with a dash: it is 一 read as one (一次性注射器).
  s = s.replace(/^[-—–_－](?=[\u4e00-\u9fff])/, '一');
  let level = '';
  const lm = /^[\[(【]([甲乙丙])类?[\])】]|[\[(【]([甲乙丙])类?[\])】]$|^([甲乙丙])类/.exec(s);
  if (lm) {
    level = tables.medicalLevels.get(lm[1] ?? lm[2] ?? lm[3] ?? '') ?? '';
    s = s.replace(lm[0], '');
  }
  let spec = '';
  // A bracket at the end holds the spec or unit (阿莫西林胶囊(0.25g*24粒), 枸杞子(饮片/g)); one left
  // open lost its end to the next cell or the frame, and is cut the same way.
  const tail = /[(（\[【]([^()（）\[\]【】]*)[)）\]】]?$/.exec(s);
  if (tail && tail.index > 0 && /[\u4e00-\u9fff]/.test(s.slice(0, tail.index))) {
    spec = tail[1]!;
    s = s.slice(0, tail.index);
    return { ocrName: s.replace(/[*×]+$/, ''), spec, code, level };
  }
  const sm = SPEC_AT_END.exec(s);
  if (sm && sm.index > 0) {
    spec = sm[1]!;
    s = s.slice(0, sm.index);
  } else {
    const bracket = /[(\[【]([^)\]】]*\d[^)\]】]*)[)\]】]$/.exec(s);
    if (bracket) {
      spec = bracket[1]!;
      s = s.slice(0, bracket.index);
    }
  }
  return { ocrName: s.replace(/[*×]+$/, ''), spec, code, level };
}

function ratio(text: string): number | null {
  const t = compact(text);
  const pct = /^(\d{1,3}(?:\.\d+)?)%$/.exec(t);
  if (pct) return Number(pct[1]) / 100;
  const v = parseAmount(t);
  return v !== null && v >= 0 && v <= 1 ? v : null;
}

function medicalType(section: string, cls: string, name: string): number {
  const s = `${section}|${cls}`;
  if (/西药/.test(s)) return 1;
  if (/中成药|中草药|中药|饮片/.test(s)) return 2;
  if (/检查|治疗|化验|检验|手术|护理|床位|诊察|诊疗|材料|麻醉|输血|输氧|挂号|服务/.test(s + name)) return 3;
  return 0;
}

export function readDetails(
  segments: readonly Segment[],
  unit: number,
  tables: ExtractTables,
  catalogue: Catalogue,
  categoryNames: ReadonlySet<string>,
): CostDetail[] {
  const dict = new TermDictionary<DetailColumn>();
  for (const [word, col] of tables.detailHeaders) dict.add(word, col);
  const rows = rowsOf(segments);
  const out: CostDetail[] = [];
  // Words of the blocks around a table (医疗机构类型, 个人账户支付): a row holding one is past its end.
  const labels = [
    ...[...tables.fields.values()].flatMap((f) => f.labels),
    ...tables.paymentAliases.map((a) => a.printed),
  ].filter((w) => w.length >= 3);
  for (let r = 0; r < rows.length; r++) {
    let cols = headerColumns(rows[r]!, dict);
    const body: Segment[] = [];
    let first = r + 1;
    if (!isHeader(cols) && r + 1 < rows.length && rows[r + 1]![0]!.box.y0 - rows[r]![0]!.box.y1 < unit) {
      // On a tilted or curled photo the header's words fall into two page rows (项目名称 a little
      // lower than 数量 单价 金额); the cells beside the lower words belong to the first body row.
      const lower = rows[r + 1]!;
      const headerWords = lower.filter((seg) => isHeaderWord(seg, dict));
      const both = headerColumns([...rows[r]!.filter((seg) => isHeaderWord(seg, dict)), ...headerWords], dict);
      if (headerWords.length > 0 && isHeader(both) && !isHeader(headerColumns(lower, dict))) {
        cols = both;
        body.push(...lower.filter((seg) => !headerWords.includes(seg)));
        first = r + 2;
      }
    }
    if (!isHeader(cols)) continue;
    const gs = groups(cols);
    let lastY = rows[first - 1]![0]!.box.y1;
    for (let k = first; k < rows.length; k++) {
      const row = rows[k]!;
      const text = row.map((s) => s.text).join('');
      if (row[0]!.box.y0 - lastY > 3 * unit) break;
      if (tables.totalStopWords.some((w) => text.startsWith(w)) || isHeader(headerColumns(row, dict))) break;
      lastY = row[0]!.box.y1;
      body.push(...row);
    }
    for (const row of bodyRows(body, unit)) {
      const toks = tokens(row, 0.8 * unit);
      gs.forEach((g, gi) => {
        const x0 = gi === 0 ? -Infinity : (gs[gi - 1]![gs[gi - 1]!.length - 1]!.x + g[0]!.x) / 2;
        const x1 = gi + 1 < gs.length ? (g[g.length - 1]!.x + gs[gi + 1]![0]!.x) / 2 : Infinity;
        const byColumn = new Map<DetailColumn, Token[]>();
        for (const t of toks) {
          const cx = (t.x0 + t.x1) / 2;
          if (cx < x0 || cx >= x1) continue;
          const nearest = g.reduce((a, b) => (Math.abs(b.x - cx) < Math.abs(a.x - cx) ? b : a));
          byColumn.set(nearest.column, [...(byColumn.get(nearest.column) ?? []), t]);
        }
        const cells = new Map<DetailColumn, string>();
        for (const [col, ts] of byColumn) {
          const kept = col === 'name' ? withoutSealText(ts, unit, tables.sealChars) : ts;
          cells.set(col, kept.map((t) => t.text).join(''));
        }
        const detail = buildDetail(cells, new Set(g.map((c) => c.column)), tables, catalogue);
        if (detail && !isCategoryLike(detail.ocr_name, categoryNames) && !holdsLabel(detail.origin_ocr_name, labels)) out.push(detail);
      });
    }
  }
  return out;
}

/**
 * The rows of a table body. Page-wide row grouping lets a row's box grow with every cell it takes,
 * so on a tilted or curved photo two printed rows melt into one (two names in one row). Here a cell
 * joins the row whose mean centre is nearest, within half a line height, and never a row that
 * already holds a cell stacked over it: two cells of one row cannot sit over each other.
 */
/** Two cells over each other: they overlap for most of the narrower one's width. */
function stacked(a: Segment, b: Segment): boolean {
  const overlap = Math.min(a.box.x1, b.box.x1) - Math.max(a.box.x0, b.box.x0);
  return overlap > 0.5 * Math.min(a.box.x1 - a.box.x0, b.box.x1 - b.box.x0);
}

export function bodyRows(segments: readonly Segment[], unit: number): Segment[][] {
  // Dot-matrix values are printed at their own slant against the pre-printed form the page was
  // levelled by: the slant that packs the cells into the fewest rows is the body's own.
  let best: Segment[][] | null = null;
  for (let k = 0; k <= 30; k++) {
    const slope = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 0.002;
    const rows = clusterRows(segments, unit, slope);
    if (!best || rows.length < best.length) best = rows;
  }
  return best ?? [];
}

function clusterRows(segments: readonly Segment[], unit: number, slope: number): Segment[][] {
  const cy = (s: Segment): number => (s.box.y0 + s.box.y1) / 2 - slope * (s.box.x0 + s.box.x1) / 2;
  const rows: { sum: number; items: Segment[] }[] = [];
  for (const s of [...segments].sort((a, b) => cy(a) - cy(b))) {
    const y = cy(s);
    let best: { sum: number; items: Segment[] } | null = null;
    let bestGap = 0.5 * unit;
    for (const r of rows) {
      const gap = Math.abs(r.sum / r.items.length - y);
      if (gap >= bestGap) continue;
      if (r.items.some((o) => stacked(o, s))) continue;
      best = r;
      bestGap = gap;
    }
    if (best) {
      best.items.push(s);
      best.sum += y;
    } else rows.push({ sum: y, items: [s] });
  }
  return rows.map((r) => r.items.sort((a, b) => a.box.x0 - b.box.x0));
}

function holdsLabel(name: string, labels: readonly string[]): boolean {
  const c = compact(name);
  return labels.some((w) => c.includes(w));
}

/**
 * A row naming a cost category (possibly misread or with a note) is a category, not a detail. A
 * name that only ends in a category word after words of its own (副主任医师诊查费) is a billed item.
 */
function isCategoryLike(name: string, categories: ReadonlySet<string>): boolean {
  const bare = name.replace(/\([^)]*\)/g, '');
  for (const c of categories) {
    const ownWords = bare.endsWith(c) && /[\u4e00-\u9fff]{2}$/.test(bare.slice(0, bare.length - c.length));
    if (bare === c || (bare.endsWith(c) && !ownWords) || (c.length >= 3 && editDistance(bare, c) <= 1)) return true;
  }
  return false;
}

function buildDetail(
  cells: ReadonlyMap<DetailColumn, string>,
  columns: ReadonlySet<DetailColumn>,
  tables: ExtractTables,
  catalogue: Catalogue,
): CostDetail | null {
  const origin = cells.get('name') ?? '';
  if (!/[\u4e00-\u9fff]{2,}/.test(origin)) return null;
  const num = (c: DetailColumn): number | null => {
    const v = cells.get(c);
    if (v === undefined) return null;
    const hits = findAmounts(v);
    return hits[0]?.value ?? null;
  };
  let amount = num('amount');
  let unitText = cells.get('unit') ?? '';
  let nameText = origin;
  if (amount === null && cells.has('amount') === false && columns.has('amount')) {
    // The quantity printed close to a long name joins its cell (注射用头孢曲松钠4支): with the
    // quantity column empty, a count and a one-character unit at the name's end are the quantity.
    const q = /^(.*[\u4e00-\u9fff)）])(\d+(?:\.\d+)?)([\u4e00-\u9fff])$/.exec(compact(origin));
    if (q) {
      nameText = q[1]!;
      amount = Number(q[2]);
      if (!unitText) unitText = q[3]!;
    }
  }
  const amountCell = cells.get('amount') ?? '';
  const au = /^(\d+(?:\.\d+)?)([\u4e00-\u9fff]{1,2})$/.exec(compact(amountCell));
  if (au) {
    amount = Number(au[1]);
    if (!unitText) unitText = au[2]!;
  }
  const parts = splitDetailName(nameText, tables);
  const unitPrice = num('unit_price');
  let cost = num('cost');
  if (cost === null && amount !== null && unitPrice !== null) cost = roundCents(amount * unitPrice);
  // A zero with nothing else is a stray cell past the table (医保类型 value over the 金额 column).
  if (cost === null || (cost === 0 && amount === null && unitPrice === null)) return null;
  const levelCell = compact(cells.get('medical_level') ?? '');
  const level = tables.medicalLevels.get(levelCell) ?? (levelCell.length > 0 ? levelCell : parts.level);
  const r = ratio(cells.get('selfpay_ratio') ?? '');
  const printedSelfpay = num('selfpay');
  const selfpay = printedSelfpay ?? (r !== null ? roundCents(cost * r) : 0);
  const check: CheckValue = amount !== null && unitPrice !== null
    ? (Math.abs(amount * unitPrice - cost) <= Math.max(0.011, Math.abs(amount) * 0.005) ? 1 : 0)
    : -1;
  const cls = compact(cells.get('class') ?? '');
  const match = catalogue.match(parts.ocrName);
  return {
    ocr_name: parts.ocrName,
    cost,
    amount: amount ?? 0,
    unit_price: unitPrice ?? 0,
    spec: compact(cells.get('spec') ?? '') || parts.spec,
    unit: compact(unitText),
    medical_level: level,
    selfpay_ratio: r ?? 0,
    selfpay,
    medical_type: medicalType(match?.section ?? '', cls, parts.ocrName),
    class: cls,
    item_coding: compact(cells.get('item_coding') ?? '') || parts.code,
    origin_ocr_name: nameText,
    name: match?.name ?? '',
    check_amount_unitprice_cost: check,
  };
}
