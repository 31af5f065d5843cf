/**
 * Builds the domain operations the HTTP layer calls, from the engines and stores that exist.
 * Each operation is plain data in, plain data out; this module only composes engines (OCR, the
 * image-analysis pool that does the pixel work and QR decoding) with the domain (classify,
 * extract, verify) and owns the engines' lifecycle.
 */
import type { Logger } from 'pino';
import type { ServiceConfig } from './config.js';
import type { ExtractVariant } from './contract/extract.js';
import { classifyImage } from './classify/classifier.js';
import { loadTaxonomy } from './classify/taxonomy.js';
import { extractInvoice, type ExtractOutcome as InvoiceReading } from './extract/extractor.js';
import { rereadHeaderFields } from './extract/reread.js';
import { rereadOnBothPages } from './extract/restored-reread.js';
import { withSealCheckedHospital } from './extract/seal-name.js';
import { chargingUnitsFollowingHospital, namesNoIssuer } from './extract/hospital-name.js';
import { extractTables } from './extract/tables.js';
import type { ExtractOutcome, ImageElements, ReadinessCheck, ServiceOperations } from './http/operations.js';
import { rotateQuad, rotatedSize } from './image/geometry.js';
import type { IntakeImage, RgbImage } from './image/types.js';
import { analysisConfigFromEnv } from './analysis/config.js';
import { AnalysisBusyError, AnalysisPool } from './analysis/pool.js';
import { poolSteps } from './analysis/pool-steps.js';
import { IN_PROCESS_STEPS, type PixelSteps } from './analysis/steps.js';
import { OcrBusyError, OcrEngine } from './ocr/engine.js';
import { ApiError } from './http/errors.js';
import type { OcrLine, OcrResult, PageAngle } from './ocr/types.js';
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

/** Kept for callers of the former helper here; the step itself lives with the other pixel tasks. */
export { paleSeals } from './analysis/tasks.js';

/**
 * QR codes are decoded on the image as uploaded (the decoder finds them in any orientation). A
 * decoder failure only loses the QR cross-check; a full analysis queue is overload and goes up.
 * `blurred` is the second look, for a page whose expected code was not read (src/qr/decode.ts).
 */
async function readQr(image: IntakeImage, logger: Logger, pixels: PixelSteps, blurred = false): Promise<string[]> {
  try {
    return await (blurred ? pixels.decodeBlurredQr(image.rgb) : pixels.decodeQr(image.rgb));
  } catch (err) {
    if (err instanceof AnalysisBusyError) throw err;
    const what = blurred ? 'QR decoding of a blurred code failed' : 'QR decoding failed';
    logger.warn({ err: err instanceof Error ? err.name : 'unknown' }, `${what}; continuing without it`);
    return [];
  }
}

/**
 * The text detector's box threshold on a seal-paled invoice page. Paling a seal lowers the
 * detector's confidence in lines beside it (a lone 性别：男 cell left of a 收款单位 seal scored
 * 0.55, the default threshold 0.6 dropped it, and the gender was lost); the recogniser's own drop
 * score still throws out boxes that read as nothing.
 */
const PALED_PAGE_BOX_THRESHOLD = 0.5;

/** The page's orientation turned half a turn. */
export function oppositeAngle(angle: PageAngle): PageAngle {
  return ((angle + 180) % 360) as PageAngle;
}

/** Key header fields an empty value of which the other reading of the same page may fill. */
const FILLABLE_FIELDS = ['note_no', 'note_code', 'check_code', 'billing_date', 'patient_name', 'hospital_name', 'total_cost', 'patient_gender'] as const;

/**
 * The kept reading with its empty key fields taken from the other reading of the same page: a
 * field left empty is lost for sure, and the other reading saw the same page. Fields both read
 * stay the kept reading's. An inpatient stay (both dates and the days) is filled as a whole.
 */
export function withFieldsFilled<T extends InvoiceReading>(kept: T, other: InvoiceReading): T {
  if (!kept.ok || !other.ok) return kept;
  const filled: Record<string, unknown> = {};
  for (const f of FILLABLE_FIELDS) {
    const empty = kept.result[f] === '' || kept.result[f] === 0;
    const there = other.result[f] !== '' && other.result[f] !== 0;
    if (empty && there) filled[f] = other.result[f];
  }
  // The 收款单位 is printed as the hospital's name on most invoices, and the extractor keeps a
  // charging unit equal to the hospital name in step with it: a hospital name taken from the other
  // reading brings that reading's charging unit when the kept reading read none either.
  if (filled.hospital_name !== undefined && kept.result.charging_units === '') filled.charging_units = other.result.charging_units;
  // The stay is one fact printed as two dates and their count of days: it is taken as a whole,
  // only when the kept reading read neither date and the other both, so the days always belong to
  // the dates beside them (dates of two readings would mix two guesses at one stay).
  const keptStayless = kept.result.start_hospital_date === '' && kept.result.end_hospital_date === '';
  if (keptStayless && other.result.start_hospital_date !== '' && other.result.end_hospital_date !== '') {
    filled.start_hospital_date = other.result.start_hospital_date;
    filled.end_hospital_date = other.result.end_hospital_date;
    filled.hospital_days = other.result.hospital_days;
  }
  return Object.keys(filled).length === 0 ? kept : { ...kept, result: { ...kept.result, ...filled } };
}

/** The measured defocus of the upload; a failed measurement reads the page as it is (0). */
async function defocusOf(image: IntakeImage, logger: Logger, pixels: PixelSteps): Promise<number> {
  try {
    return await pixels.measureDefocus(image.rgb);
  } catch (err) {
    if (err instanceof AnalysisBusyError) throw err;
    logger.warn({ err: err instanceof Error ? err.name : 'unknown' }, 'blur measurement failed; reading the page as it is');
    return 0;
  }
}

/**
 * The paled page deconvolved when the upload measured out of focus, else null. A failed
 * restoration reads the page as it is; overload still goes up. It runs beside the first reading,
 * so its failure is marked handled here and surfaces only where it is awaited.
 */
function restoredPage(paling: Promise<RgbImage>, defocus: Promise<number>, logger: Logger, pixels: PixelSteps): Promise<RgbImage | null> {
  const restoring = Promise.all([paling, defocus]).then(async ([paled, sigma]) => {
    if (sigma <= 0) return null;
    try {
      return await pixels.restoreDefocused(paled, sigma);
    } catch (err) {
      if (err instanceof AnalysisBusyError) throw err;
      logger.warn({ err: err instanceof Error ? err.name : 'unknown' }, 'page restoration failed; reading the page as it is');
      return null;
    }
  });
  restoring.catch(() => undefined);
  return restoring;
}

export function createExtract(ocr: OcrEngine, logger: Logger, pixels: PixelSteps = IN_PROCESS_STEPS) {
  return async (image: IntakeImage, options: { variant: ExtractVariant; autoRotate: boolean }): Promise<ExtractOutcome> => {
    // Paling is asked for first so that, on a one-worker pool, OCR can start while the QR decoder
    // (which reads the image as uploaded: paling would not help it) runs.
    const paling = pixels.paleSeals(image.rgb);
    const qr = readQr(image, logger, pixels);
    // The blur is measured beside the first reading and, on an out-of-focus photo, the paled page
    // restored while the first reading runs, so the restoration costs a blurred page little wall time.
    const defocus = defocusOf(image, logger, pixels);
    const restoring = restoredPage(paling, defocus, logger, pixels);
    const [paled, firstPage, qrPayloads] = await Promise.all([paling, paling.then((p) => ocr.recognize(p, { boxThreshold: PALED_PAGE_BOX_THRESHOLD })), qr]);
    let page = firstPage;
    let upright = uprightLines(page, image.width, image.height);
    let first = extractInvoice({ ...upright, variant: options.variant, qrPayloads });
    // Every reading refused, in the order read: the last resort looks at them again (below).
    const refused: { page: OcrResult; upright: typeof upright; image: RgbImage }[] = [];
    if (!first.ok) refused.push({ page, upright, image: paled });
    // No invoice read: on an out-of-focus photo the line classifier's 0/180 vote can go wrong, and
    // the page read upside down is garbage. The page is read once more turned the other way; only
    // an invoice found there replaces the first reading (a page that is no invoice stays refused).
    if (!first.ok) {
      const turned = await ocr.recognize(paled, { boxThreshold: PALED_PAGE_BOX_THRESHOLD, angle: oppositeAngle(page.angle) });
      const turnedUpright = uprightLines(turned, image.width, image.height);
      const second = extractInvoice({ ...turnedUpright, variant: options.variant, qrPayloads });
      if (second.ok) [page, upright, first] = [turned, turnedUpright, second];
      else refused.push({ page: turned, upright: turnedUpright, image: paled });
    }
    // An out-of-focus photo is deconvolved (src/image/deblur.ts) and read again. The restored
    // reading replaces the first only when the first found no invoice: where both read one, the
    // restored reading wins fields and loses others in about equal numbers (it rings, it loses
    // decimal points), whatever the extractor's own checks say. Either way, key fields the kept
    // reading left empty come from the other. A page in focus measures 0 and is read once.
    let readImage = paled;
    let other: InvoiceReading | undefined;
    // The photo's reading the result was not read from, for the name and gender's last look.
    let otherLook: { page: OcrResult; image: RgbImage } | undefined;
    const restored = await restoring;
    if (restored) {
      let sharpPage = await ocr.recognize(restored, { boxThreshold: PALED_PAGE_BOX_THRESHOLD });
      let sharpUpright = uprightLines(sharpPage, image.width, image.height);
      let sharpReading = extractInvoice({ ...sharpUpright, variant: options.variant, qrPayloads });
      // Nothing found on the photo either way nor on the restored page: the restored page's own
      // 0/180 vote can go wrong as the photo's did (it rings, and its lines vote apart), so it too
      // is read once more turned half a turn. Only pages refused three times pay this read.
      if (!first.ok && !sharpReading.ok) {
        refused.push({ page: sharpPage, upright: sharpUpright, image: restored });
        const turned = await ocr.recognize(restored, { boxThreshold: PALED_PAGE_BOX_THRESHOLD, angle: oppositeAngle(sharpPage.angle) });
        const turnedUpright = uprightLines(turned, image.width, image.height);
        const turnedReading = extractInvoice({ ...turnedUpright, variant: options.variant, qrPayloads });
        if (turnedReading.ok) [sharpPage, sharpUpright, sharpReading] = [turned, turnedUpright, turnedReading];
        else refused.push({ page: turned, upright: turnedUpright, image: restored });
      }
      if (!first.ok && sharpReading.ok) {
        otherLook = { page, image: paled };
        [page, upright, readImage, other, first] = [sharpPage, sharpUpright, restored, first, sharpReading];
      } else {
        otherLook = { page: sharpPage, image: restored };
        other = sharpReading;
      }
    }
    // Refused on every reading: out of focus, every medical and invoice word may be misread while
    // the title still shows its pattern (河北省诊收 | 票据). The first reading, in the order read,
    // whose title does is read as the invoice; its other look is the photo's first reading when
    // it came from the restored page. A page that is no invoice keeps no such title and stays refused.
    if (!first.ok) {
      for (const r of refused) {
        const lenient = extractInvoice({ ...r.upright, variant: options.variant, qrPayloads, misreadTitleSuffices: true });
        if (!lenient.ok) continue;
        if (r.image !== paled) otherLook = { page: firstPage, image: paled };
        [page, upright, readImage, first] = [r.page, r.upright, r.image, lenient];
        break;
      }
    }
    // An e-invoice carries its code; none read is most often an out-of-focus photo, where the
    // decoder found the code but could not decode it: its sharpened crop is read, and the page
    // read again with it. Paper invoices and pages whose code was read never pay for this.
    const blurredQr = first.ok && first.electronic && qrPayloads.length === 0 ? await readQr(image, logger, pixels, true) : [];
    const kept = blurredQr.length > 0 ? extractInvoice({ ...upright, variant: options.variant, qrPayloads: blurredQr, qrFromBlurredPhoto: true }) : first;
    const outcome = other ? withFieldsFilled(kept, other) : kept;
    if (!outcome.ok) return { ok: false, found: outcome.found };
    // Fields the page pass missed (the hospital name under the seal, a name or a lone 男/女 cell the
    // detector dropped) are re-read from small crops of the seal-paled page, in one recogniser
    // call (src/extract/reread.ts).
    const rereading = await rereadHeaderFields(outcome.result, page.lines, outcome.province, (quads) => ocr.recognizeRegions(readImage, quads), page.faint);
    const firstReread = rereading.result;
    // An out-of-focus photo's name and gender are read once more on both its readings
    // (src/extract/restored-reread.ts); pages in focus have one reading and skip this.
    const look = otherLook;
    const reread = look
      ? await rereadOnBothPages(
          firstReread,
          { lines: page.lines, faint: page.faint ?? [], recognize: (quads) => ocr.recognizeRegions(readImage, quads) },
          { lines: look.page.lines, faint: look.page.faint ?? [], recognize: (quads) => ocr.recognizeRegions(look.image, quads) },
        )
      : firstReread;
    // A name missing, starting at no place, with a lost numeral or a doubtful character is checked
    // against the hospital's round seal, read on the image as uploaded (the paled page has lost the
    // seal's ink) turned upright; the ring is unwrapped in the analysis pool.
    const sealChecked = await withSealCheckedHospital(
      reread,
      outcome.province,
      // The payee strips' readings beside the page's lines: a name re-read there keeps its unsure characters.
      { angle: page.angle, lines: [...page.lines, ...rereading.hospitalStrips] },
      (angle) => pixels.sealStrips(image.rgb, angle),
      (img, quads) => ocr.recognizeRegions(img, quads),
    );
    // A name that after every repair is still a kind alone or a piece of the title names no issuer.
    const named = namesNoIssuer(sealChecked.hospital_name, extractTables().titleWords) ? { ...sealChecked, hospital_name: '' } : sealChecked;
    const result = { ...named, charging_units: chargingUnitsFollowingHospital(outcome.result, named) };
    // qrcode_check is meddoc's addition (docs/compat.md): only when a QR code gave invoice elements.
    const medical_result = outcome.qrMismatch
      ? { ...result, qrcode_check: { read: 1 as const, mismatch: [...outcome.qrMismatch] } }
      : result;
    return { ok: true, degree: page.angle, medical_result };
  };
}

export function createClassify(ocr: OcrEngine, pixels: PixelSteps = IN_PROCESS_STEPS) {
  const taxonomy = loadTaxonomy();
  return (image: IntakeImage) =>
    classifyImage({
      image: image.rgb,
      ocr: (region) => ocr.recognize(region),
      ocrRegions: (region, quads) => ocr.recognizeRegions(region, quads),
      taxonomy,
      pixels,
    });
}

/** B from an image: the five elements from the QR code first, the printed text as the fallback. */
export function createReadInvoiceElements(ocr: OcrEngine, logger: Logger, pixels: PixelSteps = IN_PROCESS_STEPS) {
  return async (image: IntakeImage): Promise<ImageElements> => {
    const payloads = await readQr(image, logger, pixels);
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
 * A full recognition or image-analysis queue is overload, not a bug: the client is told to retry
 * (docs/compat.md) with the contract's 500 status, as api.md has no status of its own for it.
 */
export function busyAsRetry<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      return await fn(...args);
    } catch (err) {
      if (err instanceof OcrBusyError || err instanceof AnalysisBusyError) throw new ApiError('INTERNAL_ERROR', 'the recognition service is busy; retry in a few seconds');
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
  let analysis: AnalysisPool | undefined;
  if (deps.engines) {
    // Pixel work of A and C (locating, cutting out, seals, quality, QR) runs on its own worker
    // pool, so the event loop stays free for B and health checks while pages are analysed.
    // 0 workers keeps it on the event loop: only for measuring what the pool saves.
    const analysisConfig = analysisConfigFromEnv();
    let pixels: PixelSteps = IN_PROCESS_STEPS;
    if (analysisConfig.workers > 0) {
      const pool = new AnalysisPool(analysisConfig);
      analysis = pool;
      readiness.push({ name: 'image_analysis', ready: () => pool.ready });
      pool.init().then(
        () => deps.logger.info({ start_ms: Math.round(pool.startMs), workers: pool.options.workers }, 'image-analysis workers started'),
        (err: unknown) => deps.logger.error({ err: err instanceof Error ? err.message : String(err) }, 'image-analysis workers failed to start'),
      );
      pixels = poolSteps(pool);
    }
    ocr = OcrEngine.create();
    const engine = ocr;
    readiness.push({ name: 'ocr', ready: () => engine.ready });
    // Models load in the background; /readyz says when they are in. Calls made before wait for them.
    engine.init().then(
      () => deps.logger.info({ load_ms: Math.round(engine.loadMs) }, 'OCR models loaded'),
      (err: unknown) => deps.logger.error({ err: err instanceof Error ? err.message : String(err) }, 'OCR engine failed to start'),
    );
    operations.classify = busyAsRetry(createClassify(engine, pixels));
    operations.extract = busyAsRetry(createExtract(engine, deps.logger, pixels));
    operations.readInvoiceElements = busyAsRetry(createReadInvoiceElements(engine, deps.logger, pixels));
  }
  return {
    operations,
    readiness,
    async close() {
      await Promise.all([ocr?.terminate(), analysis?.terminate()]);
    },
  };
}
