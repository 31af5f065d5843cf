import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decimalToCents, normalizeDate, validateElements } from '../../src/verify/elements.js';
import { shanghaiDateTime, shanghaiDay } from '../../src/verify/clock.js';
import { loadRegions, parseRegions } from '../../src/verify/regions.js';

const good = { note_code: '33060124', note_no: '0012345678', check_code: 'a1b2c3', total_cost: '120.50', billing_date: '2024-03-15' };

function codeOf(input: Record<string, string | undefined>): number | 'ok' {
  const r = validateElements(input);
  return r.ok ? 'ok' : r.error_code;
}

test('missing elements give 301..305, lowest code first', () => {
  assert.equal(codeOf({}), 301);
  assert.equal(codeOf({ ...good, note_no: undefined }), 301);
  assert.equal(codeOf({ ...good, check_code: '' }), 302);
  assert.equal(codeOf({ ...good, note_code: '   ' }), 303);
  assert.equal(codeOf({ ...good, billing_date: undefined }), 304);
  assert.equal(codeOf({ ...good, total_cost: undefined }), 305);
  // Two missing: the lower code wins.
  assert.equal(codeOf({ ...good, check_code: '', total_cost: '' }), 302);
});

test('impossible shapes: 309 note_code, 310 note_no, 325 date, 307 amount, 308 check code', () => {
  assert.equal(codeOf({ ...good, note_code: '3306012' }), 309);
  assert.equal(codeOf({ ...good, note_code: '3306012X' }), 309);
  assert.equal(codeOf({ ...good, note_no: '12345' }), 310);
  assert.equal(codeOf({ ...good, billing_date: '15/03/2024' }), 325);
  assert.equal(codeOf({ ...good, billing_date: '2023-02-29' }), 325);
  assert.equal(codeOf({ ...good, billing_date: '2024-13-01' }), 325);
  assert.equal(codeOf({ ...good, total_cost: '12o.50' }), 307);
  assert.equal(codeOf({ ...good, total_cost: '120.505' }), 307);
  assert.equal(codeOf({ ...good, check_code: 'a1b2c' }), 308);
  assert.equal(codeOf({ ...good, check_code: 'a1b2c!' }), 308);
});

test('over-long or control-character elements give 312 before anything else', () => {
  assert.equal(codeOf({ ...good, patient_name: 'x'.repeat(65) }), 312);
  assert.equal(codeOf({ note_code: '3306\u00000124' }), 312);
});

test('elements are normalised: dates, amounts in cents, check code lower-cased, trimmed', () => {
  for (const date of ['2024-02-29', '20240229', '2024/02/29']) {
    const r = validateElements({ ...good, billing_date: date });
    assert.ok(r.ok);
    assert.equal(r.elements.billing_date, '2024-02-29');
  }
  const r = validateElements({ ...good, note_code: ' 33060124 ', check_code: 'A1B2C3', total_cost: '120.5', patient_name: '  ' });
  assert.ok(r.ok);
  assert.equal(r.elements.note_code, '33060124');
  assert.equal(r.elements.check_code, 'a1b2c3');
  assert.equal(r.elements.total_cost_cents, 12050);
  assert.equal(r.elements.patient_name, undefined);
});

test('normalizeDate and decimalToCents edge cases', () => {
  assert.equal(normalizeDate('2024-04-31'), null);
  assert.equal(normalizeDate('2024-4-01'), null);
  assert.equal(decimalToCents('0.1'), 10);
  assert.equal(decimalToCents('1.10000'), 110);
  assert.equal(decimalToCents('-3.00'), -300);
  assert.equal(decimalToCents('1e3'), null);
  assert.equal(decimalToCents(''), null);
});

test('Shanghai days turn at 16:00 UTC', () => {
  assert.equal(shanghaiDay(new Date('2024-03-15T15:59:59Z')), '2024-03-15');
  assert.equal(shanghaiDay(new Date('2024-03-15T16:00:00Z')), '2024-03-16');
  assert.equal(shanghaiDateTime(new Date('2024-03-15T16:30:05Z')), '2024-03-16 00:30:05');
});

test('region table: rules are data (Henan needs the name, Hebei lists reimbursements)', () => {
  const regions = loadRegions();
  assert.equal(regions.get('41')?.rules.requires_patient_name, true);
  assert.equal(regions.get('13')?.rules.reim_agency_list, true);
  assert.equal(regions.get('33')?.rules.requires_patient_name, false);
  assert.equal(regions.get('99'), undefined);
  assert.throws(() => parseRegions('{"regions":{"41":{"province":"河南","slug":"henan","rules":{"needs_name":true}}}}'), /unknown rule/);
});
