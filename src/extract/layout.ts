/**
 * Page geometry over OCR lines, without template coordinates: lines are cut into segments at wide
 * gaps between characters (a grid row that OCR returned as one line becomes its cells), segments are
 * grouped into rows by vertical overlap, and values are looked for right of or below a label.
 */
import type { OcrLine } from '../ocr/types.js';
import { normalizeText } from './parse/normalize.js';

export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface PlacedChar {
  /** One normalised character (never white space). */
  readonly char: string;
  readonly x0: number;
  readonly x1: number;
  /** The recogniser's confidence in this character, [0, 1] (the line's mean when it gave none). */
  readonly score?: number;
}

/** A run of characters of one OCR line with no wide gap inside. */
export interface Segment {
  readonly id: number;
  readonly line: number;
  /** Normalised text without white space. */
  readonly text: string;
  readonly chars: readonly PlacedChar[];
  readonly box: Box;
  /**
   * The cell starts at the picture's left edge (its line touched it before the page was deskewed):
   * a tilted page's cut edge runs slanted across the deskewed page, so box.x0 alone misses it.
   */
  readonly atLeftEdge?: boolean;
}

/** Where the picture's left edge cut a page: a cell at the edge by either test. */
export function startsAtCutEdge(s: Segment, unit: number): boolean {
  return s.atLeftEdge === true || s.box.x0 <= 0.5 * unit;
}

export function boxOfQuad(q: readonly number[]): Box {
  const xs = [q[0]!, q[2]!, q[4]!, q[6]!];
  const ys = [q[1]!, q[3]!, q[5]!, q[7]!];
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

export const height = (b: Box): number => b.y1 - b.y0;
export const width = (b: Box): number => b.x1 - b.x0;
export const centreY = (b: Box): number => (b.y0 + b.y1) / 2;
export const centreX = (b: Box): number => (b.x0 + b.x1) / 2;

function union(boxes: readonly Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

/** Vertical overlap as a share of the smaller box's height. */
export function verticalOverlap(a: Box, b: Box): number {
  const o = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return o <= 0 ? 0 : o / Math.max(1, Math.min(height(a), height(b)));
}

export function horizontalOverlap(a: Box, b: Box): number {
  const o = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  return o <= 0 ? 0 : o / Math.max(1, Math.min(width(a), width(b)));
}

/**
 * Absolute character positions of a line. The engine gives each character's centre as a fraction of
 * the line; a character's extent is taken as half the distance to its neighbours. White space is
 * dropped, and a character that NFKC expands (№ -> No) keeps its place for each output character.
 */
function placeChars(line: OcrLine, box: Box): PlacedChar[] {
  let raw = line.chars.length === [...line.text].length && line.chars.length > 0
    ? line.chars.map((c) => ({ char: c.char, x: c.x, score: c.score }))
    : [...line.text].map((char, i, all) => ({ char, x: (i + 0.5) / all.length, score: line.score }));
  // A line that is only an amount with a space before two final digits (`6472 99`) lost its
  // decimal point to OCR; dropping the space would make it a hundred times larger.
  if (/^[¥￥\s]*-?[\d,]+ \d{2}$/.test(line.text.trim())) {
    const at = line.text.trimEnd().lastIndexOf(' ');
    const offset = line.text.length - line.text.trimStart().length;
    raw = raw.map((c, i) => (i === at && at >= offset ? { ...c, char: '.' } : c));
  }
  const w = width(box);
  const centres = raw.map((c) => box.x0 + c.x * w);
  // Where neighbours are missing (line ends) the mean pitch of the line stands in.
  const pitch = raw.length > 1 ? (centres[raw.length - 1]! - centres[0]!) / (raw.length - 1) : w;
  const out: PlacedChar[] = [];
  raw.forEach((c, i) => {
    const left = i > 0 ? centres[i]! - centres[i - 1]! : pitch;
    const right = i + 1 < raw.length ? centres[i + 1]! - centres[i]! : pitch;
    // No character is wider than the line is tall (CJK are square, digits narrower).
    const half = Math.max(0.5, Math.min(left, right, pitch * 1.5, height(box)) / 2);
    const norm = normalizeText(c.char).replace(/\s+/g, '');
    for (const ch of norm) out.push({ char: ch, x0: centres[i]! - half, x1: centres[i]! + half, score: c.score });
  });
  return out;
}

/** A gap wider than this many character heights splits a line into segments. */
const SPLIT_GAP_HEIGHTS = 1.6;

/** Cuts every line at wide gaps and at bars (`|`), giving the page's segments in reading order. */
export function segmentLines(lines: readonly OcrLine[], edgeLines: ReadonlySet<number> = new Set()): Segment[] {
  const out: Segment[] = [];
  lines.forEach((line, li) => {
    let first = true;
    const box = boxOfQuad(line.quad);
    const chars = placeChars(line, box);
    const minGap = SPLIT_GAP_HEIGHTS * height(box);
    // The engine's positions carry spaces too: a space in the text is a hint of a gap.
    let current: PlacedChar[] = [];
    const flush = (): void => {
      if (current.length === 0) return;
      const cs = current;
      out.push({
        id: out.length,
        line: li,
        text: cs.map((c) => c.char).join(''),
        chars: cs,
        box: { x0: cs[0]!.x0, y0: box.y0, x1: cs[cs.length - 1]!.x1, y1: box.y1 },
        ...(first && edgeLines.has(li) ? { atLeftEdge: true } : {}),
      });
      first = false;
      current = [];
    };
    for (const c of chars) {
      if (c.char === '|') {
        flush();
        continue;
      }
      const last = current[current.length - 1];
      if (last && (c.x0 + c.x1) / 2 - (last.x0 + last.x1) / 2 > minGap + (last.x1 - last.x0)) flush();
      current.push(c);
    }
    flush();
  });
  return out;
}

/** Groups segments into rows: same row when they overlap vertically by half the smaller height. */
export function rowsOf(segments: readonly Segment[]): Segment[][] {
  const sorted = [...segments].sort((a, b) => centreY(a.box) - centreY(b.box));
  const rows: { box: Box; items: Segment[] }[] = [];
  for (const s of sorted) {
    const row = rows.find((r) => verticalOverlap(r.box, s.box) >= 0.5 && Math.abs(centreY(r.box) - centreY(s.box)) < height(s.box) * 0.7);
    if (row) {
      row.items.push(s);
      row.box = union([row.box, s.box]);
    } else rows.push({ box: s.box, items: [s] });
  }
  return rows
    .sort((a, b) => a.box.y0 - b.box.y0)
    .map((r) => r.items.sort((a, b) => a.box.x0 - b.box.x0));
}

/** Sub-segment of a segment between two character indices (for a value that follows a label). */
export function slice(seg: Segment, start: number, end = seg.chars.length): Segment | null {
  const cs = seg.chars.slice(start, end);
  if (cs.length === 0) return null;
  return {
    id: seg.id,
    line: seg.line,
    text: cs.map((c) => c.char).join(''),
    chars: cs,
    box: { x0: cs[0]!.x0, y0: seg.box.y0, x1: cs[cs.length - 1]!.x1, y1: seg.box.y1 },
    ...(start === 0 && seg.atLeftEdge ? { atLeftEdge: true } : {}),
  };
}

/** Median line height: the page's unit of distance. */
export function typicalHeight(segments: readonly Segment[]): number {
  const hs = segments.map((s) => height(s.box)).sort((a, b) => a - b);
  return hs.length === 0 ? 1 : hs[Math.floor(hs.length / 2)]!;
}

/**
 * Segments that may hold the value of a label at `anchor`, nearest first: right of it on the same
 * row (dot-matrix print may sit up to most of a line off), then below it, overlapping its columns.
 */
export interface Neighbour {
  readonly s: Segment;
  readonly where: 'right' | 'below';
}

export function neighbours(anchor: Box, segments: readonly Segment[], unit: number): Neighbour[] {
  const right: { s: Segment; d: number }[] = [];
  const below: { s: Segment; d: number }[] = [];
  for (const s of segments) {
    const dy = centreY(s.box) - centreY(anchor);
    const dx = s.box.x0 - anchor.x1;
    // A value starting with the label's colon (：2021-07-27) was boxed over the label's own end.
    const overlap = /^[:：]/.test(s.text) ? 1.5 : 0.5;
    if (Math.abs(dy) <= 0.75 * Math.max(unit, height(anchor)) && dx >= -overlap * unit && dx < 25 * unit) {
      right.push({ s, d: dx + Math.abs(dy) * 2 });
    } else if (dy > 0.5 * unit && dy < 3.2 * unit) {
      const columns: Box = { x0: anchor.x0 - unit, y0: anchor.y0, x1: anchor.x1 + 4 * unit, y1: anchor.y1 };
      if (horizontalOverlap(columns, s.box) > 0 || (s.box.x0 >= columns.x0 && s.box.x0 <= columns.x1)) {
        below.push({ s, d: dy * 3 + Math.abs(s.box.x0 - anchor.x0) });
      }
    }
  }
  right.sort((a, b) => a.d - b.d);
  below.sort((a, b) => a.d - b.d);
  return [
    ...right.map((r): Neighbour => ({ s: r.s, where: 'right' })),
    ...below.map((b): Neighbour => ({ s: b.s, where: 'below' })),
  ];
}
