/**
 * What the evaluation knows to be right about one image, in one shape for both label formats
 * (the generator's per-image NAME.json and the hand-written labels.json of real images). Scoring
 * only ever reads this shape, so a field a label does not state is simply absent and never counts.
 */
import type { Direct } from '../contract/classify.js';
import type { CheckValue } from '../contract/common.js';
import type { ExtractChecksum, ExtractVariant } from '../contract/extract.js';
import type { HashedValue } from './personal.js';
import type { ReferenceItem } from './items.js';

export const QUALITY_FLAGS = ['iscard', 'isclear', 'iscomplete', 'isdocument', 'isoriginal'] as const;
export type QualityFlag = (typeof QUALITY_FLAGS)[number];

export interface TruthDocument {
  root: string;
  sub: string | null;
  direct: Direct | null;
  quality: Partial<Record<QualityFlag, boolean>>;
  /** Axis box [x0,y0,x1,y1] when labelled; used to pair documents of multi-document images. */
  box: number[] | null;
  titles: string[] | null;
}

export interface TruthLine {
  text: string;
  quad: number[];
}

export interface ClassifyTruth {
  documentCount: number;
  documents: TruthDocument[];
  /** Seal quads when labelled (synthetic); null when only a count is known (real). */
  seals: number[][] | null;
  sealCount: number | null;
  /** Every text line with its quad (synthetic); null when not labelled. */
  lines: TruthLine[] | null;
}

export const LIST_FIELDS = ['cost_categories', 'cost_detail_list', 'payments_info'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

export const CHECKSUM_FIELDS = ['total_cost', 'cost_detail_list', 'cost_categories', 'note_no', 'billing_date', 'payments_class_b', 'payments_class_c'] as const satisfies readonly (keyof ExtractChecksum)[];
export type ChecksumField = (typeof CHECKSUM_FIELDS)[number];

/** A value the extraction must reproduce: text, a number, or the hash of a personal value. */
export type FieldTruth = string | number | HashedValue;

/** An item a labeller could not read: excluded from both sides before matching. */
export interface ExcludedItem {
  list: ListField;
  /** Normalised name prefix of the excluded item, and the alias-table names it would become. */
  names: string[];
}

export interface ExtractTruth {
  /** The C path variant to call. */
  variant: ExtractVariant;
  degree: number | null;
  fields: Record<string, FieldTruth>;
  lists: Partial<Record<ListField, ReferenceItem[]>>;
  excluded: ExcludedItem[];
  checksum: Partial<Record<ChecksumField, CheckValue>>;
}

export interface EvalCase {
  /** Path relative to the set folder; a file name, never a person's data. */
  name: string;
  imagePath: string;
  /** The label's synthetic/real origin decides which figures are comparable across sets. */
  source: 'synthetic' | 'real';
  classify: ClassifyTruth | null;
  extract: ExtractTruth | null;
}
