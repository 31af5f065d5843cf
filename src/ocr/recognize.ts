/**
 * Line recognition, the CRNN/SVTR stage of PP-OCRv4: a line crop at height 48 normalised to
 * [-1, 1] goes in, a per-timestep softmax over the character set comes out, and CTC greedy
 * decoding turns it into text with a confidence and a position for every character.
 */
import type { CharAlternative, OcrChar } from './types.js';
import type { Pixels } from '../image/warp.js';

export const REC_HEIGHT = 48;

export interface RecognitionInput {
  /** CHW float tensor data for a batch of one, channels B, G, R. */
  readonly tensor: Float32Array;
  /** Tensor width (content plus padding). */
  readonly width: number;
  /** Width of the line's pixels inside the tensor; the rest is padding. */
  readonly contentWidth: number;
}

export interface DecodedLine {
  readonly text: string;
  /** Mean character confidence, 0 when nothing was read. */
  readonly score: number;
  readonly chars: OcrChar[];
}

/**
 * Characters read with less confidence than this carry their alternatives (OcrChar.alternatives).
 * Sharp print reads almost every character above it, so the extra scan runs on blurred or spoilt
 * characters only and costs nothing on a clean page.
 */
export const ALTERNATIVES_BELOW = 0.9;
/** How many alternatives an unsure character keeps. */
const ALTERNATIVES = 3;

/**
 * The likeliest other characters at a character's place: the highest probability of each class over
 * its steps and one step either side (a blurred character's second guess often peaks on the blank
 * step next to it), blank and the character itself excluded.
 */
export function charAlternatives(
  probs: Float32Array,
  steps: number,
  classes: number,
  charset: readonly string[],
  from: number,
  to: number,
  chosen: number,
): CharAlternative[] {
  const best = new Map<number, number>();
  for (let t = Math.max(0, from - 1); t <= Math.min(steps - 1, to); t++) {
    const base = t * classes;
    for (let c = 1; c < classes; c++) {
      const p = probs[base + c]!;
      if (c === chosen || p < 0.005) continue;
      if (p > (best.get(c) ?? 0)) best.set(c, p);
    }
  }
  return [...best.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, ALTERNATIVES)
    .map(([c, score]) => ({ char: charset[c] ?? '', score }));
}

/** Width a crop of (width × height) pixels gets at the recognition height. */
export function recognitionWidth(width: number, height: number, maxWidth: number): number {
  if (height <= 0 || width <= 0) return 1;
  return Math.max(1, Math.min(maxWidth, Math.round((REC_HEIGHT * width) / height)));
}

/**
 * Builds the recogniser's input from a crop already REC_HEIGHT pixels high. Short crops are
 * padded on the right (with 0, the normalised mid-grey PaddleOCR pads with) up to `minWidth`:
 * the model was trained on padded inputs, and a too-short sequence leaves CTC too few steps.
 */
export function recognitionInput(crop: Pixels, minWidth: number): RecognitionInput {
  if (crop.height !== REC_HEIGHT) throw new RangeError(`recognition crop must be ${REC_HEIGHT} px high, got ${crop.height}`);
  const width = Math.max(crop.width, minWidth);
  const plane = REC_HEIGHT * width;
  const tensor = new Float32Array(plane * 3);
  const d = crop.data;
  for (let c = 0; c < 3; c++) {
    const src = 2 - c; // B, G, R as the model expects, from RGB pixels
    const base = c * plane;
    for (let y = 0; y < REC_HEIGHT; y++) {
      const row = base + y * width;
      const srow = y * crop.width * 3;
      for (let x = 0; x < crop.width; x++) tensor[row + x] = d[srow + x * 3 + src]! / 127.5 - 1;
    }
  }
  return { tensor, width, contentWidth: crop.width };
}

/**
 * The character set: index 0 is the CTC blank, then the dictionary's lines in order, then a
 * space (PaddleOCR appends it when `use_space_char` is on, as for these models).
 */
export function characterSet(dictionary: string): string[] {
  const keys = dictionary.split('\n').map((k) => k.replace(/\r$/, ''));
  if (keys.length > 0 && keys[keys.length - 1] === '') keys.pop();
  return ['', ...keys, ' '];
}

/**
 * CTC greedy decoding: the best class at each step, repeats collapsed, blanks dropped. A
 * character's score is its best step's probability; its x is the centre of its steps as a
 * fraction of the line's content width. `probs` holds a softmax per step (as the recogniser
 * returns it): the scan of a step stops at a class above 0.5.
 */
export function ctcDecode(
  probs: Float32Array,
  steps: number,
  classes: number,
  charset: readonly string[],
  contentFraction = 1,
): DecodedLine {
  const chars: OcrChar[] = [];
  let prev = -1;
  let runStart = 0;
  let runBest = 0;
  const flush = (endStep: number): void => {
    if (prev > 0) {
      const centre = (runStart + endStep) / 2 / steps; // fraction of the tensor width
      const x = contentFraction > 0 ? Math.min(1, Math.max(0, centre / contentFraction)) : 0;
      const char = charset[prev] ?? '';
      if (runBest < ALTERNATIVES_BELOW) {
        chars.push({ char, score: runBest, x, alternatives: charAlternatives(probs, steps, classes, charset, runStart, endStep, prev) });
      } else {
        chars.push({ char, score: runBest, x });
      }
    }
  };
  for (let t = 0; t < steps; t++) {
    const base = t * classes;
    let best = 0;
    let bestP = probs[base]!;
    // The steps are a softmax: a class above 0.5 is the maximum, so the scan can stop there.
    // Most steps are blanks (class 0) far above 0.5; this cut decoding time by about two thirds.
    for (let c = 1; c < classes && bestP <= 0.5; c++) {
      const p = probs[base + c]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== prev) {
      flush(t);
      prev = best;
      runStart = t;
      runBest = bestP;
    } else if (bestP > runBest) {
      runBest = bestP;
    }
  }
  flush(steps);
  // Leading and trailing spaces carry no information and would shift cells.
  while (chars.length > 0 && chars[0]!.char === ' ') chars.shift();
  while (chars.length > 0 && chars[chars.length - 1]!.char === ' ') chars.pop();
  const text = chars.map((c) => c.char).join('');
  const score = chars.length > 0 ? chars.reduce((s, c) => s + c.score, 0) / chars.length : 0;
  return { text, score, chars };
}
