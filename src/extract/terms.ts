/**
 * Finding printed terms (labels, payment names, category names) in segments, longest match first,
 * and the text that follows each term up to the next one: the term's value.
 */
import { neighbours, slice, type Segment } from './layout.js';

export interface TermHit<P> {
  readonly segment: Segment;
  /** Character indices of the term inside the segment. */
  readonly start: number;
  readonly end: number;
  readonly term: string;
  readonly payloads: readonly P[];
}

export class TermDictionary<P> {
  private readonly terms = new Map<string, P[]>();
  private maxLength = 0;

  add(term: string, payload: P): void {
    if (term.length === 0) return;
    const list = this.terms.get(term);
    if (list) list.push(payload);
    else this.terms.set(term, [payload]);
    this.maxLength = Math.max(this.maxLength, term.length);
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
      let found = false;
      for (let len = Math.min(this.maxLength, text.length - i); len >= 1; len--) {
        const term = text.slice(i, i + len);
        const payloads = this.terms.get(term);
        if (!payloads) continue;
        if (/^[A-Za-z]+$/.test(term)) {
          const next = text[i + len] ?? '';
          const prev = text[i - 1] ?? '';
          if (!/[\d.:：]/.test(next) || /[A-Za-z]/.test(prev)) continue;
        }
        hits.push({ start: i, end: i + len, term, payloads });
        i += len;
        found = true;
        break;
      }
      if (!found) i++;
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
 * Where the value of a hit may be, nearest first: the rest of its own segment up to the next hit,
 * then neighbouring segments (right, then below) cut before any term they start with. Each
 * candidate is a segment so callers keep positions for further cutting.
 */
export function valueCandidates<P>(
  hit: TermHit<P>,
  hitsBySegment: ReadonlyMap<number, readonly TermHit<P>[]>,
  segments: readonly Segment[],
  unit: number,
): Segment[] {
  const out: Segment[] = [];
  const own = hitsBySegment.get(hit.segment.id) ?? [];
  const next = own.find((h) => h.start >= hit.end);
  const rest = slice(hit.segment, hit.end, next ? next.start : undefined);
  if (rest) out.push(rest);
  if (next) return out;
  // Right of the label, the first cell that starts with another term ends this label's row span;
  // below, only cells that start with a term are skipped.
  let rightClosed = false;
  for (const { s, where } of neighbours(hit.segment.box, segments, unit)) {
    if (s.id === hit.segment.id) continue;
    if (where === 'right' && rightClosed) continue;
    const first = (hitsBySegment.get(s.id) ?? [])[0];
    if (first && first.start === 0) {
      if (where === 'right') rightClosed = true;
      continue;
    }
    const cut = first ? slice(s, 0, first.start) : s;
    if (cut) out.push(cut);
    if (first && where === 'right') rightClosed = true;
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
