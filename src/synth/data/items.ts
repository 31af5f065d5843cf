/**
 * Cost-detail vocabulary: drugs with the generic name of the national catalogue
 * (data/catalogue.json, 2024 NHSA list) they belong to, their marketed form, spec, pack unit and a
 * plausible price; service items (registration, examinations, lab tests, treatment, nursing,
 * beds, materials) as hospitals print them. Codes follow the shapes real lists print: 23-character
 * national drug codes (X + ATC-like group + digits) and 9-digit service price codes. All numbers
 * are invented. `catalogue` is "" for items that are not in the drug catalogue.
 */
import { createHash } from 'node:crypto';
import type { CatalogueItem } from './vocab.js';

export interface DetailItem extends CatalogueItem {
  /** Name in the national catalogue (data/catalogue.json), or "" for service items and materials. */
  readonly catalogue: string;
  /** Code as printed in a 项目编码 column. */
  readonly code: string;
}

// name | catalogue name | spec | unit | price | grade | code group
const WESTERN = `
阿莫西林胶囊|阿莫西林|0.25g*24粒|盒|12.50|甲|J01CA
头孢克肟分散片|头孢克肟|0.1g*6片|盒|28.60|乙|J01DD
0.9%氯化钠注射液|氯化钠|100ml|袋|3.80|甲|B05XA
0.9%氯化钠注射液|氯化钠|250ml|瓶|4.60|甲|B05XA
5%葡萄糖注射液|葡萄糖|250ml|袋|4.20|甲|B05BA
布洛芬缓释胶囊|布洛芬|0.3g*20粒|盒|16.90|甲|M01AE
苯磺酸氨氯地平片|氨氯地平|5mg*28片|盒|34.20|甲|C08CA
注射用头孢曲松钠|头孢曲松|1.0g|支|8.75|甲|J01DD
奥美拉唑肠溶胶囊|奥美拉唑|20mg*14粒|盒|19.80|甲|A02BC
阿托伐他汀钙片|阿托伐他汀|20mg*7片|盒|22.40|乙|C10AA
瑞舒伐他汀钙片|瑞舒伐他汀|10mg*28片|盒|31.50|乙|C10AA
硫酸氢氯吡格雷片|氯吡格雷|75mg*7片|盒|27.30|乙|B01AC
阿司匹林肠溶片|阿司匹林|100mg*30片|盒|15.60|甲|B01AC
左氧氟沙星片|左氧氟沙星|0.5g*4片|盒|18.20|甲|J01MA
盐酸左氧氟沙星氯化钠注射液|左氧氟沙星|0.5g:100ml|瓶|24.80|甲|J01MA
阿奇霉素片|阿奇霉素|0.25g*6片|盒|21.90|甲|J01FA
注射用头孢呋辛钠|头孢呋辛|0.75g|支|9.60|甲|J01DC
甲硝唑氯化钠注射液|甲硝唑|0.5g:100ml|瓶|6.40|甲|J01XD
地塞米松磷酸钠注射液|地塞米松|5mg:1ml|支|0.85|乙|H02AB
注射用甲泼尼龙琥珀酸钠|甲泼尼龙|40mg|支|38.50|甲|H02AB
注射用泮托拉唑钠|泮托拉唑|40mg|支|29.70|乙|A02BC
多潘立酮片|多潘立酮|10mg*30片|盒|17.80|甲|A03FA
蒙脱石散|蒙脱石|3g*10袋|盒|14.30|甲|A07BC
盐酸氨溴索注射液|氨溴索|15mg:2ml|支|6.90|甲|R05CB
硫酸沙丁胺醇吸入气雾剂|沙丁胺醇|100ug*200揿|支|25.80|甲|R03AC
吸入用布地奈德混悬液|布地奈德|1mg:2ml*5支|盒|56.40|乙|R03BA
孟鲁司特钠片|孟鲁司特|10mg*5片|盒|32.10|乙|R03DC
氯雷他定片|氯雷他定|10mg*6片|盒|18.50|甲|R06AX
盐酸西替利嗪片|西替利嗪|10mg*12片|盒|16.20|乙|R06AE
格列美脲片|格列美脲|2mg*30片|盒|26.70|甲|A10BB
阿卡波糖片|阿卡波糖|50mg*30片|盒|39.60|甲|A10BF
缬沙坦胶囊|缬沙坦|80mg*7粒|盒|19.40|甲|C09CA
厄贝沙坦片|厄贝沙坦|0.15g*7片|盒|15.30|乙|C09CA
酒石酸美托洛尔片|美托洛尔|25mg*20片|盒|8.60|甲|C07AB
呋塞米注射液|呋塞米|20mg:2ml|支|0.95|甲|C03CA
螺内酯片|螺内酯|20mg*100片|瓶|9.80|甲|C03DA
依诺肝素钠注射液|依诺肝素|0.4ml:4000AXaIU|支|42.60|乙|B01AB
维生素C注射液|维生素C|0.5g:2ml|支|0.62|甲|A11GA
氯化钾缓释片|氯化钾|0.5g*24片|盒|11.20|甲|A12BA
碳酸钙D3片|碳酸钙|0.6g*30片|瓶|23.50|乙|A12AX
骨化三醇软胶囊|骨化三醇|0.25ug*10粒|盒|35.80|乙|A11CC
对乙酰氨基酚片|对乙酰氨基酚|0.5g*12片|盒|6.50|甲|N02BE
双氯芬酸钠缓释片|双氯芬酸|75mg*10片|盒|12.90|甲|M01AB
塞来昔布胶囊|塞来昔布|0.2g*6粒|盒|33.70|乙|M01AH
盐酸利多卡因注射液|利多卡因|0.1g:5ml|支|1.20|甲|N01BB
丙泊酚中/长链脂肪乳注射液|丙泊酚|0.2g:20ml|支|48.50|甲|N01AX
盐酸昂丹司琼注射液|昂丹司琼|8mg:4ml|支|12.80|甲|A04AA
注射用哌拉西林钠他唑巴坦钠|哌拉西林他唑巴坦|4.5g|支|46.90|乙|J01CR
注射用美罗培南|美罗培南|0.5g|支|89.00|乙|J01DH
盐酸莫西沙星片|莫西沙星|0.4g*3片|盒|39.90|乙|J01MA
磷酸奥司他韦胶囊|奥司他韦|75mg*10粒|盒|54.60|乙|J05AH
阿昔洛韦片|阿昔洛韦|0.1g*24片|盒|7.80|甲|J05AB
氢氯噻嗪片|氢氯噻嗪|25mg*100片|瓶|5.40|甲|C03AA
单硝酸异山梨酯缓释片|单硝酸异山梨酯|40mg*24片|盒|28.40|甲|C01DA
地高辛片|地高辛|0.25mg*100片|瓶|14.60|甲|C01AA
华法林钠片|华法林|2.5mg*60片|瓶|19.90|甲|B01AA
甘露醇注射液|甘露醇|50g:250ml|瓶|9.30|甲|B05BC
人血白蛋白|人血白蛋白|10g:50ml|瓶|398.00|乙|B05AA
精蛋白生物合成人胰岛素注射液|胰岛素|3ml:300IU|支|62.50|甲|A10AC
`;

const CHINESE_PATENT = `
连花清瘟胶囊|连花清瘟胶囊|0.35g*24粒|盒|14.80|甲
复方丹参滴丸|复方丹参滴丸|27mg*180丸|瓶|26.50|甲
血塞通软胶囊|血塞通软胶囊|0.33g*24粒|盒|38.00|乙
板蓝根颗粒|板蓝根颗粒|10g*20袋|包|12.00|甲
感冒清热颗粒|感冒清热颗粒|12g*10袋|盒|16.80|甲
六味地黄丸|六味地黄丸|200丸|瓶|18.60|甲
银黄颗粒|银黄颗粒|4g*10袋|盒|21.40|甲
双黄连口服液|双黄连口服液|10ml*10支|盒|24.90|甲
川贝枇杷膏|川贝枇杷膏|150ml|瓶|29.50|乙
血府逐瘀胶囊|血府逐瘀胶囊|0.4g*24粒|盒|32.80|甲
丹参注射液|丹参注射液|10ml|支|3.60|甲
舒血宁注射液|舒血宁注射液|5ml|支|7.90|乙
金水宝胶囊|金水宝胶囊|0.33g*72粒|盒|45.20|乙
百令胶囊|百令胶囊|0.5g*42粒|盒|52.30|乙
活血止痛胶囊|活血止痛胶囊|0.25g*48粒|盒|27.60|甲
`;

const HERBS = `
黄芪|黄芪|饮片|g|0.12
当归|当归|饮片|g|0.35
白术|白术|饮片|g|0.16
茯苓|茯苓|饮片|g|0.10
陈皮|陈皮|饮片|g|0.08
川芎|川芎|饮片|g|0.15
白芍|白芍|饮片|g|0.11
丹参|丹参|饮片|g|0.09
枸杞子|枸杞子|饮片|g|0.22
山药|山药|饮片|g|0.10
麦冬|麦冬|饮片|g|0.28
桔梗|桔梗|饮片|g|0.13
连翘|连翘|饮片|g|0.19
金银花|金银花|饮片|g|0.42
熟地黄|熟地黄|饮片|g|0.09
红花|红花|饮片|g|0.36
`;

// name | category | unit | price | grade | code (9-digit price code as many provinces print it)
const SERVICES = `
挂号费|挂号费|次|1.00|甲|110100001
普通门诊诊查费|诊察费|次|10.00|甲|110200001
副主任医师诊查费|诊察费|次|25.00|甲|110200002
主任医师诊查费|诊察费|次|50.00|甲|110200003
急诊诊查费|诊察费|次|15.00|甲|110200005
住院诊查费|诊察费|日|12.00|甲|110300001
一般诊疗费|一般诊疗费|次|10.00|甲|110200006
血常规|化验费|次|20.00|甲|250101015
尿常规|化验费|次|10.00|甲|250102001
肝功能全套|化验费|次|85.00|甲|250305001
肾功能三项|化验费|次|36.00|甲|250307001
血脂四项|化验费|次|42.00|甲|250304001
C反应蛋白测定|化验费|项|15.00|甲|250403022
糖化血红蛋白测定|化验费|项|60.00|乙|250302003
凝血四项|化验费|次|68.00|甲|250203001
电解质六项|化验费|次|30.00|甲|250306001
胸部CT平扫|检查费|次|240.00|甲|210300001
头颅CT平扫|检查费|次|220.00|甲|210300001
上腹部MRI平扫|检查费|次|560.00|乙|210200001
彩色多普勒超声|检查费|部位|120.00|甲|220600001
心电图检查|检查费|次|25.00|甲|310701001
动态心电图|检查费|次|180.00|乙|310701008
电子胃镜检查|检查费|次|260.00|乙|310902002
DR摄影|放射费|次|90.00|甲|210102015
静脉输液|治疗费|组|9.00|甲|120400006
静脉注射|治疗费|次|4.00|甲|120400004
肌肉注射|治疗费|次|3.00|甲|120400002
换药(中)|治疗费|次|26.00|甲|120600002
雾化吸入|治疗费|次|12.00|甲|120402001
针刺治疗|治疗费|次|28.00|乙|430000001
吸氧|治疗费|小时|3.00|甲|120800001
心电监护|治疗费|小时|6.00|甲|311201001
普通床位费|床位费|日|35.00|甲|110900001
三人间床位费|床位费|日|45.00|甲|110900002
二级护理|护理费|日|18.00|甲|120100004
一级护理|护理费|日|26.00|甲|120100003
阑尾切除术|手术费|次|980.00|甲|331003010
腹腔镜胆囊切除术|手术费|次|1850.00|甲|331005018
一次性输液器|卫生材料费|套|4.50|乙|
一次性注射器|卫生材料费|支|0.80|乙|
医用纱布|卫生材料费|包|2.40|乙|
留置针|卫生材料费|支|18.60|丙|
静脉采血|其他费用|次|3.00|甲|250000001
院内会诊|其他住院费用|次|30.00|甲|110600001
`;

function rows(block: string): string[][] {
  return block.trim().split('\n').map((l) => l.split('|'));
}

/** 23-character national drug code: X + group + digits derived from the name (stable across runs). */
function drugCode(group: string, name: string, spec: string): string {
  const h = createHash('sha1').update(`${name}|${spec}`).digest();
  let digits = '';
  for (let i = 0; digits.length < 16; i++) digits += String(h[i % h.length]! % 10);
  return `X${group}${String.fromCharCode(65 + (h[0]! % 6))}${digits}`.slice(0, 23);
}

export const DETAIL_ITEMS: readonly DetailItem[] = [
  ...rows(WESTERN).map(([name, cat, spec, unit, price, level, group]): DetailItem => ({
    name: name!, catalogue: cat!, category: '西药费', spec: spec!, unit: unit!, medicalType: 1, price: Number(price), level: level as '甲' | '乙',
    code: drugCode(group!, name!, spec!),
  })),
  ...rows(CHINESE_PATENT).map(([name, cat, spec, unit, price, level]): DetailItem => ({
    name: name!, catalogue: cat!, category: '中成药费', spec: spec!, unit: unit!, medicalType: 2, price: Number(price), level: level as '甲' | '乙',
    code: drugCode('Z', name!, spec!),
  })),
  ...rows(HERBS).map(([name, cat, spec, unit, price]): DetailItem => ({
    name: name!, catalogue: cat!, category: '中草药费', spec: spec!, unit: unit!, medicalType: 2, price: Number(price), level: '乙',
    code: `T${drugCode('', name!, spec!).slice(1, 12)}`,
  })),
  ...rows(SERVICES).map(([name, category, unit, price, level, code]): DetailItem => ({
    name: name!, catalogue: '', category: category!, spec: '', unit: unit!, medicalType: 3, price: Number(price), level: level as '甲' | '乙' | '丙', code: code ?? '',
  })),
];

/**
 * How a detail's name is printed in a name cell, with {n} the name, {s} the spec, {c} the code,
 * {u} the unit. Real hospital systems append the spec in brackets, put the code in front, or
 * print the name alone when the spec has its own column.
 */
export const PRINTED_NAME_FORMS: readonly { readonly form: string; readonly needsSpec: boolean }[] = [
  { form: '{n}({s})', needsSpec: true },
  { form: '{n}（{s}）', needsSpec: true },
  { form: '{n}[{s}]', needsSpec: true },
  { form: '{n} {s}', needsSpec: true },
  { form: '{n}({s}/{u})', needsSpec: true },
  { form: '{c}{n}', needsSpec: false },
  { form: '{n}', needsSpec: false },
];

export function printedName(form: string, item: DetailItem): string {
  return form.replace('{n}', item.name).replace('{s}', item.spec).replace('{c}', item.code).replace('{u}', item.unit);
}
