/**
 * Quality is asked for one document at a time, by its quad (classifyDocument), while whether
 * another document lies on it is judged once per upload with all of them (analysePage). The
 * PixelSteps remember each upload's analysis, keyed by its pixel buffer (the very object the
 * caller passes to both steps; forgotten with it), and fill in the document's flag.
 */
import type { RgbImage } from '../image/types.js';
import type { Quad8 } from '../ocr/types.js';
import type { PageAnalysis } from './tasks.js';

export class OcclusionMemo {
  private readonly pages = new WeakMap<Buffer, PageAnalysis>();

  /** Keeps the analysis of `image` and hands it back. */
  remember(image: RgbImage, page: PageAnalysis): PageAnalysis {
    this.pages.set(image.data, page);
    return page;
  }

  /** Whether the document at `quad` on `image` has another on it; false for an unknown upload or quad. */
  occluded(image: RgbImage, quad: Quad8): boolean {
    const page = this.pages.get(image.data);
    if (!page?.occluded) return false;
    const at = page.documents.findIndex((d) => d.quad.every((v, k) => v === quad[k]));
    return at >= 0 && page.occluded[at] === true;
  }
}
