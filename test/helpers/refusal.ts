/** A predicate for assert.throws/rejects: the error is an INVALID_ARGUMENT ApiError whose message matches. */
import assert from 'node:assert/strict';
import { ApiError } from '../../src/http/errors.js';

export function refusal(pattern: RegExp): (err: unknown) => boolean {
  return (err) => {
    assert.ok(err instanceof ApiError, `expected ApiError, got ${String(err)}`);
    assert.equal(err.status, 'INVALID_ARGUMENT');
    assert.match(err.message, pattern);
    return true;
  };
}
