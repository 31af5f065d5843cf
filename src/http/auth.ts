/**
 * Authentication and authorisation of a call (api.md 5, decisions.md "Authentication"):
 * unknown key or wrong secret -> 401 UNAUTHORIZED; expired -> 401 KEY_EXPIRED; operation not
 * allowed -> 403 NO_PERMISSION; over its rate -> 403 RATE_LIMIT_EXCEEDED. Quota is taken later,
 * when the call reaches its operation (see `takeQuota`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { secretMatches, type ApiKeyStore, type Operation } from '../auth/keys.js';
import { ApiError } from './errors.js';
import { RateLimiter } from './rate-limit.js';

export interface Caller {
  keyId: string | null;
}

/** api.md 8: the rate limit applies to B and C; A is bounded by the recognition queue instead. */
const RATE_LIMITED: ReadonlySet<Operation> = new Set(['verify', 'extract']);

/**
 * scrypt costs tens of milliseconds by design. After a secret has been proved once, a SHA-256 of
 * it is kept in memory (never on disk) for a while, so steady traffic of one client does not pay
 * scrypt on every call. A changed or revoked key is still caught: the key's row is read every call.
 */
const PROVEN_TTL_MS = 10 * 60 * 1000;
const PROVEN_MAX = 10000;

export class Authenticator {
  private readonly proven = new Map<string, { digest: Buffer; until: number }>();
  private readonly rates = new RateLimiter();

  constructor(private readonly keys: ApiKeyStore) {}

  async authenticate(idHeader: unknown, secretHeader: unknown, operation: Operation): Promise<Caller> {
    const id = typeof idHeader === 'string' ? idHeader.trim() : '';
    const secret = typeof secretHeader === 'string' ? secretHeader.trim() : '';
    if (!id || !secret) {
      throw new ApiError('UNAUTHORIZED', 'missing X-DF-API-ID or X-DF-API-SECRET header');
    }
    const found = this.keys.get(id);
    if (!found || found.record.revokedAt) {
      throw new ApiError('UNAUTHORIZED', 'unknown API key or wrong secret');
    }
    if (!(await this.secretIsRight(id, secret, found.secret))) {
      throw new ApiError('UNAUTHORIZED', 'unknown API key or wrong secret');
    }
    const { record } = found;
    if (record.expiresAt && Date.parse(record.expiresAt) <= Date.now()) {
      throw new ApiError('KEY_EXPIRED', `API key expired at ${record.expiresAt}`);
    }
    if (!record.operations.includes(operation)) {
      throw new ApiError('NO_PERMISSION', `this API key may not call ${operation}; it may call: ${record.operations.join(', ')}`);
    }
    if (record.ratePerSecond !== null && RATE_LIMITED.has(operation) && !this.rates.take(id, record.ratePerSecond)) {
      throw new ApiError('RATE_LIMIT_EXCEEDED', `more than ${record.ratePerSecond} calls per second for this API key`);
    }
    return { keyId: id };
  }

  /** Takes one unit of the key's quota; called when the call reaches its operation. */
  takeQuota(caller: Caller): void {
    if (caller.keyId === null) return;
    if (!this.keys.takeQuota(caller.keyId)) {
      throw new ApiError('OUT_OF_QUOTA', 'the call quota of this API key is spent');
    }
  }

  private async secretIsRight(id: string, secret: string, stored: { salt: Buffer; hash: Buffer }): Promise<boolean> {
    const digest = createHash('sha256').update(stored.salt).update(secret).digest();
    const cached = this.proven.get(id);
    const now = Date.now();
    if (cached && cached.until > now && timingSafeEqual(cached.digest, digest)) return true;
    if (!(await secretMatches(secret, stored))) return false;
    if (this.proven.size >= PROVEN_MAX) this.proven.clear();
    this.proven.set(id, { digest, until: now + PROVEN_TTL_MS });
    return true;
  }
}
