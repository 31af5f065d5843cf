/**
 * Builds the domain operations the HTTP layer calls, from the engines and stores that exist.
 * Each operation is plain data in, plain data out; this module only composes engines (OCR, QR)
 * with the domain (classify, extract, verify) and owns the engines' lifecycle.
 */
import type { Logger } from 'pino';
import type { ServiceConfig } from './config.js';
import type { ExtractVariant } from './contract/extract.js';
import { classifyImage } from './classify/classifier.js';
import { loadTaxonomy } from './classify/taxonomy.js';
import { extractInvoice } from './extract/extractor.js';
import { restoreProvincePrefix } from './extract/header.js';
import { hospitalFromStrip, hospitalValueStrips, needsHospitalReread } from './extract/reread.js';
import { extractTables } from './extract/tables.js';
import type { ExtractOutcome, ImageElements, ReadinessCheck, ServiceOperations } from './http/operations.js';
import { rotateQuad, rotatedSize } from './image/geometry.js';
import { detectSeals, suppressSealColour } from './image/seals.js';
import type { IntakeImage, RgbImage } from './image/types.js';
import { OcrBusyError, OcrEngine } from './ocr/engine.js';
import { ApiError } from './http/errors.js';
import type { OcrLine, OcrResult } from './ocr/types.js';
import { decodeQrCodes } from './qr/decode.js';
import { verifyElementsFromQr } from './qr/einvoice-payload.js';
import type { Database } from './store/db.js';
import { loadVerifyConfig } from './verify/config.js';
import { createVerifier } from './verify/service.js';

export interface OperationDeps {
  db: Database;
  config: ServiceConfig;
  logger: Logger;
  /** Start the recognition engines; false in contract tests that never reach recognition. */
  engines: boolean;
}

export interface BuiltOperations {
  operations: ServiceOperations;
  readiness: ReadinessCheck[];
  close(): Promise<void>;
}

/** OCR lines turned into the upright page's frame, where layout rules (left of, below) hold. */
export function uprightLines(ocr: OcrResult, width: number, height: number): { lines: OcrLine[]; width: number; height: number } {
  const size = rotatedSize(ocr.angle, width, height);
  if (ocr.angle === 0) return { lines: [...ocr.lines], ...size };
  const lines = ocr.lines.map((line) => ({ ...line, quad: rotateQuad(line.quad, ocr.angle, width, height) }));
  return { lines, ...size };
}

/** QR codes are decoded on the image as uploaded: the decoder finds them in any orientation. */
async function readQr(image: IntakeImage, logger: Logger): Promise<string[]> {
  try {
    return await decodeQrCodes(image.rgb);
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.name : 'unknown' }, 'QR decoding failed; continuing without it');
    return [];
  }
}

/**
 * The page with the ink of its red and blue seals made pale. On an invoice the 收费专用章 is stamped
 * over the payee line (the hospital's name) and seals cross amounts and titles; C reads values,
 * never seals, so one OCR pass over this page reads what lies under them. Black print inside a
 * seal's box stays dark; only pixels inside detected seals change.
 */
export function paleSeals(image: RgbImage): RgbImage {
  let out = image;
  for (const seal of detectSeals(image)) out = suppressSealColour(out, seal);
  return out;
}

export function createExtract(ocr: OcrEngine, logger: Logger) {
  return async (image: IntakeImage, options: { variant: ExtractVariant; autoRotate: boolean }): Promise<ExtractOutcome> => {
    // The QR decoder reads the image as uploaded: seal paling would not help it.
    const paled = paleSeals(image.rgb);
    const [page, qrPayloads] = await Promise.all([ocr.recognize(paled), readQr(image, logger)]);
    const upright = uprightLines(page, image.width, image.height);
    const outcome = extractInvoice({ ...upright, variant: options.variant, qrPayloads });
    if (!outcome.ok) return { ok: false, found: outcome.found };
    let result = outcome.result;
    if (needsHospitalReread(result.hospital_name)) {
      // The seal over the payee line hid the name from the page pass: one small re-read of the
      // strip right of its label (src/extract/reread.ts).
      const strips = hospitalValueStrips(page.lines);
      const reread = strips.length > 0 ? await ocr.recognizeRegions(paled, strips) : [];
      const name = reread.map((l) => hospitalFromStrip(l.text)).find((n) => n !== '');
      if (name) result = { ...result, hospital_name: restoreProvincePrefix(name, outcome.province, extractTables()) };
    }
    // qrcode_check is meddoc's addition (docs/compat.md): only when a QR code gave invoice elements.
    const medical_result = outcome.qrMismatch
      ? { ...result, qrcode_check: { read: 1 as const, mismatch: [...outcome.qrMismatch] } }
      : result;
    return { ok: true, degree: page.angle, medical_result };
  };
}

export function createClassify(ocr: OcrEngine) {
  const taxonomy = loadTaxonomy();
  return (image: IntakeImage) =>
    classifyImage({
      image: image.rgb,
      ocr: (region) => ocr.recognize(region),
      ocrRegions: (region, quads) => ocr.recognizeRegions(region, quads),
      taxonomy,
    });
}

/** B from an image: the five elements from the QR code first, the printed text as the fallback. */
export function createReadInvoiceElements(ocr: OcrEngine, logger: Logger) {
  return async (image: IntakeImage): Promise<ImageElements> => {
    const payloads = await readQr(image, logger);
    for (const payload of payloads) {
      const elements = verifyElementsFromQr(payload);
      if (elements) return { elements, qrcodeScanResult: 1 };
    }
    const page = await ocr.recognize(image.rgb);
    const upright = uprightLines(page, image.width, image.height);
    const printed = extractInvoice({ ...upright, variant: 'e_invoice', qrPayloads: [] });
    if (!printed.ok) return { elements: null, qrcodeScanResult: 0 };
    const r = printed.result;
    const elements = {
      note_code: r.note_code || undefined,
      note_no: r.note_no || undefined,
      check_code: r.check_code || undefined,
      total_cost: r.total_cost ? r.total_cost.toFixed(2) : undefined,
      billing_date: r.billing_date || undefined,
    };
    const any = Object.values(elements).some((v) => v !== undefined);
    return { elements: any ? elements : null, qrcodeScanResult: 0 };
  };
}

/**
 * A full recognition queue is overload, not a bug: the client is told to retry (docs/compat.md)
 * with the contract's 500 status, as api.md has no status of its own for it.
 */
function busyAsRetry<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      return await fn(...args);
    } catch (err) {
      if (err instanceof OcrBusyError) throw new ApiError('INTERNAL_ERROR', 'the recognition service is busy; retry in a few seconds');
      throw err;
    }
  };
}

export async function createOperations(deps: OperationDeps): Promise<BuiltOperations> {
  const verifyConfig = loadVerifyConfig();
  const verifier = createVerifier({ db: deps.db, config: verifyConfig, logger: deps.logger });
  const operations: ServiceOperations = {
    // The operator's budget for one verification, never past what the caller has left.
    verify: (elements, options) =>
      verifier.verify(elements, { deadlineMs: Math.min(options?.deadlineMs ?? Infinity, verifyConfig.defaultDeadlineMs) }),
  };
  const readiness: ReadinessCheck[] = [];
  let ocr: OcrEngine | undefined;
  if (deps.engines) {
    ocr = OcrEngine.create();
    const engine = ocr;
    readiness.push({ name: 'ocr', ready: () => engine.ready });
    // Models load in the background; /readyz says when they are in. Calls made before wait for them.
    engine.init().then(
      () => deps.logger.info({ load_ms: Math.round(engine.loadMs) }, 'OCR models loaded'),
      (err: unknown) => deps.logger.error({ err: err instanceof Error ? err.message : String(err) }, 'OCR engine failed to start'),
    );
    operations.classify = busyAsRetry(createClassify(engine));
    operations.extract = busyAsRetry(createExtract(engine, deps.logger));
    operations.readInvoiceElements = busyAsRetry(createReadInvoiceElements(engine, deps.logger));
  }
  return {
    operations,
    readiness,
    async close() {
      await ocr?.terminate();
    },
  };
}
