/**
 * Per-key rate limits in calls per second: a token bucket per key whose capacity is one
 * second's worth of calls (at least one), refilled continuously.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Takes one call from the key's bucket; false when the key is over its rate. */
  take(keyId: string, ratePerSecond: number): boolean {
    const capacity = Math.max(1, ratePerSecond);
    const t = this.now();
    const bucket = this.buckets.get(keyId) ?? { tokens: capacity, at: t };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((t - bucket.at) / 1000) * ratePerSecond);
    bucket.at = t;
    if (bucket.tokens < 1) {
      this.buckets.set(keyId, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.set(keyId, bucket);
    return true;
  }
}
