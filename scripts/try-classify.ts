/**
 * Runs operation A's domain (classifier + real OCR engine) over the real development images and
 * prints, per image, what was found next to the hand labels. Figures only: no recognised text is
 * printed except titles, which are printed form wording, not personal data.
 *
 *   npx tsc -p . && node dist/scripts/try-classify.js [/work/shared/real]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classifyImage } from '../src/classify/classifier.js';
import { decodeUpload } from '../src/image/intake.js';
import { OcrEngine } from '../src/ocr/engine.js';

interface Label {
  documents: number;
  direct: string;
  root_cls: string;
  sub_cls: string | null;
  seal_count: number;
  quality: { isclear: boolean; iscomplete: boolean; isoriginal: boolean };
}

async function main(): Promise<void> {
  const dir = process.argv[2] ?? join(process.cwd(), '..', 'shared', 'real');
  const labels = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as Record<string, Label>;
  const engine = OcrEngine.create();
  await engine.init();
  let right = 0;
  let total = 0;
  for (const [file, label] of Object.entries(labels)) {
    const upload = await decodeUpload(readFileSync(join(dir, file)));
    const t0 = performance.now();
    const res = await classifyImage({
      image: upload.rgb,
      ocr: (region) => engine.recognize(region),
      ocrRegions: (region, quads) => engine.recognizeRegions(region, quads),
    });
    const ms = performance.now() - t0;
    const d = res.classify_result[0];
    const ok = d.class_res.root_cls === label.root_cls && d.class_res.sub_cls === label.sub_cls;
    total++;
    if (ok) right++;
    const q = d.qualify_res;
    console.log(
      [
        ok ? 'OK  ' : 'MISS',
        file,
        `${d.class_res.root_cls}/${d.class_res.sub_cls ?? '-'} (${d.class_res.root_cls_is_credible},${d.class_res.sub_cls_is_credible})`,
        `want ${label.root_cls}/${label.sub_cls ?? '-'}`,
        `docs ${res.classify_result.length}/${label.documents}`,
        `direct ${d.target_res.direct}/${label.direct}`,
        `seals ${res.seals.length}/${label.seal_count}`,
        `clear ${q.isclear}/${label.quality.isclear} complete ${q.iscomplete}/${label.quality.iscomplete} original ${q.isoriginal}/${label.quality.isoriginal}`,
        `titles ${JSON.stringify(d.ocr_res.titles)}`,
        `${(ms / 1000).toFixed(2)} s`,
      ].join(' | '),
    );
  }
  console.log(`classified right: ${right}/${total}`);
  process.exit(0);
}

void main();
