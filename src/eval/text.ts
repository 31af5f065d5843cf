/**
 * Text normalisation and character error rate. Both sides of every text comparison in the
 * evaluation go through `normaliseText`, so full-width/half-width forms and spacing (which OCR and
 * labellers write differently without either being wrong) never count as errors.
 */
import { editDistance } from '../util/text.js';

export { editDistance };

/** NFKC, then every white-space character removed (NFKC already turns U+3000 into a space). */
export function normaliseText(value: string): string {
  return value.normalize('NFKC').replace(/\s+/gu, '');
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
