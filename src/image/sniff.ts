/**
 * The format of an upload, told by its first bytes (issue 2, item 3).
 *
 * File names and content types are what the client claims; the magic bytes are what the file
 * is. Only JPEG and PNG are accepted (api.md 8), but the common formats people send instead are
 * recognised by name, so the refusal tells the client what it actually sent.
 */

import { ApiError } from '../http/errors.js';

export type SniffedFormat =
  | 'jpeg'
  | 'png'
  | 'webp'
  | 'gif'
  | 'bmp'
  | 'tiff'
  | 'heic'
  | 'heif'
  | 'avif'
  | 'jpeg2000'
  | 'pdf'
  | 'text'
  | 'empty'
  | 'unknown';

export type AcceptedFormat = 'jpeg' | 'png';

function startsWith(bytes: Buffer, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, i) => bytes[at + i] === byte);
}

function ascii(bytes: Buffer, from: number, to: number): string {
  return bytes.length >= to ? bytes.toString('latin1', from, to) : '';
}

/* ISO base media files (HEIF family) carry a major brand right after the 'ftyp' box type. */
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

/**
 * Text is what has no NUL and no control characters besides the usual white space in its first
 * bytes. Bytes >= 0x80 are allowed because Chinese text (UTF-8 or GBK) is mostly those.
 */
function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 512);
  for (const byte of sample) {
    const whitespace = byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d;
    if ((byte < 0x20 && !whitespace) || byte === 0x7f) return false;
  }
  return true;
}

/** The format of `bytes` by magic number alone. */
export function sniffFormat(bytes: Buffer): SniffedFormat {
  if (bytes.length === 0) return 'empty';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const gif = ascii(bytes, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 26) return 'bmp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) return 'tiff'; // BigTIFF
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (AVIF_BRANDS.has(brand)) return 'avif';
    if (HEIC_BRANDS.has(brand)) return 'heic';
    if (HEIF_BRANDS.has(brand)) return 'heif';
  }
  if (startsWith(bytes, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20]) || startsWith(bytes, [0xff, 0x4f, 0xff, 0x51])) {
    return 'jpeg2000';
  }
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (looksLikeText(bytes)) return 'text';
  return 'unknown';
}

/**
 * The format of an upload if it is JPEG or PNG; otherwise an INVALID_ARGUMENT refusal that
 * names what was found ("format webp is not supported; expected JPEG or PNG").
 */
export function requireJpegOrPng(bytes: Buffer): AcceptedFormat {
  const format = sniffFormat(bytes);
  switch (format) {
    case 'jpeg':
    case 'png':
      return format;
    case 'empty':
      throw new ApiError('INVALID_ARGUMENT', 'image is empty (0 bytes); expected JPEG or PNG');
    case 'unknown':
      throw new ApiError('INVALID_ARGUMENT', 'image format not recognised; expected JPEG or PNG');
    default:
      throw new ApiError('INVALID_ARGUMENT', `format ${format} is not supported; expected JPEG or PNG`);
  }
}
