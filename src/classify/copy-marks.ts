/**
 * A document stamped as checked against its original (与原件核对无误, 原件已退回) is a copy kept in
 * place of the original, whatever its pixels look like: a colour scan of a checked copy has
 * coloured seals and paper like an original. The wordings are data (`copy_marks` in
 * data/taxonomy.json); "复印件" alone is not one, since claim forms list the copies to enclose.
 */
import type { QualifyRes } from '../contract/classify.js';
import type { Taxonomy } from './taxonomy.js';
import { normalise, wordingsPresent } from './wording.js';

/** Score given to isoriginal when a copy mark is read. */
const COPY_MARK_SCORE = 0.1;

export function hasCopyMark(texts: readonly string[], tax: Taxonomy): boolean {
  if (tax.copyMarks.length === 0) return false;
  return wordingsPresent(texts.map(normalise).join('|'), tax.copyMarks).length > 0;
}

/** The quality flags with isoriginal false when the document's text carries a copy mark. */
export function withCopyMarks(q: QualifyRes, texts: readonly string[], tax: Taxonomy): QualifyRes {
  if (!hasCopyMark(texts, tax)) return q;
  return { ...q, isoriginal: false, isoriginal_score: Math.min(q.isoriginal_score, COPY_MARK_SCORE) };
}
