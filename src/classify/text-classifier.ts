/**
 * Two-level classification of one document from its recognised lines and visual cues, driven by
 * `data/taxonomy.json`. Evidence is additive per root: a title wording on a title line counts most,
 * the same wording elsewhere less, then body keywords, numbers with valid check digits and visual
 * cues. Exclusion words and a missing medical context veto a root. The best root is kept only if it
 * clears a floor; it is credible only if it also clears a higher bar by a margin over the runner-up,
 * so that an unsure answer is flagged instead of asserted, and an unplaceable one becomes 其他.
 */
import type { ClassRes } from '../contract/classify.js';
import { containsBankCardNumber, containsUncheckedCardNumber, containsMrz, containsValidId18 } from './cues.js';
import { loadTaxonomy, type CueName, type Facet, type RootClass, type SubClass, type Taxonomy } from './taxonomy.js';
import { shortTitleLine } from './short-titles.js';
import { allowedEdits, findReading, findWording, lineReadings, normalise, normalisedOnce, readsAs, TITLE_FRAGMENT, titleFragment, wordingsPresent, type LineReadings, type ReadChar, type WordingMatch } from './wording.js';

export interface ClassifierLine {
  readonly text: string;
  /** Chosen as a title line (size, position, wording) by the title picker. */
  readonly isTitle: boolean;
  /** The recogniser's characters with their alternatives, when the engine gives them. */
  readonly chars?: readonly ReadChar[];
}

/** Non-text evidence measured on the pixels; absent means unknown, not false. */
export interface VisualCues {
  readonly card?: boolean;
  readonly portrait?: boolean;
  readonly emblem?: boolean;
  readonly qr?: boolean;
  /** A photograph of a scene (road, vehicle, injury) with next to no print: see visual.ts. */
  readonly scene?: boolean;
}

export interface TextClassification extends ClassRes {
  /** Evidence score of the chosen root (0 when it fell back). */
  readonly score: number;
  /** Score of the runner-up root. */
  readonly runnerUp: number;
  /** Whether the chosen root rests on a title wording of its own (false when it fell back). */
  readonly titled: boolean;
}

interface Prepared {
  readonly lines: readonly string[];
  readonly titleFlags: readonly boolean[];
  /** All normalised lines joined by a separator no pattern contains. */
  readonly full: string;
  readonly raw: readonly string[];
  /** Per line, its characters with the recogniser's alternatives (null: none given). */
  readonly readings: readonly (LineReadings | null)[];
  /** Per line, the characters among its alternatives: a wording with none of them reads there as printed or not at all. */
  readonly alternativeChars: readonly ReadonlySet<string>[];
}

interface TitleHit {
  readonly score: number;
  readonly line: number;
  readonly exact: boolean;
  /** The normalised wording that matched. */
  readonly pattern: string;
  /** The wording fills its line (see standsAlone): a title the title picker did not flag. */
  readonly alone: boolean;
  /** The wording was found on lines `line` and `line + 1` run together (中华人民共和国 / 居民身份证). */
  readonly pair: boolean;
  /** Characters misread inside the match (an alternative counts its cost; a fragment's cut is not counted). */
  readonly misreads: number;
  /**
   * A Chinese title piece shorter than the long-title rule asks (TITLE_FRAGMENT.hanMinLength): it
   * names the document but does not assert it, however far it outscores its rivals.
   */
  readonly shortPiece?: boolean;
}

/** Whether a title hit lies on line `i`: its own line, or the second of the pair it spans. */
function coversLine(hit: TitleHit, i: number): boolean {
  return hit.line === i || (hit.pair && hit.line + 1 === i);
}

/**
 * Least share of a line that is not a title a near miss must fill. A misread title the picker
 * did not flag still fills most of its line; a near miss a few characters long inside a sentence
 * is the body's own words (诊断明确 is 诊断证明 with one character dropped: "经检查诊断明确，予以…").
 */
const NEAR_MISS_BODY_MIN_COVERAGE = 0.5;

/** Share of a line a wording must fill, and its least length, for the line to be that wording alone. */
const ALONE_COVERAGE = 0.9;
const ALONE_MIN_CHARS = 4;

/**
 * Whether a wording of `length` characters found on a line of `lineLength` characters stands
 * alone on it: a line that is a document's name and nothing else is its title
 * even where the title picker did not flag it (a card's title of body-sized print, a Latin title
 * run into one line). A body line names a document inside a sentence or before a field
 * (身份证号：…); short wordings (身份证) are left out.
 */
function standsAlone(length: number, lineLength: number): boolean {
  return length >= ALONE_MIN_CHARS && lineLength > 0 && length / lineLength >= ALONE_COVERAGE;
}

function prepare(lines: readonly ClassifierLine[]): Prepared {
  const norm = lines.map((l) => normalise(l.text));
  const readings = lines.map((l) => lineReadings(l.text, l.chars));
  const alternativeChars = readings.map((r) => new Set((r ?? []).flatMap((options) => options.slice(1))));
  return { lines: norm, titleFlags: lines.map((l) => l.isTitle), full: norm.join('|'), raw: lines.map((l) => l.text), readings, alternativeChars };
}

/**
 * Whether every occurrence of `pat` in `line` is a field's label (保单号, 护照号/Passport No.,
 * 身份证号): the wording names what the field holds, not what the document is.
 */
function onlyAsFieldLabel(line: string, pat: string, tax: Taxonomy): boolean {
  for (let at = line.indexOf(pat); at >= 0; at = line.indexOf(pat, at + 1)) {
    if (!labelSuffixFollows(line.slice(at + pat.length), pat, tax)) return false;
  }
  return labelSuffixes(tax).length > 0;
}

/** Whether `rest`, the text right after wording `pat`, starts with a field-label suffix (号, No.). */
function labelSuffixFollows(rest: string, pat: string, tax: Taxonomy): boolean {
  // A Latin suffix labels a Latin wording (PASSPORT No.), a Chinese one a Chinese wording: a
  // Chinese title run into the invoice number beside it (门诊收费票据 No 123) is still a title.
  const latin = /[a-z]$/.test(pat);
  return labelSuffixes(tax).some((x) => rest.startsWith(x) && latin === /^[a-z]/.test(x));
}

const suffixCache = new WeakMap<Taxonomy, string[]>();
function labelSuffixes(tax: Taxonomy): string[] {
  let out = suffixCache.get(tax);
  if (!out) {
    out = tax.fieldLabelSuffixes.map(normalise).filter((x) => x.length > 0);
    suffixCache.set(tax, out);
  }
  return out;
}

/** `pat` without a prefix many titles share, for near-miss matching (see Taxonomy.genericTitlePrefixes). */
function distinctivePart(pat: string, tax: Taxonomy): string {
  for (const n of normalisedOnce(tax.genericTitlePrefixes)) {
    if (n.length > 0 && pat.startsWith(n) && pat.length - n.length >= 2) return pat.slice(n.length);
  }
  return pat;
}

/** Pattern characters a match took from the recogniser's alternatives (0 for a plain match). */
function alternativesOf(m: WordingMatch): number {
  return 'alternatives' in m && typeof m.alternatives === 'number' ? m.alternatives : 0;
}

/** Most of a wording's characters must be the recogniser's first reading: half at most from its alternatives. */
function maxAlternatives(length: number): number {
  return Math.floor(length / 2);
}

/** The readings of line `i`, or of lines `i` and `i + 1` run together for a pair; null when any is missing. */
function readingsOf(doc: Prepared, i: number, pair: boolean): LineReadings | null {
  const a = doc.readings[i];
  if (!pair) return a;
  const b = doc.readings[i + 1];
  return a && b ? [...a, ...b] : null;
}

/**
 * A near miss of `pat` on a line (or pair): the recogniser's alternatives count when it gives
 * them (a blurred title's misread characters often have the printed one just behind), else
 * plain edit distance.
 */
function nearWording(doc: Prepared, i: number, pair: boolean, line: string, pat: string, tax: Taxonomy): WordingMatch | null {
  const readings = readingsOf(doc, i, pair);
  const chars = Array.from(pat);
  const len = chars.length;
  // Alternatives change nothing unless one of them is a character of the wording.
  const considered = (c: string): boolean => doc.alternativeChars[i].has(c) || (pair && doc.alternativeChars[i + 1].has(c));
  if (!readings || !chars.some(considered)) return findWording(line, pat, allowedEdits(len));
  return findReading(readings, pat, allowedEdits(len), maxAlternatives(len), tax.scoring.alternativeCost);
}

/** Best occurrence of any of `titles` over the lines; exact-only unless `fuzzy`. */
function bestTitleHit(doc: Prepared, titles: readonly string[], tax: Taxonomy, fuzzy: boolean): TitleHit | null {
  const s = tax.scoring;
  let best: TitleHit | null = null;
  for (const t of titles) {
    const full = normalise(t);
    // A near miss is judged on the part that tells titles apart.
    const pat = fuzzy ? distinctivePart(full, tax) : full;
    if (pat.length === 0) continue;
    // Each line, and each pair of consecutive lines: titles are often printed over two lines
    // (中华人民共和国 / 居民身份证).
    for (let k = 0; k < doc.lines.length * 2; k++) {
      const i = k >> 1;
      const pair = (k & 1) === 1;
      if (pair && i + 1 >= doc.lines.length) continue;
      const line = pair ? doc.lines[i] + doc.lines[i + 1] : doc.lines[i];
      if (line.length === 0) continue;
      if (line.includes(pat) && onlyAsFieldLabel(line, pat, tax)) continue;
      const m = fuzzy ? nearWording(doc, i, pair, line, pat, tax) : findWording(line, pat, 0);
      if (!m) continue;
      const edits = m.edits + s.alternativeCost * alternativesOf(m);
      // A misread label is still a label (护阶号/PasportNo.).
      if (edits > 0 && labelSuffixFollows(Array.from(line).slice(m.end).join(''), pat, tax)) continue;
      // A pair counts only when the wording needs both lines.
      if (pair && (doc.lines[i].includes(pat) || doc.lines[i + 1].includes(pat))) continue;
      const coverage = Math.min(1, m.length / line.length);
      const isTitle = doc.titleFlags[i] || (pair && doc.titleFlags[i + 1]);
      if (edits > 0 && !isTitle && coverage < NEAR_MISS_BODY_MIN_COVERAGE) continue;
      const base = isTitle ? s.titleLineWeight : s.titleElsewhereWeight;
      // Long wordings are allowed more edits (see allowedEdits); each costs less, so three misread
      // letters of a 43-letter title weigh like one and a half of a short one.
      const perEdit = s.fuzzyPenalty * Math.min(1, 2 / Math.max(1, allowedEdits(pat.length)));
      const score = base * (0.75 + 0.25 * coverage) - edits * perEdit + s.specificityPerChar * m.length;
      if (!best || score > best.score) best = { score, line: i, exact: edits === 0, pattern: pat, alone: standsAlone(m.length, Array.from(line).length), pair, misreads: edits };
    }
  }
  return best;
}

/**
 * Title hits of lines that are a title cut at its ends (see wording.ts titleFragment), by root
 * name: only lines that are a fragment of one root's wordings alone (ENTRY PERMIT FOR TRAVELLING
 * TO AND FROM is as much Taiwan's permit as Hong Kong's) and on which no wording stands whole. The
 * cut counts as one edit more than the misreads inside.
 */
function fragmentHits(doc: Prepared, tax: Taxonomy, exactLines: ReadonlyMap<number, number>): Map<string, TitleHit> {
  const s = tax.scoring;
  const out = new Map<string, TitleHit>();
  const generic = normalisedOnce(tax.genericTitlePrefixes);
  doc.lines.forEach((line, i) => {
    if (exactLines.has(i)) return;
    let found: { root: string; hit: TitleHit } | null = null;
    let roots = 0;
    for (const r of tax.roots) {
      let best: TitleHit | null = null;
      for (const t of r.titles) {
        const pat = normalise(t);
        const m = titleFragment(line, pat, generic);
        if (!m) continue;
        const edits = m.edits + 1;
        const base = doc.titleFlags[i] ? s.titleLineWeight : s.titleElsewhereWeight;
        const perEdit = s.fuzzyPenalty * Math.min(1, 2 / Math.max(1, allowedEdits(pat.length)));
        const score = base - edits * perEdit + s.specificityPerChar * m.length;
        const shortPiece = Array.from(line).length < TITLE_FRAGMENT.minLength;
        if (!best || score > best.score) best = { score, line: i, exact: false, pattern: line, alone: standsAlone(Array.from(line).length, Array.from(line).length), pair: false, misreads: m.edits, shortPiece };
      }
      if (best) {
        roots++;
        if (!found || best.score > found.hit.score) found = { root: r.name, hit: best };
      }
    }
    const prev = found ? out.get(found.root) : undefined;
    if (found && roots === 1 && (!prev || found.hit.score > prev.score)) out.set(found.root, found.hit);
  });
  return out;
}

/**
 * Whether a near miss lies on a line that is, with no more misreads, a longer cut piece of another
 * root's title: (因公)王来香港澳门特别行政区通行证 holds 澳门特别行政区旅行证 with one misread, but
 * the whole line is 因公往来香港澳门特别行政区通行证 cut at its start, and a lookalike reading
 * of part of a line does not outvote the wording the whole line is.
 */
function explainedByFragment(near: TitleHit, root: RootClass, fragments: ReadonlyMap<string, TitleHit>): boolean {
  const nearLength = Array.from(near.pattern).length;
  for (const [name, f] of fragments) {
    if (name !== root.name && !near.pair && f.line === near.line && Array.from(f.pattern).length > nearLength && f.misreads <= near.misreads) return true;
  }
  return false;
}

/**
 * A card's three-character title read with one character wrong (short-titles.ts), on a card-shaped
 * document where no wording of any root was read whole. Priced as one edit (the full fuzzy
 * penalty), so with the card's own cues it places the card but never makes it credible.
 */
function shortTitleHit(doc: Prepared, root: RootClass, tax: Taxonomy): TitleHit | null {
  const i = shortTitleLine(doc.lines, root, tax, normalise);
  if (i < 0) return null;
  const s = tax.scoring;
  const base = doc.titleFlags[i] ? s.titleLineWeight : s.titleElsewhereWeight;
  return { score: base - s.fuzzyPenalty + s.specificityPerChar * 3, line: i, exact: false, pattern: doc.lines[i], alone: false, pair: false, misreads: 1 };
}

/**
 * The normalised wordings that occur in the text, read as printed or, on some line, with up to
 * half their characters among the recogniser's alternatives there (金额 read 金话, 额 behind).
 */
function wordingsRead(doc: Prepared, wordings: readonly string[]): string[] {
  const found = new Set(wordingsPresent(doc.full, wordings));
  for (const w of wordings) {
    const n = normalise(w);
    if (n.length === 0 || found.has(n)) continue;
    const chars = Array.from(n);
    const max = maxAlternatives(chars.length);
    if (max > 0 && doc.readings.some((r, i) => r !== null && chars.some((c) => doc.alternativeChars[i].has(c)) && readsAs(r, n, max))) found.add(n);
  }
  return [...found];
}

function keywordScore(doc: Prepared, keywords: readonly string[], tax: Taxonomy, strong: readonly string[] = []): number {
  const n = wordingsRead(doc, keywords).length;
  const k = wordingsRead(doc, strong).length;
  return Math.min(tax.scoring.keywordCap, n * tax.scoring.keywordWeight) + k * tax.scoring.strongKeywordWeight;
}

function cueHolds(cue: CueName, doc: Prepared, visual: VisualCues): boolean {
  switch (cue) {
    case 'id18_valid':
      return doc.raw.some((l) => containsValidId18(l));
    case 'mrz':
      return containsMrz(doc.raw);
    case 'bank_card_number':
      return containsBankCardNumber(doc.raw);
    case 'bank_card_unchecked':
      return containsUncheckedCardNumber(doc.raw);
    case 'card':
    case 'portrait':
    case 'emblem':
    case 'qr':
    case 'scene':
      return visual[cue] === true;
  }
}

interface RootScore {
  readonly root: RootClass;
  readonly score: number;
  readonly title: TitleHit | null;
}

function scoreRoot(root: RootClass, doc: Prepared, visual: VisualCues, tax: Taxonomy, exactLines: ReadonlyMap<number, number> | null, fragments: ReadonlyMap<string, TitleHit> = new Map()): RootScore {
  if (root.name === tax.fallback) return { root, score: 0, title: null };
  if (vetoed(root, doc)) return { root, score: 0, title: null };
  let title = bestTitleHit(doc, root.titles, tax, false);
  if (!title && exactLines) {
    // A near miss counts only on a line no other wording of similar length matched exactly: the
    // near miss of one class's title is often the exact title of a sibling (机动车驾驶证 /
    // 机动车行驶证), which must not be outvoted by its twin.
    const near = bestTitleHit(doc, root.titles, tax, true);
    if (near && (exactLines.get(near.line) ?? 0) < near.pattern.length - 1 && !explainedByFragment(near, root, fragments)) title = near;
  }
  if (!title) title = fragments.get(root.name) ?? null;
  if (!title && exactLines && exactLines.size === 0 && visual.card === true) title = shortTitleHit(doc, root, tax);
  let score = title ? title.score : 0;
  score += keywordScore(doc, root.keywords, tax, root.strongKeywords);
  for (const cue of root.structure) if (cueHolds(cue, doc, visual)) score += tax.cueWeights[cue];
  // Visual cues only reinforce a root that has some text evidence: a bare card shape says little.
  if (score > 0) for (const cue of root.visual) if (cueHolds(cue, doc, visual)) score += tax.cueWeights[cue];
  return { root, score, title };
}

/**
 * A rival's score as evidence against `best`: a rival whose title is a part of the very wording
 * that made `best` (身份证 inside 外国人永久居留身份证) is not a competing reading of that line.
 */
function competingScore(rival: RootScore, best: RootScore | undefined): number {
  const t = rival.title;
  const b = best?.title;
  if (t && b && coversLine(b, t.line) && b.pattern.includes(t.pattern) && b.pattern.length > t.pattern.length) return rival.score - t.score;
  return rival.score;
}

/** Characters a line must hold beyond a short wording before it can be a piece of a longer one. */
const PIECE_MIN_EXTRA_CHARS = 4;

/**
 * Whether an exact title hit lies on a line that is, as a whole, a cut piece of another root's
 * longer wording that holds it: a card's band cut by the crop (ISTRATIVEREGIONPASSPORT, the end
 * of MACAO SPECIAL ADMINISTRATIVE REGION PASSPORT) holds PASSPORT, but the line names the longer
 * title, whichever of its siblings it is, not the short wording inside it. Misreads are allowed
 * in the piece as for a wording of its length, none in the hit itself.
 */
function pieceOfRivalWording(hit: TitleHit, root: RootClass, doc: Prepared, tax: Taxonomy): boolean {
  if (!hit.exact || hit.pair) return false;
  const line = doc.lines[hit.line];
  const len = Array.from(line).length;
  if (len < Array.from(hit.pattern).length + PIECE_MIN_EXTRA_CHARS) return false;
  if (normalisedOnce(root.titles).includes(line)) return false;
  for (const rival of tax.roots) {
    if (rival === root) continue;
    for (const w of normalisedOnce(rival.titles)) {
      if (Array.from(w).length <= len || !w.includes(hit.pattern)) continue;
      if (findWording(w, line, allowedEdits(len))) return true;
    }
  }
  return false;
}

/**
 * Title evidence decides between roots: (1) a root whose title wording is only a part of another
 * root's wording found on the same line (PASSPORT in SERVICE PASSPORT, 身份证 in 外国人永久居留身份证)
 * loses that title, since the line names the other root; (2) when some root's wording stands on
 * a title line, roots without a wording on a title line are scaled down (scoring.untitled_factor);
 * (3) when none does, a wording standing alone on its line does the same to roots with no wording.
 */
function adjustForTitles(scores: readonly RootScore[], doc: Prepared, tax: Taxonomy): RootScore[] {
  const out = scores.map((r) => {
    const t = r.title;
    if (!t) return r;
    // A wording printed over two lines (中华人民共和国 / 居民身份证) holds the shorter one on its second line.
    const subsumed = scores.some((o) => o !== r && o.title !== null && subsumes(o.title, t));
    return subsumed || pieceOfRivalWording(t, r.root, doc, tax) ? { ...r, score: r.score - t.score, title: null } : r;
  });
  const onTitleLine = (r: RootScore): boolean => r.title !== null && r.score > 0 && doc.titleFlags[r.title.line];
  // A wording found only in the body (身份证 in "身份证号：…") does not make a root titled.
  if (out.some(onTitleLine)) return out.map((r) => (onTitleLine(r) ? r : { ...r, score: r.score * tax.scoring.untitledFactor }));
  // No title line names a root: a line that is a root's wording alone is then taken for the title
  // the picker missed, over roots with no wording at all (an ID number alone, which many cards
  // print, must not outvote a permit's own name).
  const alone = (r: RootScore): boolean => r.title !== null && r.score > 0 && r.title.alone;
  if (!out.some(alone)) return out;
  return out.map((r) => (r.title !== null ? r : { ...r, score: r.score * tax.scoring.untitledFactor }));
}

/**
 * Text of the title zone, nearest the title first: the line(s) the root's title wording was found
 * on, then the other title lines and the short lines right next to the matched title (their
 * continuation: "（电子）" under the name). A facet is read from the first part that names it, so a
 * short field beside the title (入院途径门诊 above 住院收费明细小票) cannot outvote the title itself.
 */
function titleZones(doc: Prepared, hit: TitleHit | null): [string, string] {
  const own: string[] = [];
  const near: string[] = [];
  for (let i = 0; i < doc.lines.length; i++) {
    if (hit !== null && coversLine(hit, i)) {
      own.push(doc.lines[i]);
      continue;
    }
    const nextToHit = hit !== null && Math.abs(hit.line - i) === 1 && doc.lines[i].length <= 6;
    if (doc.titleFlags[i] || nextToHit) near.push(doc.lines[i]);
  }
  return [own.join('|'), near.join('|')];
}

/**
 * The title as printed when the recogniser misread one of its characters: on the zone's lines, the
 * root's longest title wording found with exactly one character replaced (医疗门诊收费票据 in
 * 河南省医疗问诊收费票据), when it is longer than the exact wording the root was placed by
 * (收费票据). Facets are then read from it too, so a misread 门诊 does not leave the visit unknown.
 * Replacements only: a wording that needs characters added (电子) is another title, not a misread.
 */
function misreadTitle(doc: Prepared, root: RootClass, hit: TitleHit | null): string | null {
  let best: string | null = null;
  for (let i = 0; i < doc.lines.length; i++) {
    if (!doc.titleFlags[i] && hit?.line !== i) continue;
    const line = Array.from(doc.lines[i]);
    for (const t of root.titles) {
      const pat = normalise(t);
      if (pat.length <= Math.max(hit?.pattern.length ?? 0, best?.length ?? 0) || doc.lines[i].includes(pat)) continue;
      if (oneReplaced(line, Array.from(pat))) best = pat;
    }
  }
  return best;
}

/** Whether `pat` occurs in `line` with exactly one character replaced (patterns of four characters or more). */
function oneReplaced(line: readonly string[], pat: readonly string[]): boolean {
  if (pat.length < 4) return false;
  for (let at = 0; at + pat.length <= line.length; at++) {
    let diff = 0;
    for (let k = 0; k < pat.length && diff <= 1; k++) if (line[at + k] !== pat[k]) diff++;
    if (diff === 1) return true;
  }
  return false;
}

interface SubDecision {
  readonly name: string;
  readonly credible: boolean;
}

/**
 * The sub-class to guess when no sub-class fits every facet (a value left at a default no sub-class
 * names, such as an unknown visit): one that keeps every facet actually read (a settlement list
 * whose visit is unknown is still a settlement list), the unread ones taken from the root's default
 * sub-class (住院清单 -> 住院结算单); the default sub-class itself when it keeps the facets read, or
 * when no sub-class both keeps them and shares an unread facet's value with it.
 */
function nearestSub(root: RootClass, values: Readonly<Record<string, string>>, evidenced: Readonly<Record<string, boolean>>): string {
  const fallback = root.subs.find((x) => x.name === root.defaultSub) ?? root.subs[0];
  const keeps = (sub: SubClass): boolean => Object.entries(sub.when).every(([f, v]) => !evidenced[f] || values[f] === v);
  const likeDefault = (sub: SubClass): number => Object.entries(sub.when).filter(([f, v]) => !evidenced[f] && fallback.when[f] === v).length;
  if (keeps(fallback)) return fallback.name;
  // Only a sub-class that takes an unread facet's value from the default one: otherwise the guess
  // would be the list's order (a VAT invoice without a visit stays 发票, the generic invoice).
  let best: SubClass | null = null;
  for (const sub of root.subs) {
    if (Object.keys(sub.when).length === 0 || !keeps(sub) || likeDefault(sub) === 0) continue;
    if (!best || likeDefault(sub) > likeDefault(best)) best = sub;
  }
  return (best ?? fallback).name;
}

/** The most specific sub-class whose every condition holds for `values`, or null. */
function matchingSub(root: RootClass, values: Readonly<Record<string, string>>): SubClass | null {
  let best: SubClass | null = null;
  for (const sub of root.subs) {
    const conds = Object.entries(sub.when);
    if (conds.length === 0 || !conds.every(([f, v]) => values[f] === v)) continue;
    if (!best || conds.length > Object.keys(best.when).length) best = sub;
  }
  return best;
}

/**
 * `values` with every unread facet that has a `guess` set to it: the likeliest reading of what the
 * document does not print (a hospital's VAT invoice without 门诊/住院 is most often an outpatient
 * one), tried only when no sub-class fits what was read; the answer is then not credible.
 */
function withGuesses(root: RootClass, values: Readonly<Record<string, string>>, evidenced: Readonly<Record<string, boolean>>): Record<string, string> {
  const out: Record<string, string> = { ...values };
  for (const [fname, facet] of Object.entries(root.facets)) if (!evidenced[fname] && facet.guess !== null) out[fname] = facet.guess;
  return out;
}

/** The value of `facet` the first zone naming one names (the longest wording there), or null. */
function facetInZones(facet: Facet, zones: readonly string[]): string | null {
  for (const zone of zones) {
    let chosen: string | null = null;
    let chosenLen = 0;
    for (const [vname, v] of Object.entries(facet.values)) {
      for (const w of wordingsPresent(zone, v.title)) {
        if (w.length > chosenLen) {
          chosen = vname;
          chosenLen = w.length;
        }
      }
    }
    if (chosen !== null) return chosen;
  }
  return null;
}

/** Fewest Han characters an item's name holds before its ending (阿昔洛韦片: four; 照片: one). */
const ITEM_NAME_MIN_HAN = 2;
const HAN_RUN = /\p{Script=Han}+/gu;

/**
 * Whether a normalised line holds an item's name: a run of Han characters ending in one of
 * `ends` with at least ITEM_NAME_MIN_HAN before it (a receipt's detail row 阿昔洛韦片 5 39.00).
 */
export function namesItemEnding(line: string, ends: readonly string[]): boolean {
  if (ends.length === 0) return false;
  for (const run of line.match(HAN_RUN) ?? []) {
    const chars = Array.from(run);
    for (const e of normalisedOnce(ends)) {
      const n = Array.from(e).length;
      if (chars.length >= n + ITEM_NAME_MIN_HAN && chars.slice(-n).join('') === e) return true;
    }
  }
  return false;
}

function decideByFacets(root: RootClass, doc: Prepared, zones: readonly string[], titleReadWhole: boolean): SubDecision {
  const values: Record<string, string> = {};
  let evidence = true;
  const evidenced: Record<string, boolean> = {};
  // Facets read from the title only under other facets' values are read once those are known.
  const ordered = Object.entries(root.facets).sort(([, a], [, b]) => Object.keys(a.titleOnlyWhen).length - Object.keys(b.titleOnlyWhen).length);
  for (const [fname, facet] of ordered) {
    let chosen = facetInZones(facet, zones);
    const titleOnly = Object.entries(facet.titleOnlyWhen).some(([other, vals]) => vals.includes(values[other]));
    if (chosen === null && !titleOnly && !(facet.bodyOnlyUntitled && titleReadWhole)) {
      let bestHits = 0;
      for (const [vname, v] of Object.entries(facet.values)) {
        const hits = new Set(wordingsPresent(doc.full, v.body)).size + (doc.lines.some((l) => namesItemEnding(l, v.itemEnds)) ? 1 : 0);
        if (hits > bestHits) {
          bestHits = hits;
          chosen = vname;
        }
      }
    }
    values[fname] = chosen ?? facet.default;
    evidenced[fname] = chosen !== null || facet.defaultIsEvidence;
  }
  const best = matchingSub(root, values);
  if (!best) {
    const guessed = matchingSub(root, withGuesses(root, values, evidenced));
    return { name: guessed ? guessed.name : nearestSub(root, values, evidenced), credible: false };
  }
  for (const f of Object.keys(best.when)) if (!evidenced[f]) evidence = false;
  return { name: best.name, credible: evidence };
}

/** Lines left, or with at most one character, once the form's title and labels are removed. */
const BLANK_LINE_REST = 1;
/** Fewest label lines for a page to count as a form at all. */
const BLANK_MIN_LABEL_LINES = 4;

/** Fewest characters of a line left over that can be told for a cut or misread label. */
const LABEL_PIECE_MIN_CHARS = 2;

/**
 * Whether what is left of a line is a form label cut at its ends or misread, as a label of its
 * length may be (allowedEdits): the recogniser drops a label's first character in a narrow cell
 * (用名 for 曾用名, 姻状况 for 婚姻状况) or misreads one (本市县其他佳址). A filled-in value is a name,
 * a date or a place, not a piece of the form's own wording.
 */
function isLabelPiece(rest: string, labels: readonly string[]): boolean {
  const n = Array.from(rest).length;
  if (n < LABEL_PIECE_MIN_CHARS) return false;
  return labels.some((label) => findWording(label, rest, allowedEdits(n)) !== null);
}

/**
 * Whether the document is `form`'s form with nothing filled in: every line is its title or its
 * labels (OCR noise aside: one other line tolerated), and there are enough label lines to tell.
 */
function isUnfilledForm(doc: Prepared, form: SubClass, root: RootClass): boolean {
  const words = [...form.formLabels, ...form.titles, ...root.titles].map(normalise).filter((w) => w.length > 0).sort((a, b) => b.length - a.length);
  let labelLines = 0;
  let other = 0;
  for (const line of doc.lines) {
    if (line.length === 0) continue;
    let rest = line;
    for (const w of words) rest = rest.split(w).join('');
    if (rest.length <= BLANK_LINE_REST || isLabelPiece(rest, words)) labelLines++;
    else other++;
  }
  return labelLines >= BLANK_MIN_LABEL_LINES && other <= 1;
}

/**
 * Whether a title hit is a sub-class's own wording read as printed on a title line: the form
 * names itself there, so a body word that usually marks a sibling (门诊号 on an admission record)
 * does not rule it out.
 */
function printedOnTitleLine(hit: TitleHit | null, doc: Prepared): boolean {
  return hit !== null && hit.exact && (doc.titleFlags[hit.line] || (hit.pair && doc.titleFlags[hit.line + 1]));
}

function decideByTitles(root: RootClass, doc: Prepared, tax: Taxonomy): SubDecision {
  const found = root.subs.map((sub) => [sub, bestTitleHit(doc, sub.titles, tax, false)] as const);
  // As for roots (adjustForTitles), a sibling's longer wording read on the same line names the
  // line: CT检查报告单 inside PET-CT检查报告单 is no CT report's title, and so does not override CT's
  // exclusion of PET either.
  const exact = new Map(found.map(([sub, hit]) => [sub, hit && found.some(([o, h]) => o !== sub && h !== null && subsumes(h, hit)) ? null : hit] as const));
  // Lines on which some sub-class's wording was read whole, with the longest such wording: as for
  // roots (scoreRoot), a sibling's near miss there is that exact title misread as its twin
  // (入院记录 is one edit from 出院记录) and does not count.
  const exactLines = new Map<number, number>();
  for (const hit of exact.values()) if (hit) exactLines.set(hit.line, Math.max(exactLines.get(hit.line) ?? 0, hit.pattern.length));
  const scored = root.subs
    .map((sub) => {
      const own = exact.get(sub) ?? null;
      if (wordingsPresent(doc.full, sub.exclude).length > 0 && !printedOnTitleLine(own, doc)) return { sub, score: 0, titled: false };
      let hit = own;
      if (!hit) {
        const near = bestTitleHit(doc, sub.titles, tax, true);
        if (near && (exactLines.get(near.line) ?? 0) < near.pattern.length - 1) hit = near;
      }
      return { sub, score: (hit ? hit.score : 0) + keywordScore(doc, sub.keywords, tax), titled: hit !== null };
    })
    .sort((a, b) => b.score - a.score);
  const top = scored[0];
  if (!top || top.score <= 0) return { name: root.defaultSub ?? root.subs[0].name, credible: false };
  const second = scored[1]?.score ?? 0;
  const credible = top.titled && top.score - second >= tax.scoring.subCredibleMargin;
  const blank = root.subs.find((x) => x.blankOf === top.sub.name);
  if (blank && isUnfilledForm(doc, top.sub, root)) return { name: blank.name, credible };
  return { name: top.sub.name, credible };
}

/** Whether `outer` was read on `inner`'s line as a longer wording holding it. */
function subsumes(outer: TitleHit, inner: TitleHit): boolean {
  return coversLine(outer, inner.line) && outer.pattern.length > inner.pattern.length && outer.pattern.includes(inner.pattern);
}

/** Holder labels that must each be read too often before the text counts as two cards in one. */
const MERGED_MIN_REPEATED_LABELS = 2;

/**
 * Whether a card of `root` reads as two cards: at least two of the holder labels (姓名, 性别) each
 * start more lines than the root names people. One card names its holder once; a localiser that
 * returned two cards as one region leaves both holders' fields in one text, and the class found
 * (often the only title read) says nothing about the other card.
 */
function readsAsTwoCards(doc: Prepared, root: RootClass, tax: Taxonomy): boolean {
  if (!root.card) return false;
  let repeated = 0;
  for (const label of tax.holderLabels) {
    const n = normalise(label);
    if (n.length > 0 && doc.lines.filter((l) => l.startsWith(n)).length > root.holders) repeated++;
  }
  return repeated >= MERGED_MIN_REPEATED_LABELS;
}

/** Whether the text rules the root out: an exclusion word, or none of the words it requires. */
function vetoed(root: RootClass, doc: Prepared): boolean {
  return wordingsPresent(doc.full, root.exclude).length > 0 || (root.requireAny !== null && wordingsPresent(doc.full, root.requireAny).length === 0);
}

/** Classify one document's lines. Pure: same lines and cues, same answer. */
export function classifyText(lines: readonly ClassifierLine[], visual: VisualCues = {}, tax: Taxonomy = loadTaxonomy()): TextClassification {
  const doc = prepare(lines);
  const exactLines = new Map<number, number>();
  for (const r of tax.roots) {
    const hit = bestTitleHit(doc, r.titles, tax, false);
    if (hit) exactLines.set(hit.line, Math.max(exactLines.get(hit.line) ?? 0, hit.pattern.length));
  }
  const fragments = fragmentHits(doc, tax, exactLines);
  const scores = adjustForTitles(tax.roots.map((r) => scoreRoot(r, doc, visual, tax, exactLines, fragments)), doc, tax);
  scores.sort((a, b) => b.score - a.score);
  const best = scores[0];
  const runnerUp = scores.slice(1).reduce((m, r) => Math.max(m, competingScore(r, best)), 0);
  const s = tax.scoring;
  if (!best || best.score < s.placeMin) {
    return { root_cls: tax.fallback, sub_cls: null, root_cls_is_credible: -1, sub_cls_is_credible: -1, score: 0, runnerUp: best?.score ?? 0, titled: false };
  }
  // Without a title wording of its own, a root rests on body words and numbers that many papers
  // share: placed, but not asserted, unless its documents carry no title at all (ID card front).
  const titleless = best.root.untitledCredible && (best.root.untitledCredibleRequires.length === 0 || wordingsPresent(doc.full, best.root.untitledCredibleRequires).length > 0);
  const titledOrTitleless = best.title !== null || titleless;
  // Another root's own title printed on another title line: two documents read as one (cards
  // side by side that the localiser merged), or a page that is both. Placed, not asserted.
  const rivalTitle = scores.slice(1).some((r) => r.root.name !== best.root.name && r.score > 0 && r.title !== null && r.title.exact && doc.titleFlags[r.title.line] && r.title.line !== best.title?.line);
  const credible = titledOrTitleless && best.title?.shortPiece !== true && !rivalTitle && !readsAsTwoCards(doc, best.root, tax) && best.score >= s.credibleMin && best.score - runnerUp >= s.credibleMargin;
  let sub: SubDecision | null = null;
  if (best.root.subs.length > 0) {
    if (Object.keys(best.root.facets).length > 0) {
      const misread = misreadTitle(doc, best.root, best.title);
      // A title placed by a near miss (a character dropped, added or misread, a title over two
      // lines run together) is read for facets as the wording it matched, as printed: 增值税电普通发票
      // still says 电子, 吉林地值税普通 / 发票 still says 增值税.
      const matched = best.title && !best.title.exact ? best.title.pattern : null;
      const [own, near] = titleZones(doc, best.title);
      const zones = [[own, misread, matched], [near]].map((z) => z.filter((x): x is string => x !== null && x.length > 0).join('|'));
      sub = decideByFacets(best.root, doc, zones, best.title?.exact === true);
    } else sub = decideByTitles(best.root, doc, tax);
  }
  return {
    root_cls: best.root.name,
    sub_cls: sub ? sub.name : null,
    root_cls_is_credible: credible ? 1 : -1,
    sub_cls_is_credible: sub && credible && sub.credible ? 1 : -1,
    score: best.score,
    runnerUp,
    titled: best.title !== null,
  };
}
