/** A small drawing surface the document builders write on: page items, text lines and seals. */
import type { Quad8 } from '../ocr/types.js';
import type { FontStyle } from '../render/fonts.js';
import type { PageItem, PageSpec, TextRole } from '../render/page.js';
import { measureText } from '../render/text.js';
import type { Rng } from './rng.js';
import { drawSeal, SEAL_BLUE, SEAL_RED, type SealShape } from './seal.js';

export interface TextOpts {
  readonly bold?: boolean;
  readonly serif?: boolean;
  readonly color?: string;
  readonly align?: 'left' | 'center' | 'right';
  readonly maxWidth?: number;
  readonly role?: TextRole;
  readonly spacing?: number;
  readonly label?: boolean;
  readonly opacity?: number;
  readonly rotate?: { readonly angle: number; readonly cx: number; readonly cy: number };
}

export interface SealOpts {
  readonly shape?: SealShape;
  readonly rx?: number;
  readonly ry?: number;
  readonly ringText: string;
  readonly centerText?: string;
  readonly bottomText?: string;
  readonly color?: string;
  readonly star?: boolean;
}

export class Sheet {
  readonly items: PageItem[] = [];
  readonly seals: Quad8[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
    readonly rng: Rng,
    readonly background = '#ffffff',
  ) {}

  style(o: TextOpts): FontStyle {
    return { family: o.serif ? 'serif' : 'sans', weight: o.bold ? 700 : 400 };
  }

  measure(text: string, size: number, o: TextOpts = {}): number {
    return measureText(text, size, this.style(o), { letterSpacing: o.spacing });
  }

  /** A text line whose box top is at `y`; returns its drawn width. */
  text(text: string, x: number, y: number, size: number, o: TextOpts = {}): number {
    if (!text) return 0;
    this.items.push({
      kind: 'text', text, x, y, size, style: this.style(o), color: o.color ?? '#1a1a1a', align: o.align, maxWidth: o.maxWidth,
      role: o.role, letterSpacing: o.spacing, label: o.label, opacity: o.opacity, rotate: o.rotate,
    });
    const w = this.measure(text, size, o);
    return o.maxWidth !== undefined ? Math.min(w, o.maxWidth) : w;
  }

  title(text: string, cx: number, y: number, size: number, o: TextOpts = {}): void {
    this.text(text, cx, y, size, { bold: true, serif: true, align: 'center', role: 'title', ...o });
  }

  rect(x: number, y: number, w: number, h: number, stroke: string, fill = 'none', strokeWidth = 1.5): void {
    this.items.push({ kind: 'rect', x, y, w, h, stroke, fill, strokeWidth });
  }

  fill(x: number, y: number, w: number, h: number, fill: string, rx = 0): void {
    this.items.push({ kind: 'rect', x, y, w, h, fill, rx });
  }

  line(x1: number, y1: number, x2: number, y2: number, stroke = '#333', strokeWidth = 1.2, dash?: string): void {
    this.items.push({ kind: 'line', x1, y1, x2, y2, stroke, strokeWidth, dash });
  }

  svg(markup: string): void {
    this.items.push({ kind: 'svg', markup });
  }

  image(x: number, y: number, w: number, h: number, png: Buffer): void {
    this.items.push({ kind: 'image', x, y, w, h, png });
  }

  /** Wraps `text` to `width` and draws it; returns the y below the last line. */
  para(text: string, x: number, y: number, width: number, size: number, gap = 1.6, o: TextOpts = {}): number {
    let line = '';
    let cy = y;
    for (const ch of text) {
      if (this.measure(line + ch, size, o) > width && line) {
        this.text(line, x, cy, size, o);
        cy += size * gap;
        line = ch;
      } else line += ch;
    }
    if (line) {
      this.text(line, x, cy, size, o);
      cy += size * gap;
    }
    return cy;
  }

  seal(cx: number, cy: number, o: SealOpts): void {
    const rng = this.rng;
    const shape = o.shape ?? 'round';
    const rx = o.rx ?? 70;
    const drawn = drawSeal(
      {
        shape, cx, cy, rx, ry: o.ry ?? (shape === 'round' ? rx : rx * 0.66), ringText: o.ringText, centerText: o.centerText,
        bottomText: o.bottomText, color: o.color ?? (rng.chance(0.85) ? SEAL_RED : SEAL_BLUE), opacity: rng.float(0.55, 0.9),
        worn: rng.chance(0.35), star: o.star ?? shape === 'round', tilt: shape === 'oval' ? 0 : rng.float(-25, 25),
      },
      rng,
    );
    this.svg(drawn.markup);
    this.seals.push(drawn.quad);
  }

  page(): PageSpec {
    return { width: this.width, height: this.height, background: this.background, items: this.items };
  }
}
