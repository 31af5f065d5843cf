import type { LocatedDocument } from '../../src/image/documents.js';

/**
 * Whether each truth has a located document of its own overlapping it by at least `min`, as
 * `overlap` measures it (box IoU on bboxes, quad IoU on quads): one document found for two truths,
 * or a truth left without one, fails.
 */
export function eachFound<T>(docs: readonly LocatedDocument[], truths: readonly T[], min: number, overlap: (doc: LocatedDocument, truth: T) => number): boolean {
  const used = new Set<number>();
  return truths.every((t) => {
    const k = docs.findIndex((d, i) => !used.has(i) && overlap(d, t) >= min);
    if (k < 0) return false;
    used.add(k);
    return true;
  });
}
