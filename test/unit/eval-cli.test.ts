import assert from 'node:assert/strict';
import { test } from 'node:test';
import { run } from '../../src/cli/eval.js';

// Argument errors are caught before any engine starts, so these run in milliseconds.
test('meddoc eval refuses a missing --set, an unknown operation and a bad --limit with exit code 2', async () => {
  const write = process.stderr.write.bind(process.stderr);
  const messages: string[] = [];
  process.stderr.write = ((chunk: string) => { messages.push(String(chunk)); return true; }) as typeof process.stderr.write;
  try {
    assert.equal(await run([]), 2);
    assert.equal(await run(['--set', '/tmp', '--ops', 'classify,verify']), 2);
    assert.equal(await run(['--set', '/tmp', '--limit', '0']), 2);
    assert.equal(await run(['--set', '/nonexistent/meddoc-eval-set']), 2);
  } finally {
    process.stderr.write = write;
  }
  assert.match(messages[0]!, /--set is required/);
  assert.match(messages[1]!, /unknown operation 'verify'/);
  assert.match(messages[2]!, /--limit must be a positive integer/);
  assert.match(messages[3]!, /no such folder/);
});
