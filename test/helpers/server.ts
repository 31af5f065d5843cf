/** Starts the real service on a free loopback port with its own temporary data folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService, type Service, type ServiceOptions } from '../../src/app.js';
import { createKey, type NewKey } from '../../src/auth/keys.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/util/log.js';

export interface TestServer {
  url: string;
  service: Service;
  dataDir: string;
  /** A key allowed every operation, without quota, rate or expiry. */
  key: { id: string; secret: string };
  headers: Record<string, string>;
  newKey(input: NewKey): Promise<{ id: string; secret: string; headers: Record<string, string> }>;
  close(): Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}, options: ServiceOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meddoc-test-'));
  let service: Service;
  let address: string;
  try {
    const config = loadConfig({ MEDDOC_DATA_DIR: dataDir, MEDDOC_PORT: '0', MEDDOC_HOST: '127.0.0.1', ...env });
    service = await createService(config, createLogger('silent'), { engines: false, ...options });
    address = await service.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (err) {
    // A test that expects the service to refuse its settings must not leave the data folder behind.
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const newKey = async (input: NewKey) => {
    const { record, secret } = await createKey(service.keys, input);
    return { id: record.id, secret, headers: { 'X-DF-API-ID': record.id, 'X-DF-API-SECRET': secret } };
  };
  const key = await newKey({ name: 'test' });
  return {
    url: address,
    service,
    dataDir,
    key: { id: key.id, secret: key.secret },
    headers: key.headers,
    newKey,
    async close() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface JsonResponse {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export async function post(url: string, init: { headers?: Record<string, string>; json?: unknown; form?: FormData; urlencoded?: Record<string, string> }): Promise<JsonResponse> {
  let body: BodyInit | undefined;
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] = 'application/json';
  } else if (init.form) {
    body = init.form;
  } else if (init.urlencoded) {
    body = new URLSearchParams(init.urlencoded).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`response of ${url} is not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export function fileForm(field: string, bytes: Buffer, filename = 'image.jpg', extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append(field, new Blob([new Uint8Array(bytes)]), filename);
  return form;
}
