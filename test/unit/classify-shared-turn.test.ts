/** A: a document on which nothing was read takes the turn of the image's documents that were read. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSharedTurn } from '../../src/classify/classifier.js';
import { loadTaxonomy } from '../../src/classify/taxonomy.js';
import type { ClassifyDocument, Direct } from '../../src/contract/classify.js';

const tax = loadTaxonomy();

function doc(direct: Direct, root: string, texts: string[]): ClassifyDocument {
  const q = { iscard: false, iscard_score: 0, isclear: true, isclear_score: 1, iscomplete: true, iscomplete_score: 1, isdocument: true, isdocument_score: 1, isoriginal: true, isoriginal_score: 1 };
  return {
    target_res: { bbox_region: [0, 0, 10, 10], qbox_region: [0, 0, 10, 0, 10, 10, 0, 10], direct },
    qualify_res: q,
    ocr_res: { titles: [], title_regions: [], texts, text_regions: texts.map(() => [0, 0, 1, 0, 1, 1, 0, 1]) },
    class_res: { root_cls: root, sub_cls: null, root_cls_is_credible: 1, sub_cls_is_credible: -1 },
  };
}

test('an unread document takes the turn the placed documents agree on', () => {
  const out = withSharedTurn([doc('top', '残疾证', ['残疾人证']), doc('down', tax.fallback, []), doc('top', '台湾居民来往大陆通行证', ['台湾居民来往大陆通行证'])], tax);
  assert.deepEqual(out.map((d) => d.target_res.direct), ['top', 'top', 'top']);
});

test('a document read keeps its own turn; disagreeing or unplaced neighbours change nothing', () => {
  const read = withSharedTurn([doc('top', '残疾证', ['残疾人证']), doc('down', tax.fallback, ['核保'])], tax);
  assert.equal(read[1].target_res.direct, 'down');
  const split = withSharedTurn([doc('top', '残疾证', ['残疾人证']), doc('left', '结婚证', ['结婚证']), doc('down', tax.fallback, [])], tax);
  assert.equal(split[2].target_res.direct, 'down');
  const unplaced = withSharedTurn([doc('top', tax.fallback, ['XQ']), doc('down', tax.fallback, [])], tax);
  assert.equal(unplaced[1].target_res.direct, 'down');
});
