/**
 * Undoing a small tilt of the page before layout reading. A photo or a crooked scan turns the page
 * by a few degrees after OCR has made it upright to the nearest quarter turn; cells of one printed
 * row then drift down (or up) across the page, and "right of a label on the same row" pairs a name
 * with the amount of the row above. The tilt is the median slope of the long text lines (each OCR
 * quad follows its line's baseline); every quad is turned back by it about the page centre.
 */
import type { OcrLine, Quad8 } from '../ocr/types.js';

/** Tilts smaller than this are noise of the quads, not a page turn (radians, about 0.3°). */
const MIN_TILT = 0.005;
/** Beyond this the page is not "a little" tilted and quads of the quarter-turn logic are trusted. */
const MAX_TILT = 0.35;

/** The page's tilt in radians (positive: rows go down to the right), or 0 when unclear. */
export function pageTilt(lines: readonly OcrLine[]): number {
  const slopes: number[] = [];
  for (const l of lines) {
    const q = l.quad;
    const dx = q[2] - q[0];
    const dy = q[3] - q[1];
    const h = Math.hypot(q[6] - q[0], q[7] - q[1]);
    // Only lines long against their height tell a slope; short ones are mostly rounding.
    if (dx <= 0 || Math.hypot(dx, dy) < 4 * h || [...l.text].length < 4) continue;
    slopes.push(Math.atan2(dy, dx));
  }
  if (slopes.length < 3) return 0;
  slopes.sort((a, b) => a - b);
  const median = slopes[Math.floor(slopes.length / 2)]!;
  return Math.abs(median) < MIN_TILT || Math.abs(median) > MAX_TILT ? 0 : median;
}

/**
 * Indexes of the lines that touch the picture's left edge (within half their height), found on the
 * quads as OCR gave them: once deskewed, the edge no longer runs down one x.
 */
export function linesAtLeftEdge(lines: readonly OcrLine[]): Set<number> {
  const out = new Set<number>();
  lines.forEach((l, i) => {
    const q = l.quad;
    const h = Math.hypot(q[6] - q[0], q[7] - q[1]);
    if (Math.min(q[0], q[6]) <= 0.5 * h) out.add(i);
  });
  return out;
}

/** Lines with their quads turned by -tilt about the page centre (texts and characters unchanged). */
export function deskewLines(lines: readonly OcrLine[], width: number, height: number): OcrLine[] {
  const tilt = pageTilt(lines);
  if (tilt === 0) return [...lines];
  const cos = Math.cos(-tilt);
  const sin = Math.sin(-tilt);
  const cx = width / 2;
  const cy = height / 2;
  return lines.map((l) => {
    const q: number[] = [...l.quad];
    for (let i = 0; i < 8; i += 2) {
      const x = q[i]! - cx;
      const y = q[i + 1]! - cy;
      q[i] = cx + x * cos - y * sin;
      q[i + 1] = cy + x * sin + y * cos;
    }
    const quad: Quad8 = [q[0]!, q[1]!, q[2]!, q[3]!, q[4]!, q[5]!, q[6]!, q[7]!];
    return { ...l, quad };
  });
}
