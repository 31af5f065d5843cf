/**
 * Picks a document's title lines from its OCR lines, as a reader would: larger than the body text,
 * near the top, roughly centred, short, and often worded like a known document title. Works on
 * quads in the document's upright frame, where "top" and "size" mean what they say.
 */
import type { Quad8 } from '../ocr/types.js';
import type { Taxonomy } from './taxonomy.js';
import { normalise } from './wording.js';

export interface TitleCandidate {
  readonly text: string;
  /** The line's quad in the upright document frame. */
  readonly quad: Quad8;
}

export interface TitleOptions {
  /** Most title lines kept. */
  readonly maxTitles?: number;
  /** Score a line needs to be a title. */
  readonly minScore?: number;
}

/** Height of a line: mean length of its left and right edges. */
export function lineHeight(q: Quad8): number {
  const left = Math.hypot(q[6] - q[0], q[7] - q[1]);
  const right = Math.hypot(q[4] - q[2], q[5] - q[3]);
  return (left + right) / 2;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** All title wordings of the taxonomy, normalised, longest first. */
function titleWordings(tax: Taxonomy): string[] {
  const set = new Set<string>();
  for (const r of tax.roots) for (const t of r.titles) {
    const n = normalise(t);
    if (n.length >= 2) set.add(n);
  }
  return [...set].sort((a, b) => b.length - a.length);
}

const wordingCache = new WeakMap<Taxonomy, string[]>();

/**
 * Indices (ascending, i.e. in reading order) of the lines that are titles. `page` is the upright
 * document's size.
 */
export function pickTitles(lines: readonly TitleCandidate[], page: { width: number; height: number }, tax: Taxonomy, opts: TitleOptions = {}): number[] {
  const maxTitles = opts.maxTitles ?? 4;
  const minScore = opts.minScore ?? 1.3;
  let wordings = wordingCache.get(tax);
  if (!wordings) {
    wordings = titleWordings(tax);
    wordingCache.set(tax, wordings);
  }
  const norms = lines.map((l) => normalise(l.text));
  const heights = lines.map((l) => lineHeight(l.quad));
  const body = median(heights.filter((_, i) => norms[i].length >= 2));
  const scored: { i: number; score: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const n = norms[i];
    if (n.length < 2 || n.length > 30) continue;
    const q = lines[i].quad;
    const top = Math.min(q[1], q[3]);
    const cx = (q[0] + q[2] + q[4] + q[6]) / 4;
    const relTop = page.height > 0 ? top / page.height : 0;
    const offCentre = page.width > 0 ? Math.abs(cx / page.width - 0.5) : 0;
    const size = body > 0 ? heights[i] / body : 1;
    let score = 0;
    if (size >= 1.3) score += 1;
    else if (size >= 1.12) score += 0.5;
    if (wordings.some((w) => n.includes(w))) score += 1;
    if (relTop < 0.25) score += 0.5;
    else if (relTop < 0.4) score += 0.2;
    else score -= 0.5;
    if (offCentre < 0.15) score += 0.3;
    // Lines that are mostly digits are numbers (invoice codes, dates), not titles.
    const digits = (n.match(/\d/g) ?? []).length;
    if (digits > n.length / 3) score -= 1;
    // A label followed by a colon is a field, not a heading.
    if (/[:：]/.test(lines[i].text)) score -= 0.7;
    if (score >= minScore) scored.push({ i, score });
  }
  scored.sort((a, b) => b.score - a.score);
  return scored
    .slice(0, maxTitles)
    .map((s) => s.i)
    .sort((a, b) => a - b);
}
