/**
 * The document localiser alone (`locateDocuments`, no OCR, no classification) over a labelled
 * folder: located boxes paired with the labelled ones at box IoU >= 0.5 (src/eval/locate.ts).
 * Prints lost / extra documents and the images whose count is right, lists every image with a
 * lost or extra document, and writes per-image results as JSON so that two builds can be compared
 * image by image (docs/eval.md, "The localiser alone").
 *
 *   npx tsc -p . && nice node dist/scripts/eval-locate.js DIR [--limit N] [--only NAMES] [--json OUT]
 *   node dist/scripts/eval-locate.js --compare BEFORE.json AFTER.json
 *
 * NAMES: image file names separated by commas, or @FILE with one name a line (e.g. the images a
 * full eval's misses name). Only file names and counts are printed: no document text is read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { decodeUpload } from '../src/image/intake.js';
import { locateDocuments } from '../src/image/documents.js';
import { loadEvalSet } from '../src/eval/labels.js';
import { compareLocated, locateTotals, scoreLocated, type LocateImageResult, type LocateTotals } from '../src/eval/locate.js';

interface LocateReport {
  set: string;
  totals: LocateTotals;
  images: LocateImageResult[];
}

function usage(): never {
  process.stderr.write('usage: eval-locate DIR [--limit N] [--only a.jpg,b.jpg|@FILE] [--json OUT]\n       eval-locate --compare BEFORE.json AFTER.json\n');
  process.exit(2);
}

function totalsLine(t: LocateTotals): string {
  return `images ${t.images}, documents ${t.labelled}, found ${t.found}: lost ${t.lost} (in ${t.imagesWithLost} images), extra ${t.extra}, count right ${t.countRight}/${t.images}`;
}

function readReport(path: string): LocateReport {
  const report = JSON.parse(readFileSync(path, 'utf8')) as LocateReport;
  if (!Array.isArray(report.images)) throw new Error(`${path}: not an eval-locate report`);
  return report;
}

function compare(beforePath: string, afterPath: string): void {
  const before = readReport(beforePath);
  const after = readReport(afterPath);
  const names = new Set(after.images.map((r) => r.name));
  const common = before.images.filter((r) => names.has(r.name));
  const kept = new Set(common.map((r) => r.name));
  console.log(`before: ${totalsLine(locateTotals(common))}`);
  console.log(`after:  ${totalsLine(locateTotals(after.images.filter((r) => kept.has(r.name))))}`);
  const changes = compareLocated(common, after.images);
  for (const c of changes) {
    const f = (r: LocateImageResult): string => `lost ${r.lost} extra ${r.extra} found ${r.boxes.length}/${r.labelled}`;
    console.log(`${c.verdict.padEnd(6)} ${c.name}: ${f(c.before)} -> ${f(c.after)}`);
  }
  const count = (v: string): number => changes.filter((c) => c.verdict === v).length;
  console.log(`images compared ${common.length}: better ${count('better')}, worse ${count('worse')}, boxes moved only ${count('moved')}`);
}

function onlyNames(arg: string): Set<string> {
  const text = arg.startsWith('@') ? readFileSync(arg.slice(1), 'utf8') : arg.replace(/,/g, '\n');
  return new Set(text.split('\n').map((s) => s.trim()).filter((s) => s.length > 0));
}

async function run(args: string[]): Promise<void> {
  let dir: string | null = null;
  let limit = Infinity;
  let json: string | null = null;
  let only: Set<string> | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--limit') limit = Number(args[++i]);
    else if (a === '--json') json = args[++i] ?? usage();
    else if (a === '--only') only = onlyNames(args[++i] ?? usage());
    else if (a.startsWith('--')) usage();
    else dir = a;
  }
  if (!dir || !(limit > 0)) usage();
  const cases = loadEvalSet(dir)
    .filter((c) => c.classify !== null && (only === null || only.has(c.name)))
    .slice(0, limit);
  const results: LocateImageResult[] = [];
  const t0 = performance.now();
  for (const c of cases) {
    const { rgb } = await decodeUpload(readFileSync(c.imagePath));
    const found = locateDocuments(rgb).map((d) => [...d.bbox]);
    const r = scoreLocated(c.name, c.classify!.documents.map((d) => d.box), found);
    results.push(r);
    if (r.lost > 0 || r.extra > 0) console.log(`${c.name}: found ${found.length}/${r.labelled}, lost ${r.lost}, extra ${r.extra}`);
  }
  const totals = locateTotals(results);
  console.log(totalsLine(totals));
  console.log(`${((performance.now() - t0) / Math.max(1, results.length)).toFixed(0)} ms an image (decoding included)`);
  if (json) {
    // One image a line, so that two reports also diff line by line.
    const report: LocateReport = { set: dir, totals, images: results };
    writeFileSync(json, `{"set":${JSON.stringify(report.set)},"totals":${JSON.stringify(report.totals)},"images":[\n${report.images.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--compare') {
    if (args.length !== 3) usage();
    compare(args[1]!, args[2]!);
  } else {
    await run(args);
  }
  process.exit(0);
}

void main();
