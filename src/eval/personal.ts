/**
 * Personal fields of real labels (patient_name, social_security_card_no) are stored only as a
 * SHA-256 of the normalised value (../shared/real/README.md), so the evaluation compares them by
 * hashing what the service extracted in exactly the same way and never holds the clear value.
 */
import { createHash } from 'node:crypto';
import { normaliseText } from './text.js';

export interface HashedValue {
  sha256: string;
}

export function isHashedValue(value: unknown): value is HashedValue {
  return typeof value === 'object' && value !== null && typeof (value as { sha256?: unknown }).sha256 === 'string';
}

/** Hex SHA-256 of the NFKC-normalised value with all white space removed. */
export function personalHash(value: string): string {
  return createHash('sha256').update(normaliseText(value), 'utf8').digest('hex');
}

export function matchesHashed(extracted: string, label: HashedValue): boolean {
  return personalHash(extracted) === label.sha256.toLowerCase();
}
