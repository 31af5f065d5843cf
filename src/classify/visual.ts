/**
 * Cheap visual cues of an upright document crop, used alongside its text: a portrait photo (the
 * right part of a card that is picture, not paper or text), the national emblem (red and gold
 * in the upper left of the card's emblem side) and a scene photograph (a site-survey picture:
 * mostly picture, not paper, in several distinct colours and with sharp edges).
 */
import { downscaleTo, rgbToHsv } from '../image/ops.js';
import type { RgbImage } from '../image/types.js';
import type { Quad8 } from '../ocr/types.js';

function boxShare(img: RgbImage, fx0: number, fy0: number, fx1: number, fy1: number, test: (h: number, s: number, v: number) => boolean): number {
  const x0 = Math.floor(img.width * fx0);
  const x1 = Math.ceil(img.width * fx1);
  const y0 = Math.floor(img.height * fy0);
  const y1 = Math.ceil(img.height * fy1);
  const step = Math.max(1, Math.floor(Math.min(x1 - x0, y1 - y0) / 80));
  let n = 0;
  let hit = 0;
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      const p = (y * img.width + x) * 3;
      const [h, s, v] = rgbToHsv(img.data[p], img.data[p + 1], img.data[p + 2]);
      n++;
      if (test(h, s, v)) hit++;
    }
  }
  return n === 0 ? 0 : hit / n;
}

/** Whether most of the card's right part is picture: dark or saturated, not text lines. */
export function hasPortrait(upright: RgbImage, lines: readonly Quad8[]): boolean {
  const share = boxShare(upright, 0.62, 0.08, 0.97, 0.75, (_h, s, v) => v < 0.45 || (s > 0.3 && v < 0.85));
  // Text lines crossing that region would also be dark; a photo region holds few of them.
  const inRegion = lines.filter((q) => {
    const cx = (q[0] + q[2] + q[4] + q[6]) / 4 / upright.width;
    const cy = (q[1] + q[3] + q[5] + q[7]) / 4 / upright.height;
    return cx > 0.65 && cy > 0.1 && cy < 0.7;
  }).length;
  return share > 0.25 && inRegion <= 2;
}

/** Whether the upper left holds red and gold together, as the national emblem does. */
export function hasEmblem(upright: RgbImage): boolean {
  const red = boxShare(upright, 0.02, 0.04, 0.32, 0.5, (h, s, v) => (h > 340 || h < 15) && s > 0.45 && v > 0.35);
  const gold = boxShare(upright, 0.02, 0.04, 0.32, 0.5, (h, s, v) => h > 35 && h < 65 && s > 0.4 && v > 0.5);
  return red > 0.04 && gold > 0.01;
}

/** Settings of the scene-photo cue (shares of the crop reduced to `side` px). */
export const SCENE_SETTINGS = {
  /** Most text lines a scene photo carries (a date stamp, a caption). */
  maxLines: 4,
  side: 160,
  /**
   * Most paper (bright, nearly colourless) a scene may show: a sky photocopied in grey is as
   * bright as paper and can fill half the picture.
   */
  maxPaper: 0.6,
  /** Share a colour class needs to count, and the classes a scene needs. */
  classShare: 0.04,
  minClasses: 3,
  /** Grey step across two pixels that is an edge, and the share of edge pixels a scene needs. */
  edgeStep: 40,
  minEdges: 0.01,
} as const;

/**
 * Whether the crop is a photograph of a scene rather than a sheet of print: little paper, at
 * least three colour classes (dark, two mid greys, light grey, six hue sectors) each covering a
 * fair share, and sharp edges. Mid grey is split in two so that a grey capture of a scene (road,
 * verge, sky) still shows its classes. A bare wall (one or two classes, soft light) or a blank page (paper)
 * is not a scene. The caller checks that the crop carries next to no text.
 */
export function isScenePhoto(crop: RgbImage): boolean {
  const s = SCENE_SETTINGS;
  const { image: img } = downscaleTo(crop, s.side);
  const { width: w, height: h, data: d } = img;
  const n = w * h;
  if (n === 0) return false;
  const classes = new Float64Array(10);
  const grey = new Float32Array(n);
  let paper = 0;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const [hue, sat, val] = rgbToHsv(d[j], d[j + 1], d[j + 2]);
    grey[i] = (d[j] * 299 + d[j + 1] * 587 + d[j + 2] * 114) / 1000;
    if (val > 0.7 && sat < 0.2) paper++;
    if (val < 0.3) classes[0]++;
    else if (sat >= 0.15) classes[4 + Math.min(5, Math.floor(hue / 60))]++;
    else classes[val < 0.45 ? 1 : val < 0.65 ? 2 : 3]++;
  }
  if (paper / n > s.maxPaper) return false;
  const distinct = classes.filter((c) => c / n >= s.classShare).length;
  if (distinct < s.minClasses) return false;
  let edges = 0;
  // Steps over two pixels: reducing the crop spreads a sharp edge over two.
  for (let y = 0; y < h - 2; y++) {
    for (let x = 0; x < w - 2; x++) {
      const i = y * w + x;
      if (Math.abs(grey[i] - grey[i + 2]) >= s.edgeStep || Math.abs(grey[i] - grey[i + 2 * w]) >= s.edgeStep) edges++;
    }
  }
  return edges / n >= s.minEdges;
}
