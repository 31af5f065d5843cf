/**
 * Text normalisation and character error rate. Both sides of every text comparison in the
 * evaluation go through `normaliseText`, so full-width/half-width forms and spacing (which OCR and
 * labellers write differently without either being wrong) never count as errors.
 */

/** NFKC, then every white-space character removed (NFKC already turns U+3000 into a space). */
export function normaliseText(value: string): string {
  return value.normalize('NFKC').replace(/\s+/gu, '');
}

/** Levenshtein distance over Unicode code points (a CJK character is one unit, as for CER). */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  // Two rows suffice: memory O(|y|) even for pages of a few thousand characters.
  let prev = new Array<number>(y.length + 1);
  let cur = new Array<number>(y.length + 1);
  for (let j = 0; j <= y.length; j++) prev[j] = j;
  for (let i = 1; i <= x.length; i++) {
    cur[0] = i;
    const xi = x[i - 1];
    for (let j = 1; j <= y.length; j++) {
      const substitution = prev[j - 1]! + (xi === y[j - 1] ? 0 : 1);
      cur[j] = Math.min(substitution, prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[y.length]!;
}

/** Edits and reference length of one comparison; CER of a set is sum(edits) / sum(refLength). */
export interface CerCount {
  edits: number;
  refLength: number;
}

export function cerCount(reference: string, hypothesis: string): CerCount {
  const ref = normaliseText(reference);
  const hyp = normaliseText(hypothesis);
  return { edits: editDistance(ref, hyp), refLength: [...ref].length };
}
