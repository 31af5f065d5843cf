/**
 * Operation B through the HTTP API (issue 7): every error code of api.md 7.2 that a request can
 * reach, with the exact VERIFY_FAILED envelope; complete OK bodies; the daily limit under parallel
 * requests; the Henan and Hebei rules; the remote connector's codes against the simulated
 * platform with each fault switched on; the caller's deadline inside the request timeout.
 */
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { startTestServer, post, fileForm, type JsonResponse, type TestServer } from '../helpers/server.js';
import { generateDocument } from '../../src/synth/generate.js';
import { layoutText, renderPage, type PageSpec } from '../../src/render/page.js';
import { importLedgerText, parseLedgerLines } from '../../src/store/ledger.js';
import { startSimPlatform, type SimPlatform } from '../../src/verify/sim-platform.js';
import type { InvoiceRecordInput } from '../../src/verify/invoice-record.js';
import { sampleInvoice, toJsonl, elementsOf } from '../unit/verify-support.js';

const B = '/ocr/medical/verify_note_code';

/** api.md 7.2, verbatim: the reason a client of the original service receives for each code. */
const REASONS: Readonly<Record<number, string>> = {
  100: 'network error',
  198: 'result parse failed',
  300: 'invoice not exist',
  301: 'note_no is required',
  302: 'check_code is required',
  303: 'note_code is required',
  304: 'billing_date is required',
  305: 'total_cost is required',
  306: 'billing_date error',
  307: 'total_cost error',
  308: 'check_code error',
  309: 'note_code error',
  310: 'note_no error',
  311: 'bill query exception',
  312: 'e-invoice verify request params format error',
  313: 'e-invoice verify rate limit count',
  314: 'financial system error',
  316: 'province system maintain',
  317: 'access data source time out',
  318: 'auth failed',
  319: 'area not support',
  325: 'billing_date format error',
};

type FieldType = 'string' | 'int' | 'float' | 'object' | 'array';

/** api.md 2.B invoice_standard_result: every field and its contract type. */
const STANDARD_FIELDS: Readonly<Record<string, FieldType>> = {
  province: 'string', note_title: 'string', type: 'int', note_no: 'string', patient_name: 'string',
  patient_gender: 'int', billing_date: 'string', checksum: 'object', cost_categories: 'array',
  cost_detail_list: 'array', hospital_name: 'string', start_hospital_date: 'string', end_hospital_date: 'string',
  hospital_days: 'float', total_cost: 'float', medical_insurance_type: 'string', medical_organization_type: 'string',
  service_serial_no: 'string', social_security_card_no: 'string', payments_info: 'array', charging_units: 'string',
  hospital_no: 'string', payee: 'string', reviewer: 'string', hospital_departments: 'string', work_unit: 'string',
  payment_channel: 'string', medical_insurance_no: 'string', medical_card_no: 'string', check_code: 'string',
  note_code: 'string', medical_record_no: 'string', unified_social_credit_code: 'string', treatment_date: 'string',
  invoice_party_code: 'string', remark: 'string', img_status: 'array',
};

function assertType(value: unknown, type: FieldType, where: string): void {
  if (type === 'int') assert.ok(Number.isInteger(value), `${where} is an int: ${String(value)}`);
  else if (type === 'float') assert.equal(typeof value, 'number', `${where} is a number`);
  else if (type === 'array') assert.ok(Array.isArray(value), `${where} is an array`);
  else if (type === 'object') assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), `${where} is an object`);
  else assert.equal(typeof value, 'string', `${where} is a string`);
}

/** The VERIFY_FAILED envelope, exactly: HTTP 200 and nothing but these five fields. */
function assertFailed(res: JsonResponse, code: number, qrcodeScanResult: -1 | 0 | 1 = -1): void {
  assert.equal(res.status, 200, `HTTP status of ${code}: ${JSON.stringify(res.body)}`);
  assert.deepEqual(Object.keys(res.body).sort(), ['error_code', 'qrcode_scan_result', 'reason', 'request_id', 'status']);
  assert.equal(res.body.status, 'VERIFY_FAILED');
  assert.equal(res.body.error_code, code, `error_code (reason: ${String(res.body.reason)})`);
  assert.equal(res.body.reason, REASONS[code]);
  assert.equal(res.body.qrcode_scan_result, qrcodeScanResult);
  assert.ok(typeof res.body.request_id === 'string' && res.body.request_id.length > 0);
}

interface OkData {
  invoice_standard_result: Record<string, unknown>;
  invoice_additional_result: Record<string, unknown>;
}

function assertOk(res: JsonResponse): OkData {
  assert.equal(res.status, 200);
  assert.equal(res.body.status, 'OK', `not OK: ${JSON.stringify(res.body)}`);
  assert.deepEqual(Object.keys(res.body).sort(), ['data', 'request_id', 'status']);
  assert.ok(typeof res.body.request_id === 'string' && res.body.request_id.length > 0);
  const data = res.body.data as OkData;
  assert.deepEqual(Object.keys(data).sort(), ['invoice_additional_result', 'invoice_standard_result']);
  const std = data.invoice_standard_result;
  assert.deepEqual(Object.keys(std).sort(), Object.keys(STANDARD_FIELDS).sort());
  for (const [name, type] of Object.entries(STANDARD_FIELDS)) assertType(std[name], type, `invoice_standard_result.${name}`);
  for (const name of ['cost_categories', 'cost_detail_list'] as const) {
    const value = (std.checksum as Record<string, unknown>)[name];
    assert.ok(value === -1 || value === 0 || value === 1, `checksum.${name} is -1/0/1`);
  }
  return data;
}

/** The additional result: always these fields (query_last_date from the second success, reim_agency_list in Hebei). */
function assertAdditional(data: OkData, invoice: InvoiceRecordInput, expect: { queryNum: number; hebei?: boolean }): void {
  const add = data.invoice_additional_result;
  const keys = ['billing_date', 'check_code', 'img_status', 'note_code', 'note_no', 'query_num', 'total_cost'];
  if (expect.queryNum > 1) keys.push('query_last_date');
  if (expect.hebei) keys.push('reim_agency_list');
  assert.deepEqual(Object.keys(add).sort(), keys.sort());
  assert.equal(add.note_code, invoice.note_code);
  assert.equal(add.note_no, invoice.note_no);
  assert.equal(add.check_code, invoice.check_code);
  assert.equal(add.billing_date, invoice.billing_date);
  assert.equal(add.total_cost, invoice.total_cost);
  assert.deepEqual(add.img_status, invoice.img_status);
  assert.equal(add.query_num, expect.queryNum);
  if (expect.queryNum > 1) assert.match(String(add.query_last_date), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
}

const zhejiang = sampleInvoice();
const mismatching = sampleInvoice({ note_no: '0012345679', check_code: 'b2c3d4' });
const parallel = sampleInvoice({ note_no: '0012345680' });
const locked = sampleInvoice({ note_no: '0012345681' });
const henan = sampleInvoice({
  province: '河南', note_title: '河南省医疗住院收费票据（电子）', type: 2, note_code: '41010124', note_no: '0000004101',
  patient_name: '测试 病人', check_code: '9f8e7d', img_status: ['yidayin'],
});
const hebei = sampleInvoice({
  province: '河北', note_title: '河北省医疗门诊收费票据（电子）', note_code: '13010124', note_no: '0000001301', check_code: 'c0ffee',
  img_status: ['yidayin', 'yiruzhang'],
  reim_agency_list: [{ amt: '56.80', note_code: '13010124', note_no: '0000001301', reimAgency: '示例人寿保险股份有限公司', writeDate: '2024-01-20' }],
});

describe('B through HTTP against the ledger', () => {
  let server: TestServer;
  const verify = (json: Record<string, unknown>) => post(server.url + B, { headers: server.headers, json });

  before(async () => {
    server = await startTestServer();
    importLedgerText(server.service.db, toJsonl([zhejiang, mismatching, parallel, locked, henan, hebei]));
  });
  after(async () => server.close());

  test('missing elements: 301..305, also as form fields', async () => {
    const all = elementsOf(mismatching);
    const missing: [string, number][] = [['note_no', 301], ['check_code', 302], ['note_code', 303], ['billing_date', 304], ['total_cost', 305]];
    for (const [name, code] of missing) {
      const { [name]: _dropped, ...rest } = all;
      assertFailed(await verify(rest), code);
      assertFailed(await post(server.url + B, { headers: server.headers, urlencoded: { ...rest, [name]: '  ' } }), code);
    }
  });

  test('elements of impossible shape: 309, 310, 312, 325, 307, 308', async () => {
    const all = elementsOf(mismatching);
    assertFailed(await verify({ ...all, note_code: '3306012' }), 309);
    assertFailed(await verify({ ...all, note_no: '00123456x9' }), 310);
    assertFailed(await verify({ ...all, check_code: 'a'.repeat(65) }), 312);
    assertFailed(await verify({ ...all, billing_date: '2024-02-30' }), 325);
    assertFailed(await verify({ ...all, billing_date: '15.03.2024' }), 325);
    assertFailed(await verify({ ...all, total_cost: '12O.50' }), 307);
    assertFailed(await verify({ ...all, check_code: 'b2c3' }), 308);
  });

  test('unknown invoice 300; known invoice with one element wrong: 308, 307, 306; region not served 319', async () => {
    const all = elementsOf(mismatching);
    assertFailed(await verify({ ...all, note_no: '0099999999' }), 300);
    assertFailed(await verify({ ...all, check_code: 'b2c3d5' }), 308);
    assertFailed(await verify({ ...all, total_cost: '120.51' }), 307);
    assertFailed(await verify({ ...all, billing_date: '2024-03-16' }), 306);
    assertFailed(await verify({ ...all, note_code: '99060124' }), 319);
    // Right elements still verify: three wrong attempts left two of the day's five.
    assertOk(await verify({ ...all, check_code: 'B2C3D4', billing_date: '20240315', total_cost: 120.5 }));
  });

  test('OK carries the ledger invoice in full; query_last_date from the second success', async () => {
    const first = assertOk(await verify(elementsOf(zhejiang)));
    const { reim_agency_list: _none, ...standard } = zhejiang;
    assert.deepEqual(first.invoice_standard_result, standard);
    assertAdditional(first, zhejiang, { queryNum: 1 });
    const second = assertOk(await verify(elementsOf(zhejiang)));
    assertAdditional(second, zhejiang, { queryNum: 2 });
  });

  test('20 parallel verifications of one invoice: exactly the daily limit (5) succeed, query_num 1..5', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(elementsOf(parallel))));
    const ok = answers.filter((a) => a.body.status === 'OK');
    const limited = answers.filter((a) => a.body.error_code === 313);
    assert.equal(ok.length, 5);
    assert.equal(limited.length, 15);
    for (const a of limited) assertFailed(a, 313);
    const nums = ok.map((a) => (a.body.data as OkData).invoice_additional_result.query_num as number).sort((x, y) => x - y);
    assert.deepEqual(nums, [1, 2, 3, 4, 5]);
    const last = ok.find((a) => (a.body.data as OkData).invoice_additional_result.query_num === 5);
    assert.ok(last);
    assertAdditional(last.body.data as OkData, parallel, { queryNum: 5 });
    assertFailed(await verify(elementsOf(parallel)), 313);
  });

  test('Henan: patient_name required (318 when missing or wrong), compared without spaces', async () => {
    const { patient_name: _name, ...withoutName } = elementsOf(henan);
    assertFailed(await verify(withoutName), 318);
    assertFailed(await verify({ ...withoutName, patient_name: '别的病人' }), 318);
    const data = assertOk(await verify({ ...withoutName, patient_name: '测试病人' }));
    assert.equal(data.invoice_standard_result.province, '河南');
    assertAdditional(data, henan, { queryNum: 1 });
  });

  test('Hebei: reim_agency_list only there, with the ledger records', async () => {
    const data = assertOk(await verify(elementsOf(hebei)));
    assertAdditional(data, hebei, { queryNum: 1, hebei: true });
    assert.deepEqual(data.invoice_additional_result.reim_agency_list, hebei.reim_agency_list);
    const zj = assertOk(await verify(elementsOf(zhejiang)));
    assert.equal('reim_agency_list' in zj.invoice_additional_result, false);
  });
});

describe('B through HTTP against a remote platform (simulated), faults switched on', () => {
  let server: TestServer;
  let platform: SimPlatform;
  let dir: string;
  const credentials = { id: 'meddoc-test', secret: 'sim-secret-for-tests' };
  const verify = (json: Record<string, unknown>) => post(server.url + B, { headers: server.headers, json });

  before(async () => {
    platform = await startSimPlatform({ records: parseLedgerLines(toJsonl([zhejiang])).map((p) => p.record), credentials });
    dir = mkdtempSync(join(tmpdir(), 'meddoc-verify-http-'));
    const sourcesFile = join(dir, 'sources.json');
    // Attempt timeout above the request's time: only the deadline the route passes can stop a slow platform in time.
    const region = { source: 'remote', base_url: platform.url, api_id: credentials.id, api_secret: credentials.secret, timeout_ms: 5000, retries: 0, breaker: { failures: 1000, cooldown_ms: 1000 } };
    writeFileSync(sourcesFile, JSON.stringify({ default: 'ledger', regions: { '33': region, '54': { source: 'disabled' } } }));
    // The verification settings are read from the process environment when the service starts.
    process.env.MEDDOC_VERIFY_SOURCES = sourcesFile;
    try {
      server = await startTestServer({ MEDDOC_REQUEST_TIMEOUT_MS: '1500' });
    } finally {
      delete process.env.MEDDOC_VERIFY_SOURCES;
    }
  });
  after(async () => {
    await server.close();
    await platform.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('fault none: OK with the platform invoice, 300 for an unknown one, 308 for a wrong check code', async () => {
    platform.setFault('none');
    const data = assertOk(await verify(elementsOf(zhejiang)));
    assert.equal(data.invoice_standard_result.hospital_name, zhejiang.hospital_name);
    assertAdditional(data, zhejiang, { queryNum: 1 });
    assertFailed(await verify({ ...elementsOf(zhejiang), note_no: '0099999999' }), 300);
    assertFailed(await verify({ ...elementsOf(zhejiang), check_code: 'ffffff' }), 308);
  });

  test('down 100, garbage 198, error 314, maintenance 316', async () => {
    const faults = [['down', 100], ['garbage', 198], ['error', 314], ['maintenance', 316]] as const;
    for (const [mode, code] of faults) {
      platform.setFault(mode);
      assertFailed(await verify(elementsOf(zhejiang)), code);
    }
    platform.setFault('none');
  });

  test('slow platform: 317 within the request timeout (the route passes its deadline)', async () => {
    platform.setFault('slow', 4000);
    const started = performance.now();
    const res = await verify(elementsOf(zhejiang));
    const took = performance.now() - started;
    platform.setFault('none');
    assertFailed(res, 317);
    assert.ok(took < 1500, `answered in ${Math.round(took)} ms, inside MEDDOC_REQUEST_TIMEOUT_MS=1500`);
    assert.ok(took >= 1000, `waited for the platform while time was left (${Math.round(took)} ms)`);
  });

  test('311 when the store is locked by another writer while the platform answers', async () => {
    // A realistic race: an operator's ledger import (one long write transaction) starts while a
    // verification waits on its platform. The lock is taken once the platform has the query, so
    // authentication and quota (also writes) are done; the service's busy timeout is shortened
    // so the test does not wait the production 5 s.
    platform.setFault('slow', 300);
    server.service.db.pragma('busy_timeout = 100');
    const other = new Database(join(server.dataDir, 'meddoc.db'));
    const queriesBefore = platform.queries();
    const pending = verify(elementsOf(zhejiang));
    try {
      while (platform.queries() === queriesBefore) await new Promise((r) => setTimeout(r, 5));
      other.prepare('BEGIN IMMEDIATE').run();
      assertFailed(await pending, 311);
    } finally {
      if (other.inTransaction) other.prepare('ROLLBACK').run();
      other.close();
      server.service.db.pragma('busy_timeout = 5000');
      platform.setFault('none');
    }
    // The failed attempt was not counted: one earlier success, so this one is query_num 2.
    assertAdditional(assertOk(await verify(elementsOf(zhejiang))), zhejiang, { queryNum: 2 });
  });

  test('a disabled region answers 319; the ledger still serves the other regions', async () => {
    assertFailed(await verify({ ...elementsOf(zhejiang), note_code: '54010124' }), 319);
    assertFailed(await verify({ ...elementsOf(hebei) }), 300);
  });
});

const E_INVOICE = '费用类票据/门诊电子发票';

/**
 * The n-th generated e-invoice (from `from` on) whose QR code covers no printed text: the generator
 * varies its layouts, and a QR code drawn over 票据代码 would leave nothing for the printed-text
 * fallback to read.
 */
async function cleanSeed(from: number): Promise<number> {
  for (let seed = from; seed < from + 50; seed += 1) {
    const doc = await generateDocument(seed, E_INVOICE, 'e_invoice');
    const qr = doc.page.items.find((item) => item.kind === 'image');
    if (!qr || qr.kind !== 'image') continue;
    const covered = doc.page.items.some((item) => {
      if (item.kind !== 'text') return false;
      const q = layoutText(item).quad;
      const xs = [q[0], q[2], q[4], q[6]];
      const ys = [q[1], q[3], q[5], q[7]];
      return Math.max(...xs) > qr.x && Math.min(...xs) < qr.x + qr.w && Math.max(...ys) > qr.y && Math.min(...ys) < qr.y + qr.h;
    });
    if (!covered) return seed;
  }
  throw new Error(`no generated e-invoice from seed ${from} keeps its QR code clear of the text`);
}

/** A generated e-invoice (QR code with the five elements) and its ledger line. */
async function eInvoice(seed: number, qr: 'readable' | 'blanked' | 'scrambled'): Promise<{ png: Buffer; invoice: InvoiceRecordInput }> {
  const doc = await generateDocument(seed, E_INVOICE, 'e_invoice');
  const e = doc.extract;
  assert.ok(e, 'the generator labels its e-invoices');
  const qrItem = doc.page.items.find((item) => item.kind === 'image');
  assert.ok(qrItem && qrItem.kind === 'image', 'the e-invoice page has its QR code');
  let items = doc.page.items;
  if (qr === 'blanked') items = items.filter((item) => item !== qrItem);
  // Finder patterns intact, data modules covered: a QR code is seen but cannot be read.
  if (qr === 'scrambled') items = [...items, { kind: 'rect', x: qrItem.x + 30, y: qrItem.y + 30, w: qrItem.w - 60, h: qrItem.h - 60, fill: '#ffffff' }];
  const page: PageSpec = { ...doc.page, items };
  const png = (await renderPage(page, { format: 'png' })).data;
  const invoice = sampleInvoice({
    province: '', note_title: e.note_title, note_code: e.note_code, note_no: e.note_no, check_code: e.check_code,
    total_cost: e.total_cost, billing_date: e.billing_date, patient_name: e.patient_name, hospital_name: e.hospital_name,
  });
  return { png, invoice };
}

describe('B from an e-invoice image (OCR engine on)', () => {
  let server: TestServer;
  let readable: { png: Buffer; invoice: InvoiceRecordInput };
  let blanked: { png: Buffer; invoice: InvoiceRecordInput };
  let otherQr: { png: Buffer; invoice: InvoiceRecordInput };
  let scrambledUnknown: { png: Buffer; invoice: InvoiceRecordInput };
  const verifyImage = (png: Buffer, extra: Record<string, string> = {}) =>
    post(server.url + B, { headers: server.headers, form: fileForm('file', png, 'einvoice.png', extra) });

  before(async () => {
    server = await startTestServer({}, { engines: true });
    const first = await cleanSeed(1);
    readable = await eInvoice(first, 'readable');
    blanked = await eInvoice(first, 'blanked');
    otherQr = await eInvoice(first + 1, 'readable');
    scrambledUnknown = await eInvoice(await cleanSeed(first + 2), 'scrambled');
    // Seed 2's invoice is in the ledger with another check code: its QR code is read, then 308.
    importLedgerText(server.service.db, toJsonl([readable.invoice, { ...otherQr.invoice, check_code: 'zz9zz9' }]));
  });
  after(async () => server.close());

  test('readable QR code: the elements are read from it and the ledger invoice is returned', async () => {
    const data = assertOk(await verifyImage(readable.png));
    assert.equal(data.invoice_standard_result.note_no, readable.invoice.note_no);
    assert.equal(data.invoice_standard_result.hospital_name, readable.invoice.hospital_name);
    assertAdditional(data, readable.invoice, { queryNum: 1 });
    // A failure after a read QR code says so: qrcode_scan_result 1.
    assertFailed(await verifyImage(otherQr.png), 308, 1);
  });

  test('QR code blanked: the printed elements are read instead and verify (OCR fallback)', async () => {
    const data = assertOk(await verifyImage(blanked.png));
    assertAdditional(data, readable.invoice, { queryNum: 2 });
  });

  test('QR code present but unreadable, invoice unknown: 300 with qrcode_scan_result 0', async () => {
    assertFailed(await verifyImage(scrambledUnknown.png), 300, 0);
  });

  test('an image with no e-invoice: 400 DETETION_FAILED', async () => {
    const blank = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const res = await verifyImage(blank);
    assert.equal(res.status, 400);
    assert.equal(res.body.status, 'DETETION_FAILED');
    assert.equal(typeof res.body.reason, 'string');
    assert.ok(typeof res.body.request_id === 'string' && res.body.request_id.length > 0);
  });
});
