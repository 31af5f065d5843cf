/**
 * Messages between the analysis pool and its worker threads. Pixels travel as shared memory:
 * an image the main thread already shares, or one a worker produced, is never copied again.
 */
import type { QualifyRes } from '../contract/classify.js';
import type { ClassifierLine, TextClassification, VisualCues as TextCues } from '../classify/text-classifier.js';
import type { LocatedDocument } from '../image/documents.js';
import type { Homography } from '../image/warp.js';
import type { PageAngle, Quad8 } from '../ocr/types.js';
import type { PageAnalysis, VisualCues } from './tasks.js';

/** RGB pixels (3 bytes each, row-major) at the start of a shared buffer. */
export interface SharedImage {
  readonly buffer: SharedArrayBuffer;
  readonly width: number;
  readonly height: number;
}

export interface SharedCrop {
  readonly crop: SharedImage;
  readonly toImage: Homography;
  readonly fromImage: Homography;
}

/** Each task: what it is given and what it answers. */
export interface AnalysisTasks {
  analysePage: { args: { image: SharedImage }; result: PageAnalysis };
  cutOut: { args: { image: SharedImage; doc: LocatedDocument }; result: SharedCrop };
  paleRegions: { args: { image: SharedImage; quads: readonly Quad8[] }; result: SharedImage };
  paleSeals: { args: { image: SharedImage }; result: SharedImage };
  assessQuality: { args: { image: SharedImage; quad: Quad8; crop: SharedImage; lineCount: number; occluded: boolean }; result: QualifyRes };
  visualCues: { args: { crop: SharedImage; angle: PageAngle; uprightQuads: readonly Quad8[] }; result: VisualCues };
  decodeQr: { args: { image: SharedImage }; result: string[] };
  decodeBlurredQr: { args: { image: SharedImage }; result: string[] };
  measureDefocus: { args: { image: SharedImage }; result: number };
  restoreDefocused: { args: { image: SharedImage; sigma: number }; result: SharedImage };
  findTitleLines: { args: { image: SharedImage }; result: Quad8[] };
  sealStrips: { args: { image: SharedImage; angle: PageAngle }; result: { sheet: SharedImage; quads: Quad8[] } | null };
  /** On the service's taxonomy (data/taxonomy.json), which every worker loads at start. */
  classifyText: { args: { lines: readonly ClassifierLine[]; cues: TextCues }; result: TextClassification };
}

export type AnalysisKind = keyof AnalysisTasks;
export type AnalysisArgs<K extends AnalysisKind> = AnalysisTasks[K]['args'];
export type AnalysisResult<K extends AnalysisKind> = AnalysisTasks[K]['result'];

export type AnalysisRequest = { [K in AnalysisKind]: { readonly id: number; readonly kind: K; readonly args: AnalysisArgs<K> } }[AnalysisKind];

export type AnalysisReply =
  | { readonly id: number; readonly ok: true; readonly result: AnalysisResult<AnalysisKind> }
  | { readonly id: number; readonly ok: false; readonly message: string };

export type AnalysisWorkerStatus = { readonly type: 'ready'; readonly startMs: number } | { readonly type: 'failed'; readonly message: string };
