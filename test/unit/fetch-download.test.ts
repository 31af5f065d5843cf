/**
 * fetchImage against real HTTP servers on loopback only (127.0.0.1, and 127.0.0.2 to prove a
 * refusal happens without connecting). Time limits are shortened per call so the suite stays fast.
 */

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../../src/http/errors.js';
import { allowHostsFromEnv, fetchImage, type ResolvedAddress } from '../../src/image/fetch.js';

const IMAGE = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) & 0xff));
const FIVE_MB = 5 * 1024 * 1024;
const LOCAL = ['127.0.0.1'] as const;

interface Counted {
  server: http.Server;
  port: number;
  connections: number;
  requests: string[];
}

async function listen(host: string, handler: http.RequestListener): Promise<Counted> {
  const server = http.createServer(handler);
  const counted: Counted = { server, port: 0, connections: 0, requests: [] };
  server.on('connection', () => {
    counted.connections += 1;
  });
  server.on('request', (req: http.IncomingMessage) => {
    counted.requests.push(req.url ?? '');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  counted.port = (server.address() as AddressInfo).port;
  return counted;
}

/** How many bytes the streaming route wrote before the client went away, per request. */
const streamed: Array<{ written: number }> = [];

let main: Counted;
let other: Counted; // on 127.0.0.2: must never see a connection unless allowed

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://placeholder');
  const path = url.pathname;
  if (path === '/image.jpg') {
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': IMAGE.length });
    res.end(IMAGE);
  } else if (path === '/%E5%8F%91%E7%A5%A8/%E5%9B%BE%E7%89%87.jpg') {
    // 发票/图片.jpg, as the client must send it on the wire; the query must arrive intact too.
    res.writeHead(200);
    res.end(url.searchParams.get('name') === '门诊' ? IMAGE : Buffer.from('wrong query'));
  } else if (path === '/host') {
    res.end(Buffer.from(req.headers.host ?? ''));
  } else if (path === '/missing') {
    res.writeHead(404).end('not here');
  } else if (path === '/slow-body') {
    res.writeHead(200, { 'content-length': IMAGE.length });
    res.write(IMAGE.subarray(0, 100)); // and then nothing more
  } else if (path === '/slow-headers') {
    // never answers
  } else if (path === '/endless') {
    // Chunked, no Content-Length, up to 64 MB unless the client hangs up first.
    res.writeHead(200, { 'content-type': 'image/png' });
    const chunk = Buffer.alloc(64 * 1024, 0x42);
    const record = { written: 0 };
    streamed.push(record);
    const pump = (): void => {
      while (record.written < 64 * 1024 * 1024 && !res.destroyed) {
        record.written += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    pump();
  } else if (path === '/declared-huge') {
    res.writeHead(200, { 'content-length': 10 * 1024 * 1024 });
    res.write(IMAGE); // then stalls: the refusal must not wait for the body
  } else if (path === '/exactly-cap') {
    res.writeHead(200); // chunked, no Content-Length
    res.end(Buffer.alloc(8000, 7));
  } else if (path === '/cut') {
    res.writeHead(200, { 'content-length': 1000 });
    res.write(IMAGE.subarray(0, 10), () => res.destroy());
  } else if (path === '/empty') {
    res.writeHead(200, { 'content-length': 0 }).end();
  } else if (path.startsWith('/redirect/')) {
    const left = Number(path.slice('/redirect/'.length));
    res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}` : '/image.jpg' }).end();
  } else if (path === '/to-other') {
    res.writeHead(301, { location: `http://127.0.0.2:${other.port}/image.jpg` }).end();
  } else if (path === '/to-ftp') {
    res.writeHead(307, { location: 'ftp://127.0.0.1/image.jpg' }).end();
  } else if (path === '/no-location') {
    res.writeHead(302).end();
  } else if (path === '/to-chinese') {
    // A raw UTF-8 Location, as careless servers send it.
    res.setHeader('location', Buffer.from('/发票/图片.jpg?name=门诊', 'utf8').toString('latin1'));
    res.writeHead(302).end();
  } else {
    res.writeHead(500).end();
  }
}

before(async () => {
  main = await listen('127.0.0.1', route);
  other = await listen('127.0.0.2', route);
});

after(async () => {
  for (const s of [main, other]) {
    s.server.closeAllConnections();
    await new Promise<void>((resolve) => s.server.close(() => resolve()));
  }
});

function at(path: string, server: Counted = main, host = '127.0.0.1'): string {
  return `http://${host}:${server.port}${path}`;
}

function downloadError(pattern: RegExp): (err: unknown) => boolean {
  return (err) => {
    assert.ok(err instanceof ApiError, `expected ApiError, got ${String(err)}`);
    assert.equal(err.status, 'DOWNLOAD_ERROR');
    assert.match(err.message, pattern);
    return true;
  };
}

test('an image on an allowed host is downloaded whole', async () => {
  const body = await fetchImage(at('/image.jpg'), { allowHosts: LOCAL });
  assert.deepEqual(body, IMAGE);
});

test('a body slower than the time limit is a download failure saying so', async () => {
  const started = Date.now();
  await assert.rejects(fetchImage(at('/slow-body'), { allowHosts: LOCAL, timeoutMs: 300 }), downloadError(/^download exceeded 0\.3 s$/));
  const elapsed = Date.now() - started;
  assert.ok(elapsed >= 280 && elapsed < 2000, `gave up after ${elapsed} ms`);
});

test('the time limit covers waiting for headers and DNS too', async () => {
  await assert.rejects(fetchImage(at('/slow-headers'), { allowHosts: LOCAL, timeoutMs: 200 }), downloadError(/^download exceeded 0\.2 s$/));
  const neverResolves = (): Promise<readonly ResolvedAddress[]> => new Promise(() => undefined);
  await assert.rejects(
    fetchImage('http://images.test/a.jpg', { allowHosts: LOCAL, timeoutMs: 150, resolveHost: neverResolves }),
    downloadError(/^download exceeded 0\.15 s$/),
  );
});

test('HTTP 404 is a download failure naming the status, without echoing the query string', async () => {
  await assert.rejects(fetchImage(at('/missing?token=SECRET123'), { allowHosts: LOCAL }), (err: unknown) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 'DOWNLOAD_ERROR');
    assert.equal(err.message, 'HTTP 404 from the image server');
    assert.ok(!err.message.includes('SECRET123'));
    return true;
  });
});

test('a streamed body without Content-Length is cut at the cap, and reading stops there', async () => {
  const before = streamed.length;
  await assert.rejects(fetchImage(at('/endless'), { allowHosts: LOCAL }), downloadError(/^image exceeds 5242880 bytes$/));
  await new Promise((resolve) => setTimeout(resolve, 50)); // let the server notice the hang-up
  const written = streamed[before]?.written ?? 0;
  assert.ok(written > FIVE_MB, `the server got past the cap (${written} bytes)`);
  // Socket buffers let the server run ahead a little, but nowhere near the 64 MB it would send.
  assert.ok(written < 24 * 1024 * 1024, `the server stopped after ${written} bytes`);
});

test('a smaller cap can be given; a body of exactly the cap is accepted', async () => {
  assert.equal((await fetchImage(at('/exactly-cap'), { allowHosts: LOCAL, maxBytes: 8000 })).length, 8000);
  await assert.rejects(fetchImage(at('/exactly-cap'), { allowHosts: LOCAL, maxBytes: 7999 }), downloadError(/^image exceeds 7999 bytes$/));
});

test('a Content-Length over the cap is refused at once, without waiting for the body', async () => {
  const started = Date.now();
  await assert.rejects(
    fetchImage(at('/declared-huge'), { allowHosts: LOCAL, timeoutMs: 3000 }),
    downloadError(/^image exceeds 5242880 bytes \(Content-Length 10485760\)$/),
  );
  assert.ok(Date.now() - started < 1500);
});

test('three redirects are followed; a fourth is refused', async () => {
  assert.deepEqual(await fetchImage(at('/redirect/3'), { allowHosts: LOCAL }), IMAGE);
  await assert.rejects(fetchImage(at('/redirect/4'), { allowHosts: LOCAL }), downloadError(/^more than 3 redirects$/));
  await assert.rejects(fetchImage(at('/redirect/1'), { allowHosts: LOCAL, maxRedirects: 0 }), downloadError(/^more than 0 redirects$/));
});

test('a redirect to a loopback address not in the allow-list is refused without connecting to it', async () => {
  const connectionsBefore = other.connections;
  await assert.rejects(
    fetchImage(at('/to-other'), { allowHosts: LOCAL }),
    downloadError(/^after redirect 1: address 127\.0\.0\.2 is a loopback address and the host is not in MEDDOC_FETCH_ALLOW_HOSTS$/),
  );
  assert.equal(other.connections, connectionsBefore);
});

test('127.0.0.2 not in the allow-list is refused without connecting; once listed it is reachable', async () => {
  const connectionsBefore = other.connections;
  await assert.rejects(
    fetchImage(at('/image.jpg', other, '127.0.0.2'), { allowHosts: LOCAL }),
    downloadError(/^address 127\.0\.0\.2 is a loopback address and the host is not in MEDDOC_FETCH_ALLOW_HOSTS$/),
  );
  assert.equal(other.connections, connectionsBefore, 'no connection was opened');
  // The control: the same URL works when the operator allows it, so "no connection" above meant something.
  assert.deepEqual(await fetchImage(at('/image.jpg', other, '127.0.0.2'), { allowHosts: ['127.0.0.2'] }), IMAGE);
  assert.equal(other.connections, connectionsBefore + 1);
});

test('non-http schemes are refused, directly and by redirect', async () => {
  await assert.rejects(fetchImage('ftp://127.0.0.1/image.jpg', { allowHosts: LOCAL }), downloadError(/^scheme ftp is not allowed; use http or https$/));
  await assert.rejects(fetchImage('file:///etc/passwd', { allowHosts: LOCAL }), downloadError(/^scheme file is not allowed; use http or https$/));
  await assert.rejects(fetchImage('data:image/png;base64,AAAA', { allowHosts: LOCAL }), downloadError(/^scheme data is not allowed/));
  await assert.rejects(fetchImage(at('/to-ftp'), { allowHosts: LOCAL }), downloadError(/^after redirect 1: scheme ftp is not allowed; use http or https$/));
  await assert.rejects(fetchImage('not a url', { allowHosts: LOCAL }), downloadError(/^the url is not a valid URL$/));
});

test('a redirect without Location, a cut-off body and an empty body are download failures', async () => {
  await assert.rejects(fetchImage(at('/no-location'), { allowHosts: LOCAL }), downloadError(/^HTTP 302 from the image server without a Location header$/));
  await assert.rejects(fetchImage(at('/cut'), { allowHosts: LOCAL }), downloadError(/closed the connection before the body was complete/));
  await assert.rejects(fetchImage(at('/empty'), { allowHosts: LOCAL }), downloadError(/^the image server sent an empty body$/));
});

test('a refused connection is a download failure naming the error code', async () => {
  const closed = await listen('127.0.0.1', route);
  await new Promise<void>((resolve) => closed.server.close(() => resolve()));
  await assert.rejects(fetchImage(at('/image.jpg', closed), { allowHosts: LOCAL }), downloadError(/^cannot download from 127\.0\.0\.1: ECONNREFUSED$/));
});

test('Chinese characters work, escaped or not, in the URL and in a redirect Location', async () => {
  const raw = at('/发票/图片.jpg?name=门诊');
  assert.deepEqual(await fetchImage(raw, { allowHosts: LOCAL }), IMAGE);
  const escaped = at('/%E5%8F%91%E7%A5%A8/%E5%9B%BE%E7%89%87.jpg?name=%E9%97%A8%E8%AF%8A');
  assert.deepEqual(await fetchImage(escaped, { allowHosts: LOCAL }), IMAGE);
  assert.deepEqual(await fetchImage(at('/to-chinese'), { allowHosts: LOCAL }), IMAGE);
});

test('the connection goes to the checked address while the request names the host', async () => {
  const resolveHost = async (hostname: string): Promise<readonly ResolvedAddress[]> => {
    assert.equal(hostname, 'images.test');
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const body = await fetchImage(`http://images.test:${main.port}/host`, { allowHosts: ['images.test'], resolveHost });
  assert.equal(body.toString(), `images.test:${main.port}`);
});

test('every resolved address is checked: one private address among them refuses the host, without connecting', async () => {
  const connectionsBefore = main.connections;
  const resolveHost = async (): Promise<readonly ResolvedAddress[]> => [
    { address: '127.0.0.1', family: 4 },
    { address: '10.0.0.1', family: 4 },
  ];
  await assert.rejects(
    fetchImage(`http://images.test:${main.port}/image.jpg`, { allowHosts: LOCAL, resolveHost }),
    downloadError(/^address 10\.0\.0\.1 is a private address and the host is not in MEDDOC_FETCH_ALLOW_HOSTS$/),
  );
  assert.equal(main.connections, connectionsBefore);
});

test('a host name that does not resolve is a download failure naming the host', async () => {
  const resolveHost = async (): Promise<readonly ResolvedAddress[]> => {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
  };
  await assert.rejects(fetchImage('http://nowhere.test/a.jpg', { resolveHost, allowHosts: [] }), downloadError(/^host nowhere\.test cannot be resolved$/));
  const empty = async (): Promise<readonly ResolvedAddress[]> => [];
  await assert.rejects(fetchImage('http://nowhere.test/a.jpg', { resolveHost: empty, allowHosts: [] }), downloadError(/cannot be resolved/));
});

test('allowHostsFromEnv reads MEDDOC_FETCH_ALLOW_HOSTS as a comma-separated list', () => {
  assert.deepEqual(allowHostsFromEnv({}), []);
  assert.deepEqual(allowHostsFromEnv({ MEDDOC_FETCH_ALLOW_HOSTS: '' }), []);
  assert.deepEqual(
    allowHostsFromEnv({ MEDDOC_FETCH_ALLOW_HOSTS: ' images.intranet, 10.0.0.7 ,,[::1],Scans.Example.COM.' }),
    ['images.intranet', '10.0.0.7', '::1', 'scans.example.com'],
  );
});

test('without allowHosts, fetchImage uses MEDDOC_FETCH_ALLOW_HOSTS of the process', async () => {
  const saved = process.env.MEDDOC_FETCH_ALLOW_HOSTS;
  try {
    delete process.env.MEDDOC_FETCH_ALLOW_HOSTS;
    await assert.rejects(fetchImage(at('/image.jpg')), downloadError(/address 127\.0\.0\.1 is a loopback address/));
    process.env.MEDDOC_FETCH_ALLOW_HOSTS = 'example.org,127.0.0.1';
    assert.deepEqual(await fetchImage(at('/image.jpg')), IMAGE);
  } finally {
    if (saved === undefined) delete process.env.MEDDOC_FETCH_ALLOW_HOSTS;
    else process.env.MEDDOC_FETCH_ALLOW_HOSTS = saved;
  }
});
