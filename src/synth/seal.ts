/**
 * Seals as SVG fragments: round (hospital 收费专用章, 医疗专用章, company seals, with a star),
 * oval (财政部监制 supervision seals over invoice titles) and rectangular (核对, 清单已打印).
 * Red or blue, translucent, optionally worn (ink missing in speckles).
 */
import type { Quad8 } from '../ocr/types.js';
import { textToSvgPath, measureText } from '../render/text.js';
import type { Rng } from './rng.js';

export type SealShape = 'round' | 'oval' | 'rect';

export interface SealSpec {
  readonly shape: SealShape;
  readonly cx: number;
  readonly cy: number;
  /** Half width and half height. */
  readonly rx: number;
  readonly ry: number;
  readonly ringText: string;
  readonly centerText?: string;
  readonly bottomText?: string;
  readonly color: string;
  readonly opacity: number;
  readonly worn: boolean;
  readonly star: boolean;
  /** Degrees, the seal's own tilt. */
  readonly tilt: number;
}

export interface DrawnSeal {
  readonly markup: string;
  /** Axis quad of the seal's outline on the page (before the seal's tilt is applied, grown to cover it). */
  readonly quad: Quad8;
}

const SERIF_BOLD = { family: 'serif', weight: 700 } as const;
const SANS_BOLD = { family: 'sans', weight: 700 } as const;

function charAt(ch: string, x: number, y: number, size: number, angleDeg: number): string {
  const w = measureText(ch, size, SANS_BOLD);
  const { d } = textToSvgPath(ch, -w / 2, size * 0.38, size, SANS_BOLD);
  return `<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angleDeg.toFixed(1)})" d="${d}"/>`;
}

function starPath(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.4;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(' ')}"/>`;
}

export function drawSeal(spec: SealSpec, rng: Rng): DrawnSeal {
  const { cx, cy, rx, ry } = spec;
  const parts: string[] = [];
  const stroke = Math.max(2, Math.min(rx, ry) * 0.06);
  if (spec.shape === 'rect') {
    parts.push(`<rect x="${cx - rx}" y="${cy - ry}" width="${2 * rx}" height="${2 * ry}" fill="none" stroke-width="${stroke}" stroke="currentColor"/>`);
    const size = Math.min(ry * 0.9, (2 * rx * 0.85) / Math.max(1, [...spec.ringText].length));
    const w = measureText(spec.ringText, size, SANS_BOLD);
    parts.push(`<path d="${textToSvgPath(spec.ringText, cx - w / 2, cy + size * 0.38, size, SANS_BOLD).d}"/>`);
  } else {
    parts.push(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke-width="${stroke}" stroke="currentColor"/>`);
    if (spec.shape === 'oval') parts.push(`<ellipse cx="${cx}" cy="${cy}" rx="${rx - stroke * 2}" ry="${ry - stroke * 2}" fill="none" stroke-width="${stroke / 2}" stroke="currentColor"/>`);
    const chars = [...spec.ringText];
    const size = Math.min(rx, ry) * (spec.shape === 'oval' ? 0.24 : 0.22);
    const span = Math.min(260, 20 * chars.length) * (Math.PI / 180);
    chars.forEach((ch, i) => {
      const t = chars.length === 1 ? 0 : i / (chars.length - 1) - 0.5;
      const a = -Math.PI / 2 + t * span;
      const px = cx + (rx - stroke - size * 0.75) * Math.cos(a);
      const py = cy + (ry - stroke - size * 0.75) * Math.sin(a);
      parts.push(charAt(ch, px, py, size, (a * 180) / Math.PI + 90));
    });
    if (spec.star) parts.push(starPath(cx, cy, Math.min(rx, ry) * 0.28));
    if (spec.centerText) {
      const cs = Math.min(rx, ry) * 0.22;
      const w = measureText(spec.centerText, cs, SERIF_BOLD);
      const y = spec.star ? cy + Math.min(rx, ry) * 0.5 : cy + cs * 0.38;
      parts.push(`<path d="${textToSvgPath(spec.centerText, cx - w / 2, y, cs, SERIF_BOLD).d}"/>`);
    }
    if (spec.bottomText) {
      const cs = Math.min(rx, ry) * 0.2;
      const w = measureText(spec.bottomText, cs, SANS_BOLD);
      parts.push(`<path d="${textToSvgPath(spec.bottomText, cx - w / 2, cy + ry * 0.62, cs, SANS_BOLD).d}"/>`);
    }
  }
  if (spec.worn) {
    // Ink missing in speckles: paper-coloured dots drawn over the seal.
    for (let i = 0; i < 50; i++) {
      const a = rng.float(0, Math.PI * 2);
      const rr = Math.sqrt(rng.next());
      parts.push(`<circle cx="${(cx + rx * rr * Math.cos(a)).toFixed(1)}" cy="${(cy + ry * rr * Math.sin(a)).toFixed(1)}" r="${rng.float(1, stroke * 1.6).toFixed(1)}" fill="#fbfbf7" stroke="none"/>`);
    }
  }
  const markup = `<g transform="rotate(${spec.tilt.toFixed(1)} ${cx} ${cy})" fill="${spec.color}" color="${spec.color}" opacity="${spec.opacity.toFixed(2)}">${parts.join('')}</g>`;
  // The tilted outline's axis box: exact for an ellipse, the rotated corners' box for a rectangle.
  const t = (spec.tilt * Math.PI) / 180;
  const c = Math.abs(Math.cos(t));
  const s = Math.abs(Math.sin(t));
  const hw = spec.shape === 'rect' ? rx * c + ry * s : Math.sqrt((rx * c) ** 2 + (ry * s) ** 2);
  const hh = spec.shape === 'rect' ? rx * s + ry * c : Math.sqrt((rx * s) ** 2 + (ry * c) ** 2);
  const x0 = Math.floor(cx - hw);
  const x1 = Math.ceil(cx + hw);
  const y0 = Math.floor(cy - hh);
  const y1 = Math.ceil(cy + hh);
  return { markup, quad: [x0, y0, x1, y0, x1, y1, x0, y1] };
}

export const SEAL_RED = '#d4202a';
export const SEAL_BLUE = '#2747a8';
