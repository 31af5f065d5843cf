/**
 * The pixel work of A and C before and around OCR, as plain functions of decoded pixels: where
 * the documents and seals are, cutting a document out, making seal ink pale, judging quality,
 * the visual cues of cards, and QR codes. They run the same in the worker threads of the
 * analysis pool (src/analysis/worker.ts) and in process (unit tests, scripts), which is what
 * keeps both paths giving one answer.
 */
import type { QualifyRes } from '../contract/classify.js';
import { hasEmblem, hasPortrait, isScenePhoto, SCENE_SETTINGS } from '../classify/visual.js';
import { locateDocuments, type LocatedDocument } from '../image/documents.js';
import { defocusSigma, estimateBlur, restorePage } from '../image/deblur.js';
import { cropRgb, luminance, rotateRgb } from '../image/ops.js';
import { findOccluded } from '../image/occlusion.js';
import { assessQuality } from '../image/quality.js';
import { paleSealInk } from '../image/seal-pale.js';
import { detectSeals, suppressSealColour } from '../image/seals.js';
export { roundSealStrips } from '../image/seal-unwrap.js';
export { findTitleLines } from '../image/title-lines.js';
import type { RgbImage } from '../image/types.js';
import { rectToQuad, toRgbImage, warpQuad, type Homography } from '../image/warp.js';
import type { PageAngle, Quad8 } from '../ocr/types.js';
import { decodeBlurredQrCodes, decodeQrCodes } from '../qr/decode.js';

/** The documents and the seals of a whole upload. */
export interface PageAnalysis {
  readonly documents: LocatedDocument[];
  /** Seals of the whole image, clockwise from top-left, in image pixels. */
  readonly seals: Quad8[];
  /** Per document, whether another found document lies on it (src/image/occlusion.ts). */
  readonly occluded?: boolean[];
}

/**
 * A document cut out of the upload, and how its crop maps back: `toImage` takes crop pixels to
 * upload pixels, `fromImage` the other way (a translation for an axis-aligned cut, a perspective
 * map for a warped one).
 */
export interface DocumentCrop {
  readonly crop: RgbImage;
  readonly toImage: Homography;
  readonly fromImage: Homography;
}

export interface QualityRequest {
  readonly image: RgbImage;
  readonly quad: Quad8;
  readonly crop: RgbImage;
  readonly lineCount: number;
  /** Another document lies on this one (PageAnalysis.occluded). */
  readonly occluded?: boolean;
}

export interface VisualCues {
  readonly portrait: boolean;
  readonly emblem: boolean;
  /** A site photo with next to no text (classify/visual.ts isScenePhoto). */
  readonly scene: boolean;
}

export function analysePage(image: RgbImage): PageAnalysis {
  const documents = locateDocuments(image);
  // Whether one document lies on another needs them all and the pixels: judged here, once.
  return { documents, seals: detectSeals(image), occluded: findOccluded(image, documents.map((d) => d.quad)) };
}

function translation(dx: number, dy: number): Homography {
  return [1, 0, dx, 0, 1, dy, 0, 0, 1];
}

function invert3(m: Homography): Homography {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  const k = det === 0 ? 0 : 1 / det;
  return [A * k, -(b * i - c * h) * k, (b * f - c * e) * k, B * k, (a * i - c * g) * k, -(a * f - c * d) * k, C * k, -(a * h - b * g) * k, (a * e - b * d) * k];
}

function isAxisAligned(q: Quad8): boolean {
  return q[1] === q[3] && q[5] === q[7] && q[0] === q[6] && q[2] === q[4];
}

/** An axis-aligned document is cropped as is; any other quad is warped to an upright rectangle. */
export function cutOutDocument(image: RgbImage, doc: LocatedDocument): DocumentCrop {
  const q = doc.quad;
  if (isAxisAligned(q)) {
    const [x0, y0, x1, y1] = doc.bbox;
    return { crop: cropRgb(image, x0, y0, x1 + 1, y1 + 1), toImage: translation(x0, y0), fromImage: translation(-x0, -y0) };
  }
  const w = Math.max(8, Math.round((Math.hypot(q[2] - q[0], q[3] - q[1]) + Math.hypot(q[4] - q[6], q[5] - q[7])) / 2));
  const h = Math.max(8, Math.round((Math.hypot(q[6] - q[0], q[7] - q[1]) + Math.hypot(q[4] - q[2], q[5] - q[3])) / 2));
  const m = rectToQuad(q, w, h);
  return { crop: toRgbImage(warpQuad(image, q, w, h)), toImage: m, fromImage: invert3(m) };
}

/** The image with the ink of the given seal boxes made pale (the image itself when none). */
export function paleRegions(image: RgbImage, quads: readonly Quad8[]): RgbImage {
  let out = image;
  for (const q of quads) out = suppressSealColour(out, q);
  return out;
}

/**
 * The page with the ink of its seals made pale (red and blue by colour, grey ones of copies by
 * level: src/image/seal-pale.ts). On an invoice the 收费专用章 is stamped
 * over the payee line (the hospital's name) and seals cross amounts and titles; C reads values,
 * never seals, so one OCR pass over this page reads what lies under them. Black print inside a
 * seal's box stays dark; only pixels inside detected seals change.
 */
export function paleSeals(image: RgbImage): RgbImage {
  return paleSealInk(image, detectSeals(image));
}

export function judgeQuality(request: QualityRequest): QualifyRes {
  return assessQuality(request);
}

/** Portrait and emblem of a card, looked for on its upright crop; a scene on a crop with next to no text. */
export function visualCues(crop: RgbImage, angle: PageAngle, uprightQuads: readonly Quad8[]): VisualCues {
  const upright = rotateRgb(crop, angle);
  const scene = uprightQuads.length <= SCENE_SETTINGS.maxLines && isScenePhoto(crop);
  return { portrait: hasPortrait(upright, uprightQuads), emblem: hasEmblem(upright), scene };
}

/** QR codes are decoded on the image as uploaded: the decoder finds them in any orientation. */
export function decodeQr(image: RgbImage): Promise<string[]> {
  return decodeQrCodes(image);
}

/** Codes found on the image but not decoded, read again from sharpened crops (src/qr/decode.ts). */
export function decodeBlurredQr(image: RgbImage): Promise<string[]> {
  return decodeBlurredQrCodes(image);
}

/**
 * What an out-of-focus capture added to the page's blur, as a Gaussian sigma in image pixels
 * (src/image/deblur.ts); 0 for a page in focus or one with too few ink edges to measure.
 */
export function measureDefocus(image: RgbImage): number {
  const measured = estimateBlur(luminance(image));
  return measured ? defocusSigma(measured.sigma) : 0;
}

/** The page deconvolved with the Gaussian of `sigma` (the image itself for sigma 0 or one past the limit). */
export function restoreDefocused(image: RgbImage, sigma: number): RgbImage {
  return sigma > 0 ? restorePage(image, sigma).image : image;
}
