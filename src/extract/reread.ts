/**
 * A second, targeted look at the hospital's name. The 收费专用章 is stamped over the payee line, so
 * the page-wide pass often reads nothing or seal text there. The value lies right of its label
 * (收款单位(章), 医院名称, ...) along the label's own baseline; re-reading just that strip of the
 * seal-paled page with the recogniser costs one small crop instead of a second page pass.
 */
import type { MedicalResult, Province } from '../contract/extract.js';
import type { OcrChar, OcrLine, Quad8 } from '../ocr/types.js';
import { HOSPITAL_NAME, repairHospitalName } from './header.js';
import { headerValueTables, readHeaderValue } from './header-values.js';
import { dropStrayBeforePlace, hospitalNameTables, isKindWithStray, isSealWordPiece, looksLikeHospital, placesOf, repairNameWords } from './hospital-name.js';
import { boxOfQuad, centreY, height } from './layout.js';
import { compact } from './parse/normalize.js';
import { withSurePageCharacter } from './sure-page-chars.js';
import { extractTables, type HeaderField } from './tables.js';
import { median } from '../util/stats.js';

/**
 * The value strip is this many label heights long: a gap and a name of up to 16 characters
 * (黑龙江省医科大学附属第一医院), with torn seal text before it. A longer strip costs nothing in
 * accuracy: the name ends at its first suffix, so text after it is never read into it.
 */
const STRIP_LENGTH = 20;

/**
 * How far every re-read strip reaches past its line's height on each side, in line heights:
 * dot-matrix values printed off the form's line and strokes cut by the detector's tight box stay
 * inside the crop.
 */
const STRIP_PAD = 0.3;

/**
 * The quad of a strip from its corner (ax, ay): `length` along the unit direction (dx, dy) and
 * `height` across it along the unit normal (nx, ny), rounded to pixels. Every re-read strip of
 * this file is laid out this way, from different anchors.
 */
function stripQuad(ax: number, ay: number, dx: number, dy: number, nx: number, ny: number, length: number, height: number): Quad8 {
  return [
    ax, ay,
    ax + dx * length, ay + dy * length,
    ax + dx * length + nx * height, ay + dy * length + ny * height,
    ax + nx * height, ay + ny * height,
  ].map((v) => Math.round(v)) as Quad8;
}

/**
 * Whether a read hospital name needs the second look: absent, not a hospital's name, or only a
 * generic word (人民医院, 第一人民医院: the place before it lay under the seal).
 */
export function needsHospitalReread(name: string, t = hospitalNameTables()): boolean {
  return !looksLikeHospital(name, t) || t.nameWords.includes(name);
}

/**
 * A field's printed labels without white space, longest first (the longest label found wins), and
 * every other field's labels, which a strip finder checks so that the start of a longer label of
 * another field (医疗机构类型 holds 医疗机构) is not taken for this field's label.
 */
function labelsOfField(field: HeaderField): { labels: string[]; others: string[] } {
  const tables = extractTables();
  const labels = (tables.fields.get(field)?.labels ?? []).map(compact).sort((a, b) => b.length - a.length);
  const others = [...tables.fields.entries()].filter(([f]) => f !== field).flatMap(([, spec]) => spec.labels.map(compact));
  return { labels, others };
}

/**
 * Quads (on the image as OCR saw it) of the strip right of each hospital-name label. Lines come in
 * the image's own frame: a quad runs clockwise from its text's top-left, so "right of the label"
 * is along the quad's top edge whatever the page's orientation.
 */
export function hospitalValueStrips(lines: readonly OcrLine[]): Quad8[] {
  // 医疗机构类型 starts with 医疗机构: a longer label of another field wins.
  const { labels, others } = labelsOfField('hospital_name');
  const out: Quad8[] = [];
  for (const line of lines) {
    const text = compact(line.text);
    // The label may follow a stray mark or a side column's character (息收款单位).
    const found =
      labels.map((l) => ({ l, at: text.indexOf(l) })).filter((x) => x.at >= 0 && x.at <= 2).sort((a, b) => a.at - b.at)[0] ??
      // A label whose first character the seal or the picture's edge took (款单位(章)：): only
      // starting the line and followed by its colon, so a word inside a value never counts.
      labels.filter((l) => [...l].length >= 4).map((l) => ({ l: l.slice(1), at: 0 })).find((x) => new RegExp(`^${escapeRe(x.l)}[:：]`).test(text));
    if (!found) continue;
    const { l: label, at } = found;
    // ... also when that longer label is misread once after ours (医疗机构美型).
    if (others.some((o) => o.length > label.length && o.startsWith(label) && nearlyStartsWith(text.slice(at), o))) continue;
    // Where the label ends along the line, from the engine's character positions.
    const lastChar = line.chars[Math.min(at + label.length, line.chars.length) - 1];
    const step = line.chars.length > 1 ? (line.chars[line.chars.length - 1]!.x - line.chars[0]!.x) / (line.chars.length - 1) : 0;
    const f = lastChar ? Math.min(1, lastChar.x + step / 2) : 1;
    const [x0, y0, x1, y1, , , x3, y3] = line.quad;
    const ux = x1 - x0;
    const uy = y1 - y0;
    const len = Math.hypot(ux, uy);
    const h = Math.hypot(x3 - x0, y3 - y0);
    if (len === 0 || h === 0) continue;
    const dx = ux / len;
    const dy = uy / len;
    // Start at the label's end on the top edge; the strip is a little taller than the label, for
    // dot-matrix values printed off the form's line.
    const sx = x0 + ux * f;
    const sy = y0 + uy * f;
    const nx = (x3 - x0) / h;
    const ny = (y3 - y0) / h;
    const L = STRIP_LENGTH * h;
    const pad = STRIP_PAD * h;
    const ax = sx - nx * pad;
    const ay = sy - ny * pad;
    const H = h + 2 * pad;
    out.push(stripQuad(ax, ay, dx, dy, nx, ny, L, H));
  }
  return out.slice(0, 2);
}

/** Whether a text starts with a word, one character of it possibly misread. */
function nearlyStartsWith(text: string, word: string): boolean {
  const t = [...text];
  const w = [...word];
  if (t.length < w.length) return false;
  return w.filter((c, i) => c !== t[i]).length <= 1;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The payee row when OCR found no hospital label on it (the seal over 收款单位(章) also hides the
 * label from the detector): the same row holds 复核人 / 收款人 right of it (`rowMates` in
 * data/hospital-names.json), so the strip runs from the page's left margin to the first of them,
 * along that label's own top edge. Empty when a hospital label was found or no row mate is read.
 */
function normalised(x: number, y: number): [number, number] {
  const n = Math.hypot(x, y);
  return n === 0 ? [1, 0] : [x / n, y / n];
}

export function payeeRowStrips(lines: readonly OcrLine[], rowMates: readonly string[] = hospitalNameTables().rowMates): Quad8[] {
  const mates = lines.filter((l) => rowMates.some((m) => compact(l.text).startsWith(m)));
  if (mates.length === 0) return [];
  // The lowest row of signatures is the payee's; on it, the mate nearest the left margin. "Down"
  // and "left" are taken along the text's own directions (quads start at the text's top-left), so
  // a page turned 90 or 180 degrees in the upload picks the same row as an upright one.
  const q0 = mates[0]!.quad;
  const along = normalised(q0[2] - q0[0], q0[3] - q0[1]);
  const down = normalised(q0[6] - q0[0], q0[7] - q0[1]);
  const yOf = (l: OcrLine) => ((l.quad[0] + l.quad[6]) / 2) * down[0] + ((l.quad[1] + l.quad[7]) / 2) * down[1];
  const xOf = (l: OcrLine) => l.quad[0] * along[0] + l.quad[1] * along[1];
  const bottom = Math.max(...mates.map(yOf));
  const h0 = (l: OcrLine) => Math.hypot(l.quad[6] - l.quad[0], l.quad[7] - l.quad[1]);
  const row = mates.filter((l) => Math.abs(yOf(l) - bottom) < h0(l));
  const mate = row.reduce((a, b) => (xOf(b) < xOf(a) ? b : a));
  const [x0, y0, x1, y1, , , x3, y3] = mate.quad;
  const len = Math.hypot(x1 - x0, y1 - y0);
  const h = Math.hypot(x3 - x0, y3 - y0);
  if (len === 0 || h === 0) return [];
  const dx = (x1 - x0) / len;
  const dy = (y1 - y0) / len;
  const nx = (x3 - x0) / h;
  const ny = (y3 - y0) / h;
  // The left margin: the least position along the row's direction of any line's corner.
  let margin = 0;
  for (const l of lines) for (let k = 0; k < 8; k += 2) margin = Math.min(margin, (l.quad[k]! - x0) * dx + (l.quad[k + 1]! - y0) * dy);
  const end = -0.5 * h;
  if (end - margin < 4 * h) return [];
  const pad = STRIP_PAD * h;
  const ax = x0 + dx * margin - nx * pad;
  const ay = y0 + dy * margin - ny * pad;
  const L = end - margin;
  const H = h + 2 * pad;
  return [stripQuad(ax, ay, dx, dy, nx, ny, L, H)];
}

/** A text without the hospital label (whole, or missing its first character) that starts it. */
export function dropLeadingLabel(text: string): string {
  const { labels } = labelsOfField('hospital_name');
  // The label's (章) read as another character ((军), (草), (0)) starting the strip.
  const t = compact(text).replace(/^[(（][^)）]{1,2}[)）][:：]?/, '');
  // The label's closing bracket misread as a character (款单位（章诊告林省…): the label up to its
  // 章, and one character for the bracket.
  for (const l of labels) {
    const m = /^(.+[(（]章)[)）]$/u.exec(l);
    if (!m) continue;
    // Brackets are compared in one width: the label file prints them half-width.
    const wide = (x: string) => x.replace(/\(/g, '（').replace(/\)/g, '）');
    for (const form of [m[1]!, m[1]!.slice(1)].map(wide)) {
      const at = wide(t).indexOf(form);
      if (at >= 0 && at <= 2) return [...t.slice(at + form.length)].slice(1).join('').replace(/^[:：()（）章]+/, '');
    }
  }
  for (const l of labels) {
    for (const form of [l, [...l].length >= 4 ? l.slice(1) : '']) {
      if (form === '') continue;
      const at = t.indexOf(form);
      if (at >= 0 && at <= 2) return t.slice(at + form.length).replace(/^[:：()（）章]+/, '');
    }
  }
  // The label cut short or misread before its bracket (收（, 收教单位（): the seal over it spoils the
  // label, not its shape. Only a lead starting like a label, at most one character off its start.
  const open = t.search(/[(（]/);
  if (open > 0 && open <= 5) {
    const lead = [...t.slice(0, open)];
    const fits = labels.some((l) => {
      const start = [...l].slice(0, lead.length);
      return start.length === lead.length && start[0] === lead[0] && lead.filter((c, i) => c !== start[i]).length <= 1;
    });
    if (fits) return t.slice(open).replace(/^[(（]章?[)）]?[:：]?/, '');
  }
  return t;
}

/** Place names a hospital's name starts with: provinces (full and short) and their main cities. */
export function placeNames(): readonly string[] {
  return placesOf(extractTables());
}

/**
 * Characters of the 收费专用章 / 财务专用章 ring. The ring's text is read in arc order, so a strip
 * crossing it starts with a torn piece of it (院收价 from …医院收费专用章) before the name.
 */
const SEAL_CHARS = /[收费专用章财务印]/;
/** Torn seal text before the name is short: a longer lead is part of the name (首都医科大学附属北京…). */
const MAX_SEAL_LEAD = 4;

/** The hospital's name in a re-read strip, or '' when the strip holds none (or only a spoilt one). */
export function hospitalFromStrip(text: string, places: readonly string[] = placeNames(), restore?: (name: string) => string): string {
  // Generic words first (上海市骨科瓦院 -> …骨科医院), or a misread suffix hides the name.
  // A strip of the whole payee row (payeeRowStrips) starts with the label itself.
  const m = HOSPITAL_NAME.exec(repairNameWords(dropLeadingLabel(text).replace(/^[:：()（）章]+/, '')));
  if (!m) return '';
  const name = dropStrayBeforePlace(trimSealLead(m[0], places, restore), places);
  // A generic word alone (第二人民医院), or after one stray character, lost its place under the seal.
  const whole = restore ? restore(name) : name;
  return isKindWithStray(whole) || hospitalNameTables().nameWords.includes(whole) ? '' : name;
}


/**
 * A hospital name without the seal text read before it. A wrong name is worse than none for a
 * claims team: when seal text leads the name, the name is cut to start at a place name (province or
 * main city) right after it, and rejected ('') when no place name shows where it starts. The seal's
 * own words mixed into the name (XX医院财务专用章, 收费专用章) reject it too.
 */
export function trimSealLead(found: string, places: readonly string[], restore?: (name: string) => string): string {
  const m = HOSPITAL_NAME.exec(found);
  if (!m || m.index !== 0) return found;
  let name = found;
  const body = m[0].slice(0, m[0].length - m[1]!.length);
  const sealAt = lastIndexOf(body, SEAL_CHARS);
  const place = firstPlace(body, places, sealAt + 1, restore, found);
  const lead = place >= 0 ? body.slice(0, place) : '';
  // A lead of seal text (its characters, or the 医院 of the ring's own name) before a place name.
  // A longer lead that is itself a piece of the ring's words (门诊收费专 of 门诊收费专用章) is seal text too.
  const sealLead = place <= MAX_SEAL_LEAD ? SEAL_CHARS.test(lead) || /[医院]/.test(lead) : isSealWordPiece(lead);
  if (place > 0 && sealLead) name = restore ? restore(name.slice(place)) : name.slice(place);
  else if (sealAt >= 0) {
    // The seal's ink also spoils the place after it (财务银济市 for 银川市): a city misread once
    // right after the seal text, anchored by its 市, when exactly one place fits.
    const fixed = place < 0 && sealAt + 1 <= MAX_SEAL_LEAD ? misreadCityAt([...found].slice(sealAt + 1).join(''), places) : '';
    if (fixed === '') return '';
    name = restore ? restore(fixed) : fixed;
  }
  return /财|专用|收费/.test(name) ? '' : name;
}

/**
 * A text starting with a city misread in one character and its 市 (银济市中心医院), with the city
 * given back; '' when no place, or more than one, fits.
 */
export function misreadCityAt(text: string, places: readonly string[]): string {
  const chars = [...text];
  const fits = new Set<string>();
  for (const p of places) {
    const want = [...p];
    if (want.length < 2 || /[省市区]$/.test(p) || chars[want.length] !== '市') continue;
    if (want.filter((c, i) => c !== chars[i]).length === 1) fits.add(p);
  }
  if (fits.size !== 1) return '';
  const city = [...fits][0]!;
  return city + chars.slice([...city].length).join('');
}

function lastIndexOf(text: string, re: RegExp): number {
  const chars = [...text];
  for (let i = chars.length - 1; i >= 0; i--) if (re.test(chars[i]!)) return i;
  return -1;
}

/**
 * Index (in characters) of the earliest place name starting at or after `from`, else -1. With
 * `restore` (the invoice's province prefix repair), a place name the seal cut (庆中医院 on a
 * Chongqing invoice) counts once given back.
 */
function firstPlace(text: string, places: readonly string[], from: number, restore?: (name: string) => string, whole = text): number {
  const chars = [...text];
  const all = [...whole];
  for (let i = Math.max(0, from); i < chars.length; i++) {
    const rest = chars.slice(i).join('');
    // The repair reads the name to its end: the generic word after a cut place may be its suffix.
    const fixed = restore ? restore(all.slice(i).join('')) : rest;
    if (places.some((p) => rest.startsWith(p) || fixed.startsWith(p))) return i;
  }
  return -1;
}

/** Strip lengths, in label heights, of the patient's name and gender values. */
const NAME_STRIP = 7;
const GENDER_STRIP = 4;

/**
 * A strip along a line's own top edge (so any orientation), from a fraction `from` of the line
 * (0 = its start) for `lengthInHeights` line heights past that point, a little taller than the
 * line, moved `shiftInHeights` line heights across the line (negative: up the page). null for a
 * degenerate quad.
 */
function stripAlong(line: OcrLine, from: number, lengthInHeights: number, shiftInHeights = 0): Quad8 | null {
  const [x0, y0, x1, y1, , , x3, y3] = line.quad;
  const ux = x1 - x0;
  const uy = y1 - y0;
  const len = Math.hypot(ux, uy);
  const h = Math.hypot(x3 - x0, y3 - y0);
  if (len === 0 || h === 0) return null;
  const [dx, dy] = [ux / len, uy / len];
  const [nx, ny] = [(x3 - x0) / h, (y3 - y0) / h];
  const pad = STRIP_PAD * h;
  const across = shiftInHeights * h - pad;
  const ax = x0 + ux * from + nx * across;
  const ay = y0 + uy * from + ny * across;
  const L = lengthInHeights * h;
  const H = h + 2 * pad;
  return stripQuad(ax, ay, dx, dy, nx, ny, L, H);
}

/** Where character `index` of a line ends, as a fraction of the line (engine positions). */
function endOfChar(line: OcrLine, index: number): number {
  const c = line.chars[Math.min(index, line.chars.length - 1)];
  const step = line.chars.length > 1 ? (line.chars[line.chars.length - 1]!.x - line.chars[0]!.x) / (line.chars.length - 1) : 0;
  return c ? Math.min(1, c.x + step / 2) : 1;
}

/**
 * A trace of the 性别 label starting a line: 性别 (after one side-column character: 其性别), 性X：,
 * or 别： alone (类别：, 科别： end other labels: not taken); or a short line that is 性 and at most
 * one more character and a mark (性, 性另, 性剔‘: 别 misread, the colon lost, the value cell left
 * to another box or not read at all).
 */
const GENDER_LABEL = /^[^\u4e00-\u9fff]?(?:[\u4e00-\u9fff]?(?:性别|性.?[:：])|别[:：]|性[\u4e00-\u9fff]?[^\u4e00-\u9fff\w]?$)/u;

/**
 * How far off its label's line a dot-matrix value may be printed, in label heights: the billing
 * system prints values over the pre-printed form, and the paper's misfeed moves them up or down
 * by up to about half a line, where a strip along the label's own line cuts the value's top or
 * bottom off (女 read as 专) or misses it.
 */
const OFF_REGISTER_SHIFT = 0.5;

/**
 * Strips holding the gender cell when the page pass read no gender: each line starting with its
 * label is re-read from the label's start (the label read with its value gives the recogniser the
 * context a lone 男 or 女 lacks: the detector drops such one-character cells) for the line and
 * four heights more. At most two. With `shiftInHeights`, the same strips moved that many label
 * heights up (negative) or down the page, for a value printed off its label's line.
 */
export function genderStrips(lines: readonly OcrLine[], shiftInHeights = 0): Quad8[] {
  const out: Quad8[] = [];
  for (const line of lines) {
    const text = compact(line.text);
    if (!GENDER_LABEL.test(text) || [...text].length > 8) continue;
    const len = Math.hypot(line.quad[2] - line.quad[0], line.quad[3] - line.quad[1]);
    const h = Math.hypot(line.quad[6] - line.quad[0], line.quad[7] - line.quad[1]);
    const strip = h > 0 ? stripAlong(line, 0, len / h + GENDER_STRIP, shiftInHeights) : null;
    if (strip) out.push(strip);
  }
  return out.slice(0, 2);
}

/** The gender strips moved half a line up and half a line down (see OFF_REGISTER_SHIFT), up first. */
export function offRegisterGenderStrips(lines: readonly OcrLine[]): Quad8[] {
  return [...genderStrips(lines, -OFF_REGISTER_SHIFT), ...genderStrips(lines, OFF_REGISTER_SHIFT)];
}

/**
 * Lines whose slope and height stand for the printed rows around a label: at least this many
 * characters, and at least as many line heights long. The detector's box of a short label (性别：)
 * is taller than the print and tilted by whatever ink is beside it (a dot-matrix value half a line
 * off, a form rule), so a strip built from it climbs into the row above or below within a few
 * heights; long lines' boxes follow the page's rows.
 */
const ROW_LINE_MIN = 6;

/** How many long lines nearest the label give the row's slope and height (their medians). */
const ROW_LINES_NEAR = 5;

/**
 * Strip length past the label, in row heights, for the page-aligned gender strips: the value is
 * one character right after the label (longer strips reach the next cell's value on a tilted photo).
 */
const ROW_GENDER_STRIP = 2;

/**
 * Shifts across the row, in row heights, of the page-aligned gender strips: on the label's row,
 * then a quarter and a half line up and down (the misfeed moves dot-matrix values by up to half a
 * line; a quarter-line shift keeps a value that sits between two strips whole in one of them).
 */
const ROW_GENDER_SHIFTS = [0, -0.25, -0.5, 0.25, 0.5] as const;

/**
 * The page's row direction (unit vector along the text) and row height near a line, from the
 * long lines nearest it; null when the page has none.
 */
function rowFrameNear(line: OcrLine, lines: readonly OcrLine[]): { ux: number; uy: number; h: number } | null {
  const geometry = (l: OcrLine) => {
    const [x0, y0, x1, y1, x2, y2, x3, y3] = l.quad;
    const len = Math.hypot(x1 - x0, y1 - y0);
    const h = Math.hypot(x3 - x0, y3 - y0);
    return { len, h, ux: len > 0 ? (x1 - x0) / len : 0, uy: len > 0 ? (y1 - y0) / len : 0, cx: (x0 + x1 + x2 + x3) / 4, cy: (y0 + y1 + y2 + y3) / 4 };
  };
  const at = geometry(line);
  const near = lines
    .filter((l) => l !== line && [...compact(l.text)].length >= ROW_LINE_MIN)
    .map(geometry)
    .filter((g) => g.h > 0 && g.len >= ROW_LINE_MIN * g.h)
    .sort((a, b) => Math.hypot(a.cx - at.cx, a.cy - at.cy) - Math.hypot(b.cx - at.cx, b.cy - at.cy))
    .slice(0, ROW_LINES_NEAR);
  if (near.length === 0) return null;
  const ux = median(near.map((g) => g.ux));
  const uy = median(near.map((g) => g.uy));
  const n = Math.hypot(ux, uy);
  return n > 0 ? { ux: ux / n, uy: uy / n, h: median(near.map((g) => g.h)) } : null;
}

/**
 * Gender strips laid along the page's rows rather than the label's own box (see ROW_LINE_MIN):
 * from the middle of the label's left edge, at the slope and height of the long lines nearest it,
 * for the label and two row heights more, on the label's row and shifted a quarter and a half row
 * up and down (ROW_GENDER_SHIFTS). `value` strips start instead where the label's last Chinese
 * character ends (the engine's character positions), so they hold the value without the label:
 * a dot-matrix 女 printed over the label's colon is merged into 别 when read with the label (性别
 * alone), and read once the label is out of the crop. At most two labels, like genderStrips.
 */
export function rowAlignedGenderStrips(lines: readonly OcrLine[]): { labelled: Quad8[]; value: Quad8[] } {
  const labelled: Quad8[] = [];
  const value: Quad8[] = [];
  const labels = lines.filter((l) => {
    const text = compact(l.text);
    return GENDER_LABEL.test(text) && [...text].length <= 8;
  });
  for (const line of labels.slice(0, 2)) {
    const frame = rowFrameNear(line, lines);
    if (!frame) continue;
    const { ux, uy, h } = frame;
    const [nx, ny] = [-uy, ux];
    const [x0, y0, x1, y1, , , x3, y3] = line.quad;
    const labelLength = Math.hypot(x1 - x0, y1 - y0);
    const [mx, my] = [(x0 + x3) / 2, (y0 + y3) / 2];
    const pad = STRIP_PAD * h;
    const H = h + 2 * pad;
    const strip = (from: number, length: number, shift: number): Quad8 => {
      const across = shift * h - h / 2 - pad;
      const ax = mx + ux * from + nx * across;
      const ay = my + uy * from + ny * across;
      return stripQuad(ax, ay, ux, uy, nx, ny, length, H);
    };
    const end = labelLength + ROW_GENDER_STRIP * h;
    const lastHan = line.chars.map((c) => /[\u4e00-\u9fff]/u.test(c.char)).lastIndexOf(true);
    const valueFrom = lastHan >= 0 ? endOfChar(line, lastHan) * labelLength : null;
    for (const shift of ROW_GENDER_SHIFTS) {
      labelled.push(strip(0, end, shift));
      if (valueFrom !== null && end - valueFrom > h) value.push(strip(valueFrom, end - valueFrom, shift));
    }
  }
  return { labelled, value };
}

/** The gender of a value-only strip: exactly 男 or 女 (no label read, so no look-alike counts). */
export function genderFromValueStrip(text: string): 0 | 1 | 2 {
  const t = compact(text).replace(/^[:：]/u, '');
  return t === '男' ? 1 : t === '女' ? 2 : 0;
}

/**
 * The gender from the row-aligned strips (rowAlignedGenderStrips) when every other look read
 * none: one recogniser call, and every strip that reads a gender must agree; 0 otherwise.
 */
export async function genderFromRowAlignedStrips(lines: readonly OcrLine[], recognize: (quads: Quad8[]) => Promise<readonly OcrLine[]>): Promise<0 | 1 | 2> {
  const { labelled, value } = rowAlignedGenderStrips(lines);
  if (labelled.length + value.length === 0) return 0;
  const read = await recognize([...labelled, ...value]);
  const found = new Set<1 | 2>();
  read.forEach((l, i) => {
    const g = i < labelled.length ? genderFromStrip(l.text) : genderFromValueStrip(l.text);
    if (g !== 0) found.add(g);
  });
  return soleGender(found);
}

/** The gender every reading agrees on; 0 when none or they disagree. */
function soleGender(found: ReadonlySet<1 | 2>): 0 | 1 | 2 {
  return found.size === 1 ? [...found][0]! : 0;
}

/**
 * A gender cell whose label OCR misread in its first character (生别：女, 心别男: the seal or a
 * speck over 性): a line of one character, 别, an optional colon and 男 or 女 alone is the gender,
 * unless the character before 别 starts another field's label ending in 别 (`otherBieLabels` in
 * data/header-values.json: 类别, 科别, 级别).
 * Several such lines must agree.
 */
export function genderFromMisreadLabel(lines: readonly OcrLine[]): 0 | 1 | 2 {
  const found = new Set<1 | 2>();
  const otherBie = headerValueTables().otherBieLabels;
  for (const l of lines) {
    const m = /^[^\u4e00-\u9fff]?([\u4e00-\u9fff])别[:：]?([男女])$/u.exec(compact(l.text));
    if (m && !otherBie.has(m[1]!)) found.add(m[2] === '男' ? 1 : 2);
  }
  return soleGender(found);
}

/**
 * Least probability an alternative needs to stand for a character of the gender cell the
 * recogniser misread (a label character or the value).
 */
const GENDER_ALTERNATIVE_MIN = 0.03;

/** Whether a read character is `want`, or an unsure reading with `want` among its alternatives. */
function readsAs(c: OcrChar | undefined, want: string): boolean {
  return c !== undefined && (c.char === want || (c.alternatives ?? []).some((a) => a.char === want && a.score >= GENDER_ALTERNATIVE_MIN));
}

/**
 * A gender cell whose label the recogniser misread but doubted (性另男: 另 at 0.52 with 别 at 0.40
 * among its alternatives): a line of the two label characters, each read as itself or holding it
 * among its alternatives, an optional colon and 男 or 女 alone. Every such line must agree; 0
 * otherwise. 类别：男 has no 性 at its start and stays no gender.
 */
export function genderFromLabelAlternatives(lines: readonly OcrLine[]): 0 | 1 | 2 {
  const found = new Set<1 | 2>();
  for (const l of lines) {
    const chars = l.chars.filter((c) => c.char.trim() !== '');
    const value = chars[chars.length - 1];
    const withColon = chars.length === 4 && /^[:：]$/.test(chars[2]!.char);
    if (!value || !/^[男女]$/.test(value.char) || (chars.length !== 3 && !withColon)) continue;
    if (readsAs(chars[0], '性') && readsAs(chars[1], '别')) found.add(value.char === '男' ? 1 : 2);
  }
  return soleGender(found);
}

/** The gender in a re-read strip of its label and value; 0 when it holds none. */
export function genderFromStrip(text: string): 0 | 1 | 2 {
  const t = compact(text);
  const m = /(?:性别|性.?[:：]|^[^\u4e00-\u9fff]?别[:：])[:：]?(.+)$/u.exec(t);
  const value = m ? readHeaderValue('gender', m[1]!) : null;
  return value === 1 || value === 2 ? value : 0;
}

/**
 * The gender of a cell read only below the page's drop score (a blurred 性别男 at 0.25), when its
 * label was read whole: the two label characters read right say the line is the gender cell, and
 * the value can only be 男 or 女. A faint line is too unsure to be taken for anything else, so only
 * this exact shape counts, and every such line must agree; 0 otherwise.
 */
export function genderFromFaintCell(faint: readonly OcrLine[]): 0 | 1 | 2 {
  const found = new Set<1 | 2>();
  for (const l of faint) {
    const m = /^[^\u4e00-\u9fff]?性别[:：]?([男女])$/u.exec(compact(l.text));
    if (m) found.add(m[1] === '男' ? 1 : 2);
  }
  return soleGender(found);
}

/** A line holding the gender label alone, its value cell left for another line. */
const LONE_GENDER_LABEL = /^[^\u4e00-\u9fff]?性别[:：]?$/u;

/**
 * The gender of a value cell read only faintly, as one character, right of a label read alone
 * (性别： then 委 at 0.33 under a paled seal): the cell can only hold 男 or 女, so a character whose
 * shape holds the whole of one of them (委 is 禾 over 女; header-values.json genderContaining) is
 * that one, the rest being the seal's strokes. The character must sit on the label's row, starting
 * within three label heights of its end; every such cell must agree; 0 otherwise.
 */
export function genderFromFaintLoneCell(lines: readonly OcrLine[], faint: readonly OcrLine[], t = headerValueTables()): 0 | 1 | 2 {
  const found = new Set<1 | 2>();
  for (const label of lines) {
    if (!LONE_GENDER_LABEL.test(compact(label.text))) continue;
    const lb = boxOfQuad(label.quad);
    const h = height(lb);
    if (h <= 0) continue;
    for (const cell of faint) {
      const chars = [...compact(cell.text)];
      const gender = chars.length === 1 ? t.genderContaining.get(chars[0]!) : undefined;
      if (gender === undefined) continue;
      const cb = boxOfQuad(cell.quad);
      const sameRow = Math.abs(centreY(cb) - centreY(lb)) <= 0.5 * h;
      const justRight = cb.x0 >= lb.x1 - 0.5 * h && cb.x0 <= lb.x1 + 3 * h;
      if (sameRow && justRight) found.add(gender);
    }
  }
  return soleGender(found);
}

/**
 * A gender cell read as its label and one character that is no gender (性别效 on a blurred photo):
 * the value can only be 男 or 女, so when exactly one of them is among the recogniser's
 * alternatives for that character, it is the value. Every such cell must agree; 0 otherwise.
 */
export function genderFromAlternatives(lines: readonly OcrLine[]): 0 | 1 | 2 {
  const found = new Set<1 | 2>();
  for (const l of lines) {
    const m = /(?:性别|性.?[:：]|^[^\u4e00-\u9fff]?别[:：])[:：]?([^男女:：])$/u.exec(compact(l.text));
    const last = l.chars[l.chars.length - 1];
    if (!m || !last || last.char !== m[1]) continue;
    const genders = (last.alternatives ?? []).filter((a) => (a.char === '男' || a.char === '女') && a.score >= GENDER_ALTERNATIVE_MIN);
    if (genders.length === 1) found.add(genders[0]!.char === '男' ? 1 : 2);
  }
  return soleGender(found);
}

/**
 * Strips right of the patient's name label (交款人, 姓名, 患者姓名, ...) when the page pass read no
 * name (a character lost, the value under a seal or too faint): the label starts the line (after
 * up to two stray characters) and is not the start of another field's longer label (交款人统一社会
 * 信用代码, also misread: its next two characters decide). At most two.
 */
export function patientNameStrips(lines: readonly OcrLine[]): Quad8[] {
  const { labels, others } = labelsOfField('patient_name');
  const out: Quad8[] = [];
  for (const line of lines) {
    const text = compact(line.text);
    const found = labels.map((l) => ({ l, at: text.indexOf(l) })).find((x) => x.at >= 0 && x.at <= 2);
    if (!found) continue;
    const after = text.slice(found.at + found.l.length);
    if (others.some((o) => o.startsWith(found.l) && o.length >= found.l.length + 2 && after.startsWith(o.slice(found.l.length, found.l.length + 2)))) continue;
    // From the line's start: the label read with the value gives the recogniser context, and a
    // strip starting at the label's end (from the engine's character positions, loose on blurred
    // print) cut the name's first character (邓杰涛 read 热涛, 赵娜 read 起).
    const len = Math.hypot(line.quad[2] - line.quad[0], line.quad[3] - line.quad[1]);
    const h = Math.hypot(line.quad[6] - line.quad[0], line.quad[7] - line.quad[1]);
    const labelEnd = endOfChar(line, found.at + found.l.length - 1);
    const strip = h > 0 ? stripAlong(line, 0, (labelEnd * len) / h + NAME_STRIP) : null;
    if (strip) out.push(strip);
  }
  return out.slice(0, 2);
}

/** A text without a label (longest first) starting it after up to two stray characters. */
function withoutLeadingLabel(text: string, labels: readonly string[]): string {
  for (const l of labels) {
    const at = text.indexOf(l);
    if (at >= 0 && at <= 2) return text.slice(at + l.length);
  }
  return text;
}

/** A name label and its colon end within this many characters of a re-read strip's start. */
const NAME_LABEL_SPAN = 7;

/**
 * The patient's name in a re-read strip of its label and value (or of the value alone); '' when it
 * holds none. The label is dropped up to its colon, however it was read (病人姓名：, 老姓名：).
 */
export function patientNameFromStrip(text: string): string {
  const t = compact(text);
  const colon = t.search(/[:：]/);
  const rest = colon >= 0 && colon < NAME_LABEL_SPAN ? t.slice(colon + 1) : withoutLeadingLabel(t, labelsOfField('patient_name').labels);
  const value = readHeaderValue('person', rest.replace(/^[:：]+/, ''));
  return typeof value === 'string' ? value : '';
}

/**
 * Forms of a label with one character after its first lost (交款 for 交款人, 缴人 for 缴款人):
 * on blurred print the recogniser drops a faint character as a blank, and the label then no longer
 * matches. Only labels of three characters or more: two-character forms of shorter labels are
 * too common a start of other text.
 */
function labelsWithOneLost(labels: readonly string[]): string[] {
  const out = new Set<string>();
  for (const l of labels) {
    const c = [...l];
    if (c.length < 3) continue;
    for (let i = 1; i < c.length; i++) out.add([...c.slice(0, i), ...c.slice(i + 1)].join(''));
  }
  return [...out].sort((a, b) => b.length - a.length);
}

/**
 * The patient's name on a line starting with its label read with one character lost (交款叶敏丽),
 * when the page pass read no name. The rest must read as a person's name starting with a common
 * family name, and the line must not start with a whole label (交款人统一社会信用代码 is another
 * field). Several such lines must agree; '' otherwise.
 */
export function nameAfterClippedLabel(lines: readonly OcrLine[]): string {
  const { labels, others } = labelsOfField('patient_name');
  const whole = [...labels, ...others];
  const clipped = labelsWithOneLost(labels);
  const found = new Set<string>();
  for (const l of lines) {
    const text = compact(l.text);
    if (whole.some((w) => text.startsWith(w))) continue;
    const form = clipped.find((c) => text.startsWith(c));
    if (!form) continue;
    const name = patientNameFromStrip(text.slice(form.length));
    const first = [...name][0];
    if (first !== undefined && headerValueTables().surnames.has(first) && [...name].length <= 4) found.add(name);
  }
  return found.size === 1 ? [...found][0]! : '';
}

/**
 * Whether the name after a clipped label replaces the page pass's: it read none, or it read the
 * clipped label's first name character as the label's lost one (交款叶敏丽 read as 交款[人] 敏丽) and
 * so lost the family name: the page's name is the clipped reading without its first character.
 */
export function takesClippedName(read: string, clipped: string): boolean {
  return read === '' || ([...clipped].length === [...read].length + 1 && clipped.endsWith(read));
}

/**
 * A read name that starts with no common family name (`surnames` in data/header-values.json): most
 * often the family name misread (慕怡 for 蔡怡, a seal stroke or a fold over it), worth a second
 * reading of the name's strip. Rare family names are read twice and kept.
 */
export function nameIsDoubtful(name: string): boolean {
  const first = [...name][0];
  return first !== undefined && /[\u4e00-\u9fff]/u.test(first) && !headerValueTables().surnames.has(first);
}

/** Whether a second reading replaces a doubtful name: same length, starting with a family name. */
export function replacesDoubtfulName(read: string, second: string): boolean {
  const first = [...second][0];
  return [...second].length === [...read].length && first !== undefined && headerValueTables().surnames.has(first);
}

/** Characters below this score on the page pass make a short name worth reading again. */
const UNSURE_NAME_CHAR = 0.9;

/**
 * The page line's characters of a value read from it (the first line holding it as a run of
 * characters), or null. Lets a rule see how sure the recogniser was of each character.
 */
export function charsOfValue(lines: readonly OcrLine[], value: string): readonly OcrChar[] | null {
  const want = [...value];
  if (want.length === 0) return null;
  for (const l of lines) {
    const chars = l.chars;
    for (let i = 0; i + want.length <= chars.length; i++) {
      if (want.every((c, k) => chars[i + k]!.char === c)) return chars.slice(i, i + want.length);
    }
  }
  return null;
}

/**
 * Whether a read name may have lost its end: a Chinese personal name has two characters or more,
 * so a lone character is a name the detector cut short (on blurred print its box often ends
 * inside the value: 交款人：赵 for 赵娜); a two-character name counts when the recogniser was unsure
 * of one of its characters on the page (the blur that spoils characters also shortens boxes:
 * 钟阳 for 钟阳敏). The strip right of the label then reads past the box.
 */
export function nameMayBeCut(name: string, lines: readonly OcrLine[]): boolean {
  const n = [...name].length;
  if (n === 0 || !/^[\u4e00-\u9fff]+$/u.test(name)) return false;
  if (n === 1) return true;
  if (n !== 2) return false;
  return (charsOfValue(lines, name) ?? []).some((c) => c.score < UNSURE_NAME_CHAR);
}

/**
 * Whether a second reading replaces a name that may have been cut: it continues the page's
 * reading (same start, more Chinese characters), stays within a personal name's length (four)
 * and starts with a common family name.
 */
export function extendsCutName(read: string, second: string): boolean {
  const s = [...second];
  const first = s[0];
  return (
    second.startsWith(read) &&
    s.length > [...read].length &&
    s.length <= 4 &&
    /^[\u4e00-\u9fff]+$/u.test(second) &&
    first !== undefined &&
    headerValueTables().surnames.has(first)
  );
}

/** Least probability a family-name alternative needs to stand for a misread first character. */
const SURNAME_ALTERNATIVE_MIN = 0.03;

/**
 * A name whose first character is no common family name (精芬 on a blurred photo) given the one
 * common family name among the recogniser's alternatives for that character (胡): a personal name
 * starts with a family name, and only unsure characters carry alternatives. '' when none or
 * several fit.
 */
export function nameFromSurnameAlternatives(name: string, lines: readonly OcrLine[]): string {
  if (!nameIsDoubtful(name)) return '';
  const first = charsOfValue(lines, name)?.[0];
  const surnames = headerValueTables().surnames;
  const fits = (first?.alternatives ?? []).filter((a) => a.score >= SURNAME_ALTERNATIVE_MIN && surnames.has(a.char));
  if (fits.length !== 1) return '';
  return fits[0]!.char + [...name].slice(1).join('');
}

/** The second look's result, with the hospital strips as the recogniser read them (none when none were read). */
export interface HeaderReread {
  readonly result: MedicalResult;
  /**
   * The payee strips' readings, with their characters' scores and alternatives: a name taken from
   * a strip is checked against the seal by its unsure characters as a name read on the page is
   * (金肥市C腔医院 with 合 offered for 金 at 0.19), and those are on no page line.
   */
  readonly hospitalStrips: readonly OcrLine[];
}

/**
 * The second look at header fields the page pass missed, in one recogniser call over small crops
 * of the seal-paled page: the hospital's name (see hospitalValueStrips), the patient's name right
 * of its label and the gender cell after its label. Fields read well by the page pass are never
 * re-read, so most invoices cost nothing. `lines` are the page pass's lines in the image's own
 * frame; `recognize` reads quads of that image. The hospital strips' readings come back beside
 * the result (HeaderReread).
 */
export async function rereadHeaderFields(
  pageResult: MedicalResult,
  lines: readonly OcrLine[],
  province: Province | undefined,
  recognize: (quads: Quad8[]) => Promise<readonly OcrLine[]>,
  faint: readonly OcrLine[] = [],
): Promise<HeaderReread> {
  // A gender cell with its label misread needs no second look.
  const misread = pageResult.patient_gender === 0 ? genderFromMisreadLabel(lines) || genderFromLabelAlternatives(lines) : 0;
  const gendered = misread === 0 ? pageResult : { ...pageResult, patient_gender: misread };
  // Nor does a name whose label lost a character.
  const clippedName = gendered.patient_name === '' || nameIsDoubtful(gendered.patient_name) ? nameAfterClippedLabel(lines) : '';
  const result = clippedName !== '' && takesClippedName(gendered.patient_name, clippedName) ? { ...gendered, patient_name: clippedName } : gendered;
  const labelled = needsHospitalReread(result.hospital_name) ? hospitalValueStrips(lines) : null;
  // No label read: the payee row is found from its neighbours (复核人, 收款人).
  const hospitalStrips = labelled === null ? [] : labelled.length > 0 ? labelled : payeeRowStrips(lines);
  const doubtfulName = nameIsDoubtful(result.patient_name);
  const cutName = !doubtfulName && nameMayBeCut(result.patient_name, lines);
  const nameStrips = result.patient_name === '' || doubtfulName || cutName ? patientNameStrips(lines) : [];
  // A blurred gender cell often reads below the page's drop score (性别：女 as 性称：文 at 0.47): the
  // faint lines are looked at for its label too, after the page's own.
  const genderQuads = result.patient_gender === 0 ? genderStrips([...lines, ...faint]) : [];
  // The same strips half a line up and down, read in the same call, for a value printed off its
  // label's line; they count only when the strips on the line read no gender.
  const offRegisterQuads = genderQuads.length > 0 ? offRegisterGenderStrips([...lines, ...faint]) : [];
  const quads = [...hospitalStrips, ...nameStrips, ...genderQuads, ...offRegisterQuads];
  if (quads.length === 0) return { result, hospitalStrips: [] };
  const read = await recognize(quads);
  const texts = read.map((l) => l.text);
  const hospitalTexts = texts.slice(0, hospitalStrips.length);
  const nameTexts = texts.slice(hospitalStrips.length, hospitalStrips.length + nameStrips.length);
  const genderStart = hospitalStrips.length + nameStrips.length;
  const genderTexts = texts.slice(genderStart, genderStart + genderQuads.length);
  const offRegisterTexts = texts.slice(genderStart + genderQuads.length);
  let out = result;
  // The province repair also tells where a name the seal cut starts (财务专庆中医院).
  const restore = (n: string) => repairHospitalName(n, province, extractTables());
  const hospitalName = hospitalTexts.map((t) => hospitalFromStrip(t, placeNames(), restore)).find((n) => n !== '');
  // The page pass may have read the name's start surer than the strip (the seal's leftover ink
  // in the small crop): that start's one differing character is kept from the page.
  if (hospitalName) out = { ...out, hospital_name: restore(withSurePageCharacter(hospitalName, read.slice(0, hospitalStrips.length), result.hospital_name, lines)) };
  const patientName = nameTexts.map(patientNameFromStrip).find((n) => n !== '');
  // A doubtful name is only replaced by a second reading that starts with a family name and has
  // as many characters: the rest of the name was read the same, its first character differently.
  const takesSecond = (second: string): boolean =>
    doubtfulName ? replacesDoubtfulName(result.patient_name, second) : cutName ? extendsCutName(result.patient_name, second) : true;
  if (patientName && takesSecond(patientName)) out = { ...out, patient_name: patientName };
  // Still no family name first: the recogniser's alternatives for that character may hold one.
  const surnameFromAlternatives = nameFromSurnameAlternatives(out.patient_name, [...read.slice(hospitalStrips.length, hospitalStrips.length + nameStrips.length), ...lines]);
  if (surnameFromAlternatives !== '') out = { ...out, patient_name: surnameFromAlternatives };
  const genders = new Set(genderTexts.map(genderFromStrip).filter((g) => g !== 0));
  if (genders.size === 1) out = { ...out, patient_gender: [...genders][0]! };
  // None on the label's line: the value printed off it, up first (see OFF_REGISTER_SHIFT).
  if (out.patient_gender === 0) {
    const offRegister = offRegisterTexts.map(genderFromStrip).find((g) => g !== 0);
    if (offRegister !== undefined) out = { ...out, patient_gender: offRegister };
  }
  // Still none: the cell's character misread on both looks; its alternatives may hold the value.
  if (out.patient_gender === 0 && genderQuads.length > 0) {
    const fromAlternatives = genderFromAlternatives([...read.slice(genderStart, genderStart + genderQuads.length), ...lines, ...faint]);
    if (fromAlternatives !== 0) out = { ...out, patient_gender: fromAlternatives };
  }
  // Still none: a faint line that read the whole cell, label and value, below the drop score; else
  // a lone faint character right of the label, holding 男 or 女 in its shape.
  if (out.patient_gender === 0) {
    const fromFaint = genderFromFaintCell(faint) || genderFromFaintLoneCell([...lines, ...faint], faint);
    if (fromFaint !== 0) out = { ...out, patient_gender: fromFaint };
  }
  // Still none with a label read: strips along the page's rows (rowAlignedGenderStrips), in a
  // call of their own so that no other field's strips are read differently.
  if (out.patient_gender === 0 && genderQuads.length > 0) {
    const fromRows = await genderFromRowAlignedStrips([...lines, ...faint], recognize);
    if (fromRows !== 0) out = { ...out, patient_gender: fromRows };
  }
  return { result: out, hospitalStrips: read.slice(0, hospitalStrips.length) };
}
