import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitDetailName } from '../../src/extract/details.js';
import { extractTables } from '../../src/extract/tables.js';

const tables = extractTables();

test('detail names: a spec bracket at the end is cut whole, also when OCR lost its closing half', () => {
  assert.equal(splitDetailName('盐酸西替利嗪片(10mg*12片/盒)', tables).ocrName, '盐酸西替利嗪片');
  assert.equal(splitDetailName('盐酸西替利嗪片(10mg*12片/盒)', tables).spec, '10mg*12片/盒');
  assert.equal(splitDetailName('枸杞子(饮片/g)', tables).ocrName, '枸杞子');
  assert.equal(splitDetailName('依诺肝素钠注射液(0.4ml40', tables).ocrName, '依诺肝素钠注射液');
  assert.equal(splitDetailName('阿莫西林胶囊 0.25g*24粒', tables).ocrName, '阿莫西林胶囊');
});

test('detail names: a lone row number glued to the name is dropped, a code is split off', () => {
  assert.equal(splitDetailName('2白术', tables).ocrName, '白术');
  const coded = splitDetailName('250101001挂号费', tables);
  assert.equal(coded.ocrName, '挂号费');
  assert.equal(coded.code, '250101001');
});

test('detail names: a concentration at the start is part of the name, not a row number', () => {
  assert.equal(splitDetailName('0.9%氯化钠注射液', tables).ocrName, '0.9%氯化钠注射液');
});

test('detail names: a leading dash is 一, a lost thin 一 of 一次性 is put back', () => {
  assert.equal(splitDetailName('-次性注射器', tables).ocrName, '一次性注射器');
  assert.equal(splitDetailName('次性输液器', tables).ocrName, '一次性输液器');
  assert.equal(splitDetailName('一次性输液器', tables).ocrName, '一次性输液器');
});

// ------------------------------------------------------------ rows, columns and cells of a table
import { assignColumns, beforeSideBlock, bodyRows, fitLine, tableRightEdge, withoutSealText, type Column, type Token } from '../../src/extract/details.js';
import { Catalogue } from '../../src/extract/catalogue.js';
import { extractInvoice } from '../../src/extract/extractor.js';
import type { Segment } from '../../src/extract/layout.js';
import { line, lineOf } from './extract-lines.js';

const tok = (text: string, x0: number, x1: number): Token => ({ text, x0, x1 });
const seg = (id: number, text: string, x0: number, x1: number, cy: number, h = 30): Segment => ({
  id, line: id, text, chars: [...text].map((char, i) => ({ char, x0: x0 + ((x1 - x0) * i) / text.length, x1: x0 + ((x1 - x0) * (i + 1)) / text.length })),
  box: { x0, y0: cy - h / 2, x1, y1: cy + h / 2 },
});

test('cells: a name printed from the left edge of the second group goes to that group, not to 金额 of the first', () => {
  const g1: Column[] = [{ column: 'name', x: 380 }, { column: 'amount', x: 716 }, { column: 'cost', x: 900 }];
  const g2: Column[] = [{ column: 'name', x: 1260 }, { column: 'amount', x: 1570 }, { column: 'cost', x: 1760 }];
  const [a, b] = assignColumns([tok('肌肉注射', 135, 215), tok('1次', 632, 660), tok('3.00', 900, 960), tok('心电监护', 1000, 1080), tok('36小时', 1489, 1560), tok('216.00', 1764, 1830)], [g1, g2]);
  assert.deepEqual(a!.get('cost')!.map((t) => t.text), ['3.00']);
  assert.deepEqual(b!.get('name')!.map((t) => t.text), ['心电监护']);
  assert.deepEqual(a!.get('amount')!.map((t) => t.text), ['1次'], 'a count with its unit is a number cell');
});

test('cells: an amount shifted toward the grade column stays an amount', () => {
  const g: Column[] = [{ column: 'name', x: 346 }, { column: 'spec', x: 696 }, { column: 'amount', x: 850 }, { column: 'unit', x: 954 }, { column: 'cost', x: 1088 }, { column: 'medical_level', x: 1229 }];
  const [a] = assignColumns([tok('白术', 112, 138), tok('饮片', 610, 637), tok('190g', 880, 930), tok('30.40Z', 1129, 1194)], [g]);
  assert.deepEqual(a!.get('cost')!.map((t) => t.text), ['30.40Z']);
  const [b] = assignColumns([tok('山药', 112, 148), tok('16.00', 1139, 1202), tok('乙', 1215, 1235)], [g]);
  assert.deepEqual(b!.get('cost')!.map((t) => t.text), ['16.00']);
  assert.deepEqual(b!.get('medical_level')!.map((t) => t.text), ['乙']);
});

test('cells: a payment block printed beside the table is not part of its rows', () => {
  const labels = ['乙类自付', '道路救助基金垫付', '医保统筹基金支付'];
  const row = [tok('注射用甲泼尼龙琥珀酸钠', 212, 420), tok('3支', 453, 480), tok('115.50', 520, 575), tok('乙类自付', 1095, 1170), tok('4.24', 1422, 1460)];
  assert.deepEqual(beforeSideBlock(row, labels).map((t) => t.text), ['注射用甲泼尼龙琥珀酸钠', '3支', '115.50']);
  assert.deepEqual(beforeSideBlock([tok('乙类自付', 10, 80), tok('4.24', 100, 140)], labels).length, 2, 'a label first in its row is the row itself');
  const cols: Column[] = [{ column: 'name', x: 300 }, { column: 'amount', x: 500 }, { column: 'cost', x: 600 }, { column: 'name', x: 770 }, { column: 'amount', x: 940 }, { column: 'cost', x: 1040 }];
  const edge = tableRightEdge(cols);
  assert.ok(edge > 1100 && edge < 1422, `right edge ${edge} lies between the last column and the block's amounts`);
});

test('cells: seal text over a name cell is dropped, specs are kept', () => {
  const seal = new Set([...'收费专用章财务印']);
  const keep = (ts: Token[]): string => withoutSealText(ts, 30, seal).map((t) => t.text).join('');
  assert.equal(keep([tok('主任医师诊查费', 511, 650), tok('收费专用章', 768, 868)]), '主任医师诊查费');
  assert.equal(keep([tok('茯苓', 509, 550), tok('西', 732, 760)]), '茯苓', 'a lone letter of the seal ring');
  assert.equal(keep([tok('治疗费', 542, 600), tok('瘤医', 663, 700)]), '治疗费', 'words well apart from the name');
  assert.equal(keep([tok('阿莫西林胶囊', 100, 220), tok('(0.25g*24粒)', 260, 380)]), '阿莫西林胶囊(0.25g*24粒)');
  assert.equal(keep([tok('财务专用章', 177, 280)]), '', 'a cell of seal text only is no name');
  assert.equal(keep([tok('自费', 900, 940), tok('心电监护', 1000, 1080)]), '心电监护', 'a note of the group to the left');
  assert.equal(keep([tok('注射用', 100, 160), tok('头孢曲松钠', 190, 290)]), '注射用头孢曲松钠', 'a name OCR cut in two stays whole');
});

test('rows: the slant that packs a tilted body straightest; the header line through its words', () => {
  // Two rows slanting up by 0.03 to the right; at slant 0 the name of row 1 would sit with row 2.
  const segs = [
    seg(1, '肝功能全套', 150, 310, 442), seg(2, '4次', 544, 590, 430), seg(3, '340.00', 776, 860, 421), seg(4, '980.00', 1497, 1580, 399),
    seg(5, '普通门诊诊查费', 150, 370, 476), seg(6, '3次', 545, 590, 466), seg(7, '30.00', 788, 860, 457), seg(8, '0', 1618, 1630, 456),
  ];
  const rows = bodyRows(segs, 34).map((r) => r.map((s) => s.text));
  assert.deepEqual(rows.find((r) => r.includes('肝功能全套')), ['肝功能全套', '4次', '340.00', '980.00']);
  assert.deepEqual(rows.find((r) => r.includes('普通门诊诊查费')), ['普通门诊诊查费', '3次', '30.00']);
  assert.deepEqual(rows.find((r) => r.includes('0')), ['0'], 'a binding hole off the row line stays apart');
  const l = fitLine([seg(9, '项目名称', 320, 400, 386), seg(10, '金额(元)', 738, 818, 375), seg(11, '项目名称', 1020, 1100, 368)]);
  assert.ok(Math.abs(l.at(1497) - 355) < 6, `the header line reaches ${l.at(1497)} at x 1497`);
});

test('detail names: one misread character of a catalogue generic name is put right; salts and unknown items stay', () => {
  const cat = new Catalogue([
    { name: '多潘立酮', grade: '甲', section: '西药' },
    { name: '依诺肝素', grade: '乙', section: '西药' },
    { name: '莫西沙星', grade: '乙', section: '西药' },
    { name: '头孢克肟', grade: '乙', section: '西药' },
    { name: '头孢克洛', grade: '乙', section: '西药' },
    { name: '泮托拉唑', grade: '乙', section: '西药' },
  ]);
  assert.equal(cat.correct('多酒立酮片'), '多潘立酮片');
  assert.equal(cat.correct('依运肝素钠注射液'), '依诺肝素钠注射液', 'the salt after the generic name stays');
  assert.equal(cat.correct('福盐酸莫西沙星片'), '盐酸莫西沙星片', 'a stray character before the name');
  assert.equal(cat.correct('注射用泮托拉唑钠'), null, 'a salt is no misreading');
  assert.equal(cat.correct('头孢克X分散片'), null);
  assert.equal(cat.correct('头孢克珩分散片'), null, 'as close to 头孢克肟 as to 头孢克洛: left as read');
  assert.equal(cat.correct('肾功能三项'), null);
});

test('detail table of a tilted photo: header words split over page rows, first amount in the header row', () => {
  // The whole table rises by 0.03 to the right; the page was not levelled (too few long lines).
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y, 20, 34);
  const lines = [
    line('安徽省医疗门诊收费票据', 600, 60, 36, 40),
    at('交款人：许英英', 160, 330),
    at('项目名称', 320, 370), at('数量/单位', 583, 362), at('金额(元)', 738, 357),
    at('项目名称', 1020, 349), at('数量/单位', 1298, 340), at('金额(元)', 1457, 336),
    at('肝功能全套', 150, 425), at('4次', 544, 413), at('340.00阑尾切除术', 776, 406), at('1次', 1261, 392), at('980.00', 1497, 385),
    line('合计（小写）1320.00', 180, 600),
  ];
  const out = extractInvoice({ lines, width: 1700, height: 800, variant: 'general', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_detail_list.map((d) => [d.ocr_name, d.cost]), [['肝功能全套', 340], ['阑尾切除术', 980]]);
});

test('detail table: a category word billed with its quantity is a detail, not a category; a count with its unit under 单位 is the quantity', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('福建省医疗门诊收费票据（电子）', 500, 40, 36, 40),
    at('项目名称', 340, 300), at('数量', 580, 300), at('单位', 662, 300), at('金额（元）', 764, 300), at('备注', 897, 300),
    at('维生素C注射液', 212, 340), at('1支', 622, 340), at('0.62', 826, 340),
    at('挂号费', 212, 380), at('1次', 640, 380), at('1.00', 830, 380),
    line('合计（小写）1.62', 212, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'e_invoice', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_detail_list.map((d) => [d.ocr_name, d.amount, d.unit, d.cost]), [['维生素C注射液', 1, '支', 0.62], ['挂号费', 1, '次', 1]]);
  assert.deepEqual(out.result.cost_categories, []);
  assert.equal(out.result.checksum.cost_categories, -1);
  assert.equal(out.result.checksum.cost_detail_list, 1);
});

test('a category grid under a 项目名称 | 金额 header gives categories, not details', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('北京市医疗住院收费票据', 500, 40, 36, 40),
    at('项目名称', 336, 300), at('金额(元)', 518, 300), at('项目名称', 772, 300), at('金额(元)', 958, 300),
    at('西药费', 334, 340), at('1,578.85', 515, 340), at('化验费', 768, 340), at('295.00', 951, 340),
    at('诊察费', 327, 380), at('408.00', 510, 380),
    line('合计（小写）2281.85', 300, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'beijing', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_detail_list, []);
  assert.deepEqual(out.result.cost_categories.map((c) => [c.name, c.cost]), [['西药费', 1578.85], ['化验费', 295], ['诊察费', 408]]);
});

test('detail table: a header whose headings fall into three page rows is read along its own line; a payment label holding 金额 is no heading', () => {
  // The page was levelled by the slant of label:value lines, not the form's: the header now drops
  // by 0.045 to the left, 项目名称 two page rows below 金额. A payment block beside the table
  // (本次医保范围内金额) holds the heading word 金额.
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y, 20, 30);
  const slope = -0.045;
  const y = (x: number, base: number) => Math.round(base + slope * (x - 500));
  const lines = [
    line('湖北省医疗门诊收费票据', 600, 40, 36, 40),
    at('项目名称', 500, y(500, 380)), at('数量', 1080, y(1080, 380)), at('单价(元)', 1280, y(1280, 380)), at('金额(元)', 1540, y(1540, 380)),
    at('本次医保范围内金额', 1800, 300),
    at('盐酸利多卡因注射液', 70, y(70, 430)), at('3', 1170, y(1170, 430)), at('1.20', 1370, y(1370, 430)), at('3.60', 1650, y(1650, 430)),
    at('心电图检查', 70, y(70, 475)), at('3', 1170, y(1170, 475)), at('25.00', 1370, y(1370, 475)), at('75.00', 1650, y(1650, 475)),
    at('川芎', 70, y(70, 520)), at('230', 1160, y(1160, 520)), at('0.15', 1370, y(1370, 520)), at('34.50', 1650, y(1650, 520)),
    line('合计（小写）113.10', 180, 700),
  ];
  const out = extractInvoice({ lines, width: 2100, height: 900, variant: 'general', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_detail_list.map((d) => [d.ocr_name, d.amount, d.unit_price, d.cost]), [
    ['盐酸利多卡因注射液', 3, 1.2, 3.6], ['心电图检查', 3, 25, 75], ['川芎', 230, 0.15, 34.5],
  ]);
});

test('detail table: an amount glued to the next group\'s item code, a stamp between price and cost, a count after a glued spec', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('云南省医疗门诊收费票据', 500, 40, 36, 40),
    at('项目名称', 200, 300), at('数量/单位', 420, 300), at('金额(元)', 560, 300),
    at('项目名称', 780, 300), at('数量/单位', 990, 300), at('金额(元)', 1120, 300),
    at('注射用头孢呋辛钠1支', 70, 340), lineOf([{ text: '9.60', x: 590 }, { text: '110200005急诊诊查费', x: 680 }], 340), at('4次', 990, 340), at('60.00', 1140, 340),
    at('甲硝唑氯化钠注射液0.5g:100ml2瓶', 70, 380), at('12.80', 590, 380),
    line('合计（小写）82.40', 180, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'general', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_detail_list.map((d) => [d.ocr_name, d.amount, d.cost, d.item_coding]), [
    ['注射用头孢呋辛钠', 1, 9.6, ''], ['急诊诊查费', 4, 60, '110200005'], ['甲硝唑氯化钠注射液', 2, 12.8, ''],
  ]);
});

test('detail table: an amount glued to the next group\'s name that starts with a dash read for 一', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('云南省医疗门诊收费票据', 500, 40, 36, 40),
    at('项目名称', 200, 300), at('数量/单位', 420, 300), at('金额(元)', 560, 300),
    at('项目名称', 780, 300), at('数量/单位', 990, 300), at('金额(元)', 1120, 300),
    at('血常规', 70, 340), at('1次', 420, 340), lineOf([{ text: '80.00', x: 590 }, { text: '-次性输液器', x: 680 }], 340), at('3支', 990, 340), at('13.50', 1140, 340),
    line('合计（小写）93.50', 180, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'general', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_detail_list.map((d) => [d.ocr_name, d.cost]), [['血常规', 80], ['一次性输液器', 13.5]]);
});

test('detail table: an amount whose last decimal was read as a letter ends before the grade glued to it', () => {
  const at = (text: string, x: number, y: number) => lineOf([{ text, x }], y);
  const lines = [
    line('云南省医疗住院收费票据', 500, 40, 36, 40),
    at('项目名称', 200, 300), at('数量', 420, 300), at('金额(元)', 560, 300), at('医保等级', 720, 300),
    at('血常规', 70, 340), at('1', 420, 340), at('80.00', 560, 340), at('甲类', 720, 340),
    at('阑尾切除术', 70, 380), at('1', 420, 380), lineOf([{ text: '980.0d乙类', x: 560 }], 380),
    at('阿莫西林0.5g胶囊', 70, 420), at('2', 420, 420), at('12.00', 560, 420), at('甲类', 720, 420),
    line('合计（小写）1072.00', 180, 500),
  ];
  const out = extractInvoice({ lines, width: 1400, height: 700, variant: 'general', catalogue: new Catalogue([]) });
  assert.ok(out.ok);
  assert.deepEqual(out.result.cost_detail_list.map((d) => [d.ocr_name, d.cost]), [['血常规', 80], ['阑尾切除术', 980], ['阿莫西林0.5g胶囊', 12]]);
});

test('cells: one-character cells stacked a character apart are vertical print (a margin permit), not a name\'s start', async () => {
  const { verticalPrint } = await import('../../src/extract/details.js');
  // 票 over 字 at one character's pitch; 盒 over 支 a row pitch apart in a unit column.
  const margin = [seg(1, '票', 159, 177, 764, 20), seg(2, '字', 159, 177, 785, 20)];
  const units = [seg(3, '盒', 600, 620, 744, 20), seg(4, '支', 600, 620, 787, 20)];
  const names = [seg(5, '副主任医师诊查费', 186, 396, 744, 20), seg(6, '百令胶囊', 187, 298, 787, 20)];
  const found = verticalPrint([...margin, ...units, ...names]);
  assert.deepEqual([...found].map((s) => s.text).sort(), ['字', '票']);
});

test('cells: figures split off numbers and stacked at a tight row pitch are no vertical print', async () => {
  const { verticalPrint } = await import('../../src/extract/details.js');
  assert.equal(verticalPrint([seg(1, '3', 700, 712, 764, 20), seg(2, '1', 700, 712, 785, 20)]).size, 0);
});
