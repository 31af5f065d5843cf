/**
 * Text detection, the DB (differentiable binarisation) stage of PP-OCRv4: the page is resized so
 * each side is a multiple of 32, normalised in BGR order with ImageNet mean/std, and the model
 * returns a per-pixel text probability. Post-processing turns that map into line boxes:
 * binarise, connected regions, minimum-area rectangle, box score, unclip by a polygon offset.
 */
import type { Quad8 } from './types.js';
import {
  type Point,
  type RotatedRect,
  minAreaRect,
  orderClockwise,
  pointsToQuad,
  rectCorners,
} from '../image/geometry.js';
import { type Pixels, resizePixels, rotatePixels } from '../image/warp.js';
import type { PageAngle } from './types.js';

export interface DetectionInput {
  /** CHW float tensor data, channels B, G, R. */
  readonly tensor: Float32Array;
  readonly width: number;
  readonly height: number;
  /** Original image size, to map boxes back. */
  readonly sourceWidth: number;
  readonly sourceHeight: number;
}

export interface DbOptions {
  /** Pixels above this probability are text. */
  readonly threshold: number;
  /** Boxes whose mean probability is below this are dropped. */
  readonly boxThreshold: number;
  /** Offset distance = area × ratio / perimeter, as DB's training targets were shrunk. */
  readonly unclipRatio: number;
  /** Shorter side (map pixels) below which a box is noise. */
  readonly minSize: number;
  /** Upper bound on regions (beyond specks) examined: a page of noise must not cost unbounded time. */
  readonly maxCandidates: number;
}

export const DEFAULT_DB_OPTIONS: DbOptions = {
  threshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.6,
  minSize: 3,
  maxCandidates: 1000,
};

export interface DetectedBox {
  /** Clockwise from the top-left corner as the image is given. */
  readonly quad: Quad8;
  /** Mean text probability inside the box before unclipping. */
  readonly score: number;
}

/** PaddleOCR's ImageNet statistics, listed in RGB order but applied to B, G, R as they come. */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

/**
 * Size the detector sees: the long side limited to `maxSide` (never enlarged), each side rounded
 * to a multiple of 32 as the network's strides require.
 */
export function detectionSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const ratio = Math.max(width, height) > maxSide ? maxSide / Math.max(width, height) : 1;
  const round32 = (v: number): number => Math.max(32, Math.round((v * ratio) / 32) * 32);
  return { width: round32(width), height: round32(height) };
}

/**
 * Builds the detector's input, of the page turned clockwise by `turn`. PaddleOCR normalises a
 * BGR image with the ImageNet mean/std listed in RGB order applied to B, G, R as they come; we
 * reproduce that exactly (channel 0 = blue with mean 0.485), since that is what the weights were
 * trained on.
 *
 * A turned page is resized first and the small result turned: the full-size page is never
 * turned (that cost 20-170 ms and a second copy of the page, 26 MB for a 2500 px scan), and
 * crops are taken from the page as given with quads mapped back onto it.
 */
export function detectionInput(image: Pixels, maxSide: number, turn: PageAngle = 0): DetectionInput {
  const sideways = turn === 90 || turn === 270;
  const sourceWidth = sideways ? image.height : image.width;
  const sourceHeight = sideways ? image.width : image.height;
  const size = detectionSize(sourceWidth, sourceHeight, maxSide);
  // Resized in the page's own orientation to the turned target's size swapped, then turned.
  const rw = sideways ? size.height : size.width, rh = sideways ? size.width : size.height;
  const small = image.width === rw && image.height === rh ? image : resizePixels(image, rw, rh);
  const resized = turn === 0 ? small : rotatePixels(small, turn);
  const plane = size.width * size.height;
  const tensor = new Float32Array(plane * 3);
  const d = resized.data;
  // Tensor planes 0, 1, 2 are B, G, R (the pixels are RGB), each with its own mean/std.
  const s0 = 1 / (255 * STD[0]), s1 = 1 / (255 * STD[1]), s2 = 1 / (255 * STD[2]);
  const o0 = MEAN[0] / STD[0], o1 = MEAN[1] / STD[1], o2 = MEAN[2] / STD[2];
  for (let i = 0, j = 0; i < plane; i++, j += 3) {
    tensor[i] = d[j + 2]! * s0 - o0;
    tensor[plane + i] = d[j + 1]! * s1 - o1;
    tensor[2 * plane + i] = d[j]! * s2 - o2;
  }
  return { tensor, width: size.width, height: size.height, sourceWidth, sourceHeight };
}

/** Mean probability of the map inside a rotated rectangle (pixel centres tested). */
function boxScore(prob: Float32Array, mapW: number, mapH: number, rect: RotatedRect): number {
  const corners = rectCorners(rect);
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const p of corners) {
    minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y);
  }
  const x0 = Math.max(0, Math.floor(minX)), x1 = Math.min(mapW - 1, Math.ceil(maxX));
  const y0 = Math.max(0, Math.floor(minY)), y1 = Math.min(mapH - 1, Math.ceil(maxY));
  const ux = Math.cos(rect.angle), uy = Math.sin(rect.angle);
  const hw = rect.width / 2 + 0.5, hh = rect.height / 2 + 0.5;
  let sum = 0, n = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - rect.cx, dy = y + 0.5 - rect.cy;
      if (Math.abs(dx * ux + dy * uy) <= hw && Math.abs(-dx * uy + dy * ux) <= hh) {
        sum += prob[y * mapW + x]!;
        n++;
      }
    }
  }
  return n > 0 ? sum / n : 0;
}

/**
 * Offsets a rectangle outwards by d = area × ratio / perimeter. For a rectangle the offset
 * polygon (rounded corners) has the enlarged rectangle as its minimum-area box, so the
 * general polygon clipper PaddleOCR uses reduces to growing both sides by 2d.
 */
export function unclipRect(rect: RotatedRect, ratio: number): RotatedRect {
  const area = rect.width * rect.height;
  const per = 2 * (rect.width + rect.height);
  const d = per > 0 ? (area * ratio) / per : 0;
  return { ...rect, width: rect.width + 2 * d, height: rect.height + 2 * d };
}

/** Bytes: 1 where the map's probability is above `threshold`, else 0. */
function textMask(prob: Float32Array, n: number, threshold: number): Uint8Array {
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (prob[i]! > threshold) mask[i] = 1;
  return mask;
}

/**
 * Flood-fill stack and region members, kept between calls: a worker runs one detection at a
 * time, and two fresh map-sized Int32Arrays per page (5 MB at 960 px) were garbage to collect.
 */
let scratch: { stack: Int32Array; members: Int32Array } | null = null;
function regionScratch(n: number): { stack: Int32Array; members: Int32Array } {
  if (!scratch || scratch.stack.length < n) scratch = { stack: new Int32Array(n), members: new Int32Array(n) };
  return scratch;
}

/**
 * DB post-processing on a probability map of size mapW×mapH. Returns boxes in map coordinates.
 */
export function dbPostprocess(prob: Float32Array, mapW: number, mapH: number, opts: DbOptions = DEFAULT_DB_OPTIONS): DetectedBox[] {
  const n = mapW * mapH;
  // One tight pass thresholds the map into a byte mask (1 text, 0 not; 2 once visited): the
  // scan for region starts and the flood fill then test bytes instead of re-comparing floats
  // against an option read per pixel, which made the scan most of the post-processing time
  // (dense page: 29 -> ~8 ms). Same regions, visited in the same order.
  const mask = textMask(prob, n, opts.threshold);
  const { stack, members } = regionScratch(n);
  const boxes: DetectedBox[] = [];
  let candidates = 0;
  for (let start = 0; start < n; start++) {
    if (mask[start] !== 1) continue;
    // Flood fill one 8-connected region.
    let sp = 0, count = 0;
    stack[sp++] = start;
    mask[start] = 2;
    let minY = mapH, maxY = -1;
    while (sp > 0) {
      const p = stack[--sp]!;
      members[count++] = p;
      const y = (p / mapW) | 0, x = p - y * mapW;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      const y0 = y > 0 ? y - 1 : 0, y1 = y < mapH - 1 ? y + 1 : y;
      const x0 = x > 0 ? x - 1 : 0, x1 = x < mapW - 1 ? x + 1 : x;
      for (let ny = y0; ny <= y1; ny++) {
        const row = ny * mapW;
        for (let nx = x0; nx <= x1; nx++) {
          const q = row + nx;
          if (mask[q] === 1) {
            mask[q] = 2;
            stack[sp++] = q;
          }
        }
      }
    }
    // Specks are skipped before they count: on a noisy scan they could otherwise use up the
    // candidate budget before the text further down the page is reached. The flood fill is
    // linear in the map's size whatever happens; the budget bounds the per-region work.
    if (count < opts.minSize * opts.minSize) continue;
    if (++candidates > opts.maxCandidates) break;
    // Only each row's extreme pixels can be on the hull.
    const rows = maxY - minY + 1;
    const rowMin = new Int32Array(rows).fill(mapW);
    const rowMax = new Int32Array(rows).fill(-1);
    for (let i = 0; i < count; i++) {
      const p = members[i]!;
      const y = (p / mapW) | 0, x = p - y * mapW, r = y - minY;
      if (x < rowMin[r]!) rowMin[r] = x;
      if (x > rowMax[r]!) rowMax[r] = x;
    }
    const pts: Point[] = [];
    for (let r = 0; r < rows; r++) {
      if (rowMax[r]! < 0) continue;
      pts.push({ x: rowMin[r]! + 0.5, y: minY + r + 0.5 });
      if (rowMax[r] !== rowMin[r]) pts.push({ x: rowMax[r]! + 0.5, y: minY + r + 0.5 });
    }
    const rect = minAreaRect(pts);
    if (Math.min(rect.width, rect.height) < opts.minSize) continue;
    const score = boxScore(prob, mapW, mapH, rect);
    if (score < opts.boxThreshold) continue;
    const grown = unclipRect(rect, opts.unclipRatio);
    if (Math.min(grown.width, grown.height) < opts.minSize + 2) continue;
    boxes.push({ quad: pointsToQuad(orderClockwise(rectCorners(grown))), score });
  }
  return boxes;
}

/** Maps boxes from the map back onto the source image, clamped inside it. */
export function scaleBoxes(boxes: readonly DetectedBox[], input: Pick<DetectionInput, 'width' | 'height' | 'sourceWidth' | 'sourceHeight'>): DetectedBox[] {
  const sx = input.sourceWidth / input.width;
  const sy = input.sourceHeight / input.height;
  return boxes.map((b) => {
    const q = b.quad.slice() as Quad8;
    for (let i = 0; i < 8; i += 2) {
      q[i] = Math.min(Math.max(q[i]! * sx, 0), input.sourceWidth);
      q[i + 1] = Math.min(Math.max(q[i + 1]! * sy, 0), input.sourceHeight);
    }
    return { quad: q, score: b.score };
  });
}
