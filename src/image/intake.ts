/**
 * Image intake: from the bytes a client sent to validated, upright RGB pixels (issue 2, item 3).
 *
 * Every image source (multipart file, base64, URL) ends here, so the limits of api.md 8 are
 * enforced in one place and in a fixed order, cheapest first:
 *   1. file size (no parsing at all),
 *   2. format by magic bytes (sniff.ts),
 *   3. dimensions from the header only, after EXIF orientation, so a decompression bomb (a few
 *      bytes claiming 60000 x 60000 px) is refused before a single pixel is decoded,
 *   4. the decode itself, which refuses truncated data instead of padding it with grey.
 * Each refusal is INVALID_ARGUMENT naming the rule and the actual value (decisions.md "Errors").
 */

import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { ApiError } from '../http/errors.js';
import { requireJpegOrPng, type AcceptedFormat } from './sniff.js';
import type { IntakeImage, RgbImage } from './types.js';

export interface ImageLimits {
  /** Largest accepted file in bytes (api.md 8: at most 5 MB). */
  readonly maxBytes: number;
  /** Width and height must each be greater than this (api.md 8: > 128 px). */
  readonly minSideExclusive: number;
  /** Width and height must each be at most this (api.md 8: <= 6000 px). */
  readonly maxSide: number;
}

/** The image limits of api.md 8. */
export const IMAGE_LIMITS: ImageLimits = Object.freeze({
  maxBytes: 5 * 1024 * 1024,
  minSideExclusive: 128,
  maxSide: 6000,
});

function effectiveLimits(overrides: Partial<ImageLimits> | undefined): ImageLimits {
  const limits = { ...IMAGE_LIMITS };
  for (const key of ['maxBytes', 'minSideExclusive', 'maxSide'] as const) {
    const value = overrides?.[key];
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}

/** "5242880 (5 MB)" — the exact number a client can compare against, and the familiar one. */
function describeByteLimit(maxBytes: number): string {
  const mebibytes = maxBytes / (1024 * 1024);
  return Number.isInteger(mebibytes) ? `${maxBytes} (${mebibytes} MB)` : String(maxBytes);
}

function sizeRefusal(actualBytes: number, maxBytes: number): ApiError {
  return new ApiError(
    'INVALID_ARGUMENT',
    `file size ${actualBytes} bytes, must be <= ${describeByteLimit(maxBytes)}`,
  );
}

function checkSide(name: 'width' | 'height', value: number, limits: ImageLimits): void {
  if (!(value > limits.minSideExclusive)) {
    throw new ApiError('INVALID_ARGUMENT', `${name} ${value} px, must be > ${limits.minSideExclusive}`);
  }
  if (value > limits.maxSide) {
    throw new ApiError('INVALID_ARGUMENT', `${name} ${value} px, must be <= ${limits.maxSide}`);
  }
}

/** Does the PNG chunk sequence stop before its IEND chunk? Walks chunk headers only. */
function pngIsTruncated(bytes: Buffer): boolean {
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (type === 'IEND') return false;
    offset += 12 + length;
  }
  return true;
}

/**
 * A client-safe description of why sharp could not read the file. libvips' own messages name
 * internal modules ("VipsJpeg", "vipspng") and are not part of our contract, so they are only
 * used to tell truncation apart from other corruption.
 */
function decodeRefusal(format: AcceptedFormat, bytes: Buffer, cause: unknown): ApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  const truncated =
    format === 'png' ? pngIsTruncated(bytes) : /premature end|truncated|unexpected end/i.test(detail);
  const name = format === 'png' ? 'PNG' : 'JPEG';
  return new ApiError('INVALID_ARGUMENT', `image data cannot be decoded: ${truncated ? 'truncated' : 'corrupt'} ${name}`);
}

interface HeaderFacts {
  readonly width: number;
  readonly height: number;
  readonly exifOrientation: number;
}

/** Dimensions as a viewer shows the image, from the header alone (nothing is decoded). */
async function readHeader(bytes: Buffer, format: AcceptedFormat): Promise<HeaderFacts> {
  let metadata: Metadata;
  try {
    // No pixel limit here: the header is only read, and our own check below gives the better message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw decodeRefusal(format, bytes, err);
  }
  if (metadata.format !== format) throw decodeRefusal(format, bytes, new Error('format mismatch'));
  const exifOrientation = metadata.orientation ?? 1;
  return {
    width: metadata.autoOrient?.width ?? metadata.width,
    height: metadata.autoOrient?.height ?? metadata.height,
    exifOrientation,
  };
}

/**
 * Validate an upload and decode it to 8-bit RGB in viewer orientation (EXIF applied, alpha
 * flattened on white, colour converted to sRGB). Throws ApiError INVALID_ARGUMENT on any
 * limit or decoding failure; never throws anything else for bad input.
 */
export async function decodeUpload(bytes: Buffer, limits?: Partial<ImageLimits>): Promise<IntakeImage> {
  const rules = effectiveLimits(limits);
  if (bytes.length > rules.maxBytes) throw sizeRefusal(bytes.length, rules.maxBytes);
  const format = requireJpegOrPng(bytes);
  const header = await readHeader(bytes, format);
  checkSide('width', header.width, rules);
  checkSide('height', header.height, rules);

  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes, {
      // 'truncated' refuses cut-off files but tolerates the harmless libjpeg warnings
      // (extraneous bytes before a marker) that many phone cameras produce.
      failOn: 'truncated',
      // Second guard against bombs, should the header check ever be bypassed.
      limitInputPixels: rules.maxSide * rules.maxSide,
      autoOrient: true,
    })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw decodeRefusal(format, bytes, err);
  }

  const { data, info } = decoded;
  if (info.channels !== 3 || data.length !== info.width * info.height * 3) {
    // The pipeline above always yields 8-bit RGB; anything else is a bug, not bad input.
    throw new Error(`intake produced ${info.channels} channels, ${data.length} bytes for ${info.width}x${info.height}`);
  }
  const rgb: RgbImage = { data, width: info.width, height: info.height, channels: 3 };
  return {
    bytes,
    format,
    width: info.width,
    height: info.height,
    exifOrientation: header.exifOrientation,
    rgb,
  };
}

// ---------------------------------------------------------------------------------------------
// base64

const BASE64_REFUSAL = 'image_base64 is not valid base64';

function base64Refusal(why: string): ApiError {
  return new ApiError('INVALID_ARGUMENT', `${BASE64_REFUSAL}: ${why}`);
}

/** A `data:` URL prefix ("data:image/png;base64,"), which decisions.md says to tolerate. */
const DATA_URL_PREFIX = /^data:([^,]*),/i;
const BASE64_BODY = /^[A-Za-z0-9+/_-]*$/;

function describeCharacter(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  const hex = code.toString(16).toUpperCase().padStart(4, '0');
  return code >= 0x21 && code <= 0x7e ? `'${ch}' (U+${hex})` : `U+${hex}`;
}

/**
 * The bytes of a base64 image, as clients send it in `image_base64`.
 *
 * Tolerated, because real clients send them:
 * - a `data:<mime>;base64,` prefix (decisions.md);
 * - line breaks and white space anywhere (MIME encoders wrap lines at 76 characters);
 * - the URL-safe alphabet (`-` `_` for `+` `/`, RFC 4648 section 5), and missing `=` padding,
 *   which is how that alphabet is usually sent;
 * - spaces standing for `+`: a client that posts application/x-www-form-urlencoded without
 *   escaping `+` has every `+` turned into a space by form decoding. When the text has spaces
 *   between its characters but not one `+` nor any URL-safe character (every base64 image of
 *   a few hundred bytes has a `+` somewhere), the spaces are read as `+` instead of dropped.
 * Refused with INVALID_ARGUMENT: empty text, characters outside the alphabet, a mix of the two
 * alphabets, misplaced padding, an impossible length, and a payload whose decoded size would
 * exceed `maxBytes` (computed from the text length, before anything is decoded).
 */
export function decodeBase64Image(text: string, maxBytes: number = IMAGE_LIMITS.maxBytes): Buffer {
  // Cheap bound before any string work: white space cannot plausibly double the text length.
  const longestEncoding = Math.ceil(maxBytes / 3) * 4;
  if (text.length > 2 * longestEncoding + 1024) {
    throw new ApiError(
      'INVALID_ARGUMENT',
      `image_base64 is ${text.length} characters long, too long for a file of at most ${describeByteLimit(maxBytes)} bytes`,
    );
  }

  let body = text;
  const prefix = DATA_URL_PREFIX.exec(text.trimStart());
  if (prefix) {
    if (!/;base64$/i.test(prefix[1] ?? '')) throw base64Refusal('the data: URL is not base64-encoded');
    body = text.trimStart().slice(prefix[0].length);
  }

  body = body.replace(/[\t\n\v\f\r]/g, '');
  if (body.includes(' ')) {
    const formMangled = body.trim().includes(' ') && !body.includes('+') && !/[-_]/.test(body);
    // In mangled text a space is a '+', wherever it is; only spaces after the padding are surely blank.
    body = formMangled ? body.replace(/(=+) +$/, '$1').replace(/ /g, '+') : body.replace(/ /g, '');
  }
  if (body.length === 0) throw base64Refusal('it is empty');

  const unpadded = body.replace(/={1,2}$/, '');
  if (!BASE64_BODY.test(unpadded)) {
    const bad = [...unpadded].find((ch) => !BASE64_BODY.test(ch)) ?? '?';
    if (bad === '=') throw base64Refusal("padding '=' in the middle of the data");
    throw base64Refusal(`character ${describeCharacter(bad)} is not in the base64 alphabet`);
  }
  if (/[+/]/.test(unpadded) && /[-_]/.test(unpadded)) {
    throw base64Refusal('it mixes the standard (+ /) and URL-safe (- _) alphabets');
  }
  const padded = unpadded.length !== body.length;
  if (padded && body.length % 4 !== 0) {
    throw base64Refusal(`length ${body.length} is not a multiple of 4`);
  }
  if (unpadded.length % 4 === 1) {
    throw base64Refusal(`length ${unpadded.length} leaves one character over (a base64 group needs at least 2)`);
  }

  const decodedLength = Math.floor((unpadded.length * 3) / 4);
  if (decodedLength > maxBytes) throw sizeRefusal(decodedLength, maxBytes);
  // Buffer's decoder reads both alphabets and missing padding; everything it would silently
  // skip has been refused above.
  const bytes = Buffer.from(unpadded, 'base64');
  if (bytes.length !== decodedLength) throw base64Refusal('the data does not decode cleanly');
  return bytes;
}
