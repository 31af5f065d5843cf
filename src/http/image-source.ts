/**
 * One intake path for every image source of A, B and C: exactly one of a multipart file, a
 * base64 field or a URL, then the same validation and decoding (src/image/intake.ts).
 */
import { decodeBase64Image, decodeUpload } from '../image/intake.js';
import { fetchImage } from '../image/fetch.js';
import type { IntakeImage } from '../image/types.js';
import { base64Field, textField, type RequestFields } from './body.js';
import { ApiError, type ErrorStatus } from './errors.js';

export interface ImageFieldNames {
  file: string;
  base64?: string;
  url: string;
  /** The error for "no source given": A's sample says PARAMETER_ERROR, B and C say INVALID_ARGUMENT. */
  missingStatus: ErrorStatus;
}

export const CLASSIFY_IMAGE_FIELDS: ImageFieldNames = {
  file: 'image_file',
  base64: 'image_base64',
  url: 'image_url',
  missingStatus: 'PARAMETER_ERROR',
};

export const INVOICE_IMAGE_FIELDS: ImageFieldNames = { file: 'file', url: 'url', missingStatus: 'INVALID_ARGUMENT' };

export type ImageSource = { kind: 'file'; bytes: Buffer } | { kind: 'base64'; text: string } | { kind: 'url'; url: string };

function namesOf(f: ImageFieldNames): string[] {
  return [f.file, ...(f.base64 ? [f.base64] : []), f.url];
}

function describeNames(names: string[]): string {
  return names.length === 2 ? `'${names[0]}' or '${names[1]}'` : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Finds the one image source of a request; undefined when none was given. */
export function findImageSource(fields: RequestFields, names: ImageFieldNames): ImageSource | undefined {
  const sources: ImageSource[] = [];
  const given: string[] = [];
  const file = fields.files.get(names.file);
  if (file !== undefined) (sources.push({ kind: 'file', bytes: file }), given.push(names.file));
  if (fields.text.has(names.file)) {
    throw new ApiError('INVALID_ARGUMENT', `${names.file} must be sent as a file part of a multipart/form-data body`);
  }
  for (const [name] of fields.files) {
    if (name !== names.file) throw new ApiError('INVALID_ARGUMENT', `unexpected file part '${name}'; the image file goes in '${names.file}'`);
  }
  const base64 = names.base64 ? base64Field(fields, names.base64) : undefined;
  if (base64 !== undefined && names.base64) (sources.push({ kind: 'base64', text: base64 }), given.push(names.base64));
  const url = textField(fields, names.url);
  if (url !== undefined) (sources.push({ kind: 'url', url }), given.push(names.url));
  if (sources.length > 1) {
    throw new ApiError('INVALID_ARGUMENT', `give exactly one of ${describeNames(namesOf(names))}; got ${given.join(' and ')}`);
  }
  return sources[0];
}

export function requireImageSource(fields: RequestFields, names: ImageFieldNames): ImageSource {
  const source = findImageSource(fields, names);
  if (!source) {
    const list = namesOf(names);
    const message =
      names.missingStatus === 'PARAMETER_ERROR'
        ? `${describeNames(list)} is required`
        : `${describeNames(list)} must be specified`;
    throw new ApiError(names.missingStatus, message);
  }
  return source;
}

export async function loadImage(source: ImageSource, allowHosts: readonly string[]): Promise<IntakeImage> {
  switch (source.kind) {
    case 'file':
      return decodeUpload(source.bytes);
    case 'base64':
      return decodeUpload(decodeBase64Image(source.text));
    case 'url':
      return decodeUpload(await fetchImage(source.url, { allowHosts }));
  }
}
