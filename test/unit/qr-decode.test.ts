import { test } from 'node:test';
import assert from 'node:assert/strict';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { decodeQrCodes } from '../../src/qr/decode.js';
import { parseEInvoiceQr } from '../../src/qr/einvoice-payload.js';
import type { RgbImage } from '../../src/image/types.js';

async function pageWithQr(text: string): Promise<RgbImage> {
  const qr = await QRCode.toBuffer(text, { type: 'png', margin: 2, scale: 4 });
  const { data, info } = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#f4f1ea' } })
    .composite([{ input: qr, left: 60, top: 80 }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

test('decodes a QR code placed on a page, offline', async () => {
  const payload = '35060221,0000275301,d2cf1a,13795.66,20210306';
  assert.deepEqual(await decodeQrCodes(await pageWithQr(payload)), [payload]);
});

test('a page without a QR code gives no texts', async () => {
  const { data, info } = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } }).raw().toBuffer({ resolveWithObject: true });
  assert.deepEqual(await decodeQrCodes({ data, width: info.width, height: info.height, channels: 3 }), []);
});

test('payload: comma-separated fiscal e-invoice fields', () => {
  assert.deepEqual(parseEInvoiceQr('35060221,0000275301,d2cf1a,13795.66,20210306'), {
    note_code: '35060221', note_no: '0000275301', check_code: 'd2cf1a', total_cost: 13795.66, billing_date: '2021-03-06',
  });
});

test('payload: URL with a query', () => {
  const e = parseEInvoiceQr('https://einvoice.example.gov.cn/check?billcode=41060221&billno=0005854812&random=3365ab&amount=24790.79&date=2021-04-12');
  assert.deepEqual(e, { note_code: '41060221', note_no: '0005854812', check_code: '3365ab', total_cost: 24790.79, billing_date: '2021-04-12' });
});

test('payload: plain text with labels, and a VAT payload', () => {
  const t = parseEInvoiceQr('票据代码:12060121 票据号码:0004038512 校验码:2433fe 金额:370.00 开票日期:2021-02-07');
  assert.equal(t.note_code, '12060121');
  assert.equal(t.note_no, '0004038512');
  assert.equal(t.check_code, '2433fe');
  assert.equal(t.total_cost, 370);
  assert.equal(t.billing_date, '2021-02-07');
  const vat = parseEInvoiceQr('01,10,011002100711,34984512,13.32,20220402,01181682431513512345,8F3A');
  assert.equal(vat.note_code, '011002100711');
  assert.equal(vat.note_no, '34984512');
  assert.equal(vat.billing_date, '2022-04-02');
  assert.equal(vat.check_code, '01181682431513512345');
});

test('payload: garbage yields nothing rather than guesses', () => {
  assert.deepEqual(parseEInvoiceQr(''), {});
  assert.deepEqual(parseEInvoiceQr('hello world'), {});
});
