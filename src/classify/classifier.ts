/**
 * Operation A over one decoded image: locate the documents, cut each one out, read it (OCR is
 * injected), judge its quality, pick its titles, classify it, and find the seals of the whole
 * image. Text under a seal is read a second time with the seal's colour suppressed.
 *
 * Coordinates: OCR sees each document's crop; its quads are mapped back through the crop (a
 * perspective map for warped documents) to the upload, as api.md asks. Size and position tests
 * (titles) run in the document's upright frame.
 */
import type { ClassifyDocument, ClassifyResult, Direct, QualifyRes } from '../contract/classify.js';
import { IN_PROCESS_STEPS, type PixelSteps } from '../analysis/steps.js';
import { DEBLUR_SETTINGS } from '../image/deblur.js';
import type { LocatedDocument } from '../image/documents.js';
import { rotateQuad, rotatedSize } from '../image/geometry.js';
import type { RgbImage } from '../image/types.js';
import { applyHomography } from '../image/warp.js';
import type { OcrLine, OcrResult, PageAngle, Quad8 } from '../ocr/types.js';
import { withCopyMarks } from './copy-marks.js';
import { DEFOCUS_REREAD_SETTINGS, needsSharperReading, placesBetter } from './defocus-reread.js';
import { garbledTitle } from './garbled-title.js';
import { titleCandidates, unreadRows, weakTitlePlacement } from './missed-title.js';
import { loadTaxonomy, type Taxonomy } from './taxonomy.js';
import { bandTitleLines, TITLE_BAND_SETTINGS, titleBandSearchArea } from './title-band.js';
import { joinTitleRegion, joinTitleText, pickTitles, titleGroups } from './titles.js';
import type { ClassifierLine } from './text-classifier.js';
import { SCENE_SETTINGS } from './visual.js';

export interface ClassifyImageInput {
  readonly image: RgbImage;
  /** Reads a whole region: lines on that region's pixels, and the turn that makes it upright. */
  readonly ocr: (region: RgbImage) => Promise<OcrResult>;
  /** Reads given line quads of a region again (used on seal-suppressed pixels), one line per quad. */
  readonly ocrRegions?: (region: RgbImage, quads: Quad8[]) => Promise<OcrLine[]>;
  readonly taxonomy?: Taxonomy;
  /**
   * The pixel work (locating, cutting out, paling, quality, visual cues). The service passes the
   * analysis pool's, so none of it runs on the HTTP event loop; default: in process.
   */
  readonly pixels?: PixelSteps;
}

const DIRECT_OF_ANGLE: Record<PageAngle, Direct> = { 0: 'top', 90: 'left', 180: 'down', 270: 'right' };

/** How a document crop maps back onto the upload. */
interface CropFrame {
  readonly crop: RgbImage;
  readonly toImage: (x: number, y: number) => [number, number];
  readonly fromImage: (x: number, y: number) => [number, number];
}

async function cutOut(pixels: PixelSteps, image: RgbImage, doc: LocatedDocument): Promise<CropFrame> {
  const { crop, toImage, fromImage } = await pixels.cutOut(image, doc);
  return { crop, toImage: (x, y) => applyHomography(toImage, x, y), fromImage: (x, y) => applyHomography(fromImage, x, y) };
}

function mapQuad(q: Quad8, f: (x: number, y: number) => [number, number], width: number, height: number): Quad8 {
  const out: number[] = [];
  for (let i = 0; i < 8; i += 2) {
    const [x, y] = f(q[i], q[i + 1]);
    out.push(Math.round(Math.min(width - 1, Math.max(0, x))), Math.round(Math.min(height - 1, Math.max(0, y))));
  }
  return out as Quad8;
}

function boxesOverlap(a: Quad8, b: Quad8): boolean {
  const ax0 = Math.min(a[0], a[6]);
  const ax1 = Math.max(a[2], a[4]);
  const ay0 = Math.min(a[1], a[3]);
  const ay1 = Math.max(a[5], a[7]);
  const bx0 = Math.min(b[0], b[2], b[4], b[6]);
  const bx1 = Math.max(b[0], b[2], b[4], b[6]);
  const by0 = Math.min(b[1], b[3], b[5], b[7]);
  const by1 = Math.max(b[1], b[3], b[5], b[7]);
  return ax0 < bx1 && bx0 < ax1 && ay0 < by1 && by0 < ay1;
}

/** Re-reads the lines crossed by a seal on pixels where the seal's ink is made pale. */
async function rereadUnderSeals(frame: CropFrame, lines: OcrLine[], seals: readonly Quad8[], ocrRegions: NonNullable<ClassifyImageInput['ocrRegions']>, pixels: PixelSteps): Promise<OcrLine[]> {
  const { crop } = frame;
  const local = seals.map((s) => mapQuad(s, frame.fromImage, crop.width, crop.height));
  const under = lines.map((l, i) => ({ l, i })).filter(({ l }) => local.some((s) => boxesOverlap(s, l.quad)));
  if (under.length === 0) return lines;
  const pale = await pixels.paleRegions(crop, local);
  const again = await ocrRegions(pale, under.map(({ l }) => l.quad));
  const out = [...lines];
  under.forEach(({ l, i }, k) => {
    const r = again[k];
    if (r && r.text.length > 0 && r.score > l.score) out[i] = { ...l, text: r.text, score: r.score, chars: r.chars };
  });
  return out;
}

/**
 * A card's title lost with a title band the localiser left out (see title-band.ts): the card's
 * surroundings read once more, the lines that can be its title, with quads in the card's crop frame.
 */
async function readTitleBand(image: RgbImage, doc: LocatedDocument, others: readonly LocatedDocument[], frame: CropFrame, input: ClassifyImageInput, tax: Taxonomy, pixels: PixelSteps): Promise<OcrLine[]> {
  const wider = await cutOut(pixels, image, titleBandSearchArea(doc, image.width, image.height));
  const read = await input.ocr(wider.crop);
  const inImage = read.lines.map((l) => mapQuad(l.quad, wider.toImage, image.width, image.height));
  const card = { fromImage: frame.fromImage, width: frame.crop.width, height: frame.crop.height };
  return bandTitleLines(read.lines, inImage, card, others, tax).map((i) => {
    const q = inImage[i];
    const local: number[] = [];
    for (let k = 0; k < 8; k += 2) local.push(...frame.fromImage(q[k], q[k + 1]).map(Math.round));
    return { ...read.lines[i], quad: local as Quad8 };
  });
}

/**
 * The lines as the text classifier takes them: text, title flag, and each character with the
 * alternatives the recogniser found likely enough there (scoring.alternative_min_score), so a
 * blurred title whose printed character came second can still be matched.
 */
function classifierLines(lines: readonly OcrLine[], titleIdx: ReadonlySet<number>, tax: Taxonomy): ClassifierLine[] {
  const min = tax.scoring.alternativeMinScore;
  return lines.map((l, i) => ({
    text: l.text,
    isTitle: titleIdx.has(i),
    chars: l.chars.map((c) => {
      const alternatives = (c.alternatives ?? []).filter((a) => a.score >= min).map((a) => a.char);
      return alternatives.length > 0 ? { char: c.char, alternatives } : { char: c.char };
    }),
  }));
}

/** One reading of a document crop: its lines, the turn that makes them upright, and its titles. */
interface Reading {
  readonly lines: OcrLine[];
  readonly angle: PageAngle;
  readonly uprightQuads: Quad8[];
  readonly titleIdx: Set<number>;
}

function uprightReading(lines: OcrLine[], angle: PageAngle, crop: RgbImage, tax: Taxonomy): Reading {
  const page = rotatedSize(angle, crop.width, crop.height);
  const uprightQuads = lines.map((l) => rotateQuad(l.quad, angle, crop.width, crop.height));
  const titleIdx = new Set(pickTitles(lines.map((l, i) => ({ text: l.text, quad: uprightQuads[i] })), page, tax));
  return { lines, angle, uprightQuads, titleIdx };
}

/**
 * The crop read again after deconvolution with the blur its focus added (src/image/deblur.ts);
 * null when it is in focus, too blurred to restore, or the restoration failed (the first reading
 * then stands). The restored crop has the crop's size, so its quads are in the same frame.
 */
async function readRestored(frame: CropFrame, docSeals: readonly Quad8[], input: ClassifyImageInput, tax: Taxonomy, pixels: PixelSteps): Promise<(Reading & { readonly restored: RgbImage }) | null> {
  try {
    const sigma = await pixels.measureDefocus(frame.crop);
    if (!(sigma > 0) || sigma > DEBLUR_SETTINGS.maxSigma) return null;
    const restored = await pixels.restoreDefocused(frame.crop, sigma * DEFOCUS_REREAD_SETTINGS.psfShare);
    const read = await input.ocr(restored);
    let lines = [...read.lines];
    if (input.ocrRegions && docSeals.length > 0) lines = await rereadUnderSeals({ ...frame, crop: restored }, lines, docSeals, input.ocrRegions, pixels);
    return { ...uprightReading(lines, read.angle, frame.crop, tax), restored };
  } catch {
    return null;
  }
}

function uprightYs(q: Quad8): number[] {
  return [q[1], q[3], q[5], q[7]];
}

async function classifyDocument(image: RgbImage, doc: LocatedDocument, others: readonly LocatedDocument[], seals: readonly Quad8[], occluded: boolean, input: ClassifyImageInput, tax: Taxonomy, pixels: PixelSteps): Promise<ClassifyDocument> {
  const frame = await cutOut(pixels, image, doc);
  const { crop } = frame;
  const read = await input.ocr(crop);
  let lines = [...read.lines];
  const docSeals = seals.filter((s) => boxesOverlap(doc.quad, s));
  if (input.ocrRegions && docSeals.length > 0) lines = await rereadUnderSeals(frame, lines, docSeals, input.ocrRegions, pixels);

  let { angle, uprightQuads, titleIdx } = uprightReading(lines, read.angle, crop, tax);

  const quality = await pixels.assessQuality({ image, quad: doc.quad, crop, lineCount: lines.length, occluded });
  // Cards are looked at for a portrait and an emblem; pages with next to no text for a scene photo.
  const looked = quality.iscard || lines.length <= SCENE_SETTINGS.maxLines ? await pixels.visualCues(crop, angle, uprightQuads) : null;
  const cues = { card: quality.iscard, portrait: quality.iscard && looked?.portrait === true, emblem: quality.iscard && looked?.emblem === true, scene: looked?.scene === true };
  let cls = await pixels.classifyText(classifierLines(lines, titleIdx, tax), cues, tax);
  // An out-of-focus document the first reading could not place is read again deconvolved
  // (defocus-reread.ts); the quality flags stay those of the pixels as photographed.
  let restored: RgbImage | null = null;
  // Every line a blurred crop's readings gave, for a title read too garbled to match (garbled-title.ts).
  const blurredReads: OcrLine[] = [];
  if (needsSharperReading(cls, tax)) {
    const sharper = await readRestored(frame, docSeals, input, tax, pixels);
    restored = sharper?.restored ?? null;
    if (sharper) {
      blurredReads.push(...lines, ...sharper.lines);
      const sharperCls = await pixels.classifyText(classifierLines(sharper.lines, sharper.titleIdx, tax), cues, tax);
      if (placesBetter(sharperCls, cls, tax)) {
        ({ lines, angle, uprightQuads, titleIdx } = sharper);
        cls = sharperCls;
      }
    }
  }
  // Still unplaced on a blurred crop: its title may be a row the detector missed (missed-title.ts).
  if (restored && cls.root_cls === tax.fallback && input.ocrRegions) {
    const rows = unreadRows(await pixels.findTitleLines(restored), lines);
    const found = rows.length > 0 ? titleCandidates(await input.ocrRegions(restored, rows)) : [];
    blurredReads.push(...found);
    if (found.length > 0) {
      const withFound = [...lines, ...found];
      const foundIdx = new Set([...titleIdx, ...found.map((_, k) => lines.length + k)]);
      const placed = weakTitlePlacement(await pixels.classifyText(classifierLines(withFound, foundIdx, tax), cues, tax), tax);
      if (placed) {
        lines = withFound;
        uprightQuads = [...uprightQuads, ...found.map((l) => rotateQuad(l.quad, angle, crop.width, crop.height))];
        titleIdx = foundIdx;
        cls = placed;
      }
    }
  }
  // Cards only (by shape, by the class the body suggests, or by their few lines): a page's title is
  // inside its sheet. A blank or a photo (next to nothing read) has no band to look for.
  const cardLike = lines.length >= TITLE_BAND_SETTINGS.minCardLines && (quality.iscard || tax.roots.some((r) => r.card && r.name === cls.root_cls) || lines.length <= TITLE_BAND_SETTINGS.maxCardLines);
  if (cardLike && cls.root_cls_is_credible !== 1 && !cls.titled) {
    const band = await readTitleBand(image, doc, others, frame, input, tax, pixels);
    if (band.length > 0) {
      // In reading order: before the first line that starts below it on the upright page.
      for (const l of band) {
        const top = Math.min(...uprightYs(rotateQuad(l.quad, angle, crop.width, crop.height)));
        let at = uprightQuads.findIndex((q) => Math.min(...uprightYs(q)) > top);
        if (at < 0) at = lines.length;
        lines.splice(at, 0, l);
        uprightQuads.splice(at, 0, rotateQuad(l.quad, angle, crop.width, crop.height));
        const shifted = [...titleIdx].map((i) => (i >= at ? i + 1 : i));
        titleIdx.clear();
        for (const i of shifted) titleIdx.add(i);
        titleIdx.add(at);
      }
      cls = await pixels.classifyText(classifierLines(lines, titleIdx, tax), cues, tax);
    }
  }
  // Still unplaced on a blurred crop: a title line read with too many misreads to match, taken for
  // the wording whose characters it holds in order. Classified as if that wording were read there,
  // kept only when that places the document in the wording's root, and never credible.
  if (cls.root_cls === tax.fallback && blurredReads.length > 0) {
    const hit = garbledTitle(blurredReads, tax);
    if (hit) {
      const wording = Array.from(hit.wording);
      const taken: OcrLine = { ...blurredReads[hit.line], text: hit.wording, chars: wording.map((char, k) => ({ char, score: 1, x: (k + 0.5) / wording.length })) };
      const guess = await pixels.classifyText(classifierLines([...lines, taken], new Set([...titleIdx, lines.length]), tax), cues, tax);
      if (guess.root_cls === hit.root) cls = { ...guess, root_cls_is_credible: -1, sub_cls_is_credible: -1 };
    }
  }
  const qualify = withCopyMarks(withCardFromClass(quality, cls.root_cls, tax), lines.map((l) => l.text), tax);
  const regions = lines.map((l) => mapQuad(l.quad, frame.toImage, image.width, image.height));
  // A title the recogniser cut in pieces on one row is reported as one title.
  const titleParts = titleGroups(lines.map((l, i) => ({ text: l.text, quad: uprightQuads[i] })), [...titleIdx]);
  return {
    target_res: { bbox_region: [...doc.bbox], qbox_region: [...doc.quad], direct: DIRECT_OF_ANGLE[angle] },
    qualify_res: qualify,
    ocr_res: {
      titles: titleParts.map((g) => joinTitleText(g.map((i) => lines[i].text))),
      title_regions: titleParts.map((g) => [...joinTitleRegion(g.map((i) => regions[i]))]),
      texts: lines.map((l) => l.text),
      text_regions: regions.map((r) => [...r]),
    },
    class_res: { root_cls: cls.root_cls, sub_cls: cls.sub_cls, root_cls_is_credible: cls.root_cls_is_credible, sub_cls_is_credible: cls.sub_cls_is_credible },
  };
}

/**
 * iscard means "a card or certificate type" (api.md 2.A): once the document is placed in a class,
 * the class says it better than the sheet's proportions (a passport page, a diploma or a marriage
 * certificate is not ID-1 shaped; an invoice can be). Unplaced documents keep the shape scores.
 */
function withCardFromClass(q: QualifyRes, rootName: string, tax: Taxonomy): QualifyRes {
  const root = tax.roots.find((r) => r.name === rootName);
  if (!root || rootName === tax.fallback) return q;
  const iscard_score = root.card ? Math.max(q.iscard_score, 0.9) : Math.min(q.iscard_score, 0.1);
  const isdocument_score = root.card ? Math.min(q.isdocument_score, 0.1) : Math.max(q.isdocument_score, 0.9);
  return { ...q, iscard: root.card, iscard_score, isdocument: !root.card, isdocument_score };
}

/** Operation A's result for one image (time_cost is the caller's). */
export async function classifyImage(input: ClassifyImageInput): Promise<ClassifyResult> {
  const tax = input.taxonomy ?? loadTaxonomy();
  const { image } = input;
  const pixels = input.pixels ?? IN_PROCESS_STEPS;
  const { documents: docs, seals, occluded } = await pixels.analysePage(image);
  const classified: ClassifyDocument[] = [];
  // One document at a time: the OCR engine already spreads one page over every core.
  for (const [i, doc] of docs.entries()) {
    classified.push(await classifyDocument(image, doc, docs.filter((o) => o !== doc), seals, occluded?.[i] === true, input, tax, pixels));
  }
  return { classify_result: withSharedTurn(classified, tax), seals: seals.map((s) => [...s]) };
}

/**
 * A document on which no line was read has no evidence of its own about its turn: the turn its
 * reading reports was voted on unreadable boxes (an out-of-focus slip read upside down). Documents
 * photographed together lie in one orientation far more often than not (the photo is turned, not
 * the papers one by one), so such a document takes the turn of the image's documents that were
 * read and placed in a class, when they all agree. Only `direct` changes: it has no lines to turn.
 */
export function withSharedTurn(docs: readonly ClassifyDocument[], tax: Taxonomy): ClassifyDocument[] {
  const placed = docs.filter((d) => d.ocr_res.texts.length > 0 && d.class_res.root_cls !== tax.fallback);
  const turns = new Set(placed.map((d) => d.target_res.direct));
  if (turns.size !== 1) return [...docs];
  const [shared] = turns;
  return docs.map((d) => (d.ocr_res.texts.length === 0 && d.target_res.direct !== shared ? { ...d, target_res: { ...d.target_res, direct: shared } } : d));
}
