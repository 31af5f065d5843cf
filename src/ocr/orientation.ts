/**
 * Page orientation (0/90/180/270, the clockwise turn that makes the page upright), decided from
 * three kinds of evidence together:
 *  - box geometry: lines are long and thin, so whether most of them run across or down the image
 *    tells 0/180 from 90/270;
 *  - the 0/180 line classifier's votes;
 *  - recognition confidence: a few lines read both ways, and any line the classifier calls
 *    upside down, are compared by how confidently they read. Upside-down Chinese reads as
 *    low-confidence garbage, which makes this the strongest signal, and it overrules the
 *    classifier (whose false "180" on upright pages is a known failure of open-source OCR).
 */
import type { PageAngle, Quad8 } from './types.js';
import { orderClockwise, pointsToQuad, quadPoints, quadSize, rotatePoint, unrotatePoint } from '../image/geometry.js';
import type { LineRead } from './tasks.js';

export type PageAxis = 'horizontal' | 'vertical';

/** Boxes at least this elongated say which way their text runs. */
const ELONGATED = 1.5;

/** Whether the text runs across (0/180) or down (90/270) the image as given. */
export function pageAxis(quads: readonly Quad8[]): PageAxis {
  let across = 0, down = 0;
  for (const q of quads) {
    const [p0, p1, , p3] = quadPoints(q);
    const w = Math.hypot(p1.x - p0.x, p1.y - p0.y);
    const h = Math.hypot(p3.x - p0.x, p3.y - p0.y);
    // Which edge is more horizontal in the image decides which extent is "across".
    const edgeAcross = Math.abs(p1.x - p0.x) >= Math.abs(p1.y - p0.y);
    const acrossLen = edgeAcross ? w : h;
    const downLen = edgeAcross ? h : w;
    if (acrossLen >= ELONGATED * downLen) across += acrossLen;
    else if (downLen >= ELONGATED * acrossLen) down += downLen;
  }
  return down > across ? 'vertical' : 'horizontal';
}

/**
 * The quad of a detected box re-ordered so point 0 is the text's top-left when the page is
 * turned by `angle`; the points stay on the input image.
 */
export function readingQuad(q: Quad8, angle: PageAngle, width: number, height: number): Quad8 {
  if (angle === 0) return pointsToQuad(orderClockwise(quadPoints(q)));
  const upright = quadPoints(q).map((p) => rotatePoint(p, angle, width, height));
  const ordered = orderClockwise(upright);
  return pointsToQuad(ordered.map((p) => unrotatePoint(p, angle, width, height)));
}

/**
 * Lines worth reading both ways to judge orientation: elongated enough to hold several
 * characters (a judgement on one character is a coin toss) but short, since each probe is read
 * twice and recognition cost grows with length: aspect nearest 6 (about 5 characters) wins.
 */
export function probeLines(quads: readonly Quad8[], count: number): number[] {
  return quads
    .map((q, i) => {
      const { width, height } = quadSize(q);
      const aspect = width / Math.max(1, height);
      return { i, aspect, cost: Math.abs(aspect - 6) };
    })
    .filter((x) => x.aspect >= 2.5)
    .sort((a, b) => a.cost - b.cost || a.i - b.i)
    .slice(0, count)
    .map((x) => x.i);
}

export interface OrientationVerdict {
  /** True when the page is the base orientation turned by 180 degrees. */
  readonly flipped: boolean;
  /** Summed evidence for the base orientation (negative: for the flipped one). */
  readonly evidence: number;
}

/** Weighs classifier votes and recognition confidence across a page's lines. */
export function decideFlip(reads: readonly LineRead[]): OrientationVerdict {
  let evidence = 0;
  for (const r of reads) {
    const chars = Math.max(r.forward?.text.length ?? 0, r.flipped?.text.length ?? 0);
    const weight = Math.min(Math.max(chars, 1), 10);
    if (r.forward && r.flipped) {
      // Recognition confidence both ways: the strongest evidence, worth several votes.
      evidence += 4 * weight * (r.forward.score - r.flipped.score);
    } else if (r.angle) {
      // A classifier vote alone: an unread line counts as a few characters.
      evidence += 0.5 * (r.forward || r.flipped ? weight : 4) * (0.5 - r.angle.p180);
    }
  }
  return { flipped: evidence < 0, evidence };
}
