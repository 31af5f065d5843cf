/**
 * Scoring of one image: the service's output against an EvalCase's truth, as plain counts that
 * the report adds up. Pure functions; the runner feeds them, tests call them directly.
 */
import type { ClassifyDocument, ClassifyResult } from '../contract/classify.js';
import type { MedicalResult } from '../contract/extract.js';
import { boxIou, matchByIou } from './geometry.js';
import { emptyMatchCount, matchItems, type ExtractedItem, type MatchCount } from './items.js';
import { isHashedValue, matchesHashed } from './personal.js';
import { inReadingOrder } from './reading-order.js';
import { cerCount, normaliseText, type CerCount } from './text.js';
import {
  CHECKSUM_FIELDS, LIST_FIELDS, QUALITY_FLAGS, type ChecksumField, type ClassifyTruth, type ExcludedItem,
  type ExtractTruth, type FieldTruth, type ListField, type QualityFlag, type TruthDocument,
} from './truth.js';

export const SEAL_IOU = 0.5;
/** A labelled document is paired with a detected one when their axis boxes overlap this much. */
export const DOCUMENT_IOU = 0.5;

export interface DocumentScore {
  truthClass: string;
  /** Null when no detected document was paired with the labelled one. */
  predictedClass: string | null;
  rootRight: boolean;
  /** Null when the labelled class has no second level. */
  subRight: boolean | null;
  directRight: boolean | null;
  quality: Partial<Record<QualityFlag, boolean>>;
  titlesFound: number;
  titlesLabelled: number;
}

export interface ClassifyScore {
  documentCountRight: boolean;
  documents: DocumentScore[];
  /** Seal detections matched at IoU >= 0.5 (reference = labelled seals); null without seal quads. */
  sealsByIou: MatchCount | null;
  sealCountRight: boolean | null;
  cer: CerCount | null;
}

export function className(root: string, sub: string | null): string {
  return sub ? `${root}/${sub}` : root;
}

/**
 * Pairs labelled with detected documents: by box IoU when the label has boxes (greedy, highest
 * first), else a single labelled document goes with the largest detection.
 */
export function pairDocuments(truth: readonly TruthDocument[], predicted: readonly ClassifyDocument[]): (number | null)[] {
  const pairs: (number | null)[] = truth.map(() => null);
  if (truth.length === 0 || predicted.length === 0) return pairs;
  if (truth.every((d) => d.box)) {
    const matched = matchByIou(truth.map((d) => d.box!), predicted.map((p) => p.target_res.bbox_region), DOCUMENT_IOU, boxIou);
    for (const m of matched) pairs[m.reference] = m.prediction;
    return pairs;
  }
  if (truth.length === 1) {
    const area = (d: ClassifyDocument): number => {
      const [x0, y0, x1, y1] = d.target_res.bbox_region;
      return Math.max(0, x1! - x0!) * Math.max(0, y1! - y0!);
    };
    let best = 0;
    predicted.forEach((d, i) => { if (area(d) > area(predicted[best]!)) best = i; });
    pairs[0] = best;
  }
  return pairs;
}

function scoreDocument(truth: TruthDocument, predicted: ClassifyDocument | null): DocumentScore {
  const root = predicted?.class_res.root_cls ?? null;
  const sub = predicted ? predicted.class_res.sub_cls : null;
  const rootRight = root === truth.root;
  const quality: Partial<Record<QualityFlag, boolean>> = {};
  for (const flag of QUALITY_FLAGS) {
    const expected = truth.quality[flag];
    if (expected !== undefined) quality[flag] = predicted ? predicted.qualify_res[flag] === expected : false;
  }
  const predictedTitles = new Set((predicted?.ocr_res.titles ?? []).map(normaliseText));
  const labelledTitles = (truth.titles ?? []).map(normaliseText).filter((t) => t.length > 0);
  return {
    truthClass: className(truth.root, truth.sub),
    predictedClass: predicted ? className(predicted.class_res.root_cls, sub) : null,
    rootRight,
    subRight: truth.sub === null ? null : rootRight && sub === truth.sub,
    directRight: truth.direct === null ? null : predicted?.target_res.direct === truth.direct,
    quality,
    titlesFound: labelledTitles.filter((t) => predictedTitles.has(t)).length,
    titlesLabelled: labelledTitles.length,
  };
}

export function scoreClassify(truth: ClassifyTruth, result: ClassifyResult | null): ClassifyScore {
  const predicted = result?.classify_result ?? [];
  const pairs = pairDocuments(truth.documents, predicted);
  const documents = truth.documents.map((doc, i) => scoreDocument(doc, pairs[i] === null ? null : predicted[pairs[i]!]!));
  const seals = result?.seals ?? [];
  let sealsByIou: MatchCount | null = null;
  if (truth.seals) {
    sealsByIou = { tp: matchByIou(truth.seals, seals, SEAL_IOU).length, predicted: seals.length, reference: truth.seals.length };
  }
  let cer: CerCount | null = null;
  if (truth.lines) {
    const direct = truth.documents[0]?.direct ?? 'top';
    const reference = inReadingOrder(truth.lines, direct).join('');
    const lines = predicted.flatMap((d) => d.ocr_res.texts.map((text, i) => ({ text, quad: d.ocr_res.text_regions[i] ?? [0, 0, 0, 0, 0, 0, 0, 0] })));
    cer = cerCount(reference, inReadingOrder(lines, direct).join(''));
  }
  return {
    documentCountRight: result !== null && predicted.length === truth.documentCount,
    documents,
    sealsByIou,
    sealCountRight: truth.sealCount === null ? null : result !== null && seals.length === truth.sealCount,
    cer,
  };
}

export interface ExtractScore {
  /** The service read an invoice (no DETETION_FAILED, no error). */
  found: boolean;
  degreeRight: boolean | null;
  fields: Record<string, boolean>;
  lists: Partial<Record<ListField, MatchCount>>;
  checksum: Partial<Record<ChecksumField, boolean>>;
}

/** Amounts are compared at two decimals; text after normaliseText; personal values by hash. */
export function fieldMatches(truth: FieldTruth, extracted: unknown): boolean {
  if (isHashedValue(truth)) return typeof extracted === 'string' && extracted !== '' && matchesHashed(extracted, truth);
  if (typeof truth === 'number') return typeof extracted === 'number' && Math.abs(extracted - truth) < 0.005;
  return typeof extracted === 'string' && normaliseText(extracted) === normaliseText(truth);
}

/**
 * True when `name` is the visible part of the unreadable item `excluded`: an item is unreadable
 * because part of its line is out of the frame or under another sheet, and a reader that prints
 * what it sees gives a fragment of the name (地高辛片 cut at the left edge reads 辛片). The glyph at
 * the cut is half there and may be misread, so the fragment may carry one character more at
 * either end. Two characters at least: a lone character says nothing of which item it was.
 */
function isFragmentOf(name: string, excluded: string): boolean {
  const chars = [...name];
  const cores = [name, chars.slice(1).join(''), chars.slice(0, -1).join('')];
  return cores.some((core) => [...core].length >= 2 && excluded.includes(core));
}

function excludedFrom(list: ListField, excluded: readonly ExcludedItem[]): (name: string) => boolean {
  const prefixes = excluded.filter((e) => e.list === list).flatMap((e) => e.names);
  return (name) => {
    const n = normaliseText(name);
    return prefixes.some((p) => n.startsWith(p) || isFragmentOf(n, p));
  };
}

function extractedItems(result: MedicalResult, list: ListField): ExtractedItem[] {
  if (list === 'cost_detail_list') return result.cost_detail_list.map((d) => ({ name: d.ocr_name, cost: d.cost }));
  return result[list].map((i) => ({ name: i.name, cost: i.cost }));
}

export function scoreExtract(truth: ExtractTruth, outcome: { degree: number; medical_result: MedicalResult } | null): ExtractScore {
  const result = outcome?.medical_result ?? null;
  const fields: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(truth.fields)) {
    fields[key] = result !== null && fieldMatches(value, (result as unknown as Record<string, unknown>)[key]);
  }
  const lists: ExtractScore['lists'] = {};
  for (const list of LIST_FIELDS) {
    const reference = truth.lists[list];
    if (!reference) continue;
    const isExcluded = excludedFrom(list, truth.excluded);
    const kept = reference.filter((item) => !item.names.some(isExcluded));
    const extracted = result ? extractedItems(result, list).filter((item) => !isExcluded(item.name)) : [];
    lists[list] = kept.length === 0 && extracted.length === 0 ? emptyMatchCount() : matchItems(kept, extracted);
  }
  const checksum: ExtractScore['checksum'] = {};
  for (const key of CHECKSUM_FIELDS) {
    const expected = truth.checksum[key];
    if (expected !== undefined) checksum[key] = result !== null && result.checksum[key] === expected;
  }
  return {
    found: result !== null,
    degreeRight: truth.degree === null ? null : outcome !== null && outcome.degree === truth.degree,
    fields,
    lists,
    checksum,
  };
}
