import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elementsFromQrPayload } from '../../src/verify/qr-payload.js';
import { validateElements } from '../../src/verify/elements.js';

const expected = { note_code: '33060124', note_no: '0012345678', check_code: 'a1b2c3', total_cost: '120.50', billing_date: '2024-03-15' };

function assertReads(payload: string, want: Record<string, string> = expected): void {
  const got = elementsFromQrPayload(payload);
  assert.ok(got, `read: ${payload}`);
  for (const [key, value] of Object.entries(want)) assert.equal(got[key as keyof typeof got], value, `${key} of ${payload}`);
}

test('comma-separated payloads, any order, with a version prefix and trailing fields', () => {
  assertReads('01,33060124,0012345678,120.50,2024-03-15,a1b2c3');
  assertReads('a1b2c3，2024-03-15，120.50，0012345678，33060124');
  // YYYYMMDD date next to an 8-digit code: told apart by the region prefix (20 is no region).
  assertReads('33060124,0012345678,a1b2c3,120.50,20240315', { ...expected, billing_date: '20240315' });
});

test('URL with query (also after the fragment) and case-insensitive keys', () => {
  assertReads('https://pjcy.example.gov.cn/check?billCode=33060124&billNo=0012345678&checkCode=a1b2c3&amount=120.50&date=2024-03-15');
  assertReads('http://example.cn/#/verify?pjdm=33060124&pjhm=0012345678&jym=a1b2c3&je=120.50&kprq=2024-03-15');
  assertReads('https://example.cn/e/33060124/0012345678/a1b2c3/120.50/2024-03-15');
});

test('key=value and Chinese labelled plain text', () => {
  assertReads('note_code=33060124;note_no=0012345678;check_code=a1b2c3;total_cost=120.50;billing_date=2024-03-15');
  assertReads('票据代码：33060124 票据号码：0012345678 校验码：a1b2c3 金额：￥120.50 开票日期：2024年03月15日');
});

test('what is read passes element validation', () => {
  const got = elementsFromQrPayload('01,33060124,0012345678,120.50,20240315,a1b2c3');
  assert.ok(got);
  const checked = validateElements(got);
  assert.ok(checked.ok);
  assert.equal(checked.elements.billing_date, '2024-03-15');
});

test('not an e-invoice payload gives null; partial payloads keep what they have', () => {
  assert.equal(elementsFromQrPayload(''), null);
  assert.equal(elementsFromQrPayload('https://example.com/hello?x=1'), null);
  assert.equal(elementsFromQrPayload('WIFI:S:home;T:WPA;P:secret;;'), null);
  assert.equal(elementsFromQrPayload('just some words'), null);
  const partial = elementsFromQrPayload('33060124,0012345678');
  assert.deepEqual(partial, { note_code: '33060124', note_no: '0012345678' });
});
