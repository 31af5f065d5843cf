/**
 * Text normalisation and wording search shared by the title picker and the classifier. OCR output
 * differs from the printed wording in width (full/half), spacing, brackets and the odd misread
 * character, so patterns are compared on a normalised form and may match with a small number of
 * edits.
 */

/** NFKC (full-width to ASCII), lower case, and only letters, digits and CJK kept. */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export interface WordingMatch {
  /** Length of the normalised pattern. */
  readonly length: number;
  /** Edits needed (0 = exact). */
  readonly edits: number;
}

/** Edits allowed for a normalised pattern of this length: none for short words, whose near misses are other words. */
export function allowedEdits(length: number): number {
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
  if (text.includes(pattern)) return { length: pattern.length, edits: 0 };
  if (maxEdits <= 0 || text.length < pattern.length - maxEdits) return null;
  const p = Array.from(pattern);
  const t = Array.from(text);
  const m = p.length;
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = prev[m];
  for (let j = 1; j <= t.length; j++) {
    cur[0] = 0;
    for (let i = 1; i <= m; i++) {
      const sub = prev[i - 1] + (p[i - 1] === t[j - 1] ? 0 : 1);
      cur[i] = Math.min(sub, prev[i] + 1, cur[i - 1] + 1);
    }
    if (cur[m] < best) best = cur[m];
    [prev, cur] = [cur, prev];
  }
  return best <= maxEdits ? { length: m, edits: best } : null;
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
