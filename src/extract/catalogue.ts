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

interface Forms {
  readonly suffixes: readonly string[];
  readonly prefixes: readonly string[];
}

function loadForms(): Forms {
  const raw = JSON.parse(readFileSync(dataFile('drug-name-forms.json'), 'utf8')) as { formSuffixes: string[]; saltPrefixes: string[] };
  return {
    suffixes: [...raw.formSuffixes].sort((a, b) => b.length - a.length),
    prefixes: [...raw.saltPrefixes].sort((a, b) => b.length - a.length),
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

export function editDistance(a: string, b: string): number {
  const A = [...a];
  const B = [...b];
  let prev = Array.from({ length: B.length + 1 }, (_, j) => j);
  for (let i = 1; i <= A.length; i++) {
    const cur = [i];
    for (let j = 1; j <= B.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (A[i - 1] === B[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[B.length]!;
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
