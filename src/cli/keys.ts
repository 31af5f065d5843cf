/**
 * `meddoc keys create|list|revoke|update`: API key management for the operator
 * (decisions.md "Authentication"). Works on the database under MEDDOC_DATA_DIR.
 */
import { createKey, parseOperations, type ApiKeyRecord, type KeyUpdate, type NewKey } from '../auth/keys.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../store/db.js';
import { SqliteKeyStore } from '../store/keys.js';
import { fail, parseOptions, UsageError } from './args.js';

const HELP = `usage:
  meddoc keys create [--ops classify,verify,extract] [--quota N] [--rate PER_SECOND] [--expires ISO-8601] [--name TEXT] [--json]
  meddoc keys list [--json]
  meddoc keys revoke ID
  meddoc keys update ID [--ops …] [--quota N|none] [--rate PER_SECOND|none] [--expires ISO-8601|never] [--name TEXT]

Defaults of a new key: all operations, no quota, no rate limit, no expiry.
The secret is printed once, at creation; only its scrypt hash is stored.
`;

const KEY_OPTIONS = {
  ops: { type: 'string' },
  quota: { type: 'string' },
  rate: { type: 'string' },
  expires: { type: 'string' },
  name: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseQuota(text: string): number | null {
  if (text === 'none') return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--quota ${text} must be a whole number >= 0 (or "none")`);
  return n;
}

function parseRate(text: string): number | null {
  if (text === 'none') return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--rate ${text} must be a number of calls per second > 0 (or "none")`);
  return n;
}

function parseExpiry(text: string): string | null {
  if (text === 'never') return null;
  const t = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(t)) throw new UsageError(`--expires ${text} is not an ISO-8601 date or date-time`);
  return new Date(t).toISOString();
}

function parseOps(text: string) {
  try {
    return parseOperations(text);
  } catch (err) {
    throw new UsageError(`--ops: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function describe(k: ApiKeyRecord): string {
  const quota = k.quota === null ? 'no quota' : `quota ${k.used}/${k.quota}`;
  const rate = k.ratePerSecond === null ? 'no rate limit' : `${k.ratePerSecond}/s`;
  const expiry = k.expiresAt === null ? 'no expiry' : `expires ${k.expiresAt}`;
  const state = k.revokedAt ? `REVOKED ${k.revokedAt}` : 'active';
  return `${k.id}  ${state}  ops=${k.operations.join(',')}  ${quota}  ${rate}  ${expiry}${k.name ? `  name=${k.name}` : ''}`;
}

function publicView(k: ApiKeyRecord) {
  return {
    api_id: k.id,
    name: k.name,
    operations: k.operations,
    quota: k.quota,
    used: k.used,
    rate_per_second: k.ratePerSecond,
    expires_at: k.expiresAt,
    created_at: k.createdAt,
    revoked_at: k.revokedAt,
  };
}

export async function run(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h') {
    process.stdout.write(HELP);
    return sub ? 0 : 2;
  }
  let db: ReturnType<typeof openDatabase> | undefined;
  try {
    const { values, positionals } = parseOptions(rest, KEY_OPTIONS);
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    const open = () => {
      db = openDatabase(loadConfig().dataDir);
      return new SqliteKeyStore(db);
    };
    switch (sub) {
      case 'create': {
        if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
        const input: NewKey = {};
        if (values.ops !== undefined) input.operations = parseOps(values.ops);
        if (values.quota !== undefined) input.quota = parseQuota(values.quota);
        if (values.rate !== undefined) input.ratePerSecond = parseRate(values.rate);
        if (values.expires !== undefined) input.expiresAt = parseExpiry(values.expires);
        if (values.name !== undefined) input.name = values.name;
        const { record, secret } = await createKey(open(), input);
        if (values.json) {
          process.stdout.write(`${JSON.stringify({ api_id: record.id, api_secret: secret })}\n`);
        } else {
          process.stdout.write(
            `Created API key (the secret is shown only now; store it safely):\n\n  X-DF-API-ID:     ${record.id}\n  X-DF-API-SECRET: ${secret}\n\n${describe(record)}\n`,
          );
        }
        return 0;
      }
      case 'list': {
        const keys = open().list();
        if (values.json) process.stdout.write(`${JSON.stringify(keys.map(publicView))}\n`);
        else process.stdout.write(keys.length ? `${keys.map(describe).join('\n')}\n` : 'no API keys\n');
        return 0;
      }
      case 'revoke': {
        const [id] = positionals;
        if (!id || positionals.length !== 1) throw new UsageError('revoke takes exactly one key id');
        if (!open().revoke(id)) return fail(`no active key with id ${id}`);
        process.stdout.write(`revoked ${id}\n`);
        return 0;
      }
      case 'update': {
        const [id] = positionals;
        if (!id || positionals.length !== 1) throw new UsageError('update takes exactly one key id');
        const change: KeyUpdate = {};
        if (values.ops !== undefined) change.operations = parseOps(values.ops);
        if (values.quota !== undefined) change.quota = parseQuota(values.quota);
        if (values.rate !== undefined) change.ratePerSecond = parseRate(values.rate);
        if (values.expires !== undefined) change.expiresAt = parseExpiry(values.expires);
        if (values.name !== undefined) change.name = values.name;
        if (Object.keys(change).length === 0) throw new UsageError('update needs at least one of --ops, --quota, --rate, --expires, --name');
        const updated = open().update(id, change);
        if (!updated) return fail(`no key with id ${id}`);
        process.stdout.write(`${describe(updated)}\n`);
        return 0;
      }
      default:
        throw new UsageError(`unknown keys command '${sub}'`);
    }
  } catch (err) {
    if (err instanceof UsageError) return fail(`${err.message}\n\n${HELP}`);
    throw err;
  } finally {
    db?.close();
  }
}
