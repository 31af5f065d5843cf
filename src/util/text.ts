/** Text measures shared by matching (catalogue, hospital names) and evaluation (CER). */

/**
 * Levenshtein distance over Unicode code points (a CJK character is one unit), of two strings or
 * two lists of characters already split.
 */
export function editDistance(a: string | readonly string[], b: string | readonly string[]): number {
  const x = typeof a === 'string' ? [...a] : a;
  const y = typeof b === 'string' ? [...b] : b;
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

/**
 * Whether every character of `part` occurs in `whole` in order (the characters OCR kept of a
 * reading that lost some: 68496 in 468496). Characters are compared as given.
 */
export function keptInOrder(part: string, whole: string): boolean {
  const want = [...part];
  let i = 0;
  for (const c of whole) if (c === want[i]) i++;
  return i === want.length;
}
