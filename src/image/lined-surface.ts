/**
 * Documents photographed on a pile of lined sheets (a pad, an exercise book, ruled forms under
 * the claim): between its rules a lined sheet is as bright and colourless as the claim, so the
 * paper mask merges the claim with it into one region running out of the frame, and no region is
 * a document (seed 20261170: five such photos, twelve documents, came back as the whole frame).
 * The rules, though, are texture no claim shows at its margins. The ruled texture that reaches the
 * frame's border is the lined surface (a form's own ruled table keeps within its page's margins,
 * src/image/ruled-desk.ts); taken out of the paper mask, it leaves the documents lying on it as
 * regions of their own.
 */
import type { Quad8 } from '../ocr/types.js';
import { close, countInBox, dilate, type Plane } from './ops.js';
import { DEFAULT_EDGE_QUAD_OPTIONS, stepEdges } from './edges.js';
import { borderBandWidth, borderRuledTexture, ruledBorderShare, ruledFromBorder, ruledTexture, sideAlongRules } from './ruled-desk.js';
import { linedSheets } from './sheet-margins.js';
import type { RgbImage } from './types.js';

export interface LinedSurfaceOptions {
  /** Width of the frame's border band looked at first, as a share of the longer side ... */
  readonly borderBand: number;
  /** ... and the least share of it in ruled texture for a lined surface to be sought at all. */
  readonly minBorderShare: number;
}

/** The same border look as the edge search's ruled desk (documents.ts: ruledBorder, minRuledBorderShare). */
export const DEFAULT_LINED_SURFACE_OPTIONS: LinedSurfaceOptions = {
  borderBand: 0.03,
  minBorderShare: 0.1,
};

/**
 * Pixels the surface grows by before it leaves the paper mask: the texture window stops a pixel
 * or two short of the last rule, and that rim would otherwise join the claim to the sheet under it.
 */
export const LINED_SURFACE_GROWTH = 1;

/**
 * The lined surface of a frame: ruled texture (closed by 2 px) connected to the frame's border;
 * null when the border band is not ruled enough (most photos: only the band is computed then).
 */
export function linedSurface(work: RgbImage, options: Partial<LinedSurfaceOptions> = {}): Plane | null {
  const o = { ...DEFAULT_LINED_SURFACE_OPTIONS, ...options };
  const band = borderBandWidth(work.width, work.height, o.borderBand);
  if (ruledBorderShare(borderRuledTexture(work, band, 2), o.borderBand) < o.minBorderShare) return null;
  return ruledFromBorder(close(ruledTexture(work), 2));
}

/**
 * Largest share of the frame the lined surface may cover to be a sheet under documents: such a
 * sheet shows in the margins around the documents photographed on it. Ruled texture over half the
 * frame or so is the photographed page itself (a ruled form or exercise-book page filling the
 * frame: a test page ruled edge to edge with a photo box and print is 49 % ruled), whose print and
 * boxes are no documents of their own. Of 171 border-ruled photos of the retired sets, one was
 * more (50 %, a pile of three cards on lined sheets, lost either way) and the rest <= 40 %.
 */
export const MAX_LINED_SURFACE_SHARE = 0.45;

/** Whether a lined surface is a sheet under documents, not the photographed page (MAX_LINED_SURFACE_SHARE). */
export function isUnderDocuments(surface: Plane, maxShare: number = MAX_LINED_SURFACE_SHARE): boolean {
  return countInBox(surface, 0, 0, surface.width - 1, surface.height - 1) <= maxShare * surface.data.length;
}

/** A paper mask with the lined surface, grown by `grow` pixels, taken out (the mask itself when there is none). */
export function withoutLinedSurface(paper: Plane, surface: Plane | null, grow: number = LINED_SURFACE_GROWTH): Plane {
  if (!surface) return paper;
  const taken = grow > 0 ? dilate(surface, grow) : surface;
  const data = new Uint8Array(paper.data.length);
  for (let i = 0; i < data.length; i++) data[i] = paper.data[i] && !taken.data[i] ? 1 : 0;
  return { data, width: paper.width, height: paper.height };
}

/** Whether the localiser's answer is one document covering at least `nearlyFills` of the frame. */
export function comesBackWhole(docs: readonly { readonly bbox: readonly [number, number, number, number] }[], frame: { readonly width: number; readonly height: number }, nearlyFills: number): boolean {
  if (docs.length !== 1) return false;
  const [x0, y0, x1, y1] = docs[0].bbox;
  return (x1 - x0 + 1) * (y1 - y0 + 1) >= nearlyFills * frame.width * frame.height;
}

/**
 * Least share of one side of every document found with the lined sheets taken out that runs
 * along them (within 3 px): the sheets are what set those documents apart, so each borders them
 * where their rules stop. A piece cut out of a single card or page lying over a few sheets (its
 * photo box, a half cut at a printed line) does not. Dev, retired seed 20261203 image 239: a
 * student card over three sheets came back as its photo (0.10) and two halves; the documents
 * set apart on seeds 20261195/98/20261202 run >= 0.41 along the sheets.
 */
export const MIN_SIDE_ALONG_SHEETS = 0.3;

/**
 * The documents found once the lined sheets lying in the frame, margins and all
 * (src/image/sheet-margins.ts), are taken out of the paper instead of the lined surface alone:
 * `locate` runs the localiser on the work image with that surface (documents in image pixels,
 * `scale` work pixels to an image pixel). Only asked when the frame would come back whole although its border
 * is ruled, and not when the sheets cover more than MAX_LINED_SURFACE_SHARE of it (the ruled page
 * itself); null unless it finds two documents or more (one is what the first answer says too, and
 * the whole frame is the safer box), each running along the sheets (MIN_SIDE_ALONG_SHEETS).
 */
export function onLinedSheets<T extends { readonly quad: Quad8 }>(work: RgbImage, scale: number, locate: (sheets: Plane) => T[], minSideAlong: number = MIN_SIDE_ALONG_SHEETS): T[] | null {
  const sheets = linedSheets(work, close(ruledTexture(work), 2), stepEdges(work, DEFAULT_EDGE_QUAD_OPTIONS));
  // Sheets over most of the frame are the photographed ruled page itself, as for the lined surface.
  if (!isUnderDocuments(sheets)) return null;
  const docs = locate(sheets);
  if (docs.length < 2) return null;
  return docs.every((d) => sideAlongRules(sheets, d.quad.map((v) => v * scale) as Quad8, 3) >= minSideAlong) ? docs : null;
}
