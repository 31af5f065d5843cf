import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClassifyResult } from '../../src/contract/classify.js';
import { fileForm, post, startTestServer } from '../helpers/server.js';
import { solidPng } from '../helpers/png.js';

const A = '/api/v2/medical_classify_pro';
const C = '/ocr/medical/v2/medical_invoice/basic/beijing';

test('images past MEDDOC_IMAGES_IN_FLIGHT wait their turn; past MEDDOC_IMAGE_QUEUE the call answers busy, and nothing else breaks', async () => {
  let release: () => void = () => {};
  const gateOpen = new Promise<void>((resolve) => { release = resolve; });
  let running = 0;
  let most = 0;
  // The wait for a turn is long here: this test is about the line's length, not its time limit
  // (http-admission.test.ts tests that). With 10 s, the second image's wait ran out on a machine
  // loaded ~20 deep before the test released the first, and it answered busy (500) as it should.
  const server = await startTestServer({ MEDDOC_IMAGES_IN_FLIGHT: '1', MEDDOC_IMAGE_QUEUE: '1', MEDDOC_IMAGE_QUEUE_WAIT_MS: '120000' }, {
    operations: {
      classify: async (): Promise<ClassifyResult> => {
        running++;
        most = Math.max(most, running);
        await gateOpen;
        running--;
        return { classify_result: [], seals: [] };
      },
    },
  });
  try {
    const png = await solidPng(200, 200);
    const first = post(server.url + A, { headers: server.headers, form: fileForm('image_file', png) });
    const second = post(server.url + A, { headers: server.headers, form: fileForm('image_file', png) });
    // Wait until one runs and the other waits in line (read from /metrics), however loaded the
    // machine: with a fixed second, a machine loaded ~25 deep let the third call in before the
    // second, so the second was the one refused.
    const waiting = async (): Promise<number> => {
      const text = await (await fetch(server.url + '/metrics')).text();
      const line = /^meddoc_images_waiting (\d+)/m.exec(text);
      return line ? Number(line[1]) : 0;
    };
    const deadline = Date.now() + 60_000;
    while ((running === 0 || (await waiting()) === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(running, 1, 'the first image runs');
    assert.equal(await waiting(), 1, 'the second image waits in line');
    const third = await post(server.url + C, { headers: server.headers, form: fileForm('file', png) });
    assert.equal(third.status, 500);
    assert.equal(third.body.status, 'INTERNAL_ERROR');
    assert.match(third.body.reason as string, /busy .*retry/);
    const b = await post(server.url + '/ocr/medical/verify_note_code', { headers: server.headers, json: {} });
    assert.equal(b.status, 200, 'B without an image needs no turn');
    release();
    const [r1, r2] = await Promise.all([first, second]);
    assert.equal(r1.status, 200);
    assert.equal(r2.status, 200);
    assert.equal(most, 1, 'never two images at once');
  } finally {
    release();
    await server.close();
  }
});

test('a malformed MEDDOC_IMAGES_IN_FLIGHT is refused at start', async () => {
  await assert.rejects(startTestServer({ MEDDOC_IMAGES_IN_FLIGHT: '0' }), /MEDDOC_IMAGES_IN_FLIGHT/);
});
