/**
 * `npm run golden:update [-- --images | --add]`: rewrites the golden references in test/fixtures/golden/
 * from the service's own answers. With `--images` it first makes the fixture images again from
 * the corpus generator (deterministic per seed), e.g. after the generator changed; with `--add` it
 * makes images only for fixtures listed below that the manifest does not hold yet.
 *
 * Review the git diff of the references before committing: a changed reference is a changed
 * answer to clients.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ExtractVariant } from '../src/contract/extract.js';
import {
  GOLDEN_DIR, MANIFEST_FILE, readManifest, referenceFile, startGoldenService, type GoldenFixture, type GoldenOperation,
} from '../src/eval/golden.js';
import { generateImage, type GeneratedImage } from '../src/synth/generate.js';

const SEED = 4242;
/** Golden images are kept small: the whole set is committed and run in every test pass. */
const LONG_SIDE = 1000;
const MAX_SEARCH = 300;

interface Wanted {
  name: string;
  about: string;
  kind: string;
  /** The generated invoice must be of this C variant. */
  labelVariant?: string;
  /** The C path to call: the label's variant unless given. */
  callVariant?: ExtractVariant;
  /** Also send the image to C (invoices; the ID card to pin its refusal). */
  extract: boolean;
  /** Only C: invoice families that add nothing to classification's references (keeps the test fast). */
  extractOnly?: boolean;
  /** The image must be turned (90/180/270) and is sent with auto_rotate. */
  rotated?: boolean;
}

const WANTED: readonly Wanted[] = [
  { name: 'e-invoice-outpatient', about: 'outpatient e-invoice (national layout, QR code) on the e_invoice path', kind: '费用类票据/门诊电子发票', labelVariant: 'e_invoice', extract: true },
  { name: 'beijing-outpatient', about: 'Beijing paper outpatient invoice on its province path (restricted checksums)', kind: '费用类票据/门诊发票', labelVariant: 'beijing', extract: true },
  { name: 'shanghai-inpatient', about: 'Shanghai paper inpatient invoice on its province path', kind: '费用类票据/住院发票', labelVariant: 'shanghai', extract: true },
  { name: 'general-outpatient', about: 'paper outpatient invoice on the unsuffixed (general) path', kind: '费用类票据/门诊发票', callVariant: 'general', extract: true },
  // Invoice families of C, one per path behaviour: restricted checksums (Beijing all four; Shanghai
  // and Zhejiang the payment checks; other provinces none), inpatient and outpatient, e-invoices,
  // the general path recognising the province, and a turned photo.
  { name: 'e-invoice-inpatient', about: 'inpatient e-invoice on the e_invoice path', kind: '费用类票据/住院电子发票', labelVariant: 'e_invoice', extract: true, extractOnly: true },
  { name: 'zhejiang-outpatient', about: 'Zhejiang paper outpatient invoice (payments_class_b/c checks)', kind: '费用类票据/门诊发票', labelVariant: 'zhejiang', extract: true, extractOnly: true },
  { name: 'beijing-inpatient', about: 'Beijing paper inpatient invoice (restricted checks do not apply to inpatient)', kind: '费用类票据/住院发票', labelVariant: 'beijing', extract: true, extractOnly: true },
  { name: 'province-outpatient', about: 'paper outpatient invoice of a province without restricted checks, on its path', kind: '费用类票据/门诊发票', labelVariant: 'guangdong', extract: true, extractOnly: true },
  { name: 'province-inpatient', about: 'paper inpatient invoice of a province without restricted checks, on its path', kind: '费用类票据/住院发票', labelVariant: 'hebei', extract: true, extractOnly: true },
  { name: 'general-inpatient', about: 'paper inpatient invoice on the unsuffixed (general) path: province from the title', kind: '费用类票据/住院发票', callVariant: 'general', extract: true, extractOnly: true },
  { name: 'rotated-invoice', about: 'invoice photo turned a quarter or half turn, sent with auto_rotate (degree)', kind: '费用类票据/门诊发票', extract: true, extractOnly: true, rotated: true },
  { name: 'id-card', about: 'resident ID card: classified as a card; refused by C with DETETION_FAILED', kind: '居民身份证', extract: true },
  { name: 'discharge-record', about: 'discharge record (病历相关资料/出院记录)', kind: '病历相关资料/出院记录', extract: false },
  { name: 'lab-report', about: 'lab report with a result table (检查报告/化验报告)', kind: '检查报告/化验报告', extract: false },
];

function acceptable(img: GeneratedImage, wanted: Wanted): boolean {
  if (img.multi || img.kinds[0] !== wanted.kind) return false;
  // Scans and photos: the conditions most claims arrive in; no deliberate blur or cut for goldens.
  if (img.condition !== 'scan' && img.condition !== 'photo') return false;
  if (wanted.labelVariant && img.label.variant !== wanted.labelVariant) return false;
  if (Boolean(wanted.rotated) !== img.rotated) return false;
  return true;
}

async function smallImage(img: GeneratedImage): Promise<{ data: Buffer; ext: string }> {
  const meta = await sharp(img.data).metadata();
  if (Math.max(meta.width, meta.height) <= LONG_SIDE && img.data.length <= 600 * 1024) {
    return { data: img.data, ext: img.format === 'jpeg' ? 'jpg' : 'png' };
  }
  const data = await sharp(img.data).resize({ width: LONG_SIDE, height: LONG_SIDE, fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
  return { data, ext: 'jpg' };
}

function opsOf(wanted: Wanted): GoldenOperation[] {
  if (!wanted.extract) return ['classify'];
  return wanted.extractOnly ? ['extract'] : ['classify', 'extract'];
}

async function makeImages(keep: readonly GoldenFixture[] = []): Promise<GoldenFixture[]> {
  mkdirSync(GOLDEN_DIR, { recursive: true });
  const fixtures: GoldenFixture[] = [...keep];
  // Two fixtures of one kind must be two different images.
  const used = new Set<string>(keep.flatMap((f) => (f.origin ? f.origin.kinds.map((k) => `${k}#${f.origin!.index}`) : [])));
  for (const wanted of WANTED) {
    if (keep.some((f) => f.name === wanted.name)) continue;
    let found: { img: GeneratedImage; index: number } | null = null;
    for (let index = 0; index < MAX_SEARCH && !found; index++) {
      if (used.has(`${wanted.kind}#${index}`)) continue;
      const img = await generateImage(SEED, index, { kinds: [wanted.kind] });
      if (acceptable(img, wanted)) found = { img, index };
    }
    if (!found) throw new Error(`no acceptable image of ${wanted.kind} in the first ${MAX_SEARCH} of seed ${SEED}`);
    used.add(`${wanted.kind}#${found.index}`);
    const { data, ext } = await smallImage(found.img);
    const image = `${wanted.name}.${ext}`;
    for (const old of ['jpg', 'png']) rmSync(join(GOLDEN_DIR, `${wanted.name}.${old}`), { force: true });
    writeFileSync(join(GOLDEN_DIR, image), data);
    const variant = (wanted.callVariant ?? found.img.label.variant ?? 'general') as ExtractVariant;
    fixtures.push({
      name: wanted.name, image, about: wanted.about,
      ops: opsOf(wanted),
      variant, autoRotate: Boolean(wanted.rotated), origin: { seed: SEED, index: found.index, kinds: [wanted.kind] },
    });
    process.stderr.write(`image ${image}: seed ${SEED} index ${found.index}, ${found.img.condition}, ${(data.length / 1024).toFixed(0)} KB\n`);
  }
  return fixtures;
}

/** Operations each fixture is meant to cover; the manifest lists only those with a reference. */
function intended(fixture: GoldenFixture): GoldenOperation[] {
  const wanted = WANTED.find((w) => w.name === fixture.name);
  return wanted ? opsOf(wanted) : fixture.ops;
}

async function main(argv: string[]): Promise<number> {
  const hasManifest = existsSync(join(GOLDEN_DIR, MANIFEST_FILE));
  const fixtures = argv.includes('--images') || !hasManifest
    ? await makeImages()
    : argv.includes('--add') ? await makeImages(readManifest()) : readManifest();
  const service = await startGoldenService();
  try {
    for (const fixture of fixtures) {
      const image = readFileSync(join(GOLDEN_DIR, fixture.image));
      const ops: GoldenOperation[] = [];
      for (const op of intended(fixture)) {
        if (!service.has(op)) {
          process.stderr.write(`${fixture.name}: ${op} is not available in this build; no reference written\n`);
          continue;
        }
        const { status, body } = await service.call(fixture, op, image);
        writeFileSync(referenceFile(fixture, op), `${JSON.stringify(body, null, 1)}\n`);
        ops.push(op);
        process.stderr.write(`${fixture.name}.${op}.json: HTTP ${status} ${String(body.status)}\n`);
      }
      fixture.ops = ops;
    }
  } finally {
    await service.close();
  }
  writeFileSync(join(GOLDEN_DIR, MANIFEST_FILE), `${JSON.stringify(fixtures, null, 1)}\n`);
  const total = fixtures.reduce((sum, f) => sum + statSync(join(GOLDEN_DIR, f.image)).size, 0);
  process.stderr.write(`${fixtures.length} fixtures, images ${(total / 1024 / 1024).toFixed(2)} MB in ${GOLDEN_DIR}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err: unknown) => {
    process.stderr.write(`update-golden: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
