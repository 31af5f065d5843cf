/**
 * PixelSteps on the analysis pool: what the service uses. An upload is copied into shared memory
 * once (remembered per pixel buffer); crops and paled pages come back already shared, so passing
 * them to the next task costs nothing.
 */
import { loadTaxonomy } from '../classify/taxonomy.js';
import { classifyText } from '../classify/text-classifier.js';
import type { RgbImage } from '../image/types.js';
import type { AnalysisPool } from './pool.js';
import type { SharedImage } from './protocol.js';
import { imageOf, shareImageGradually } from './shared.js';
import type { PixelSteps } from './steps.js';

export function poolSteps(pool: AnalysisPool): PixelSteps {
  const shared = new WeakMap<Buffer, Promise<SharedImage>>();
  const share = (image: RgbImage): Promise<SharedImage> => {
    let s = shared.get(image.data);
    if (!s) {
      s = shareImageGradually(image);
      shared.set(image.data, s);
    }
    return s;
  };
  return {
    analysePage: async (image) => pool.run('analysePage', { image: await share(image) }),
    cutOut: async (image, doc) => {
      const cut = await pool.run('cutOut', { image: await share(image), doc });
      return { crop: imageOf(cut.crop), toImage: cut.toImage, fromImage: cut.fromImage };
    },
    paleRegions: async (image, quads) => imageOf(await pool.run('paleRegions', { image: await share(image), quads })),
    paleSeals: async (image) => imageOf(await pool.run('paleSeals', { image: await share(image) })),
    assessQuality: async (request) => {
      const [image, crop] = await Promise.all([share(request.image), share(request.crop)]);
      return pool.run('assessQuality', { image, quad: request.quad, crop, lineCount: request.lineCount, occluded: request.occluded === true });
    },
    visualCues: async (crop, angle, uprightQuads) => pool.run('visualCues', { crop: await share(crop), angle, uprightQuads }),
    decodeQr: async (image) => pool.run('decodeQr', { image: await share(image) }),
    decodeBlurredQr: async (image) => pool.run('decodeBlurredQr', { image: await share(image) }),
    measureDefocus: async (image) => pool.run('measureDefocus', { image: await share(image) }),
    restoreDefocused: async (image, sigma) => imageOf(await pool.run('restoreDefocused', { image: await share(image), sigma })),
    findTitleLines: async (image) => pool.run('findTitleLines', { image: await share(image) }),
    sealStrips: async (image, angle) => {
      const strips = await pool.run('sealStrips', { image: await share(image), angle });
      return strips && { sheet: imageOf(strips.sheet), quads: strips.quads };
    },
    // Workers know the service's taxonomy (data/taxonomy.json); any other runs here.
    classifyText: (lines, cues, taxonomy) => (taxonomy === loadTaxonomy() ? pool.run('classifyText', { lines, cues }) : Promise.resolve(classifyText(lines, cues, taxonomy))),
  };
}
