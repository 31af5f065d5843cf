/**
 * Scoring of the document localiser alone (scripts/eval-locate.ts): located document boxes
 * against the labelled ones, with no OCR and no classification in between. Every direct and
 * root miss of a lost document starts here, and the localiser runs in well under a second an
 * image, so its changes can be measured on many more images than a full `eval` allows. Pure
 * functions: the script feeds them, tests call them directly.
 */
import { boxIou, matchByIou } from './geometry.js';
import { DOCUMENT_IOU } from './score.js';

/** One image's localiser result against its label. */
export interface LocateImageResult {
  name: string;
  /** Documents labelled. */
  labelled: number;
  /** Axis boxes [x0,y0,x1,y1] the localiser found, in its order (the JSON keeps them for comparisons). */
  boxes: number[][];
  /** Labelled documents paired with a found one at box IoU >= 0.5 (by count when the label has no boxes). */
  matched: number;
  /** Labelled documents left without a pair. */
  lost: number;
  /** Found documents left without a pair. */
  extra: number;
  countRight: boolean;
  /** Whether pairing used boxes (generator labels) or only counts (real labels: one document, no box). */
  byBox: boolean;
}

export interface LocateTotals {
  images: number;
  labelled: number;
  found: number;
  matched: number;
  lost: number;
  extra: number;
  countRight: number;
  /** Images with at least one lost document. */
  imagesWithLost: number;
}

/**
 * Pairs found with labelled documents as the evaluation does (src/eval/score.ts pairDocuments):
 * one to one by axis-box IoU, highest first, pairs under 0.5 dropped. A label without boxes (real
 * images) can only be compared by count: as many are taken as matched as both sides have.
 */
export function scoreLocated(name: string, labelledBoxes: readonly (readonly number[] | null)[], found: readonly (readonly number[])[]): LocateImageResult {
  const labelled = labelledBoxes.length;
  const byBox = labelled > 0 && labelledBoxes.every((b) => b !== null);
  const matched = byBox
    ? matchByIou(labelledBoxes as readonly (readonly number[])[], found, DOCUMENT_IOU, boxIou).length
    : Math.min(labelled, found.length);
  return {
    name,
    labelled,
    boxes: found.map((b) => [...b]),
    matched,
    lost: labelled - matched,
    extra: found.length - matched,
    countRight: found.length === labelled,
    byBox,
  };
}

export function locateTotals(results: readonly LocateImageResult[]): LocateTotals {
  const t: LocateTotals = { images: 0, labelled: 0, found: 0, matched: 0, lost: 0, extra: 0, countRight: 0, imagesWithLost: 0 };
  for (const r of results) {
    t.images++;
    t.labelled += r.labelled;
    t.found += r.boxes.length;
    t.matched += r.matched;
    t.lost += r.lost;
    t.extra += r.extra;
    if (r.countRight) t.countRight++;
    if (r.lost > 0) t.imagesWithLost++;
  }
  return t;
}

/** How one image changed between two runs. */
export interface LocateChange {
  name: string;
  before: LocateImageResult;
  after: LocateImageResult;
  /**
   * better / worse: fewer / more lost, or, lost equal, fewer / more extra, or, both equal, the
   * count turned right / wrong; moved: the same figures with other boxes (a box moved by a pixel
   * can move a later document's classification, so it is listed too).
   */
  verdict: 'better' | 'worse' | 'moved';
}

function sameBoxes(a: readonly number[][], b: readonly number[][]): boolean {
  return a.length === b.length && a.every((box, i) => box.length === b[i]!.length && box.every((v, j) => v === b[i]![j]));
}

function verdictOf(before: LocateImageResult, after: LocateImageResult): LocateChange['verdict'] | null {
  const order = [before.lost - after.lost, before.extra - after.extra, Number(after.countRight) - Number(before.countRight)];
  const first = order.find((d) => d !== 0);
  if (first !== undefined) return first > 0 ? 'better' : 'worse';
  return sameBoxes(before.boxes, after.boxes) ? null : 'moved';
}

/**
 * Image-by-image comparison of two runs over the same images (matched by name; an image in only
 * one run is not compared). Unchanged images are left out.
 */
export function compareLocated(before: readonly LocateImageResult[], after: readonly LocateImageResult[]): LocateChange[] {
  const earlier = new Map(before.map((r) => [r.name, r]));
  const changes: LocateChange[] = [];
  for (const a of after) {
    const b = earlier.get(a.name);
    if (!b) continue;
    const verdict = verdictOf(b, a);
    if (verdict) changes.push({ name: a.name, before: b, after: a, verdict });
  }
  return changes;
}
