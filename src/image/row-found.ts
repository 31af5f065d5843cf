/**
 * A row of documents the localiser returned as one quad may also hold a document it found on its
 * own: three cards in a row whose printed borders line up close one long quad across all three,
 * while the end card, its own sides firm, closes its own quad as well (dev set /tmp/s15/a1: a
 * row of three certificates came back as that long quad and the end card, the first two lost).
 * The row's part over such a document is that document again, not a new one: it is dropped, and
 * only the other parts count against the image's room for documents. Without this, a row of
 * three needed room for two more documents and was left whole when the end card had taken one.
 */
import type { Quad8 } from '../ocr/types.js';
import { convexOverlap, quadPointsOf } from './edges.js';
import { quadArea } from './geometry.js';

/**
 * Least share of a row part's area inside another found quad for the part to be that document
 * again. A part and the document's own quad differ by the row quad's looser sides (a printed
 * border a little inside the card, a side along the neighbour's), so most, not all, of the part
 * lies in it; two neighbours in a row overlapping by a fifth share far less than this.
 */
export const MIN_SHARE_FOUND_APART = 0.7;

/** Whether `part` lies mostly (>= `minShare` of its area) inside one of `others`. */
export function foundApart(part: Quad8, others: readonly Quad8[], minShare: number = MIN_SHARE_FOUND_APART): boolean {
  const area = quadArea(part);
  if (area <= 0) return false;
  const points = quadPointsOf(part);
  return others.some((other) => convexOverlap(points, quadPointsOf(other)) >= minShare * area);
}

/**
 * The parts of a divided row that are new documents: those not lying mostly inside another quad
 * found in the image (`others`, the row quad itself excluded).
 */
export function newRowParts(parts: readonly Quad8[], others: readonly Quad8[], minShare: number = MIN_SHARE_FOUND_APART): Quad8[] {
  return parts.filter((part) => !foundApart(part, others, minShare));
}
