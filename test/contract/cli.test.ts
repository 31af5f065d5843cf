/**
 * The command line as an operator uses it: key management, `serve` telling how to create the first
 * key, and a SIGTERM that lets the request in flight finish before the process exits.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/util/paths.js';
import { solidPng } from '../helpers/png.js';

const BIN = join(PROJECT_ROOT, 'bin', 'meddoc.js');

function meddoc(args: string[], env: Record<string, string>) {
  const res = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe('command line', () => {
  let dataDir: string;
  let env: Record<string, string>;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'meddoc-cli-'));
    env = { MEDDOC_DATA_DIR: dataDir, MEDDOC_LOG_LEVEL: 'silent' };
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('keys create --json prints exactly {"api_id","api_secret"} and nothing else', () => {
    const res = meddoc(['keys', 'create', '--json', '--ops', 'verify,extract', '--quota', '10', '--rate', '5', '--name', 'tpa'], env);
    assert.equal(res.code, 0, res.stderr);
    const lines = res.stdout.trim().split('\n');
    assert.equal(lines.length, 1);
    const parsed = JSON.parse(lines[0]) as Record<string, string>;
    assert.deepEqual(Object.keys(parsed), ['api_id', 'api_secret']);
    assert.match(parsed.api_id, /^md_/);
    assert.ok(parsed.api_secret.length >= 24);
    const list = meddoc(['keys', 'list', '--json'], env);
    const keys = JSON.parse(list.stdout) as { api_id: string; operations: string[]; quota: number; rate_per_second: number; name: string }[];
    const key = keys.find((k) => k.api_id === parsed.api_id);
    assert.deepEqual(key?.operations, ['verify', 'extract']);
    assert.equal(key?.quota, 10);
    assert.equal(key?.rate_per_second, 5);
    assert.equal(key?.name, 'tpa');
    assert.doesNotMatch(list.stdout, new RegExp(parsed.api_secret));
  });

  test('keys update and revoke change the stored key; bad options are refused with a reason', () => {
    const created = JSON.parse(meddoc(['keys', 'create', '--json'], env).stdout) as { api_id: string };
    const upd = meddoc(['keys', 'update', created.api_id, '--quota', '3', '--expires', '2030-01-01'], env);
    assert.equal(upd.code, 0, upd.stderr);
    assert.match(upd.stdout, /quota 0\/3/);
    assert.match(upd.stdout, /expires 2030-01-01/);
    assert.equal(meddoc(['keys', 'revoke', created.api_id], env).code, 0);
    assert.match(meddoc(['keys', 'list'], env).stdout, new RegExp(`${created.api_id}  REVOKED`));
    const bad = meddoc(['keys', 'create', '--ops', 'classify,teleport'], env);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown operation 'teleport'/);
    const badDate = meddoc(['keys', 'create', '--expires', 'tomorrow'], env);
    assert.equal(badDate.code, 2);
    assert.match(badDate.stderr, /not an ISO-8601/);
  });
});

describe('meddoc serve', () => {
  let slow: Server;
  let slowUrl: string;
  before(async () => {
    const png = await solidPng(300, 300);
    slow = createServer((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
        res.end(png);
      }, 1500);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow.png`;
  });
  after(() => new Promise<void>((resolve) => slow.close(() => resolve())));

  test('prints how to create the first key; SIGTERM lets the request in flight finish, then exits 0', { timeout: 60000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'meddoc-serve-'));
    let child: ChildProcess | undefined;
    try {
      const env = { ...process.env, MEDDOC_DATA_DIR: dataDir, MEDDOC_LOG_LEVEL: 'silent', MEDDOC_HOST: '127.0.0.1', MEDDOC_FETCH_ALLOW_HOSTS: '127.0.0.1' };
      child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout!.setEncoding('utf8');
      const address = await new Promise<string>((resolve, reject) => {
        child!.stdout!.on('data', (chunk: string) => {
          out += chunk;
          const m = /listening on (http:\/\/[^\s]+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child!.once('exit', (code) => reject(new Error(`serve exited early with ${code}: ${out}`)));
      });
      assert.match(out, /No API key exists yet/);
      assert.match(out, /meddoc keys create/);
      if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined && process.env.MALLOC_MMAP_THRESHOLD_ === undefined) {
        // The launcher starts the server again with glibc's malloc settings (bin/meddoc.js) and passes signals on.
        const server = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/);
        assert.equal(server.length, 1, 'one server process under the launcher');
        const environ = readFileSync(`/proc/${server[0]}/environ`, 'utf8').split('\0');
        assert.ok(environ.includes('MALLOC_ARENA_MAX=2'));
        assert.ok(environ.includes('MALLOC_MMAP_THRESHOLD_=1048576'));
      }

      const key = JSON.parse(meddoc(['keys', 'create', '--json'], { MEDDOC_DATA_DIR: dataDir }).stdout) as { api_id: string; api_secret: string };
      const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
      const inFlight = fetch(`${address}/ocr/medical/v2/medical_invoice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-DF-API-ID': key.api_id, 'X-DF-API-SECRET': key.api_secret },
        body: JSON.stringify({ url: slowUrl }),
      });
      await new Promise((resolve) => setTimeout(resolve, 600));
      child.kill('SIGTERM');
      const res = await inFlight;
      const body = (await res.json()) as Record<string, unknown>;
      assert.equal(typeof body.status, 'string');
      assert.notEqual(body.status, 'DOWNLOAD_ERROR', 'the download in flight was cut by the shutdown');
      assert.equal(await exited, 0);
    } finally {
      child?.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
