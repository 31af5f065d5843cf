/**
 * Rendered test pages with known text, for the OCR tests and benchmark: a dense invoice-like
 * page, small print, a seal stamped over text, a phone photo (perspective, blur, JPEG) and
 * quarter turns. Fonts come from npm packages through src/render, so nothing depends on the
 * machine. Deterministic: the same seed gives the same page.
 */
import sharp from 'sharp';
import { renderPage, type PageItem } from '../../render/page.js';
import type { RgbImage } from '../../image/types.js';
import type { PageAngle, Quad8 } from '../types.js';
import { type Pixels, rotatePixels, toRgbImage, warpQuad } from '../../image/warp.js';
import { rotateQuad } from '../../image/geometry.js';
import { editDistance } from '../../util/text.js';

export { editDistance };

export interface TruthLine {
  readonly text: string;
  readonly quad: Quad8;
}

export interface TestPage {
  readonly name: string;
  readonly image: RgbImage;
  /** The page's text lines in reading order. */
  readonly lines: readonly TruthLine[];
  /** Clockwise turn that makes the page upright. */
  readonly angle: PageAngle;
}

/** Small deterministic PRNG (mulberry32) so pages are reproducible without fixtures. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ITEMS = [
  '西药费', '中成药费', '中草药费', '检查费', '化验费', '治疗费', '手术费', '卫生材料费', '诊察费', '护理费',
  '床位费', '放射费', '输血费', '麻醉费', '一般诊疗费', '注射费', '救护车使用费', '挂号费', '其他门急诊收费', '康复费',
];
const UNITS = ['项', '次', '盒', '支', '袋', '天'];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂';
const HOSPITALS = ['第一人民医院', '中心医院', '中医院', '妇幼保健院', '急救中心', '人民医院'];
const CITIES = ['天津市', '北京市', '河南省', '吉林省', '福建省', '贵州省', '重庆市', '河北省'];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function digits(r: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(Math.floor(r() * 10));
  return s;
}

function amount(r: () => number, max: number): string {
  return (Math.round(r() * max * 100) / 100).toFixed(2);
}

function date(r: () => number): string {
  const m = 1 + Math.floor(r() * 12), d = 1 + Math.floor(r() * 28);
  return `202${Math.floor(r() * 5)}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

interface LayoutOptions {
  readonly width: number;
  readonly height: number;
  /** Body font size in pixels. */
  readonly size: number;
  /** Table rows (4 cells each). */
  readonly rows: number;
}

/** Items of an invoice-like page: a title, key-value header, an item table and a footer. */
function invoiceItems(seed: number, o: LayoutOptions): PageItem[] {
  const r = rng(seed);
  const items: PageItem[] = [];
  const s = o.size;
  const m = Math.round(o.width * 0.06);
  const text = (t: string, x: number, y: number, extra: Partial<{ size: number; align: 'left' | 'center' | 'right'; role: 'title' }> = {}): void => {
    items.push({ kind: 'text', text: t, x, y, size: extra.size ?? s, align: extra.align ?? 'left', role: extra.role ?? 'text' });
  };
  let y = Math.round(o.height * 0.04);
  text(`${pick(r, CITIES)}医疗门诊收费票据（电子）`, o.width / 2, y, { size: Math.round(s * 1.6), align: 'center', role: 'title' });
  y += Math.round(s * 3);
  const col2 = Math.round(o.width * 0.55);
  const header: [string, string][] = [
    [`票据代码：${digits(r, 8)}`, `票据号码：${digits(r, 10)}`],
    [`交款人：${pick(r, [...SURNAMES])}${pick(r, [...GIVEN])}${pick(r, [...GIVEN])}`, `开票日期：${date(r)}`],
    [`校验码：${digits(r, 6)}`, `医疗机构：${pick(r, HOSPITALS)}`],
    [`门诊号：${digits(r, 12)}`, `就诊日期：${date(r)}`],
  ];
  for (const [a, b] of header) {
    text(a, m, y);
    text(b, col2, y);
    y += Math.round(s * 1.8);
  }
  y += Math.round(s * 0.8);
  const cols = [m, Math.round(o.width * 0.42), Math.round(o.width * 0.6), o.width - m];
  items.push({ kind: 'line', x1: m, y1: y - s * 0.4, x2: o.width - m, y2: y - s * 0.4, stroke: '#333333', strokeWidth: 2 });
  text('项目名称', cols[0]!, y);
  text('数量', cols[1]!, y);
  text('单位', cols[2]!, y);
  text('金额（元）', cols[3]!, y, { align: 'right' });
  y += Math.round(s * 1.9);
  for (let i = 0; i < o.rows; i++) {
    text(pick(r, ITEMS), cols[0]!, y);
    text(String(1 + Math.floor(r() * 30)), cols[1]!, y);
    text(pick(r, UNITS), cols[2]!, y);
    text(amount(r, 3000), cols[3]!, y, { align: 'right' });
    y += Math.round(s * 1.75);
  }
  items.push({ kind: 'line', x1: m, y1: y - s * 0.4, x2: o.width - m, y2: y - s * 0.4, stroke: '#333333', strokeWidth: 2 });
  y += Math.round(s * 0.6);
  text(`金额合计（小写）${amount(r, 20000)}`, m, y);
  y += Math.round(s * 1.8);
  text(`医保统筹基金支付：${amount(r, 5000)}`, m, y);
  text(`个人账户支付：${amount(r, 900)}`, col2, y);
  y += Math.round(s * 1.8);
  text(`个人自付：${amount(r, 900)}`, m, y);
  text(`个人自费：${amount(r, 300)}`, col2, y);
  y += Math.round(s * 1.8);
  text(`收款单位：${pick(r, CITIES)}${pick(r, HOSPITALS)}`, m, y);
  text(`复核人：${pick(r, [...SURNAMES])}${pick(r, [...GIVEN])}`, col2, y);
  return items;
}

async function rasterise(name: string, width: number, height: number, items: PageItem[]): Promise<TestPage> {
  const page = await renderPage({ width, height, items }, { format: 'raw' });
  const rgb = await sharp(page.data, { raw: { width, height, channels: 4 } }).removeAlpha().raw().toBuffer();
  return { name, image: { data: rgb, width, height, channels: 3 }, lines: page.lines.map((l) => ({ text: l.text, quad: l.quad })), angle: 0 };
}

/** A dense invoice-like page: 60 text lines, long side 2000 px (the benchmark's main page). */
export function densePage(seed = 1): Promise<TestPage> {
  const o = { width: 1400, height: 2000, size: 30, rows: 11 };
  return rasterise('dense-invoice', o.width, o.height, invoiceItems(seed, o));
}

/** A clean scan-like page of moderate density. */
export function cleanPage(seed = 2): Promise<TestPage> {
  const o = { width: 1240, height: 1754, size: 32, rows: 6 };
  return rasterise('clean-scan', o.width, o.height, invoiceItems(seed, o));
}

/** Small print: body text 17 px on an A4 page at 150 dpi. */
export function smallPrintPage(seed = 3): Promise<TestPage> {
  const o = { width: 1240, height: 1754, size: 17, rows: 12 };
  return rasterise('small-print', o.width, o.height, invoiceItems(seed, o));
}

/** A red seal stamped over part of the text (semi-transparent, as ink over print). */
export async function sealPage(seed = 4): Promise<TestPage> {
  const o = { width: 1240, height: 1754, size: 32, rows: 6 };
  const items = invoiceItems(seed, o);
  const cx = Math.round(o.width * 0.3), cy = Math.round(o.height * 0.22), rad = 150;
  items.push({
    kind: 'svg',
    markup:
      `<g opacity="0.55"><circle cx="${cx}" cy="${cy}" r="${rad}" fill="none" stroke="#d81e1e" stroke-width="9"/>` +
      `<polygon points="${star(cx, cy, 45)}" fill="#d81e1e"/></g>`,
  });
  items.push({ kind: 'text', text: '收费专用章', x: cx, y: cy + 60, size: 36, align: 'center', color: '#d81e1e', opacity: 0.6, label: false });
  return rasterise('seal-over-text', o.width, o.height, items);
}

function star(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.4;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/** A small page with a handful of lines (fast unit and end-to-end tests). */
export function smallPage(): Promise<TestPage> {
  const items: PageItem[] = [
    { kind: 'text', text: '天津市医疗门诊收费票据', x: 400, y: 30, size: 36, align: 'center', role: 'title' },
    { kind: 'text', text: '票据代码：12060121', x: 40, y: 110, size: 26 },
    { kind: 'text', text: '开票日期：2021-02-07', x: 420, y: 110, size: 26 },
    { kind: 'text', text: '西药费', x: 40, y: 180, size: 26 },
    { kind: 'text', text: '11,274.86', x: 400, y: 180, size: 26 },
    { kind: 'text', text: '合计：叁佰柒拾元整', x: 40, y: 250, size: 26 },
  ];
  return rasterise('small', 800, 320, items);
}

/** The page turned clockwise by `turn`; its `angle` (the turn back to upright) follows. */
export function turned(page: TestPage, turn: PageAngle): TestPage {
  const p = rotatePixels(page.image, turn);
  return {
    name: `${page.name}-rot${turn}`,
    image: toRgbImage(p),
    lines: page.lines.map((l) => ({ text: l.text, quad: rotateQuad(l.quad, turn, page.image.width, page.image.height) })),
    angle: ((360 - turn) % 360) as PageAngle,
  };
}

/**
 * A phone photo of the page: seen in perspective on a grey desk, slightly blurred, saved as a
 * JPEG. Truth quads are not carried over (the benchmark scores text only).
 */
export async function photographed(page: TestPage): Promise<TestPage> {
  const { width: w, height: h } = page.image;
  const pad = Math.round(Math.max(w, h) * 0.08);
  // Page on a desk: a grey border the warp can sample outside the sheet.
  const desk = await sharp(page.image.data, { raw: { width: w, height: h, channels: 3 } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#8a8a84' })
    .raw()
    .toBuffer();
  const src: Pixels = { data: desk, width: w + 2 * pad, height: h + 2 * pad };
  // The output frame's corners as points of the desk: the camera is tilted, so the far (top)
  // edge of the sheet looks narrower.
  const frame: Quad8 = [pad * 0.2, pad * 0.5, src.width - pad * 0.6, pad * 0.1, src.width + pad * 0.5, src.height - pad * 0.2, -pad * 0.4, src.height - pad * 0.5];
  const warped = warpQuad(src, frame, w, h);
  const jpeg = await sharp(Buffer.from(warped.data.buffer, warped.data.byteOffset, warped.data.byteLength), { raw: { width: w, height: h, channels: 3 } })
    .modulate({ brightness: 0.92 })
    .blur(0.9)
    .jpeg({ quality: 72 })
    .toBuffer();
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { name: `${page.name}-photo`, image: { data, width: info.width, height: info.height, channels: 3 }, lines: page.lines, angle: 0 };
}

/**
 * Character error rate of a page: edit distance between the reference lines and the read
 * lines, each joined in reading order with white space removed, over the reference length.
 * Reading order counts: a page read in the wrong order is a wrong read. Both sides are NFKC
 * normalised, so full-width and ASCII forms of the same sign (（ and (, ： and :) are equal:
 * the recogniser's dictionary has only one of each, and readers downstream normalise anyway.
 */
export function pageCer(reference: readonly string[], read: readonly string[]): number {
  const norm = (xs: readonly string[]): string => xs.join('').normalize('NFKC').replace(/\s+/g, '');
  const ref = norm(reference);
  return ref.length === 0 ? 0 : editDistance(ref, norm(read)) / [...ref].length;
}
