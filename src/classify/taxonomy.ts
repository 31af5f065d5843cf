/**
 * Loader of `data/taxonomy.json`: the categories of api.md 2.A with the wordings, cues and rules
 * the classifier uses. Everything class-specific lives in that file; this module only checks its
 * shape once at load time, so a typo in the data fails loudly at start-up instead of silently
 * never matching.
 */
import { readFileSync } from 'node:fs';
import { dataFile } from '../util/paths.js';

/** Named non-text and structural cues a root may claim (see `cues` in the data file). */
export type CueName = 'id18_valid' | 'mrz' | 'bank_card_number' | 'bank_card_unchecked' | 'card' | 'portrait' | 'emblem' | 'qr' | 'scene';
const CUE_NAMES: readonly CueName[] = ['id18_valid', 'mrz', 'bank_card_number', 'bank_card_unchecked', 'card', 'portrait', 'emblem', 'qr', 'scene'];

export interface FacetValue {
  /** Wordings looked for in the title zone. */
  readonly title: readonly string[];
  /** Wordings looked for in the body when the title zone says nothing. */
  readonly body: readonly string[];
  /**
   * Endings of an item's printed name that count as one more body wording (a drug's dosage form:
   * 阿昔洛韦片, 六味地黄丸): a run of Han characters ending in one, with at least two before it.
   * Whole words would not do: 片 alone is part of 照片 and 名片.
   */
  readonly itemEnds: readonly string[];
}

/** One independent property of a document (visit type, medium, kind…) read from its wording. */
export interface Facet {
  readonly values: Readonly<Record<string, FacetValue>>;
  readonly default: string;
  /** Whether falling back to `default` still supports a credible sub-class. */
  readonly defaultIsEvidence: boolean;
  /**
   * Other facets' values under which this facet is read from the title zone only: a cashier's
   * slip prints a patient number (门诊号 / 住院号) whatever it is, only its title names the visit.
   */
  readonly titleOnlyWhen: Readonly<Record<string, readonly string[]>>;
  /**
   * The value to guess when the facet is unread and no sub-class takes the default (a VAT invoice
   * printing no 门诊/住院 has no sub-class with an unknown visit); null when there is none.
   */
  readonly guess: string | null;
  /**
   * Body wordings count only when the root's title was not read as printed: a title read whole
   * that names no value (定额发票, 通用机打发票) says the document has none, whatever table it prints.
   */
  readonly bodyOnlyUntitled: boolean;
}

export interface SubClass {
  readonly name: string;
  readonly titles: readonly string[];
  readonly keywords: readonly string[];
  readonly exclude: readonly string[];
  /** Facet values that must all hold (roots with facets). */
  readonly when: Readonly<Record<string, string>>;
  /** The labels printed on this sub-class's form (the registration card's 姓名, 曾用名 …). */
  readonly formLabels: readonly string[];
  /** This sub-class is the named sibling's form left unfilled (户口簿空白页 of 户口簿信息页). */
  readonly blankOf: string | null;
}

export interface RootClass {
  readonly name: string;
  /** Title wordings as printed; the first is the canonical one. Sub-class titles are added. */
  readonly titles: readonly string[];
  readonly keywords: readonly string[];
  /** Body words printed on this root's documents and on no other root's (警号): each weighs `strong_keyword_weight`. */
  readonly strongKeywords: readonly string[];
  readonly exclude: readonly string[];
  readonly structure: readonly CueName[];
  readonly visual: readonly CueName[];
  /** Name of a word list (`medical_context`) of which at least one must occur, or null. */
  readonly requireAny: readonly string[] | null;
  readonly facets: Readonly<Record<string, Facet>>;
  readonly subs: readonly SubClass[];
  readonly defaultSub: string | null;
  /** A card or certificate (证件), which sets the document's iscard flag once it is placed. */
  readonly card: boolean;
  /** Documents of this root carry no printed title (an ID card's front, a bank card), so body and structure evidence alone may be credible. */
  readonly untitledCredible: boolean;
  /**
   * Wordings of which one must be present for an untitled reading to be credible (公民身份号码 on
   * an ID card front): a valid ID number alone is printed on many other cards and forms.
   */
  readonly untitledCredibleRequires: readonly string[];
  /** People one document of this root names, each with the taxonomy's `holderLabels` (a marriage certificate: 2). */
  readonly holders: number;
}

export interface Scoring {
  readonly titleLineWeight: number;
  readonly titleElsewhereWeight: number;
  readonly keywordWeight: number;
  readonly keywordCap: number;
  readonly strongKeywordWeight: number;
  readonly specificityPerChar: number;
  readonly fuzzyPenalty: number;
  readonly placeMin: number;
  readonly credibleMin: number;
  readonly credibleMargin: number;
  readonly subCredibleMargin: number;
  /**
   * Factor on the score of a root with no title wording of its own when another root's wording
   * stands on a title line: a document's printed title names it, body words and ID numbers
   * (which letters, forms and permits carry too) must not outvote it.
   */
  readonly untitledFactor: number;
  /**
   * A wording's character found only among the recogniser's alternatives at its place (a blurred
   * photo's second choice), as a share of one edit's penalty.
   */
  readonly alternativeCost: number;
  /** Least probability of an alternative character for the classifier to consider it. */
  readonly alternativeMinScore: number;
}

export interface Taxonomy {
  readonly fallback: string;
  /**
   * Wordings stamped or printed on a copy (复印件, 与原件核对无误): a document carrying one is not
   * an original, however good its colour.
   */
  readonly copyMarks: readonly string[];
  /**
   * What follows a title wording when it is a field's label, not a title: 保单 in 保单号, 护照 in
   * 护照号/Passport No., 身份证 in 身份证号. Such an occurrence is not title evidence.
   */
  readonly fieldLabelSuffixes: readonly string[];
  /**
   * Prefixes many titles share (中华人民共和国): a near-miss title is compared without them, so the
   * shared part does not make 中华人民共和国退籍证书 look like 中华人民共和国入籍证书.
   */
  readonly genericTitlePrefixes: readonly string[];
  /** Field labels a line starts with when it is a field (性别男), not a title, unless worded like a title. */
  readonly fieldLabels: readonly string[];
  /**
   * Labels a card prints once for each person it names (姓名, 性别): read more often than the
   * root names people, the text is two cards the localiser returned as one.
   */
  readonly holderLabels: readonly string[];
  readonly scoring: Scoring;
  readonly cueWeights: Readonly<Record<CueName, number>>;
  readonly roots: readonly RootClass[];
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function fail(where: string, what: string): never {
  throw new Error(`taxonomy: ${where}: ${what}`);
}

function obj(v: Json | undefined, where: string): { [k: string]: Json } {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) fail(where, 'expected an object');
  return v;
}

function strList(v: Json | undefined, where: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) fail(where, 'expected a list of strings');
  return v as string[];
}

function num(v: Json | undefined, where: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(where, 'expected a number');
  return v;
}

function cues(v: Json | undefined, where: string): CueName[] {
  const list = strList(v, where);
  for (const c of list) if (!(CUE_NAMES as readonly string[]).includes(c)) fail(where, `unknown cue ${c}`);
  return list as CueName[];
}

/** Parse and check a taxonomy document (exported for tests that feed a small one). */
export function parseTaxonomy(raw: Json): Taxonomy {
  const top = obj(raw, 'top');
  const fallback = top.fallback;
  if (typeof fallback !== 'string') fail('fallback', 'expected a string');
  const s = obj(top.scoring, 'scoring');
  const scoring: Scoring = {
    titleLineWeight: num(s.title_line_weight, 'scoring.title_line_weight'),
    titleElsewhereWeight: num(s.title_elsewhere_weight, 'scoring.title_elsewhere_weight'),
    keywordWeight: num(s.keyword_weight, 'scoring.keyword_weight'),
    keywordCap: num(s.keyword_cap, 'scoring.keyword_cap'),
    strongKeywordWeight: num(s.strong_keyword_weight, 'scoring.strong_keyword_weight'),
    specificityPerChar: num(s.specificity_per_char, 'scoring.specificity_per_char'),
    fuzzyPenalty: num(s.fuzzy_penalty, 'scoring.fuzzy_penalty'),
    placeMin: num(s.place_min, 'scoring.place_min'),
    credibleMin: num(s.credible_min, 'scoring.credible_min'),
    credibleMargin: num(s.credible_margin, 'scoring.credible_margin'),
    subCredibleMargin: num(s.sub_credible_margin, 'scoring.sub_credible_margin'),
    untitledFactor: num(s.untitled_factor, 'scoring.untitled_factor'),
    alternativeCost: num(s.alternative_cost, 'scoring.alternative_cost'),
    alternativeMinScore: num(s.alternative_min_score, 'scoring.alternative_min_score'),
  };
  const cw = obj(top.cues, 'cues');
  const cueWeights = {} as Record<CueName, number>;
  for (const c of CUE_NAMES) cueWeights[c] = num(cw[c], `cues.${c}`);
  const lists: Record<string, string[]> = { medical_context: strList(top.medical_context, 'medical_context') };

  if (!Array.isArray(top.roots)) fail('roots', 'expected a list');
  const seen = new Set<string>();
  const roots: RootClass[] = top.roots.map((r0, i) => {
    const r = obj(r0, `roots[${i}]`);
    const name = r.name;
    if (typeof name !== 'string' || name === '') fail(`roots[${i}].name`, 'expected a string');
    if (seen.has(name)) fail(name, 'duplicate root');
    seen.add(name);
    const facets: Record<string, Facet> = {};
    if (r.facets !== undefined) {
      for (const [fname, f0] of Object.entries(obj(r.facets, `${name}.facets`))) {
        const f = obj(f0, `${name}.facets.${fname}`);
        const values: Record<string, FacetValue> = {};
        for (const [vname, v0] of Object.entries(obj(f.values, `${name}.facets.${fname}.values`))) {
          const v = obj(v0, `${name}.facets.${fname}.${vname}`);
          const itemEnds = v.item_ends === undefined ? [] : strList(v.item_ends, `${name}.${fname}.${vname}.item_ends`);
          values[vname] = { title: strList(v.title, `${name}.${fname}.${vname}.title`), body: strList(v.body, `${name}.${fname}.${vname}.body`), itemEnds };
        }
        if (typeof f.default !== 'string') fail(`${name}.facets.${fname}.default`, 'expected a string');
        const titleOnlyWhen: Record<string, string[]> = {};
        if (f.title_only_when !== undefined) {
          for (const [other, vals] of Object.entries(obj(f.title_only_when, `${name}.facets.${fname}.title_only_when`))) {
            titleOnlyWhen[other] = strList(vals, `${name}.facets.${fname}.title_only_when.${other}`);
          }
        }
        if (f.guess !== undefined && (typeof f.guess !== 'string' || !(f.guess in values))) fail(`${name}.facets.${fname}.guess`, 'expected one of the facet values');
        const guess = typeof f.guess === 'string' ? f.guess : null;
        facets[fname] = { values, default: f.default, defaultIsEvidence: f.default_is_evidence === true, titleOnlyWhen, guess, bodyOnlyUntitled: f.body_only_untitled === true };
      }
    }
    const subs: SubClass[] = (r.subs === undefined ? [] : (r.subs as Json[])).map((s0, j) => {
      const sc = obj(s0, `${name}.subs[${j}]`);
      if (typeof sc.name !== 'string') fail(`${name}.subs[${j}].name`, 'expected a string');
      const when: Record<string, string> = {};
      if (sc.when !== undefined) {
        for (const [k, v] of Object.entries(obj(sc.when, `${name}.${sc.name}.when`))) {
          if (typeof v !== 'string') fail(`${name}.${sc.name}.when.${k}`, 'expected a string');
          const facet = facets[k];
          if (!facet) fail(`${name}.${sc.name}.when`, `unknown facet ${k}`);
          if (v !== facet.default && !(v in facet.values)) fail(`${name}.${sc.name}.when.${k}`, `unknown value ${v}`);
          when[k] = v;
        }
      }
      return {
        name: sc.name,
        titles: strList(sc.titles, `${name}.${sc.name}.titles`),
        keywords: strList(sc.keywords, `${name}.${sc.name}.keywords`),
        exclude: strList(sc.exclude, `${name}.${sc.name}.exclude`),
        when,
        formLabels: strList(sc.form_labels, `${name}.${sc.name}.form_labels`),
        blankOf: typeof sc.blank_of === 'string' ? sc.blank_of : null,
      };
    });
    const defaultSub = r.default_sub === undefined ? null : r.default_sub;
    if (defaultSub !== null && (typeof defaultSub !== 'string' || !subs.some((x) => x.name === defaultSub))) {
      fail(`${name}.default_sub`, 'must name one of the sub-classes');
    }
    if (subs.length > 0 && defaultSub === null) fail(name, 'a root with sub-classes needs default_sub');
    let requireAny: string[] | null = null;
    if (r.require_any !== undefined) {
      if (typeof r.require_any !== 'string' || !lists[r.require_any]) fail(`${name}.require_any`, 'unknown word list');
      requireAny = lists[r.require_any];
    }
    const ownTitles = strList(r.titles, `${name}.titles`);
    const subTitles = subs.flatMap((x) => x.titles);
    return {
      name,
      titles: [...ownTitles, ...subTitles.filter((t) => !ownTitles.includes(t))],
      keywords: strList(r.keywords, `${name}.keywords`),
      strongKeywords: strList(r.strong_keywords, `${name}.strong_keywords`),
      exclude: strList(r.exclude, `${name}.exclude`),
      structure: cues(r.structure, `${name}.structure`),
      visual: cues(r.visual, `${name}.visual`),
      requireAny,
      facets,
      subs,
      defaultSub: defaultSub as string | null,
      card: r.card === true,
      untitledCredible: r.untitled_credible === true,
      untitledCredibleRequires: strList(r.untitled_credible_requires, `${name}.untitled_credible_requires`),
      holders: r.holders === undefined ? 1 : num(r.holders, `${name}.holders`),
    };
  });
  if (!seen.has(fallback)) fail('fallback', `${fallback} is not a root`);
  for (const r of roots) {
    for (const sc of r.subs) if (sc.blankOf !== null && !r.subs.some((o) => o.name === sc.blankOf && o.formLabels.length > 0)) fail(`${r.name}.${sc.name}.blank_of`, 'must name a sibling with form_labels');
    for (const f of Object.values(r.facets)) {
      for (const other of Object.keys(f.titleOnlyWhen)) if (!r.facets[other]) fail(`${r.name}.title_only_when`, `unknown facet ${other}`);
    }
  }
  return {
    fallback,
    copyMarks: strList(top.copy_marks, 'copy_marks'),
    fieldLabelSuffixes: strList(top.field_label_suffixes, 'field_label_suffixes'),
    genericTitlePrefixes: strList(top.generic_title_prefixes, 'generic_title_prefixes'),
    fieldLabels: strList(top.field_labels, 'field_labels'),
    holderLabels: strList(top.holder_labels, 'holder_labels'),
    scoring,
    cueWeights,
    roots,
  };
}

let cached: Taxonomy | null = null;

/** The project's taxonomy, read once. */
export function loadTaxonomy(path: string = dataFile('taxonomy.json')): Taxonomy {
  if (cached && path === dataFile('taxonomy.json')) return cached;
  const t = parseTaxonomy(JSON.parse(readFileSync(path, 'utf8')) as Json);
  if (path === dataFile('taxonomy.json')) cached = t;
  return t;
}
