/**
 * The pixel steps A and C need, as one injectable interface: the service runs them on the
 * analysis pool (src/analysis/pool-steps.ts) so the HTTP event loop never runs pixel loops; unit
 * tests and scripts run them in process. Domain code (classifyImage, createExtract) only sees
 * this interface, so its logic is the same on both.
 */
import type { QualifyRes } from '../contract/classify.js';
import type { Taxonomy } from '../classify/taxonomy.js';
import { classifyText, type ClassifierLine, type TextClassification, type VisualCues as TextCues } from '../classify/text-classifier.js';
import type { LocatedDocument } from '../image/documents.js';
import type { SealStrips } from '../image/seal-unwrap.js';
import type { RgbImage } from '../image/types.js';
import type { PageAngle, Quad8 } from '../ocr/types.js';
import {
  analysePage,
  cutOutDocument,
  decodeBlurredQr,
  decodeQr,
  roundSealStrips,
  judgeQuality,
  findTitleLines,
  measureDefocus,
  paleRegions,
  paleSeals,
  restoreDefocused,
  visualCues,
  type DocumentCrop,
  type PageAnalysis,
  type QualityRequest,
  type VisualCues,
} from './tasks.js';

export type { DocumentCrop, PageAnalysis, QualityRequest, VisualCues };

export interface PixelSteps {
  /** Documents and seals of the whole upload. */
  analysePage(image: RgbImage): Promise<PageAnalysis>;
  /** One document cut out of the upload, with the maps between crop and upload. */
  cutOut(image: RgbImage, doc: LocatedDocument): Promise<DocumentCrop>;
  /** The image with the ink inside the given seal boxes made pale. */
  paleRegions(image: RgbImage, quads: readonly Quad8[]): Promise<RgbImage>;
  /** The page with the ink of every seal found on it made pale. */
  paleSeals(image: RgbImage): Promise<RgbImage>;
  /** The five quality flags of one document. */
  assessQuality(request: QualityRequest): Promise<QualifyRes>;
  /** Portrait and emblem of a card crop turned upright by `angle`. */
  visualCues(crop: RgbImage, angle: PageAngle, uprightQuads: readonly Quad8[]): Promise<VisualCues>;
  /** Text of every QR code on the image. */
  decodeQr(image: RgbImage): Promise<string[]>;
  /** QR codes found but not decoded by decodeQr (an out-of-focus photo), read from sharpened crops. */
  decodeBlurredQr(image: RgbImage): Promise<string[]>;
  /** The Gaussian sigma an out-of-focus capture added to the page (0 in focus: src/image/deblur.ts). */
  measureDefocus(image: RgbImage): Promise<number>;
  /** Boxes of the tallest rows of glyph-sized ink, found without the text detector (src/image/title-lines.ts). */
  findTitleLines(image: RgbImage): Promise<Quad8[]>;
  /** The page deconvolved with a Gaussian of `sigma` (the image itself for 0). */
  restoreDefocused(image: RgbImage, sigma: number): Promise<RgbImage>;
  /** The ring text of the round seals of a page turned upright by `angle`, unwrapped and stacked (src/image/seal-unwrap.ts). */
  sealStrips(image: RgbImage, angle: PageAngle): Promise<SealStrips | null>;
  /**
   * The text classifier over a document's lines. Not pixel work, but CPU work of the same size
   * (tens of ms of wording matching per document), so it rides on the same workers.
   */
  classifyText(lines: readonly ClassifierLine[], cues: TextCues, taxonomy: Taxonomy): Promise<TextClassification>;
}

/** The steps on the caller's thread: for tests and command-line scripts, not for the server. */
export const IN_PROCESS_STEPS: PixelSteps = {
  analysePage: async (image) => analysePage(image),
  cutOut: async (image, doc) => cutOutDocument(image, doc),
  paleRegions: async (image, quads) => paleRegions(image, quads),
  paleSeals: async (image) => paleSeals(image),
  assessQuality: async (request) => judgeQuality(request),
  visualCues: async (crop, angle, quads) => visualCues(crop, angle, quads),
  decodeQr: (image) => decodeQr(image),
  decodeBlurredQr: (image) => decodeBlurredQr(image),
  sealStrips: async (image, angle) => roundSealStrips(image, angle),
  measureDefocus: async (image) => measureDefocus(image),
  restoreDefocused: async (image, sigma) => restoreDefocused(image, sigma),
  findTitleLines: async (image) => findTitleLines(image),
  classifyText: async (lines, cues, taxonomy) => classifyText(lines, cues, taxonomy),
};
