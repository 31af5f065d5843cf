/** Typed inputs and outputs of the OCR engine (PaddleOCR-style stages). */

/** Four corners clockwise from top-left, x0,y0,...,x3,y3, on the input image. */
export type Quad8 = [number, number, number, number, number, number, number, number];

/** Page rotation; the clockwise rotation that makes the page upright. */
export type PageAngle = 0 | 90 | 180 | 270;

export interface OcrChar {
  readonly char: string;
  /** Confidence of this character in [0, 1]. */
  readonly score: number;
  /** Horizontal centre of the character along the line, as a fraction of the line's length [0, 1]. */
  readonly x: number;
  /**
   * Only on unsure characters (score below ALTERNATIVES_BELOW, recognize.ts): the recogniser's next
   * likeliest characters at this place, likeliest first. A field whose value is one of a few
   * words (男 / 女) can then be read from them when the best guess is none of its values.
   */
  readonly alternatives?: readonly CharAlternative[];
}

/** A character the recogniser also considered at a place, with its probability there. */
export interface CharAlternative {
  readonly char: string;
  readonly score: number;
}

export interface OcrLine {
  readonly text: string;
  /** Mean character confidence in [0, 1]. */
  readonly score: number;
  /** The line's box on the input image, clockwise from the line's own top-left. */
  readonly quad: Quad8;
  readonly chars: readonly OcrChar[];
}

/**
 * Where a page's time went, in ms. Stage times and `modelMs` are summed over the workers that
 * took part (a page split across two workers can show more stage time than wall time);
 * `totalMs` is wall clock from the call to the answer, queueing included. `decodeMs` is the
 * caller's (the engine receives decoded pixels and reports 0).
 */
export interface OcrTimings {
  readonly decodeMs: number;
  readonly detectMs: number;
  readonly classifyMs: number;
  readonly recognizeMs: number;
  readonly postMs: number;
  /** Sum of time spent inside onnxruntime's `run` alone. */
  readonly modelMs: number;
  readonly totalMs: number;
}

export interface OcrResult {
  /** Clockwise rotation that makes the page upright. */
  readonly angle: PageAngle;
  /** Lines in reading order. */
  readonly lines: readonly OcrLine[];
  /**
   * Lines read below the drop score (PaddleOCR's drop_score), not in `lines`: mostly specks and
   * seal ink, but on a blurred photo also real cells (性别：女 read 性称：文 at 0.47). Callers that
   * know what a cell must hold may look at them; unordered. Absent from engines that keep none.
   */
  readonly faint?: readonly OcrLine[];
  readonly timings: OcrTimings;
}
