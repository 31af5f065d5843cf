/**
 * Adds up per-image scores into the evaluation report (the JSON of `--json`) and prints it as
 * one table. Only class names and aggregate figures appear: never a value read from an image.
 */
import { addMatchCount, emptyMatchCount, prf, type MatchCount } from './items.js';
import type { ClassifyScore, DocumentScore, ExtractScore } from './score.js';
import { CHECKSUM_FIELDS, LIST_FIELDS, QUALITY_FLAGS, type ListField } from './truth.js';
import type { CerCount } from './text.js';

export interface Ratio {
  right: number;
  total: number;
  /** right / total; null when nothing was scored. */
  rate: number | null;
}

export interface Detection {
  tp: number;
  predicted: number;
  reference: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

export interface Latency {
  n: number;
  p50_ms: number | null;
  p95_ms: number | null;
}

export interface Confusion {
  truth: string;
  predicted: string;
  count: number;
}

/** One labelled document the service got wrong somewhere: what, and which figures it missed. */
export interface DocumentMiss {
  image: string;
  truth: string;
  predicted: string;
  /** The figures this document counts as wrong in: root_cls, sub_cls, direct, each quality flag. */
  wrong: string[];
}

/** An image whose seals did not all pair at IoU 0.5: how many labelled seals were missed, how many found ones are extra. */
export interface SealMiss {
  image: string;
  missed: number;
  extra: number;
}

export interface ClassifyReport {
  images: number;
  errors: number;
  root_cls: Ratio;
  sub_cls: Ratio;
  document_count: Ratio;
  direct: Ratio;
  quality: Record<string, Ratio>;
  titles: Ratio;
  confusions: Confusion[];
  /** Every document wrong in at least one figure, in set order (the JSON report's finding aid). */
  misses: DocumentMiss[];
  seals_iou50: Detection | null;
  /** Every image with a missed or extra seal, in set order (the JSON report's finding aid). */
  seal_misses: SealMiss[];
  seal_count: Ratio;
  cer: { edits: number; reference_chars: number; cer: number | null } | null;
  latency: Latency;
}

/**
 * One labelled invoice the service got wrong somewhere: the names of the fields, lists and checksum
 * items it missed, never their values (the report may be kept; values are patients' data).
 */
export interface InvoiceMiss {
  image: string;
  /** Header fields read wrong (`patient_name`), lists with items missed or extra
   * (`payments_info -2 +1`), checksum items that disagree (`checksum.total_cost`); `not found` when
   * the invoice was refused or failed. */
  wrong: string[];
  /** Present (true) when the invoice's label says its photo is not clear (isclear false). */
  unclear?: true;
}

/**
 * The key fields again, over the invoices whose label does not call the photo unclear. The
 * generator blurs some photos past reading on purpose (for the isclear flag); this separates what
 * the reader gets wrong on legible invoices from what nobody can read. The targets stay on `fields`.
 */
export interface ClearPhotoFields {
  /** Invoices scored here, and how many were left out as labelled unclear. */
  invoices: number;
  unclear: number;
  key_fields: Ratio;
  fields: Record<string, Ratio>;
}

export interface ExtractReport {
  images: number;
  errors: number;
  found: Ratio;
  degree: Ratio;
  fields: Record<string, Ratio>;
  key_fields: Ratio;
  clear_photos: ClearPhotoFields;
  lists: Record<string, Detection>;
  checksum: Ratio;
  checksum_fields: Record<string, Ratio>;
  latency: Latency;
  /** Every invoice wrong in at least one figure, in set order (the JSON report's finding aid). */
  misses: InvoiceMiss[];
}

export interface EvalReport {
  set: string;
  images: number;
  classify: ClassifyReport | null;
  extract: ExtractReport | null;
  /** Why an operation was asked for but not scored (e.g. not wired in this build). */
  skipped: Record<string, string>;
}

/** The header fields issue 6 sets targets for, shown first and summed as `key_fields`. */
export const KEY_FIELDS = ['note_no', 'note_code', 'check_code', 'billing_date', 'total_cost', 'patient_name', 'hospital_name', 'type', 'patient_gender'];

/** Nearest-rank percentile of a sample (p in (0, 100]); null for an empty sample. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

class Counter {
  right = 0;
  total = 0;
  add(ok: boolean | null | undefined): void {
    if (ok === null || ok === undefined) return;
    this.total++;
    if (ok) this.right++;
  }
  ratio(): Ratio {
    return { right: this.right, total: this.total, rate: this.total > 0 ? this.right / this.total : null };
  }
}

function detection(count: MatchCount): Detection {
  return { ...count, ...prf(count) };
}

function latency(samples: readonly number[]): Latency {
  const round = (v: number | null): number | null => (v === null ? null : Math.round(v));
  return { n: samples.length, p50_ms: round(percentile(samples, 50)), p95_ms: round(percentile(samples, 95)) };
}

function counters<K extends string>(keys: readonly K[]): Record<K, Counter> {
  return Object.fromEntries(keys.map((k) => [k, new Counter()])) as Record<K, Counter>;
}

/** The counters' comparisons taken together. */
function summed(counters: readonly Counter[]): Ratio {
  const all = new Counter();
  for (const c of counters) {
    all.right += c.right;
    all.total += c.total;
  }
  return all.ratio();
}

function ratios(map: Record<string, Counter>): Record<string, Ratio> {
  return Object.fromEntries(Object.entries(map).filter(([, c]) => c.total > 0).map(([k, c]) => [k, c.ratio()]));
}

function documentMisses(doc: DocumentScore): string[] {
  const wrong: string[] = [];
  if (!doc.rootRight) wrong.push('root_cls');
  if (doc.subRight === false) wrong.push('sub_cls');
  if (doc.directRight === false) wrong.push('direct');
  for (const flag of QUALITY_FLAGS) if (doc.quality[flag] === false) wrong.push(flag);
  return wrong;
}

export class ClassifyTally {
  private images = 0;
  private errors = 0;
  private readonly root = new Counter();
  private readonly sub = new Counter();
  private readonly count = new Counter();
  private readonly direct = new Counter();
  private readonly quality = counters(QUALITY_FLAGS);
  private readonly titles = new Counter();
  private readonly sealCount = new Counter();
  private readonly seals = emptyMatchCount();
  private sealsScored = false;
  private readonly cer: CerCount = { edits: 0, refLength: 0 };
  private cerScored = false;
  private readonly confusions = new Map<string, Confusion>();
  private readonly misses: DocumentMiss[] = [];
  private readonly sealMisses: SealMiss[] = [];
  private readonly latencies: number[] = [];

  add(score: ClassifyScore, ms: number | null, image = ''): void {
    this.images++;
    if (ms === null) this.errors++;
    else this.latencies.push(ms);
    this.count.add(score.documentCountRight);
    for (const doc of score.documents) {
      this.root.add(doc.rootRight);
      this.sub.add(doc.subRight);
      this.direct.add(doc.directRight);
      for (const flag of QUALITY_FLAGS) this.quality[flag].add(doc.quality[flag]);
      this.titles.right += doc.titlesFound;
      this.titles.total += doc.titlesLabelled;
      const predicted = doc.predictedClass ?? '(no document)';
      const wrong = documentMisses(doc);
      if (wrong.length > 0) this.misses.push({ image, truth: doc.truthClass, predicted, wrong });
      if (predicted !== doc.truthClass) {
        const key = `${doc.truthClass}\u0000${predicted}`;
        const entry = this.confusions.get(key) ?? { truth: doc.truthClass, predicted, count: 0 };
        entry.count++;
        this.confusions.set(key, entry);
      }
    }
    if (score.sealsByIou) {
      addMatchCount(this.seals, score.sealsByIou);
      this.sealsScored = true;
      const { tp, predicted, reference } = score.sealsByIou;
      if (tp < predicted || tp < reference) this.sealMisses.push({ image, missed: reference - tp, extra: predicted - tp });
    }
    this.sealCount.add(score.sealCountRight);
    if (score.cer) {
      this.cer.edits += score.cer.edits;
      this.cer.refLength += score.cer.refLength;
      this.cerScored = true;
    }
  }

  report(topConfusions = 8): ClassifyReport {
    const confusions = [...this.confusions.values()]
      .sort((a, b) => b.count - a.count || a.truth.localeCompare(b.truth) || a.predicted.localeCompare(b.predicted))
      .slice(0, topConfusions);
    return {
      images: this.images,
      errors: this.errors,
      root_cls: this.root.ratio(),
      sub_cls: this.sub.ratio(),
      document_count: this.count.ratio(),
      direct: this.direct.ratio(),
      quality: ratios(this.quality),
      titles: this.titles.ratio(),
      confusions,
      misses: this.misses,
      seals_iou50: this.sealsScored ? detection(this.seals) : null,
      seal_misses: this.sealMisses,
      seal_count: this.sealCount.ratio(),
      cer: this.cerScored ? { edits: this.cer.edits, reference_chars: this.cer.refLength, cer: this.cer.refLength > 0 ? this.cer.edits / this.cer.refLength : null } : null,
      latency: latency(this.latencies),
    };
  }
}

/** What one scored invoice got wrong, by name only (InvoiceMiss.wrong). */
function invoiceMisses(score: ExtractScore): string[] {
  if (!score.found) return ['not found'];
  const wrong = Object.entries(score.fields).filter(([, ok]) => !ok).map(([field]) => field);
  for (const list of LIST_FIELDS) {
    const count = score.lists[list];
    if (!count) continue;
    const missed = count.reference - count.tp;
    const extra = count.predicted - count.tp;
    if (missed > 0 || extra > 0) wrong.push(`${list}${missed > 0 ? ` -${missed}` : ''}${extra > 0 ? ` +${extra}` : ''}`);
  }
  for (const key of CHECKSUM_FIELDS) if (score.checksum[key] === false) wrong.push(`checksum.${key}`);
  return wrong;
}

export class ExtractTally {
  private images = 0;
  private errors = 0;
  private readonly found = new Counter();
  private readonly degree = new Counter();
  private readonly fields = new Map<string, Counter>();
  private readonly keyFields = new Counter();
  private readonly clearFields = counters(KEY_FIELDS);
  private unclearInvoices = 0;
  private readonly lists = new Map<ListField, MatchCount>();
  private readonly checksum = new Counter();
  private readonly checksumFields = counters(CHECKSUM_FIELDS);
  private readonly latencies: number[] = [];
  private readonly misses: InvoiceMiss[] = [];

  /**
   * `ms` null: the operation failed with an error (not a DETETION_FAILED answer). `unclear`: the
   * label says the photo is not clear; it still counts in every figure, and is left out of
   * `clear_photos` only.
   */
  add(score: ExtractScore, ms: number | null, image = '', unclear = false): void {
    this.images++;
    if (unclear) this.unclearInvoices++;
    if (ms === null) this.errors++;
    else this.latencies.push(ms);
    this.found.add(score.found);
    this.degree.add(score.degreeRight);
    for (const [field, ok] of Object.entries(score.fields)) {
      const counter = this.fields.get(field) ?? new Counter();
      counter.add(ok);
      this.fields.set(field, counter);
      if (!KEY_FIELDS.includes(field)) continue;
      this.keyFields.add(ok);
      if (!unclear) this.clearFields[field]?.add(ok);
    }
    for (const list of LIST_FIELDS) {
      const count = score.lists[list];
      if (!count) continue;
      const total = this.lists.get(list) ?? emptyMatchCount();
      addMatchCount(total, count);
      this.lists.set(list, total);
    }
    for (const key of CHECKSUM_FIELDS) {
      const ok = score.checksum[key];
      this.checksum.add(ok);
      this.checksumFields[key].add(ok);
    }
    const wrong = invoiceMisses(score);
    if (wrong.length > 0) this.misses.push(unclear ? { image, wrong, unclear } : { image, wrong });
  }

  report(): ExtractReport {
    const order = [...KEY_FIELDS, ...[...this.fields.keys()].filter((f) => !KEY_FIELDS.includes(f))];
    const fields: Record<string, Ratio> = {};
    for (const f of order) {
      const counter = this.fields.get(f);
      if (counter && counter.total > 0) fields[f] = counter.ratio();
    }
    const lists: Record<string, Detection> = {};
    for (const list of LIST_FIELDS) {
      const count = this.lists.get(list);
      if (count) lists[list] = detection(count);
    }
    return {
      images: this.images,
      errors: this.errors,
      found: this.found.ratio(),
      degree: this.degree.ratio(),
      fields,
      key_fields: this.keyFields.ratio(),
      clear_photos: {
        invoices: this.images - this.unclearInvoices,
        unclear: this.unclearInvoices,
        key_fields: summed(Object.values(this.clearFields)),
        fields: ratios(this.clearFields),
      },
      lists,
      checksum: this.checksum.ratio(),
      checksum_fields: ratios(this.checksumFields),
      latency: latency(this.latencies),
      misses: this.misses,
    };
  }
}

// ---------------------------------------------------------------- the printed table

function pct(rate: number | null): string {
  return rate === null ? 'n/a' : `${(rate * 100).toFixed(1)} %`;
}

function num(v: number | null, digits = 3): string {
  return v === null ? 'n/a' : v.toFixed(digits);
}

function ratioRow(name: string, r: Ratio): [string, string, string] {
  return [name, pct(r.rate), `${r.right}/${r.total}`];
}

function detectionRow(name: string, d: Detection): [string, string, string] {
  return [name, `P ${num(d.precision)}  R ${num(d.recall)}  F1 ${num(d.f1)}`, `tp ${d.tp} / pred ${d.predicted} / ref ${d.reference}`];
}

/** Visible width of a cell: CJK characters take two columns in a terminal. */
function width(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1;
  return w;
}

function pad(text: string, to: number): string {
  return text + ' '.repeat(Math.max(0, to - width(text)));
}

export function formatReport(report: EvalReport): string {
  const rows: ([string, string, string] | string)[] = [];
  const c = report.classify;
  if (c) {
    rows.push(`A classify (${c.images} images, ${c.errors} errors)`);
    rows.push(ratioRow('root_cls accuracy', c.root_cls), ratioRow('sub_cls accuracy', c.sub_cls));
    rows.push(ratioRow('document count', c.document_count), ratioRow('direct', c.direct));
    for (const [flag, r] of Object.entries(c.quality)) rows.push(ratioRow(flag, r));
    if (c.titles.total > 0) rows.push(ratioRow('labelled titles found', c.titles));
    if (c.seals_iou50) rows.push(detectionRow('seals @ IoU 0.5', c.seals_iou50));
    if (c.seal_count.total > 0) rows.push(ratioRow('seal count exact', c.seal_count));
    if (c.cer) rows.push(['text CER', pct(c.cer.cer), `${c.cer.edits} edits / ${c.cer.reference_chars} chars`]);
    rows.push(['latency p50 / p95', `${c.latency.p50_ms ?? 'n/a'} / ${c.latency.p95_ms ?? 'n/a'} ms`, `n ${c.latency.n}`]);
    for (const conf of c.confusions) rows.push([`  confusion`, `${conf.truth} -> ${conf.predicted}`, `x${conf.count}`]);
  }
  const e = report.extract;
  if (e) {
    rows.push(`C extract (${e.images} invoices, ${e.errors} errors)`);
    rows.push(ratioRow('invoice found', e.found));
    if (e.degree.total > 0) rows.push(ratioRow('degree', e.degree));
    rows.push(ratioRow('key fields (all)', e.key_fields));
    for (const [field, r] of Object.entries(e.fields)) rows.push(ratioRow(`  ${field}`, r));
    if (e.clear_photos.unclear > 0) {
      rows.push(ratioRow('key fields (clear photos)', e.clear_photos.key_fields));
      rows.push(['  invoices labelled unclear', 'left out', `${e.clear_photos.unclear}/${e.images}`]);
      for (const [field, r] of Object.entries(e.clear_photos.fields)) rows.push(ratioRow(`  ${field} (clear)`, r));
    }
    for (const [list, d] of Object.entries(e.lists)) rows.push(detectionRow(list, d));
    rows.push(ratioRow('checksum agreement', e.checksum));
    for (const [field, r] of Object.entries(e.checksum_fields)) rows.push(ratioRow(`  checksum.${field}`, r));
    rows.push(['latency p50 / p95', `${e.latency.p50_ms ?? 'n/a'} / ${e.latency.p95_ms ?? 'n/a'} ms`, `n ${e.latency.n}`]);
  }
  for (const [op, why] of Object.entries(report.skipped)) rows.push(`${op}: not scored (${why})`);
  const cells = rows.filter((r): r is [string, string, string] => Array.isArray(r));
  const w0 = Math.max(6, ...cells.map((r) => width(r[0])));
  const w1 = Math.max(5, ...cells.map((r) => width(r[1])));
  const rule = '-'.repeat(w0 + w1 + 24);
  const out = [`meddoc eval: ${report.set} (${report.images} images)`, rule, `${pad('metric', w0)}  ${pad('value', w1)}  n`];
  for (const row of rows) {
    if (typeof row === 'string') out.push(rule, row);
    else out.push(`${pad(row[0], w0)}  ${pad(row[1], w1)}  ${row[2]}`);
  }
  out.push(rule);
  return `${out.join('\n')}\n`;
}
