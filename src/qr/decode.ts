/**
 * QR codes on an image, read with zxing-wasm (zxing-cpp compiled to WebAssembly).
 *
 * The package fetches its .wasm from a CDN unless told otherwise; the service runs offline, so
 * the binary is read from the installed package once and handed to the module factory.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes, type ReaderOptions, type ReadResult } from 'zxing-wasm/reader';
import type { RgbImage } from '../image/types.js';

let prepared: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  if (!prepared) {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const wasmBinary = readFileSync(wasmPath);
    // Copy into a fresh ArrayBuffer: emscripten wants the bytes, not a view into Node's pool.
    const bytes = new Uint8Array(wasmBinary.byteLength);
    bytes.set(wasmBinary);
    prepared = prepareZXingModule({
      overrides: { wasmBinary: bytes.buffer },
      fireImmediately: true,
    });
  }
  return prepared;
}

const READER_OPTIONS: ReaderOptions = {
  formats: ['QRCode'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  // e-invoices carry one or two codes (the fiscal one and sometimes a hospital's own).
  maxNumberOfSymbols: 4,
};

/**
 * The same, with symbols found but not decoded returned too: their place is where a blurred code
 * lies. A separate pass: with errors returned, the decoder gives up on a symbol at its first
 * failed attempt, and so decodes fewer codes than without.
 */
const LOCATE_OPTIONS: ReaderOptions = { ...READER_OPTIONS, returnErrors: true };

/**
 * Unsharp mask for a blurred code's crop. A photo taken out of focus spreads each module over its
 * neighbours until the binariser sees grey; restoring the edges' contrast brings the modules back
 * (measured on out-of-focus photos of e-invoices: codes found but not decoded at first, decoded
 * after it in about half the cases). Only the crop of a code that was found is sharpened. Tried
 * in turn until one decodes: which one works depends on the blur and the module size.
 */
const BLURRED_SHARPENINGS = [
  { sigma: 3, m1: 2, m2: 4, scale: 1 },
  // The sharpened crop doubled: the binariser then samples each module's centre, not its blurred edge.
  { sigma: 3, m1: 2, m2: 4, scale: 2 },
  { sigma: 2, m1: 2, m2: 6, scale: 1 },
] as const;
/** Margin around a found code's corners, in code widths: the finder patterns' quiet zone and more. */
const CROP_MARGIN = 0.35;

/** RGB -> RGBA, the pixel layout zxing-wasm's ImageData input expects. */
function toRgba(image: RgbImage): Uint8ClampedArray<ArrayBuffer> {
  const pixels = image.width * image.height;
  const out = new Uint8ClampedArray(new ArrayBuffer(pixels * 4));
  const src = image.data;
  for (let i = 0, j = 0; i < pixels; i++, j += 3) {
    const o = i * 4;
    out[o] = src[j]!;
    out[o + 1] = src[j + 1]!;
    out[o + 2] = src[j + 2]!;
    out[o + 3] = 255;
  }
  return out;
}

async function read(image: RgbImage, options: ReaderOptions = READER_OPTIONS): Promise<ReadResult[]> {
  // zxing-wasm reads any {data, width, height} of RGBA pixels; DOM's ImageData type also wants a
  // colour space, which the library never looks at.
  const pixels = { data: toRgba(image), width: image.width, height: image.height, colorSpace: 'srgb' };
  return readBarcodes(pixels as unknown as Parameters<typeof readBarcodes>[0], options);
}

export interface CropBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The box around a found code's four corners, widened by CROP_MARGIN and kept on the image; null when empty. */
export function codeCrop(corners: readonly { x: number; y: number }[], width: number, height: number): CropBox | null {
  if (corners.length === 0) return null;
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const size = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const pad = Math.max(8, Math.round(size * CROP_MARGIN));
  const left = Math.max(0, Math.floor(Math.min(...xs) - pad));
  const top = Math.max(0, Math.floor(Math.min(...ys) - pad));
  const right = Math.min(width, Math.ceil(Math.max(...xs) + pad));
  const bottom = Math.min(height, Math.ceil(Math.max(...ys) + pad));
  return right - left >= 16 && bottom - top >= 16 ? { left, top, width: right - left, height: bottom - top } : null;
}

/** A found code's crop, sharpened (BLURRED_SHARPENINGS in turn, until one decodes), read again. */
async function readSharpened(image: RgbImage, box: CropBox): Promise<ReadResult[]> {
  for (const { scale, ...mask } of BLURRED_SHARPENINGS) {
    const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
      .extract(box)
      .sharpen(mask)
      .resize(box.width * scale)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const results = await read({ data, width: info.width, height: info.height, channels: 3 });
    if (results.some((r) => r.isValid)) return results;
  }
  return [];
}

function addValid(texts: string[], results: readonly ReadResult[]): void {
  for (const r of results) {
    if (r.isValid && r.text.length > 0 && !texts.includes(r.text)) texts.push(r.text);
  }
}

/** Text of every valid QR code found on the image, in the decoder's order; [] when none. */
export async function decodeQrCodes(image: RgbImage): Promise<string[]> {
  await prepare();
  const texts: string[] = [];
  addValid(texts, await read(image));
  return texts;
}

/**
 * For a page that should carry a code but gave none (an e-invoice): codes the decoder finds but
 * cannot decode (an out-of-focus photo) are read again from their sharpened crops. [] when none
 * is found or none decodes; costs one more scan of the page, so callers ask only when a code is
 * expected and missing.
 */
export async function decodeBlurredQrCodes(image: RgbImage): Promise<string[]> {
  await prepare();
  // One look per place: the decoder reports a code once per failed attempt, at corners that do
  // not always agree (a finder pattern of a neighbouring code taken for its own), so overlapping
  // places are joined and read as one crop.
  const boxes: CropBox[] = [];
  for (const r of await read(image, LOCATE_OPTIONS)) {
    const p = r.position;
    const box = codeCrop([p.topLeft, p.topRight, p.bottomRight, p.bottomLeft], image.width, image.height);
    if (box) joinBox(boxes, box);
  }
  const texts: string[] = [];
  for (const box of boxes) addValid(texts, await readSharpened(image, box));
  return texts;
}

/** Adds a box to a list of disjoint boxes, joining it with every box it overlaps. */
export function joinBox(boxes: CropBox[], box: CropBox): void {
  let joined = box;
  for (let i = boxes.length - 1; i >= 0; i--) {
    const b = boxes[i]!;
    if (!overlaps(b, joined)) continue;
    const left = Math.min(b.left, joined.left);
    const top = Math.min(b.top, joined.top);
    joined = {
      left,
      top,
      width: Math.max(b.left + b.width, joined.left + joined.width) - left,
      height: Math.max(b.top + b.height, joined.top + joined.height) - top,
    };
    boxes.splice(i, 1);
  }
  // A join can reach a box it did not overlap before: join again until none overlaps.
  if (boxes.some((b) => overlaps(b, joined))) joinBox(boxes, joined);
  else boxes.push(joined);
}

function overlaps(a: CropBox, b: CropBox): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}
