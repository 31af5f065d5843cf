/**
 * Short card titles read with one character wrong. Near misses are tolerated only on titles of
 * four characters or more (wording.ts allowedEdits): the near miss of a three-character word is
 * often another word. On a small or blurred card, though, the recogniser often gets one glyph of
 * 学生证 or 工作证 wrong (中7生7生证) and nothing else of the card, which then came back 其他.
 * Such a reading counts for a card root when the document looks like a card (ID-1 shape), the
 * line is short (a title, not a field row), no wording of any root stands whole on it, and the two
 * characters kept, in their places, belong to that root's three-character titles alone (?生证
 * is only 学生证; ?官证 is 警官证, 军官证, 法官证, 检察官证: left unread).
 */
import type { RootClass, Taxonomy } from './taxonomy.js';

export const SHORT_TITLE = Object.freeze({
  /** Title wordings this long (characters) get the one-substitution reading. */
  length: 3,
  /** Longest line (characters) read as such a title. */
  maxLine: 8,
});

/** Whether `text` holds `word` with position `k` replaced by some other character. */
function holdsWithHole(text: readonly string[], word: readonly string[], k: number): boolean {
  for (let s = 0; s + word.length <= text.length; s++) {
    if (word.every((c, i) => (i === k ? text[s + i] !== c : text[s + i] === c))) return true;
  }
  return false;
}

/** Whether any title wording of the roots other than `own` holds `word`'s characters but the k-th, in place (学?证). */
function sharedWithOthers(word: readonly string[], k: number, own: RootClass, tax: Taxonomy, norm: (t: string) => string): boolean {
  for (const r of tax.roots) {
    if (r.name === own.name) continue;
    for (const t of r.titles) {
      const chars = Array.from(norm(t));
      for (let s = 0; s + word.length <= chars.length; s++) {
        if (word.every((c, i) => i === k || chars[s + i] === c)) return true;
      }
    }
  }
  return false;
}

/**
 * Index of the first line (normalised) that reads as one of `root`'s three-character titles with
 * one character replaced, under the rules above; -1 when none. `norm` is the classifier's normaliser.
 */
export function shortTitleLine(lines: readonly string[], root: RootClass, tax: Taxonomy, norm: (t: string) => string): number {
  if (!root.card) return -1;
  const words = root.titles.map((t) => Array.from(norm(t))).filter((w) => w.length === SHORT_TITLE.length);
  for (const [i, line] of lines.entries()) {
    const text = Array.from(line);
    if (text.length < SHORT_TITLE.length || text.length > SHORT_TITLE.maxLine) continue;
    for (const w of words) {
      for (let k = 0; k < w.length; k++) {
        if (holdsWithHole(text, w, k) && !sharedWithOthers(w, k, root, tax, norm)) return i;
      }
    }
  }
  return -1;
}
