/**
 * Out-of-focus documents read a second time. A defocused photo spreads every stroke over several
 * pixels; the recogniser then drops or confuses the characters of the title and the few keywords
 * the text classifier places a document by, and the document falls back to 其他. Deconvolving the
 * crop (src/image/deblur.ts) gives those strokes back often enough to read the title, but it also
 * rings and costs an OCR pass, so it is tried only on a document the first reading could not place
 * firmly, and its reading is kept only when it places the document better.
 */
import type { TextClassification } from './text-classifier.js';
import type { Taxonomy } from './taxonomy.js';

export const DEFOCUS_REREAD_SETTINGS = Object.freeze({
  /**
   * Share of the measured defocus the crop is deconvolved with. The measurement, taken on the
   * sharpest edges, still carries the print's own softness and JPEG smear; a PSF wider than the
   * true blur makes Richardson–Lucy overshoot into ringing that the recogniser reads as strokes
   * (a whole title lost, the page's turn misjudged), a narrower one only sharpens less.
   */
  psfShare: 0.8,
});

/**
 * Whether a document's first reading leaves room for a sharper one: it fell back to 其他, or its
 * class rests neither on a title nor on enough evidence to be credible. A credible or titled class
 * was read well enough through the blur; reading it again would cost an OCR pass for nothing.
 */
export function needsSharperReading(cls: TextClassification, tax: Taxonomy): boolean {
  if (cls.root_cls === tax.fallback) return true;
  return cls.root_cls_is_credible !== 1 && !cls.titled;
}

/**
 * How firmly a classification places its document, compared level by level: placed at all (not
 * the fallback), credible, resting on a title of its own. The evidence scores of two readings are
 * not compared: a deconvolved page's ringing adds stray characters whose keyword hits would
 * outscore the first reading's without placing the document any better.
 */
function firmness(cls: TextClassification, tax: Taxonomy): [number, number, number] {
  if (cls.root_cls === tax.fallback) return [0, 0, 0];
  return [1, cls.root_cls_is_credible === 1 ? 1 : 0, cls.titled ? 1 : 0];
}

/** Whether the restored reading's class places the document more firmly than the first reading's. */
export function placesBetter(restored: TextClassification, first: TextClassification, tax: Taxonomy): boolean {
  const a = firmness(restored, tax);
  const b = firmness(first, tax);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}
