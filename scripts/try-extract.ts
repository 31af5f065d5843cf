/**
 * Runs OCR, QR decoding and the invoice extractor on one image and prints the result.
 *
 *   node dist/scripts/try-extract.js <image> [variant] [--save-lines file.json] [--lines file.json] [--show-lines]
 *
 * --save-lines keeps the OCR output so that the extractor can be re-run on it (--lines) without
 * paying for OCR again while the layout code is being worked on. Patient names and numbers are
 * printed: run it on test images, not on real patients' documents in shared logs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { EXTRACT_VARIANTS, type ExtractVariant } from '../src/contract/extract.js';
import type { RgbImage } from '../src/image/types.js';
import type { OcrLine } from '../src/ocr/types.js';
import { extractInvoice } from '../src/extract/extractor.js';
import { decodeQrCodes } from '../src/qr/decode.js';

interface Saved {
  readonly width: number;
  readonly height: number;
  readonly lines: OcrLine[];
  readonly qr: string[];
}

async function loadRgb(path: string): Promise<RgbImage> {
  const { data, info } = await sharp(readFileSync(path)).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

async function ocrPage(path: string): Promise<Saved> {
  const image = await loadRgb(path);
  const { OcrEngine } = await import('../src/ocr/engine.js');
  const engine = OcrEngine.create({ workers: 1 });
  try {
    await engine.init();
    const t0 = performance.now();
    const res = await engine.recognize(image);
    console.error(`ocr: ${res.lines.length} lines in ${Math.round(performance.now() - t0)} ms, angle ${res.angle}`);
    const qr = await decodeQrCodes(image);
    return { width: image.width, height: image.height, lines: [...res.lines], qr };
  } finally {
    await engine.terminate();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--save-lines', '--lines'].includes(args[i - 1]!)));
  const [path, variantArg] = positional;
  const variant = (variantArg ?? 'general') as ExtractVariant;
  if (variant !== 'general' && !(EXTRACT_VARIANTS as readonly string[]).includes(variant)) throw new Error(`unknown variant ${variant}`);
  const linesFile = flag('--lines');
  let page: Saved;
  if (linesFile) page = JSON.parse(readFileSync(linesFile, 'utf8')) as Saved;
  else {
    if (!path) throw new Error('usage: try-extract <image> [variant] [--save-lines f] [--lines f] [--show-lines]');
    page = await ocrPage(path);
  }
  const save = flag('--save-lines');
  if (save) writeFileSync(save, JSON.stringify(page));
  if (args.includes('--show-lines')) {
    for (const l of page.lines) console.log(`${l.quad.slice(0, 2).map(Math.round).join(',')}\t${l.text}`);
  }
  const t0 = performance.now();
  const out = extractInvoice({ lines: page.lines, width: page.width, height: page.height, variant, qrPayloads: page.qr });
  console.error(`extract: ${Math.round(performance.now() - t0)} ms; qr codes: ${page.qr.length}`);
  console.log(JSON.stringify(out, null, 1));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
