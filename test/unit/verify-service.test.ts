import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { VerifyData } from '../../src/contract/verify.js';
import { importLedgerText, markLedgerInvoice } from '../../src/store/ledger.js';
import { readCounters } from '../../src/store/verify-counters.js';
import { DEFAULT_VERIFY_CONFIG, type VerifyConfig } from '../../src/verify/config.js';
import { createVerifier, type VerifyOutcome } from '../../src/verify/service.js';
import type { VerificationSource } from '../../src/verify/source.js';
import { elementsOf, memoryDb, sampleInvoice, tempStore, toJsonl } from './verify-support.js';

const zhejiang = sampleInvoice();
const henan = sampleInvoice({ note_code: '41010124', note_no: '0000000041', province: '河南', patient_name: '张 测试', check_code: 'qfmejx' });
const hebei = sampleInvoice({
  note_code: '13010124',
  note_no: '0000000013',
  province: '',
  reim_agency_list: [{ amt: '100.00', note_code: '13010124', note_no: '0000000013', reimAgency: '示例保险公司', writeDate: '2024-03-20' }],
});

function setup(config: Partial<VerifyConfig> = {}, clockStart = '2024-03-16T02:00:00Z') {
  const db = memoryDb();
  importLedgerText(db, toJsonl([zhejiang, henan, hebei]));
  let clock = new Date(clockStart).getTime();
  const verifier = createVerifier({ db, config: { ...DEFAULT_VERIFY_CONFIG, ...config }, now: () => new Date(clock) });
  return {
    db,
    verifier,
    advance(ms: number) {
      clock += ms;
    },
  };
}

function errorOf(outcome: VerifyOutcome): number | 'ok' {
  return outcome.ok ? 'ok' : outcome.error_code;
}

test('a matching invoice verifies with complete data and query_num 1, no query_last_date', async () => {
  const { verifier } = setup();
  const outcome = await verifier.verify(elementsOf(zhejiang));
  assert.ok(outcome.ok);
  assert.ok(Value.Check(VerifyData, outcome.data), 'data matches the contract schema');
  const add = outcome.data.invoice_additional_result;
  assert.equal(add.query_num, 1);
  assert.equal(add.query_last_date, undefined);
  assert.equal(add.total_cost, 120.5);
  assert.equal(add.check_code, 'a1b2c3');
  assert.equal(add.reim_agency_list, undefined, 'reim_agency_list is for Hebei only');
  assert.deepEqual(add.img_status, []);
  assert.equal(outcome.data.invoice_standard_result.hospital_name, zhejiang.hospital_name);
});

test('query_num counts successes only; query_last_date is the previous success, Shanghai time', async () => {
  const { verifier, advance } = setup();
  assert.equal(errorOf(await verifier.verify(elementsOf(zhejiang))), 'ok'); // 02:00Z = 10:00 Shanghai
  advance(60_000);
  assert.equal(errorOf(await verifier.verify({ ...elementsOf(zhejiang), check_code: 'zzzzzz' })), 308);
  advance(60_000);
  const third = await verifier.verify({ ...elementsOf(zhejiang), billing_date: '20240315', total_cost: '120.5' });
  assert.ok(third.ok);
  assert.equal(third.data.invoice_additional_result.query_num, 2);
  assert.equal(third.data.invoice_additional_result.query_last_date, '2024-03-16 10:00:00');
});

test('elements that differ from the invoice: 308 check code, 307 amount, 306 date; unknown invoice 300', async () => {
  const { verifier } = setup({ dailyLimit: 50 });
  const base = elementsOf(zhejiang);
  assert.equal(errorOf(await verifier.verify({ ...base, check_code: 'b1b2c3' })), 308);
  assert.equal(errorOf(await verifier.verify({ ...base, total_cost: '120.51' })), 307);
  assert.equal(errorOf(await verifier.verify({ ...base, billing_date: '2024-03-14' })), 306);
  // Check code is compared first: all three wrong gives 308.
  assert.equal(errorOf(await verifier.verify({ ...base, check_code: 'b1b2c3', total_cost: '1', billing_date: '2024-01-01' })), 308);
  assert.equal(errorOf(await verifier.verify({ ...base, note_no: '9999999999' })), 300);
  assert.equal(errorOf(await verifier.verify({ ...base, note_no: '' })), 301);
  assert.equal(errorOf(await verifier.verify({ ...base, billing_date: '2024-02-30' })), 325);
});

test('daily limit: every attempt on an existing invoice counts; the one after the limit gives 313; a new Shanghai day resets', async () => {
  const { verifier, advance, db } = setup({ dailyLimit: 5 }, '2024-03-16T10:00:00Z'); // 18:00 Shanghai
  const base = elementsOf(zhejiang);
  for (let i = 0; i < 3; i += 1) assert.equal(errorOf(await verifier.verify({ ...base, check_code: `wrong${i}` })), 308);
  assert.equal(errorOf(await verifier.verify(base)), 'ok');
  assert.equal(errorOf(await verifier.verify(base)), 'ok');
  assert.equal(errorOf(await verifier.verify(base)), 313);
  assert.equal(errorOf(await verifier.verify({ ...base, check_code: 'wrong9' })), 313, 'no more guessing either');
  // Attempts on invoices that do not exist are not counted against anything.
  assert.equal(errorOf(await verifier.verify({ ...base, note_no: '9999999999' })), 300);
  assert.equal(readCounters(db, zhejiang.note_code, zhejiang.note_no)?.attempts_today, 5);
  advance(6 * 3600_000); // 00:00 Shanghai next day
  const next = await verifier.verify(base);
  assert.ok(next.ok);
  assert.equal(next.data.invoice_additional_result.query_num, 3);
  assert.equal(next.data.invoice_additional_result.query_last_date, '2024-03-16 18:00:00');
});

test('MEDDOC_VERIFY_DAILY_LIMIT is read by loadVerifyConfig', async () => {
  const { loadVerifyConfig } = await import('../../src/verify/config.js');
  assert.equal(loadVerifyConfig({ MEDDOC_VERIFY_DAILY_LIMIT: '7' }).dailyLimit, 7);
  assert.equal(loadVerifyConfig({}).dailyLimit, 5);
  assert.throws(() => loadVerifyConfig({ MEDDOC_VERIFY_DAILY_LIMIT: 'lots' }), /MEDDOC_VERIFY_DAILY_LIMIT/);
});

test('20 parallel verifications of one invoice leave exact counts', async () => {
  const { verifier, db } = setup({ dailyLimit: 25 });
  const outcomes = await Promise.all(Array.from({ length: 20 }, () => verifier.verify(elementsOf(zhejiang))));
  const nums = outcomes.map((o) => (o.ok ? (o.data.invoice_additional_result.query_num ?? -1) : -1)).sort((a, b) => a - b);
  assert.deepEqual(nums, Array.from({ length: 20 }, (_, i) => i + 1));
  assert.deepEqual(readCounters(db, zhejiang.note_code, zhejiang.note_no)?.success_count, 20);

  const limited = setup({ dailyLimit: 5 });
  const results = await Promise.all(Array.from({ length: 20 }, () => limited.verifier.verify(elementsOf(zhejiang))));
  assert.equal(results.filter((o) => o.ok).length, 5);
  assert.equal(results.filter((o) => !o.ok && o.error_code === 313).length, 15);
});

test('20 verifications from two threads on two connections to one file leave exact counts', async () => {
  const store = tempStore();
  try {
    importLedgerText(store.db, toJsonl([zhejiang]));
    const serviceUrl = pathToFileURL(join(import.meta.dirname, '../../src/verify/service.js')).href;
    const dbUrl = pathToFileURL(join(import.meta.dirname, '../../src/store/db.js')).href;
    // Each worker opens its own connection and fires 10 verifications at once.
    const code = `
      const { workerData, parentPort } = require('node:worker_threads');
      (async () => {
        const { openDatabase } = await import(workerData.dbUrl);
        const { createVerifier } = await import(workerData.serviceUrl);
        const db = openDatabase(workerData.dir);
        const verifier = createVerifier({ db, config: { dailyLimit: 12, defaultDeadlineMs: 10000, defaultSource: 'ledger', regions: {} } });
        const outs = await Promise.all(Array.from({ length: 10 }, () => verifier.verify(workerData.elements)));
        db.close();
        parentPort.postMessage(outs.map((o) => (o.ok ? 'ok' : o.error_code)));
      })().catch((e) => parentPort.postMessage(String(e)));`;
    const run = () =>
      new Promise<unknown>((resolve, reject) => {
        const w = new Worker(code, { eval: true, workerData: { dir: store.dir, serviceUrl, dbUrl, elements: elementsOf(zhejiang) } });
        w.once('message', resolve);
        w.once('error', reject);
      });
    const answers = (await Promise.all([run(), run()])) as unknown[][];
    const all = answers.flat();
    assert.equal(all.length, 20, `workers answered: ${JSON.stringify(answers)}`);
    assert.equal(all.filter((x) => x === 'ok').length, 12);
    assert.equal(all.filter((x) => x === 313).length, 8);
    const counters = readCounters(store.db, zhejiang.note_code, zhejiang.note_no);
    assert.equal(counters?.success_count, 12);
    assert.equal(counters?.attempts_today, 12);
  } finally {
    store.cleanup();
  }
});

test('Henan: patient_name required (318 when missing or wrong), compared without spaces', async () => {
  const { verifier, db } = setup({ dailyLimit: 50 });
  const { patient_name: _name, ...noName } = elementsOf(henan);
  assert.equal(errorOf(await verifier.verify(noName)), 318);
  assert.equal(readCounters(db, henan.note_code, henan.note_no), undefined, 'a missing name is not a guess: not counted');
  assert.equal(errorOf(await verifier.verify({ ...noName, patient_name: '李测试' })), 318);
  assert.equal(readCounters(db, henan.note_code, henan.note_no)?.attempts_today, 1, 'a wrong name counts');
  const ok = await verifier.verify({ ...noName, patient_name: '张测试' });
  assert.ok(ok.ok);
  assert.equal(ok.data.invoice_additional_result.reim_agency_list, undefined);
  // Outside Henan the name is not checked.
  assert.equal(errorOf(await verifier.verify({ ...elementsOf(zhejiang), patient_name: '别人' })), 'ok');
});

test('Hebei: reim_agency_list in the additional result; empty province filled from the region table', async () => {
  const { verifier, db } = setup();
  markLedgerInvoice(db, hebei.note_code, hebei.note_no, 'yiruzhang', { agency: '第二保险公司', amount: '20.50', writeDate: '2024-03-21' });
  const outcome = await verifier.verify(elementsOf(hebei));
  assert.ok(outcome.ok);
  const add = outcome.data.invoice_additional_result;
  assert.deepEqual(
    add.reim_agency_list?.map((r) => [r.reimAgency, r.amt]),
    [
      ['示例保险公司', '100.00'],
      ['第二保险公司', '20.50'],
    ],
  );
  assert.deepEqual(add.img_status, ['yiruzhang']);
  assert.equal(outcome.data.invoice_standard_result.province, '河北');
});

test('voided and red-issued invoices verify OK and carry their markers (no 315/320)', async () => {
  const { verifier, db } = setup();
  markLedgerInvoice(db, zhejiang.note_code, zhejiang.note_no, 'yizuofei');
  markLedgerInvoice(db, zhejiang.note_code, zhejiang.note_no, 'yikaihongpiao');
  const outcome = await verifier.verify(elementsOf(zhejiang));
  assert.ok(outcome.ok);
  assert.deepEqual([...outcome.data.invoice_additional_result.img_status].sort(), ['yikaihongpiao', 'yizuofei']);
  assert.deepEqual([...outcome.data.invoice_standard_result.img_status].sort(), ['yikaihongpiao', 'yizuofei']);
});

test('region not supported: unknown code or a disabled region gives 319', async () => {
  const { verifier } = setup({ regions: { '33': { source: 'disabled' } } });
  assert.equal(errorOf(await verifier.verify({ ...elementsOf(zhejiang), note_code: '99060124' })), 319);
  assert.equal(errorOf(await verifier.verify(elementsOf(zhejiang))), 319);
  const onlyListed = setup({ defaultSource: 'disabled', regions: { '41': { source: 'ledger' } } });
  assert.equal(errorOf(await onlyListed.verifier.verify(elementsOf(zhejiang))), 319);
  assert.equal(errorOf(await onlyListed.verifier.verify(elementsOf(henan))), 'ok');
});

test('store failure gives 311; a source that throws gives 321; one that hangs past the deadline gives 317', async () => {
  const broken = setup();
  broken.db.close();
  assert.equal(errorOf(await broken.verifier.verify(elementsOf(zhejiang))), 311);

  const db = memoryDb();
  const throwing: VerificationSource = { name: 'throws', lookup: () => Promise.reject(new Error('boom')) };
  const hanging: VerificationSource = { name: 'hangs', lookup: () => new Promise(() => undefined) };
  const verifier = createVerifier({ db, sources: { '33': throwing, '41': hanging } });
  assert.equal(errorOf(await verifier.verify(elementsOf(zhejiang))), 321);
  const started = Date.now();
  assert.equal(errorOf(await verifier.verify(elementsOf(henan), { deadlineMs: 80 })), 317);
  assert.ok(Date.now() - started < 1000, 'answered at the deadline, not later');
});
