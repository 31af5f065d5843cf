/**
 * The corpus generator's programmatic API (documented in docs/corpus.md):
 *   generateDocument(seedOrRng, kind?)   -> Promise<SynthDoc>        one flat document with its truth
 *   generateImage(seed, index, opts?)    -> Promise<GeneratedImage>  one captured image with its label
 *   generateCorpus(opts)                 -> Promise<CorpusSummary>   N images (+ labels) into a folder
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClassifyDocument, ClassifyResponse, Direct } from '../contract/classify.js';
import type { ExtractResponse } from '../contract/extract.js';
import type { Quad8 } from '../ocr/types.js';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { pageToSvg, renderPage } from '../render/page.js';
import { CLASSES, classId, type ClassDef } from './data/classes.js';
import { PROVINCE_STYLES } from './data/provinces.js';
import { HOSPITAL_STEMS, INSURERS, CITIES } from './data/vocab.js';
import type { BuildContext, SynthDoc } from './doc.js';
import { buildGeneral } from './docs/general.js';
import { buildInvoice } from './docs/invoice.js';
import { capture, type CapturePlan, type Condition, type RasterPage } from './capture.js';
import { mapQuad, pointInQuad, quadCentre, quadInside } from './geometry.js';
import { coveredShare } from '../image/polygon.js';
import { randomPerson } from './person.js';
import { unreadableParts, type PrintedLine } from './readable.js';
import { Rng } from './rng.js';

export const KINDS: readonly string[] = CLASSES.map(classId);
/** The 30 C variants: 29 provinces and the electronic invoice. */
export const VARIANTS: readonly string[] = [...PROVINCE_STYLES.map((p) => p.id), 'e_invoice'];
const INVOICE_KINDS = ['费用类票据/住院发票', '费用类票据/门诊发票', '费用类票据/住院电子发票', '费用类票据/门诊电子发票'];
/** Share of invoices whose amounts deliberately do not add up. */
export const INCONSISTENT_SHARE = 0.12;
/**
 * Share of a page's area that documents laid on it must hide for it to be labelled incomplete
 * (issue 5: "cut by the frame or occluded"). 1 % of an A4 page is a 3 mm strip along its long side,
 * of an ID card a 0.9 mm strip along its short side: past that the upper sheet's edge lies visibly
 * inside the lower one and whatever is printed there (a border, the end of a line) is out of view.
 * Less is two sheets merely touching, a pixel or two of shared edge after rounding. Sheets laid
 * over each other on purpose hide from about 1.6 % (seed 640, image 22: a card's right edge under
 * another card), so 2 % would leave such overlaps out.
 */
export const OCCLUDED_SHARE = 0.01;

/**
 * Whether page `index` is complete: its outline inside the frame, and the pages drawn after it
 * (on top of it) hiding less than OCCLUDED_SHARE of it.
 */
export function pageComplete(outlines: readonly Quad8[], index: number, width: number, height: number): boolean {
  const page = outlines[index]!;
  return quadInside(page, width, height) && coveredShare(page, outlines.slice(index + 1)) < OCCLUDED_SHARE;
}

export interface LabelLine {
  readonly text: string;
  readonly quad: Quad8;
}

export interface SynthLabel {
  readonly classify: ClassifyResponse;
  readonly extract: ExtractResponse | null;
  readonly variant: string | null;
  readonly lines: LabelLine[];
  /** Fields and list items of `extract` printed only out of the frame or under another document (src/synth/readable.ts). */
  readonly unreadable: string[];
}

export interface GeneratedImage {
  readonly name: string;
  readonly data: Buffer;
  readonly format: 'png' | 'jpeg';
  readonly label: SynthLabel;
  readonly kinds: string[];
  readonly condition: Condition;
  readonly rotated: boolean;
  readonly multi: boolean;
  readonly sealed: boolean;
}

function defOf(kind: string): ClassDef {
  const def = CLASSES.find((c) => classId(c) === kind);
  if (!def) throw new Error(`unknown kind '${kind}'`);
  return def;
}

/**
 * Hospitals are named after their city (成都市第一人民医院, 成都第一人民医院) or, for provincial
 * hospitals, their province (四川省人民医院); never a city with 省.
 */
function hospitalName(rng: Rng, city: (typeof CITIES)[number]): string {
  const place = rng.pick([city.city, city.city.replace(/市$/, ''), city.province]);
  return `${place}${rng.pick(HOSPITAL_STEMS)}`;
}

/** One flat document of `kind` (random when omitted); `variant` picks an invoice's province. */
export async function generateDocument(seedOrRng: number | Rng, kind?: string, variant?: string): Promise<SynthDoc> {
  const rng = typeof seedOrRng === 'number' ? new Rng(seedOrRng) : seedOrRng;
  const def = defOf(kind ?? rng.pick(KINDS));
  let province = rng.pick(PROVINCE_STYLES);
  if (variant && variant !== 'e_invoice') province = PROVINCE_STYLES.find((p) => p.id === variant) ?? province;
  const city = CITIES.find((c) => c.province === province.name) ?? rng.pick(CITIES);
  const ctx: BuildContext = {
    rng, def, province, person: randomPerson(rng), insurer: rng.pick(INSURERS),
    hospital: hospitalName(rng, city),
    inconsistent: rng.chance(INCONSISTENT_SHARE),
  };
  const built = def.layout === 'invoice' ? await buildInvoice(ctx) : buildGeneral(ctx);
  return { kind: classId(def), def, ...built };
}

const DIRECT: Record<number, Direct> = { 0: 'top', 90: 'right', 180: 'down', 270: 'left' };
const DEGREE: Record<number, number> = { 0: 0, 90: 270, 180: 180, 270: 90 };

function flag(v: boolean): [boolean, number] {
  return [v, v ? 1 : 0];
}

/** Picks the kinds of image `index`: a schedule that covers every class and every variant early. */
function schedule(seed: number, index: number, kinds: readonly string[]): { kind: string; variant?: string } {
  const invoiceKinds = kinds.filter((k) => INVOICE_KINDS.includes(k));
  const order = Rng.derive(seed, 'order').shuffle(kinds);
  if (invoiceKinds.length && (index % 5 === 1 || index % 5 === 3)) {
    const n = Math.floor(index / 5) * 2 + (index % 5 === 3 ? 1 : 0);
    const variant = VARIANTS[n % VARIANTS.length]!;
    const electronicKinds = invoiceKinds.filter((k) => k.includes('电子'));
    const paperKinds = invoiceKinds.filter((k) => !k.includes('电子'));
    const pool = variant === 'e_invoice' ? electronicKinds : paperKinds;
    const r = Rng.derive(seed, 'inv', index);
    if (pool.length) return { kind: r.pick(pool), variant };
    return { kind: r.pick(invoiceKinds) };
  }
  const n = index - (Math.floor(index / 5) * 2 + (index % 5 > 1 ? 1 : 0) + (index % 5 > 3 ? 1 : 0));
  return { kind: order[n % order.length]! };
}

async function raster(doc: SynthDoc): Promise<RasterPage> {
  const r = await renderPage(doc.page, { format: 'raw' });
  return { rgba: r.data, width: r.width, height: r.height };
}

/** Image `index` of the corpus of `seed`. */
export async function generateImage(seed: number, index: number, opts: { kinds?: readonly string[] } = {}): Promise<GeneratedImage> {
  const kinds = opts.kinds && opts.kinds.length ? opts.kinds : KINDS;
  const rng = Rng.derive(seed, 'image', index);
  const first = schedule(seed, index, kinds);
  const docs: SynthDoc[] = [await generateDocument(rng, first.kind, first.variant)];
  const smallish = (d: SynthDoc): boolean => d.def.card || d.def.layout === 'receipt';
  if (!first.variant && rng.chance(smallish(docs[0]!) ? 0.45 : 0.06)) {
    const partners = kinds.filter((k) => smallish({ def: defOf(k) } as SynthDoc) || rng.chance(0.1));
    for (let i = rng.chance(0.3) ? 2 : 1; i > 0; i--) docs.push(await generateDocument(rng, rng.pick(partners.length ? partners : kinds)));
  }
  const multi = docs.length > 1;
  const condition: Condition = multi ? 'photo' : rng.weighted(['scan', 'photo', 'photocopy', 'screen'] as const, [0.38, 0.42, 0.12, 0.08]);
  const turn = rng.weighted([0, 90, 180, 270] as const, [0.8, 0.07, 0.06, 0.07]);
  const plan: CapturePlan = { condition, turn, blur: condition !== 'scan' && rng.chance(0.08), cut: condition !== 'scan' && rng.chance(0.08) };
  const cap = await capture(await Promise.all(docs.map(raster)), plan, rng);

  const allLines: LabelLine[] = [];
  const seals: Quad8[] = [];
  const results: { doc: ClassifyDocument; order: [number, number] }[] = [];
  const printed: PrintedLine[][] = [];
  // Page outlines in the image; a later document lies on top of the earlier ones.
  const outlines = docs.map((doc, i) => mapQuad(cap.placements[i]!.pageToImage, [0, 0, doc.page.width, 0, doc.page.width, doc.page.height, 0, doc.page.height]));
  const covered = (i: number, q: Quad8): boolean => {
    for (let j = i + 1; j < outlines.length; j++) {
      for (let k = 0; k < 4; k++) if (pointInQuad(outlines[j]!, q[2 * k]!, q[2 * k + 1]!)) return true;
      const [cx, cy] = quadCentre(q);
      if (pointInQuad(outlines[j]!, cx, cy)) return true;
    }
    return false;
  };
  docs.forEach((doc, i) => {
    const h = cap.placements[i]!.pageToImage;
    const pageQuad: Quad8 = [0, 0, doc.page.width, 0, doc.page.width, doc.page.height, 0, doc.page.height];
    const q = mapQuad(h, pageQuad);
    const xs = [q[0], q[2], q[4], q[6]];
    const ys = [q[1], q[3], q[5], q[7]];
    const bbox = [Math.max(0, Math.min(...xs)), Math.max(0, Math.min(...ys)), Math.min(cap.width, Math.max(...xs)), Math.min(cap.height, Math.max(...ys))];
    const texts: string[] = [];
    const regions: Quad8[] = [];
    const titles: string[] = [];
    const titleRegions: Quad8[] = [];
    // Lines come from the page in drawing order; a line only partly in the frame is not readable, so not labelled.
    const rendered = renderLines(doc);
    const docLines: PrintedLine[] = [];
    printed.push(docLines);
    for (const line of rendered) {
      const lq = mapQuad(h, line.quad);
      docLines.push({ text: line.text, quad: lq });
      if (!quadInside(lq, cap.width, cap.height) || covered(i, lq)) continue;
      texts.push(line.text);
      regions.push(lq);
      allLines.push({ text: line.text, quad: lq });
      if (line.role === 'title') { titles.push(line.text); titleRegions.push(lq); }
    }
    for (const s of doc.seals) {
      const sq = mapQuad(h, s);
      const [cx, cy] = quadCentre(sq);
      const hidden = outlines.some((o, j) => j > i && pointInQuad(o, cx, cy));
      if (cx >= 0 && cy >= 0 && cx <= cap.width && cy <= cap.height && !hidden) seals.push(sq);
    }
    const complete = pageComplete(outlines, i, cap.width, cap.height);
    const [iscard, iscard_score] = flag(doc.def.card);
    const [isclear, isclear_score] = flag(!cap.blurred);
    const [iscomplete, iscomplete_score] = flag(complete);
    const [isdocument, isdocument_score] = flag(!doc.def.card);
    const [isoriginal, isoriginal_score] = flag(cap.condition === 'scan' || cap.condition === 'photo');
    results.push({
      order: quadCentre(q),
      doc: {
        target_res: { bbox_region: bbox, qbox_region: q, direct: DIRECT[cap.placements[i]!.turn]! },
        qualify_res: { iscard, iscard_score, isclear, isclear_score, iscomplete, iscomplete_score, isdocument, isdocument_score, isoriginal, isoriginal_score },
        ocr_res: { titles, title_regions: titleRegions, texts, text_regions: regions },
        class_res: { root_cls: doc.def.root, sub_cls: doc.def.sub, root_cls_is_credible: 1, sub_cls_is_credible: doc.def.sub === null ? -1 : 1 },
      },
    });
  });
  results.sort((a, b) => a.order[1] - b.order[1] > Math.min(cap.width, cap.height) * 0.3 ? 1 : a.order[0] - b.order[0]);
  const classify: ClassifyResponse = { request_id: 'synthetic', status: 'OK', time_cost: 0, result: { classify_result: results.map((r) => r.doc), seals } };
  const only = docs.length === 1 ? docs[0]! : null;
  const extract: ExtractResponse | null = only?.extract ? { request_id: 'synthetic', status: 'OK', degree: DEGREE[turn]!, medical_result: only.extract } : null;
  const name = `synth_${String(seed)}_${String(index).padStart(5, '0')}`;
  return {
    name, data: cap.data, format: cap.format,
    label: { classify, extract, variant: only?.variant ?? null, lines: allLines, unreadable: only?.extract ? unreadableParts(only.extract, printed[0]!, (q) => quadInside(q, cap.width, cap.height) && !covered(0, q)) : [] },
    kinds: docs.map((d) => d.kind), condition, rotated: turn !== 0, multi, sealed: seals.length > 0,
  };
}

function renderLines(doc: SynthDoc): { text: string; quad: Quad8; role: string }[] {
  // The same layout pass renderPage used (pageToSvg is deterministic), without drawing again.
  return pageLines(doc);
}

const lineCache = new WeakMap<SynthDoc, { text: string; quad: Quad8; role: string }[]>();
function pageLines(doc: SynthDoc): { text: string; quad: Quad8; role: string }[] {
  let lines = lineCache.get(doc);
  if (!lines) {
    lines = pageToSvg(doc.page).lines;
    lineCache.set(doc, lines);
  }
  return lines;
}

export interface CorpusOptions {
  readonly out?: string;
  readonly count: number;
  readonly seed: number;
  readonly kinds?: readonly string[];
  /** Worker threads (default: one per core); images come back in index order, so output does not depend on it. */
  readonly threads?: number;
  /** Called after each image. */
  readonly onImage?: (img: GeneratedImage, done: number) => void;
}

export interface CorpusSummary {
  readonly count: number;
  readonly classes: number;
  readonly classesTotal: number;
  readonly missingClasses: string[];
  readonly variants: number;
  readonly variantsTotal: number;
  readonly missingVariants: string[];
  readonly rotatedPct: number;
  readonly multiPct: number;
  readonly sealedPct: number;
  readonly conditions: Record<string, number>;
  readonly seconds: number;
}

/** Generates `count` images and, with `out`, writes NAME.jpg|png and NAME.json there. */
export async function generateCorpus(opts: CorpusOptions): Promise<CorpusSummary> {
  const t0 = performance.now();
  if (opts.out) mkdirSync(opts.out, { recursive: true });
  const kinds = opts.kinds?.length ? KINDS.filter((k) => opts.kinds!.some((p) => k === p || k.startsWith(`${p}/`))) : KINDS;
  if (!kinds.length) throw new Error('no kind matches --kinds');
  const seenKinds = new Set<string>();
  const seenVariants = new Set<string>();
  const conditions: Record<string, number> = {};
  let rotated = 0;
  let multi = 0;
  let sealed = 0;
  const threads = Math.max(1, Math.min(opts.threads ?? availableParallelism(), opts.count));
  const images = threads > 1 ? generateInWorkers(opts.seed, opts.count, kinds, threads) : generateInline(opts.seed, opts.count, kinds);
  let i = -1;
  for await (const img of images) {
    i++;
    img.kinds.forEach((k) => seenKinds.add(k));
    if (img.label.variant) seenVariants.add(img.label.variant);
    conditions[img.condition] = (conditions[img.condition] ?? 0) + 1;
    if (img.rotated) rotated++;
    if (img.multi) multi++;
    if (img.sealed) sealed++;
    if (opts.out) {
      writeFileSync(join(opts.out, `${img.name}.${img.format === 'jpeg' ? 'jpg' : 'png'}`), img.data);
      writeFileSync(join(opts.out, `${img.name}.json`), JSON.stringify(img.label));
    }
    opts.onImage?.(img, i + 1);
  }
  const pct = (n: number): number => Math.round((1000 * n) / Math.max(1, opts.count)) / 10;
  return {
    count: opts.count, classes: seenKinds.size, classesTotal: kinds.length, missingClasses: kinds.filter((k) => !seenKinds.has(k)),
    variants: seenVariants.size, variantsTotal: VARIANTS.length, missingVariants: VARIANTS.filter((v) => !seenVariants.has(v)),
    rotatedPct: pct(rotated), multiPct: pct(multi), sealedPct: pct(sealed), conditions, seconds: (performance.now() - t0) / 1000,
  };
}

async function* generateInline(seed: number, count: number, kinds: readonly string[]): AsyncGenerator<GeneratedImage> {
  for (let i = 0; i < count; i++) yield await generateImage(seed, i, { kinds });
}

type WorkerReply = { ok: true; img: GeneratedImage } | { ok: false; error: string };

/** Runs images on `threads` workers, each with one image in flight, and yields them in index order. */
async function* generateInWorkers(seed: number, count: number, kinds: readonly string[], threads: number): AsyncGenerator<GeneratedImage> {
  const workers = Array.from({ length: threads }, () => new Worker(new URL('./worker.js', import.meta.url)));
  const pending = new Map<number, Promise<GeneratedImage>>();
  let next = 0;
  const ask = (w: Worker, index: number): Promise<GeneratedImage> =>
    new Promise((resolve, reject) => {
      w.once('message', (reply: WorkerReply) => {
        if (reply.ok) resolve({ ...reply.img, data: Buffer.from(reply.img.data) });
        else reject(new Error(reply.error));
      });
      w.postMessage({ seed, index, kinds: [...kinds] });
    });
  const chain = (w: Worker): void => {
    if (next >= count) return;
    const index = next++;
    const p = ask(w, index);
    pending.set(index, p);
    p.then(() => chain(w), () => undefined);
  };
  try {
    workers.forEach(chain);
    for (let i = 0; i < count; i++) {
      while (!pending.has(i)) await new Promise((r) => setTimeout(r, 5));
      const img = await pending.get(i)!;
      pending.delete(i);
      yield img;
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
