/**
 * A blurred document's title found where the text detector found nothing. On an out-of-focus
 * photo the detector can miss the one large line that names a document (a spaced-out 毕 业 证 书
 * on a certificate: no line at any detector scale), even after deconvolution, while the
 * recogniser, given the line's box, still reads most of it (华业证B, 毕 its second choice). The
 * tallest rows of glyph-sized ink of the restored crop (src/image/title-lines.ts) are read and
 * offered to the classifier as title lines. What they place is a guess from a blurred line: it is
 * kept only when it rests on a title wording, and never credibly.
 */
import type { OcrLine, Quad8 } from '../ocr/types.js';
import type { TextClassification } from './text-classifier.js';
import type { Taxonomy } from './taxonomy.js';
import { normalise } from './wording.js';

export const MISSED_TITLE_SETTINGS = Object.freeze({
  /**
   * Share of a found row's box already covered by a line the detector read: that line was read
   * and placed nothing, so reading its row again is an OCR call for nothing.
   */
  maxCovered: 0.5,
  /** Fewest characters a row must read (after normalising) to be a title worth offering. */
  minChars: 2,
});

function box(q: Quad8): [number, number, number, number] {
  const xs = [q[0], q[2], q[4], q[6]];
  const ys = [q[1], q[3], q[5], q[7]];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Share of box `a`'s area that box `b` covers. */
function coveredShare(a: Quad8, b: Quad8): number {
  const [ax0, ay0, ax1, ay1] = box(a);
  const [bx0, by0, bx1, by1] = box(b);
  const w = Math.max(0, Math.min(ax1, bx1) - Math.max(ax0, bx0));
  const h = Math.max(0, Math.min(ay1, by1) - Math.max(ay0, by0));
  const area = Math.max(1, (ax1 - ax0) * (ay1 - ay0));
  return (w * h) / area;
}

/** The found rows no line already read covers (their boxes in the crop's frame). */
export function unreadRows(rows: readonly Quad8[], lines: readonly OcrLine[]): Quad8[] {
  return rows.filter((r) => !lines.some((l) => coveredShare(r, l.quad) > MISSED_TITLE_SETTINGS.maxCovered));
}

/**
 * A glyph of a title row the recogniser read as a symbol (#, a stray mark) while it considered
 * characters there (# with 华 and 毕 behind it on a blurred 毕): no title wording holds the symbol,
 * and matching skips a place it reads as nothing, alternatives and all. The likeliest character
 * stands in for the symbol, the others stay its alternatives.
 */
function withoutSymbols(l: OcrLine): OcrLine {
  if (!l.chars.some((c) => normalise(c.char).length === 0 && (c.alternatives ?? []).some((a) => Array.from(normalise(a.char)).length === 1))) return l;
  const chars = l.chars.map((c) => {
    const alts = c.alternatives ?? [];
    const at = normalise(c.char).length === 0 ? alts.findIndex((a) => Array.from(normalise(a.char)).length === 1) : -1;
    return at < 0 ? c : { ...c, char: alts[at].char, score: alts[at].score, alternatives: alts.slice(at + 1) };
  });
  return { ...l, text: chars.map((c) => c.char).join(''), chars };
}

/** The rows' readings worth offering as titles: enough characters read, symbols put by the characters behind them. */
export function titleCandidates(read: readonly OcrLine[]): OcrLine[] {
  return read.map(withoutSymbols).filter((l) => Array.from(normalise(l.text)).length >= MISSED_TITLE_SETTINGS.minChars);
}

/**
 * The classification with the found title lines, as it may be reported: null unless it places the
 * document on a title wording of its own (a body keyword caught in a blurred row says too little)
 * clearly ahead of any other root; otherwise never credible, root and sub alike, since the title was read through the blur.
 */
export function weakTitlePlacement(cls: TextClassification, tax: Taxonomy): TextClassification | null {
  if (cls.root_cls === tax.fallback || !cls.titled) return null;
  // A row another root's wording fits about as well names neither (#业证书 is 毕业证书, 肄业证书
  // and 结业证书 with one misread each): the chosen root must lead by one misread's price.
  if (cls.score - cls.runnerUp < tax.scoring.fuzzyPenalty) return null;
  return { ...cls, root_cls_is_credible: -1, sub_cls_is_credible: -1 };
}
