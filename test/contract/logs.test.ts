/** Privacy of the logs: names, ID numbers, secrets and image bytes never reach a log line. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService } from '../../src/app.js';
import { createKey } from '../../src/auth/keys.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/util/log.js';
import { fileForm, post } from '../helpers/server.js';
import { solidPng } from '../helpers/png.js';

test('request logs carry request_id, operation, status, latency and key id, and no personal data', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'meddoc-logs-'));
  const config = loadConfig({ MEDDOC_DATA_DIR: dataDir });
  const service = await createService(config, createLogger('debug', sink), {
    engines: false,
    operations: {
      classify: async () => {
        throw new Error('boom with 张三 110101199003074578');
      },
    },
  });
  try {
    const url = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const { record, secret } = await createKey(service.keys, {});
    const headers = { 'X-DF-API-ID': record.id, 'X-DF-API-SECRET': secret };
    const png = await solidPng(200, 200);
    await post(`${url}/ocr/medical/verify_note_code`, {
      headers,
      json: { note_code: '41010124', note_no: '0012345678', check_code: 'a1b2c3', total_cost: '1.00', billing_date: '2024-01-01', patient_name: '李四' },
    });
    await post(`${url}/api/v2/medical_classify_pro`, { headers, json: { image_base64: png.toString('base64') } });
    await post(`${url}/api/v2/medical_classify_pro`, { headers, form: fileForm('image_file', png) });
    const all = lines.join('\n');
    const requestLines = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
    assert.equal(requestLines.length, 3);
    for (const line of requestLines) {
      assert.equal(typeof line.request_id, 'string');
      assert.equal(typeof line.operation, 'string');
      assert.equal(typeof line.status, 'string');
      assert.equal(typeof line.latency_ms, 'number');
      assert.equal(line.key_id, record.id);
    }
    assert.doesNotMatch(all, /李四|张三/);
    assert.doesNotMatch(all, /110101199003074578/);
    assert.doesNotMatch(all, new RegExp(secret));
    assert.doesNotMatch(all, new RegExp(png.toString('base64').slice(0, 40).replace(/[+/]/g, '.')));
    // The unexpected error is logged for the operator, with its request id, but its text is masked.
    const errorLine = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'unexpected error');
    assert.ok(errorLine && typeof errorLine.request_id === 'string');
    assert.match(JSON.stringify(errorLine), /boom with/);
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
