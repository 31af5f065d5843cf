/** image_base64 decoding: what clients really send is tolerated, garbage is refused by rule. */

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeBase64Image, IMAGE_LIMITS } from '../../src/image/intake.js';
import { refusal } from '../helpers/refusal.js';

/** Bytes whose standard base64 uses every character, '+' and '/' included. */
const SAMPLE = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 7 + 3) & 0xff));
const STANDARD = SAMPLE.toString('base64');


test('plain standard base64 decodes to the original bytes', () => {
  assert.ok(STANDARD.includes('+') && STANDARD.includes('/'), 'the sample exercises both special characters');
  assert.deepEqual(decodeBase64Image(STANDARD), SAMPLE);
});

test('a data: URL prefix is stripped, whatever its media type and case', () => {
  assert.deepEqual(decodeBase64Image(`data:image/png;base64,${STANDARD}`), SAMPLE);
  assert.deepEqual(decodeBase64Image(`DATA:image/jpeg;BASE64,${STANDARD}`), SAMPLE);
  assert.deepEqual(decodeBase64Image(`  data:;base64,${STANDARD}`), SAMPLE);
});

test('a data: URL that is not base64 is refused', () => {
  assert.throws(() => decodeBase64Image('data:image/png,%89PNG'), refusal(/^image_base64 is not valid base64: the data: URL is not base64-encoded$/));
});

test('line breaks and white space (MIME line wrapping) are ignored', () => {
  const wrapped = STANDARD.match(/.{1,76}/g)?.join('\r\n') ?? '';
  assert.ok(wrapped.includes('\r\n'));
  assert.deepEqual(decodeBase64Image(`\n${wrapped}\n  `), SAMPLE);
  assert.deepEqual(decodeBase64Image(STANDARD.match(/.{1,64}/g)?.join(' \n\t') ?? ''), SAMPLE);
});

test('the URL-safe alphabet, with or without padding, decodes to the same bytes', () => {
  const urlSafe = SAMPLE.toString('base64url');
  assert.ok(urlSafe.includes('-') && urlSafe.includes('_'));
  assert.deepEqual(decodeBase64Image(urlSafe), SAMPLE);
  const oneByteShort = SAMPLE.subarray(0, 299);
  assert.deepEqual(decodeBase64Image(oneByteShort.toString('base64url')), oneByteShort);
  assert.deepEqual(decodeBase64Image(oneByteShort.toString('base64')), oneByteShort);
});

test("spaces that form decoding made of every '+' are read as '+'", () => {
  const mangled = STANDARD.replace(/\+/g, ' ');
  assert.notEqual(mangled, STANDARD);
  assert.deepEqual(decodeBase64Image(mangled), SAMPLE);
});

test('empty text is refused', () => {
  assert.throws(() => decodeBase64Image(''), refusal(/^image_base64 is not valid base64: it is empty$/));
  assert.throws(() => decodeBase64Image(' \r\n '), refusal(/it is empty/));
  assert.throws(() => decodeBase64Image('data:image/png;base64,'), refusal(/it is empty/));
});

test('characters outside the alphabet are refused, naming the character', () => {
  assert.throws(() => decodeBase64Image(`${STANDARD.slice(0, 40)}%${STANDARD.slice(40)}`), refusal(/character '%' \(U\+0025\) is not in the base64 alphabet/));
  assert.throws(() => decodeBase64Image('iVBORw0K图片'), refusal(/U\+56FE is not in the base64 alphabet/));
  assert.throws(() => decodeBase64Image('{"image": "x"}'), refusal(/is not in the base64 alphabet/));
});

test('padding in the middle and impossible lengths are refused', () => {
  assert.throws(() => decodeBase64Image('QUJD=QUJD'), refusal(/padding '=' in the middle/));
  assert.throws(() => decodeBase64Image('QUJDRA='), refusal(/length 7 is not a multiple of 4/));
  assert.throws(() => decodeBase64Image('QUJDR'), refusal(/length 5 leaves one character over/));
  assert.throws(() => decodeBase64Image('QUJD==='), refusal(/not valid base64/));
});

test('a mix of the standard and URL-safe alphabets is refused', () => {
  assert.throws(() => decodeBase64Image('ab+c-d/_'), refusal(/mixes the standard \(\+ \/\) and URL-safe \(- _\) alphabets/));
});

test('the size limit is applied from the text length, before decoding, at the byte boundary', () => {
  const max = 3000;
  const exact = Buffer.alloc(max, 0xab);
  assert.equal(decodeBase64Image(exact.toString('base64'), max).length, max);
  const over = Buffer.alloc(max + 1, 0xab);
  assert.throws(() => decodeBase64Image(over.toString('base64'), max), refusal(/^file size 3001 bytes, must be <= 3000$/));
  assert.throws(() => decodeBase64Image(over.toString('base64url'), max), refusal(/^file size 3001 bytes, must be <= 3000$/));
});

test('the default limit is 5 MB: exactly 5242880 bytes pass, one more is refused with both numbers', () => {
  assert.equal(IMAGE_LIMITS.maxBytes, 5 * 1024 * 1024);
  assert.equal(decodeBase64Image(Buffer.alloc(5 * 1024 * 1024, 1).toString('base64')).length, 5 * 1024 * 1024);
  assert.throws(
    () => decodeBase64Image(Buffer.alloc(5 * 1024 * 1024 + 1, 1).toString('base64')),
    refusal(/^file size 5242881 bytes, must be <= 5242880 \(5 MB\)$/),
  );
});

test('a text far too long for any allowed image is refused before any other work', () => {
  const huge = 'A'.repeat(2 * Math.ceil(1000 / 3) * 4 + 2000);
  assert.throws(() => decodeBase64Image(huge, 1000), refusal(/^image_base64 is 4672 characters long, too long/));
});
