/**
 * Renders a flat page (a document as printed, before any capture effect) from a list of items,
 * and reports where every text line landed.
 *
 * API
 * ---
 *   pageToSvg(spec: PageSpec): { svg: string; lines: RenderedLine[] }
 *   renderPage(spec: PageSpec, out?: OutputOptions): Promise<RenderedPage>
 *   layoutText(item: TextItem): { d: string; width: number; quad: Quad8; left: number }
 *
 * PageSpec = { width, height, background?: CSS colour (default white), items: PageItem[] }
 * Items are drawn in order (later items on top):
 *   { kind: 'text', text, x, y, size, style?, color?, align?, maxWidth?, letterSpacing?, role?, label? }
 *       `y` is the TOP of the line box; the box is `size` px tall (em box, see text.ts) and the
 *       baseline sits at y + 0.88·size. `x` is the left edge, the centre or the right edge by
 *       `align` ('left' default, 'center', 'right'). With `maxWidth` a line that would be wider is
 *       condensed horizontally to fit. `role` ('title' | 'text', default 'text') is copied to
 *       the line record; `label: false` draws the text without reporting it (watermarks, seal text).
 *       `opacity` (0..1) for faded print. `rotate: { angle, cx, cy }` tilts the line clockwise about
 *       (cx, cy); its quad is then the tilted box (still starting at the line's own top-left).
 *   { kind: 'rect', x, y, w, h, fill?, stroke?, strokeWidth?, rx?, opacity? }
 *   { kind: 'line', x1, y1, x2, y2, stroke?, strokeWidth?, dash? }
 *   { kind: 'svg', markup }                 raw SVG fragment (seals, emblems, photos), page coordinates
 *   { kind: 'image', x, y, w, h, png }      an embedded PNG (e.g. a QR code), scaled to w × h
 *
 * RenderedPage = { data, format, width, height, lines }: `data` is PNG, JPEG or raw RGBA
 * (`format: 'raw'`, 4 channels) bytes; `lines` lists every labelled text line in item order as
 * { text, quad, role } where quad is 8 integers clockwise from top-left on the page.
 *
 * Deterministic: the same spec gives the same bytes (no clocks, no randomness, no system fonts).
 */
import sharp from 'sharp';
import type { Quad8 } from '../ocr/types.js';
import { DEFAULT_STYLE, type FontStyle } from './fonts.js';
import { EM_ASCENT, measureText, textToSvgPath } from './text.js';

export type TextRole = 'title' | 'text';

export interface TextItem {
  readonly kind: 'text';
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly style?: FontStyle;
  readonly color?: string;
  readonly align?: 'left' | 'center' | 'right';
  readonly maxWidth?: number;
  readonly letterSpacing?: number;
  readonly role?: TextRole;
  readonly label?: boolean;
  readonly opacity?: number;
  /** Clockwise tilt in degrees about (cx, cy): a line printed askew (dot-matrix print on a form). */
  readonly rotate?: { readonly angle: number; readonly cx: number; readonly cy: number };
}

export interface RectItem {
  readonly kind: 'rect';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly fill?: string;
  readonly stroke?: string;
  readonly strokeWidth?: number;
  readonly rx?: number;
  readonly opacity?: number;
}

export interface LineItem {
  readonly kind: 'line';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly stroke?: string;
  readonly strokeWidth?: number;
  readonly dash?: string;
}

export interface SvgItem {
  readonly kind: 'svg';
  readonly markup: string;
}

export interface ImageItem {
  readonly kind: 'image';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly png: Buffer;
}

export type PageItem = TextItem | RectItem | LineItem | SvgItem | ImageItem;

export interface PageSpec {
  readonly width: number;
  readonly height: number;
  readonly background?: string;
  readonly items: readonly PageItem[];
}

export interface RenderedLine {
  readonly text: string;
  readonly quad: Quad8;
  readonly role: TextRole;
}

export interface OutputOptions {
  readonly format?: 'png' | 'jpeg' | 'raw';
  /** JPEG quality, 1..100. */
  readonly quality?: number;
}

export interface RenderedPage {
  readonly data: Buffer;
  readonly format: 'png' | 'jpeg' | 'raw';
  readonly width: number;
  readonly height: number;
  readonly lines: RenderedLine[];
}

/** Outlines and box of one text item, after alignment and condensing. */
export function layoutText(item: TextItem): { d: string; width: number; quad: Quad8; left: number } {
  const style = item.style ?? DEFAULT_STYLE;
  const natural = measureText(item.text, item.size, style, { letterSpacing: item.letterSpacing });
  const scaleX = item.maxWidth !== undefined && natural > item.maxWidth && natural > 0 ? item.maxWidth / natural : 1;
  const width = natural * scaleX;
  const align = item.align ?? 'left';
  const left = align === 'left' ? item.x : align === 'center' ? item.x - width / 2 : item.x - width;
  const { d } = textToSvgPath(item.text, left, item.y + EM_ASCENT * item.size, item.size, style, {
    letterSpacing: (item.letterSpacing ?? 0) * scaleX,
    scaleX,
  });
  if (item.rotate && item.rotate.angle !== 0) {
    const t = (item.rotate.angle * Math.PI) / 180;
    const c = Math.cos(t);
    const s = Math.sin(t);
    const { cx, cy } = item.rotate;
    const corners = [[left, item.y], [left + width, item.y], [left + width, item.y + item.size], [left, item.y + item.size]] as const;
    const quad = corners.flatMap(([x, y]) => [Math.round(cx + (x - cx) * c - (y - cy) * s), Math.round(cy + (x - cx) * s + (y - cy) * c)]) as unknown as Quad8;
    return { d, width, left, quad };
  }
  const x0 = Math.floor(left);
  const x1 = Math.ceil(left + width);
  const y0 = Math.floor(item.y);
  const y1 = Math.ceil(item.y + item.size);
  return { d, width, left, quad: [x0, y0, x1, y0, x1, y1, x0, y1] };
}

function attr(name: string, value: string | number | undefined): string {
  return value === undefined ? '' : ` ${name}="${value}"`;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The page as one SVG document plus its text lines. */
export function pageToSvg(spec: PageSpec): { svg: string; lines: RenderedLine[] } {
  const parts: string[] = [];
  const lines: RenderedLine[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}">`,
  );
  parts.push(`<rect x="0" y="0" width="${spec.width}" height="${spec.height}" fill="${escapeXml(spec.background ?? '#ffffff')}"/>`);
  for (const item of spec.items) {
    switch (item.kind) {
      case 'text': {
        if (item.text.trim() === '') break;
        const laid = layoutText(item);
        const tilt = item.rotate && item.rotate.angle !== 0 ? ` transform="rotate(${item.rotate.angle.toFixed(3)} ${item.rotate.cx.toFixed(1)} ${item.rotate.cy.toFixed(1)})"` : '';
        if (laid.d) parts.push(`<path d="${laid.d}" fill="${escapeXml(item.color ?? '#111111')}"${attr('fill-opacity', item.opacity)}${tilt}/>`);
        if (item.label !== false) lines.push({ text: item.text, quad: laid.quad, role: item.role ?? 'text' });
        break;
      }
      case 'rect':
        parts.push(
          `<rect x="${item.x}" y="${item.y}" width="${item.w}" height="${item.h}" fill="${escapeXml(item.fill ?? 'none')}"` +
            `${attr('stroke', item.stroke && escapeXml(item.stroke))}${attr('stroke-width', item.stroke ? (item.strokeWidth ?? 1) : undefined)}` +
            `${attr('rx', item.rx)}${attr('opacity', item.opacity)}/>`,
        );
        break;
      case 'line':
        parts.push(
          `<line x1="${item.x1}" y1="${item.y1}" x2="${item.x2}" y2="${item.y2}" stroke="${escapeXml(item.stroke ?? '#222222')}"` +
            ` stroke-width="${item.strokeWidth ?? 1}"${attr('stroke-dasharray', item.dash)}/>`,
        );
        break;
      case 'svg':
        parts.push(item.markup);
        break;
      case 'image':
        parts.push(
          `<image x="${item.x}" y="${item.y}" width="${item.w}" height="${item.h}" preserveAspectRatio="none"` +
            ` xlink:href="data:image/png;base64,${item.png.toString('base64')}"/>`,
        );
        break;
    }
  }
  parts.push('</svg>');
  return { svg: parts.join(''), lines };
}

/** Renders the page to pixels. */
export async function renderPage(spec: PageSpec, out: OutputOptions = {}): Promise<RenderedPage> {
  const { svg, lines } = pageToSvg(spec);
  const format = out.format ?? 'png';
  // density 72 keeps SVG user units = pixels; background flattened so PNG/JPEG carry no alpha.
  let img = sharp(Buffer.from(svg), { density: 72, limitInputPixels: false }).flatten({ background: '#ffffff' });
  let data: Buffer;
  if (format === 'raw') {
    data = await img.ensureAlpha().raw().toBuffer();
  } else if (format === 'jpeg') {
    data = await img.jpeg({ quality: out.quality ?? 90 }).toBuffer();
  } else {
    img = img.removeAlpha();
    data = await img.png({ compressionLevel: 6 }).toBuffer();
  }
  return { data, format, width: spec.width, height: spec.height, lines };
}
