/** The SQLite implementation of the API key store. */
import type { Database } from 'better-sqlite3';
import type { ApiKeyRecord, ApiKeyStore, KeyUpdate, NewKey, Operation, StoredSecret } from '../auth/keys.js';

interface KeyRow {
  id: string;
  name: string;
  secret_salt: Buffer;
  secret_hash: Buffer;
  operations: string;
  quota: number | null;
  used: number;
  rate_per_sec: number | null;
  expires_at: string | null;
  created_at: string;
  revoked_at: string | null;
}

function toRecord(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    operations: row.operations.split(',').filter(Boolean) as Operation[],
    quota: row.quota,
    used: row.used,
    ratePerSecond: row.rate_per_sec,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

export class SqliteKeyStore implements ApiKeyStore {
  private readonly takeStmt;
  private readonly getStmt;

  constructor(private readonly db: Database) {
    // One statement both checks and takes: two concurrent calls can never both take the last unit.
    this.takeStmt = db.prepare('UPDATE api_keys SET used = used + 1 WHERE id = ? AND (quota IS NULL OR used < quota)');
    this.getStmt = db.prepare('SELECT * FROM api_keys WHERE id = ?');
  }

  create(key: Required<NewKey>, id: string, secret: StoredSecret): ApiKeyRecord {
    this.db
      .prepare(
        `INSERT INTO api_keys (id, name, secret_salt, secret_hash, operations, quota, used, rate_per_sec, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
      )
      .run(id, key.name, secret.salt, secret.hash, key.operations.join(','), key.quota, key.ratePerSecond, key.expiresAt, new Date().toISOString());
    return toRecord(this.getStmt.get(id) as KeyRow);
  }

  get(id: string): { record: ApiKeyRecord; secret: StoredSecret } | undefined {
    const row = this.getStmt.get(id) as KeyRow | undefined;
    if (!row) return undefined;
    return { record: toRecord(row), secret: { salt: row.secret_salt, hash: row.secret_hash } };
  }

  list(): ApiKeyRecord[] {
    return (this.db.prepare('SELECT * FROM api_keys ORDER BY created_at, id').all() as KeyRow[]).map(toRecord);
  }

  update(id: string, change: KeyUpdate): ApiKeyRecord | undefined {
    const sets: string[] = [];
    const values: unknown[] = [];
    if (change.name !== undefined) (sets.push('name = ?'), values.push(change.name));
    if (change.operations !== undefined) (sets.push('operations = ?'), values.push(change.operations.join(',')));
    if (change.quota !== undefined) (sets.push('quota = ?'), values.push(change.quota));
    if (change.ratePerSecond !== undefined) (sets.push('rate_per_sec = ?'), values.push(change.ratePerSecond));
    if (change.expiresAt !== undefined) (sets.push('expires_at = ?'), values.push(change.expiresAt));
    if (sets.length > 0) {
      this.db.prepare(`UPDATE api_keys SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
    }
    const row = this.getStmt.get(id) as KeyRow | undefined;
    return row ? toRecord(row) : undefined;
  }

  revoke(id: string): boolean {
    return this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(new Date().toISOString(), id).changes > 0;
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE revoked_at IS NULL').get() as { n: number }).n;
  }

  takeQuota(id: string): boolean {
    return this.takeStmt.run(id).changes > 0;
  }
}
