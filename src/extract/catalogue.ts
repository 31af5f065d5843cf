/**
 * Matching printed detail names against the national insurance drug catalogue (data/catalogue.json,
 * built by scripts/build-catalogue.ts from the official 2024 PDF).
 *
 * Method: both sides are reduced to a key (NFKC, no brackets or their content, no dosage-form suffix,
 * no salt prefix; data/drug-name-forms.json). Candidates share at least one character bigram with the
 * query key (an inverted index); each is scored 1 - editDistance / longerLength, with a bonus when one
 * key contains the other whole (printed names often add a brand or a strength). The best candidate is
 * taken when its score reaches MATCH_THRESHOLD; below it the name is "".
 */
import { existsSync, readFileSync } from 'node:fs';
import { dataFile } from '../util/paths.js';
import { compact } from './parse/normalize.js';
import { editDistance } from '../util/text.js';

export { editDistance };

export interface CatalogueEntry {
  /** Name as the catalogue prints it (one variant of a 中成药 entry's listed forms). */
  readonly name: string;
  /** 甲, 乙, or "" (中药饮片 carry no grade). */
  readonly grade: string;
  /** 西药, 中成药, 谈判西药, 谈判中成药, 中药饮片. */
  readonly section: string;
}

export interface CatalogueMatch extends CatalogueEntry {
  readonly score: number;
}

export const MATCH_THRESHOLD = 0.72;

export interface Forms {
  readonly suffixes: readonly string[];
  readonly prefixes: readonly string[];
  /** Characters the recogniser drops from drug names (rare in its training text): 肟, 缬, 呋. */
  readonly lostChars: ReadonlySet<string>;
}

export function loadForms(): Forms {
  const raw = JSON.parse(readFileSync(dataFile('drug-name-forms.json'), 'utf8')) as { formSuffixes: string[]; saltPrefixes: string[]; lostChars?: string[] };
  return {
    suffixes: [...raw.formSuffixes].sort((a, b) => b.length - a.length),
    prefixes: [...raw.saltPrefixes].sort((a, b) => b.length - a.length),
    lostChars: new Set(raw.lostChars ?? []),
  };
}

/** The comparable core of a drug name. */
export function nameKey(name: string, forms: Forms): string {
  let s = compact(name).replace(/\([^)]*\)|\[[^\]]*\]|【[^】]*】/g, '').replace(/[()\[\]【】]/g, '');
  for (let pass = 0; pass < 2; pass++) {
    const suffix = forms.suffixes.find((f) => s.endsWith(f) && s.length > f.length + 1);
    if (suffix) s = s.slice(0, -suffix.length);
  }
  const prefix = forms.prefixes.find((f) => s.startsWith(f) && s.length > f.length + 1);
  if (prefix) s = s.slice(prefix.length);
  return s;
}

function bigrams(s: string): string[] {
  if (s.length < 2) return s.length === 1 ? [s] : [];
  const out: string[] = [];
  for (let i = 0; i + 1 < s.length; i++) out.push(s.slice(i, i + 2));
  return out;
}

export class Catalogue {
  private readonly keys: string[] = [];
  private readonly index = new Map<string, number[]>();

  constructor(private readonly entries: readonly CatalogueEntry[], private readonly forms: Forms = loadForms()) {
    entries.forEach((e, i) => {
      const key = nameKey(e.name, forms);
      this.keys.push(key);
      for (const g of new Set(bigrams(key))) {
        const list = this.index.get(g);
        if (list) list.push(i);
        else this.index.set(g, [i]);
      }
    });
  }

  get size(): number {
    return this.entries.length;
  }

  private readonly exact = new Set<string>();

  private candidates(q: string): number[] {
    const votes = new Set<number>();
    for (const g of new Set(bigrams(q))) for (const i of this.index.get(g) ?? []) votes.add(i);
    return [...votes];
  }

  /**
   * The printed name with its generic part restored from the catalogue when OCR misread it: the
   * name's key, or a run of it, differs in one character from exactly one catalogue key of four or
   * more characters (多酒立酮片 -> 多潘立酮片, 依运肝素钠 -> 依诺肝素钠). A character more is not
   * corrected: printed names carry salts the generic name leaves out (泮托拉唑钠, 瑞舒伐他汀钙); one
   * lost is put back when only one key fits (restoreLost). Or the name read with
   * one stray character before it (a seal's letter: 福盐酸莫西沙星片) holds a catalogue key exactly.
   * Null when the name is already a catalogue key or no single correction is clear.
   */
  correct(printed: string): string | null {
    if (this.exact.size === 0) for (const k of this.keys) this.exact.add(k);
    const name = compact(printed);
    const q = nameKey(name, this.forms);
    if (this.exact.has(q)) return null;
    if (q.length < MIN_CORRECTED_KEY - 1) return this.restoreLostFirst(name, q);
    if (q.length === MIN_CORRECTED_KEY - 1 && this.hasForm(name)) {
      const fixed = this.correctShortDrug(name, q);
      if (fixed) return fixed;
    }
    const at = name.indexOf(q);
    const tail = name.slice(1);
    if (/^[^\d%.]/.test(name) && this.exact.has(nameKey(tail, this.forms)) && nameKey(tail, this.forms).length >= 3) return tail;
    // The stray character may stand before a generic name followed by its salt (内阿托伐他汀钙片):
    // the rest starts with a catalogue key of four or more characters, the name as read with none.
    if (/^[\u4e00-\u9fff]/.test(name) && this.startsWithKey(nameKey(tail, this.forms)) && !this.startsWithKey(q)) return tail;
    if (at < 0) return null;
    // The generic part may be all of the key or a window of it (泮托拉唑钠: the salt follows).
    const fixes = new Map<string, { start: number; key: string }>();
    for (const i of this.candidates(q)) {
      const key = this.keys[i]!;
      if (key.length < MIN_CORRECTED_KEY || key.length > q.length) continue;
      if (q.includes(key)) return null;
      for (let j = 0; j + key.length <= q.length; j++) {
        // Only a Chinese character misread as another: digits and signs (0.9%) are read reliably.
        const window = q.slice(j, j + key.length);
        if (/^[\u4e00-\u9fff]+$/.test(window) && editDistance(window, key) === 1) fixes.set(`${j}:${key}`, { start: j, key });
      }
    }
    if (fixes.size === 0 && at >= 0 && /^[\u4e00-\u9fff]+$/.test(q)) return this.restoreLost(name, q, at);
    if (fixes.size !== 1) return null;
    const [fix] = [...fixes.values()];
    const from = at + fix!.start;
    return name.slice(0, from) + fix!.key + name.slice(from + fix!.key.length);
  }

  /** Whether the printed name ends with a dosage form (注射液, 胶囊): it names a drug, not a service. */
  private hasForm(name: string): boolean {
    const s = name.replace(/\([^)]*\)|\[[^\]]*\]|【[^】]*】/g, '');
    return this.forms.suffixes.some((f) => s.endsWith(f) && s.length > f.length + 1);
  }

  /**
   * A three-character generic name with one Chinese character misread (甘露酵注射液, 陕塞米注射液):
   * corrected only when the printed name ends with a dosage form (a drug is named, where a
   * three-character service such as 血常规 is in no catalogue) and exactly one three-character
   * catalogue key differs from it in that one character. Keys of two characters stay as read
   * (herbs and short names are too close to each other: 百令 / 白芍).
   */
  private correctShortDrug(name: string, q: string): string | null {
    const at = name.indexOf(q);
    if (at < 0 || !/^[\u4e00-\u9fff]+$/.test(q)) return null;
    const found = new Set<string>();
    for (const i of this.candidates(q)) {
      const key = this.keys[i]!;
      if (key.length === q.length && /^[\u4e00-\u9fff]+$/.test(key) && editDistance(q, key) === 1) found.add(key);
    }
    if (found.size !== 1) return null;
    const [key] = [...found];
    return name.slice(0, at) + key! + name.slice(at + q.length);
  }

  private startsWithKey(k: string): boolean {
    return this.candidates(k).some((i) => this.keys[i]!.length >= MIN_CORRECTED_KEY && k.startsWith(this.keys[i]!));
  }

  /**
   * A character OCR lost from the generic name (血府逐胶囊 for 血府逐瘀胶囊): the key is one
   * character short of exactly one catalogue key of four or more characters, the lost one not the
   * first (a lost first character leaves 沙坦, a start shared by many names). 头孢克 is short of both
   * 头孢克肟 and 头孢克洛: left as read.
   */
  private restoreLost(name: string, q: string, at: number): string | null {
    const found = new Set<string>();
    for (const i of this.candidates(q)) {
      const key = this.keys[i]!;
      if (key.length !== q.length + 1 || key.length < MIN_CORRECTED_KEY || key[0] !== q[0]) continue;
      if (editDistance(q, key) === 1) found.add(key);
    }
    // Several keys fit (头孢克 of 头孢克肟 and 头孢克洛): the recogniser drops some characters and
    // reads others, so the key whose missing character is one it drops is the name.
    const keys = found.size > 1 ? [...found].filter((k) => this.forms.lostChars.has(insertedChar(q, k))) : [...found];
    if (keys.length !== 1) return this.restoreLostFirst(name, q);
    return name.slice(0, at) + keys[0]! + name.slice(at + q.length);
  }

  /**
   * A first character lost (沙坦 of 缬沙坦, 塞米 of 呋塞米): guessed only when it is one the
   * recogniser drops (\`lostChars\`) and exactly one catalogue key is that character and the key as
   * read, as a lost first character otherwise leaves a start many names share (氯沙坦, 厄贝沙坦).
   */
  private restoreLostFirst(name: string, q: string): string | null {
    const at = name.indexOf(q);
    if (at < 0 || q.length < 1 || !/^[\u4e00-\u9fff]+$/.test(q)) return null;
    // A lost last character too (川 of 川芎, a herb whose second character the recogniser drops):
    // only a name of one or two characters read, as longer ones are put right by restoreLost.
    const ends = q.length < MIN_CORRECTED_KEY - 1 ? [...this.forms.lostChars].map((c) => q + c) : [];
    const starts = q.length >= 2 ? [...this.forms.lostChars].map((c) => c + q) : [];
    const keys = [...new Set([...starts, ...ends])].filter((k) => this.exact.has(k));
    if (keys.length !== 1) return null;
    return name.slice(0, at) + keys[0]! + name.slice(at + q.length);
  }

  /** Best catalogue entry for a printed name, or null below the threshold. */
  match(printed: string): CatalogueMatch | null {
    const q = nameKey(printed, this.forms);
    if (q.length < 2) return null;
    const votes = new Map<number, number>();
    for (const g of new Set(bigrams(q))) for (const i of this.index.get(g) ?? []) votes.set(i, (votes.get(i) ?? 0) + 1);
    let best: { i: number; score: number } | null = null;
    for (const [i, v] of votes) {
      const key = this.keys[i]!;
      // Cheap filter: too few shared bigrams cannot reach the threshold.
      if (v < Math.max(1, Math.floor(Math.min(q.length, key.length) * 0.25))) continue;
      const longer = Math.max(q.length, key.length);
      let score = 1 - editDistance(q, key) / longer;
      if (key.length >= 2 && (q.includes(key) || key.includes(q))) {
        score = Math.max(score, 0.75 + 0.25 * (Math.min(q.length, key.length) / longer));
      }
      if (!best || score > best.score || (score === best.score && key.length > this.keys[best.i]!.length)) best = { i, score };
    }
    if (!best || best.score < MATCH_THRESHOLD) return null;
    return { ...this.entries[best.i]!, score: Math.round(best.score * 1000) / 1000 };
  }
}

/** The character \`key\` holds that \`short\` (one character shorter, otherwise equal) lost. */
function insertedChar(short: string, key: string): string {
  let i = 0;
  while (i < short.length && short[i] === key[i]) i++;
  return key[i] ?? '';
}

/** Shortest catalogue key a misread character may be corrected against (two-character herbs are too close to each other). */
const MIN_CORRECTED_KEY = 4;

let shared: Catalogue | undefined;

/** The project's catalogue, loaded once; empty when data/catalogue.json has not been built. */
export function nationalCatalogue(): Catalogue {
  if (!shared) {
    const file = dataFile('catalogue.json');
    const entries = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { entries: CatalogueEntry[] }).entries
      : [];
    shared = new Catalogue(entries);
  }
  return shared;
}
