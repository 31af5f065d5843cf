/**
 * A card's title is often printed light on a dark or coloured band along one side (老年人优待证,
 * DIPLOMATIC PASSPORT, 工作证). The document localiser looks for paper, so the quad it returns can
 * stop at the band and the crop loses the one line that names the card; the body fields left
 * (姓名, 性别, a number) fit a dozen classes. When a card comes back without any title wording and
 * unsure, its surroundings are read once more from a slightly larger cut-out, and only lines
 * worded like a known title that lie outside the card's quad (or reach out across its outline: a
 * quad cut through the band) and inside no other document are taken back as its title.
 */
import type { LocatedDocument } from '../image/documents.js';
import { pointInQuad, quadPoints, quadSize, type Point } from '../image/geometry.js';
import type { OcrLine, Quad8 } from '../ocr/types.js';
import type { Taxonomy } from './taxonomy.js';
import { allowedEdits, findWording, normalise, normalisedOnce, titleFragment } from './wording.js';

export const TITLE_BAND_SETTINGS = Object.freeze({
  /** How far the quad grows on every side, as a share of its shorter side (bands measured 10-15 %). */
  grow: 0.22,
  /** Shortest title wording accepted from the band (shorter words are other words' parts). */
  minWordingLength: 3,
  /** A document with at most this many lines may be a card whatever its shape (cards print a dozen fields at most). */
  maxCardLines: 12,
  /** Fewest lines read on a card worth looking beside (a card shows its fields even without its band). */
  minCardLines: 2,
});

function unit(a: Point, b: Point): Point {
  const d = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  return { x: (b.x - a.x) / d, y: (b.y - a.y) / d };
}

/** The quad grown by `by` pixels along its own axes on every side, clamped to the image. */
export function growQuad(q: Quad8, by: number, width: number, height: number): LocatedDocument {
  const [tl, tr, br, bl] = quadPoints(q);
  // Outward directions: along the top edge (x) and down the left edge (y), averaged with their opposite edges.
  const ux = unit(tl, tr);
  const ux2 = unit(bl, br);
  const uy = unit(tl, bl);
  const uy2 = unit(tr, br);
  const ax: Point = { x: (ux.x + ux2.x) / 2, y: (ux.y + ux2.y) / 2 };
  const ay: Point = { x: (uy.x + uy2.x) / 2, y: (uy.y + uy2.y) / 2 };
  const move = (p: Point, sx: number, sy: number): [number, number] => [
    Math.round(Math.min(width - 1, Math.max(0, p.x + by * (sx * ax.x + sy * ay.x)))),
    Math.round(Math.min(height - 1, Math.max(0, p.y + by * (sx * ax.y + sy * ay.y)))),
  ];
  const out = [...move(tl, -1, -1), ...move(tr, 1, -1), ...move(br, 1, 1), ...move(bl, -1, 1)] as Quad8;
  const xs = [out[0], out[2], out[4], out[6]];
  const ys = [out[1], out[3], out[5], out[7]];
  return { quad: out, bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
}

function shorterSideOf(q: Quad8): number {
  const { width, height } = quadSize(q);
  return Math.min(width, height);
}

/** How much the quad of a card grows to take in a title band the localiser left out. */
export function titleBandSearchArea(doc: LocatedDocument, width: number, height: number): LocatedDocument {
  return growQuad(doc.quad, TITLE_BAND_SETTINGS.grow * shorterSideOf(doc.quad), width, height);
}

const wordingCache = new WeakMap<Taxonomy, string[]>();
function titleWordings(tax: Taxonomy): string[] {
  let out = wordingCache.get(tax);
  if (!out) {
    const set = new Set<string>();
    for (const r of tax.roots) for (const t of r.titles) {
      const n = normalise(t);
      if (n.length >= TITLE_BAND_SETTINGS.minWordingLength) set.add(n);
    }
    out = [...set];
    wordingCache.set(tax, out);
  }
  return out;
}

/**
 * Whether a line is worded like a known title (one edit tolerated on longer wordings), or is a
 * long title cut at its ends (the band's title runs under the emblem or under another card).
 */
export function wordedLikeTitle(text: string, tax: Taxonomy): boolean {
  const n = normalise(text);
  if (n.length < TITLE_BAND_SETTINGS.minWordingLength) return false;
  const generic = normalisedOnce(tax.genericTitlePrefixes);
  return titleWordings(tax).some((w) => findWording(n, w, allowedEdits(w.length)) !== null || titleFragment(n, w, generic) !== null);
}

/** Where a point of the upload lies in the card's own upright-agnostic frame (its crop). */
export interface CardFrame {
  readonly fromImage: (x: number, y: number) => [number, number];
  readonly width: number;
  readonly height: number;
}

/**
 * Whether a line whose centre lies inside the card reaches out across its outline: the quad cut
 * through the band (or a neighbour hid part of the card), so the first reading had the title
 * cut or missed it. `corners` are the line's corners in the card's frame.
 */
export function reachesOut(corners: readonly (readonly [number, number])[], width: number, height: number): boolean {
  return corners.some(([x, y]) => x < 0 || y < 0 || x > width || y > height);
}

/**
 * A run of digits this long is a number printed in a field (护照号/Passport No. E12345678); no
 * title holds one, yet the field's label can hold title wording (PASSPORT).
 */
const FIELD_NUMBER = /\d{4}/;

/**
 * Lines of the larger read (`lines`, with quads already in upload coordinates in `imageQuads`)
 * that can be the card's lost title: worded like a title, centred beside one side of the card
 * (outside it across that side, within it along the side: a band runs along a side, corners hold
 * the background), or centred inside the card but reaching out across its outline (the quad
 * cut through the band: the first reading had part of the line), and inside no other document
 * found on the image.
 */
export function bandTitleLines(lines: readonly OcrLine[], imageQuads: readonly Quad8[], card: CardFrame, others: readonly LocatedDocument[], tax: Taxonomy): number[] {
  const out: number[] = [];
  lines.forEach((l, i) => {
    const q = imageQuads[i];
    const cx = (q[0] + q[2] + q[4] + q[6]) / 4;
    const cy = (q[1] + q[3] + q[5] + q[7]) / 4;
    const [x, y] = card.fromImage(cx, cy);
    const alongX = x >= 0 && x <= card.width;
    const alongY = y >= 0 && y <= card.height;
    if (alongX && alongY) {
      // Inside: only a line the card's outline cuts, and no field with its number.
      const corners = [0, 2, 4, 6].map((k) => card.fromImage(q[k], q[k + 1]));
      if (!reachesOut(corners, card.width, card.height) || FIELD_NUMBER.test(l.text)) return;
    } else if (alongX === alongY) return; // off a corner
    if (others.some((o) => pointInQuad(o.quad, cx, cy))) return;
    if (wordedLikeTitle(l.text, tax)) out.push(i);
  });
  return out;
}
