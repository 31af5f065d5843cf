/** Worker thread of generateCorpus: generates the images it is asked for and sends them back. */
import { parentPort } from 'node:worker_threads';
import { generateImage } from './generate.js';

parentPort?.on('message', (msg: { seed: number; index: number; kinds: string[] }) => {
  generateImage(msg.seed, msg.index, { kinds: msg.kinds }).then(
    (img) => parentPort?.postMessage({ ok: true, img }),
    (err: unknown) => parentPort?.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
