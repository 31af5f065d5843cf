/**
 * Text as vector outlines: measure a string and turn it into one SVG path. Drawing outlines
 * rather than `<text>` keeps the output independent of whatever fonts librsvg would find on
 * the machine, and lets us know every line's exact extent.
 */
import { DEFAULT_STYLE, glyphFor, type FontStyle } from './fonts.js';

/**
 * Vertical extent of a line relative to its baseline, as fractions of the font size: the
 * ideographic em box of Noto CJK runs from 0.88 em above the baseline to 0.12 em below.
 * Quads of text lines use this box, so a line's quad is `size` pixels tall.
 */
export const EM_ASCENT = 0.88;
export const EM_DESCENT = 0.12;

export interface TextOptions {
  /** Extra pixels after every character (titles are often spaced out). */
  readonly letterSpacing?: number;
  /** Horizontal scale of the glyphs (condensed text in narrow table cells), 1 = normal. */
  readonly scaleX?: number;
}

interface PathCommandLike {
  readonly command: string;
  readonly args: readonly number[];
}

interface GlyphOutline {
  /** Advance in em units (font units / unitsPerEm). */
  readonly advance: number;
  /** Outline commands with coordinates in em units, y up. */
  readonly commands: readonly PathCommandLike[];
}

const outlineCache = new Map<string, GlyphOutline>();

function spaceAdvance(cp: number): number {
  // Ideographic space is a full em; other spaces follow the Latin space of Noto (~0.224 em).
  return cp === 0x3000 ? 1 : 0.224;
}

function outlineOf(cp: number, style: FontStyle): GlyphOutline {
  const key = `${style.family}${style.weight}:${cp}`;
  const cached = outlineCache.get(key);
  if (cached) return cached;
  let outline: GlyphOutline;
  const resolved = /\s/.test(String.fromCodePoint(cp)) ? null : glyphFor(cp, style);
  if (!resolved) {
    // Whitespace, or a character no bundled font has: leave a gap of a plausible width.
    const isSpace = /\s/.test(String.fromCodePoint(cp));
    outline = { advance: isSpace ? spaceAdvance(cp) : cp < 0x2e80 ? 0.55 : 1, commands: [] };
  } else {
    const upm = resolved.unitsPerEm;
    const commands = resolved.glyph.path.commands.map((c) => ({ command: c.command, args: c.args.map((v) => v / upm) }));
    outline = { advance: resolved.glyph.advanceWidth / upm, commands };
  }
  outlineCache.set(key, outline);
  return outline;
}

function codePoints(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) out.push(ch.codePointAt(0)!);
  return out;
}

/** Width in pixels of `text` set at `sizePx`. */
export function measureText(text: string, sizePx: number, style: FontStyle = DEFAULT_STYLE, opts: TextOptions = {}): number {
  const cps = codePoints(text);
  let em = 0;
  for (const cp of cps) em += outlineOf(cp, style).advance;
  const spacing = (opts.letterSpacing ?? 0) * Math.max(0, cps.length - 1);
  return em * sizePx * (opts.scaleX ?? 1) + spacing;
}

function fmt(v: number): string {
  // One decimal is invisible at our resolutions and keeps the SVG small.
  return (Math.round(v * 10) / 10).toString();
}

/**
 * The outlines of `text` as one SVG path `d`, the line starting at `x` with its baseline at
 * `baselineY`, and the line's advance width in pixels.
 */
export function textToSvgPath(
  text: string,
  x: number,
  baselineY: number,
  sizePx: number,
  style: FontStyle = DEFAULT_STYLE,
  opts: TextOptions = {},
): { d: string; width: number } {
  const sx = sizePx * (opts.scaleX ?? 1);
  const sy = sizePx;
  const spacing = opts.letterSpacing ?? 0;
  const parts: string[] = [];
  let pen = x;
  const cps = codePoints(text);
  cps.forEach((cp, i) => {
    const outline = outlineOf(cp, style);
    for (const c of outline.commands) {
      const a = c.args;
      const px = (k: number): string => fmt(pen + a[k]! * sx);
      const py = (k: number): string => fmt(baselineY - a[k]! * sy);
      switch (c.command) {
        case 'moveTo':
          parts.push(`M${px(0)} ${py(1)}`);
          break;
        case 'lineTo':
          parts.push(`L${px(0)} ${py(1)}`);
          break;
        case 'quadraticCurveTo':
          parts.push(`Q${px(0)} ${py(1)} ${px(2)} ${py(3)}`);
          break;
        case 'bezierCurveTo':
          parts.push(`C${px(0)} ${py(1)} ${px(2)} ${py(3)} ${px(4)} ${py(5)}`);
          break;
        case 'closePath':
          parts.push('Z');
          break;
        default:
          break;
      }
    }
    pen += outline.advance * sx + (i < cps.length - 1 ? spacing : 0);
  });
  return { d: parts.join(''), width: pen - x };
}
