import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../src/util/paths.js';
import { openDatabase } from '../../src/store/db.js';
import {
  LedgerImportError,
  countLedgerInvoices,
  findLedgerInvoice,
  importLedgerText,
  markLedgerInvoice,
} from '../../src/store/ledger.js';
import { memoryDb, sampleInvoice, tempStore, toJsonl } from './verify-support.js';

function invoices(count: number, from = 0) {
  return Array.from({ length: count }, (_, i) =>
    sampleInvoice({ note_no: String(1_000_000_000 + from + i), check_code: `c${String(from + i).padStart(5, '0')}` }),
  );
}

/** A snapshot of everything the ledger holds, to compare before and after. */
function snapshot(db: ReturnType<typeof memoryDb>): string {
  const rows = ['ledger_invoices', 'ledger_status', 'ledger_reimbursements'].map((t) =>
    db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3`).all(),
  );
  return JSON.stringify(rows);
}

test('import loads every line; the stored invoice round-trips with markers and reimbursements', () => {
  const db = memoryDb();
  const hebei = sampleInvoice({
    note_code: '13010124',
    note_no: '0000000013',
    billing_date: '2024/03/15',
    check_code: 'ABC123',
    img_status: ['yidayin'],
    reim_agency_list: [{ amt: '10.00', note_code: '13010124', note_no: '0000000013', reimAgency: '甲公司', writeDate: '2024-03-20' }],
  });
  const summary = importLedgerText(db, toJsonl([...invoices(3), hebei]));
  assert.deepEqual(summary, { lines: 4, inserted: 4, updated: 0, unchanged: 0 });
  const found = findLedgerInvoice(db, '13010124', '0000000013');
  assert.ok(found);
  assert.equal(found.standard.billing_date, '2024-03-15', 'dates normalised at import');
  assert.equal(found.standard.check_code, 'abc123', 'check codes lower-cased at import');
  assert.equal(found.total_cost_cents, 12050);
  assert.deepEqual(found.standard.img_status, ['yidayin']);
  assert.equal(found.reim_agency_list[0]?.reimAgency, '甲公司');
  assert.equal(findLedgerInvoice(db, '13010124', '0000000014'), undefined);
});

test('a bad line rejects the whole file, names the line and the problem, loads nothing', () => {
  const db = memoryDb();
  importLedgerText(db, toJsonl(invoices(2)));
  const before = snapshot(db);
  const good = invoices(5, 100).map((r) => JSON.stringify(r));
  const { total_cost: _dropped, ...noAmount } = sampleInvoice({ note_no: '2000000000' });
  const cases: [string[], number, RegExp][] = [
    [[...good.slice(0, 3), JSON.stringify(noAmount), ...good.slice(3)], 4, /total_cost/],
    [[good[0] as string, '{"note_code": ', good[1] as string], 2, /not valid JSON/],
    [[good[0] as string, '', JSON.stringify(sampleInvoice({ note_no: '123' }))], 3, /note_no/],
    [[JSON.stringify({ ...sampleInvoice(), surprise: 1 })], 1, /surprise|additional/i],
    [[good[0] as string, good[0] as string], 2, /already on line 1/],
    [[JSON.stringify(sampleInvoice({ billing_date: '2024-02-30' }))], 1, /billing_date/],
  ];
  for (const [lines, lineNo, problem] of cases) {
    assert.throws(
      () => importLedgerText(db, lines.join('\n')),
      (err: unknown) => err instanceof LedgerImportError && err.line === lineNo && problem.test(err.problem),
      `expected line ${lineNo} ${problem}`,
    );
    assert.equal(snapshot(db), before, 'nothing loaded');
  }
});

test('importing the same file twice changes nothing; markers set later survive a re-import', () => {
  const db = memoryDb();
  const text = toJsonl([...invoices(5), sampleInvoice({ note_no: '0000000099', img_status: ['yidayin'] })]);
  importLedgerText(db, text);
  markLedgerInvoice(db, '33060124', '0000000099', 'yizuofei');
  const before = snapshot(db);
  const again = importLedgerText(db, text);
  assert.deepEqual(again, { lines: 6, inserted: 0, updated: 0, unchanged: 6 });
  assert.equal(snapshot(db), before);
  assert.deepEqual(findLedgerInvoice(db, '33060124', '0000000099')?.standard.img_status, ['yidayin', 'yizuofei']);
  // A corrected line updates that invoice only.
  const corrected = importLedgerText(db, toJsonl([sampleInvoice({ note_no: '0000000099', hospital_name: '改名医院' })]));
  assert.deepEqual(corrected, { lines: 1, inserted: 0, updated: 1, unchanged: 0 });
  assert.equal(findLedgerInvoice(db, '33060124', '0000000099')?.standard.hospital_name, '改名医院');
});

/**
 * Runs an import of `file` in a child process that stops at its first progress report (inside the
 * one transaction with chunkSize 0, between chunks otherwise) and kills it there.
 */
async function importKilledAtFirstProgress(dir: string, file: string, chunkSize: number): Promise<void> {
  const dbUrl = pathToFileURL(join(PROJECT_ROOT, 'dist/src/store/db.js')).href;
  const ledgerUrl = pathToFileURL(join(PROJECT_ROOT, 'dist/src/store/ledger.js')).href;
  const script = `
    const { openDatabase } = await import(${JSON.stringify(dbUrl)});
    const { importLedgerFile } = await import(${JSON.stringify(ledgerUrl)});
    const db = openDatabase(${JSON.stringify(dir)});
    importLedgerFile(db, ${JSON.stringify(file)}, {
      chunkSize: ${chunkSize},
      progressEvery: 100,
      onProgress: (n) => { process.stdout.write('written ' + n + '\\n'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); },
    });
    process.stdout.write('committed\\n');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('written 100')) resolve();
    });
    child.once('exit', () => reject(new Error(`child ended before the kill: ${out} ${err}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  child.kill('SIGKILL');
  assert.equal(await exited, 'SIGKILL');
  assert.ok(!out.includes('committed'));
}

test('an all-or-nothing import killed half-way leaves the ledger as it was', async () => {
  const store = tempStore();
  try {
    importLedgerText(store.db, toJsonl(invoices(10)));
    const before = snapshot(store.db);
    // The new file would change the 10 known invoices and add 290.
    const file = join(store.dir, 'big.jsonl');
    writeFileSync(file, toJsonl(invoices(300).map((r) => ({ ...r, hospital_name: '新医院' }))));
    await importKilledAtFirstProgress(store.dir, file, 0);
    store.db.close();
    const reopened = openDatabase(store.dir);
    try {
      assert.equal(countLedgerInvoices(reopened), 10);
      assert.equal(snapshot(reopened), before);
    } finally {
      reopened.close();
    }
  } finally {
    store.cleanup();
  }
});

test('a chunked import killed between chunks keeps whole chunks, and running it again finishes it', async () => {
  const store = tempStore();
  const reference = memoryDb();
  try {
    const lines = toJsonl(invoices(300).map((r) => ({ ...r, hospital_name: '新医院' })));
    const file = join(store.dir, 'big.jsonl');
    writeFileSync(file, lines);
    await importKilledAtFirstProgress(store.dir, file, 100);
    store.db.close();
    const reopened = openDatabase(store.dir);
    try {
      // The first chunk was committed before the kill; nothing of the second is there.
      assert.equal(countLedgerInvoices(reopened), 100);
      const again = importLedgerText(reopened, lines, { chunkSize: 100, now: new Date('2024-05-01T00:00:00Z') });
      assert.deepEqual(again, { lines: 300, inserted: 200, updated: 0, unchanged: 100 });
      importLedgerText(reference, lines, { chunkSize: 0 });
      const invoicesOf = (db: ReturnType<typeof memoryDb>) => JSON.stringify(db.prepare('SELECT note_code, note_no, standard_json FROM ledger_invoices ORDER BY 1, 2').all());
      assert.equal(invoicesOf(reopened), invoicesOf(reference));
    } finally {
      reopened.close();
    }
  } finally {
    reference.close();
    store.cleanup();
  }
});

test('a chunked import lets other writers in between chunks; an all-or-nothing one does not', () => {
  const store = tempStore();
  try {
    const other = openDatabase(store.dir);
    // A B call's quota update, with no patience: it fails at once if the import holds the lock.
    other.pragma('busy_timeout = 0');
    const otherCanWrite = (): boolean => {
      try {
        other.prepare('BEGIN IMMEDIATE').run();
        other.prepare('ROLLBACK').run();
        return true;
      } catch (err) {
        if (err instanceof Error && /busy|locked/i.test(err.message)) return false;
        throw err;
      }
    };
    const chunked: boolean[] = [];
    importLedgerText(store.db, toJsonl(invoices(50)), { chunkSize: 20, onProgress: () => chunked.push(otherCanWrite()) });
    assert.deepEqual(chunked, [true, true, true]);
    const single: boolean[] = [];
    importLedgerText(store.db, toJsonl(invoices(50, 100)), { chunkSize: 0, progressEvery: 20, onProgress: () => single.push(otherCanWrite()) });
    assert.deepEqual(single, [false, false]);
    other.close();
  } finally {
    store.cleanup();
  }
});

test('mark: markers accumulate, booked with an agency adds one reimbursement record, unknown invoice is an error', () => {
  const db = memoryDb();
  importLedgerText(db, toJsonl(invoices(1)));
  const no = '1000000000';
  assert.deepEqual(markLedgerInvoice(db, '33060124', no, 'yidayin'), { markerAdded: true, reimbursementAdded: false });
  assert.deepEqual(markLedgerInvoice(db, '33060124', no, 'yidayin'), { markerAdded: false, reimbursementAdded: false });
  const reim = { agency: '乙公司', amount: '50.00', writeDate: '2024-04-01' };
  assert.deepEqual(markLedgerInvoice(db, '33060124', no, 'yiruzhang', reim), { markerAdded: true, reimbursementAdded: true });
  assert.deepEqual(markLedgerInvoice(db, '33060124', no, 'yiruzhang', reim), { markerAdded: false, reimbursementAdded: false });
  assert.equal(findLedgerInvoice(db, '33060124', no)?.reim_agency_list.length, 1);
  assert.throws(() => markLedgerInvoice(db, '33060124', '1999999999', 'yidayin'), /not in the ledger/);
  assert.throws(() => markLedgerInvoice(db, '33060124', no, 'yizuofei', reim), /booked/);
});

test('CLI: ledger import and mark against MEDDOC_DATA_DIR', () => {
  const store = tempStore();
  try {
    store.db.close();
    const env = { ...process.env, MEDDOC_DATA_DIR: store.dir };
    const cli = (...args: string[]) => spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin/meddoc.js'), 'ledger', ...args], { env, encoding: 'utf8' });
    const good = join(store.dir, 'good.jsonl');
    writeFileSync(good, toJsonl(invoices(3)));
    const bad = join(store.dir, 'bad.jsonl');
    writeFileSync(bad, toJsonl(invoices(2, 10)) + '{"note_code":"1"}\n');

    const first = cli('import', good);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /3 new/);
    assert.match(cli('import', good).stdout, /0 new, 0 updated, 3 unchanged/);
    const rejected = cli('import', bad);
    assert.equal(rejected.status, 1);
    assert.match(rejected.stderr, /nothing loaded: line 3:/);

    const marked = cli('mark', '33060124', '1000000001', '--status', 'booked', '--agency', '丙公司', '--amount', '12.5', '--date', '2024-05-01');
    assert.equal(marked.status, 0, marked.stderr);
    assert.match(marked.stdout, /marked yiruzhang, reimbursement recorded/);
    assert.equal(cli('mark', '33060124', '1000000001', '--status', 'lost').status, 2);
    assert.equal(cli('mark', '33060124', '1000000001', '--status', 'red', '--agency', 'x').status, 2);
    assert.equal(cli('mark', '33060124', '1999999999', '--status', 'red').status, 2);

    const db = openDatabase(store.dir);
    try {
      assert.equal(countLedgerInvoices(db), 3);
      const inv = findLedgerInvoice(db, '33060124', '1000000001');
      assert.deepEqual(inv?.reim_agency_list.map((r) => [r.reimAgency, r.amt, r.writeDate]), [['丙公司', '12.50', '2024-05-01']]);
    } finally {
      db.close();
    }
  } finally {
    store.cleanup();
  }
});

test('examples/ledger.jsonl imports and its invoices verify (Henan with the name, Hebei with reimbursements)', async () => {
  const { createVerifier } = await import('../../src/verify/service.js');
  const { importLedgerFile } = await import('../../src/store/ledger.js');
  const db = memoryDb();
  assert.equal(importLedgerFile(db, join(PROJECT_ROOT, 'examples/ledger.jsonl')).inserted, 3);
  const verifier = createVerifier({ db });
  const henan = await verifier.verify({ note_code: '41010124', note_no: '0000004101', check_code: 'qfmejx', total_cost: '1500', billing_date: '2024-02-20', patient_name: '样例乙' });
  assert.ok(henan.ok);
  const hebei = await verifier.verify({ note_code: '13010124', note_no: '0000001301', check_code: '7f3k9p', total_cost: '56.80', billing_date: '20240108' });
  assert.ok(hebei.ok);
  assert.equal(hebei.data.invoice_additional_result.reim_agency_list?.[0]?.amt, '56.80');
});
