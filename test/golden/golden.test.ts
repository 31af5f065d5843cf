/**
 * Golden files: the service's whole response for each committed fixture must equal the reviewed
 * reference (test/fixtures/golden/NAME.OP.json, request_id and time_cost left out). A failure
 * lists every differing field; if the change is intended, run `npm run golden:update` and review
 * the references' git diff.
 */
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { GOLDEN_DIR, readManifest, referenceFile, startGoldenService, type GoldenService } from '../../src/eval/golden.js';
import { formatDiff, jsonDiff } from '../../src/eval/json-diff.js';

const fixtures = readManifest();
let service: GoldenService;

before(async () => {
  service = await startGoldenService();
});
after(async () => {
  await service?.close();
});

test('the golden set stays small: at most 16 images (one per invoice family of C), long side <= 1200 px, under 3 MB in all', async () => {
  assert.ok(fixtures.length > 0 && fixtures.length <= 16, `${fixtures.length} fixtures`);
  let bytes = 0;
  for (const fixture of fixtures) {
    const path = join(GOLDEN_DIR, fixture.image);
    bytes += statSync(path).size;
    const meta = await sharp(path).metadata();
    assert.ok(Math.max(meta.width, meta.height) <= 1200, `${fixture.image} is ${meta.width}x${meta.height}`);
  }
  assert.ok(bytes < 3 * 1024 * 1024, `${bytes} bytes`);
  assert.ok(fixtures.some((f) => f.ops.includes('extract')), 'no extract reference');
});

test('every operation this build has is covered by references', () => {
  for (const op of ['classify', 'extract'] as const) {
    if (!service.has(op)) continue;
    assert.ok(
      fixtures.some((f) => f.ops.includes(op)),
      `the build now has ${op} but no golden reference covers it: run \`npm run golden:update\` (node dist/scripts/update-golden.js) and review the new references`,
    );
  }
});

for (const fixture of fixtures) {
  for (const op of fixture.ops) {
    test(`${fixture.name}: ${op} answers exactly as its reference (${fixture.about})`, async () => {
      const expected: unknown = JSON.parse(readFileSync(referenceFile(fixture, op), 'utf8'));
      const { body } = await service.call(fixture, op, readFileSync(join(GOLDEN_DIR, fixture.image)));
      const differences = jsonDiff(expected, body);
      if (differences.length > 0) {
        assert.fail(`${fixture.name}.${op}.json differs from the service's answer (npm run golden:update if intended):\n${formatDiff(differences)}`);
      }
    });
  }
}
