/**
 * What the HTTP layer needs from the domain: one function per operation, taking plain data and
 * returning plain data. The server is built with whichever of them exist; an operation whose
 * engine is not available answers 500 INTERNAL_ERROR saying so, never a placeholder result.
 */
import type { ClassifyResult } from '../contract/classify.js';
import type { ExtractVariant, MedicalResult } from '../contract/extract.js';
import type { VerifyData, VerifyElements } from '../contract/verify.js';
import type { IntakeImage } from '../image/types.js';
import type { VerifyErrorCode } from './errors.js';

export type ExtractOutcome =
  | { ok: true; degree: number; medical_result: MedicalResult; notes?: Record<string, unknown> }
  | { ok: false; found: string };

export type VerifyOutcome = { ok: true; data: VerifyData } | { ok: false; error_code: VerifyErrorCode };

/** The five elements read from an e-invoice image, and whether its QR code was read. */
export interface ImageElements {
  elements: VerifyElements | null;
  qrcodeScanResult: 0 | 1;
}

export interface ServiceOperations {
  classify?: (image: IntakeImage) => Promise<ClassifyResult>;
  extract?: (image: IntakeImage, options: { variant: ExtractVariant; autoRotate: boolean }) => Promise<ExtractOutcome>;
  /** deadlineMs: milliseconds from now the caller can wait (the rest of its request time). */
  verify: (elements: VerifyElements, options?: { deadlineMs?: number }) => Promise<VerifyOutcome>;
  /** Reads the five elements of an e-invoice image (B with `file`/`url`); absent until the QR engine exists. */
  readInvoiceElements?: (image: IntakeImage) => Promise<ImageElements>;
}

/** An engine or store whose readiness `/readyz` reports. */
export interface ReadinessCheck {
  name: string;
  ready(): boolean;
}
