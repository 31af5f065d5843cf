/**
 * A blurred document's title read with too many misreads for the text classifier's near-miss
 * matching. On an out-of-focus card or slip the recogniser still finds the title line but gets
 * a third to a half of its characters wrong (台湾民民家花大A通行证 for 台湾居民来往大陆通行证,
 * 核保的同执 for 核保函回执), more than any edit budget that keeps printed titles apart may allow.
 * What survives is the order of the characters it did read, and often the printed character
 * among its alternatives (回 behind 同, 旅 behind 款). So a line is compared with every title
 * wording by the longest common subsequence, a character matching when the recogniser read it
 * or considered it; a wording most of whose characters appear in order in a compact stretch of
 * the line, and clearly more of them than of any other root's wording, names the document.
 *
 * It is a guess from a blurred line: used only on a document every other reading left unplaced
 * on a blurred crop, and never credible (the caller reports it with credibility -1).
 */
import type { OcrLine } from '../ocr/types.js';
import type { Taxonomy } from './taxonomy.js';
import { normalise, normalisedOnce } from './wording.js';

export const GARBLED_TITLE_SETTINGS = Object.freeze({
  /**
   * Smallest recogniser score of an alternative that counts as a reading of its place. Lower than
   * the classifier's alternative_min_score: a title's shape (order and length) already constrains
   * the match, and a blurred glyph's printed character is often a few per cent behind.
   */
  alternativeMinScore: 0.03,
  /** Fewest wording characters found in order (shorter wordings are matched by chance). */
  minMatched: 4,
  /** Least share of the wording's characters found in order. */
  minWordingShare: 0.6,
  /** Least share of the line's stretch from the first to the last matched character that matched (a body line spreads them out). */
  minSpanShare: 0.6,
  /** How far the best root's share must lead any other root's (two roots read about as well name neither). */
  minLead: 0.15,
});

/** One place of a line: what it may read as (the recogniser's choice and its likely alternatives). */
type Place = ReadonlySet<string>;

function placesOf(line: OcrLine, minScore: number): Place[] {
  const out: Place[] = [];
  for (const c of line.chars) {
    const first = normalise(c.char);
    if (first.length !== 1) continue;
    const set = new Set([first]);
    for (const a of c.alternatives ?? []) {
      const n = normalise(a.char);
      if (a.score >= minScore && n.length === 1) set.add(n);
    }
    out.push(set);
  }
  return out;
}

/** Longest common subsequence of a line's places and a wording, with the span of line places it uses. */
export function orderedMatch(places: readonly Place[], wording: readonly string[]): { matched: number; span: number } {
  const n = places.length;
  const m = wording.length;
  const dp: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      dp[i][j] = places[i - 1].has(wording[j - 1]) ? dp[i - 1][j - 1] + 1 : Math.max(dp[i - 1][j], dp[i][j - 1]);
    }
  }
  // Walked back from the end, skipping line places first: each wording character takes the
  // latest place it can, which keeps the used stretch short.
  let i = n;
  let j = m;
  let first = -1;
  let last = -1;
  while (i > 0 && j > 0) {
    if (places[i - 1].has(wording[j - 1]) && dp[i][j] === dp[i - 1][j - 1] + 1) {
      if (last < 0) last = i - 1;
      first = i - 1;
      i--;
      j--;
    } else if (dp[i - 1][j] >= dp[i][j - 1]) i--;
    else j--;
  }
  return { matched: dp[n][m], span: last < 0 ? 0 : last - first + 1 };
}

export interface GarbledTitle {
  readonly root: string;
  /** The wording the line was taken for, as in the taxonomy. */
  readonly wording: string;
  /** Index of the line in the lines given. */
  readonly line: number;
  readonly share: number;
}

/**
 * The title wording the lines read as, through the blur, when one root's wording stands out;
 * null otherwise. Each root is scored by its best wording on any line (share of the wording's
 * characters found in order in a compact stretch).
 */
export function garbledTitle(lines: readonly OcrLine[], tax: Taxonomy, s: typeof GARBLED_TITLE_SETTINGS = GARBLED_TITLE_SETTINGS): GarbledTitle | null {
  const places = lines.map((l) => placesOf(l, s.alternativeMinScore));
  // What each line may read as anywhere: a wording with too few of those characters cannot match
  // it far enough to count, and is not aligned (most wordings on most lines; keeps this cheap).
  const readable = places.map((p) => new Set(p.flatMap((set) => [...set])));
  // Per root: its best wording among matches long enough to name it, and (for the lead) its best
  // share of any compact match at all, so a rival read nearly as well still counts against it.
  const bestOf = new Map<string, GarbledTitle>();
  const rivalShare = new Map<string, number>();
  for (const root of tax.roots) {
    if (root.name === tax.fallback) continue;
    const normalised = normalisedOnce(root.titles);
    root.titles.forEach((wording, wi) => {
      const chars = Array.from(normalised[wi]);
      if (chars.length === 0) return;
      places.forEach((p, li) => {
        if (p.length < s.minMatched) return;
        let present = 0;
        for (const c of chars) if (readable[li].has(c)) present++;
        if (present < s.minMatched - 1) return;
        const { matched, span } = orderedMatch(p, chars);
        // Two characters in order say nothing: a rival is one read almost as far as a namer.
        if (matched < s.minMatched - 1 || matched / span < s.minSpanShare) return;
        const share = matched / chars.length;
        rivalShare.set(root.name, Math.max(rivalShare.get(root.name) ?? 0, share));
        if (matched < s.minMatched) return;
        const prev = bestOf.get(root.name);
        if (!prev || share > prev.share) bestOf.set(root.name, { root: root.name, wording, line: li, share });
      });
    });
  }
  const best = [...bestOf.values()].sort((a, b) => b.share - a.share)[0];
  if (!best || best.share < s.minWordingShare) return null;
  const runnerUp = Math.max(0, ...[...rivalShare].filter(([name]) => name !== best.root).map(([, v]) => v));
  return best.share - runnerUp >= s.minLead ? best : null;
}
