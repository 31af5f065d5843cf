import { test } from 'node:test';
import assert from 'node:assert/strict';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { decodeQrCodes } from '../../src/qr/decode.js';
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

// The payload reader's tests are in qr-einvoice-payload.test.ts.
