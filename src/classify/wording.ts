/**
 * Text normalisation and wording search shared by the title picker and the classifier. OCR output
 * differs from the printed wording in width (full/half), spacing, brackets and the odd misread
 * character, so patterns are compared on a normalised form and may match with a small number of
 * edits.
 */

import { readFileSync } from 'node:fs';
import { dataFile } from '../util/paths.js';

let lookalikes: ReadonlyMap<string, string> | null = null;

/**
 * Characters the recogniser reads in place of a printed one (医瞩单 for 医嘱单), from
 * `data/classify-lookalikes.json`. Folded before comparing: a three-character title allows no
 * edit, so a look-alike would otherwise lose it.
 */
function lookalikeFold(): ReadonlyMap<string, string> {
  if (lookalikes) return lookalikes;
  const raw = JSON.parse(readFileSync(dataFile('classify-lookalikes.json'), 'utf8')) as { fold?: Record<string, unknown> };
  const map = new Map<string, string>();
  for (const [from, to] of Object.entries(raw.fold ?? {})) {
    if (typeof to !== 'string' || Array.from(from).length !== 1 || Array.from(to).length !== 1) {
      throw new Error(`classify-lookalikes: ${from} -> ${String(to)} must map one character to one character`);
    }
    map.set(from, to);
  }
  lookalikes = map;
  return map;
}

const normalisedLists = new WeakMap<readonly string[], readonly string[]>();

/**
 * A list of wordings normalised once and kept with the list (a taxonomy's generic title prefixes,
 * looked at for every line of every document).
 */
export function normalisedOnce(words: readonly string[]): readonly string[] {
  let out = normalisedLists.get(words);
  if (!out) {
    out = words.map(normalise);
    normalisedLists.set(words, out);
  }
  return out;
}

/** NFKC (full-width to ASCII), lower case, only letters, digits and CJK kept, OCR look-alikes folded. */
export function normalise(text: string): string {
  const fold = lookalikeFold();
  const plain = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
  let out = '';
  for (const ch of plain) out += fold.get(ch) ?? ch;
  return out;
}

export interface WordingMatch {
  /** Length of the normalised pattern. */
  readonly length: number;
  /** Edits needed (0 = exact). */
  readonly edits: number;
  /** Code-point offset in the text just past the match: what follows may make it a field label (护照号). */
  readonly end: number;
}

/** Edits allowed for a normalised pattern of this length: none for short words, whose near misses are other words. */
export function allowedEdits(length: number): number {
  // Long Latin titles (HONG KONG SPECIAL ADMINISTRATIVE REGION PASSPORT) lose their first letters
  // under an emblem or a card's edge and misread one more; no two of them are this close.
  if (length >= 30) return 4;
  if (length >= 20) return 3;
  if (length >= 10) return 2;
  if (length >= 4) return 1;
  return 0;
}

/**
 * Best approximate occurrence of `pattern` anywhere in `text` (both already normalised), as the
 * smallest edit distance between the pattern and any substring (Sellers' algorithm). Null when
 * it needs more than `maxEdits`.
 */
export function findWording(text: string, pattern: string, maxEdits: number = allowedEdits(pattern.length)): WordingMatch | null {
  if (pattern.length === 0) return null;
  const at = text.indexOf(pattern);
  if (at >= 0) return { length: pattern.length, edits: 0, end: Array.from(text.slice(0, at + pattern.length)).length };
  if (maxEdits <= 0 || text.length < pattern.length - maxEdits) return null;
  const t = Array.from(text);
  const best = bestOccurrence(Array.from(pattern), t.length, (j, ch) => (t[j] === ch ? 0 : -1), 1);
  return best.edits <= maxEdits ? { length: best.length, edits: best.edits, end: best.end } : null;
}

/**
 * Sellers' algorithm: the cheapest approximate occurrence of the pattern `p` in a sequence of `n`
 * places, where `rank(j, ch)` says how place j reads ch: 0 as its first reading (free), > 0 among
 * its alternatives (costs `altCost`), -1 not at all (a substitution, one edit). Insertions and
 * deletions are one edit each. A match may start anywhere; the earliest end of the cheapest wins.
 */
function bestOccurrence(p: readonly string[], n: number, rank: (j: number, ch: string) => number, altCost: number): ReadingMatch {
  const m = p.length;
  // Per pattern prefix length: total cost, edits and alternatives of the best path ending here.
  let prevCost = new Float64Array(m + 1);
  let prevEdits = new Int32Array(m + 1);
  let prevAlts = new Int32Array(m + 1);
  let cost = new Float64Array(m + 1);
  let edits = new Int32Array(m + 1);
  let alts = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) prevCost[i] = prevEdits[i] = i;
  let bestCost = prevCost[m];
  let bestEdits = m;
  let bestAlts = 0;
  let end = 0;
  for (let j = 1; j <= n; j++) {
    cost[0] = 0;
    edits[0] = 0;
    alts[0] = 0;
    for (let i = 1; i <= m; i++) {
      const at = rank(j - 1, p[i - 1]);
      // Substitution (free, an alternative, or an edit), then deletion and insertion if cheaper.
      let c = prevCost[i - 1] + (at === 0 ? 0 : at > 0 ? altCost : 1);
      let e = prevEdits[i - 1] + (at < 0 ? 1 : 0);
      let a = prevAlts[i - 1] + (at > 0 ? 1 : 0);
      if (prevCost[i] + 1 < c) {
        c = prevCost[i] + 1;
        e = prevEdits[i] + 1;
        a = prevAlts[i];
      }
      if (cost[i - 1] + 1 < c) {
        c = cost[i - 1] + 1;
        e = edits[i - 1] + 1;
        a = alts[i - 1];
      }
      cost[i] = c;
      edits[i] = e;
      alts[i] = a;
    }
    if (cost[m] < bestCost) {
      bestCost = cost[m];
      bestEdits = edits[m];
      bestAlts = alts[m];
      end = j;
    }
    [prevCost, cost] = [cost, prevCost];
    [prevEdits, edits] = [edits, prevEdits];
    [prevAlts, alts] = [alts, prevAlts];
  }
  return { length: m, edits: bestEdits, end, alternatives: bestAlts };
}

/** Exact-only search of several wordings; the normalised wordings that occur. */
export function wordingsPresent(text: string, wordings: readonly string[]): string[] {
  const found: string[] = [];
  for (const w of wordings) {
    const n = normalise(w);
    if (n.length > 0 && text.includes(n)) found.push(n);
  }
  return found;
}

/**
 * A title cut at its ends still names its document when enough of it is left: a long title on a
 * card's band loses its first letters under the emblem and its last ones under a card lying over
 * it (ENTRY PERMIT FOR TRAVELLING TO AND FROM HONG KONG AND MACA). Fewest characters left, and
 * smallest share of the wording, for a line to count as such a fragment. A Chinese character says
 * about what a Latin word does, so a piece in Chinese counts from `hanMinLength` characters and
 * `hanMinShare` of the wording, read without a misread (门特别行政区通行证, a permit's band cut by
 * the card's crop at its left edge), counted without a generic prefix the piece starts in
 * (中华人民共和国往 is a piece of every title under that prefix, and says no more than 往). Seven
 * characters read as printed are still one title's alone (大陆居民往来台, a permit's band with its
 * end under the card beside it); the piece must still be no other root's (fragmentHits).
 */
export const TITLE_FRAGMENT = Object.freeze({ minLength: 12, minShare: 0.6, hanMinLength: 7, hanMinShare: 0.5 });

const ALL_HAN = /^\p{Script=Han}+$/u;

/**
 * Characters of a piece of `wording` starting at code point `start` that lie past the generic
 * prefix the wording begins with, if any (the prefix tells nothing apart).
 */
function pastGenericPrefix(wording: string, start: number, length: number, genericPrefixes: readonly string[]): number {
  for (const p of genericPrefixes) {
    const plen = Array.from(p).length;
    if (plen > 0 && wording.startsWith(p)) return length - Math.max(0, Math.min(length, plen - start));
  }
  return length;
}

/**
 * Whether the normalised `line` is the normalised `wording` with its start and/or end cut off (a
 * few misreads inside allowed, as for a wording of the line's length). Null when it is not, or
 * when too little of the wording is left to tell it from its siblings. `genericPrefixes`
 * (normalised) let a Chinese piece count from fewer characters (TITLE_FRAGMENT.hanMinLength).
 */
export function titleFragment(line: string, wording: string, genericPrefixes: readonly string[] = []): WordingMatch | null {
  const len = Array.from(line).length;
  const wlen = Array.from(wording).length;
  if (len >= wlen) return null;
  if (len >= TITLE_FRAGMENT.minLength && len >= TITLE_FRAGMENT.minShare * wlen) return findWording(wording, line, allowedEdits(len));
  if (genericPrefixes.length === 0 || !ALL_HAN.test(line) || !ALL_HAN.test(wording) || len < TITLE_FRAGMENT.hanMinShare * wlen) return null;
  // Read as printed only: one misread in a short piece makes it a piece of a sibling as well
  // (门特别行政区通行证 is 澳门特别行政区旅行证 with 旅 read 通).
  const m = findWording(wording, line, 0);
  if (!m) return null;
  return pastGenericPrefix(wording, Math.max(0, m.end - len), len, genericPrefixes) >= TITLE_FRAGMENT.hanMinLength ? m : null;
}

/**
 * One character as the recogniser read it, with the other characters it considered there (its
 * unsure places only, likeliest first). On a blurred photo the printed character is often the
 * second choice (华价国归定居证 with 侨 and 回 just behind 价 and 国).
 */
export interface ReadChar {
  readonly char: string;
  readonly alternatives?: readonly string[];
}

/** Per normalised character of a line: what was read there first, then its alternatives. */
export type LineReadings = readonly (readonly string[])[];

/**
 * A line's readings lined up with `normalise(text)`, or null when the characters do not spell the
 * normalised text (no characters given, or an engine that reports them differently).
 */
export function lineReadings(text: string, chars: readonly ReadChar[] | undefined): LineReadings | null {
  if (!chars || chars.length === 0) return null;
  const out: string[][] = [];
  for (const c of chars) {
    const first = Array.from(normalise(c.char));
    if (first.length === 0) continue;
    if (first.length > 1) {
      for (const ch of first) out.push([ch]);
      continue;
    }
    const alts = (c.alternatives ?? []).map(normalise).filter((a) => Array.from(a).length === 1 && a !== first[0]);
    out.push([first[0], ...alts]);
  }
  return out.map((o) => o[0]).join('') === normalise(text) ? out : null;
}

export interface ReadingMatch extends WordingMatch {
  /** Pattern characters found only among the recogniser's alternatives. */
  readonly alternatives: number;
}

/**
 * Best approximate occurrence of `pattern` in a line's readings: as findWording, but a character
 * that is one of the recogniser's alternatives at its place is no edit, only an `altCost` (< 1)
 * towards the smallest total. Null when that occurrence needs more than `maxEdits` edits or more
 * than `maxAlternatives` alternatives.
 */
export function findReading(readings: LineReadings, pattern: string, maxEdits: number, maxAlternatives: number, altCost: number): ReadingMatch | null {
  const p = Array.from(pattern);
  if (p.length === 0 || readings.length < p.length - maxEdits) return null;
  const best = bestOccurrence(p, readings.length, (j, ch) => readings[j].indexOf(ch), altCost);
  return best.edits > maxEdits || best.alternatives > maxAlternatives ? null : best;
}

/**
 * Whether `pattern` (normalised) stands in the readings as it is, character for character, each
 * one the first reading or an alternative at its place, with at most `maxAlternatives` from the
 * alternatives and at least one.
 */
export function readsAs(readings: LineReadings, pattern: string, maxAlternatives: number): boolean {
  const p = Array.from(pattern);
  for (let s = 0; s + p.length <= readings.length; s++) {
    let alts = 0;
    let k = 0;
    for (; k < p.length; k++) {
      const at = readings[s + k].indexOf(p[k]);
      if (at < 0) break;
      if (at > 0 && ++alts > maxAlternatives) break;
    }
    if (k === p.length && alts > 0) return true;
  }
  return false;
}
