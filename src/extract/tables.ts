/**
 * The one loader of extraction's data tables (data/*.json): header labels, provinces, payment
 * aliases and relations, cost categories, detail-table headers, refusal signatures. Everything that
 * differs by province or by printed wording is a row here, never a branch in code.
 */
import { readFileSync } from 'node:fs';
import { PROVINCES, type Province } from '../contract/extract.js';
import { dataFile } from '../util/paths.js';
import { compact } from './parse/normalize.js';

/** How a header field's value is recognised next to its label. */
export type FieldKind =
  | 'code_digits' | 'number_digits' | 'check_code' | 'date' | 'person' | 'person_or_code' | 'gender'
  | 'org' | 'count' | 'amount' | 'capital' | 'text' | 'serial';

const FIELD_KINDS: readonly FieldKind[] = [
  'code_digits', 'number_digits', 'check_code', 'date', 'person', 'person_or_code', 'gender', 'org',
  'count', 'amount', 'capital', 'text', 'serial',
];

/** Header fields with a label; total_cost is read twice (figures and capitals) and cross-checked. */
export type HeaderField =
  | 'note_title' | 'note_code' | 'note_no' | 'check_code' | 'billing_date' | 'patient_name' | 'patient_gender'
  | 'hospital_name' | 'charging_units' | 'start_hospital_date' | 'end_hospital_date' | 'hospital_days'
  | 'total_cost_figures' | 'total_cost_capital' | 'medical_insurance_type' | 'medical_organization_type'
  | 'service_serial_no' | 'social_security_card_no' | 'hospital_no' | 'payee' | 'reviewer'
  | 'hospital_departments' | 'work_unit' | 'payment_channel' | 'medical_insurance_no' | 'medical_card_no'
  | 'medical_record_no' | 'unified_social_credit_code' | 'treatment_date';

export interface FieldSpec {
  readonly kind: FieldKind;
  readonly labels: readonly string[];
  /**
   * The printed value's whole shape (a USCC is 18 characters, a note code 6-14 digits): tells the
   * fields apart when a label was cut to a tail several fields' labels end in (代码：, 码：).
   */
  readonly shape?: RegExp;
}

/** Checksum fields of api.md 2.C that only some provinces' outpatient paper invoices get. */
export type RestrictedCheck = 'note_no' | 'billing_date' | 'payments_class_b' | 'payments_class_c';
const RESTRICTED_CHECKS: readonly RestrictedCheck[] = ['note_no', 'billing_date', 'payments_class_b', 'payments_class_c'];

export interface ProvinceRow {
  readonly key: Province;
  readonly names: readonly string[];
  /** Main cities, without 市: where hospital names start (seal text read before a name is cut off there). */
  readonly cities: readonly string[];
  readonly adminCode: string;
  readonly restrictedChecks: readonly RestrictedCheck[];
  readonly labels: Readonly<Partial<Record<HeaderField, readonly string[]>>>;
  readonly noteNoPattern?: RegExp;
}

export interface PaymentAlias {
  /** Printed term, without spaces, NFKC-normalised. */
  readonly printed: string;
  /** One of api.md 2.C's allowed names. */
  readonly name: string;
  /** When set, the alias applies only on these provinces' invoices (and where the province is unknown). */
  readonly provinces?: readonly Province[];
}

export interface PaymentRelation {
  readonly id: string;
  readonly sum: readonly string[];
  readonly minus: readonly string[];
  /** An allowed payment name, or `$total` for the invoice total. */
  readonly equals: string;
  /** Fewest terms of the relation (both sides) that must be printed for it to be checked. */
  readonly minPresent: number;
}

export type DetailColumn =
  | 'item_coding' | 'name' | 'spec' | 'unit' | 'amount' | 'unit_price' | 'cost' | 'medical_level'
  | 'selfpay_ratio' | 'selfpay' | 'class';

export interface RefusalSignature {
  /** What the extractor says it found instead, e.g. "an ID card". */
  readonly found: string;
  readonly terms: readonly string[];
  /** How many distinct terms must occur. */
  readonly min: number;
}

export interface ExtractTables {
  readonly fields: ReadonlyMap<HeaderField, FieldSpec>;
  readonly provinces: ReadonlyMap<Province, ProvinceRow>;
  readonly allowedPayments: ReadonlySet<string>;
  readonly paymentAliases: readonly PaymentAlias[];
  readonly paymentRelations: readonly PaymentRelation[];
  /** Payment names that are parts of the invoice's total, so never larger than it. */
  readonly withinTotal: ReadonlySet<string>;
  readonly categories: readonly string[];
  readonly detailHeaders: ReadonlyMap<string, DetailColumn>;
  readonly medicalLevels: ReadonlyMap<string, string>;
  readonly invoiceWords: readonly string[];
  readonly medicalWords: readonly string[];
  readonly refusals: readonly RefusalSignature[];
  readonly titleWords: readonly string[];
  /** Slots of a medical invoice title after the place name (src/extract/title.ts). */
  readonly titleParts: readonly (readonly string[])[];
  /** Value words one character from a label (人民医院 ~ 人民币): no misread label inside them. */
  readonly notMisreads: readonly string[];
  /** Printed label character -> characters the recogniser reads in its place (费: 责货贵). */
  readonly labelLookalikes: ReadonlyMap<string, string>;
  readonly totalStopWords: readonly string[];
  /** Characters of seal texts (收费专用章): read over a detail row, they are no part of its name. */
  readonly sealChars: ReadonlySet<string>;
  /** Seal texts of three characters or more, longest first: read at a detail name's end, they are cut off (肌肉注射财务专用章). */
  readonly sealTails: readonly string[];
  /** Starts of detail names that lost their first character to OCR, with the start restored (次性 -> 一次性). */
  readonly nameStarts: ReadonlyMap<string, string>;
  /** Preparation words glued after a detail name where no spec column holds them (枸杞子饮片). */
  readonly specSuffixes: readonly string[];
  /** Bracketed words ending a service name that belong to it (换药(中)). */
  readonly nameQualifiers: ReadonlySet<string>;
  /** Seal characters no detail name starts with: one glued before a name is the seal's (财肾功能三项). */
  readonly sealLeadChars: ReadonlySet<string>;
}

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(dataFile(name), 'utf8')) as unknown;
}

function fail(file: string, what: string): never {
  throw new Error(`data/${file}: ${what}`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function strings(v: unknown, file: string, what: string): string[] {
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string')) fail(file, `${what} must be a list of strings`);
  return v as string[];
}

function loadFields(): Map<HeaderField, FieldSpec> {
  const file = 'field-labels.json';
  const raw = readJson(file);
  if (!isRecord(raw) || !isRecord(raw.fields)) fail(file, 'missing "fields"');
  const out = new Map<HeaderField, FieldSpec>();
  for (const [field, spec] of Object.entries(raw.fields)) {
    if (!isRecord(spec)) fail(file, `${field} must be an object`);
    const kind = spec.kind as FieldKind;
    if (!FIELD_KINDS.includes(kind)) fail(file, `${field}: unknown kind ${String(spec.kind)}`);
    const shape = typeof spec.shape === 'string' ? { shape: new RegExp(spec.shape) } : {};
    out.set(field as HeaderField, { kind, labels: strings(spec.labels, file, `${field}.labels`).map(compact), ...shape });
  }
  return out;
}

function loadProvinces(fields: ReadonlyMap<HeaderField, FieldSpec>): Map<Province, ProvinceRow> {
  const file = 'provinces.json';
  const raw = readJson(file);
  if (!isRecord(raw) || !isRecord(raw.provinces)) fail(file, 'missing "provinces"');
  const out = new Map<Province, ProvinceRow>();
  for (const key of PROVINCES) {
    const row = raw.provinces[key];
    if (!isRecord(row)) fail(file, `no row for ${key}`);
    const checks = strings(row.restrictedChecks, file, `${key}.restrictedChecks`);
    for (const c of checks) if (!RESTRICTED_CHECKS.includes(c as RestrictedCheck)) fail(file, `${key}: unknown check ${c}`);
    const labels: Partial<Record<HeaderField, readonly string[]>> = {};
    if (row.labels !== undefined) {
      if (!isRecord(row.labels)) fail(file, `${key}.labels must be an object`);
      for (const [field, list] of Object.entries(row.labels)) {
        if (!fields.has(field as HeaderField)) fail(file, `${key}.labels: unknown field ${field}`);
        labels[field as HeaderField] = strings(list, file, `${key}.labels.${field}`).map(compact);
      }
    }
    out.set(key, {
      key,
      names: strings(row.names, file, `${key}.names`),
      cities: row.cities === undefined ? [] : strings(row.cities, file, `${key}.cities`),
      adminCode: String(row.adminCode),
      restrictedChecks: checks as RestrictedCheck[],
      labels,
      ...(typeof row.noteNoPattern === 'string' ? { noteNoPattern: new RegExp(row.noteNoPattern) } : {}),
    });
  }
  return out;
}

function loadPayments(): Pick<ExtractTables, 'allowedPayments' | 'paymentAliases' | 'paymentRelations' | 'withinTotal'> {
  const file = 'payment-aliases.json';
  const raw = readJson(file);
  if (!isRecord(raw)) fail(file, 'not an object');
  const allowed = new Set(strings(raw.allowed, file, 'allowed'));
  if (!Array.isArray(raw.aliases)) fail(file, 'aliases must be a list');
  const aliases: PaymentAlias[] = raw.aliases.map((a: unknown, i: number) => {
    if (!isRecord(a) || typeof a.printed !== 'string' || typeof a.name !== 'string') fail(file, `aliases[${i}] malformed`);
    if (!allowed.has(a.name)) fail(file, `aliases[${i}]: ${a.name} is not an allowed name`);
    const provinces = a.provinces === undefined ? undefined : strings(a.provinces, file, `aliases[${i}].provinces`);
    for (const p of provinces ?? []) if (!PROVINCES.includes(p as Province)) fail(file, `aliases[${i}]: unknown province ${p}`);
    return { printed: compact(a.printed), name: a.name, ...(provinces ? { provinces: provinces as Province[] } : {}) };
  });
  if (!Array.isArray(raw.relations)) fail(file, 'relations must be a list');
  const relations: PaymentRelation[] = raw.relations.map((r: unknown, i: number) => {
    if (!isRecord(r) || typeof r.id !== 'string' || typeof r.equals !== 'string') fail(file, `relations[${i}] malformed`);
    const sum = strings(r.sum, file, `relations[${i}].sum`);
    const minus = strings(r.minus ?? [], file, `relations[${i}].minus`);
    for (const n of [...sum, ...minus, ...(r.equals.startsWith('$') ? [] : [r.equals])]) {
      if (!allowed.has(n)) fail(file, `relations[${i}]: ${n} is not an allowed name`);
    }
    return { id: r.id, sum, minus, equals: r.equals, minPresent: typeof r.minPresent === 'number' ? r.minPresent : 2 };
  });
  const withinTotal = new Set(strings(raw.withinTotal ?? [], file, 'withinTotal'));
  for (const n of withinTotal) if (!allowed.has(n)) fail(file, `withinTotal: ${n} is not an allowed name`);
  return { allowedPayments: allowed, paymentAliases: aliases, paymentRelations: relations, withinTotal };
}

function loadLayoutWords(): Pick<
  ExtractTables,
  'categories' | 'detailHeaders' | 'medicalLevels' | 'invoiceWords' | 'medicalWords' | 'refusals' | 'titleWords' | 'totalStopWords'
  | 'titleParts' | 'notMisreads' | 'labelLookalikes' | 'sealChars' | 'sealTails' | 'nameStarts' | 'specSuffixes' | 'nameQualifiers' | 'sealLeadChars'
> {
  const catFile = 'cost-categories.json';
  const cats = readJson(catFile);
  if (!isRecord(cats)) fail(catFile, 'not an object');
  const file = 'invoice-layout.json';
  const raw = readJson(file);
  if (!isRecord(raw) || !isRecord(raw.detailHeaders) || !isRecord(raw.medicalLevels)) fail(file, 'malformed');
  const detailHeaders = new Map<string, DetailColumn>();
  for (const [column, words] of Object.entries(raw.detailHeaders)) {
    for (const w of strings(words, file, `detailHeaders.${column}`)) detailHeaders.set(compact(w), column as DetailColumn);
  }
  const medicalLevels = new Map<string, string>();
  for (const [level, words] of Object.entries(raw.medicalLevels)) {
    for (const w of strings(words, file, `medicalLevels.${level}`)) medicalLevels.set(compact(w), level);
  }
  if (!Array.isArray(raw.refusals)) fail(file, 'refusals must be a list');
  const refusals: RefusalSignature[] = raw.refusals.map((r: unknown, i: number) => {
    if (!isRecord(r) || typeof r.found !== 'string') fail(file, `refusals[${i}] malformed`);
    return { found: r.found, terms: strings(r.terms, file, `refusals[${i}].terms`).map(compact), min: Number(r.min ?? 1) };
  });
  return {
    categories: strings(cats.categories, catFile, 'categories').map(compact),
    detailHeaders,
    medicalLevels,
    invoiceWords: strings(raw.invoiceWords, file, 'invoiceWords').map(compact),
    medicalWords: strings(raw.medicalWords, file, 'medicalWords').map(compact),
    refusals,
    titleWords: strings(raw.titleWords, file, 'titleWords').map(compact),
    titleParts: (Array.isArray(raw.titleParts) ? raw.titleParts : []).map((slot: unknown, i: number) => strings(slot, file, `titleParts[${i}]`)),
    notMisreads: strings(raw.notMisreads ?? [], file, 'notMisreads').map(compact),
    labelLookalikes: lookalikeTable(raw.labelLookalikes ?? {}, file),
    totalStopWords: strings(raw.totalStopWords, file, 'totalStopWords').map(compact),
    sealChars: new Set(strings(raw.sealWords ?? [], file, 'sealWords').flatMap((w) => [...compact(w)])),
    sealTails: strings(raw.sealWords ?? [], file, 'sealWords').map(compact).filter((w) => [...w].length >= 3).sort((a, b) => b.length - a.length),
    nameStarts: new Map(strings(raw.lostNameStarts ?? [], file, 'lostNameStarts').map((w) => [compact(w).slice(1), compact(w)] as const)),
    specSuffixes: strings(raw.specSuffixes ?? [], file, 'specSuffixes').map(compact),
    nameQualifiers: new Set(strings(raw.nameQualifiers ?? [], file, 'nameQualifiers').map(compact)),
    sealLeadChars: new Set(strings(raw.sealLeadChars ?? [], file, 'sealLeadChars').map(compact)),
  };
}

function lookalikeTable(v: unknown, file: string): Map<string, string> {
  if (!isRecord(v)) fail(file, 'labelLookalikes must be an object');
  const out = new Map<string, string>();
  for (const [printed, read] of Object.entries(v)) {
    if ([...printed].length !== 1 || typeof read !== 'string' || read.length === 0) fail(file, `labelLookalikes.${printed} must map one character to its look-alikes`);
    out.set(printed, read);
  }
  return out;
}

let cached: ExtractTables | undefined;

/** Loads and checks every table once; a malformed file throws naming the file and the row. */
export function extractTables(): ExtractTables {
  if (!cached) {
    const fields = loadFields();
    cached = { fields, provinces: loadProvinces(fields), ...loadPayments(), ...loadLayoutWords() };
  }
  return cached;
}

/** Labels of a field for an invoice of this province (common ones plus the province's own). */
export function fieldLabels(tables: ExtractTables, field: HeaderField, province: Province | undefined): readonly string[] {
  const common = tables.fields.get(field)?.labels ?? [];
  const extra = province ? tables.provinces.get(province)?.labels[field] ?? [] : [];
  return [...extra, ...common];
}
