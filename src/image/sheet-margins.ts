/**
 * Lined sheets lying wholly in the frame, under documents. The lined surface of
 * src/image/lined-surface.ts is the ruled texture that runs out of the frame; a desk of several
 * lined sheets on a darker table also shows sheets whose rules stop inside the frame, and every
 * lined sheet has blank margins where its rules end (and the ruled part between those margins is
 * then enclosed by paper, so the mask's hole filling puts it back). Documents lying on such sheets
 * stay joined to them and to each other through the margins, and the frame came back whole
 * (retired seed 20261202: a PET/CT report, a card and a receipt on lined sheets over a grey desk).
 *
 * A margin is blank paper along the rules' direction, from where the rules stop to the sheet's
 * edge, beyond which the desk is darker. A document lying on the sheet is where the rules stop
 * too, but along the rule beyond that point lie its side (a step edge with paper as bright
 * beyond it), its print, or blank paper wider than any margin: none of these is a margin.
 */
import { close, connectedComponents, dilate, erode, luminance, type Plane } from './ops.js';
import { DEFAULT_RULED_TEXTURE_OPTIONS } from './ruled-desk.js';
import type { EdgeMap } from './edges.js';
import type { RgbImage } from './types.js';

export interface SheetMarginOptions {
  /** Least share of the frame a ruled texture component covers to be a lined sheet (smaller ones are print). */
  readonly minSheetShare: number;
  /** Longest margin walked, as a share of the frame's longer side. */
  readonly maxMarginShare: number;
  /** Least luma drop (levels) from the margin's paper to the desk beyond the sheet's edge ... */
  readonly minDeskDrop: number;
  /** ... held over this many pixels along the rule (a text stroke or a thin shadow is shorter). */
  readonly deskRun: number;
  /** Half the widest gap (px) between bands of one sheet's texture. */
  readonly ruleGap: number;
  /** Half side of the square a sheet's grouped texture holds (opening): wider than one rule's band. */
  readonly minSheetCore: number;
  /** Half side of the texture window (ruled-desk.ts): how far past the last rule the texture reaches. */
  readonly windowRadius: number;
}

export const DEFAULT_SHEET_MARGIN_OPTIONS: SheetMarginOptions = {
  minSheetShare: 0.01,
  maxMarginShare: 0.1,
  minDeskDrop: 20,
  deskRun: 5,
  ruleGap: 4,
  minSheetCore: 6,
  windowRadius: DEFAULT_RULED_TEXTURE_OPTIONS.radius,
};

/**
 * Direction of the rules of one texture component (its texture pixels): across the dominant gradient orientation of
 * its pixels (structure tensor summed over the component), as a unit vector.
 */
export function ruleDirection(lum: Float32Array, w: number, h: number, labels: Int32Array, label: number, texture: Uint8Array): [number, number] {
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (labels[i] !== label || !texture[i]) continue;
      const gx = (lum[i + 1] - lum[i - 1]) / 2;
      const gy = (lum[i + w] - lum[i - w]) / 2;
      xx += gx * gx;
      yy += gy * gy;
      xy += gx * gy;
    }
  }
  const phi = 0.5 * Math.atan2(2 * xy, xx - yy);
  return [-Math.sin(phi), Math.cos(phi)];
}

/**
 * The lined sheets of a frame: ruled texture components of at least `minSheetShare` of the frame
 * (closed texture, src/image/ruled-desk.ts), with the blank margins their rules end in. From each
 * pixel on a component's border, the walk goes outward along the rules over bright paper; it is a
 * margin when, within `maxMarginShare` of the longer side, the frame ends or the paper gives way
 * to something at least `minDeskDrop` darker for `deskRun` pixels. It stops, marking nothing, on
 * other ruled texture, on a step edge or a dark stroke with bright paper beyond (a document's side,
 * its print), or at its length.
 */
export function linedSheets(work: RgbImage, texture: Plane, steps: EdgeMap, options: Partial<SheetMarginOptions> = {}): Plane {
  const o = { ...DEFAULT_SHEET_MARGIN_OPTIONS, ...options };
  const { width: w, height: h } = work;
  const lum = luminance(work).data;
  // A sheet's rules wider apart than the texture window leave it in bands, one a rule: they are
  // grouped over the gaps between them. A document's own printed rule (a line under its header)
  // is one band a window thick, which the opening takes away even where the grouping joined it to
  // a sheet's texture beside the document; the sheet's ruled area is many rules thick.
  const { labels, components } = connectedComponents(dilate(open(close(texture, o.ruleGap), o.minSheetCore), o.windowRadius));
  const settle = o.windowRadius + 2;
  const out = new Uint8Array(w * h);
  const maxWalk = Math.max(4, Math.round(o.maxMarginShare * Math.max(w, h)));
  const path: number[] = [];
  for (const c of components) {
    if (c.area < o.minSheetShare * w * h) continue;
    const [dx, dy] = ruleDirection(lum, w, h, labels, c.label, texture.data);
    const at = (x0: number, y0: number, k: number, s: number): number => {
      const x = Math.round(x0 + s * k * dx);
      const y = Math.round(y0 + s * k * dy);
      return x < 0 || y < 0 || x >= w || y >= h ? -1 : y * w + x;
    };
    for (let y = c.y0; y <= c.y1; y++) {
      for (let x = c.x0; x <= c.x1; x++) {
        const i = y * w + x;
        if (labels[i] !== c.label || !texture.data[i]) continue;
        out[i] = 1;
        for (const s of [1, -1]) {
          const first = at(x, y, 1, s);
          if (first < 0 || texture.data[first]) continue;
          // The margin's own paper, a couple of pixels past the last rule.
          const ref = lum[at(x, y, 2, s)] ?? lum[first];
          path.length = 0;
          let margin = false;
          for (let k = 1; k <= maxWalk; k++) {
            const q = at(x, y, k, s);
            if (q < 0) {
              margin = k > 1;
              break;
            }
            if (texture.data[q]) break;
            // The rules' own ends lie within a texture window of its border: their steps are passed.
            if ((steps.angle[q] >= 0 && k > settle) || lum[q] < ref - o.minDeskDrop) {
              let dark = 0;
              for (let j = 1; j <= o.deskRun + 2; j++) {
                const p = at(x, y, k + j, s);
                if (p < 0 || lum[p] < ref - o.minDeskDrop) dark++;
              }
              margin = dark >= o.deskRun;
              break;
            }
            path.push(q);
          }
          if (margin) for (const q of path) out[q] = 1;
        }
      }
    }
  }
  return { data: out, width: w, height: h };
}

/** Opening (erode then dilate): what a square of side 2r+1 can cover. */
function open(mask: Plane, r: number): Plane {
  return dilate(erode(mask, r), r);
}
