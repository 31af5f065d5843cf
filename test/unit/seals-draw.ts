/** Draws test pages from SVG with sharp: black text-like strokes, stamps, papers on backgrounds. */
import sharp from 'sharp';
import type { RgbImage } from '../../src/image/types.js';

export async function svgToRgb(svg: string): Promise<RgbImage> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** Rows of short black bars standing in for printed characters. */
export function textLines(x: number, y: number, w: number, rows: number, pitch = 28, colour = '#111'): string {
  let s = '';
  for (let r = 0; r < rows; r++) {
    for (let cx = x; cx < x + w - 14; cx += 18) {
      const h = 10 + ((cx * 7 + r * 13) % 6);
      s += `<rect x="${cx}" y="${y + r * pitch}" width="13" height="${h}" fill="${colour}"/>`;
      s += `<rect x="${cx + 3}" y="${y + r * pitch + 6}" width="7" height="2" fill="#fff"/>`;
    }
  }
  return s;
}

/** A round/oval stamp: outline, arc of characters, a star; `opacity` < 1 for translucent ink. */
export function roundSeal(cx: number, cy: number, rx: number, ry: number, colour: string, opacity = 0.85): string {
  let s = `<g opacity="${opacity}"><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${colour}" stroke-width="${Math.max(3, rx / 18)}"/>`;
  for (let a = -150; a <= -30; a += 15) {
    const t = (a * Math.PI) / 180;
    s += `<rect x="${cx + Math.cos(t) * rx * 0.72 - 6}" y="${cy + Math.sin(t) * ry * 0.72 - 6}" width="12" height="12" fill="${colour}"/>`;
  }
  s += `<polygon points="${cx},${cy - ry * 0.2} ${cx + rx * 0.18},${cy + ry * 0.15} ${cx - rx * 0.18},${cy + ry * 0.15}" fill="${colour}"/></g>`;
  return s;
}

export function rectSeal(x: number, y: number, w: number, h: number, colour: string, opacity = 0.85): string {
  return `<g opacity="${opacity}"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${colour}" stroke-width="4"/>${textLines(x + 14, y + 14, w - 28, Math.max(1, Math.floor((h - 28) / 24)), 24, colour)}</g>`;
}

export function page(width: number, height: number, body: string, background = '#fff'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>${body}</svg>`;
}

/** A card (body colour `body`) with a title band, a portrait box and text rows, turned by `deg` about its centre. */
export function card(x: number, y: number, w: number, h: number, deg: number, body: string, band: string): string {
  return (
    `<g transform="rotate(${deg} ${x + w / 2} ${y + h / 2})">` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${body}"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${Math.round(h * 0.15)}" fill="${band}"/>` +
    `<rect x="${x + 18}" y="${y + h * 0.3}" width="${w * 0.2}" height="${w * 0.25}" fill="#c4ccd4"/>` +
    textLines(x + w * 0.32, y + h * 0.3, w * 0.6, 5, 26) +
    '</g>'
  );
}
