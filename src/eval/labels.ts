/**
 * Reads a labelled folder into EvalCases. Two formats (docs/eval.md):
 *  - a `labels.json` at the top, keyed by image path relative to the folder (../shared/real/);
 *  - otherwise one `NAME.json` beside each `NAME.jpg|jpeg|png` (the generator's format).
 * Labels are external input: every value is checked for its type, and a malformed label names its
 * file and key instead of producing a silently wrong score.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Direct } from '../contract/classify.js';
import type { CheckValue } from '../contract/common.js';
import { EXTRACT_VARIANTS, type ExtractVariant } from '../contract/extract.js';
import type { ReferenceItem } from './items.js';
import { isHashedValue } from './personal.js';
import { normaliseText } from './text.js';
import {
  CHECKSUM_FIELDS, QUALITY_FLAGS, type ChecksumField, type ClassifyTruth, type EvalCase, type ExcludedItem,
  type ExtractTruth, type FieldTruth, type ListField, type TruthDocument, type TruthLine,
} from './truth.js';

export class LabelError extends Error {}

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const DIRECTS: readonly string[] = ['top', 'down', 'left', 'right'];
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'];

function numbers(v: unknown, n: number | null, where: string): number[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'number') || (n !== null && v.length !== n)) {
    throw new LabelError(`${where}: expected ${n ?? 'a list of'} numbers`);
  }
  return v as number[];
}

function stringOrNull(v: unknown, where: string): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') throw new LabelError(`${where}: expected a string or null`);
  return v;
}

function checkValue(v: unknown): CheckValue | null {
  return v === -1 || v === 0 || v === 1 ? v : null;
}

/** Maps a printed payment term to the names the service may rightly output for it. */
export type PaymentNames = (printed: string) => string[];

export const identityNames: PaymentNames = (printed) => [printed];

export interface LoadOptions {
  /** Accepted names of a real label's printed payment term (the alias table); identity by default. */
  paymentNames?: PaymentNames;
}

// ---------------------------------------------------------------- generator labels (NAME.json)

function synthDocument(doc: unknown, where: string): TruthDocument {
  if (!isRecord(doc) || !isRecord(doc.target_res) || !isRecord(doc.class_res) || !isRecord(doc.qualify_res)) {
    throw new LabelError(`${where}: a classify_result entry needs target_res, qualify_res and class_res`);
  }
  const root = doc.class_res.root_cls;
  if (typeof root !== 'string') throw new LabelError(`${where}: root_cls must be a string`);
  const direct = doc.target_res.direct;
  const quality: TruthDocument['quality'] = {};
  for (const flag of QUALITY_FLAGS) {
    const value = doc.qualify_res[flag];
    if (typeof value === 'boolean') quality[flag] = value;
  }
  const titles = isRecord(doc.ocr_res) && Array.isArray(doc.ocr_res.titles) ? doc.ocr_res.titles.filter((t): t is string => typeof t === 'string') : null;
  return {
    root,
    sub: stringOrNull(doc.class_res.sub_cls, `${where}.sub_cls`),
    direct: typeof direct === 'string' && DIRECTS.includes(direct) ? (direct as Direct) : null,
    quality,
    box: numbers(doc.target_res.bbox_region, 4, `${where}.bbox_region`),
    titles,
  };
}

function synthClassify(classify: unknown, lines: unknown, where: string): ClassifyTruth | null {
  if (classify === null || classify === undefined) return null;
  if (!isRecord(classify) || !isRecord(classify.result) || !Array.isArray(classify.result.classify_result)) {
    throw new LabelError(`${where}: classify must be a classify response body`);
  }
  const documents = classify.result.classify_result.map((d, i) => synthDocument(d, `${where}.classify_result[${i}]`));
  const sealsRaw = classify.result.seals;
  const seals = Array.isArray(sealsRaw) ? sealsRaw.map((s, i) => numbers(s, 8, `${where}.seals[${i}]`)) : null;
  let truthLines: TruthLine[] | null = null;
  if (Array.isArray(lines)) {
    truthLines = lines.map((l, i) => {
      if (!isRecord(l) || typeof l.text !== 'string') throw new LabelError(`${where}.lines[${i}]: needs text and quad`);
      return { text: l.text, quad: numbers(l.quad, 8, `${where}.lines[${i}].quad`) };
    });
  }
  return { documentCount: documents.length, documents, seals, sealCount: seals ? seals.length : null, lines: truthLines };
}

function variantOf(v: unknown): ExtractVariant {
  return typeof v === 'string' && (EXTRACT_VARIANTS as readonly string[]).includes(v) ? (v as ExtractVariant) : 'general';
}

function items(list: unknown, nameKey: 'name' | 'ocr_name', where: string, names: PaymentNames = identityNames): ReferenceItem[] {
  if (!Array.isArray(list)) throw new LabelError(`${where}: expected a list`);
  return list.map((item, i) => {
    if (!isRecord(item) || typeof item[nameKey] !== 'string' || typeof item.cost !== 'number') {
      throw new LabelError(`${where}[${i}]: needs ${nameKey} (string) and cost (number)`);
    }
    return { names: names(item[nameKey] as string), cost: item.cost };
  });
}

/** The label's `unreadable` list (older generator labels have none). */
function unreadableList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((u): u is string => typeof u === 'string') : [];
}

function synthExtract(extract: unknown, variant: unknown, unreadableLabel: unknown, where: string): ExtractTruth | null {
  if (extract === null || extract === undefined) return null;
  if (!isRecord(extract) || !isRecord(extract.medical_result)) throw new LabelError(`${where}: extract must be an extract response body`);
  const result = extract.medical_result;
  // Parts printed only out of the frame or under another document (docs/corpus.md): no reader can score on them.
  const unreadable = unreadableList(unreadableLabel);
  const fields: Record<string, FieldTruth> = {};
  for (const [key, value] of Object.entries(result)) {
    if (unreadable.includes(key)) continue;
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  const checksum: ExtractTruth['checksum'] = {};
  if (isRecord(result.checksum)) {
    for (const key of CHECKSUM_FIELDS) {
      const value = checkValue(result.checksum[key]);
      if (value !== null) checksum[key] = value;
    }
  }
  return {
    variant: variantOf(variant),
    degree: typeof extract.degree === 'number' ? extract.degree : null,
    fields,
    lists: {
      cost_categories: items(result.cost_categories ?? [], 'name', `${where}.cost_categories`),
      // Details are matched on ocr_name, the name the contract recommends using (api.md 2.C).
      cost_detail_list: items(result.cost_detail_list ?? [], 'ocr_name', `${where}.cost_detail_list`),
      payments_info: items(result.payments_info ?? [], 'name', `${where}.payments_info`),
    },
    excluded: unreadable.map((u) => parseUnreadableItem(u, identityNames)).filter((e): e is ExcludedItem => e !== null),
    checksum,
  };
}

function loadGeneratorSet(dir: string): EvalCase[] {
  const files = readdirSync(dir).sort();
  const cases: EvalCase[] = [];
  for (const file of files) {
    const dot = file.lastIndexOf('.');
    const ext = file.slice(dot).toLowerCase();
    if (!IMAGE_EXTENSIONS.includes(ext)) continue;
    const stem = file.slice(0, dot);
    const labelPath = join(dir, `${stem}.json`);
    if (!existsSync(labelPath)) continue;
    let label: unknown;
    try {
      label = JSON.parse(readFileSync(labelPath, 'utf8'));
    } catch (err) {
      throw new LabelError(`${stem}.json: not JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    if (!isRecord(label)) throw new LabelError(`${stem}.json: not an object`);
    cases.push({
      name: file,
      imagePath: join(dir, file),
      source: 'synthetic',
      classify: synthClassify(label.classify, label.lines, `${stem}.json`),
      extract: synthExtract(label.extract, label.variant, label.unreadable, `${stem}.json`),
    });
  }
  return cases;
}

// ---------------------------------------------------------------- real labels (labels.json)

/** Header fields of a real label's `invoice` that map one to one onto medical_result fields. */
const REAL_FIELDS = [
  'note_title', 'note_code', 'note_no', 'check_code', 'billing_date', 'patient_name', 'patient_gender', 'hospital_name',
  'total_cost', 'type', 'hospital_no', 'start_hospital_date', 'end_hospital_date', 'medical_insurance_type',
  'medical_organization_type', 'social_security_card_no', 'service_serial_no',
] as const;

function realClassify(label: Json, where: string): ClassifyTruth {
  const root = label.root_cls;
  if (typeof root !== 'string') throw new LabelError(`${where}: root_cls must be a string`);
  const quality: TruthDocument['quality'] = {};
  if (isRecord(label.quality)) {
    for (const flag of QUALITY_FLAGS) {
      const value = label.quality[flag];
      if (typeof value === 'boolean') quality[flag] = value;
    }
  }
  const direct = label.direct;
  const doc: TruthDocument = {
    root,
    sub: stringOrNull(label.sub_cls, `${where}.sub_cls`),
    direct: typeof direct === 'string' && DIRECTS.includes(direct) ? (direct as Direct) : null,
    quality,
    box: null,
    titles: Array.isArray(label.titles) ? label.titles.filter((t): t is string => typeof t === 'string') : null,
  };
  const count = typeof label.documents === 'number' ? label.documents : 1;
  return {
    documentCount: count,
    // The per-document facts of labels.json describe its one document; with several they are not paired.
    documents: count === 1 ? [doc] : [],
    seals: null,
    sealCount: typeof label.seal_count === 'number' ? label.seal_count : null,
    lines: null,
  };
}

/** `payments_info:核酸检测…(under seal)` -> list payments_info, name prefix 核酸检测. */
function parseUnreadableItem(entry: string, names: PaymentNames): ExcludedItem | null {
  const colon = entry.indexOf(':');
  if (colon < 0) return null;
  const list = entry.slice(0, colon);
  if (list !== 'cost_categories' && list !== 'cost_detail_list' && list !== 'payments_info') return null;
  const prefix = normaliseText(entry.slice(colon + 1).split(/[…(（]/u)[0] ?? '');
  if (!prefix) return null;
  return { list: list as ListField, names: [...new Set([prefix, ...(list === 'payments_info' ? names(prefix) : [])].map(normaliseText))] };
}

function realExtract(invoice: unknown, where: string, names: PaymentNames): ExtractTruth | null {
  if (!isRecord(invoice)) return null;
  const unreadable = unreadableList(invoice.unreadable);
  const fields: Record<string, FieldTruth> = {};
  for (const key of REAL_FIELDS) {
    const value = invoice[key];
    // Null: not printed or not readable by eye; unreadable: masked. Neither can be scored.
    if (value === null || value === undefined || unreadable.includes(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || isHashedValue(value)) fields[key] = value;
    else throw new LabelError(`${where}.invoice.${key}: unexpected value type`);
  }
  const excluded = unreadable.map((u) => parseUnreadableItem(u, names)).filter((e): e is ExcludedItem => e !== null);
  const lists: ExtractTruth['lists'] = {};
  for (const list of ['cost_categories', 'payments_info'] as const) {
    const raw = invoice[list];
    if (!Array.isArray(raw) || unreadable.includes(list)) continue;
    // An item whose amount could not be read (cost null) is known to exist but cannot be scored:
    // it is excluded from both sides, like the items named in `unreadable`.
    const readable = raw.filter((item) => {
      if (!isRecord(item) || item.cost !== null || typeof item.name !== 'string') return true;
      const prefix = normaliseText(item.name);
      excluded.push({ list, names: [...new Set([prefix, ...(list === 'payments_info' ? names(prefix) : [])].map(normaliseText))] });
      return false;
    });
    // Real labels keep payment names as printed; the service outputs the alias table's fixed term.
    lists[list] = items(readable, 'name', `${where}.invoice.${list}`, list === 'payments_info' ? names : identityNames);
  }
  const checksum: Partial<Record<ChecksumField, CheckValue>> = {};
  // sum_check states whether the printed categories add up to the printed total (docs/eval.md).
  const sumCheck = checkValue(invoice.sum_check);
  if (sumCheck !== null && lists.cost_categories && lists.cost_categories.length > 0) checksum.cost_categories = sumCheck;
  return { variant: variantOf(invoice.province), degree: null, fields, lists, excluded, checksum };
}

function loadRealSet(dir: string, options: LoadOptions): EvalCase[] {
  let labels: unknown;
  try {
    labels = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8'));
  } catch (err) {
    throw new LabelError(`labels.json: not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!isRecord(labels)) throw new LabelError('labels.json: not an object keyed by image path');
  const names = options.paymentNames ?? identityNames;
  return Object.keys(labels).sort().map((key) => {
    const label = labels[key];
    if (!isRecord(label)) throw new LabelError(`labels.json[${key}]: not an object`);
    const imagePath = join(dir, key);
    if (!existsSync(imagePath)) throw new LabelError(`labels.json[${key}]: no such image in ${dir}`);
    return {
      name: relative(dir, imagePath),
      imagePath,
      source: 'real' as const,
      classify: realClassify(label, `labels.json[${key}]`),
      extract: realExtract(label.invoice, `labels.json[${key}]`, names),
    };
  });
}

/** Every labelled image of `dir`, sorted by name. */
export function loadEvalSet(dir: string, options: LoadOptions = {}): EvalCase[] {
  if (!existsSync(dir)) throw new LabelError(`no such folder: ${dir}`);
  const cases = existsSync(join(dir, 'labels.json')) ? loadRealSet(dir, options) : loadGeneratorSet(dir);
  if (cases.length === 0) throw new LabelError(`${dir}: no labelled images (labels.json, or NAME.json beside NAME.jpg|png)`);
  return cases;
}
