/** Builds plausible OCR lines for extraction tests: boxes, quads and per-character positions. */
import type { OcrLine, Quad8 } from '../../src/ocr/types.js';

export const CHAR_W = 20;
export const LINE_H = 24;

/** One OCR line made of pieces placed at given x (the engine sometimes merges cells of a row). */
export function lineOf(pieces: readonly { text: string; x: number }[], y: number, charW = CHAR_W, h = LINE_H): OcrLine {
  const placed: { char: string; cx: number }[] = [];
  for (const p of pieces) [...p.text].forEach((char, i) => placed.push({ char, cx: p.x + (i + 0.5) * charW }));
  const x0 = placed[0]!.cx - charW / 2;
  const x1 = placed[placed.length - 1]!.cx + charW / 2;
  const quad: Quad8 = [x0, y, x1, y, x1, y + h, x0, y + h];
  return {
    text: placed.map((p) => p.char).join(''),
    score: 0.95,
    quad,
    chars: placed.map((p) => ({ char: p.char, score: 0.95, x: (p.cx - x0) / (x1 - x0) })),
  };
}

/** A single-piece line. */
export function line(text: string, x: number, y: number, charW = CHAR_W, h = LINE_H): OcrLine {
  return lineOf([{ text, x }], y, charW, h);
}
