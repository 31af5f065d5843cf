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

/**
 * api.md 2.A's list of root categories, verbatim. Copied here (as the verify reasons are in
 * test/contract/verify-http.test.ts) so that the test checks the taxonomy against the contract,
 * not against itself, on any checkout, with or without the spec folder beside it.
 */
const API_ROOT_NAMES: readonly string[] = [
  '理赔申请书', '立案信息表', '授权书', '理赔登记表', '居民身份证', '居民身份证国徽面', '临时居民身份证', '中国人民解放军军官证',
  '中国人民武装警察部队警官证', '出生医学证明', '法官证', '警官证', '检察官证', '律师证', '记者证', '工作证',
  '学生证', '离休证', '老年证', '残疾证', '结婚证', '离婚证', '独生子女证', '毕业证书',
  '肄业证', '结业证', '学位证', '机动车驾驶证', '外交护照', '公务护照', '因公普通护照', '普通护照',
  '外国人出入境证', '外国人旅行证', '海员证', '香港特别行政区护照', '澳门特别行政区护照', '澳门特别行政区旅行证', '台湾居民来往大陆通行证', '往来港澳通行证',
  '前往港澳通行证', '港澳同胞回乡证(通行卡)', '大陆居民往来台湾通行证', '因公往来香港澳门特别行政区通行证', '港澳台居民居住证', '华侨回归定居证', '台湾居民定居证', '外国人永久居留身份证',
  '外国人居留证', '外国人临时居留证', '入籍证书', '出籍证书', '复籍证书', '意外事故证明', '机动车行驶证', '交通事故认定书',
  '手术记录', '诊断证明', '处方笺', '医嘱单', '体温单', '转诊证明', '重症监护', '第三方报销单',
  '银行卡', '存折', '营业执照', '保险金转交承诺书', '保险金领取授权委托书', '客户受益所有人信息收集表', '非自然人客户身份基本信息登记表', '自然人客户身份基本信息登记表',
  '司法文书', '保险单凭证', '调查资料', '查勘照片', '合议业审批复', '理赔给付协议书', '申诉案件申请书', '理赔补充资料',
  '二核回函', '理赔批单', '医学死亡证明', '火化证明', '户口注销证明', '其它诊治资料', '其他', '个人信息授权协议',
  '反欺诈声明',
];

test('every root name of api.md 2.A is spelled exactly as in the contract', () => {
  assert.equal(API_ROOT_NAMES.length, 89);
  const ours = new Set(tax.roots.map((r) => r.name));
  for (const n of API_ROOT_NAMES) assert.ok(ours.has(n), `missing root ${n}`);
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
