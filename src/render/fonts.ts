/**
 * Glyph outlines from the Noto Sans SC / Noto Serif SC npm packages (@fontsource), so rendering
 * needs nothing from the system. Those packages split each font into ~100 WOFF subsets by code
 * point (their `unicode.json` maps subset -> ranges); we open a subset only when a character of
 * it is first asked for, and keep it.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import type { Font, Glyph } from 'fontkit';

export type FontFamily = 'sans' | 'serif';
export type FontWeight = 400 | 700;

export interface FontStyle {
  readonly family: FontFamily;
  readonly weight: FontWeight;
}

export const DEFAULT_STYLE: FontStyle = { family: 'sans', weight: 400 };

const PACKAGES: Record<FontFamily, { pkg: string; prefix: string }> = {
  sans: { pkg: '@fontsource/noto-sans-sc', prefix: 'noto-sans-sc' },
  serif: { pkg: '@fontsource/noto-serif-sc', prefix: 'noto-serif-sc' },
};

interface Range {
  readonly lo: number;
  readonly hi: number;
  readonly subset: string;
}

interface FamilyIndex {
  readonly dir: string;
  readonly prefix: string;
  /** Sorted by `lo`; a code point may fall in several subsets (latin and latin-ext overlap). */
  readonly ranges: readonly Range[];
}

const require = createRequire(import.meta.url);
const familyIndexes = new Map<FontFamily, FamilyIndex>();
const openFonts = new Map<string, Font | null>();

function parseRanges(spec: string, subset: string): Range[] {
  const out: Range[] = [];
  for (const part of spec.split(',')) {
    const m = /^\s*U\+([0-9a-fA-F?]+)(?:-([0-9a-fA-F]+))?\s*$/.exec(part);
    if (!m) continue;
    const lo = parseInt(m[1]!.replace(/\?/g, '0'), 16);
    const hi = m[2] ? parseInt(m[2], 16) : m[1]!.includes('?') ? parseInt(m[1]!.replace(/\?/g, 'f'), 16) : lo;
    out.push({ lo, hi, subset });
  }
  return out;
}

function familyIndex(family: FontFamily): FamilyIndex {
  let index = familyIndexes.get(family);
  if (index) return index;
  const { pkg, prefix } = PACKAGES[family];
  const root = dirname(require.resolve(`${pkg}/package.json`));
  const unicode = JSON.parse(readFileSync(join(root, 'unicode.json'), 'utf8')) as Record<string, string>;
  const ranges: Range[] = [];
  for (const [key, spec] of Object.entries(unicode)) {
    // Keys are "[100]" for the numbered CJK slices and plain names ("latin") for the others.
    ranges.push(...parseRanges(spec, key.replace(/^\[(\d+)\]$/, '$1')));
  }
  ranges.sort((a, b) => a.lo - b.lo || a.hi - b.hi);
  index = { dir: join(root, 'files'), prefix, ranges };
  familyIndexes.set(family, index);
  return index;
}

/**
 * A WOFF 1.0 file unpacked into the plain OpenType file it wraps. fontkit reads WOFF itself but
 * inflates a whole table again for every glyph it decodes, which made text layout the slowest
 * part of corpus generation; inflating each table once here (native zlib) removes that.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff; // not 'wOFF': already an sfnt
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const offset = woff.readUInt32BE(e + 4);
    const compLength = woff.readUInt32BE(e + 8);
    const origLength = woff.readUInt32BE(e + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({ tag: woff.readUInt32BE(e), checksum: woff.readUInt32BE(e + 16), data: compLength < origLength ? inflateSync(raw) : raw });
  }
  const pow = 2 ** Math.floor(Math.log2(Math.max(1, numTables)));
  const headerSize = 12 + 16 * numTables;
  const pad4 = (n: number): number => (n + 3) & ~3;
  const out = Buffer.alloc(headerSize + tables.reduce((s, t) => s + pad4(t.data.length), 0));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(pow * 16, 6);
  out.writeUInt16BE(Math.log2(pow), 8);
  out.writeUInt16BE(numTables * 16 - pow * 16, 10);
  let at = headerSize;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    out.writeUInt32BE(t.tag, r);
    out.writeUInt32BE(t.checksum, r + 4);
    out.writeUInt32BE(at, r + 8);
    out.writeUInt32BE(t.data.length, r + 12);
    t.data.copy(out, at);
    at += pad4(t.data.length);
  });
  return out;
}

function subsetFont(index: FamilyIndex, subset: string, weight: FontWeight): Font | null {
  const file = join(index.dir, `${index.prefix}-${subset}-${weight}-normal.woff`);
  if (openFonts.has(file)) return openFonts.get(file) ?? null;
  let font: Font | null = null;
  try {
    const opened = fontkit.create(woffToSfnt(readFileSync(file)));
    font = 'fonts' in opened ? (opened.fonts[0] ?? null) : opened;
  } catch {
    font = null;
  }
  openFonts.set(file, font);
  return font;
}

/** A few subset files carry no usable cmap, on which fontkit throws: treat as "not here". */
function safeHas(font: Font, codePoint: number): boolean {
  try {
    return font.hasGlyphForCodePoint(codePoint);
  } catch {
    return false;
  }
}

export interface ResolvedGlyph {
  readonly glyph: Glyph;
  readonly unitsPerEm: number;
}

const glyphCache = new Map<string, ResolvedGlyph | null>();

/**
 * The glyph of one code point in the given style; falls back to the other family (Noto Serif SC
 * lacks a few symbols) and returns null when neither font has it.
 */
export function glyphFor(codePoint: number, style: FontStyle): ResolvedGlyph | null {
  const key = `${style.family}${style.weight}:${codePoint}`;
  const cached = glyphCache.get(key);
  if (cached !== undefined) return cached;
  const families: FontFamily[] = style.family === 'sans' ? ['sans', 'serif'] : ['serif', 'sans'];
  let found: ResolvedGlyph | null = null;
  outer: for (const family of families) {
    const index = familyIndex(family);
    for (const range of index.ranges) {
      if (range.lo > codePoint) break;
      if (codePoint > range.hi) continue;
      const font = subsetFont(index, range.subset, style.weight);
      if (font && safeHas(font, codePoint)) {
        found = { glyph: font.glyphForCodePoint(codePoint), unitsPerEm: font.unitsPerEm };
        break outer;
      }
    }
  }
  glyphCache.set(key, found);
  return found;
}

/** True when some bundled font can draw this character. */
export function canRender(char: string, style: FontStyle = DEFAULT_STYLE): boolean {
  const cp = char.codePointAt(0);
  return cp !== undefined && (/\s/.test(char) || glyphFor(cp, style) !== null);
}
