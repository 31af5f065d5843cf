/**
 * API keys (decisions.md "Authentication"): an id and a secret, the operations the key may call,
 * an expiry, a call quota and a rate limit. The store behind it is an interface so the SQLite
 * implementation can be swapped for another database without touching the HTTP layer.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const OPERATIONS = ['classify', 'verify', 'extract'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface ApiKeyRecord {
  id: string;
  name: string;
  operations: Operation[];
  quota: number | null;
  used: number;
  ratePerSecond: number | null;
  expiresAt: string | null;
  createdAt: string;
  revokedAt: string | null;
}

export interface StoredSecret {
  salt: Buffer;
  hash: Buffer;
}

export interface NewKey {
  name?: string;
  operations?: Operation[];
  quota?: number | null;
  ratePerSecond?: number | null;
  expiresAt?: string | null;
}

export type KeyUpdate = Partial<Omit<NewKey, 'name'>> & { name?: string };

export interface ApiKeyStore {
  create(key: Required<NewKey>, id: string, secret: StoredSecret): ApiKeyRecord;
  get(id: string): { record: ApiKeyRecord; secret: StoredSecret } | undefined;
  list(): ApiKeyRecord[];
  update(id: string, change: KeyUpdate): ApiKeyRecord | undefined;
  revoke(id: string): boolean;
  count(): number;
  /** Takes one unit of quota atomically; false when the quota is spent. */
  takeQuota(id: string): boolean;
}

// scrypt cost: N=2^14, r=8, p=1 (the common interactive setting, ~16 MB, tens of ms).
const SCRYPT: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const HASH_BYTES = 32;

function scrypt(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(secret, salt, HASH_BYTES, SCRYPT, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashSecret(secret: string): Promise<StoredSecret> {
  const salt = randomBytes(16);
  return { salt, hash: await scrypt(secret, salt) };
}

/** Constant-time comparison of a presented secret with the stored hash. */
export async function secretMatches(secret: string, stored: StoredSecret): Promise<boolean> {
  const candidate = await scrypt(secret, stored.salt);
  return candidate.length === stored.hash.length && timingSafeEqual(candidate, stored.hash);
}

/** Key ids are public identifiers; secrets are 32 random bytes, shown once. */
export function newKeyId(): string {
  return `md_${randomBytes(9).toString('base64url')}`;
}

export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

export function parseOperations(text: string): Operation[] {
  const ops = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (ops.length === 0) throw new Error('operations list is empty; use classify, verify and/or extract');
  for (const op of ops) {
    if (!(OPERATIONS as readonly string[]).includes(op)) {
      throw new Error(`unknown operation '${op}'; use classify, verify or extract`);
    }
  }
  return [...new Set(ops)] as Operation[];
}

/** Creates a key with defaults of decisions.md: all operations, no quota, no rate limit, no expiry. */
export async function createKey(store: ApiKeyStore, input: NewKey): Promise<{ record: ApiKeyRecord; secret: string }> {
  const id = newKeyId();
  const secret = newSecret();
  const record = store.create(
    {
      name: input.name ?? '',
      operations: input.operations ?? [...OPERATIONS],
      quota: input.quota ?? null,
      ratePerSecond: input.ratePerSecond ?? null,
      expiresAt: input.expiresAt ?? null,
    },
    id,
    await hashSecret(secret),
  );
  return { record, secret };
}
