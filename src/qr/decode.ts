/**
 * QR codes on an image, read with zxing-wasm (zxing-cpp compiled to WebAssembly).
 *
 * The package fetches its .wasm from a CDN unless told otherwise; the service runs offline, so
 * the binary is read from the installed package once and handed to the module factory.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
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

/** Text of every valid QR code found on the image, in the decoder's order; [] when none. */
export async function decodeQrCodes(image: RgbImage): Promise<string[]> {
  await prepare();
  // zxing-wasm reads any {data, width, height} of RGBA pixels; DOM's ImageData type also wants a
  // colour space, which the library never looks at.
  const pixels = { data: toRgba(image), width: image.width, height: image.height, colorSpace: 'srgb' };
  const results = await readBarcodes(pixels as unknown as Parameters<typeof readBarcodes>[0], READER_OPTIONS);
  const texts: string[] = [];
  for (const r of results) {
    if (r.isValid && r.text.length > 0 && !texts.includes(r.text)) texts.push(r.text);
  }
  return texts;
}
