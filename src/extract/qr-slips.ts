/**
 * Printed e-invoice elements that the QR code's machine-encoded value corrects although they are
 * not a one-character slip (values.ts doubtedSlip): on an out-of-focus photo the recogniser loses
 * characters of a code it reads as a whole, and the reading it keeps is the code with characters
 * missing, in order.
 */
import { DOUBTFUL_SCORE } from './grid.js';
import type { Segment } from './layout.js';
import { lookalikesAsDigits } from './parse/amount.js';
import { keptInOrder } from '../util/text.js';

/** A check code is 6 characters or more; a reading of fewer than 4 says too little to compare. */
const MIN_READ = 4;
/** OCR loses one or two characters of a short code; more than that is another code. */
const MAX_LOST = 2;

/**
 * Whether a check code read off the page is the QR's with one or two characters lost (Samk of
 * 5amxwk: S read for 5, x and w lost in the blur). Letters OCR reads for digits (S/5, O/0, ...)
 * and the case of letters count as the same character on both sides. OCR loses characters, it
 * does not invent them in order: a code changed, not shortened, stays a mismatch.
 */
export function lostCharactersOf(read: string, qr: string): boolean {
  const r = [...lookalikesAsDigits(read).toLowerCase()];
  const q = [...lookalikesAsDigits(qr).toLowerCase()];
  if (r.length < MIN_READ || q.length <= r.length || q.length > r.length + MAX_LOST) return false;
  return keptInOrder(r.join(''), q.join(''));
}

/**
 * Whether a printed value was read with doubt: the first segment holding it has a character of
 * it scored below DOUBTFUL_SCORE. A value not found as read (a date put together from its parts)
 * counts as doubted only when `missing` says so.
 */
export function readWithDoubt(read: string, segments: readonly Segment[], missing = true): boolean {
  if (read === '') return true;
  for (const s of segments) {
    const start = s.text.indexOf(read);
    if (start < 0) continue;
    return s.chars.slice(start, start + read.length).some((c) => (c.score ?? 1) < DOUBTFUL_SCORE);
  }
  return missing;
}

/**
 * Whether the QR's value replaces a printed element that differs from it, on a photo whose code
 * could only be decoded from a sharpened crop (src/qr/decode.ts decodeBlurredQrCodes): such a
 * photo is out of focus, its printed readings are the recogniser's guesses through the blur, and
 * the code's value passed its error correction. A printed value read with full confidence still
 * stands against it (and is reported as a mismatch).
 */
export function blurredPrintYields(read: string, segments: readonly Segment[]): boolean {
  return readWithDoubt(read, segments);
}
