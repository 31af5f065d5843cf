/**
 * decodeUpload: format by content, every limit at its boundary, broken files, bombs, EXIF.
 * Images are generated with sharp; solid colours keep even 6000 px sides small.
 */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { decodeUpload, IMAGE_LIMITS } from '../../src/image/intake.js';
import { sniffFormat } from '../../src/image/sniff.js';
import { refusal } from '../helpers/refusal.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function solid(width: number, height: number, colour = '#3080c0'): Sharp {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of exactly `size` bytes: a small image padded, before IEND, with a private
 * ancillary chunk ("paDd": decoders skip unknown ancillary chunks).
 */
async function pngOfExactSize(size: number): Promise<Buffer> {
  const png = await solid(200, 200).png().toBuffer();
  const iendAt = png.length - 12;
  const padding = pngChunk('paDd', Buffer.alloc(size - png.length - 12));
  const padded = Buffer.concat([png.subarray(0, iendAt), padding, png.subarray(iendAt)]);
  assert.equal(padded.length, size);
  return padded;
}


test('the limits are those of api.md 8, as one constant', () => {
  assert.deepEqual({ ...IMAGE_LIMITS }, { maxBytes: 5242880, minSideExclusive: 128, maxSide: 6000 });
  assert.ok(Object.isFrozen(IMAGE_LIMITS));
});

test('a JPEG decodes to RGB pixels of its size, with its bytes and format kept', async () => {
  const jpeg = await solid(300, 200, '#ff0000').jpeg({ quality: 95 }).toBuffer();
  const image = await decodeUpload(jpeg);
  assert.equal(image.format, 'jpeg');
  assert.equal(image.bytes, jpeg);
  assert.equal(image.width, 300);
  assert.equal(image.height, 200);
  assert.equal(image.exifOrientation, 1);
  assert.equal(image.rgb.channels, 3);
  assert.equal(image.rgb.width, 300);
  assert.equal(image.rgb.data.length, 300 * 200 * 3);
  const [r, g, b] = image.rgb.data;
  assert.ok(r !== undefined && r > 240 && (g ?? 255) < 15 && (b ?? 255) < 15, `red pixel, got ${r},${g},${b}`);
});

test('a PNG with transparency is flattened on white; grey and 16-bit inputs come out as 8-bit RGB', async () => {
  const transparent = await sharp({ create: { width: 150, height: 140, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
  const flat = await decodeUpload(transparent);
  assert.equal(flat.format, 'png');
  assert.deepEqual([...flat.rgb.data.subarray(0, 6)], [255, 255, 255, 255, 255, 255]);

  const grey = await solid(150, 140, '#808080').toColourspace('b-w').png().toBuffer();
  assert.equal((await sharp(grey).metadata()).channels, 1);
  const greyImage = await decodeUpload(grey);
  assert.equal(greyImage.rgb.data.length, 150 * 140 * 3);

  const deep = await solid(150, 140, '#00ff00').png().toColourspace('rgb16').toBuffer();
  assert.equal((await sharp(deep).metadata()).depth, 'ushort');
  const deepImage = await decodeUpload(deep);
  assert.equal(deepImage.rgb.data.length, 150 * 140 * 3);
  assert.deepEqual([...deepImage.rgb.data.subarray(0, 3)], [0, 255, 0]);
});

test('file size: exactly 5 MB passes, one byte more is refused naming both numbers', async () => {
  const exact = await pngOfExactSize(5 * 1024 * 1024);
  const image = await decodeUpload(exact);
  assert.equal(image.width, 200);
  const over = await pngOfExactSize(5 * 1024 * 1024 + 1);
  await assert.rejects(decodeUpload(over), refusal(/^file size 5242881 bytes, must be <= 5242880 \(5 MB\)$/));
});

test('a smaller byte limit can be given per call', async () => {
  const png = await pngOfExactSize(4000);
  await assert.rejects(decodeUpload(png, { maxBytes: 3999 }), refusal(/^file size 4000 bytes, must be <= 3999$/));
  assert.equal((await decodeUpload(png, { maxBytes: 4000 })).height, 200);
});

test('width and height: 129 passes, 128 is refused, each side on its own', async () => {
  assert.equal((await decodeUpload(await solid(129, 129).png().toBuffer())).width, 129);
  await assert.rejects(decodeUpload(await solid(128, 129).png().toBuffer()), refusal(/^width 128 px, must be > 128$/));
  await assert.rejects(decodeUpload(await solid(129, 128).jpeg().toBuffer()), refusal(/^height 128 px, must be > 128$/));
  await assert.rejects(decodeUpload(await solid(100, 300).png().toBuffer()), refusal(/^width 100 px, must be > 128$/));
});

test('width and height: 6000 passes, 6001 is refused', async () => {
  const wide = await decodeUpload(await solid(6000, 129).png().toBuffer());
  assert.equal(wide.width, 6000);
  assert.equal(wide.rgb.data.length, 6000 * 129 * 3);
  assert.equal((await decodeUpload(await solid(129, 6000).jpeg().toBuffer())).height, 6000);
  await assert.rejects(decodeUpload(await solid(6001, 129).png().toBuffer()), refusal(/^width 6001 px, must be <= 6000$/));
  await assert.rejects(decodeUpload(await solid(129, 6001).jpeg().toBuffer()), refusal(/^height 6001 px, must be <= 6000$/));
});

test('a WebP, a GIF and a PDF are refused by content, naming the format', async () => {
  const webp = await solid(200, 200).webp().toBuffer();
  await assert.rejects(decodeUpload(webp), refusal(/^format webp is not supported; expected JPEG or PNG$/));
  const gif = await solid(200, 200).gif().toBuffer();
  await assert.rejects(decodeUpload(gif), refusal(/^format gif is not supported; expected JPEG or PNG$/));
  await assert.rejects(decodeUpload(Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj', 'latin1')), refusal(/^format pdf is not supported/));
});

test('a text file (as if named scan.jpg) is refused as text', async () => {
  const text = Buffer.from('发票号码: 12345678\r\nThis is not an image.\n', 'utf8');
  await assert.rejects(decodeUpload(text), refusal(/^format text is not supported; expected JPEG or PNG$/));
});

test('empty and unrecognisable bytes are refused', async () => {
  await assert.rejects(decodeUpload(Buffer.alloc(0)), refusal(/^image is empty \(0 bytes\)/));
  await assert.rejects(decodeUpload(Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0x00])), refusal(/^image format not recognised; expected JPEG or PNG$/));
});

test('sniffFormat tells the common formats apart by their first bytes', async () => {
  assert.equal(sniffFormat(await solid(10, 10).jpeg().toBuffer()), 'jpeg');
  assert.equal(sniffFormat(await solid(10, 10).png().toBuffer()), 'png');
  assert.equal(sniffFormat(await solid(10, 10).tiff().toBuffer()), 'tiff');
  assert.equal(sniffFormat(await solid(10, 10).avif().toBuffer()), 'avif');
  assert.equal(sniffFormat(Buffer.from('BM' + '\0'.repeat(60), 'latin1')), 'bmp');
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);
  assert.equal(sniffFormat(heic), 'heic');
});

test('a JPEG cut in half is refused as truncated, not decoded grey and not a crash', async () => {
  const jpeg = await solid(400, 300).jpeg().toBuffer();
  await assert.rejects(decodeUpload(jpeg.subarray(0, jpeg.length >> 1)), refusal(/^image data cannot be decoded: truncated JPEG$/));
});

test('a PNG cut in half is refused as truncated', async () => {
  const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();
  await assert.rejects(decodeUpload(png.subarray(0, png.length >> 1)), refusal(/^image data cannot be decoded: truncated PNG$/));
  // Cut inside the header: still a refusal, not a crash.
  await assert.rejects(decodeUpload(png.subarray(0, 20)), refusal(/^image data cannot be decoded: truncated PNG$/));
});

test('a JPEG whose data is garbage after the magic bytes is refused as corrupt', async () => {
  const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x5a)]);
  await assert.rejects(decodeUpload(garbage), refusal(/^image data cannot be decoded: (corrupt|truncated) JPEG$/));
});

test('a decompression bomb (a tiny PNG claiming 60000 x 60000 px) is refused from its header', async () => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60000, 0);
  header.writeUInt32BE(60000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const bomb = Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(60001))), // the first row; a decoder would want 60000 of them
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  assert.ok(bomb.length < 1000);
  const started = process.hrtime.bigint();
  await assert.rejects(decodeUpload(bomb), refusal(/^width 60000 px, must be <= 6000$/));
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  // Decoding 3.6 gigapixels would take far longer (and 10 GB of memory); reading a header does not.
  assert.ok(elapsedMs < 1000, `refused in ${elapsedMs} ms`);
});

test('EXIF orientation 6 is applied: width and height swap and pixels turn clockwise', async () => {
  // Stored 300 x 200: left half red, right half blue. Orientation 6 shows it turned 90 degrees
  // clockwise, so the viewer sees 200 x 300 with red on top.
  const left = await solid(150, 200, '#ff0000').png().toBuffer();
  const stored = await solid(300, 200, '#0000ff')
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const image = await decodeUpload(stored);
  assert.equal(image.exifOrientation, 6);
  assert.equal(image.width, 200);
  assert.equal(image.height, 300);
  const pixel = (x: number, y: number): number[] => [...image.rgb.data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
  const [topR, , topB] = pixel(100, 10);
  const [bottomR, , bottomB] = pixel(100, 290);
  assert.ok((topR ?? 0) > 200 && (topB ?? 255) < 60, `top is red: ${pixel(100, 10).join(',')}`);
  assert.ok((bottomB ?? 0) > 200 && (bottomR ?? 255) < 60, `bottom is blue: ${pixel(100, 290).join(',')}`);
});

test('the dimension limits are measured after EXIF orientation', async () => {
  // Stored 6001 x 200, shown as 200 x 6001: it is the height that is too large.
  const stored = await solid(6001, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
  await assert.rejects(decodeUpload(stored), refusal(/^height 6001 px, must be <= 6000$/));
});
