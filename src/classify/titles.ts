/**
 * Picks a document's title lines from its OCR lines, as a reader would: larger than the body text,
 * near the top, roughly centred, short, and often worded like a known document title. Works on
 * quads in the document's upright frame, where "top" and "size" mean what they say.
 */
import type { Quad8 } from '../ocr/types.js';
import type { Taxonomy } from './taxonomy.js';
import { allowedEdits, findWording, normalise } from './wording.js';
import { median } from '../util/stats.js';

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

/** All title wordings of the taxonomy, normalised, longest first. */
function titleWordings(tax: Taxonomy): string[] {
  const set = new Set<string>();
  for (const r of tax.roots) for (const t of r.titles) {
    const n = normalise(t);
    if (n.length >= 2) set.add(n);
  }
  return [...set].sort((a, b) => b.length - a.length);
}

/** Title score of a line worded like a title with a misread character (an exact wording scores 1). */
const NEAR_WORDED_SCORE = 0.8;
/** Characters a nearly worded line may hold besides the wording (a province or issuer before it). */
const NEAR_WORDED_EXTRA = 4;

/**
 * Whether line `n` holds a title wording of four characters or more within the edits the
 * classifier tolerates (wording.ts allowedEdits), the wording making up most of the line: a body
 * line that merely contains a near miss is a sentence, not a heading.
 */
function nearlyWorded(n: string, wordings: readonly string[]): boolean {
  const len = Array.from(n).length;
  return wordings.some((w) => {
    const wl = Array.from(w).length;
    if (wl < 4 || len < wl - allowedEdits(wl) || len > wl + NEAR_WORDED_EXTRA) return false;
    return findWording(n, w, allowedEdits(wl)) !== null;
  });
}

const wordingCache = new WeakMap<Taxonomy, string[]>();
const labelCache = new WeakMap<Taxonomy, string[]>();

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
  let labels = labelCache.get(tax);
  if (!labels) {
    labels = tax.fieldLabels.map(normalise).filter((l) => l.length > 0);
    labelCache.set(tax, labels);
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
    const worded = wordings.some((w) => n.includes(w));
    if (worded) score += 1;
    // A field printed as label and value (性别男, 姓名张三) without a colon is still a field.
    else if (labels.some((l) => n.startsWith(l))) score -= 0.7;
    // A title with one character misread (委托投权书) is still worded like one: on a page of which
    // little more was read, its size says nothing (it is the median line) and only the wording tells.
    else if (nearlyWorded(n, wordings)) score += NEAR_WORDED_SCORE;
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
  const picked = scored.slice(0, maxTitles).map((s) => s.i);
  // The issuer's name printed as a heading right above the title (医院 over 门诊收费票据) belongs
  // to the title block: centred, about as large as the title, no field label, not a number.
  for (const t of [...picked]) {
    if (picked.length >= maxTitles) break;
    const above = lineAbove(lines, heights, t);
    if (above === null || picked.includes(above)) continue;
    const n = norms[above];
    const q = lines[above].quad;
    const cx = (q[0] + q[2] + q[4] + q[6]) / 4;
    const centred = page.width > 0 && Math.abs(cx / page.width - 0.5) < 0.12;
    const highEnough = page.height > 0 && Math.min(q[1], q[3]) / page.height < 0.3;
    const digits = (n.match(/\d/g) ?? []).length;
    if (n.length >= 4 && n.length <= 30 && centred && highEnough && heights[above] >= 0.8 * heights[t] && digits <= n.length / 3 && !/[:：]/.test(lines[above].text)) picked.push(above);
  }
  return picked.sort((a, b) => a - b);
}

/** The line printed right above line t (within two of t's heights, overlapping it horizontally), or null. */
function lineAbove(lines: readonly TitleCandidate[], heights: readonly number[], t: number): number | null {
  const q = lines[t].quad;
  const top = Math.min(q[1], q[3]);
  const x0 = Math.min(q[0], q[6]);
  const x1 = Math.max(q[2], q[4]);
  let best: number | null = null;
  let bestGap = Infinity;
  for (let j = 0; j < lines.length; j++) {
    if (j === t) continue;
    const p = lines[j].quad;
    const bottom = Math.max(p[5], p[7]);
    const gap = top - bottom;
    const overlap = Math.min(x1, Math.max(p[2], p[4])) - Math.max(x0, Math.min(p[0], p[6]));
    if (gap < -0.3 * heights[t] || gap > 2 * heights[t] || overlap <= 0) continue;
    if (gap < bestGap) {
      bestGap = gap;
      best = j;
    }
  }
  return best;
}

/**
 * Picked title lines that are pieces of one printed title: the recogniser cuts a title at a wide
 * gap (letter-spaced titles, a seal over it, a bracketed suffix such as （清单联）). Pieces on one
 * row (they overlap vertically by most of their height) and close together (a gap of at most
 * 1.5 line heights) form one group, left to right; groups come in reading order.
 */
export function titleGroups(lines: readonly TitleCandidate[], picked: readonly number[]): number[][] {
  const box = (i: number): { x0: number; x1: number; y0: number; y1: number } => {
    const q = lines[i].quad;
    return { x0: Math.min(q[0], q[6]), x1: Math.max(q[2], q[4]), y0: Math.min(q[1], q[3]), y1: Math.max(q[5], q[7]) };
  };
  const groups: number[][] = [];
  for (const i of [...picked].sort((a, b) => a - b)) {
    const b = box(i);
    const h = b.y1 - b.y0;
    const joined = groups.find((g) => {
      const last = box(g[g.length - 1]);
      const lh = last.y1 - last.y0;
      const overlap = Math.min(b.y1, last.y1) - Math.max(b.y0, last.y0);
      const gap = b.x0 - last.x1;
      return overlap >= 0.6 * Math.min(h, lh) && gap >= -0.2 * h && gap <= 1.5 * Math.max(h, lh);
    });
    if (joined) joined.push(i);
    else groups.push([i]);
  }
  return groups;
}

/** Text of a group of title pieces: joined directly between CJK characters, with a space between words. */
export function joinTitleText(pieces: readonly string[]): string {
  return pieces.reduce((acc, p) => {
    if (acc === '') return p;
    const cjk = /[\u3000-\u9fff\uff00-\uffef]/;
    return cjk.test(acc.slice(-1)) || cjk.test(p.slice(0, 1)) ? acc + p : `${acc} ${p}`;
  }, '');
}

/** Region of a group of title pieces (left to right): the first piece's left corners, the last one's right corners. */
export function joinTitleRegion(quads: readonly Quad8[]): Quad8 {
  const first = quads[0];
  const last = quads[quads.length - 1];
  return [first[0], first[1], last[2], last[3], last[4], last[5], first[6], first[7]];
}
