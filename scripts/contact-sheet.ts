/** Builds docs/corpus.png: 24 thumbnails of a generated corpus (node dist/scripts/contact-sheet.js [seed] [out]). */
import sharp, { type OverlayOptions } from 'sharp';
import { generateImage } from '../src/synth/generate.js';

const seed = Number(process.argv[2] ?? '11');
const out = process.argv[3] ?? 'docs/corpus.png';
const cell = 300;
const tiles: OverlayOptions[] = [];
for (let i = 0; i < 24; i++) {
  const img = await generateImage(seed, i);
  const thumb = await sharp(img.data).resize(cell - 8, cell - 8, { fit: 'contain', background: '#ffffff' }).png().toBuffer();
  tiles.push({ input: thumb, left: (i % 6) * cell + 4, top: Math.floor(i / 6) * cell + 4 });
}
await sharp({ create: { width: cell * 6, height: cell * 4, channels: 3, background: '#ffffff' } }).composite(tiles).png().toFile(out);
process.stdout.write(`wrote ${out}\n`);
