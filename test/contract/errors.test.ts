/**
 * Contract tests of the HTTP layer against api.md 7.1 and decisions.md: every error row the
 * HTTP layer can produce, the exact shape of each error body, request ids, routes and encodings.
 * The real server runs on a loopback port; recognition is replaced by a probe that records what
 * reached the operation, since these tests are about the contract, not about reading documents.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClassifyResult } from '../../src/contract/classify.js';
import type { IntakeImage } from '../../src/image/types.js';
import { fileForm, post, startTestServer, type TestServer } from '../helpers/server.js';
import { solidJpeg, solidPng } from '../helpers/png.js';

const A = '/api/v2/medical_classify_pro';
const B = '/ocr/medical/verify_note_code';
const C = '/ocr/medical/v2/medical_invoice/basic/beijing';

function assertErrorBody(body: Record<string, unknown>, status: string, field: 'error' | 'reason'): void {
  const other = field === 'error' ? 'reason' : 'error';
  assert.equal(body.status, status, JSON.stringify(body));
  assert.equal(typeof body[field], 'string', `${field} must be a string: ${JSON.stringify(body)}`);
  assert.ok((body[field] as string).length > 0);
  assert.equal(body[other], undefined, `${other} must be absent: ${JSON.stringify(body)}`);
  assert.equal(typeof body.request_id, 'string');
  assert.ok((body.request_id as string).length > 0);
  assert.deepEqual(Object.keys(body).sort(), ['request_id', 'status', field].sort());
}

describe('HTTP contract: errors', () => {
  let server: TestServer;
  const seen: IntakeImage[] = [];
  const emptyResult: ClassifyResult = { classify_result: [], seals: [] };

  before(async () => {
    server = await startTestServer({}, {
      operations: {
        classify: async (image) => {
          seen.push(image);
          return emptyResult;
        },
      },
    });
  });
  after(() => server.close());

  test('A without any image source is 400 PARAMETER_ERROR naming the three fields (api.md 7.1 sample)', async () => {
    const res = await post(server.url + A, { headers: server.headers, json: {} });
    assert.equal(res.status, 400);
    assertErrorBody(res.body, 'PARAMETER_ERROR', 'error');
    for (const name of ['image_file', 'image_base64', 'image_url']) assert.match(res.body.error as string, new RegExp(name));
  });

  test('C without file or url is 400 INVALID_ARGUMENT saying file or url must be specified', async () => {
    const res = await post(server.url + C, { headers: server.headers, json: {} });
    assert.equal(res.status, 400);
    assertErrorBody(res.body, 'INVALID_ARGUMENT', 'reason');
    assert.match(res.body.reason as string, /'file' or 'url'/);
  });

  test('two image sources on A and on C are 400 INVALID_ARGUMENT', async () => {
    const png = await solidPng(200, 200);
    const a = await post(server.url + A, {
      headers: server.headers,
      form: fileForm('image_file', png, 'a.png', { image_url: 'http://127.0.0.1:1/x.png' }),
    });
    assert.equal(a.status, 400);
    assertErrorBody(a.body, 'INVALID_ARGUMENT', 'error');
    assert.match(a.body.error as string, /exactly one/);
    const c = await post(server.url + C, { headers: server.headers, form: fileForm('file', png, 'a.png', { url: 'http://127.0.0.1:1/x.png' }) });
    assert.equal(c.status, 400);
    assertErrorBody(c.body, 'INVALID_ARGUMENT', 'reason');
  });

  test('garbage base64 is 400 INVALID_ARGUMENT', async () => {
    const res = await post(server.url + A, { headers: server.headers, json: { image_base64: '%%% not base64 ***' } });
    assert.equal(res.status, 400);
    assertErrorBody(res.body, 'INVALID_ARGUMENT', 'error');
    assert.match(res.body.error as string, /base64/);
  });

  test('a text file named .jpg and a WebP image are refused by content', async () => {
    const text = Buffer.from('this is not an image at all, even though it is called photo.jpg\n'.repeat(20));
    const a = await post(server.url + A, { headers: server.headers, form: fileForm('image_file', text, 'photo.jpg') });
    assert.equal(a.status, 400);
    assertErrorBody(a.body, 'INVALID_ARGUMENT', 'error');
    const webp = await (await import('sharp')).default({ create: { width: 300, height: 300, channels: 3, background: '#fff' } }).webp().toBuffer();
    const c = await post(server.url + C, { headers: server.headers, form: fileForm('file', webp, 'scan.jpg') });
    assert.equal(c.status, 400);
    assertErrorBody(c.body, 'INVALID_ARGUMENT', 'reason');
    assert.match(c.body.reason as string, /webp/i);
  });

  test('a truncated JPEG is a 400, not a crash', async () => {
    const jpeg = await solidJpeg(400, 300);
    const res = await post(server.url + A, { headers: server.headers, form: fileForm('image_file', jpeg.subarray(0, Math.floor(jpeg.length / 2))) });
    assert.equal(res.status, 400);
    assertErrorBody(res.body, 'INVALID_ARGUMENT', 'error');
  });

  test('missing credentials are 401 UNAUTHORIZED on A, B and C; a wrong secret too', async () => {
    const png = await solidPng(200, 200);
    const a = await post(server.url + A, { form: fileForm('image_file', png) });
    assert.equal(a.status, 401);
    assertErrorBody(a.body, 'UNAUTHORIZED', 'error');
    const b = await post(server.url + B, { json: { note_code: '11000000' } });
    assert.equal(b.status, 401);
    assertErrorBody(b.body, 'UNAUTHORIZED', 'reason');
    const c = await post(server.url + C, { headers: { 'X-DF-API-ID': server.key.id, 'X-DF-API-SECRET': 'wrong' }, form: fileForm('file', png) });
    assert.equal(c.status, 401);
    assertErrorBody(c.body, 'UNAUTHORIZED', 'reason');
    const unknown = await post(server.url + C, { headers: { 'X-DF-API-ID': 'md_nobody', 'X-DF-API-SECRET': server.key.secret }, form: fileForm('file', png) });
    assert.equal(unknown.status, 401);
  });

  test('an expired key is 401 KEY_EXPIRED; a revoked key is 401 UNAUTHORIZED', async () => {
    const expired = await server.newKey({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const res = await post(server.url + B, { headers: expired.headers, json: {} });
    assert.equal(res.status, 401);
    assertErrorBody(res.body, 'KEY_EXPIRED', 'reason');
    const revoked = await server.newKey({});
    server.service.keys.revoke(revoked.id);
    const res2 = await post(server.url + B, { headers: revoked.headers, json: {} });
    assert.equal(res2.status, 401);
    assertErrorBody(res2.body, 'UNAUTHORIZED', 'reason');
  });

  test('a key without the operation is 403 NO_PERMISSION', async () => {
    const verifyOnly = await server.newKey({ operations: ['verify'] });
    const png = await solidPng(200, 200);
    const a = await post(server.url + A, { headers: verifyOnly.headers, form: fileForm('image_file', png) });
    assert.equal(a.status, 403);
    assertErrorBody(a.body, 'NO_PERMISSION', 'error');
    const c = await post(server.url + C, { headers: verifyOnly.headers, form: fileForm('file', png) });
    assert.equal(c.status, 403);
    assertErrorBody(c.body, 'NO_PERMISSION', 'reason');
  });

  test('a spent quota is 403 OUT_OF_QUOTA, and calls refused before the operation do not spend it', async () => {
    const key = await server.newKey({ quota: 1 });
    const png = await solidPng(200, 200);
    const bad = await post(server.url + A, { headers: key.headers, json: {} });
    assert.equal(bad.body.status, 'PARAMETER_ERROR');
    const first = await post(server.url + A, { headers: key.headers, form: fileForm('image_file', png) });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const second = await post(server.url + A, { headers: key.headers, form: fileForm('image_file', png) });
    assert.equal(second.status, 403);
    assertErrorBody(second.body, 'OUT_OF_QUOTA', 'error');
  });

  test('concurrent calls never both take the last unit of quota', async () => {
    const key = await server.newKey({ quota: 3 });
    const png = await solidPng(200, 200);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post(server.url + A, { headers: key.headers, form: fileForm('image_file', png) })),
    );
    const ok = results.filter((r) => r.status === 200).length;
    const spent = results.filter((r) => r.body.status === 'OUT_OF_QUOTA').length;
    assert.equal(ok, 3);
    assert.equal(spent, 9);
    const record = server.service.keys.get(key.id)?.record;
    assert.equal(record?.used, 3);
  });

  test('over the rate limit is 403 RATE_LIMIT_EXCEEDED on B', async () => {
    const key = await server.newKey({ ratePerSecond: 2 });
    const results = await Promise.all(Array.from({ length: 6 }, () => post(server.url + B, { headers: key.headers, json: {} })));
    const limited = results.filter((r) => r.status === 403);
    assert.ok(limited.length >= 3, `expected at least 3 of 6 calls limited, got ${limited.length}`);
    for (const r of limited) assertErrorBody(r.body, 'RATE_LIMIT_EXCEEDED', 'reason');
  });

  test('unknown paths, unknown provinces and wrong methods are 404 NOT_FOUND as JSON', async () => {
    for (const path of ['/nope', '/ocr/medical/v2/medical_invoice/basic/atlantis', '/api/v3/medical_classify_pro']) {
      const res = await post(server.url + path, { headers: server.headers, json: {} });
      assert.equal(res.status, 404, path);
      assert.equal(res.body.status, 'NOT_FOUND');
      assert.equal(typeof res.body.request_id, 'string');
    }
    const get = await fetch(server.url + A);
    assert.equal(get.status, 404);
    const body = (await get.json()) as Record<string, unknown>;
    assertErrorBody(body, 'NOT_FOUND', 'error');
  });

  test('a valid image reaches A; without a classification engine A is 500 INTERNAL_ERROR saying so', async () => {
    const bare = await startTestServer();
    try {
      const res = await post(bare.url + A, { headers: bare.headers, form: fileForm('image_file', await solidPng(300, 200)) });
      assert.equal(res.status, 500);
      assertErrorBody(res.body, 'INTERNAL_ERROR', 'error');
      assert.match(res.body.error as string, /not available/);
      const c = await post(bare.url + C, { headers: bare.headers, form: fileForm('file', await solidPng(300, 200)) });
      assert.equal(c.status, 500);
      assertErrorBody(c.body, 'INTERNAL_ERROR', 'reason');
    } finally {
      await bare.close();
    }
  });

  test('an unexpected failure inside an operation is 500 INTERNAL_ERROR without internals in the body', async () => {
    const broken = await startTestServer({}, {
      operations: {
        classify: async () => {
          throw new Error('secret internal detail /etc/passwd');
        },
      },
    });
    try {
      const res = await post(broken.url + A, { headers: broken.headers, form: fileForm('image_file', await solidPng(300, 200)) });
      assert.equal(res.status, 500);
      assertErrorBody(res.body, 'INTERNAL_ERROR', 'error');
      assert.doesNotMatch(res.body.error as string, /passwd|secret internal/);
    } finally {
      await broken.close();
    }
  });

  test('request_id: the client id is echoed on A (body) and on B/C (body or header); otherwise one is made', async () => {
    const a = await post(server.url + A, { headers: server.headers, form: fileForm('image_file', await solidPng(200, 200), 'x.png', { request_id: 'client-42' }) });
    assert.equal(a.status, 200);
    assert.equal(a.body.request_id, 'client-42');
    const aErr = await post(server.url + A, { headers: server.headers, json: { request_id: 'client-43' } });
    assert.equal(aErr.body.request_id, 'client-43');
    const b = await post(server.url + B, { headers: { ...server.headers, 'x-request-id': 'hdr-1' }, json: {} });
    assert.equal(b.body.request_id, 'hdr-1');
    const c = await post(server.url + C, { headers: server.headers, json: {} });
    assert.match(c.body.request_id as string, /^[0-9a-f-]{36}$/);
    const other = await post(server.url + C, { headers: server.headers, json: {} });
    assert.notEqual(other.body.request_id, c.body.request_id);
  });

  test('unsupported content type and malformed JSON are 400 INVALID_ARGUMENT', async () => {
    const xml = await fetch(server.url + B, { method: 'POST', headers: { ...server.headers, 'content-type': 'text/xml' }, body: '<x/>' });
    assert.equal(xml.status, 400);
    assertErrorBody((await xml.json()) as Record<string, unknown>, 'INVALID_ARGUMENT', 'reason');
    const broken = await fetch(server.url + A, { method: 'POST', headers: { ...server.headers, 'content-type': 'application/json' }, body: '{"image_url": ' });
    assert.equal(broken.status, 400);
    assertErrorBody((await broken.json()) as Record<string, unknown>, 'INVALID_ARGUMENT', 'error');
  });

  test('auto_rotate other than true/false/1/0 is 400 INVALID_ARGUMENT', async () => {
    const res = await post(server.url + C, { headers: server.headers, form: fileForm('file', await solidPng(200, 200), 'x.png', { auto_rotate: 'maybe' }) });
    assert.equal(res.status, 400);
    assertErrorBody(res.body, 'INVALID_ARGUMENT', 'reason');
    assert.match(res.body.reason as string, /auto_rotate/);
  });

  test('operations side: healthz, readyz, metrics and the OpenAPI document', async () => {
    assert.equal((await fetch(server.url + '/healthz')).status, 200);
    const ready = await fetch(server.url + '/readyz');
    assert.equal(ready.status, 200);
    const metrics = await (await fetch(server.url + '/metrics')).text();
    assert.match(metrics, /meddoc_requests_total\{operation="classify",status="PARAMETER_ERROR"\} \d+/);
    assert.match(metrics, /meddoc_request_duration_seconds_bucket/);
    const openapi = (await (await fetch(server.url + '/openapi.json')).json()) as { openapi: string; paths: Record<string, unknown> };
    assert.match(openapi.openapi, /^3\./);
    for (const path of [A, B, '/ocr/medical/v2/medical_invoice', '/ocr/medical/v2/medical_invoice/basic', '/ocr/medical/v2/medical_invoice/basic/{province}']) {
      assert.ok(openapi.paths[path], `OpenAPI lacks ${path}`);
    }
    const docs = await fetch(server.url + '/docs');
    assert.equal(docs.status, 200);
  });
});
