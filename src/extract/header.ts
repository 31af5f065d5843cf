/** Header fields of an invoice: title, province, kind, the labelled key-value fields and the total. */
import type { Province } from '../contract/extract.js';
import { centreY, height, neighbours, rowsOf, startsAtCutEdge, type Box, type Segment } from './layout.js';
import { dropStrayBeforePlace, dropSeamStray, hospitalIn, isIssuerLabelOrTail, isSealTextAlone, startsNumberedWord, hospitalNameTables, looksLikeHospital, placesOf, repairNameWords, restorePlacePrefix, trimAfterSuffix } from './hospital-name.js';
import { sameAmount } from './parse/amount.js';
import { findDates } from './parse/date.js';
import { compact } from './parse/normalize.js';
import type { ExtractTables, HeaderField } from './tables.js';
import { groupBySegment, valueCandidates, type TermDictionary, type TermHit } from './terms.js';
import { headerValueTables, readHeaderValue } from './header-values.js';
import { cutLabelOwner, fitsFieldShape, type FieldValue } from './values.js';

/** What a term found on the page stands for. */
export type TermPayload =
  | { readonly type: 'field'; readonly field: HeaderField; readonly rank: number }
  | { readonly type: 'payment'; readonly name: string; readonly provinces?: readonly Province[] }
  | { readonly type: 'category'; readonly name: string }
  /** A column header of a detail table: never a value, it only ends the value of a term before it. */
  | { readonly type: 'column' };

export interface Title {
  readonly text: string;
  readonly segments: readonly Segment[];
}

/**
 * The invoice's title: among the upper third of the page, the tallest row holding a title word
 * (票据, 发票, 收据, 结算单, ...). Cells of that row are joined because seals and wide spacing often
 * split a title in pieces.
 */
export function findTitle(segments: readonly Segment[], pageHeight: number, tables: ExtractTables): Title | null {
  let best: { row: Segment[]; h: number } | null = null;
  const top = segments.length > 0 ? Math.min(...segments.map((s) => s.box.y0)) : 0;
  const limit = top + Math.max(pageHeight - top, 1) * 0.4;
  for (const row of rowsOf(segments)) {
    const y = centreY(row[0]!.box);
    if (y > limit) continue;
    // Cells holding a label or a number (No 31587650, 票据代码:...) share the title's row on
    // photos and tight layouts; they are not part of the title.
    const cells = row.filter((s) => !/[:：]/.test(s.text) && !/\d{4,}/.test(s.text));
    const text = cells.map((s) => s.text).join('');
    if (!tables.titleWords.some((w) => text.includes(w))) continue;
    const h = Math.max(...cells.map((s) => height(s.box)));
    if (!best || h > best.h * 1.05) best = { row: cells, h };
  }
  if (!best) return null;
  const text = best.row.map((s) => s.text).join('').replace(/^No.*$/, '');
  return { text, segments: best.row };
}

/** Province named in a text (a title, a hospital name), longest name first. */
export function provinceIn(text: string, tables: ExtractTables): Province | undefined {
  let found: { key: Province; len: number } | undefined;
  for (const row of tables.provinces.values()) {
    for (const n of row.names) {
      if (text.includes(n) && (!found || n.length > found.len)) found = { key: row.key, len: n.length };
    }
  }
  return found?.key;
}

/** Province of an e-invoice from its note_code's first two digits (administrative division). */
export function provinceOfCode(noteCode: string, tables: ExtractTables): Province | undefined {
  if (!/^\d{8,}$/.test(noteCode)) return undefined;
  for (const row of tables.provinces.values()) if (noteCode.startsWith(row.adminCode)) return row.key;
  return undefined;
}

export function addFieldTerms(dict: TermDictionary<TermPayload>, tables: ExtractTables, province: Province | undefined): void {
  // 医保类型 and 参保类型 both name the insurance type: a misread shared by them (服保类型) is no
  // ambiguity. The rank only orders labels of one field.
  dict.setMeaning((p) => (p.type === 'field' ? `field:${p.field}` : JSON.stringify(p)));
  for (const field of tables.fields.keys()) {
    const extra = province ? tables.provinces.get(province)?.labels[field] ?? [] : [];
    const labels = [...extra, ...(tables.fields.get(field)?.labels ?? [])];
    labels.forEach((label, rank) => dict.add(label, { type: 'field', field, rank }));
  }
}

export type HeaderValues = Partial<Record<HeaderField, FieldValue>>;

/**
 * Labels cut by the picture's left edge (a photo that missed the margin): the segment touching the
 * edge starts with the tail of a label and its colon (费日期： of 收费日期：). The tail is taken for
 * that label when it is the tail of one field's labels only (款人 ends 交款人 and 收款人: no), or
 * when the value's shape tells the fields apart (values.ts cutLabelOwner). Inside the page, a
 * label that lost its first character (three or more left) is read the same way, and one with two
 * characters left only when its value's shape names the field.
 */
export function edgeLabelHits(
  segments: readonly Segment[],
  hits: readonly TermHit<TermPayload>[],
  unit: number,
  tables: ExtractTables,
): TermHit<TermPayload>[] {
  // A table heading (代码 of 项目代码) is no label: 代码：6515954772 at the edge is a cut one.
  const labelled = new Set(hits.filter((h) => h.start === 0 && h.payloads.some((p) => p.type !== 'column')).map((h) => h.segment.id));
  const fieldsLabelled = new Set(hits.flatMap((h) => h.payloads.flatMap((p) => (p.type === 'field' ? [p.field] : []))));
  const out: TermHit<TermPayload>[] = [];
  for (const s of segments) {
    if (labelled.has(s.id)) continue;
    const m = /^([\u4e00-\u9fff]{1,6})[:：]/.exec(s.text);
    if (!m) continue;
    const tail = m[1]!;
    // Inside the page, a label that lost its first character (算日期： of 结算日期, a seal or
    // fading took 结) when three characters or more are left: values.ts cutLabelOwner.
    const atEdge = startsAtCutEdge(s, unit);
    if (!atEdge && tail.length < 2) continue;
    // Two characters left inside the page (代码： of 票据代码, the rest faded) count only when
    // the value's shape names the field; the value may stand in the next cell of the row.
    const shapeOnly = !atEdge && tail.length === 2;
    // At the edge too the value may stand in the next cell (居代码： | 22329477, 据 cut and misread).
    const value = valueAfterTail(s, tail, hits, segments, unit);
    const best = cutLabelOwner(tail, value, fieldsLabelled, tables, atEdge);
    if (!best) continue;
    if (shapeOnly && !shapeDecides(best.field, value, tables)) continue;
    out.push({ segment: s, start: 0, end: tail.length, term: best.label, payloads: [{ type: 'field', field: best.field, rank: best.rank }] });
  }
  return out;
}

/** The text after a label tail: the rest of its cell, or the nearest cell after it when only the colon is left. */
function valueAfterTail(s: Segment, tail: string, hits: readonly TermHit<TermPayload>[], segments: readonly Segment[], unit: number): string {
  const rest = s.text.slice(tail.length);
  if (!/^[:：\s]*$/.test(rest)) return rest;
  const probe: TermHit<TermPayload> = { segment: s, start: 0, end: [...tail].length, term: tail, payloads: [] };
  const next = valueCandidates(probe, groupBySegment(hits), segments, unit).find((c) => !/^[:：\s]*$/.test(c.text));
  return next?.text ?? rest;
}

/** Whether a field's value shape (a note code's 6-14 digits...) holds for a value: fields without one never decide. */
function shapeDecides(field: HeaderField, value: string, tables: ExtractTables): boolean {
  const spec = tables.fields.get(field);
  return spec?.shape !== undefined && fitsFieldShape(spec, value);
}

/** Every proper start (two characters and more) of every field label, with the fields it starts: 交款人统 of 交款人统一社会信用代码. */
export function labelHeads(tables: ExtractTables): ReadonlyMap<string, ReadonlySet<HeaderField>> {
  const heads = new Map<string, Set<HeaderField>>();
  for (const [field, spec] of tables.fields) {
    for (const label of spec.labels) {
      const chars = [...compact(label)];
      for (let n = 2; n < chars.length; n++) {
        const head = chars.slice(0, n).join('');
        const set = heads.get(head) ?? new Set<HeaderField>();
        set.add(field);
        heads.set(head, set);
      }
    }
  }
  return heads;
}

/**
 * A label hit that is the start of another field's longer label broken over two OCR lines:
 * 交款人 in 交款人统一 | 社会信用代码. What follows it to the end of its segment continues that
 * longer label (统一 is no patient's name), so the hit is not the short label at all. A longer
 * label of the hit's own field cut short (收款单位（章) is still that field's label.
 */
export function startsLongerLabel(hit: TermHit<TermPayload>, bySegment: ReadonlyMap<number, readonly TermHit<TermPayload>[]>, heads: ReadonlyMap<string, ReadonlySet<HeaderField>>): boolean {
  const own = bySegment.get(hit.segment.id) ?? [];
  if (own.some((h) => h.start >= hit.end)) return false;
  const chars = [...hit.segment.text];
  if (chars.length <= hit.end) return false;
  const rest = chars.slice(hit.end);
  // The whole rest continues the longer label, or (a misread further on: 交款人统一社会保用代联)
  // its next two characters do and the longer label's colon follows: ending the segment, or
  // before that label's own value read into the same box (交款人统一社会优用代码：4018…).
  const whole = heads.get(hit.term + rest.join(''));
  const colon = rest.findIndex((c) => c === ':' || c === '：');
  const start = colon >= 4 ? heads.get(hit.term + rest.slice(0, 2).join('')) : undefined;
  const fields = whole ?? start;
  if (!fields) return false;
  return !hit.payloads.some((p) => p.type === 'field' && fields.has(p.field));
}

/**
 * Reads every labelled field. A label can stand for several fields (收款单位 is both hospital and
 * payee unit). For each field, its labels are tried in the table's order (most specific first) and
 * each label's candidates nearest first; the first candidate that reads as the field's kind wins.
 */
export function readHeader(
  hits: readonly TermHit<TermPayload>[],
  segments: readonly Segment[],
  unit: number,
  tables: ExtractTables,
): HeaderValues {
  const all = [...hits, ...edgeLabelHits(segments, hits, unit, tables)];
  const bySegment = groupBySegment(all);
  const perField = new Map<HeaderField, { hit: TermHit<TermPayload>; rank: number }[]>();
  for (const hit of all) {
    for (const p of hit.payloads) {
      if (p.type !== 'field') continue;
      const list = perField.get(p.field) ?? [];
      list.push({ hit, rank: p.rank });
      perField.set(p.field, list);
    }
  }
  const heads = labelHeads(tables);
  const out: HeaderValues = {};
  for (const [field, list] of perField) {
    const kind = tables.fields.get(field)!.kind;
    list.sort((a, b) => a.rank - b.rank || a.hit.segment.box.y0 - b.hit.segment.box.y0);
    for (const { hit } of list) {
      if (startsLongerLabel(hit, bySegment, heads)) continue;
      // The issuer's round seal is stamped over its name cell: a cell of nothing but the seal's
      // words (财务专用章) is the seal read on its own, never the name, which is read further on.
      const candidates = valueCandidates(hit, bySegment, segments, unit, { overColon: true })
        .filter((c) => !ISSUER_FIELDS.has(field) || !isSealTextRead(compact(c.text)));
      const value = candidates.map((c) => readHeaderValue(kind, c.text)).find((v): v is FieldValue => v !== null);
      if (kind === 'org' && typeof value === 'string' && !looksLikeHospital(value)) {
        // OCR boxed the name in pieces (武汉市第一 | 人民医院): the first piece grown over the
        // cells right of it, when that gives an institution's name.
        const first = candidates.find((c) => readHeaderValue(kind, c.text) !== null);
        const joined = first ? nameAcrossCells(first, segments, bySegment, unit, placesOf(tables)) : '';
        if (joined !== '') {
          out[field] = joined;
          break;
        }
      }
      if (value !== undefined) {
        out[field] = kind === 'person' && typeof value === 'string' ? nameAfterShortLabel(hit, value) : value;
        break;
      }
    }
  }
  const agreeing = figureAgreeingWithCapital(perField.get('total_cost_figures') ?? [], out, (hit) => valueCandidates(hit, bySegment, segments, unit));
  if (agreeing !== null) out.total_cost_figures = agreeing;
  if (out.patient_name === undefined) {
    const name = nameAtCutEdge(segments, bySegment, unit, headerValueTables(), tables.fields.get('patient_name')?.labels ?? []);
    if (name !== '') out.patient_name = name;
  }
  if (out.patient_gender === undefined) {
    // The ID number's gender only where the invoice prints a gender (a trace of its label) that
    // OCR could not read: an invoice without one answers 0, unknown, as printed.
    const printsGender = segments.some((s) => /^[^\u4e00-\u9fff\w]?(性.?|别)[:：]/u.test(s.text));
    const gender = genderOfHalfLabel(segments) ?? genderInsideCell(segments) ?? loneGender(segments) ?? (printsGender ? genderOfIdNumber(segments.map((s) => s.text)) : null);
    if (gender !== null) out.patient_gender = gender;
  }
  return out;
}

/** Least recogniser score of a character read where a label's last one should stand, to be taken for a name's. */
const SURE_CHAR_SCORE = 0.9;

/**
 * A name read after a label the dictionary matched with its last character misread (交款钟梅梅: 钟
 * for 人), given that character back when it is a common family name the recogniser was sure of
 * and no colon follows it: 钟 looks nothing like 人, so the label lost its last character (faint or
 * left out with its colon) and 钟 starts the name. The value as read otherwise.
 */
export function nameAfterShortLabel(hit: TermHit<TermPayload>, value: string, t = headerValueTables()): string {
  const chars = hit.segment.chars;
  const term = [...hit.term];
  if (term.length < 3 || hit.end - hit.start !== term.length || hit.end > chars.length) return value;
  const read = chars.slice(hit.start, hit.end).map((c) => c.char);
  const last = chars[hit.end - 1]!;
  if (read.slice(0, -1).join('') !== term.slice(0, -1).join('') || last.char === term[term.length - 1]) return value;
  if (!t.surnames.has(last.char) || (last.score ?? 0) < SURE_CHAR_SCORE || /^[:：]/.test(chars[hit.end]?.char ?? '')) return value;
  const name = last.char + value;
  return [...name].length <= 4 && hit.segment.text.slice(hit.end).startsWith(value) ? name : value;
}

/**
 * The patient's name when the picture's left edge cut its label off (交款人： lost, 魏东宇 left):
 * the page is cut there when another cell at the edge starts with the tail of a label and its
 * colon (码：2166191367). The name is the one cell at the edge in the upper part of the page that
 * keeps its label's tail (名：许子佳), else the one that is two to four Chinese characters starting
 * with a common family name and holding no term. '' when there is no such cell or more than one.
 */
export function nameAtCutEdge(
  segments: readonly Segment[],
  bySegment: ReadonlyMap<number, readonly TermHit<TermPayload>[]>,
  unit: number,
  t = headerValueTables(),
  nameLabels: readonly string[] = [],
): string {
  if (segments.length === 0) return '';
  const atEdge = segments.filter((s) => startsAtCutEdge(s, unit));
  // A colon at the edge with its whole label cut off (：沈春辉) shows the cut as well.
  if (!atEdge.some((s) => /^[\u4e00-\u9fff]{0,4}[:：]/.test(s.text))) return '';
  const top = Math.min(...segments.map((s) => s.box.y0));
  const bottom = Math.max(...segments.map((s) => s.box.y1));
  const upper = atEdge.filter((s) => centreY(s.box) < top + 0.4 * (bottom - top));
  const startsWithSurname = (name: string) => name !== '' && t.surnames.has([...name][0]!);
  // A name after its label's tail (名：许子佳) is the patient's whatever bare cells the cut left
  // (成药费 of 中成药费 also starts with a family name): a bare cell decides only without one.
  // So is one after a colon alone, the whole label cut off (：沈春辉).
  const tailed = upper.map((s) => nameAfterLabelTail(withValueCell(s, segments, unit), nameLabels) || nameAfterLoneColon(s.text)).filter(startsWithSurname);
  if (tailed.length > 0) return tailed.length === 1 ? tailed[0]! : '';
  const bare = upper.filter((s) => /^[\u4e00-\u9fff]{2,4}$/.test(s.text) && (bySegment.get(s.id) ?? []).length === 0).map((s) => s.text).filter(startsWithSurname);
  return bare.length === 1 ? bare[0]! : '';
}

/**
 * An edge cell that is a label tail and its colon alone (款人： | 吕桂浩: OCR boxed the cut label and
 * the name printed after it apart) read with the nearest cell right of it on its row, so the tail
 * vouches for the name as it does when both are one cell (人：邹强轩). Any other cell as read.
 */
function withValueCell(s: Segment, segments: readonly Segment[], unit: number): string {
  if (!/^[\u4e00-\u9fff]{1,3}[:：]$/.test(compact(s.text))) return s.text;
  const next = neighbours(s.box, segments, unit).find((n) => n.where === 'right' && n.s.id !== s.id);
  return next ? compact(s.text) + compact(next.s.text) : s.text;
}

/** The two to four Chinese characters after a colon that starts an edge cell (：沈春辉); '' otherwise. */
function nameAfterLoneColon(text: string): string {
  return /^[:：]([\u4e00-\u9fff]{2,4})$/.exec(compact(text))?.[1] ?? '';
}

/**
 * The name in an edge cell that kept the tail of its label (人：邹强轩 of 交款人：): the tail ends a
 * patient-name label; the rest is two to four Chinese characters. The tail's first character may be
 * the piece of a character the edge cut through, read as another one (生名 of 姓名 with 女 cut off):
 * the rest of the tail must then end the label, and the label be at least as long. '' otherwise.
 */
export function nameAfterLabelTail(text: string, nameLabels: readonly string[]): string {
  const m = /^([\u4e00-\u9fff]{1,3})[:：]([\u4e00-\u9fff]{2,4})$/.exec(compact(text));
  if (!m) return '';
  const tail = m[1]!;
  const afterCut = tail.slice(1);
  const ends = (l: string) => (l.length > tail.length && l.endsWith(tail)) || (afterCut !== '' && l.length >= tail.length && l.endsWith(afterCut));
  return nameLabels.some(ends) ? m[2]! : '';
}

/** Fields naming the issuer, whose round seal is stamped over the name. */
const ISSUER_FIELDS: ReadonlySet<HeaderField> = new Set<HeaderField>(['hospital_name', 'charging_units']);

/** A cell holding one of the seal's words and nothing else of note (财务专用章, 院收费专用章). */
function isSealTextRead(text: string): boolean {
  return hospitalNameTables().sealWords.some((w) => text.includes(w)) && isSealTextAlone(text);
}

/** Cells joined into one name: at most this many after the first. */
const MAX_NAME_PIECES = 3;

/**
 * An institution's name OCR boxed in pieces along its row (武汉市第一 | 人民医院, 南昌同仁 | 医院章):
 * the cell grown over the nearest cells right of it (starting within three line heights of its
 * end, centres within 0.75 line heights: dot-matrix pieces drift) until the text has a name's
 * shape. Cells starting with a term are another field's. '' when no join gives the shape.
 */
export function nameAcrossCells(
  first: Segment,
  segments: readonly Segment[],
  bySegment: ReadonlyMap<number, readonly TermHit<TermPayload>[]>,
  unit: number,
  places: readonly string[] = [],
): string {
  let text = first.text;
  let end = first.box;
  let endText = first.text;
  const used = new Set([first.id]);
  for (let k = 0; k < MAX_NAME_PIECES; k++) {
    const next = segments
      .filter((s) => !used.has(s.id) && s.box.x0 >= end.x1 - 0.5 * unit && s.box.x0 - end.x1 <= 3 * unit)
      .filter((s) => Math.abs(centreY(s.box) - centreY(end)) <= 0.75 * unit)
      .filter((s) => (bySegment.get(s.id) ?? [])[0]?.start !== 0)
      .sort((a, b) => a.box.x0 - b.box.x0)[0];
    if (!next) return '';
    used.add(next.id);
    text = joinAtSeam(text, next.text, places, lostOneAtSeam(endText, end, next.box));
    end = next.box;
    endText = next.text;
    // The seal's 章 read after the suffix (南昌同仁 | 医院章) is no part of the name.
    const value = readHeaderValue('org', text.replace(/章$/, ''));
    if (typeof value === 'string' && looksLikeHospital(value)) return value;
  }
  return '';
}

/**
 * Two pieces of a name joined, without a character read twice at the seam (see dropSeamStray), and
 * with the numeral 一 put back between 第 and a word numerals precede (人民医院, 医院) when the seam
 * is about one character wide: a lone horizontal stroke is the one character the text detector
 * takes for a rule and leaves out of both boxes, while any other numeral would have been read.
 */
function joinAtSeam(head: string, next: string, places: readonly string[], lostOne: boolean): string {
  const numeralLost = lostOne && /第$/u.test(head) && startsNumberedWord(next);
  return dropSeamStray(head, next, places) + (numeralLost ? '一' : '') + next;
}

/** Whether the gap between a piece of text and the next box is about one character of the piece wide. */
function lostOneAtSeam(head: string, headBox: Box, nextBox: Box): boolean {
  const count = [...head].length;
  if (count === 0) return false;
  const charWidth = (headBox.x1 - headBox.x0) / count;
  const gap = nextBox.x0 - headBox.x1;
  return gap >= 0.7 * charWidth && gap <= 1.6 * charWidth;
}

/** Weights of the 17 digits of a PRC resident ID number (GB 11643), for its check character. */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/**
 * The gender a printed 18-digit resident ID number encodes (its 17th digit: odd for men, even for
 * women), when no gender was read. Only numbers whose check character and birth date are valid
 * count, so an invoice or serial number of 18 digits is never taken for one; all such numbers on
 * the page must agree. null otherwise.
 */
export function genderOfIdNumber(texts: readonly string[]): FieldValue | null {
  const found = new Set<1 | 2>();
  for (const text of texts) {
    for (const m of text.matchAll(/(?<![0-9])([1-9]\d{16}[0-9Xx])(?![0-9A-Za-z])/g)) {
      const id = m[1]!.toUpperCase();
      if (!isResidentId(id)) continue;
      found.add(Number(id[16]) % 2 === 1 ? 1 : 2);
    }
  }
  return found.size === 1 ? [...found][0]! : null;
}

function isResidentId(id: string): boolean {
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(id[i]), 0);
  if (ID_CHECK[sum % 11] !== id[17]) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A gender value cell: 男 or 女 alone, after its colon, or after a colon and the one character
 * left of its label (营：男, the blur made one character of 性别): no other field's value is 男
 * or 女 alone, so the damaged label needs no reading.
 */
const LONE_GENDER_CELL = /^(?:[^\u4e00-\u9fff\w]?[\u4e00-\u9fff]?[:：])?([男女])$/u;

/**
 * The value cell of a gender whose label OCR did not read at all (or only as one character): a
 * cell that is 男 or 女 alone (see LONE_GENDER_CELL). Every such cell must name the same gender;
 * null otherwise.
 */
export function loneGender(segments: readonly Segment[]): FieldValue | null {
  const found = new Set(segments.map((s) => LONE_GENDER_CELL.exec(s.text)?.[1]).filter((g) => g !== undefined));
  if (found.size !== 1) return null;
  return found.has('男') ? 1 : 2;
}

/**
 * A gender whose label lost one of its two characters (性：女, 别：男): a cell starting with 性 or 别
 * and a colon, then a gender value. The colon is required, as a lone character is otherwise any
 * word's. null when no cell reads so.
 */
export function genderOfHalfLabel(segments: readonly Segment[]): FieldValue | null {
  for (const s of segments) {
    const m = /^[^\u4e00-\u9fff\w]?[性别][:：](.+)$/u.exec(s.text);
    const v = m ? readHeaderValue('gender', m[1]!) : null;
    if (v !== null) return v;
  }
  return null;
}

/**
 * A gender cell OCR boxed into the line of the cells before it (…医保类型：省内异地医保性别：女,
 * 2022-09-06性时：男), when the dictionary found no 性别 label there: a neighbouring label's
 * one-misread match took its characters (医保性别 read as 医保类别), or the label's second
 * character was misread. 性, a colon (after 别 or one misread character; 性别 alone may lose
 * it) and 男 or 女 ending the cell or followed by no Chinese character is the gender: no other
 * field's value is a lone 男 or 女 after such a label. Every such cell must agree; null otherwise.
 */
export function genderInsideCell(segments: readonly Segment[]): FieldValue | null {
  const found = new Set<1 | 2>();
  for (const s of segments) {
    for (const m of compact(s.text).matchAll(/性(?:别[:：]?|[\u4e00-\u9fff][:：])([男女])(?![\u4e00-\u9fff])/gu)) found.add(m[1] === '男' ? 1 : 2);
  }
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * The 小写 total when the first figure read near its labels disagrees with the 大写 one: another
 * candidate of those labels (the next cell, the cell below) reading exactly the capital amount is
 * the total, the first one a neighbouring amount. null when nothing is to change.
 */
function figureAgreeingWithCapital(
  labels: readonly { hit: TermHit<TermPayload> }[],
  read: HeaderValues,
  candidates: (hit: TermHit<TermPayload>) => readonly Segment[],
): number | null {
  const { total_cost_figures: figures, total_cost_capital: capital } = read;
  if (typeof capital !== 'number' || typeof figures !== 'number' || capital <= 0 || sameAmount(figures, capital)) return null;
  for (const { hit } of labels) {
    for (const c of candidates(hit)) {
      const v = readHeaderValue('amount', c.text);
      if (typeof v === 'number' && sameAmount(v, capital)) return v;
    }
  }
  return null;
}

/**
 * The end of a stay printed after the start under one label (住院时间：2021-01-10-2021-01-16), in the
 * label's own segment or the cell right of it: the date after `start` in the first value holding
 * both. '' when no value holds two dates.
 */
export function stayEndAfterStart(
  hits: readonly TermHit<TermPayload>[],
  segments: readonly Segment[],
  unit: number,
  start: string,
): string {
  const bySegment = groupBySegment(hits);
  const labels = hits.filter((h) => h.payloads.some((p) => p.type === 'field' && p.field === 'start_hospital_date'));
  for (const h of labels) {
    for (const c of valueCandidates(h, bySegment, segments, unit)) {
      const dates = findDates(c.text);
      if (dates.length >= 2 && dates[0]!.date === start) return dates[1]!.date;
    }
  }
  return '';
}

/** One institution's name (…医院, …卫生院, …中心, ...): the suffix list lives in data/hospital-names.json. */
export const HOSPITAL_NAME = hospitalNameTables().pattern;

/**
 * A hospital named anywhere on the page, for invoices that print it without a label. Text after
 * another field's label is that field's value (医疗机构类型：专科医院 names a kind of hospital, not
 * the issuer), so only unlabelled text or text after a hospital label counts.
 */
export function findHospitalName(segments: readonly Segment[], title: Title | null, tables: ExtractTables): string {
  const titleIds = new Set(title?.segments.map((s) => s.id) ?? []);
  const ownLabels = new Set(['hospital_name', 'charging_units'].flatMap((f) => tables.fields.get(f as HeaderField)?.labels ?? []).map(compact));
  // Labels of other fields of four characters and more (医疗机构类型): text starting with one is
  // that field's value, also when OCR lost or misread the colon after the label (医疗机构类型明中医医院).
  const otherLabels = [...tables.fields.entries()]
    .filter(([f]) => f !== 'hospital_name' && f !== 'charging_units')
    .flatMap(([, spec]) => spec.labels.map(compact))
    .filter((l) => [...l].length >= 4 && !ownLabels.has(l));
  for (const s of segments) {
    if (titleIds.has(s.id)) continue;
    const text = compact(s.text);
    if (otherLabels.some((l) => text.startsWith(l))) continue;
    const colon = text.search(/[:：]/);
    const label = colon > 0 ? text.slice(0, colon).replace(/[(（][^)）]*[)）]$/, '') : '';
    if (label !== '' && !isIssuerLabelOrTail(label, ownLabels)) continue;
    // A bare kind (中医医院 right of a 机构类型 label OCR split off) is no issuer.
    const name = hospitalIn(repairNameWords(colon >= 0 ? text.slice(colon + 1) : text));
    if (name !== '') return name;
  }
  return '';
}

/**
 * Hits without the payment and category words that are the value of a header label (医保类型：自费
 * names the insurance type, not a payment): such a word follows a field label with nothing but
 * separators between. Dropped, the word is read as the label's value.
 */
export function dropLabelValues(hits: readonly TermHit<TermPayload>[]): TermHit<TermPayload>[] {
  const bySegment = groupBySegment(hits);
  return hits.filter((hit) => {
    if (hit.payloads.some((p) => p.type === 'field' || p.type === 'column')) return true;
    const own = bySegment.get(hit.segment.id) ?? [];
    const before = own.filter((h) => h.end <= hit.start);
    const prev = before[before.length - 1];
    if (!prev || !prev.payloads.some((p) => p.type === 'field')) return true;
    return !/^[:：\s()（）]*$/.test(hit.segment.text.slice(prev.end, hit.start));
  });
}

/**
 * A read hospital name repaired: its province prefix given back where OCR, a seal or the picture's
 * edge damaged it, then its generic words (医科大学, 附属医院) where one character was misread.
 */
export function repairHospitalName(name: string, province: Province | undefined, tables: ExtractTables): string {
  // A dot or mark read before the name (·天津…) is no part of it: names start with a character.
  // A name holds no colon: characters before one near its start are a label's remnant (收:甘肃省…,
  // the rest of 收款单位 under the seal).
  const bare = name.replace(/^[^\u4e00-\u9fff]+/, '').replace(/^[^:：]{1,3}[:：]+(?=[\u4e00-\u9fff])/u, '');
  // A stray character before the place is dropped last: the place repair first gives back a
  // place misread in its first character (汉津市 -> 天津市), which would otherwise look like one.
  return dropStrayBeforePlace(trimAfterSuffix(repairNameWords(restorePlacePrefix(bare, province, tables), undefined, placesOf(tables))), placesOf(tables), undefined, (rest) => restorePlacePrefix(rest, province, tables));
}
