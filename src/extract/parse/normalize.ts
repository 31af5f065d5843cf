/** Text clean-up shared by every parser: full-width forms, spaces, look-alike punctuation. */

/**
 * NFKC folds full-width digits, letters and punctuation (０-９, Ａ, ：, （）) into ASCII. The
 * ideographic full stop and the yen sign have no NFKC fold, so they are mapped by hand.
 */
export function normalizeText(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[。]/g, '.')
    .replace(/[￥]/g, '¥')
    .replace(/[—–－]/g, '-')
    .replace(/\u3000/g, ' ');
}

/** Normalised text without any white space, for label matching. */
export function compact(s: string): string {
  return normalizeText(s).replace(/\s+/g, '');
}

/** Removes separators that OCR leaves around values: colons, brackets at the edges, bars. */
export function trimValue(s: string): string {
  return normalizeText(s)
    .replace(/^[\s:：|;,，.、)）\]】]+/, '')
    .replace(/[\s:：|;,，、(（\[【]+$/, '')
    .trim();
}
