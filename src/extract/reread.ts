/**
 * A second, targeted look at the hospital's name. The 收费专用章 is stamped over the payee line, so
 * the page-wide pass often reads nothing or seal text there. The value lies right of its label
 * (收款单位(章), 医院名称, ...) along the label's own baseline; re-reading just that strip of the
 * seal-paled page with the recogniser costs one small crop instead of a second page pass.
 */
import type { OcrLine, Quad8 } from '../ocr/types.js';
import { HOSPITAL_NAME } from './header.js';
import { looksLikeHospital, repairNameWords } from './hospital-name.js';
import { compact } from './parse/normalize.js';
import { extractTables } from './tables.js';

/** The value strip is this many label heights long: enough for 新疆维吾尔自治区人民医院. */
const STRIP_LENGTH = 14;

/** Whether a read hospital name needs the second look (absent, or not a hospital's name). */
export function needsHospitalReread(name: string): boolean {
  return !looksLikeHospital(name);
}

/**
 * Quads (on the image as OCR saw it) of the strip right of each hospital-name label. Lines come in
 * the image's own frame: a quad runs clockwise from its text's top-left, so "right of the label"
 * is along the quad's top edge whatever the page's orientation.
 */
export function hospitalValueStrips(lines: readonly OcrLine[]): Quad8[] {
  const tables = extractTables();
  const labels = (tables.fields.get('hospital_name')?.labels ?? []).map(compact).sort((a, b) => b.length - a.length);
  // 医疗机构类型 starts with 医疗机构: a longer label of another field wins.
  const others = [...tables.fields.entries()].filter(([f]) => f !== 'hospital_name').flatMap(([, spec]) => spec.labels.map(compact));
  const out: Quad8[] = [];
  for (const line of lines) {
    const text = compact(line.text);
    // The label may follow a stray mark or a side column's character (息收款单位).
    const found = labels.map((l) => ({ l, at: text.indexOf(l) })).filter((x) => x.at >= 0 && x.at <= 2).sort((a, b) => a.at - b.at)[0];
    if (!found) continue;
    const { l: label, at } = found;
    if (others.some((o) => o.length > label.length && text.startsWith(o, at))) continue;
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
    const pad = 0.3 * h;
    const ax = sx - nx * pad;
    const ay = sy - ny * pad;
    const H = h + 2 * pad;
    out.push([
      ax, ay,
      ax + dx * L, ay + dy * L,
      ax + dx * L + nx * H, ay + dy * L + ny * H,
      ax + nx * H, ay + ny * H,
    ].map((v) => Math.round(v)) as Quad8);
  }
  return out.slice(0, 2);
}

/** Place names a hospital's name starts with: provinces (full and short) and their main cities. */
export function placeNames(): readonly string[] {
  if (!places) {
    const names = [...extractTables().provinces.values()].flatMap((row) => [...row.names, ...row.cities]);
    places = [...new Set(names)].sort((a, b) => b.length - a.length);
  }
  return places;
}
let places: readonly string[] | undefined;

/**
 * Characters of the 收费专用章 / 财务专用章 ring. The ring's text is read in arc order, so a strip
 * crossing it starts with a torn piece of it (院收价 from …医院收费专用章) before the name.
 */
const SEAL_CHARS = /[收费专用章财务印]/;
/** Torn seal text before the name is short: a longer lead is part of the name (首都医科大学附属北京…). */
const MAX_SEAL_LEAD = 4;

/** The hospital's name in a re-read strip, or '' when the strip holds none (or only a spoilt one). */
export function hospitalFromStrip(text: string, places: readonly string[] = placeNames()): string {
  // Generic words first (上海市骨科瓦院 -> …骨科医院), or a misread suffix hides the name.
  const m = HOSPITAL_NAME.exec(repairNameWords(compact(text).replace(/^[:：()（）章]+/, '')));
  return m ? trimSealLead(m[0], places) : '';
}

/**
 * A hospital name without the seal text read before it. A wrong name is worse than none for a
 * claims team: when seal text leads the name, the name is cut to start at a place name (province or
 * main city) right after it, and rejected ('') when no place name shows where it starts. The seal's
 * own words mixed into the name (XX医院财务专用章, 收费专用章) reject it too.
 */
export function trimSealLead(found: string, places: readonly string[]): string {
  const m = HOSPITAL_NAME.exec(found);
  if (!m || m.index !== 0) return found;
  let name = found;
  const body = m[0].slice(0, m[0].length - m[1]!.length);
  const sealAt = lastIndexOf(body, SEAL_CHARS);
  const place = firstPlace(body, places, sealAt + 1);
  const lead = place >= 0 ? body.slice(0, place) : '';
  // A lead of seal text (its characters, or the 医院 of the ring's own name) before a place name.
  if (place > 0 && place <= MAX_SEAL_LEAD && (SEAL_CHARS.test(lead) || /[医院]/.test(lead))) name = name.slice(place);
  else if (sealAt >= 0) return '';
  return /财|专用|收费/.test(name) ? '' : name;
}

function lastIndexOf(text: string, re: RegExp): number {
  const chars = [...text];
  for (let i = chars.length - 1; i >= 0; i--) if (re.test(chars[i]!)) return i;
  return -1;
}

/** Index (in characters) of the earliest place name starting at or after `from`, else -1. */
function firstPlace(text: string, places: readonly string[], from: number): number {
  const chars = [...text];
  for (let i = Math.max(0, from); i < chars.length; i++) {
    const rest = chars.slice(i).join('');
    if (places.some((p) => rest.startsWith(p))) return i;
  }
  return -1;
}
