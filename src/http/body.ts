/**
 * Request bodies arrive as multipart/form-data, JSON or urlencoded (decisions.md "Paths and
 * bodies"). This module turns any of them into one shape: text fields and file fields, so the
 * routes never care which encoding a client used.
 */
import { ApiError } from './errors.js';

export interface RequestFields {
  text: Map<string, string>;
  files: Map<string, Buffer>;
  /** True when the body was urlencoded: '+' in base64 arrives as a space there. */
  urlencoded: boolean;
}

export function readFields(body: unknown, contentType: string | undefined): RequestFields {
  const fields: RequestFields = {
    text: new Map(),
    files: new Map(),
    urlencoded: (contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded'),
  };
  if (body === undefined || body === null || body === '') return fields;
  if (typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    throw new ApiError('INVALID_ARGUMENT', 'the request body must be an object of fields (JSON object, form fields or multipart parts)');
  }
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(value)) {
      throw new ApiError('INVALID_ARGUMENT', `field ${name} was given ${value.length} times; give it once`);
    }
    if (Buffer.isBuffer(value)) {
      fields.files.set(name, value);
    } else if (typeof value === 'string') {
      fields.text.set(name, value);
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      fields.text.set(name, String(value));
    } else if (value !== null && value !== undefined) {
      throw new ApiError('INVALID_ARGUMENT', `field ${name} must be a string, not ${typeof value}`);
    }
  }
  return fields;
}

/** A text field, trimmed; empty counts as absent. */
export function textField(fields: RequestFields, name: string): string | undefined {
  const value = fields.text.get(name);
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : undefined;
}

/** Booleans as decisions.md allows them: true/false/1/0 (any case). */
export function booleanField(fields: RequestFields, name: string, fallback: boolean): boolean {
  const value = textField(fields, name);
  if (value === undefined) return fallback;
  const v = value.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new ApiError('INVALID_ARGUMENT', `${name} is "${value}"; expected true, false, 1 or 0`);
}

/** The base64 text of a field, with the '+' that urlencoding turns into spaces put back. */
export function base64Field(fields: RequestFields, name: string): string | undefined {
  const value = textField(fields, name);
  if (value === undefined) return undefined;
  return fields.urlencoded ? value.replace(/ /g, '+') : value;
}
