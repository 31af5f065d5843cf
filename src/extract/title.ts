/**
 * Restoring an invoice title misread by OCR (门诊 -> 阀诊, 住院 -> 佳院, 票据 -> 票房, seal ink
 * between characters) to the wording invoices are printed with.
 *
 * Medical invoice titles follow one pattern, slot by slot (data/invoice-layout.json `titleParts`):
 * place (a province's name from data/provinces.json) + issuer (医疗, 医疗机构, 医院, ...) + kind
 * (门诊, 住院, ...) + 收费 + 专用 + document word (票据, 收据, ...) + (电子). The read title is aligned
 * against every wording of that pattern, ends free so stray marks before and after it do not count,
 * and the closest wording replaces it when it differs by few characters. A title that fits no
 * wording closely is kept as read.
 */
import type { Province } from '../contract/extract.js';
import type { ExtractTables } from './tables.js';

/** Edit distance between `pattern` and its best-matching substring of `text` (ends of text free). */
export function substringDistance(pattern: string, text: string): number {
  const p = [...pattern];
  const t = [...text];
  let prev: number[] = new Array<number>(t.length + 1).fill(0);
  for (let i = 1; i <= p.length; i++) {
    const cur: number[] = [i];
    for (let j = 1; j <= t.length; j++) {
      const sub = prev[j - 1]! + (p[i - 1] === t[j - 1] ? 0 : 1);
      cur.push(Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1));
    }
    prev = cur;
  }
  return Math.min(...prev);
}

/** Every wording of the title pattern, for the given place names. */
function wordings(places: readonly string[], parts: readonly (readonly string[])[]): string[] {
  let out: string[] = [...places];
  for (const slot of parts) {
    const next: string[] = [];
    for (const head of out) for (const w of slot) next.push(head + w);
    out = next;
  }
  return out;
}

function normaliseBrackets(s: string): string {
  return s.replace(/（/g, '(').replace(/）/g, ')');
}

/**
 * The title as printed, when the read one is a near miss of a known wording; otherwise the read
 * title. `province` narrows the place to that province's names (a province path, or recognised).
 */
export function canonicalTitle(read: string, province: Province | undefined, tables: ExtractTables): string {
  const text = normaliseBrackets(read);
  if ([...text].length < 6 || tables.titleParts.length === 0) return read;
  const rows = province ? [tables.provinces.get(province)].filter((r) => r !== undefined) : [...tables.provinces.values()];
  // The place first (few names), then the rest of the pattern for that place only: cheap enough.
  let places: { name: string; d: number }[] = [];
  for (const row of rows) for (const name of row.names) places.push({ name, d: substringDistance(name, text) });
  const bestPlace = Math.min(...places.map((p) => p.d));
  places = places.filter((p) => p.d === bestPlace && p.d <= Math.floor(p.name.length / 3));
  if (places.length === 0) return read;
  let best: { w: string; d: number } | null = null;
  for (const w of wordings(places.map((p) => p.name), tables.titleParts)) {
    const d = substringDistance(w, text);
    if (!best || d < best.d || (d === best.d && w.length > best.w.length)) best = { w, d };
  }
  if (!best) return read;
  const limit = Math.max(1, Math.floor([...best.w].length * 0.2));
  // Brackets stay ASCII, as NFKC gives them everywhere else in the result.
  return best.d <= limit ? best.w : read;
}

/** Wordings of the title pattern for one place, each with the words of its slots that name a medical issuer or visit. */
function medicalWordings(place: string, parts: readonly (readonly string[])[], medicalWords: readonly string[]): { w: string; medical: string }[] {
  let out: { w: string; medical: string }[] = [{ w: place, medical: '' }];
  for (const slot of parts) {
    const next: { w: string; medical: string }[] = [];
    for (const head of out) {
      for (const word of slot) {
        const medical = word !== '' && medicalWords.some((m) => word.includes(m)) ? word : '';
        next.push({ w: head.w + word, medical: head.medical + medical });
      }
    }
    out = next;
  }
  return out.filter((x) => x.medical !== '');
}

/**
 * Whether `read` (a line, or two joined) is a medical invoice title misread past restoring: a
 * province's name read whole, then a wording of the title pattern with a medical slot (医疗,
 * 门诊, 住院, ...) within a third of its characters (河北省诊收票据 of 河北省门诊收费票据: 门 and 费
 * lost; 山西省疗#构任收费票据 of 山西省医疗机构住院收费票据). At least one character of the medical
 * slots must be read: a provincial title of another kind (河北省通用收费票据) keeps none.
 * For the refusal of out-of-focus invoices whose every medical word is misread.
 */
export function isMisreadMedicalTitle(read: string, tables: ExtractTables): boolean {
  const text = normaliseBrackets(read);
  const chars = new Set(text);
  for (const row of tables.provinces.values()) {
    for (const place of row.names) {
      if (!text.includes(place)) continue;
      for (const { w, medical } of medicalWordings(place, tables.titleParts, tables.medicalWords)) {
        if (![...medical].some((c) => chars.has(c))) continue;
        if (substringDistance(w, text) <= Math.floor([...w].length / 3)) return true;
      }
    }
  }
  return false;
}
