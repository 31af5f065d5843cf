/** Every category of api.md 2.A is in the taxonomy and its canonical title alone classifies to it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadTaxonomy, parseTaxonomy } from '../../src/classify/taxonomy.js';
import { classifyText } from '../../src/classify/text-classifier.js';
import { PROJECT_ROOT } from '../../src/util/paths.js';
import { join } from 'node:path';

const tax = loadTaxonomy();

test('taxonomy holds 89 roots without and 5 with sub-classes, 42 sub-classes in all', () => {
  const flat = tax.roots.filter((r) => r.subs.length === 0);
  const nested = tax.roots.filter((r) => r.subs.length > 0);
  assert.equal(flat.length, 89);
  assert.equal(nested.length, 5);
  assert.equal(nested.reduce((n, r) => n + r.subs.length, 0), 42);
  assert.ok(tax.roots.some((r) => r.name === '其他'));
  assert.ok(tax.roots.some((r) => r.name === '港澳同胞回乡证(通行卡)'));
});

test('every root name of api.md 2.A is spelled exactly as in the contract', () => {
  const api = readFileSync(join(PROJECT_ROOT, '..', 'shared', 'spec', 'api.md'), 'utf8');
  const line = api.split('\n').find((l) => l.startsWith('理赔申请书, '));
  assert.ok(line, 'api.md root list found');
  const names = line.replace(/\.$/, '').split(', ');
  const ours = new Set(tax.roots.map((r) => r.name));
  for (const n of names) assert.ok(ours.has(n), `missing root ${n}`);
});

test('the loader rejects a sub-class condition on an unknown facet', () => {
  const raw = JSON.parse(readFileSync(join(PROJECT_ROOT, 'data', 'taxonomy.json'), 'utf8'));
  const root = raw.roots.find((r: { name: string }) => r.name === '费用类票据');
  root.subs[0].when = { nosuch: 'x' };
  assert.throws(() => parseTaxonomy(raw), /unknown facet/);
});

for (const root of tax.roots) {
  if (root.name === tax.fallback) continue;
  test(`canonical title alone: ${root.name}`, () => {
    const r = classifyText([{ text: root.titles[0], isTitle: true }]);
    assert.equal(r.root_cls, root.name);
    assert.equal(r.root_cls_is_credible, 1);
    if (root.subs.length === 0) {
      assert.equal(r.sub_cls, null);
      assert.equal(r.sub_cls_is_credible, -1);
    }
  });
  for (const sub of root.subs) {
    // Sub-classes shared by two roots (结算单, 结算费用清单 under 费用清单 and 费用类票据) carry
    // no title of their own in the 费用清单 root: their wording alone names the bill root.
    if (sub.titles.length === 0) continue;
    test(`canonical title alone: ${root.name} / ${sub.name}`, () => {
      const r = classifyText([{ text: sub.titles[0], isTitle: true }]);
      assert.equal(r.root_cls, root.name);
      assert.equal(r.sub_cls, sub.name);
    });
  }
}
