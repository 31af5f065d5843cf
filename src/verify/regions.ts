/**
 * The region table of verification: administrative code (the first two digits of note_code) ->
 * province and rules. The rules are rows of data/regions.json so that a new province rule is a
 * data change, not a code branch.
 */
import { readFileSync } from 'node:fs';
import { dataFile } from '../util/paths.js';

export interface RegionRules {
  /** The platform checks the patient's name: missing or different -> 318 (Henan). */
  requires_patient_name: boolean;
  /** Answers carry `reim_agency_list` (Hebei only, api.md 2.B). */
  reim_agency_list: boolean;
}

export interface Region {
  code: string;
  province: string;
  slug: string;
  rules: RegionRules;
}

export type RegionTable = ReadonlyMap<string, Region>;

const RULE_NAMES: readonly (keyof RegionRules)[] = ['requires_patient_name', 'reim_agency_list'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses the JSON text of a region table; throws with the offending key on a malformed row. */
export function parseRegions(text: string, source = 'regions.json'): RegionTable {
  const root: unknown = JSON.parse(text);
  if (!isRecord(root) || !isRecord(root.regions)) throw new Error(`${source}: expected an object with "regions"`);
  const table = new Map<string, Region>();
  for (const [code, row] of Object.entries(root.regions)) {
    if (!/^\d{2}$/.test(code)) throw new Error(`${source}: region key '${code}' is not a two-digit code`);
    if (!isRecord(row) || typeof row.province !== 'string' || typeof row.slug !== 'string') {
      throw new Error(`${source}: region ${code} needs string "province" and "slug"`);
    }
    const rawRules = row.rules === undefined ? {} : row.rules;
    if (!isRecord(rawRules)) throw new Error(`${source}: region ${code} "rules" must be an object`);
    for (const key of Object.keys(rawRules)) {
      if (!RULE_NAMES.includes(key as keyof RegionRules)) throw new Error(`${source}: region ${code} has unknown rule '${key}'`);
    }
    const rules: RegionRules = { requires_patient_name: false, reim_agency_list: false };
    for (const name of RULE_NAMES) {
      const value = rawRules[name];
      if (value === undefined) continue;
      if (typeof value !== 'boolean') throw new Error(`${source}: region ${code} rule '${name}' must be true or false`);
      rules[name] = value;
    }
    table.set(code, { code, province: row.province, slug: row.slug, rules });
  }
  return table;
}

let cached: RegionTable | undefined;

/** The region table of the project (data/regions.json), read once. */
export function loadRegions(path = dataFile('regions.json')): RegionTable {
  if (path !== dataFile('regions.json')) return parseRegions(readFileSync(path, 'utf8'), path);
  cached ??= parseRegions(readFileSync(path, 'utf8'), path);
  return cached;
}

/** The region code of an e-invoice: the first two digits of its note_code (decisions.md). */
export function regionCodeOf(noteCode: string): string {
  return noteCode.slice(0, 2);
}
