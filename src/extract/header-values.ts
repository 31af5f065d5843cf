/**
 * Second chances for header values the strict readers of values.ts refuse or take with noise:
 * a gender read as a look-alike character, a code with a stray point from a speck, a name with a
 * separator mark at its end. Each rule only applies where the field's kind leaves no doubt.
 */
import { readFileSync } from 'node:fs';
import { dataFile } from '../util/paths.js';
import type { FieldKind } from './tables.js';
import { normalizeText, trimValue } from './parse/normalize.js';
import { readValue, type FieldValue } from './values.js';

export interface HeaderValueTables {
  /** Look-alike character -> the gender it stands for (1 male, 2 female). */
  readonly genderLookalikes: ReadonlyMap<string, 1 | 2>;
  /** Character whose shape holds the whole of 男 or 女 -> that gender (a faint lone value cell). */
  readonly genderContaining: ReadonlyMap<string, 1 | 2>;
  readonly personMarks: readonly string[];
  /** Common one-character family names: the start of a name read without its label. */
  readonly surnames: ReadonlySet<string>;
  /** First characters of other fields' labels ending in 别 (类别, 科别): X别：男 is no misread 性别 there. */
  readonly otherBieLabels: ReadonlySet<string>;
}

/** Parses data/header-values.json; throws naming the malformed key. */
export function parseHeaderValueTables(text: string, source = 'header-values.json'): HeaderValueTables {
  const root = JSON.parse(text) as Record<string, unknown>;
  const g = root.genderLookalikes as Record<string, unknown> | undefined;
  const marks = root.personMarks;
  if (!Array.isArray(marks) || !marks.every((m) => typeof m === 'string')) throw new Error(`${source}: "personMarks" must be a list`);
  const genders = genderTable(g, 'genderLookalikes', source);
  // Optional: without it, a faint lone value cell is only read when it is 男 or 女 itself.
  const containing = root.genderContaining === undefined ? new Map<string, 1 | 2>([['男', 1], ['女', 2]]) : genderTable(root.genderContaining, 'genderContaining', source);
  // Optional: without it, no name is read without its label.
  const surnames = root.surnames ?? '';
  if (typeof surnames !== 'string') throw new Error(`${source}: "surnames" must be a string of characters`);
  // Optional: without it, every X别：男 line is taken for a misread gender label.
  const otherBie = root.otherBieLabels ?? '';
  if (typeof otherBie !== 'string') throw new Error(`${source}: "otherBieLabels" must be a string of characters`);
  return { genderLookalikes: genders, genderContaining: containing, personMarks: marks as string[], surnames: new Set([...surnames]), otherBieLabels: new Set([...otherBie]) };
}

/** A { 男: [...], 女: [...] } table of characters standing for a gender; throws naming `key`. */
function genderTable(g: unknown, key: string, source: string): Map<string, 1 | 2> {
  if (typeof g !== 'object' || g === null) throw new Error(`${source}: "${key}" must be an object`);
  const genders = new Map<string, 1 | 2>();
  for (const [gender, chars] of Object.entries(g)) {
    const code = gender === '男' ? 1 : gender === '女' ? 2 : 0;
    if (code === 0 || !Array.isArray(chars)) throw new Error(`${source}: ${key}.${gender} must be 男 or 女 with a list`);
    for (const c of chars) if (typeof c === 'string') genders.set(c, code);
  }
  return genders;
}

let cached: HeaderValueTables | undefined;

export function headerValueTables(): HeaderValueTables {
  cached ??= parseHeaderValueTables(readFileSync(dataFile('header-values.json'), 'utf8'));
  return cached;
}

const HAN = /[\u4e00-\u9fff]/;
/** Punctuation and symbols before a value's first letter or digit (the middle dot is trimmed by trimMarks). */
const LEADING_MARKS = /^[^\p{L}\p{N}·]+/u;

/** readValue, then the lenient readings of this module; null when the text is no value of the kind. */
export function readHeaderValue(kind: FieldKind, raw: string, t: HeaderValueTables = headerValueTables()): FieldValue | null {
  // A name starts with a letter: quotes, dashes and specks read before it (“姚轩波) are marks, and
  // the strict reader would refuse the name for them and move on to a cell that is no name.
  const bare = kind === 'person' ? trimValue(raw).replace(LEADING_MARKS, '') : raw;
  // Words followed by their colon (校码：okgdu, a label OCR cut short) are a label, never a name.
  // So are words with a misread character before the colon (开票0期：, 开票日期 with 日 read as 0).
  if (kind === 'person' && /^[\u4e00-\u9fff·]{2,6}[^\s:：\u4e00-\u9fff]?[\u4e00-\u9fff]?[:：]/.test(normalizeText(bare))) return null;
  const value = readValue(kind, bare);
  // A dot before a name or a word (·新农合) is a speck or a leader, never part of the value.
  if ((kind === 'person' || kind === 'text') && typeof value === 'string') return trimMarks(value, t, kind === 'person' ? 2 : 1);
  if (value !== null) return value;
  const text = trimValue(raw);
  switch (kind) {
    case 'gender': {
      // One character standing alone: 性别另 (男), 性别：汝 (女).
      const first = [...text][0] ?? '';
      const next = [...text][1] ?? '';
      return HAN.test(next) ? null : t.genderLookalikes.get(first) ?? null;
    }
    case 'code_digits':
    case 'number_digits': {
      // A speck read as a point or a space inside the digits (11796.702): codes hold no points.
      const m = /^[.:]?(\d{2,12})[.,·\s](\d{2,12})(?![\d.])/.exec(text);
      const joined = m ? m[1]! + m[2]! : '';
      return joined.length >= 6 && joined.length <= 14 ? joined : null;
    }
    default:
      return null;
  }
}

/** A value without separator marks at its ends (·魏涛浩); null when fewer than `min` characters stay. */
function trimMarks(name: string, t: HeaderValueTables, min: number): string | null {
  let chars = [...name];
  while (chars.length > 0 && t.personMarks.includes(chars[0]!)) chars = chars.slice(1);
  while (chars.length > 0 && t.personMarks.includes(chars[chars.length - 1]!)) chars = chars.slice(0, -1);
  return chars.length >= min ? chars.join('') : null;
}
