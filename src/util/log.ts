/**
 * Structured JSON logs (pino). Patients' data never reaches a log: the request body is never
 * logged, and the redaction list below removes secrets, personal fields and image payloads from
 * anything that is, as a second line of defence.
 */
import { pino, type Logger, type LoggerOptions } from 'pino';

export const REDACTED_PATHS = [
  'req.headers["x-df-api-secret"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["x-df-api-secret"]',
  'api_secret',
  'secret',
  '*.api_secret',
  '*.secret',
  'body',
  '*.body',
  'image_base64',
  '*.image_base64',
  'image_file',
  '*.image_file',
  'file',
  '*.file',
  'patient_name',
  '*.patient_name',
  'social_security_card_no',
  '*.social_security_card_no',
  'medical_insurance_no',
  '*.medical_insurance_no',
  'id_number',
  '*.id_number',
  'texts',
  '*.texts',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: 'meddoc' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

/** Strips the query string from a URL before it is logged: signed image URLs carry tokens there. */
export function urlForLog(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : `${url.slice(0, q)}?…`;
}

/**
 * Error messages can quote recognised text (a name, an ID number). Before an error reaches a log,
 * Chinese text and long digit runs are masked; the message's shape stays useful for debugging.
 */
export function scrubText(text: string): string {
  return text
    .replace(/[\u3400-\u9fff\uf900-\ufaff]+/g, '…')
    .replace(/\d{6,}[\dXx]?/g, (m) => `#${m.length}`);
}

export function errorForLog(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name,
    code: typeof code === 'string' ? code : undefined,
    message: scrubText(err.message),
    stack: err.stack ? scrubText(err.stack) : undefined,
  };
}
