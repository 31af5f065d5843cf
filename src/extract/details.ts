/**
 * Cost-detail tables: a header row names the columns (项目名称, 规格, 数量, 单价, 金额, ...), each row
 * below is cut into cells by gaps and each cell goes to the header column nearest its centre. A
 * header that repeats 项目名称 holds several column groups side by side (e-invoices print two).
 */
import type { CheckValue } from '../contract/common.js';
import type { CostDetail } from '../contract/extract.js';
import { editDistance, type Catalogue } from './catalogue.js';
import { centreX, centreY, height, rowsOf, type Segment } from './layout.js';
import { findAmounts, parseAmount, roundCents } from './parse/amount.js';
import { compact } from './parse/normalize.js';
import type { DetailColumn, ExtractTables } from './tables.js';
import { TermDictionary } from './terms.js';

export interface Token {
  readonly text: string;
  readonly x0: number;
  readonly x1: number;
  /** Id of the segment the token was cut from. */
  readonly segment?: number;
  /** Height of that segment's box: letters of a seal ring are read smaller than the printed rows. */
  readonly h?: number;
}

/** Cuts a row into cells at gaps wider than `gap` pixels. */
function tokens(row: readonly Segment[], gap: number): Token[] {
  const out: Token[] = [];
  for (const seg of row) {
    let cur: { text: string; x0: number; x1: number; segment: number; h: number } | null = null;
    seg.chars.forEach((c, k) => {
      // An amount ending right before a name is the last cell of the group to the left (金额 of
      // group one touching 项目名称 of group two), not the start of the name; names may start
      // with capitals (DR摄影, CT平扫) or a strength (0.9%氯化钠), never a unit in lower case (0.25g).
      // An item code glued before the name (9.60110200005急诊诊查费) starts it too: no amount goes
      // on with six more digits. A unit price carries up to four decimals (3.6000). A dash before
      // a Chinese character is the 一 of 一次性 read as one (80.00-次性输液器): no amount ends in it.
      const next = seg.chars[k + 1]?.char ?? '';
      const rest = seg.chars.slice(k, k + 16).map((x) => x.char).join('');
      const startsName = /[\u4e00-\u9fff]/.test(c.char) || (/[A-Z]/.test(c.char) && /[A-Z\u4e00-\u9fff]/.test(next))
        || /^\d+(?:\.\d+)?%[\u4e00-\u9fff]/.test(rest) || /^\d{6,12}[A-Z]?[\u4e00-\u9fff]/.test(rest)
        || /^[-—–－][\u4e00-\u9fff]/.test(rest);
      // An amount whose last decimal OCR read as a letter (980.0d乙类) ends there all the same; only
      // when the cell is that amount alone: 阿莫西林0.5g胶囊 is a name with its strength.
      const boundary = cur !== null && (/\d\.\d{2,4}$/.test(cur.text) || /^[¥Y]?\d[\d,]*\.\d[a-z]$/.test(cur.text)) && startsName;
      if (cur && !boundary && c.x0 - cur.x1 <= gap) {
        cur.text += c.char;
        cur.x1 = c.x1;
      } else {
        if (cur) out.push(cur);
        cur = { text: c.char, x0: c.x0, x1: c.x1, segment: seg.id, h: seg.box.y1 - seg.box.y0 };
      }
    });
    if (cur) out.push(cur);
  }
  return out.sort((a, b) => a.x0 - b.x0);
}

export interface Column {
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

/** The least-squares line through the cells' centres (slope kept within ±0.1), for distances off it. */
export function fitLine(segs: readonly Segment[]): { slope: number; at(x: number): number } {
  const pts = segs.map((s) => ({ x: (s.box.x0 + s.box.x1) / 2, y: centreY(s.box) }));
  const n = pts.length;
  if (n === 0) return { slope: 0, at: () => 0 };
  const mx = pts.reduce((a, p) => a + p.x, 0) / n;
  const my = pts.reduce((a, p) => a + p.y, 0) / n;
  const sxx = pts.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  const sxy = pts.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0);
  const slope = sxx > 0 ? Math.max(-0.1, Math.min(0.1, sxy / sxx)) : 0;
  return { slope, at: (x) => my + slope * (x - mx) };
}

/**
 * A cell that is only a column heading (项目名称, 金额(元)). A speck of the ruling read as a stop or a
 * dot after the heading (项目名称.) leaves it a heading: without it, the second column group of a
 * two-group e-invoice is not seen and its cells are read into the first group's rows.
 */
export function isHeaderWord(seg: Segment, dict: TermDictionary<DetailColumn>): boolean {
  const covered = dict.scan(seg.text).reduce((a, h) => a + h.end - h.start, 0);
  return covered > 0 && covered >= compact(seg.text).replace(/[()（）元:：]/g, '').replace(/[.。·,，、]+$/, '').length;
}

function isHeader(cols: readonly Column[]): boolean {
  const kinds = new Set(cols.map((c) => c.column));
  return kinds.size >= 3 && kinds.has('name') && (kinds.has('cost') || kinds.has('unit_price'));
}

/**
 * One-character cells stacked as a column of text printed top to bottom: the printing permit along
 * an invoice's margin ((2017)票字第3号), a vertical label (其/他/信/息). Their characters follow each
 * other at about one character's height, where the rows of a table stand further apart (a column
 * of units, 盒 over 支, is a row pitch apart), so such a character glued before a name
 * (票副主任医师诊查费) is no part of it.
 */
export function verticalPrint(cells: readonly Segment[]): Set<Segment> {
  // Chinese characters only: a figure split off a number (3 | 54.60) stands over the next row's
  // figure at a tight row pitch just as well, and a figure glued before a name is dropped anyway.
  const single = cells.filter((s) => /^[\u4e00-\u9fff]$/.test(s.text));
  const out = new Set<Segment>();
  for (const a of single) {
    for (const b of single) {
      if (a === b) continue;
      const h = Math.max(height(a.box), height(b.box));
      const dy = Math.abs(centreY(a.box) - centreY(b.box));
      if (Math.abs(centreX(a.box) - centreX(b.box)) < 0.5 * h && dy > 0.5 * h && dy < 1.3 * h) {
        out.add(a);
        out.add(b);
      }
    }
  }
  return out;
}

/** Seal characters in a row that make a short token the seal's text, whatever was read around them. */
const SEAL_RUN = 4;
/** Characters beside the run such a token may hold: the ring's ends misread (腾诊 of 门诊, 会 of 章). */
const SEAL_RUN_SLACK = 3;

/**
 * Whether a token is a seal's text read with its ends misread (腾诊收费专用会 of 门诊收费专用章): it
 * holds SEAL_RUN seal characters in a row and little else. No item name holds such a run; a name
 * with a whole seal word glued after it (肌肉注射财务专用章) holds more, and is cut by splitDetailName.
 */
export function sealRun(text: string, sealChars: ReadonlySet<string>): boolean {
  // A figure printed under the ring (the row's quantity: 诊收4专用章) can be read into the seal's
  // text; between two seal characters it does not end the run (no item name holds such a run).
  const chars = [...text.replace(/(?<=[\u4e00-\u9fff])\d+(?=[\u4e00-\u9fff])/g, (d, at: number) => (sealChars.has(text[at - 1]!) && sealChars.has(text[at + d.length]!) ? '' : d))];
  let run = 0;
  let longest = 0;
  for (const c of chars) {
    run = sealChars.has(c) ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest >= SEAL_RUN && chars.length - longest <= SEAL_RUN_SLACK;
}

/**
 * The tokens of a name cell without text of a seal printed over the row: a token made only of seal
 * characters (收费专用章), or words standing well apart (1.5 line heights) from the name (西 of 广西,
 * 瘤医 of the ring's 肿瘤医院, a note of the group to the left). The name is the longest words of
 * the cell with the words close to it on either side (注射用 头孢曲松钠); specs (digits,
 * brackets) are kept.
 */
export function withoutSealText(cell: readonly Token[], unit: number, sealChars: ReadonlySet<string>): Token[] {
  const sealOnly = (t: Token): boolean => [...t.text].every((c) => sealChars.has(c)) || sealRun(t.text, sealChars);
  const isName = (t: Token): boolean => /[\u4e00-\u9fff]{2}/.test(t.text) && !sealOnly(t);
  const core = cell.reduce((best, t, i) => (isName(t) && (best < 0 || [...t.text].length > [...cell[best]!.text].length) ? i : best), -1);
  if (core < 0) return cell.filter((t) => !sealOnly(t));
  const keep = new Set<number>([core]);
  const isSpec = (t: Token): boolean => /[\d(（\[【]/.test(t.text);
  // A neighbour read much smaller than the name is a letter of a seal's ring stamped beside it
  // (票 of 票据专用章 before 华法林钠片), whatever the character: printed cells of a row share one size.
  const coreH = cell[core]!.h;
  const small = (t: Token): boolean => coreH !== undefined && t.h !== undefined && t.h < 0.6 * coreH;
  const joins = (t: Token): boolean => !sealOnly(t) && !small(t);
  // Grow the name from its core over close neighbours, left and right.
  for (let i = core - 1; i >= 0 && cell[i + 1]!.x0 - cell[i]!.x1 <= 1.5 * unit && joins(cell[i]!); i--) keep.add(i);
  for (let i = core + 1; i < cell.length && cell[i]!.x0 - cell[i - 1]!.x1 <= 1.5 * unit && joins(cell[i]!); i++) keep.add(i);
  return cell.filter((t, i) => keep.has(i) || (i > core && isSpec(t) && joins(t)));
}

/**
 * A row's tokens up to a block printed beside the table (道路救助基金垫付 195.58, 个人自理 45.45):
 * a field or payment label after the row's first words starts text that is not the table's.
 */
export function beforeSideBlock(toks: readonly Token[], labels: readonly string[]): Token[] {
  const cut = toks.findIndex((t, i) => i > 0 && toks.slice(0, i).some(readsAsWords) && holdsLabel(t.text, labels));
  return cut < 0 ? [...toks] : toks.slice(0, cut);
}

/**
 * Where a table ends on the right: past its last column by most of a typical column's width (the
 * median spacing of the headings). A payment block printed beside the table starts there.
 */
export function tableRightEdge(cols: readonly Column[]): number {
  if (cols.length < 2) return Infinity;
  const gaps = cols.slice(1).map((c, i) => c.x - cols[i]!.x).sort((a, b) => a - b);
  return cols[cols.length - 1]!.x + 0.75 * gaps[Math.floor(gaps.length / 2)]!;
}

/** Columns whose cells hold words; the others hold numbers (amounts, counts, ratios). */
const TEXT_COLUMNS: ReadonlySet<DetailColumn> = new Set<DetailColumn>(['name', 'spec', 'unit', 'medical_level', 'class']);

/** A cell reading as a name: two Chinese characters running, not a count with its unit (4盒). */
function readsAsWords(t: Token): boolean {
  return /[\u4e00-\u9fff]{2}/.test(t.text) && !/^[\d.]+[\u4e00-\u9fff]{1,2}$/.test(t.text) && !STAMPED_AMOUNT.test(t.text);
}

/**
 * A cell reading as money (16.00, 30.40Z with the grade glued): it never goes to a column of words
 * (等级, 类别), however far dot-matrix print shifted it toward one.
 */
function readsAsMoney(t: Token): boolean {
  return /^[¥Y]?\d[\d,]*\.\d{2,4}[A-Z甲乙丙]?$/.test(compact(t.text));
}

/**
 * An amount with a stamp's words read before it (清单24.7, 已审核7.20: a 费用清单 or 已审核 stamp over
 * the 金额 column) is the amount's cell, not a name: no name ends in a money figure after a few characters.
 */
const STAMPED_AMOUNT = /^[\u4e00-\u9fff]{1,4}\s*\d[\d,]*\.\d{1,2}$/;

/**
 * The number of a number cell. Unit prices carry up to four decimals (45.2000), which the money
 * reader does not take; a grade printed right after the amount (180.80 乙, 乙 read as Z) is
 * not part of it.
 */
export function cellNumber(text: string): number | null {
  // A point read as a colon (37:20): a detail table's number columns hold no times, so one number
  // with two figures after its colon is money.
  const t = compact(text)
    .replace(/^([¥Y]?\d+)[:：](\d{2})$/, '$1.$2')
    .replace(/(\d\.\d{1,4})(?:[A-Za-z]|[\u4e00-\u9fff]){1,2}[.。,，]?$/, '$1');
  const plain = /^[¥Y]?(\d+(?:\.\d{1,4})?)$/.exec(t);
  if (plain) return Number(plain[1]);
  return findAmounts(t)[0]?.value ?? null;
}

/**
 * The cells of one body row, per column group: each token goes to the header column nearest its
 * centre. Words never go to a number column: names are printed from the left edge of a wide
 * column whose heading is centred, so the name of the second group (心电监护) starts nearer the
 * first group's 金额 heading than its own 项目名称; it goes to the nearest column that holds words.
 * Money never goes to a column of words.
 */
export function assignColumns(toks: readonly Token[], gs: readonly (readonly Column[])[]): Map<DetailColumn, Token[]>[] {
  const out = gs.map(() => new Map<DetailColumn, Token[]>());
  const all = gs.flatMap((g, gi) => g.map((c) => ({ ...c, gi })));
  const wordColumns = all.filter((c) => TEXT_COLUMNS.has(c.column));
  const numberColumns = all.filter((c) => !TEXT_COLUMNS.has(c.column));
  for (const t of toks) {
    const cx = (t.x0 + t.x1) / 2;
    const pool = readsAsWords(t) && wordColumns.length > 0 ? wordColumns
      : readsAsMoney(t) && numberColumns.length > 0 ? numberColumns : all;
    const nearest = pool.reduce((a, b) => (Math.abs(b.x - cx) < Math.abs(a.x - cx) ? b : a));
    const cells = out[nearest.gi]!;
    cells.set(nearest.column, [...(cells.get(nearest.column) ?? []), t]);
  }
  return out;
}

/** A count with its unit (1盒, 220g, 4 次): a quantity, never money. */
const COUNT_WITH_UNIT = /^\d+(?:\.\d+)?\s*(?:[\u4e00-\u9fff]|g|mg|ml|kg)$/i;

/**
 * A count with its unit that landed in the 金额 column (the 数量 heading misread, or none printed,
 * so the cell went to the nearest number column) is the row's quantity: money carries no unit. It
 * moves to 数量 when that cell is empty, else it is dropped, so the cost is read from the money
 * beside it or not at all (a cost of 1 for 1盒 is worse than none).
 */
export function countsOutOfCost(cells: ReadonlyMap<DetailColumn, Token[]>): Map<DetailColumn, Token[]> {
  const out = new Map(cells);
  const cost = cells.get('cost');
  if (!cost) return out;
  const counts = cost.filter((t) => COUNT_WITH_UNIT.test(compact(t.text)));
  if (counts.length === 0) return out;
  const rest = cost.filter((t) => !counts.includes(t));
  if (rest.length > 0) out.set('cost', rest);
  else out.delete('cost');
  if (!out.has('amount') && counts.length === 1) out.set('amount', counts);
  return out;
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
  const named = out.filter((g) => g.some((c) => c.column === 'name'));
  const cut = cutGroupBefore(cols);
  // The first group starts at the table's first column: the cut group's columns leave it.
  if (cut.length > 0 && named.length > 0) named[0] = named[0]!.slice(cut.length);
  return cut.length > 0 ? [cut, ...named] : named;
}

/**
 * The columns of a group whose name column the picture's left edge cut off: a 金额 heading before
 * the first 项目名称 (数量/单位 | 金额(元) | 项目名称 | ...), as no group prints its amount before its
 * name. They stay a group of their own, without a name, so their cells (3盒, 114.00) are not read
 * into the next group's row; the group gives no details. Empty when the table starts with a name
 * (or with a code or class column, which do precede names).
 */
export function cutGroupBefore(cols: readonly Column[]): Column[] {
  const firstName = cols.findIndex((c) => c.column === 'name');
  if (firstName <= 0) return [];
  const lead = cols.slice(0, firstName);
  const lastCost = lead.map((c) => c.column).lastIndexOf('cost');
  return lastCost < 0 ? [] : lead.slice(0, lastCost + 1);
}

const SPEC_AT_END = /(\d+(?:\.\d+)?\s*(?:mg|g|ml|μg|ug|iu|u|万u|万单位|单位|%|cm|mm|mmol|kg)(?:[^\u4e00-\u9fff]*|[*×xX/].*))$/i;
// The national drug code's two figures after its letters may hold a 0 read as O (XNO1BBE0587…).
const CODE_AT_START = /^([A-Z]{0,3}\d{6,}[A-Z0-9-]*|[A-Z]{1,2}[\dO]{2}[A-Z]{0,3}\d{3,}[A-Z0-9]*)/;

export interface NameParts {
  readonly ocrName: string;
  readonly spec: string;
  readonly code: string;
  readonly level: string;
}

/**
 * What a name never ends with: a spec's multiplication sign left by the cut (0.25g*24粒), and
 * punctuation, which at a name's end is a speck or a dot of the table's rule read into the cell
 * (盐酸昂丹司琼注射液. , 麦冬·).
 */
const NAME_END_NOISE = /[*×.·。,，、:：;；'"`_~-]+$/u;
/**
 * The punctuation of NAME_END_NOISE, taken off first so that a bracketed spec before it is still the
 * end; also a seal's star (★) read at the name's end, with a closing bracket read from its ring.
 */
const TRAILING_PUNCTUATION = /[.·。,，、:：;；'"`_~-]+$|[\]】)）]?[★☆]+$/u;

/** Splits a printed detail name into its code, grade marker, specification and the name itself. */
export function splitDetailName(raw: string, tables: ExtractTables): NameParts {
  let s = compact(raw).replace(TRAILING_PUNCTUATION, '');
  // A seal's words read at the name's end (肌肉注射财务专用章): no name ends in them.
  // What is left must read as a name: two Chinese characters, not all of them the seal's.
  const leavesName = (rest: string): boolean => /[\u4e00-\u9fff]{2}/.test(rest) && ![...rest].every((c) => tables.sealChars.has(c));
  const sealTail = tables.sealTails.find((w) => s.endsWith(w) && leavesName(s.slice(0, -w.length)));
  if (sealTail) s = s.slice(0, -sealTail.length).replace(TRAILING_PUNCTUATION, '');
  let code = '';
  const cm = CODE_AT_START.exec(s);
  if (cm) {
    code = cm[1]!;
    // The code ends before a strength that starts the name (…43214 0.9%氯化钠): its digit before
    // the point is the strength's.
    if (/^\.\d/.test(s.slice(code.length))) code = code.replace(/\d$/, '');
    // A dash ending the code before the name is the name's 一 read as a dash (120100003-级护理: the
    // code column holds no dash at its end); the dash rule below gives it back.
    if (/-$/.test(code) && /^[\u4e00-\u9fff]/.test(s.slice(code.length))) code = code.slice(0, -1);
    // Capitals ending a code of figures before the name start the name (250403022C反应蛋白测定,
    // …CT平扫, …DR摄影): item codes of figures end in a figure, names start with such letters.
    const letters = /^\d{6,}([A-Z]{1,2})$/.exec(code);
    if (letters && /^[\u4e00-\u9fff]/.test(s.slice(code.length))) code = code.slice(0, -letters[1]!.length);
    s = s.slice(code.length).replace(/^[_:]/, '');
  }
  // A lone digit glued to the name is the row number (序号) column or a speck, never the name's.
  s = s.replace(/^\d(?=[\u4e00-\u9fff])/, '');
  // A seal letter glued before the name (财肾功能三项): no name starts with one.
  while ([...s].length > 3 && tables.sealLeadChars.has([...s][0]!)) s = s.slice(1);
  // A name never starts with a dash: it is 一 read as one (一次性注射器); a thin 一 OCR lost
  // leaves a start no name has (次性输液器).
  s = s.replace(/^[-—–_－](?=[\u4e00-\u9fff])/, '一');
  for (const [lost, start] of tables.nameStarts) if (s.startsWith(lost)) s = start + s.slice(lost.length);
  // An opening bracket before the name that nothing closes is the table's vertical rule read as
  // one ((静脉输液): a bracket that starts a name (a grade, [甲]) is closed.
  s = s.replace(/^[(（\[【](?=[\u4e00-\u9fff])(?!.*[)）\]】])/u, '');
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
  // A size in brackets (换药(中)) names which service was billed: it is part of the name.
  const qualifier = tail !== null && /[)）\]】]$/.test(s) && tables.nameQualifiers.has(tail[1]!);
  if (tail && !qualifier && tail.index > 0 && /[\u4e00-\u9fff]/.test(s.slice(0, tail.index))) {
    spec = tail[1]!;
    s = s.slice(0, tail.index);
    return { ocrName: s.replace(NAME_END_NOISE, ''), spec, code, level };
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
  // Herbal pieces print their preparation (饮片) where drugs print a spec; glued to the name
  // when no spec column is there (枸杞子饮片), it is the spec, not a part of the name.
  const suffix = spec === '' ? tables.specSuffixes.find((w) => s.endsWith(w) && /[\u4e00-\u9fff]{2}$/.test(s.slice(0, -w.length))) : undefined;
  if (suffix) {
    spec = suffix;
    s = s.slice(0, -suffix.length);
  }
  return { ocrName: s.replace(NAME_END_NOISE, ''), spec, code, level };
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

/** A detail table's header: its heading cells, the line through them, the page rows they span. */
interface TableHeader {
  readonly segs: readonly Segment[];
  readonly cols: readonly Column[];
  readonly line: { slope: number; at(x: number): number };
  readonly firstRow: number;
  readonly lastRow: number;
}

/** Slopes tried for a header line: a tilted or curled photo, or a page levelled by a wrong tilt. */
const MAX_HEADER_SLOPE = 0.06;
const HEADER_SLOPE_STEP = 0.0025;
/** Page rows above and below the name heading searched for the header's other headings. */
const HEADER_ROW_REACH = 3;

/**
 * The header of a detail table anchored on a name heading (项目名称) of page row `r`. Its other
 * headings may fall into other page rows (a photo turned more than the page was levelled by puts
 * 金额 two rows above 项目名称): the line through the name heading that passes through headings of
 * the most kinds (then the most headings, then the flattest) is the header's; the headings within
 * 0.6 line heights of the line fitted through them are its cells.
 */
function findHeader(
  rows: readonly (readonly Segment[])[],
  r: number,
  dict: TermDictionary<DetailColumn>,
  unit: number,
  heading: (seg: Segment) => boolean,
): TableHeader | null {
  const anchor = rows[r]!.find((seg) => heading(seg) && dict.scan(seg.text).some((h) => h.payloads[0] === 'name'));
  if (!anchor) return null;
  const rowOf = new Map<Segment, number>();
  const pool: Segment[] = [];
  for (let k = Math.max(0, r - HEADER_ROW_REACH); k <= Math.min(rows.length - 1, r + HEADER_ROW_REACH); k++) {
    for (const seg of rows[k]!) {
      if (!heading(seg)) continue;
      pool.push(seg);
      rowOf.set(seg, k);
    }
  }
  const ax = (anchor.box.x0 + anchor.box.x1) / 2;
  const ay = centreY(anchor.box);
  const through = (slope: number): Segment[] =>
    pool.filter((seg) => Math.abs(centreY(seg.box) - (ay + slope * ((seg.box.x0 + seg.box.x1) / 2 - ax))) < 0.5 * unit);
  let best: { segs: Segment[]; kinds: number; slope: number } | null = null;
  const steps = Math.round(MAX_HEADER_SLOPE / HEADER_SLOPE_STEP);
  for (let k = 0; k <= 2 * steps; k++) {
    // Flattest first, so that ties keep the flattest line.
    const slope = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * HEADER_SLOPE_STEP;
    const segs = through(slope);
    const kinds = new Set(headerColumns(segs, dict).map((c) => c.column)).size;
    if (!best || kinds > best.kinds || (kinds === best.kinds && segs.length > best.segs.length)) best = { segs, kinds, slope };
  }
  if (!best) return null;
  const line = fitLine(best.segs);
  const segs = pool.filter((seg) => Math.abs(centreY(seg.box) - line.at((seg.box.x0 + seg.box.x1) / 2)) < 0.6 * unit);
  if (!segs.includes(anchor)) return null;
  const cols = headerColumns(segs, dict);
  // Taken for a header on words inside longer cells (金额合计（大写）…, 备注项目名称 of a category
  // grid), the headings alone may name no item column: no table here.
  if (!isHeader(cols)) return null;
  const rowsSpanned = segs.map((seg) => rowOf.get(seg)!);
  return { segs, cols, line, firstRow: Math.min(...rowsSpanned), lastRow: Math.max(...rowsSpanned) };
}

export function readDetails(
  segments: readonly Segment[],
  unit: number,
  tables: ExtractTables,
  catalogue: Catalogue,
  categoryNames: ReadonlySet<string>,
): CostDetail[] {
  return readDetailTables(segments, unit, tables, catalogue, categoryNames).details;
}

export interface DetailTables {
  readonly details: CostDetail[];
  /** Segments read as detail rows: a category word among them (挂号费 billed as an item) is no category. */
  readonly segments: ReadonlySet<number>;
}

/**
 * Detail tables of a page. A table whose rows mostly name cost categories is a category grid under
 * a 项目名称 | 金额 header (read by readCategoryGrid), and gives no details; in a real detail table a
 * row named like a category with its quantity or price (挂号费 1次 1.00) is a billed item.
 */
export function readDetailTables(
  segments: readonly Segment[],
  unit: number,
  tables: ExtractTables,
  catalogue: Catalogue,
  categoryNames: ReadonlySet<string>,
): DetailTables {
  const dict = new TermDictionary<DetailColumn>();
  for (const [word, col] of tables.detailHeaders) dict.add(word, col);
  const rows = rowsOf(segments);
  const out: CostDetail[] = [];
  const claimed = new Set<number>();
  // Words of the blocks around a table (医疗机构类型, 个人账户支付): a row holding one is past its end.
  const labels = [
    ...[...tables.fields.values()].flatMap((f) => f.labels),
    ...tables.paymentAliases.map((a) => a.printed),
  ].filter((w) => w.length >= 3);
  // A payment label holding a heading word (个人支付金额, 本次医保范围内金额: a block printed beside
  // the table) is no column heading.
  const notHeadings = tables.paymentAliases.map((a) => a.printed).filter((w) => !tables.detailHeaders.has(w));
  const heading = (seg: Segment): boolean => isHeaderWord(seg, dict) && !notHeadings.some((w) => compact(seg.text).includes(w));
  const used = new Set<Segment>();
  for (let r = 0; r < rows.length; r++) {
    const header = findHeader(rows, r, dict, unit, (seg) => heading(seg) && !used.has(seg));
    if (!header) continue;
    for (const seg of header.segs) used.add(seg);
    const { line, cols } = header;
    const offLine = (seg: Segment): number => centreY(seg.box) - line.at((seg.box.x0 + seg.box.x1) / 2);
    // Page rows the header's line crosses hold its first body cells below the line (a photo turned
    // more than the page was levelled by); the rows after them are the body.
    const body: Segment[] = [];
    for (let k = header.firstRow; k <= header.lastRow; k++) {
      body.push(...rows[k]!.filter((seg) => !header.segs.includes(seg) && offLine(seg) > 0.6 * unit));
    }
    const first = header.lastRow + 1;
    const gs = groups(cols);
    const rightEdge = tableRightEdge(cols);
    let lastY = rows[first - 1]![0]!.box.y1;
    for (let k = first; k < rows.length; k++) {
      const row = rows[k]!;
      const text = row.map((s) => s.text).join('');
      if (row[0]!.box.y0 - lastY > 3 * unit) break;
      if (tables.totalStopWords.some((w) => text.startsWith(w)) || isHeader(headerColumns(row, dict))) break;
      lastY = row[0]!.box.y1;
      body.push(...row);
    }
    const found: { detail: CostDetail; categoryLike: boolean; segments: number[] }[] = [];
    const vertical = verticalPrint(body);
    for (const row of bodyRows(body.filter((seg) => !vertical.has(seg)), unit, line.slope)) {
      const toks = beforeSideBlock(tokens(row, 0.8 * unit), labels).filter((t) => t.x0 <= rightEdge);
      const assigned = assignColumns(toks, gs);
      gs.forEach((g, gi) => {
        const byColumn = countsOutOfCost(assigned[gi]!);
        const cells = new Map<DetailColumn, string>();
        for (const [col, ts] of byColumn) {
          const kept = col === 'name' ? withoutSealText(ts, unit, tables.sealChars) : ts;
          cells.set(col, kept.map((t) => t.text).join(''));
        }
        const detail = buildDetail(cells, new Set(g.map((c) => c.column)), tables, catalogue);
        if (!detail || holdsLabel(detail.origin_ocr_name, labels)) return;
        const ids = [...byColumn.values()].flat().flatMap((t) => (t.segment === undefined ? [] : [t.segment]));
        found.push({ detail, categoryLike: isCategoryLike(detail.ocr_name, categoryNames), segments: ids });
      });
    }
    const categoryRows = found.filter((f) => f.categoryLike).length;
    if (found.length > 0 && categoryRows >= CATEGORY_GRID_SHARE * found.length) continue;
    for (const f of found) {
      // A category word with a quantity or a price is a billed item (挂号费 1次 1.00); with the
      // amount alone it is a subtotal line of that category.
      if (f.categoryLike && f.detail.amount === 0 && f.detail.unit_price === 0) continue;
      out.push(f.detail);
      for (const id of f.segments) claimed.add(id);
    }
  }
  return { details: out, segments: claimed };
}

/** Share of category-named rows from which a "detail table" is a category grid. */
const CATEGORY_GRID_SHARE = 0.6;

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

/** Slants tried for a table body around its header's: ±0.03 in steps of 0.002. */
const MAX_SLANT_STEPS = 30;

export function bodyRows(segments: readonly Segment[], unit: number, headerSlope = 0): Segment[][] {
  // Dot-matrix values are printed at their own slant against the pre-printed form the page was
  // levelled by: the slant that packs the cells into the fewest rows is the body's own; among
  // slants giving as many rows, the one whose rows are straightest (cells nearest their row's line).
  // Slants are tried around the header's own (a photo's residual tilt after levelling), never far
  // from it: steep slants pack stray marks below a table (seal letters, binding holes) into rows.
  // Lone characters (letters of a seal's ring, a binding hole read as 0, a count or unit) do not
  // vote on the slant: a few of them far apart line up at some steep slant by chance.
  const voters = segments.filter((seg) => [...seg.text].length >= 2);
  let best: { slope: number; rows: number; spread: number } | null = null;
  for (let k = 0; k <= MAX_SLANT_STEPS; k++) {
    const slope = headerSlope + (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 0.002;
    const found = clusterRows(voters, unit, slope);
    const rows = found.rows.length;
    if (!best || rows < best.rows || (rows === best.rows && found.spread < best.spread - 1e-6)) best = { slope, rows, spread: found.spread };
  }
  return clusterRows(segments, unit, best?.slope ?? headerSlope).rows;
}

function clusterRows(segments: readonly Segment[], unit: number, slope: number): { rows: Segment[][]; spread: number } {
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
  let spread = 0;
  for (const r of rows) for (const s of r.items) spread += Math.abs(cy(s) - r.sum / r.items.length);
  return { rows: rows.map((r) => r.items.sort((a, b) => a.box.x0 - b.box.x0)), spread };
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
  // One character is no name, unless the catalogue knows the character the recogniser lost from
  // it (川 of 川芎, its spec 饮片 in a column of its own): the row and its cost are the item's.
  if (!/[\u4e00-\u9fff]{2,}/.test(origin) && !(/^[\u4e00-\u9fff]$/.test(compact(origin)) && catalogue.correct(origin) !== null)) return null;
  const num = (c: DetailColumn): number | null => {
    const v = cells.get(c);
    if (v === undefined) return null;
    return cellNumber(v);
  };
  let amount = num('amount');
  let unitText = cells.get('unit') ?? '';
  let nameText = origin;
  if (amount === null && cells.has('amount') === false && columns.has('amount')) {
    // The quantity printed close to a long name joins its cell (注射用头孢曲松钠4支): with the
    // quantity column empty, a count and a one-character unit at the name's end are the quantity.
    // The count may follow a spec glued to the name (甲硝唑氯化钠注射液0.5g:100ml2瓶, …[0.5g:100ml]1瓶).
    const q = /^(.*(?:[\u4e00-\u9fff)）\]】]|\d(?:ml|mg|g|μg|ug|iu|IU|u|U)))(\d+(?:\.\d+)?)([\u4e00-\u9fff])$/.exec(compact(origin));
    if (q) {
      nameText = q[1]!;
      amount = Number(q[2]);
      if (!unitText) unitText = q[3]!;
    }
  }
  const amountCell = cells.get('amount') ?? '';
  // A count with its unit in the 数量 cell: 4盒, and 190 g (weights of herbal pieces in grams).
  const au = /^(\d+(?:\.\d+)?)([\u4e00-\u9fff]{1,2}|[a-zA-Z]{1,3})$/.exec(compact(amountCell));
  if (au) {
    amount = Number(au[1]);
    if (!unitText) unitText = au[2]!;
  }
  // A count printed close to its unit is read as one cell (4盒, 160g) centred between 数量 and
  // 单位, and may land under 单位: the number is the quantity.
  const uu = /^(\d+(?:\.\d+)?)([\u4e00-\u9fff]{1,2}|[a-zA-Z]{1,3})$/.exec(compact(unitText));
  if (uu && amount === null) {
    amount = Number(uu[1]);
    unitText = uu[2]!;
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
  // The recommended name (api.md: ocr_name) is the printed one with an OCR misread of its generic
  // part put right; origin_ocr_name keeps what was read.
  const ocrName = catalogue.correct(parts.ocrName) ?? parts.ocrName;
  const match = catalogue.match(ocrName);
  return {
    ocr_name: ocrName,
    cost,
    amount: amount ?? 0,
    unit_price: unitPrice ?? 0,
    spec: compact(cells.get('spec') ?? '') || parts.spec,
    unit: compact(unitText),
    medical_level: level,
    selfpay_ratio: r ?? 0,
    selfpay,
    medical_type: medicalType(match?.section ?? '', cls, ocrName),
    class: cls,
    item_coding: compact(cells.get('item_coding') ?? '') || parts.code,
    origin_ocr_name: nameText,
    name: match?.name ?? '',
    check_amount_unitprice_cost: check,
  };
}

/**
 * A cost misread where quantity × unit price says otherwise (60.09 read for 2 × 30.00) is put
 * right only when the invoice's own sums decide: the details do not add up to the total (or to the
 * categories' sum), and taking the product for exactly one row that breaks quantity × price makes
 * them add up. A row printed inconsistent on purpose stays as printed, as the sums then hold.
 */
export function reconcileDetailCosts(details: readonly CostDetail[], targets: readonly number[]): CostDetail[] {
  const wanted = targets.filter((t) => t > 0);
  if (details.length === 0 || wanted.length === 0) return [...details];
  const sum = roundCents(details.reduce((a, d) => a + d.cost, 0));
  const adds = (s: number): boolean => wanted.some((t) => Math.abs(s - t) <= 0.005);
  if (adds(sum)) return [...details];
  const fixes = details.flatMap((d, i) => {
    if (d.check_amount_unitprice_cost !== 0) return [];
    const product = roundCents(d.amount * d.unit_price);
    return product > 0 && adds(roundCents(sum - d.cost + product)) ? [{ i, product }] : [];
  });
  return fixes.length === 1 ? withProducts(details, new Set([fixes[0]!.i])) : [...details];
}

/** The details with the cost of rows `rows` replaced by quantity × unit price. */
function withProducts(details: readonly CostDetail[], rows: ReadonlySet<number>): CostDetail[] {
  return details.map((d, k) => {
    if (!rows.has(k)) return d;
    const product = roundCents(d.amount * d.unit_price);
    const selfpay = d.selfpay_ratio > 0 ? roundCents(product * d.selfpay_ratio) : d.selfpay;
    return { ...d, cost: product, selfpay, check_amount_unitprice_cost: 1 as CheckValue };
  });
}
