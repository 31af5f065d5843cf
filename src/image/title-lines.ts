/**
 * Large-print lines found without the text detector. On an out-of-focus photo the DB detector
 * often finds no line at all on a card or a page whose title is spaced out (毕 业 证 书: its
 * blurred glyphs are soft blobs with wide gaps, which the detector's probability map never joins
 * into a line), so the title never reaches the recogniser, although the recogniser reads it well
 * enough when given its box. The classic way still finds it: ink darker than its neighbourhood,
 * blobs of glyph size (a few strokes merged), blobs of about one height side by side on a row.
 * The title is the tallest such row; a few of the tallest rows are returned, tallest first.
 */
import { adaptiveDarkMask, connectedComponents, dilate, toGray, type Component } from './ops.js';
import type { RgbImage } from './types.js';
import type { Quad8 } from '../ocr/types.js';

export const TITLE_LINE_SETTINGS = Object.freeze({
  /** Neighbourhood radius (px) of the ink threshold: wider than a title glyph, so its inside counts as ink. */
  inkRadius: 20,
  /** Grey levels below the neighbourhood's mean that make ink (a blurred title stays well darker than paper). */
  inkOffset: 12,
  /** Dilation (px) joining a blurred glyph's strokes into one blob. */
  joinRadius: 2,
  /** Smallest glyph height (px) of a line worth reading: smaller print is body text the detector handles. */
  minGlyphHeight: 14,
  /** Largest glyph height and width as a share of the crop's height and width (rules, frames, portraits are larger). */
  maxGlyphShare: 0.2,
  /** Widest glyph blob as a multiple of its height (a rule or a merged row of body text is wider). */
  maxGlyphAspect: 3,
  /** Fewest ink pixels of a glyph blob (specks and JPEG noise are fewer). */
  minGlyphArea: 20,
  /** Fewest glyphs on a row for it to be a line (two blobs side by side are as often a portrait's eyes). */
  minGlyphs: 3,
  /** Share of the smaller blob's height two blobs must overlap vertically to sit on one row. */
  rowOverlap: 0.6,
  /** Largest height difference of two blobs on one row, as a share of the taller (a title's glyphs are one size). */
  heightSpread: 0.5,
  /** A row whose extent is this many times its median glyph height is two rows merged: not a line. */
  maxRowHeight: 1.5,
  /** Margin added around a row, as a share of its median glyph height (the recogniser wants some paper around the ink). */
  pad: 0.3,
  /** Rows returned at most. */
  maxLines: 2,
});

interface Row {
  y0: number;
  y1: number;
  x0: number;
  x1: number;
  readonly glyphs: Component[];
}

function heightOf(c: { y0: number; y1: number }): number {
  return c.y1 - c.y0 + 1;
}

function medianHeight(glyphs: readonly Component[]): number {
  const hs = glyphs.map(heightOf).sort((a, b) => a - b);
  return hs[hs.length >> 1];
}

/** Blobs of glyph size on the crop, joined from the ink of their strokes. */
function glyphBlobs(image: RgbImage, s: typeof TITLE_LINE_SETTINGS): Component[] {
  const ink = dilate(adaptiveDarkMask(toGray(image), s.inkRadius, s.inkOffset), s.joinRadius);
  const { width: w, height: h } = image;
  return connectedComponents(ink).components.filter((c) => {
    const cw = c.x1 - c.x0 + 1;
    const ch = heightOf(c);
    return ch >= s.minGlyphHeight && ch < h * s.maxGlyphShare && cw < w * s.maxGlyphShare && cw < ch * s.maxGlyphAspect && c.area >= s.minGlyphArea;
  });
}

/** Glyph blobs grouped in rows: each blob joins the first row it overlaps enough and matches in height. */
function rowsOf(glyphs: readonly Component[], s: typeof TITLE_LINE_SETTINGS): Row[] {
  const rows: Row[] = [];
  for (const c of [...glyphs].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1))) {
    const ch = heightOf(c);
    const row = rows.find((r) => {
      const rh = heightOf(r);
      const overlap = Math.min(r.y1, c.y1) - Math.max(r.y0, c.y0);
      return overlap > s.rowOverlap * Math.min(ch, rh) && Math.abs(ch - rh) < s.heightSpread * Math.max(ch, rh);
    });
    if (row) {
      row.glyphs.push(c);
      row.y0 = Math.min(row.y0, c.y0);
      row.y1 = Math.max(row.y1, c.y1);
      row.x0 = Math.min(row.x0, c.x0);
      row.x1 = Math.max(row.x1, c.x1);
    } else rows.push({ y0: c.y0, y1: c.y1, x0: c.x0, x1: c.x1, glyphs: [c] });
  }
  return rows;
}

/**
 * The boxes (clockwise from top-left, in the image's frame) of the tallest rows of glyph-sized
 * ink on an upright-or-upside-down image, tallest first; empty when no row of enough glyphs is
 * found. Only horizontal rows are looked for: the recogniser turns a box read upside down itself.
 */
export function findTitleLines(image: RgbImage, s: typeof TITLE_LINE_SETTINGS = TITLE_LINE_SETTINGS): Quad8[] {
  const rows = rowsOf(glyphBlobs(image, s), s)
    .filter((r) => r.glyphs.length >= s.minGlyphs && heightOf(r) < s.maxRowHeight * medianHeight(r.glyphs))
    .map((r) => ({ r, h: medianHeight(r.glyphs) }))
    .sort((a, b) => b.h - a.h || a.r.y0 - b.r.y0);
  return rows.slice(0, s.maxLines).map(({ r, h }) => {
    const pad = Math.round(h * s.pad);
    const x0 = Math.max(0, r.x0 - pad);
    const y0 = Math.max(0, r.y0 - pad);
    const x1 = Math.min(image.width - 1, r.x1 + pad);
    const y1 = Math.min(image.height - 1, r.y1 + pad);
    return [x0, y0, x1, y0, x1, y1, x0, y1];
  });
}
