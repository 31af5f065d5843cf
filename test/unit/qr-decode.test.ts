import { test } from 'node:test';
import assert from 'node:assert/strict';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { codeCrop, decodeBlurredQrCodes, decodeQrCodes, joinBox, type CropBox } from '../../src/qr/decode.js';
import type { RgbImage } from '../../src/image/types.js';

async function pageWithQr(text: string, blur = 0, scale = 4): Promise<RgbImage> {
  const qr = await QRCode.toBuffer(text, { type: 'png', margin: 2, scale, errorCorrectionLevel: 'M' });
  const page = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#f4f1ea' } })
    .composite([{ input: qr, left: 60, top: 80 }])
    .png()
    .toBuffer();
  const { data, info } = await (blur > 0 ? sharp(page).blur(blur) : sharp(page))
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

test('a code too blurred for the decoder is read from its sharpened crop, and only there', async () => {
  const payload = '35060221,0000275301,d2cf1a,13795.66,20210306';
  // Modules of 5 px under a blur of sigma 3: found but not decoded, as on an out-of-focus photo.
  const page = await pageWithQr(payload, 3, 5);
  assert.deepEqual(await decodeQrCodes(page), []);
  assert.deepEqual(await decodeBlurredQrCodes(page), [payload]);
});

test('the blurred-code look finds nothing on a page without a code', async () => {
  const { data, info } = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } }).raw().toBuffer({ resolveWithObject: true });
  assert.deepEqual(await decodeBlurredQrCodes({ data, width: info.width, height: info.height, channels: 3 }), []);
});

test('a found code is cropped with a margin, kept on the image', () => {
  const corners = [{ x: 100, y: 100 }, { x: 200, y: 100 }, { x: 200, y: 200 }, { x: 100, y: 200 }];
  assert.deepEqual(codeCrop(corners, 1000, 1000), { left: 65, top: 65, width: 170, height: 170 });
  assert.deepEqual(codeCrop(corners, 210, 1000), { left: 65, top: 65, width: 145, height: 170 });
  assert.equal(codeCrop([], 100, 100), null);
});

test('overlapping places of one code are joined into one crop, others kept apart', () => {
  const boxes: CropBox[] = [];
  joinBox(boxes, { left: 0, top: 0, width: 10, height: 10 });
  joinBox(boxes, { left: 50, top: 0, width: 10, height: 10 });
  joinBox(boxes, { left: 5, top: 5, width: 10, height: 10 });
  assert.deepEqual(boxes, [{ left: 50, top: 0, width: 10, height: 10 }, { left: 0, top: 0, width: 15, height: 15 }]);
  // A box overlapping both joins all three.
  joinBox(boxes, { left: 12, top: 0, width: 40, height: 4 });
  assert.deepEqual(boxes, [{ left: 0, top: 0, width: 60, height: 15 }]);
});

// The payload reader's tests are in qr-einvoice-payload.test.ts.
