import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import QRCode from 'qrcode';
import { measureText, textToSvgPath } from '../../src/render/text.js';
import { canRender } from '../../src/render/fonts.js';
import { renderPage, type PageSpec } from '../../src/render/page.js';

test('measureText: CJK is one em per character, ASCII narrower, bold and serif resolve', () => {
  assert.equal(Math.round(measureText('医疗门诊收费票据', 20)), 160);
  const ascii = measureText('12345.67', 20);
  assert.ok(ascii > 60 && ascii < 100, `ascii width ${ascii}`);
  assert.ok(measureText('¥１２（）：，', 20, { family: 'serif', weight: 700 }) > 0);
  for (const ch of ['¥', '（', '：', '×', '㎡', '壹', '圆', '整']) assert.ok(canRender(ch), ch);
});

test('textToSvgPath: outlines placed at x, width matches measureText', () => {
  const { d, width } = textToSvgPath('住院 Ab9¥', 100, 50, 24);
  assert.ok(d.startsWith('M'));
  assert.ok(Math.abs(width - measureText('住院 Ab9¥', 24)) < 1e-6);
  const xs = [...d.matchAll(/[MLQC]([\d.]+) /g)].map((m) => Number(m[1]));
  assert.ok(Math.min(...xs) >= 99 && Math.max(...xs) <= 100 + width + 1);
});

test('renderPage: exact quads, ink inside them, deterministic PNG', async () => {
  const qr = await QRCode.toBuffer('41060122,0012345678,a1b2c3,2024-03-05,123.40', { margin: 1, width: 120 });
  const spec: PageSpec = {
    width: 400,
    height: 240,
    items: [
      { kind: 'text', text: '河南省医疗门诊收费票据', x: 200, y: 20, size: 24, align: 'center', role: 'title', style: { family: 'serif', weight: 700 } },
      { kind: 'rect', x: 10, y: 60, w: 380, h: 100, stroke: '#c33', strokeWidth: 2 },
      { kind: 'text', text: '合计（大写）壹佰贰拾叁元肆角整', x: 20, y: 80, size: 16, maxWidth: 150 },
      { kind: 'image', x: 270, y: 100, w: 120, h: 120, png: qr },
      { kind: 'text', text: 'hidden', x: 20, y: 200, size: 16, label: false },
    ],
  };
  const a = await renderPage(spec);
  const b = await renderPage(spec);
  assert.ok(a.data.equals(b.data));
  assert.equal(a.lines.length, 2);
  assert.equal(a.lines[0]!.role, 'title');
  const [x0, y0, x1, , , y2] = a.lines[0]!.quad;
  assert.equal(y2 - y0, 24);
  assert.ok(Math.abs((x0 + x1) / 2 - 200) <= 1);
  assert.ok(a.lines[1]!.quad[2] - a.lines[1]!.quad[0] <= 151, 'condensed to maxWidth');
  const { data, info } = await sharp(a.data).greyscale().raw().toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number, w: number, h: number): number => {
    let n = 0;
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) if (data[yy * info.width + xx]! < 128) n++;
    return n;
  };
  assert.ok(dark(x0, y0, x1 - x0, 24) > 100, 'title ink inside its quad');
  assert.equal(dark(x0, y0 - 8, x1 - x0, 6), 0, 'no title ink above its quad');
  assert.ok(dark(275, 105, 110, 110) > 2000, 'QR drawn');
  const jpeg = await renderPage(spec, { format: 'jpeg', quality: 80 });
  assert.equal(jpeg.data[0], 0xff);
});

test('renderPage: a tilted line reports its tilted quad, ink follows the tilt', async () => {
  const spec: PageSpec = {
    width: 600, height: 200,
    items: [{ kind: 'text', text: '医保统筹基金支付', x: 50, y: 60, size: 40, rotate: { angle: 5, cx: 50, cy: 60 } }],
  };
  const out = await renderPage(spec, { format: 'raw' });
  const q = out.lines[0]!.quad;
  assert.deepEqual([q[0], q[1]], [50, 60], 'the pivot corner stays');
  assert.ok(q[3] - q[1] > 20, `right end lower by the tilt: ${q[3] - q[1]}`);
  // Ink near the right end sits lower than at the left end.
  const inkRows = (x0: number, x1: number): number[] => {
    const rows: number[] = [];
    for (let y = 0; y < out.height; y++) for (let x = x0; x < x1; x++) if (out.data[(y * out.width + x) * 4]! < 128) { rows.push(y); break; }
    return rows;
  };
  const left = inkRows(52, 80);
  const right = inkRows(330, 360);
  assert.ok(left.length > 0 && right.length > 0);
  assert.ok(right[0]! > left[0]! + 15, `right ink starts at ${right[0]}, left at ${left[0]}`);
});

test('woffToSfnt: the unpacked font draws the same glyphs as the WOFF it came from', async () => {
  const { woffToSfnt } = await import('../../src/render/fonts.js');
  const fontkit = await import('fontkit');
  const { readFileSync, readdirSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const { dirname, join } = await import('node:path');
  const dir = join(dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/package.json')), 'files');
  const file = join(dir, readdirSync(dir).find((f) => /-latin-400-normal\.woff$/.test(f))!);
  const woff = readFileSync(file);
  const sfnt = woffToSfnt(woff);
  assert.notEqual(sfnt.readUInt32BE(0), 0x774f4646, 'no longer WOFF');
  const a = fontkit.create(woff) as import('fontkit').Font;
  const b = fontkit.create(sfnt) as import('fontkit').Font;
  for (const ch of 'A9¥%') {
    const ga = a.glyphForCodePoint(ch.codePointAt(0)!);
    const gb = b.glyphForCodePoint(ch.codePointAt(0)!);
    assert.equal(gb.advanceWidth, ga.advanceWidth, ch);
    assert.equal(gb.path.toSVG(), ga.path.toSVG(), ch);
  }
});
