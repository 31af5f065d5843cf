/**
 * Every image limit of api.md 8 at its boundary, by each source (multipart file, base64, URL),
 * through the real HTTP server; and each way a URL download can fail (decisions.md: 400
 * DOWNLOAD_ERROR, also on A).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IntakeImage } from '../../src/image/types.js';
import { fileForm, post, startTestServer, type TestServer } from '../helpers/server.js';
import { padPngTo, solidPng } from '../helpers/png.js';

const A = '/api/v2/medical_classify_pro';
const C = '/ocr/medical/v2/medical_invoice/basic/e_invoice';
const FIVE_MB = 5 * 1024 * 1024;

describe('HTTP contract: image limits and downloads', () => {
  let server: TestServer;
  let images: http.Images;
  const reached: IntakeImage[] = [];

  before(async () => {
    images = await http.startImageServer();
    server = await startTestServer({ MEDDOC_FETCH_ALLOW_HOSTS: '127.0.0.1' }, {
      operations: {
        classify: async (image) => {
          reached.push(image);
          return { classify_result: [], seals: [] };
        },
        extract: async () => ({ ok: false, found: 'nothing readable (probe)' }),
      },
    });
  });
  after(async () => {
    await server.close();
    await images.close();
  });

  async function classifyBy(source: 'file' | 'base64' | 'url', bytes: Buffer) {
    reached.length = 0;
    if (source === 'file') return post(server.url + A, { headers: server.headers, form: fileForm('image_file', bytes) });
    if (source === 'base64') return post(server.url + A, { headers: server.headers, json: { image_base64: bytes.toString('base64') } });
    const path = images.put(bytes);
    return post(server.url + A, { headers: server.headers, json: { image_url: `${images.url}${path}` } });
  }

  for (const source of ['file', 'base64', 'url'] as const) {
    test(`${source}: width 128 is refused, 129 accepted; height likewise`, async () => {
      const w128 = await classifyBy(source, await solidPng(128, 300));
      assert.equal(w128.status, 400);
      assert.equal(w128.body.status, 'INVALID_ARGUMENT');
      assert.match(w128.body.error as string, /width 128 px, must be > 128/);
      const w129 = await classifyBy(source, await solidPng(129, 300));
      assert.equal(w129.status, 200, JSON.stringify(w129.body));
      assert.equal(reached[0]?.width, 129);
      assert.equal(reached[0]?.height, 300);
      const h128 = await classifyBy(source, await solidPng(300, 128));
      assert.equal(h128.status, 400);
      assert.match(h128.body.error as string, /height 128 px/);
    });

    test(`${source}: 6000 px accepted, 6001 px refused`, async () => {
      const ok = await classifyBy(source, await solidPng(6000, 200));
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(reached[0]?.width, 6000);
      const over = await classifyBy(source, await solidPng(200, 6001));
      assert.equal(over.status, 400);
      assert.equal(over.body.status, 'INVALID_ARGUMENT');
      assert.match(over.body.error as string, /height 6001 px, must be <= 6000/);
    });

    test(`${source}: exactly 5 MB accepted, one byte more refused`, async () => {
      const base = await solidPng(400, 300);
      const exact = await classifyBy(source, padPngTo(base, FIVE_MB));
      assert.equal(exact.status, 200, JSON.stringify(exact.body));
      assert.equal(reached[0]?.bytes.length, FIVE_MB);
      const over = await classifyBy(source, padPngTo(base, FIVE_MB + 1));
      assert.equal(over.status, 400);
      const expected = source === 'url' ? 'DOWNLOAD_ERROR' : 'INVALID_ARGUMENT';
      assert.equal(over.body.status, expected, JSON.stringify(over.body));
      assert.match(over.body.error as string, /5242880|5 MB/);
      assert.equal(reached.length, 0);
    });
  }

  test('URL answering 404 is 400 DOWNLOAD_ERROR on A and on C', async () => {
    const a = await post(server.url + A, { headers: server.headers, json: { image_url: `${images.url}/missing.png` } });
    assert.equal(a.status, 400);
    assert.equal(a.body.status, 'DOWNLOAD_ERROR');
    assert.match(a.body.error as string, /404/);
    const c = await post(server.url + C, { headers: server.headers, form: formOf({ url: `${images.url}/missing.png` }) });
    assert.equal(c.status, 400);
    assert.equal(c.body.status, 'DOWNLOAD_ERROR');
    assert.match(c.body.reason as string, /404/);
  });

  test('URL with a scheme other than http/https is 400 DOWNLOAD_ERROR', async () => {
    const res = await post(server.url + C, { headers: server.headers, json: { url: 'ftp://127.0.0.1/x.png' } });
    assert.equal(res.status, 400);
    assert.equal(res.body.status, 'DOWNLOAD_ERROR');
    assert.match(res.body.reason as string, /ftp/);
  });

  test('URL on a loopback address outside the allow-list is refused without connecting', async () => {
    const before = images.hits;
    const port = new URL(images.url).port;
    const res = await post(server.url + C, { headers: server.headers, json: { url: `http://127.0.0.2:${port}/img.png` } });
    assert.equal(res.status, 400);
    assert.equal(res.body.status, 'DOWNLOAD_ERROR');
    assert.match(res.body.reason as string, /127\.0\.0\.2/);
    assert.equal(images.hits, before);
  });

  test('URL whose body trickles past 5 s is 400 DOWNLOAD_ERROR', { timeout: 15000 }, async () => {
    const started = Date.now();
    const res = await post(server.url + C, { headers: server.headers, json: { url: `${images.url}/slow` } });
    const elapsed = Date.now() - started;
    assert.equal(res.status, 400);
    assert.equal(res.body.status, 'DOWNLOAD_ERROR');
    assert.ok(elapsed >= 4900 && elapsed < 9000, `gave up after ${elapsed} ms`);
  });

  test('URL streaming more than 5 MB without Content-Length is cut at the cap', async () => {
    const res = await post(server.url + C, { headers: server.headers, json: { url: `${images.url}/endless` } });
    assert.equal(res.status, 400);
    assert.equal(res.body.status, 'DOWNLOAD_ERROR');
    assert.match(res.body.reason as string, /5242880|5 MB/);
  });

  test('C answers 400 DETETION_FAILED with what was found when the image holds no invoice', async () => {
    const res = await post(server.url + C, { headers: server.headers, form: fileForm('file', await solidPng(300, 300)) });
    assert.equal(res.status, 400);
    assert.equal(res.body.status, 'DETETION_FAILED');
    assert.match(res.body.reason as string, /nothing readable/);
  });
});

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** A tiny loopback image server for URL sources. */
namespace http {
  export interface Images {
    url: string;
    hits: number;
    put(bytes: Buffer): string;
    close(): Promise<void>;
  }

  export async function startImageServer(): Promise<Images> {
    const stored = new Map<string, Buffer>();
    let counter = 0;
    const state = { hits: 0 };
    const server: Server = createServer((req, res) => {
      state.hits++;
      const path = (req.url ?? '/').split('?')[0];
      const bytes = stored.get(path);
      if (bytes) {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length });
        res.end(bytes);
      } else if (path === '/slow') {
        res.writeHead(200, { 'content-type': 'image/png' });
        const timer = setInterval(() => res.write(Buffer.alloc(16)), 500);
        const stop = setTimeout(() => (clearInterval(timer), res.end()), 8000);
        res.on('close', () => (clearInterval(timer), clearTimeout(stop)));
      } else if (path === '/endless') {
        res.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(256 * 1024, 1);
        let sent = 0;
        const pump = () => {
          while (sent < 20 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => (sent = Infinity));
        pump();
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not here');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      get hits() {
        return state.hits;
      },
      put(bytes: Buffer) {
        const path = `/img-${++counter}.png`;
        stored.set(path, bytes);
        return path;
      },
      close: () => new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    };
  }
}
