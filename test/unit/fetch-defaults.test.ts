/**
 * The default limits of fetchImage are those of api.md 8. The 5 s deadline is proven on a real
 * stalled download with mocked timers, so the test takes milliseconds, not five seconds.
 */

import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../../src/http/errors.js';
import { FETCH_DEFAULTS, fetchImage } from '../../src/image/fetch.js';

test('the defaults are 5000 ms, 5 MB and 3 redirects', () => {
  assert.deepEqual({ ...FETCH_DEFAULTS }, { timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 });
  assert.ok(Object.isFrozen(FETCH_DEFAULTS));
});

/** Real-time pause that mocked setTimeout cannot touch. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

test('without a timeout option, a stalled download fails after 5000 ms and not before', async (t) => {
  let requested!: () => void;
  const requestArrived = new Promise<void>((resolve) => {
    requested = resolve;
  });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-length': 1000 });
    res.write(Buffer.alloc(10), () => requested()); // and never the rest
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  mock.timers.enable({ apis: ['setTimeout'] });

  let outcome: 'pending' | ApiError | Buffer = 'pending';
  const download = fetchImage(`http://127.0.0.1:${port}/slow.jpg`, { allowHosts: ['127.0.0.1'] }).then(
    (body) => {
      outcome = body;
    },
    (err: unknown) => {
      outcome = err instanceof ApiError ? err : new ApiError('INTERNAL_ERROR', String(err));
    },
  );
  t.after(async () => {
    mock.timers.reset();
    server.closeAllConnections(); // also ends the download, should the deadline have failed to
    await download;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  await requestArrived;
  for (let i = 0; i < 5; i++) await settle();

  mock.timers.tick(4999);
  for (let i = 0; i < 5; i++) await settle();
  assert.equal(outcome, 'pending', 'still waiting at 4999 ms');

  mock.timers.tick(1);
  // Not `await download`: were the deadline wrong, that would wait forever on the stalled server.
  for (let i = 0; i < 20 && outcome === 'pending'; i++) await settle();
  const failure = outcome as ApiError | Buffer | 'pending';
  assert.ok(failure instanceof ApiError, 'failed at 5000 ms');
  assert.equal(failure.status, 'DOWNLOAD_ERROR');
  assert.equal(failure.message, 'download exceeded 5 s');
});
