/**
 * The one reader of e-invoice QR payloads (src/qr/einvoice-payload.ts), used by extraction (C)
 * and by verification from an image (B): every payload shape either of them has to read.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEInvoiceQr, verifyElementsFromQr } from '../../src/qr/einvoice-payload.js';
import { validateElements } from '../../src/verify/elements.js';

const fiscal = { note_code: '33060124', note_no: '0012345678', check_code: 'a1b2c3', total_cost: 120.5, billing_date: '2024-03-15' };

function assertReads(payload: string, want: Record<string, string | number> = fiscal): void {
  assert.deepEqual(parseEInvoiceQr(payload), want, payload);
}

test('comma-separated fiscal fields in any order, with a version prefix, YYYYMMDD dates, full-width commas', () => {
  assertReads('33060124,0012345678,a1b2c3,120.50,2024-03-15');
  assertReads('01,33060124,0012345678,120.50,2024-03-15,a1b2c3');
  assertReads('a1b2c3，2024-03-15，120.50，0012345678，33060124');
  // An 8-digit date next to an 8-digit code: region codes never start 19/20, so it is the date.
  assertReads('20240315,0012345678,33060124,a1b2c3,120.50');
  assertReads('35060221,0000275301,d2cf1a,13795.66,20210306', {
    note_code: '35060221', note_no: '0000275301', check_code: 'd2cf1a', total_cost: 13795.66, billing_date: '2021-03-06',
  });
  // A check code of digits only is taken when nothing else can be.
  assertReads('33060124,0012345678,120.50,20240315,735102', { ...fiscal, check_code: '735102' });
});

test('URLs: query keys in any case, a query after the fragment, pairs after #, positional path segments', () => {
  assertReads('https://pjcy.example.gov.cn/check?billCode=33060124&billNo=0012345678&checkCode=a1b2c3&amount=120.50&date=2024-03-15');
  assertReads('http://example.cn/#/verify?pjdm=33060124&pjhm=0012345678&jym=a1b2c3&je=120.50&kprq=2024-03-15');
  assertReads('https://example.cn/#note_code=33060124&note_no=0012345678&check_code=a1b2c3&total_cost=120.50&billing_date=2024-03-15');
  assertReads('https://example.cn/e/33060124/0012345678/a1b2c3/120.50/2024-03-15');
  assertReads('https://einvoice.example.gov.cn/check?billcode=41060221&billno=0005854812&random=3365ab&amount=24790.79&date=2021-04-12', {
    note_code: '41060221', note_no: '0005854812', check_code: '3365ab', total_cost: 24790.79, billing_date: '2021-04-12',
  });
  // Percent-encoding and '+' in values are decoded; a page name in the path is no check code.
  assertReads('https://example.cn/verify?code=33060124&no=0012345678&money=%EF%BF%A5120.50&date=2024%2F03%2F15', {
    note_code: '33060124', note_no: '0012345678', total_cost: 120.5, billing_date: '2024-03-15',
  });
});

test('key=value pairs and Chinese labelled text', () => {
  assertReads('note_code=33060124;note_no=0012345678;check_code=a1b2c3;total_cost=120.50;billing_date=2024-03-15');
  assertReads('NOTE-CODE: 33060124 | Note No: 0012345678 | checkcode: a1b2c3 | TotalCost: 120.50 | issueDate: 2024/03/15');
  assertReads('票据代码：33060124 票据号码：0012345678 校验码：a1b2c3 金额：￥120.50 开票日期：2024年03月15日');
  assertReads('电子票据代码:33060124,电子票据号码:0012345678,校验码:a1b2c3,交款金额:120.50元,开具日期:20240315');
});

test('VAT invoice payloads: 10/12-digit code, 8-digit number, 20-digit check code', () => {
  const vat = parseEInvoiceQr('01,10,011002100711,34984512,13.32,20220402,01181682431513512345,8F3A');
  assert.deepEqual(vat, { note_code: '011002100711', note_no: '34984512', total_cost: 13.32, billing_date: '2022-04-02', check_code: '01181682431513512345' });
  const ten = parseEInvoiceQr('01,04,3200182130,12345678,250.00,20230105,12345678901234567890,1A2B');
  assert.equal(ten.note_code, '3200182130');
  assert.equal(ten.note_no, '12345678');
});

test('not an e-invoice: nothing read, no guesses; partial payloads keep what they have', () => {
  for (const text of ['', '   ', 'hello world', 'just some words', 'https://example.com/hello?x=1', 'https://example.com/verify', 'WIFI:S:home;T:WPA;P:secret;;']) {
    assert.deepEqual(parseEInvoiceQr(text), {}, text);
    assert.equal(verifyElementsFromQr(text), null, text);
  }
  assert.deepEqual(verifyElementsFromQr('33060124,0012345678'), { note_code: '33060124', note_no: '0012345678' });
  assert.deepEqual(parseEInvoiceQr('https://example.cn/v?code=3306&no=0012345678'), { note_no: '0012345678' });
});

test('for verification: the request-field strings, and they pass element validation', () => {
  const got = verifyElementsFromQr('\uFEFF01,33060124,0012345678,120.5,20240315,a1b2c3');
  assert.deepEqual(got, { note_code: '33060124', note_no: '0012345678', check_code: 'a1b2c3', total_cost: '120.50', billing_date: '2024-03-15' });
  assert.ok(got);
  const checked = validateElements(got);
  assert.ok(checked.ok);
  assert.equal(checked.elements.total_cost_cents, 12050);
});
