/**
 * Configuration of verification: which source serves which region, the connectors' endpoints and
 * credentials, the daily limit. Regions are data: the sources file maps administrative codes to a
 * source; nothing in code names a province.
 *
 * Settings (environment):
 *   MEDDOC_VERIFY_DAILY_LIMIT    attempts per invoice and Asia/Shanghai day (default 5)
 *   MEDDOC_VERIFY_DEADLINE_MS    time budget of one verification when the caller gives none (default 10000)
 *   MEDDOC_VERIFY_SOURCES        path of a JSON sources file (format in docs/ledger.md); without it the
 *                                ledger serves every region of data/regions.json
 */
import { readFileSync } from 'node:fs';

export interface BreakerConfig {
  /** Consecutive failed look-ups that open the circuit. */
  failures: number;
  /** How long an open circuit answers at once, before one trial call is let through. */
  cooldown_ms: number;
}

export interface RemoteSourceConfig {
  source: 'remote';
  base_url: string;
  api_id: string;
  api_secret: string;
  /** Bound on one HTTP attempt; the caller's deadline bounds the whole look-up. */
  timeout_ms: number;
  /** Extra attempts after a transient failure (unreachable, 5xx, attempt timeout). */
  retries: number;
  backoff_ms: number;
  breaker: BreakerConfig;
}

export type RegionSourceConfig = { source: 'ledger' } | { source: 'disabled' } | RemoteSourceConfig;

export interface VerifyConfig {
  dailyLimit: number;
  defaultDeadlineMs: number;
  /** Source of a region the sources file does not name. */
  defaultSource: 'ledger' | 'disabled';
  regions: Readonly<Record<string, RegionSourceConfig>>;
}

export const DEFAULT_VERIFY_CONFIG: VerifyConfig = {
  dailyLimit: 5,
  defaultDeadlineMs: 10_000,
  defaultSource: 'ledger',
  regions: {},
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function positiveInt(value: unknown, what: string, fallback: number, allowZero = false): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < (allowZero ? 0 : 1)) {
    throw new Error(`${what} must be a ${allowZero ? 'non-negative' : 'positive'} integer`);
  }
  return n;
}

function optionalString(row: Record<string, unknown>, key: string, where: string): string | undefined {
  const value = row[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Error(`${where}: "${key}" must be a string`);
  return value;
}

function parseRemote(row: Record<string, unknown>, where: string, env: NodeJS.ProcessEnv): RemoteSourceConfig {
  const baseUrl = optionalString(row, 'base_url', where);
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) throw new Error(`${where}: "base_url" must be an http(s) URL`);
  // Secrets may be given directly or, better, by the name of an environment variable that holds them.
  const secretEnv = optionalString(row, 'api_secret_env', where);
  const secret = secretEnv !== undefined ? env[secretEnv] : optionalString(row, 'api_secret', where);
  if (secretEnv !== undefined && secret === undefined) throw new Error(`${where}: environment variable ${secretEnv} is not set`);
  const breaker = row.breaker === undefined ? {} : row.breaker;
  if (!isRecord(breaker)) throw new Error(`${where}: "breaker" must be an object`);
  return {
    source: 'remote',
    base_url: baseUrl.replace(/\/+$/, ''),
    api_id: optionalString(row, 'api_id', where) ?? '',
    api_secret: secret ?? '',
    timeout_ms: positiveInt(row.timeout_ms, `${where}: timeout_ms`, 3000),
    retries: positiveInt(row.retries, `${where}: retries`, 1, true),
    backoff_ms: positiveInt(row.backoff_ms, `${where}: backoff_ms`, 50, true),
    breaker: {
      failures: positiveInt(breaker.failures, `${where}: breaker.failures`, 5),
      cooldown_ms: positiveInt(breaker.cooldown_ms, `${where}: breaker.cooldown_ms`, 10_000),
    },
  };
}

/** Parses a sources file (JSON text). */
export function parseSourcesFile(
  text: string,
  env: NodeJS.ProcessEnv = process.env,
  where = 'sources file',
): Pick<VerifyConfig, 'defaultSource' | 'regions'> {
  const root: unknown = JSON.parse(text);
  if (!isRecord(root)) throw new Error(`${where}: expected a JSON object`);
  const defaultSource = root.default ?? 'ledger';
  if (defaultSource !== 'ledger' && defaultSource !== 'disabled') throw new Error(`${where}: "default" must be "ledger" or "disabled"`);
  const rawRegions = root.regions ?? {};
  if (!isRecord(rawRegions)) throw new Error(`${where}: "regions" must be an object`);
  const regions: Record<string, RegionSourceConfig> = {};
  for (const [code, row] of Object.entries(rawRegions)) {
    const at = `${where}: region ${code}`;
    if (!/^\d{2}$/.test(code)) throw new Error(`${at}: key must be a two-digit administrative code`);
    if (!isRecord(row)) throw new Error(`${at}: expected an object`);
    if (row.source === 'ledger' || row.source === 'disabled') regions[code] = { source: row.source };
    else if (row.source === 'remote') regions[code] = parseRemote(row, at, env);
    else throw new Error(`${at}: "source" must be "ledger", "remote" or "disabled"`);
  }
  return { defaultSource, regions };
}

/** The verification configuration from the environment (see the header for the settings). */
export function loadVerifyConfig(env: NodeJS.ProcessEnv = process.env): VerifyConfig {
  const sourcesPath = env.MEDDOC_VERIFY_SOURCES;
  const sources = sourcesPath ? parseSourcesFile(readFileSync(sourcesPath, 'utf8'), env, sourcesPath) : DEFAULT_VERIFY_CONFIG;
  return {
    dailyLimit: positiveInt(env.MEDDOC_VERIFY_DAILY_LIMIT, 'MEDDOC_VERIFY_DAILY_LIMIT', DEFAULT_VERIFY_CONFIG.dailyLimit),
    defaultDeadlineMs: positiveInt(env.MEDDOC_VERIFY_DEADLINE_MS, 'MEDDOC_VERIFY_DEADLINE_MS', DEFAULT_VERIFY_CONFIG.defaultDeadlineMs),
    defaultSource: sources.defaultSource,
    regions: sources.regions,
  };
}
