import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/util/paths.js';
import { parseLedgerLines } from '../../src/store/ledger.js';
import { readCounters } from '../../src/store/verify-counters.js';
import { DEFAULT_VERIFY_CONFIG, parseSourcesFile, type RemoteSourceConfig } from '../../src/verify/config.js';
import { loadRegions } from '../../src/verify/regions.js';
import { createRemoteSource } from '../../src/verify/remote-source.js';
import { createVerifier, type VerifyOutcome } from '../../src/verify/service.js';
import { startSimPlatform, type SimPlatform } from '../../src/verify/sim-platform.js';
import { elementsOf, memoryDb, sampleInvoice, toJsonl } from './verify-support.js';

const zhejiang = sampleInvoice();
const records = parseLedgerLines(toJsonl([zhejiang])).map((p) => p.record);
const credentials = { id: 'meddoc', secret: 'sim-secret' };
let platform: SimPlatform;

before(async () => {
  platform = await startSimPlatform({ records, credentials });
});
after(async () => {
  await platform.close();
});

function remoteConfig(overrides: Partial<RemoteSourceConfig> = {}): RemoteSourceConfig {
  return {
    source: 'remote',
    base_url: platform.url,
    api_id: credentials.id,
    api_secret: credentials.secret,
    timeout_ms: 300,
    retries: 1,
    backoff_ms: 10,
    breaker: { failures: 100, cooldown_ms: 1000 },
    ...overrides,
  };
}

function verifierFor(config: RemoteSourceConfig) {
  const db = memoryDb();
  return { db, verifier: createVerifier({ db, config: { ...DEFAULT_VERIFY_CONFIG, dailyLimit: 100, regions: { '33': config } } }) };
}

function errorOf(outcome: VerifyOutcome): number | 'ok' {
  return outcome.ok ? 'ok' : outcome.error_code;
}

test('a healthy platform: found verifies (counted locally), unknown invoice 300, mismatch 308', async () => {
  platform.setFault('none');
  const { db, verifier } = verifierFor(remoteConfig());
  const ok = await verifier.verify(elementsOf(zhejiang));
  assert.ok(ok.ok);
  assert.equal(ok.data.invoice_additional_result.query_num, 1);
  assert.equal(ok.data.invoice_standard_result.hospital_name, zhejiang.hospital_name);
  assert.equal(errorOf(await verifier.verify({ ...elementsOf(zhejiang), note_no: '9999999999' })), 300);
  assert.equal(errorOf(await verifier.verify({ ...elementsOf(zhejiang), check_code: 'zzzzzz' })), 308);
  assert.equal(readCounters(db, zhejiang.note_code, zhejiang.note_no)?.attempts_today, 2);
});

test('each fault of the platform maps to its code: down 100, garbage 198, error 314, maintenance 316, slow 317', async () => {
  const { verifier } = verifierFor(remoteConfig());
  const expected: [Parameters<SimPlatform['setFault']>[0], number][] = [
    ['down', 100],
    ['garbage', 198],
    ['error', 314],
    ['maintenance', 316],
  ];
  for (const [mode, code] of expected) {
    platform.setFault(mode);
    assert.equal(errorOf(await verifier.verify(elementsOf(zhejiang))), code, `fault ${mode}`);
  }
  platform.setFault('slow', 2000);
  const started = Date.now();
  assert.equal(errorOf(await verifier.verify(elementsOf(zhejiang), { deadlineMs: 400 })), 317);
  const took = Date.now() - started;
  assert.ok(took < 800, `slow platform answered by the deadline (took ${took} ms)`);
  platform.setFault('none');
});

test('unreachable platform (nothing listening) gives 100; wrong credentials give 314', async () => {
  platform.setFault('none');
  const closed = await startSimPlatform({ records });
  const deadUrl = closed.url;
  await closed.close();
  const dead = verifierFor(remoteConfig({ base_url: deadUrl }));
  assert.equal(errorOf(await dead.verifier.verify(elementsOf(zhejiang))), 100);
  const wrong = verifierFor(remoteConfig({ api_secret: 'nope' }));
  assert.equal(errorOf(await wrong.verifier.verify(elementsOf(zhejiang))), 314);
});

test('retries never run past the caller deadline', async () => {
  platform.setFault('slow', 1000);
  const source = createRemoteSource('33', remoteConfig({ timeout_ms: 150, retries: 10, backoff_ms: 5 }));
  const region = loadRegions().get('33');
  assert.ok(region);
  const started = Date.now();
  const result = await source.lookup({ region, note_code: zhejiang.note_code, note_no: zhejiang.note_no, deadline: started + 500 });
  const took = Date.now() - started;
  assert.deepEqual(result.kind === 'fault' ? result.fault : result.kind, 'timeout');
  assert.ok(took >= 400 && took < 800, `stopped at the deadline (took ${took} ms)`);
  platform.setFault('none');
});

test('transient failures are retried: one platform error then success', async () => {
  platform.setFault('error');
  const source = createRemoteSource('33', remoteConfig({ retries: 2, backoff_ms: 50 }));
  const region = loadRegions().get('33');
  assert.ok(region);
  const before = platform.queries();
  // Healthy again as soon as the first query has been answered with an error, before the retry.
  const watch = setInterval(() => {
    if (platform.queries() > before) {
      platform.setFault('none');
      clearInterval(watch);
    }
  }, 1);
  const result = await source.lookup({ region, note_code: zhejiang.note_code, note_no: zhejiang.note_no, deadline: Date.now() + 2000 });
  clearInterval(watch);
  assert.equal(result.kind, 'found');
  assert.equal(platform.queries() - before, 2);
  // A definite answer (maintenance) is not retried.
  platform.setFault('maintenance');
  const m0 = platform.queries();
  await source.lookup({ region, note_code: zhejiang.note_code, note_no: zhejiang.note_no, deadline: Date.now() + 2000 });
  assert.equal(platform.queries() - m0, 1);
  platform.setFault('none');
});

test('circuit breaker: opens after consecutive failures, answers at once, lets one trial through after the cooldown', async () => {
  let clock = 1_000_000;
  const source = createRemoteSource('33', remoteConfig({ retries: 0, breaker: { failures: 3, cooldown_ms: 5000 } }), {
    now: () => clock,
  });
  const region = loadRegions().get('33');
  assert.ok(region);
  const query = () => source.lookup({ region, note_code: zhejiang.note_code, note_no: zhejiang.note_no, deadline: Date.now() + 2000 });
  platform.setFault('error');
  for (let i = 0; i < 3; i += 1) await query();
  const beforeOpen = platform.queries();
  const open = await query();
  assert.equal(open.kind === 'fault' ? open.fault : open.kind, 'platform_error');
  assert.equal(platform.queries(), beforeOpen, 'open circuit does not call the platform');
  platform.setFault('slow', 150);
  clock += 5001;
  // Half-open: one trial goes out; a call while it is out is answered at once.
  const [trial, meanwhile] = await Promise.all([query(), query()]);
  assert.equal(trial.kind, 'found');
  assert.equal(meanwhile.kind === 'fault' ? meanwhile.detail : meanwhile.kind, 'circuit open');
  assert.equal(platform.queries(), beforeOpen + 1);
  platform.setFault('none');
  await query();
  assert.equal(platform.queries(), beforeOpen + 2, 'closed again');
});

test('sources file: remote regions with secrets from the environment, disabled regions, bad files rejected', () => {
  const parsed = parseSourcesFile(
    JSON.stringify({
      default: 'ledger',
      regions: { '33': { source: 'remote', base_url: 'http://127.0.0.1:9/', api_id: 'a', api_secret_env: 'ZJ_SECRET' }, '54': { source: 'disabled' } },
    }),
    { ZJ_SECRET: 's3' },
  );
  const zj = parsed.regions['33'];
  assert.ok(zj && zj.source === 'remote');
  assert.equal(zj.api_secret, 's3');
  assert.equal(zj.base_url, 'http://127.0.0.1:9');
  assert.equal(parsed.regions['54']?.source, 'disabled');
  assert.throws(() => parseSourcesFile('{"regions":{"33":{"source":"remote","base_url":"x"}}}', {}), /base_url/);
  assert.throws(() => parseSourcesFile('{"regions":{"33":{"source":"remote","base_url":"http://h","api_secret_env":"NOPE"}}}', {}), /NOPE/);
  assert.throws(() => parseSourcesFile('{"regions":{"333":{"source":"ledger"}}}', {}), /two-digit/);
});

test('CLI: meddoc sim-platform serves the data file and switches faults through /admin/fault', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'meddoc-sim-'));
  const file = join(dir, 'platform.jsonl');
  writeFileSync(file, toJsonl([zhejiang]));
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin/meddoc.js'), 'sim-platform', '--port', '0', '--data', file, '--fault', 'maintenance'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /on (http:\/\/\S+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`sim-platform exited ${code}`)));
    });
    const { verifier } = verifierFor(remoteConfig({ base_url: url, api_id: '', api_secret: '' }));
    assert.equal(errorOf(await verifier.verify(elementsOf(zhejiang))), 316);
    const switched = await fetch(`${url}/admin/fault`, { method: 'POST', body: JSON.stringify({ mode: 'none' }) });
    assert.equal(switched.status, 200);
    assert.equal(errorOf(await verifier.verify(elementsOf(zhejiang))), 'ok');
    const bad = await fetch(`${url}/admin/fault`, { method: 'POST', body: JSON.stringify({ mode: 'melting' }) });
    assert.equal(bad.status, 400);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
