/**
 * `meddoc ocr IMAGE [--json]`: reads the text of one image file. Prints the lines in reading
 * order, or with --json: {"angle", "lines": [{"text", "score", "quad"}], "timings"}.
 * Writes nothing but its output; the image is never stored.
 */
import sharp from 'sharp';
import { parseOptions, fail, UsageError } from './args.js';
import { OcrEngine } from '../ocr/engine.js';
import type { RgbImage } from '../image/types.js';

const USAGE = 'usage: meddoc ocr IMAGE [--json] [--detect-side N]';

/** Decodes an image file as a viewer shows it: EXIF orientation applied, alpha over white, RGB. */
export async function decodeImageFile(path: string): Promise<RgbImage> {
  const { data, info } = await sharp(path, { limitInputPixels: 100_000_000 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels === 3) return { data, width: info.width, height: info.height, channels: 3 };
  // Grey or two-channel output: widen to RGB.
  const rgb = Buffer.alloc(info.width * info.height * 3);
  for (let i = 0, j = 0; i < info.width * info.height; i++, j += info.channels) {
    rgb[i * 3] = data[j]!;
    rgb[i * 3 + 1] = data[j + (info.channels >= 3 ? 1 : 0)]!;
    rgb[i * 3 + 2] = data[j + (info.channels >= 3 ? 2 : 0)]!;
  }
  return { data: rgb, width: info.width, height: info.height, channels: 3 };
}

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseOptions(argv, {
      json: { type: 'boolean', default: false },
      'detect-side': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    });
  } catch (err) {
    if (err instanceof UsageError) return fail(`${err.message}\n${USAGE}`);
    throw err;
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) return fail(USAGE);
  const sideRaw = parsed.values['detect-side'];
  const detectSide = sideRaw === undefined ? undefined : Number(sideRaw);
  if (detectSide !== undefined && (!Number.isInteger(detectSide) || detectSide < 32)) {
    return fail(`--detect-side must be an integer >= 32, got '${sideRaw}'`);
  }

  const t0 = performance.now();
  let image: RgbImage;
  try {
    image = await decodeImageFile(file);
  } catch (err) {
    return fail(`cannot read image '${file}': ${err instanceof Error ? err.message : String(err)}`);
  }
  const decodeMs = performance.now() - t0;

  const engine = OcrEngine.create();
  try {
    await engine.init();
    const result = await engine.recognize(image, detectSide === undefined ? {} : { detectSide });
    if (parsed.values.json) {
      const round = (v: number): number => Math.round(v * 10) / 10;
      const t = result.timings;
      const out = {
        angle: result.angle,
        lines: result.lines.map((l) => ({ text: l.text, score: Math.round(l.score * 10000) / 10000, quad: l.quad.map(Math.round) })),
        timings: {
          decodeMs: round(decodeMs),
          detectMs: round(t.detectMs),
          classifyMs: round(t.classifyMs),
          recognizeMs: round(t.recognizeMs),
          postMs: round(t.postMs),
          modelMs: round(t.modelMs),
          totalMs: round(t.totalMs + decodeMs),
        },
      };
      process.stdout.write(`${JSON.stringify(out)}\n`);
    } else {
      process.stdout.write(result.lines.map((l) => `${l.text}\n`).join(''));
    }
    return 0;
  } finally {
    await engine.terminate();
  }
}
