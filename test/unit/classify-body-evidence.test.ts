/**
 * Class misses of found documents (issue 5, session 16): a body sentence's words taken for a near
 * miss of another document's title (诊断明确 for 诊断证明), a report whose title the crop lost
 * placed by that, and a card band cut by the crop whose last word is a sibling's short title
 * asserted as that sibling (…ISTRATIVE REGION PASSPORT as an ordinary passport).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyText, type ClassifierLine } from '../../src/classify/text-classifier.js';

/** Lines given as text; a leading "T:" marks a title line. */
const lines = (...texts: string[]): ClassifierLine[] => texts.map((t) => (t.startsWith('T:') ? { text: t.slice(2), isTitle: true } : { text: t, isTitle: false }));

test('a near miss of a title inside a body sentence is not that title: an untitled page with 诊断明确 stays unplaced', () => {
  const r = classifyText(lines('患者因上述症状就诊，经检查诊断明确，予以对症治疗后病情好转。', '冠状动脉粥样硬化性心脏病。', '医师签名：某某', '日期：2019年06月26日'));
  assert.equal(r.root_cls, '其他');
  assert.equal(r.root_cls_is_credible, -1);
  // A misread title that fills its own line still counts where the picker did not flag it.
  const misread = classifyText(lines('某市人民医院', '诊断证书', '诊断：肺炎', '建议：休息一周', '医师签名：某某'));
  assert.equal(misread.root_cls, '诊断证明');
});

test('an imaging report whose title the crop lost is placed by its section labels (超声所见, 超声提示), not asserted', () => {
  const r = classifyText(lines('检查部位：', '胸部', '超声所见：', '患者因上述症状就诊，经检查诊断明确，建议继续门诊随访。', '超声提示：', '乳腺纤维腺瘤，建议随访复查。', '签字：某某'));
  assert.equal(r.root_cls, '检查报告');
  assert.equal(r.root_cls_is_credible, -1);
  // A diagnosis certificate titled as printed is still one, whatever its body says.
  const cert = classifyText(lines('T:某市人民医院', 'T:诊断证明书', '诊断：乳腺纤维腺瘤', '建议：随访复查', '医师签名：某某'));
  assert.equal(cert.root_cls, '诊断证明');
});

test('a short title inside a card band cut by the crop does not assert its class: the band names a longer title', () => {
  const band = lines('T:ISTRATIVEREGIONPASSPORT', '类型/Type P', '护照号/PassportNo.M12345678', '姓名/Name某某', '性别/Sex女', '出生日期/Dateofbirth1970年12月10日', '签发日期/Dateofissue2021年07月18日', '有效期至/Dateofexpiry2028年09月13日', 'P<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<');
  const r = classifyText(band, { card: true });
  assert.notEqual(r.root_cls_is_credible === 1 && r.root_cls === '普通护照', true);
  // The short title on a line of its own, or in its own longer wording, still asserts its class.
  const own = classifyText(lines('T:PASSPORT', 'T:中华人民共和国护照', '护照号/PassportNo.E12345678', '姓名/Name某某', '性别/Sex女', 'P<CHNMOU<<MOU<<<<<<<<<<<<<<<<<<<<<<<'), { card: true });
  assert.equal(own.root_cls, '普通护照');
  assert.equal(own.root_cls_is_credible, 1);
});

test('a permit band cut to seven characters read as printed still names its permit, not a card of shared keywords', () => {
  const band = lines('T:大陆居民往来台', '姓名某某', '性别男', '出生日期1970年08月21日', '证件号码230102197008219297', '有效期限2020年09月16日', '签发机关某某', '签发地点某市');
  const r = classifyText(band, { card: true });
  assert.equal(r.root_cls, '大陆居民往来台湾通行证');
  // Placed by a cut title: not asserted.
  assert.equal(r.root_cls_is_credible, -1);
  // Six characters are a piece of too many titles to name one: the page is not placed by them.
  const shorter = classifyText(lines('T:陆居民往来台', '姓名某某', '性别男'), { card: true });
  assert.notEqual(shorter.root_cls, '大陆居民往来台湾通行证');
});
