/**
 * Two readings of one printed name: the page pass's and the re-read strip's. The strip is read
 * from the seal-paled page at a small crop, where the seal's ink left over and the strip's edges
 * make the recogniser less sure of some characters than it was on the page (河北省协和 at 0.92 on
 * the page, 协积 at 0.72 in the strip). When the page reading is a start of the re-read name
 * (the page lost the rest under the seal) and the two differ in one character only, that
 * character is kept from the reading the recogniser was surer of.
 */
import type { OcrLine } from '../ocr/types.js';
import { lineOfName } from './seal-name.js';

/** A page character scored at least this is taken as read right over a less sure re-read one. */
const SURE_PAGE_CHAR = 0.9;

/** Shortest page reading compared: two characters agree with too many names by chance. */
const MIN_PAGE_READING = 3;

/** The recogniser's score of character `index` of `name` as found in `lines`; null when not found there. */
function scoreOfChar(name: string, index: number, lines: readonly OcrLine[]): number | null {
  const found = lineOfName(name, lines);
  if (!found) return null;
  const c = found.line.chars[found.start + index];
  // A repair may have changed the character since it was read: only the recogniser's own counts.
  return c && c.char === [...name][index] ? c.score : null;
}

/**
 * The re-read name with the one character it differs from the page reading in taken from the page,
 * when the page reading (at least three characters) is the re-read name's start but for that
 * character, the page's character is a Chinese character scored sure, and the strip scored its
 * own lower. The re-read name as it is otherwise (no page reading, more than one difference, or
 * the strip as sure as the page).
 */
export function withSurePageCharacter(reread: string, rereadLines: readonly OcrLine[], page: string, pageLines: readonly OcrLine[]): string {
  const r = [...reread];
  const p = [...page];
  if (p.length < MIN_PAGE_READING || r.length < p.length) return reread;
  const differ = p.map((c, i) => (c !== r[i] ? i : -1)).filter((i) => i >= 0);
  if (differ.length !== 1) return reread;
  const at = differ[0]!;
  if (!/[\u4e00-\u9fff]/u.test(p[at]!)) return reread;
  const pageScore = scoreOfChar(page, at, pageLines);
  const stripScore = scoreOfChar(reread, at, rereadLines);
  if (pageScore === null || stripScore === null || pageScore < SURE_PAGE_CHAR || pageScore <= stripScore) return reread;
  r[at] = p[at]!;
  return r.join('');
}
