/**
 * Evidence for the sides of cards lying on ruled or printed papers, kept apart from the edge
 * finder (edges.ts) so that its general rules stay short.
 *
 * A pale card on a ruled sheet covers the rules: each rule ends on the card's side. Where it ends
 * the rule's own, stronger gradient takes over the edge pixels for a few samples, so the side's
 * backing breaks once per rule, for as long as the rule's end is wide under blur (diagonal rules
 * and a soft photo: 4-8 working pixels). A break that ends on a stroke of another direction is
 * explained by that stroke ending on the side, which is the card's side; an unexplained break of
 * that length (paper showing through, nothing at all on the line) stays unbacked.
 */

/** Degrees between two undirected directions in whole degrees [0, 180). */
function directionGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 180;
  return Math.min(d, 180 - d);
}

/**
 * Which samples along a line have a step-edge pixel of another direction (at least `minCrossing`
 * degrees off the line's) within `reach` pixels across it: a stroke or rule meeting the line there.
 */
export function crossedSamples(
  angle: Int16Array,
  w: number,
  h: number,
  line: { readonly theta: number; readonly rho: number; readonly cos: number; readonly sin: number; readonly t0: number },
  n: number,
  reach: number,
  minCrossing: number,
): Uint8Array {
  const crossed = new Uint8Array(n);
  const { cos, sin, rho, t0, theta } = line;
  for (let k = 0; k < n; k++) {
    const t = t0 + k;
    const px = rho * cos - t * sin;
    const py = rho * sin + t * cos;
    for (let off = -reach; off <= reach; off++) {
      const x = Math.round(px + off * cos);
      const y = Math.round(py + off * sin);
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const a = angle[y * w + x];
      if (a >= 0 && directionGap(a, theta) >= minCrossing) {
        crossed[k] = 1;
        break;
      }
    }
  }
  return crossed;
}

/**
 * Breaks of at most `maxGap` samples between two backed samples count as backed when a stroke of
 * another direction meets the line inside the break (see the file comment). Changes `hits` in place.
 */
export function bridgeCrossedGaps(hits: Uint8Array, crossed: Uint8Array, maxGap: number): void {
  if (maxGap <= 0) return;
  let last = -1;
  for (let k = 0; k < hits.length; k++) {
    if (!hits[k]) continue;
    if (last >= 0 && k - last - 1 <= maxGap && hasCrossing(crossed, last + 1, k)) hits.fill(1, last + 1, k);
    last = k;
  }
}

function hasCrossing(crossed: Uint8Array, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (crossed[k]) return true;
  return false;
}

/** What a card-shaped quad may lack: one side backed this little, the other three this well. */
export interface WeakSideRule {
  /** Proportions (long / short side, with a photo's perspective) of ID-1 cards (1.59) and ID-3 passport pages (1.42). */
  readonly cardAspect: readonly [number, number];
  readonly minWeakSide: number;
  readonly minOtherSides: number;
}

/**
 * Which side of a quad closed by three firm sides and one weak one makes it a card anyway, or -1.
 * A card of the paper's own tint lying on a ruled or printed sheet keeps three sides against the
 * darker desk or the sheet's print, but its fourth side runs along white paper, under the step
 * threshold for most of its length (or along the rules it covers, which take its edge pixels).
 * Card proportions (ID-1 85.6x54 mm, ID-3 125x88 mm) with three sides backed almost all along are
 * seldom anything else; any other quad needs every side backed (edges.ts minSideSupport).
 */
export function weakCardSide(supports: readonly number[], quadAspect: number, rule: WeakSideRule): number {
  if (quadAspect < rule.cardAspect[0] || quadAspect > rule.cardAspect[1]) return -1;
  let weak = 0;
  supports.forEach((s, i) => { if (s < supports[weak]) weak = i; });
  const othersFirm = supports.every((s, i) => i === weak || s >= rule.minOtherSides);
  return supports[weak] >= rule.minWeakSide && othersFirm ? weak : -1;
}

/** Backing a corner needs near its ends: the usual least, and a firm one where it meets a card's weak side. */
export interface CornerRule {
  readonly minCornerSupport: number;
  readonly minFirmCorner: number;
  readonly maxRunOn: number;
}

/**
 * Whether the two sides meeting at a corner close it. Each side gives [backing near the corner,
 * backing of its line's continuation past the corner]. Usually both need minCornerSupport near the
 * corner. A card's weak side is not asked; the side meeting it must be firm near the corner
 * (minFirmCorner) and end there (continuation under maxRunOn): a card ends at its corners, while a
 * band, a rule or a table's line printed across a card or page runs on past the weak "side" (a
 * card's header band and its lower edge closed a card-shaped box with the photo's edge, seed 902).
 */
export function cornerHolds(before: readonly [number, number], after: readonly [number, number], beforeWeak: boolean, afterWeak: boolean, o: CornerRule): boolean {
  if (beforeWeak) return firmEnd(after, o);
  if (afterWeak) return firmEnd(before, o);
  return before[0] >= o.minCornerSupport && after[0] >= o.minCornerSupport;
}

function firmEnd([near, beyond]: readonly [number, number], o: CornerRule): boolean {
  return near >= o.minFirmCorner && beyond < o.maxRunOn;
}
