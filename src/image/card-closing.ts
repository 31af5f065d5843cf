/**
 * Cards closed from three firm sides, kept apart from the edge finder (edges.ts) so that its
 * general rules stay short. A card of the paper's own tint lying on a ruled or printed sheet, or in
 * a patch of light as bright as itself, keeps three sides as firm steps but loses most of the
 * fourth: edges.ts asks every side of a quad for half its length, so the card was never closed.
 */

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

/** A corner hidden under a document lying over this one (see hiddenCorner). */
export interface HiddenCornerRule {
  /** Least backing of the whole bare side: it is a firm edge, only short of the corner. */
  readonly minBareSide: number;
  /** Least backing of the other side near the corner and of its run past the corner. */
  readonly minRunningSide: number;
}

/**
 * Whether a corner that cornerHolds refuses is one hidden under a document lying over this one.
 * A card half under another keeps its own sides up to the upper card, whose side closes what is
 * left in view; but the upper card's side begins where that card does, often short of the lower
 * card's edge, which runs on past the corner (the lower card's own corner, or its edge under the
 * upper card's, lies further on). So one side is firm along its length but bare near the corner,
 * and the other is firm up to the corner and runs on past it at that end only (a stripe of the
 * cloth runs on past both ends, which edges.ts refuses on its own). Only one such corner is
 * granted per quad (edges.ts): two would let two crossing stripes close a box. The bare side is
 * the shorter of the two: cards laid in a row overlap at their ends, the upper card's side across
 * the lower card's end; a long side bare near its end is a card's own side that stops short of a
 * neighbour's edge (dev seed 1200 image 42: a card's lower side closed by the edge of the invoice
 * beside it, which runs on past the card).
 * Before, the red bank card of dev seed 1204 image 7, its right part under an ID card, was lost.
 */
export function hiddenCorner(
  bare: { readonly side: number; readonly near: number; readonly length: number },
  running: { readonly near: number; readonly beyond: number; readonly farBeyond: number; readonly length: number },
  rule: HiddenCornerRule,
  o: CornerRule,
): boolean {
  return bare.length <= running.length && bare.side >= rule.minBareSide && bare.near < o.minCornerSupport
    && running.near >= rule.minRunningSide && running.beyond >= rule.minRunningSide && running.farBeyond < o.maxRunOn;
}

/** A card's corner on a background lit as bright as the card (see fadedCorner). */
export interface FadedCornerRule {
  /** Proportions of the quad (ID-1 and ID-3 cards, with perspective). */
  readonly cardAspect: readonly [number, number];
  /** Least backing of the side that fades near the corner ... */
  readonly minFadingSide: number;
  /** ... and of each of the other three sides. */
  readonly minOtherSides: number;
}

/**
 * Whether a corner that cornerHolds refuses is a card's corner where the background behind one of
 * its sides is lit as bright as the card: the step along that side fades out some way before the
 * corner (a pale card on pale cloth under uneven light: dev seed 1403 image 24, the bottom side's
 * last 30 px, so no card of two beside each other was closed). The other side is firm up to the
 * corner and ends there, as a document's side does (a band or stripe runs on); the fading side is
 * backed over most of its length, and the other three sides almost all along. Card proportions
 * only, and one such corner per quad (edges.ts, shared with hiddenCorner): a page's printed frame
 * or a photo's box need every corner.
 */
export function fadedCorner(
  fading: { readonly side: number; readonly near: number },
  running: { readonly near: number; readonly beyond: number },
  others: readonly number[],
  quadAspect: number,
  rule: FadedCornerRule,
  o: CornerRule,
): boolean {
  if (quadAspect < rule.cardAspect[0] || quadAspect > rule.cardAspect[1]) return false;
  return fading.side >= rule.minFadingSide && fading.near < o.minCornerSupport
    && firmEnd([running.near, running.beyond], o) && others.every((s) => s >= rule.minOtherSides);
}
