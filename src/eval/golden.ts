/**
 * Golden files (issue 4, part 4): a few committed fixture images, each with the whole response
 * body the service gave for it (minus request_id and time_cost, which change on every call).
 * References are taken through the real HTTP service on a loopback port, so they are exactly
 * what a client receives: route, serialisation by the contract's schemas and error mapping
 * included. `npm run golden:update` rewrites them; test/golden compares against them.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService, type Service } from '../app.js';
import { createKey } from '../auth/keys.js';
import { loadConfig } from '../config.js';
import { EXTRACT_VARIANTS, type ExtractVariant } from '../contract/extract.js';
import { createLogger } from '../util/log.js';
import { PROJECT_ROOT } from '../util/paths.js';

export const GOLDEN_DIR = join(PROJECT_ROOT, 'test', 'fixtures', 'golden');
export const MANIFEST_FILE = 'manifest.json';
/** Fields that differ on every call by design. */
export const VOLATILE_FIELDS = ['request_id', 'time_cost'] as const;

export type GoldenOperation = 'classify' | 'extract';

export interface GoldenFixture {
  /** File stem: references are NAME.classify.json and NAME.extract.json. */
  name: string;
  /** Image file name inside GOLDEN_DIR. */
  image: string;
  /** What the fixture shows (for people reading the manifest). */
  about: string;
  /** Operations with a committed reference. */
  ops: GoldenOperation[];
  /** C path variant ('general' = unsuffixed path) and auto_rotate, for extract. */
  variant: ExtractVariant;
  autoRotate: boolean;
  /** Where the image came from, so `--images` can make it again. */
  origin: { seed: number; index: number; kinds: string[] };
}

export function referenceFile(fixture: GoldenFixture, op: GoldenOperation): string {
  return join(GOLDEN_DIR, `${fixture.name}.${op}.json`);
}

function isFixture(v: unknown): v is GoldenFixture {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  return typeof f.name === 'string' && typeof f.image === 'string' && Array.isArray(f.ops)
    && f.ops.every((o) => o === 'classify' || o === 'extract')
    && typeof f.variant === 'string' && (f.variant === 'general' || (EXTRACT_VARIANTS as readonly string[]).includes(f.variant))
    && typeof f.autoRotate === 'boolean';
}

export function readManifest(dir: string = GOLDEN_DIR): GoldenFixture[] {
  const raw: unknown = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
  if (!Array.isArray(raw) || !raw.every(isFixture)) throw new Error(`${MANIFEST_FILE}: not a list of fixtures`);
  return raw;
}

/** The response body without the fields that change on every call. */
export function stableBody(body: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...body };
  for (const field of VOLATILE_FIELDS) delete copy[field];
  return copy;
}

export interface GoldenService {
  /** Whether the build has the operation (A is only there once the classifier is wired). */
  has(op: GoldenOperation): boolean;
  /** POSTs the fixture's image to the operation; returns the HTTP status and the stable body. */
  call(fixture: GoldenFixture, op: GoldenOperation, image: Buffer): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

function extractPath(variant: ExtractVariant): string {
  return variant === 'general' ? '/ocr/medical/v2/medical_invoice' : `/ocr/medical/v2/medical_invoice/basic/${variant}`;
}

/** Starts the whole service with engines on a loopback port, with a temporary store and key. */
export async function startGoldenService(): Promise<GoldenService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meddoc-golden-'));
  let service: Service | undefined;
  try {
    const config = loadConfig({ MEDDOC_DATA_DIR: dataDir, MEDDOC_PORT: '0', MEDDOC_HOST: '127.0.0.1' });
    service = await createService(config, createLogger('silent'), { engines: true });
    const address = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const { record, secret } = await createKey(service.keys, { name: 'golden' });
    const headers = { 'X-DF-API-ID': record.id, 'X-DF-API-SECRET': secret };
    const running = service;
    return {
      has: (op) => Boolean(running.operations[op]),
      async call(fixture, op, image) {
        const form = new FormData();
        const blob = new Blob([new Uint8Array(image)]);
        if (op === 'classify') {
          form.append('image_file', blob, fixture.image);
        } else {
          form.append('auto_rotate', String(fixture.autoRotate));
          form.append('file', blob, fixture.image);
        }
        const path = op === 'classify' ? '/api/v2/medical_classify_pro' : extractPath(fixture.variant);
        const res = await fetch(`${address}${path}`, { method: 'POST', headers, body: form });
        const body = (await res.json()) as Record<string, unknown>;
        return { status: res.status, body: stableBody(body) };
      },
      async close() {
        await running.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
