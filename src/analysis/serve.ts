/**
 * The worker side of the analysis pool: runs one task on shared pixels and answers with plain
 * data; images it makes are put in shared memory once, here, off the HTTP thread.
 */
import type { MessagePort } from 'node:worker_threads';
import { loadTaxonomy } from '../classify/taxonomy.js';
import { classifyText } from '../classify/text-classifier.js';
import type { RgbImage } from '../image/types.js';
import type { AnalysisReply, AnalysisRequest, AnalysisResult, AnalysisWorkerStatus, SharedImage } from './protocol.js';
import { imageOf, sharedBufferOf, shareImage } from './shared.js';
import { analysePage, cutOutDocument, decodeBlurredQr, decodeQr, findTitleLines, judgeQuality, measureDefocus, paleRegions, paleSeals, restoreDefocused, roundSealStrips, visualCues } from './tasks.js';

/** An image a task made, as shared pixels: the input itself when the task left it unchanged. */
function shareResult(image: RgbImage, input: SharedImage): SharedImage {
  return sharedBufferOf(image) === input.buffer ? input : shareImage(image);
}

export async function runAnalysisTask(req: AnalysisRequest): Promise<AnalysisResult<AnalysisRequest['kind']>> {
  switch (req.kind) {
    case 'analysePage':
      return analysePage(imageOf(req.args.image));
    case 'cutOut': {
      const cut = cutOutDocument(imageOf(req.args.image), req.args.doc);
      return { crop: shareImage(cut.crop), toImage: cut.toImage, fromImage: cut.fromImage };
    }
    case 'paleRegions':
      return shareResult(paleRegions(imageOf(req.args.image), req.args.quads), req.args.image);
    case 'paleSeals':
      return shareResult(paleSeals(imageOf(req.args.image)), req.args.image);
    case 'assessQuality': {
      const { image, quad, crop, lineCount, occluded } = req.args;
      return judgeQuality({ image: imageOf(image), quad, crop: imageOf(crop), lineCount, occluded });
    }
    case 'visualCues':
      return visualCues(imageOf(req.args.crop), req.args.angle, req.args.uprightQuads);
    case 'decodeQr':
      return decodeQr(imageOf(req.args.image));
    case 'decodeBlurredQr':
      return decodeBlurredQr(imageOf(req.args.image));
    case 'measureDefocus':
      return measureDefocus(imageOf(req.args.image));
    case 'restoreDefocused':
      return shareResult(restoreDefocused(imageOf(req.args.image), req.args.sigma), req.args.image);
    case 'findTitleLines':
      return findTitleLines(imageOf(req.args.image));
    case 'sealStrips': {
      const strips = roundSealStrips(imageOf(req.args.image), req.args.angle);
      return strips && { sheet: shareImage(strips.sheet), quads: strips.quads };
    }
    case 'classifyText':
      return classifyText(req.args.lines, req.args.cues, loadTaxonomy());
  }
}

/** Loads what the tasks need once (taxonomy, QR decoder's WebAssembly), then serves tasks one by one. */
export async function serveAnalysis(port: MessagePort): Promise<void> {
  const t0 = performance.now();
  try {
    loadTaxonomy();
    await decodeQr({ data: Buffer.alloc(32 * 32 * 3, 255), width: 32, height: 32, channels: 3 });
  } catch (err) {
    const status: AnalysisWorkerStatus = { type: 'failed', message: err instanceof Error ? err.message : String(err) };
    port.postMessage(status);
    return;
  }
  const ready: AnalysisWorkerStatus = { type: 'ready', startMs: performance.now() - t0 };
  port.postMessage(ready);
  port.on('message', (req: AnalysisRequest) => {
    runAnalysisTask(req).then(
      (result) => {
        const reply: AnalysisReply = { id: req.id, ok: true, result };
        port.postMessage(reply);
      },
      (err: unknown) => {
        const reply: AnalysisReply = { id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) };
        port.postMessage(reply);
      },
    );
  });
}
