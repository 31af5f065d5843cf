/**
 * Finding printed terms (labels, payment names, category names) in segments, longest match first,
 * and the text that follows each term up to the next one: the term's value.
 */
import { centreY, neighbours, slice, type Segment } from './layout.js';

export interface TermHit<P> {
  readonly segment: Segment;
  /** Character indices of the term inside the segment. */
  readonly start: number;
  readonly end: number;
  readonly term: string;
  readonly payloads: readonly P[];
}

export class TermDictionary<P> {
  /** fuzzy: also find terms with one misread character (on by default for page scans). */
  constructor(private readonly fuzzy = true) {}

  /** Words inside which a misread-term match is not taken (人民医院 holds 人民医, one off 人民币). */
  private guards: readonly string[] = [];

  /** What a payload means for the ambiguity of misreads: labels of one field differ only by rank. */
  private meaningOf: (payload: P) => string = (payload) => JSON.stringify(payload);

  setMeaning(meaningOf: (payload: P) => string): void {
    this.meaningOf = meaningOf;
    this.fuzzyBuilt = false;
  }

  guardMisreads(words: readonly string[]): void {
    this.guards = words.filter((w) => w.length > 0);
  }

  private guarded(text: string, start: number, end: number): boolean {
    for (const g of this.guards) {
      for (let at = text.indexOf(g); at >= 0; at = text.indexOf(g, at + 1)) {
        if (at < end && start < at + g.length) return true;
      }
    }
    return false;
  }

  /** Payloads whose terms may also be found with one character lost, right before a colon. */
  private lostCharacterAccepted: ((payload: P) => boolean) | null = null;

  /**
   * Terms of four or more characters with these payloads are also found with one character lost
   * when a colon follows (其他支： for 其他支付：, 个人付： for 个人自付：): the colon says a label
   * ends there, which a shorter text inside a value or a name does not.
   */
  tolerateLostCharacter(accepts: (payload: P) => boolean): void {
    this.lostCharacterAccepted = accepts;
    this.fuzzyBuilt = false;
  }

  /** Printed character -> characters the recogniser reads in its place (费: 责货贵). */
  private lookalikes: ReadonlyMap<string, string> = new Map();

  /**
   * Characters the recogniser is known to read in place of a label's character. A misread that
   * fits two terms of different meaning (个人自? for 个人自付 and 个人自费) is taken for the one whose
   * character there the read one is a look-alike of (个人自责: 费), when exactly one is.
   */
  setLookalikes(table: ReadonlyMap<string, string>): void {
    this.lookalikes = table;
  }

  private readonly terms = new Map<string, P[]>();
  /** Terms of four or more characters with one character left out, for tolerateLostCharacter. */
  private readonly oneLost = new Map<string, { term: string; payloads: P[] } | null>();
  /** Terms of three or more characters with one character blanked (`?`): OCR misreads one character. */
  private readonly oneOff = new Map<string, { term: string; payloads: P[] }[]>();
  private maxLength = 0;
  private fuzzyBuilt = false;

  add(term: string, payload: P): void {
    if (term.length === 0) return;
    const list = this.terms.get(term);
    if (list) list.push(payload);
    else this.terms.set(term, [payload]);
    this.maxLength = Math.max(this.maxLength, term.length);
    this.fuzzyBuilt = false;
  }

  private buildFuzzy(): void {
    this.oneOff.clear();
    for (const [term, payloads] of this.terms) {
      const chars = [...term];
      if (chars.length < 3) continue;
      // Three-character terms (手术费) only tolerate a misread last character (手术膏).
      for (let p = chars.length === 3 ? 2 : 0; p < chars.length; p++) {
        const key = [...chars.slice(0, p), '?', ...chars.slice(p + 1)].join('');
        const list = this.oneOff.get(key);
        if (!list) this.oneOff.set(key, [{ term, payloads }]);
        else if (!list.some((e) => e.term === term)) list.push({ term, payloads });
      }
    }
    this.oneLost.clear();
    if (this.lostCharacterAccepted) {
      for (const [term, payloads] of this.terms) {
        const chars = [...term];
        if (chars.length < 4) continue;
        for (let p = 0; p < chars.length; p++) {
          const key = [...chars.slice(0, p), ...chars.slice(p + 1)].join('');
          const prev = this.oneLost.get(key);
          // Shared by terms meaning different things (个人费 of 个人自费 and of 个人付费): unusable.
          if (prev === undefined) this.oneLost.set(key, { term, payloads });
          else if (prev !== null && prev.term !== term && this.meaning(prev.payloads) !== this.meaning(payloads)) this.oneLost.set(key, null);
        }
      }
    }
    this.fuzzyBuilt = true;
  }

  /**
   * The term a one-character misread stands for. A blanked form shared by terms that mean different
   * things (个人自付 / 个人自费) is ambiguous unless the read character is a known look-alike of the
   * character of exactly one meaning there; spellings of one thing (补缴金额 / 补交金额) stay usable.
   */
  private resolveMisread(
    candidates: readonly { term: string; payloads: P[] }[] | undefined,
    read: string,
    at: number,
  ): { term: string; payloads: P[] } | null {
    if (!candidates || candidates.length === 0) return null;
    const meanings = (list: readonly { payloads: P[] }[]): number => new Set(list.map((c) => this.meaning(c.payloads))).size;
    if (meanings(candidates) === 1) return candidates[0]!;
    const alike = candidates.filter((c) => this.lookalikes.get([...c.term][at]!)?.includes(read));
    return alike.length > 0 && meanings(alike) === 1 ? alike[0]! : null;
  }

  /** A term with one character lost at i, followed by a colon (tolerateLostCharacter). */
  private lostAt(text: string, i: number): { term: string; payloads: P[]; len: number } | null {
    const accepts = this.lostCharacterAccepted;
    if (!accepts) return null;
    if (!this.fuzzyBuilt) this.buildFuzzy();
    for (let len = Math.min(this.maxLength - 1, text.length - i - 1); len >= 3; len--) {
      if (!/[:：]/.test(text[i + len]!)) continue;
      const window = text.slice(i, i + len);
      const hit = this.oneLost.get(window);
      // A text that is a term itself is that term, not another one short of a character.
      if (hit && !this.terms.has(window) && hit.payloads.some(accepts)) return { ...hit, len };
    }
    return null;
  }

  private meaning(payloads: readonly P[]): string {
    return payloads.map(this.meaningOf).sort().join('|');
  }

  /** Length of the longest term printed exactly at i (0 when none). */
  private exactLengthAt(text: string, i: number): number {
    for (let len = Math.min(this.maxLength, text.length - i); len >= 2; len--) {
      if (this.terms.has(text.slice(i, i + len))) return len;
    }
    return 0;
  }

  /**
   * The character read in a term's place is a Chinese character (a misread of another), or a
   * digit or letter inside a term of four or more characters that its colon follows (开票0期：, 日
   * read as 0): a digit there starts no value, as the colon comes after it.
   */
  private misreadCharFits(text: string, i: number, len: number, p: number): boolean {
    const ch = text[i + p]!;
    if (/[\u4e00-\u9fff]/.test(ch)) return true;
    return /^[0-9A-Za-z]$/.test(ch) && len >= 4 && p > 0 && p < len - 1 && /^[:：]/.test(text.slice(i + len));
  }

  /** Whether the one character of text at i that differs from term is a listed look-alike of the term's. */
  private readAsLookalike(text: string, i: number, term: string): boolean {
    const t = [...term];
    const at = t.findIndex((c, k) => text[i + k] !== c);
    return at >= 0 && (this.lookalikes.get(t[at]!)?.includes(text[i + at]!) ?? false);
  }

  /** A term one substitution away from the text at i (three characters and up). */
  private fuzzyAt(text: string, i: number): { term: string; payloads: P[]; len: number } | null {
    if (!this.fuzzyBuilt) this.buildFuzzy();
    for (let len = Math.min(this.maxLength, text.length - i); len >= 3; len--) {
      const window = text.slice(i, i + len);
      for (let p = len === 3 ? 2 : 0; p < len; p++) {
        const hit = this.resolveMisread(this.oneOff.get(window.slice(0, p) + '?' + window.slice(p + 1)), window[p]!, p);
        // The odd character starting a printed term that runs past the window (医疗保险性别: 性 of
        // 性别, not a misread 号 of 医疗保险号) belongs to that term.
        if (hit && this.misreadCharFits(text, i, len, p) && this.exactLengthAt(text, i + p) <= len - p) return { ...hit, len };
      }
    }
    return null;
  }

  /**
   * Non-overlapping hits in one text, scanning left to right and taking the longest term at each
   * place. A term made only of Latin letters (`No`) must be followed by a digit or a separator, so
   * that it is not found inside words.
   */
  scan(text: string): { start: number; end: number; term: string; payloads: P[] }[] {
    const hits: { start: number; end: number; term: string; payloads: P[] }[] = [];
    let i = 0;
    while (i < text.length) {
      let exact: { term: string; payloads: P[]; len: number } | null = null;
      for (let len = Math.min(this.maxLength, text.length - i); len >= 1; len--) {
        const term = text.slice(i, i + len);
        const payloads = this.terms.get(term);
        if (!payloads) continue;
        if (/^[A-Za-z]+$/.test(term)) {
          const next = text[i + len] ?? '';
          const prev = text[i - 1] ?? '';
          if (!/[\d.:：]/.test(next) || /[A-Za-z]/.test(prev)) continue;
        }
        exact = { term, payloads, len };
        break;
      }
      // A misread long term (退费全额) beats a short exact one inside it (退费).
      let fuzzy = this.fuzzy ? this.fuzzyAt(text, i) : null;
      if (fuzzy && this.guarded(text, i, i + fuzzy.len)) fuzzy = null;
      // One character longer only when the odd character is a listed look-alike of the term's
      // (中草药员: 员 for 费; the exact 中草药 inside it is a category of its own).
      const longer = fuzzy && exact && (fuzzy.len >= exact.len + 2 || (fuzzy.len === exact.len + 1 && this.readAsLookalike(text, i, fuzzy.term)));
      let best = fuzzy && (!exact || longer) ? fuzzy : exact;
      if (this.fuzzy && (!best || best.len < 3)) {
        const lost = this.lostAt(text, i);
        if (lost && !this.guarded(text, i, i + lost.len) && (!best || lost.len > best.len)) best = lost;
      }
      if (best) {
        hits.push({ start: i, end: i + best.len, term: best.term, payloads: best.payloads });
        i += best.len;
      } else i++;
    }
    return hits;
  }
}

/** Every hit of the dictionary over the page's segments, in the segments' order. */
export function scanSegments<P>(segments: readonly Segment[], dict: TermDictionary<P>): TermHit<P>[] {
  const out: TermHit<P>[] = [];
  for (const segment of segments) {
    for (const h of dict.scan(segment.text)) out.push({ segment, ...h });
  }
  return out;
}

/**
 * Cells whose start OCR also read into the label's line (票据代码：3 over a cell 318334 boxed from
 * the 3 on): the label's line then ends past the value's start, so the value lies too far under it
 * to count as the cell right of it. A cell on the label's row that starts with the label's short
 * rest (one to three characters after the colon) and begins over that rest is the whole value.
 */
function echoedValues(rest: Segment, segments: readonly Segment[], unit: number): Segment[] {
  const echo = rest.text.replace(/^[:：\s]+/, '');
  if (echo.length === 0 || echo.length > 3) return [];
  const first = rest.chars[rest.chars.length - echo.length]!;
  return segments.filter(
    (s) =>
      s.id !== rest.id &&
      s.text.length > echo.length &&
      s.text.startsWith(echo) &&
      Math.abs(centreY(s.box) - centreY(rest.box)) <= 0.5 * unit &&
      Math.abs(s.box.x0 - first.x0) <= 0.75 * unit,
  );
}

/**
 * A cell printed as its own label and colon (住时间：2020-4-23, the label misread so the dictionary
 * did not find it): words then a colon start a label, and the cell is that label's value, never
 * the value of a label beside or above it. Two to eight characters of Chinese before the colon, as
 * field labels are; a value (a name, an amount, a hospital) is never followed by a colon.
 */
export function startsWithOwnLabel(text: string): boolean {
  return /^[^\u4e00-\u9fff\dA-Za-z]?[\u4e00-\u9fff]{2,8}\s?[:：]/u.test(text);
}

/**
 * Where the value of a hit may be, nearest first: the rest of its own segment up to the next hit,
 * then neighbouring segments (right, then below) cut before any term they start with. Each
 * candidate is a segment so callers keep positions for further cutting.
 */
export function valueCandidates<P>(
  hit: TermHit<P>,
  hitsBySegment: ReadonlyMap<number, readonly TermHit<P>[]>,
  segments: readonly Segment[],
  unit: number,
  options: { readonly overColon?: boolean } = {},
): Segment[] {
  const out: Segment[] = [];
  const own = hitsBySegment.get(hit.segment.id) ?? [];
  const next = own.find((h) => h.start >= hit.end);
  const rest = slice(hit.segment, hit.end, next ? next.start : undefined);
  if (rest) out.push(rest);
  if (next) return out;
  // Right of the label, the first cell that starts with another term ends this label's row span;
  // below, only cells that start with a term are skipped.
  const cutBeforeTerm = (s: Segment): Segment | null => {
    const first = (hitsBySegment.get(s.id) ?? [])[0];
    if (first && first.start === 0) return null;
    if (startsWithOwnLabel(s.text)) return null;
    return first ? slice(s, 0, first.start) : s;
  };
  if (rest) out.push(...echoedValues(rest, segments, unit));
  let rightClosed = false;
  const near = neighbours(hit.segment.box, segments, unit);
  for (const { s, where } of near) {
    if (s.id === hit.segment.id) continue;
    if (where === 'right' && rightClosed) continue;
    const cut = cutBeforeTerm(s);
    if (cut) out.push(cut);
    if (where === 'right' && (cut === null || cut.chars.length < s.chars.length)) rightClosed = true;
  }
  if (options.overColon && /^[:：\s]*$/.test(rest?.text ?? '') && hit.end > 0) {
    // A value printed off the form (dot-matrix) may start over the label's colon. Such cells come
    // after the label's own row cells and before the cells below: a cell nearer the colon than
    // the label's end is only taken when nothing right of the label is the value.
    const labelEnd = hit.segment.chars[hit.end - 1]?.x1 ?? hit.segment.box.x1;
    const seen = new Set(near.map((n) => n.s.id));
    const overColon = neighbours({ ...hit.segment.box, x1: labelEnd }, segments, unit)
      .filter((n) => n.where === 'right' && !seen.has(n.s.id) && n.s.id !== hit.segment.id)
      .map((n) => cutBeforeTerm(n.s))
      .filter((c): c is Segment => c !== null);
    const firstBelow = out.length - near.filter((n) => n.where === 'below' && n.s.id !== hit.segment.id && cutBeforeTerm(n.s) !== null).length;
    out.splice(firstBelow, 0, ...overColon);
  }
  return out;
}

export function groupBySegment<P>(hits: readonly TermHit<P>[]): Map<number, TermHit<P>[]> {
  const m = new Map<number, TermHit<P>[]>();
  for (const h of hits) {
    const list = m.get(h.segment.id);
    if (list) list.push(h);
    else m.set(h.segment.id, [h]);
  }
  for (const list of m.values()) list.sort((a, b) => a.start - b.start);
  return m;
}
