/**
 * Every body encoding decisions.md lists, for A, B and C; B's input checks as VERIFY_FAILED with
 * HTTP 200 and qrcode_scan_result; the paths of C (unsuffixed, /basic, every province).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ExtractVariant } from '../../src/contract/extract.js';
import { EXTRACT_VARIANTS } from '../../src/contract/extract.js';
import type { IntakeImage } from '../../src/image/types.js';
import { fileForm, post, startTestServer, type TestServer } from '../helpers/server.js';
import { solidPng } from '../helpers/png.js';

const A = '/api/v2/medical_classify_pro';
const B = '/ocr/medical/verify_note_code';

describe('HTTP contract: encodings and paths', () => {
  let server: TestServer;
  const classified: IntakeImage[] = [];
  const extracted: { variant: ExtractVariant; autoRotate: boolean; width: number }[] = [];

  before(async () => {
    server = await startTestServer({}, {
      operations: {
        classify: async (image) => {
          classified.push(image);
          return { classify_result: [], seals: [] };
        },
        extract: async (image, options) => {
          extracted.push({ ...options, width: image.width });
          return { ok: false, found: 'a probe' };
        },
      },
    });
  });
  after(() => server.close());

  test('A accepts multipart file, multipart base64 field, JSON base64 (with data: prefix) and urlencoded base64', async () => {
    const png = await solidPng(321, 222);
    const b64 = png.toString('base64');
    classified.length = 0;
    const bodies = [
      { form: fileForm('image_file', png) },
      { form: (() => { const f = new FormData(); f.append('image_base64', b64); return f; })() },
      { json: { image_base64: `data:image/png;base64,${b64}` } },
      { urlencoded: { image_base64: b64 } },
    ];
    for (const body of bodies) {
      const res = await post(server.url + A, { headers: server.headers, ...body });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.status, 'OK');
      assert.equal(typeof res.body.time_cost, 'number');
      assert.deepEqual(res.body.result, { classify_result: [], seals: [] });
    }
    assert.equal(classified.length, 4);
    for (const image of classified) assert.deepEqual([image.width, image.height, image.format], [321, 222, 'png']);
  });

  test('C: unsuffixed paths select the general variant; every province path and e_invoice select theirs; auto_rotate parsed', async () => {
    const png = await solidPng(300, 300);
    extracted.length = 0;
    await post(server.url + '/ocr/medical/v2/medical_invoice', { headers: server.headers, form: fileForm('file', png, 'x.png', { auto_rotate: 'true' }) });
    await post(server.url + '/ocr/medical/v2/medical_invoice/basic', { headers: server.headers, form: fileForm('file', png, 'x.png', { auto_rotate: '0' }) });
    assert.deepEqual(extracted.map((e) => [e.variant, e.autoRotate]), [['general', true], ['general', false]]);
    extracted.length = 0;
    for (const variant of EXTRACT_VARIANTS) {
      const res = await post(server.url + `/ocr/medical/v2/medical_invoice/basic/${variant}`, { headers: server.headers, form: fileForm('file', png, 'x.png', { auto_rotate: '1' }) });
      assert.equal(res.body.status, 'DETETION_FAILED');
    }
    assert.deepEqual(extracted.map((e) => e.variant), [...EXTRACT_VARIANTS]);
    assert.ok(extracted.every((e) => e.autoRotate === true));
    assert.equal(EXTRACT_VARIANTS.length, 30);
  });

  test('B: the five elements as JSON, urlencoded and multipart all reach verification (an empty ledger: 300)', async () => {
    const elements = { note_code: '33010124', note_no: '0012345678', check_code: 'a1b2c3', total_cost: '123.45', billing_date: '2024-05-01' };
    const form = new FormData();
    for (const [k, v] of Object.entries(elements)) form.append(k, v);
    for (const body of [{ json: elements }, { urlencoded: elements }, { form }]) {
      const res = await post(server.url + B, { headers: server.headers, ...body });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, {
        request_id: res.body.request_id,
        status: 'VERIFY_FAILED',
        error_code: 300,
        reason: 'invoice not exist',
        qrcode_scan_result: -1,
      });
    }
  });

  test('B: each missing element is VERIFY_FAILED 301..305 with HTTP 200; a malformed date is 325', async () => {
    const full: Record<string, string> = { note_code: '11010124', note_no: '0012345678', check_code: 'a1b2c3', total_cost: '10.00', billing_date: '20240501' };
    const cases: [string, number, string][] = [
      ['note_no', 301, 'note_no is required'],
      ['check_code', 302, 'check_code is required'],
      ['note_code', 303, 'note_code is required'],
      ['billing_date', 304, 'billing_date is required'],
      ['total_cost', 305, 'total_cost is required'],
    ];
    for (const [missing, code, reason] of cases) {
      const body = { ...full };
      delete body[missing];
      const res = await post(server.url + B, { headers: server.headers, json: body });
      assert.equal(res.status, 200);
      assert.equal(res.body.status, 'VERIFY_FAILED');
      assert.equal(res.body.error_code, code, missing);
      assert.equal(res.body.reason, reason);
      assert.equal(res.body.qrcode_scan_result, -1);
    }
    const badDate = await post(server.url + B, { headers: server.headers, json: { ...full, billing_date: '01.05.2024' } });
    assert.equal(badDate.body.error_code, 325);
    assert.equal(badDate.body.reason, 'billing_date format error');
  });
});
