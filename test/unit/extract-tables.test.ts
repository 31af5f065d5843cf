import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PROVINCES } from '../../src/contract/extract.js';
import { extractTables } from '../../src/extract/tables.js';

const tables = extractTables();

test('every province path has a row and an administrative code', () => {
  for (const p of PROVINCES) {
    const row = tables.provinces.get(p);
    assert.ok(row, p);
    assert.match(row.adminCode, /^\d{2}$/);
    assert.ok(row.names.length > 0);
  }
  assert.equal(new Set([...tables.provinces.values()].map((r) => r.adminCode)).size, PROVINCES.length);
});

test('restricted checks follow api.md 2.C', () => {
  const withCheck = (c: string): string[] =>
    [...tables.provinces.values()].filter((r) => (r.restrictedChecks as readonly string[]).includes(c)).map((r) => r.key).sort();
  assert.deepEqual(withCheck('note_no'), ['beijing']);
  assert.deepEqual(withCheck('billing_date'), ['beijing']);
  assert.deepEqual(withCheck('payments_class_b'), ['beijing', 'shanghai', 'zhejiang']);
  assert.deepEqual(withCheck('payments_class_c'), ['beijing', 'shanghai', 'zhejiang']);
});

test('payment aliases map only to api.md 2.C allowed names', () => {
  assert.equal(tables.allowedPayments.size, 40, "api.md 2.C lists forty names");
  for (const a of tables.paymentAliases) assert.ok(tables.allowedPayments.has(a.name), a.printed);
  const to = (printed: string): string[] => tables.paymentAliases.filter((a) => a.printed === printed).map((a) => a.name);
  assert.deepEqual(to('现金支付'), ['个人现金支付']);
  assert.deepEqual(to('统筹基金支付'), ['医保统筹基金支付']);
  assert.deepEqual(to('分类自负'), ['自付二'], 'Shanghai term');
  assert.deepEqual(to('大额(病)保险报销'), ['大病保险报销'], 'Henan term, NFKC-normalised brackets');
});
