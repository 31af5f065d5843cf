/**
 * Every non-invoice layout family of data/classes.ts: cards and certificates, forms and
 * letters, medical records and reports, fee lists, settlement sheets and receipts.
 */
import type { ClassDef, Layout } from '../data/classes.js';
import { BANKS, CATEGORIES_INPATIENT, CATEGORIES_OUTPATIENT, DEPARTMENTS, DIAGNOSES, LAB_TESTS, SURGERIES } from '../data/vocab.js';
import { COLUMN_HEADINGS, DETAIL_TABLES } from '../data/detail-tables.js';
import { DETAIL_ITEMS } from '../data/items.js';
import { detailStyle, pickItems, printDetail, quantityOf } from '../details.js';
import { Sheet } from '../draw.js';
import type { BuildContext, SynthDoc } from '../doc.js';
import { capitalAmount, cents, formatAmount } from '../money.js';
import { addDays, cnDate, iso, randomDate, randomName } from '../person.js';
import type { Rng } from '../rng.js';

type Built = Omit<SynthDoc, 'kind' | 'def'>;

function titleOf(ctx: BuildContext): string {
  const t = ctx.def.titles.length ? ctx.rng.pick(ctx.def.titles) : '';
  return t.replace('{H}', ctx.hospital).replace('{I}', ctx.insurer.replace(/股份有限公司|有限责任公司/, '')).replace('{P}', ctx.province.name.replace(/省|市|壮族自治区|回族自治区|维吾尔自治区|自治区/, ''));
}

function fieldValue(ctx: BuildContext, label: string): string {
  const { rng, person } = ctx;
  const l = label.split('/')[0]!;
  if (/姓名|持证人|被保险人|申请人|投保人|受益人|学生|学员|报案人|当事人|死者|领款人|户主|被调查人/.test(l)) return person.name;
  if (/性别/.test(l)) return person.genderText;
  if (/民族/.test(l)) return person.ethnicity;
  if (/出生/.test(l)) return cnDate(person.birth);
  if (/身份|证件号码|公民/.test(l)) return person.idNumber;
  if (/住址|地址|住所|地点/.test(l)) return person.address;
  if (/电话/.test(l)) return person.phone;
  if (/日期|时间|有效期/.test(l)) return cnDate(randomDate(rng, 2015, 2024));
  if (/金额|资本|保险费/.test(l)) return `¥${formatAmount(rng.int(100, 90000) + rng.int(0, 99) / 100)}`;
  if (/医院|机构|单位|公司|名称/.test(l)) return rng.chance(0.5) ? ctx.hospital : ctx.insurer;
  if (/银行/.test(l)) return rng.pick(BANKS).name;
  if (/号|编号|代码|账号|代号/.test(l)) return `${rng.chance(0.3) ? 'NO.' : ''}${rng.digits(rng.int(8, 16))}`;
  if (/诊断|死因/.test(l)) return rng.pick(DIAGNOSES);
  if (/国籍/.test(l)) return '中国';
  if (/类型|类别/.test(l)) return rng.pick(['普通', 'C1', '一级', '个人', '重大疾病']);
  return rng.pick(['同意', '已核实', '正常', '详见附件', '无', '按合同约定给付', '经调查属实', '本人自愿']);
}

const SENTENCES = [
  '患者因上述症状就诊，经检查诊断明确，予以对症治疗后病情好转。', '本人承诺所提供的资料真实、完整，如有虚假愿承担相应法律责任。',
  '特此证明。', '请于收到本通知后十个工作日内补充提交相关材料。', '经双方协商一致，就本次保险事故理赔事宜达成如下协议。',
  '建议继续门诊随访，定期复查，不适随诊。', '本人授权贵公司向相关医疗机构查询本人的就诊记录及病历资料。', '投保人应如实告知，不得隐瞒或虚构保险事故。',
  '查体：神志清，精神可，双肺呼吸音清，未闻及干湿啰音。', '心率78次/分，律齐，腹软，无压痛及反跳痛。', '住院期间给予抗感染、补液、营养支持等治疗。',
  '根据现场勘查、调查取证，认定事故事实如下。', '以上情况属实，如有不实，本人愿承担一切法律责任。',
];

function header(s: Sheet, ctx: BuildContext, title: string, y: number): number {
  const issuer = ctx.def.issuer;
  if (issuer === 'hospital' && !title.includes(ctx.hospital)) {
    s.title(ctx.hospital, s.width / 2, y, 40);
    y += 62;
  } else if (issuer === 'insurer') {
    s.text(ctx.insurer, 80, y, 26, { color: '#1d4f91', bold: true });
    y += 50;
  }
  if (title) {
    s.title(title, s.width / 2, y, title.length > 14 ? 40 : 48, { spacing: title.length < 6 ? 16 : 2 });
    y += 80;
  }
  return y;
}

function patientRow(s: Sheet, ctx: BuildContext, y: number): number {
  const { rng, person } = ctx;
  const items = [`姓名：${person.name}`, `性别：${person.genderText}`, `年龄：${2024 - person.birth.y}岁`, `科室：${rng.pick(DEPARTMENTS)}`, `${rng.pick(['住院号', '门诊号', '病案号', 'ID号'])}：${rng.digits(8)}`, `床号：${rng.int(1, 60)}`];
  const n = rng.int(4, 6);
  const w = (s.width - 140) / 3;
  items.slice(0, n).forEach((t, i) => s.text(t, 70 + (i % 3) * w, y + Math.floor(i / 3) * 40, 26));
  y += Math.ceil(n / 3) * 40 + 6;
  s.line(60, y, s.width - 60, y, '#222', 2);
  return y + 20;
}

function signature(s: Sheet, ctx: BuildContext, y: number, sealText: string): void {
  const { rng } = ctx;
  s.text(`${rng.pick(['医师签名', '签字', '申请人签字', '经办人', '报告医师', '盖章'])}：${randomName(rng)}`, s.width * 0.55, y, 26);
  s.text(`日期：${cnDate(randomDate(rng, 2019, 2024))}`, s.width * 0.55, y + 44, 26);
  if (rng.chance(0.6)) s.seal(s.width * 0.7 + rng.float(-40, 40), y + rng.float(-30, 30), { rx: rng.float(70, 95), ringText: sealText, centerText: rng.pick(['医疗专用章', '公章', '理赔专用章', '业务专用章']) });
}

function sealIssuer(ctx: BuildContext): string {
  return ctx.def.issuer === 'hospital' ? ctx.hospital : ctx.def.issuer === 'insurer' ? ctx.insurer : ctx.def.issuer === 'police' ? `${ctx.province.name}公安局` : `${ctx.province.name}人民政府`;
}

function a4(ctx: BuildContext, tint = '#ffffff'): Sheet {
  return new Sheet(1240, 1754, ctx.rng, tint);
}

function buildForm(ctx: BuildContext): Built {
  const s = a4(ctx);
  const title = titleOf(ctx);
  let y = header(s, ctx, title, 70);
  s.text(`编号：${ctx.rng.digits(12)}`, s.width - 80, y - 20, 22, { align: 'right' });
  y += 20;
  const fields = ctx.def.fields ?? [];
  const rowH = 72;
  s.rect(70, y, s.width - 140, fields.length * rowH + 240, '#222', 'none', 2);
  fields.forEach((f, i) => {
    const ry = y + i * rowH;
    if (i) s.line(70, ry, s.width - 70, ry, '#222', 1.2);
    s.line(330, ry, 330, ry + rowH, '#222', 1.2);
    s.text(f, 90, ry + 22, 26, { maxWidth: 230 });
    s.text(fieldValue(ctx, f), 350, ry + 22, 26, { maxWidth: s.width - 440 });
  });
  y += fields.length * rowH;
  s.line(70, y, s.width - 70, y, '#222', 1.2);
  y = s.para(ctx.rng.pick(SENTENCES) + ctx.rng.pick(SENTENCES), 90, y + 24, s.width - 200, 24);
  signature(s, ctx, y + 260, sealIssuer(ctx));
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildLetter(ctx: BuildContext): Built {
  const s = a4(ctx);
  const title = titleOf(ctx);
  let y = header(s, ctx, title, 90);
  const { rng, person } = ctx;
  y = s.para(`${rng.pick(['兹证明', '兹有', '本人', '患者', '委托人'])}${person.name}，${person.genderText}，身份证号${person.idNumber}，住址${person.address}。`, 100, y + 20, s.width - 200, 28, 1.7);
  for (let i = rng.int(3, 6); i > 0; i--) y = s.para('　　' + rng.pick(SENTENCES) + rng.pick(SENTENCES), 100, y + 10, s.width - 200, 28, 1.7);
  if (/诊断/.test(title)) {
    s.text(`诊断：${rng.pick(DIAGNOSES)}`, 100, y + 20, 30, { bold: true });
    y += 70;
  }
  signature(s, ctx, Math.min(y + 120, s.height - 200), sealIssuer(ctx));
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildRecord(ctx: BuildContext): Built {
  const s = a4(ctx);
  let y = header(s, ctx, titleOf(ctx), 70);
  y = patientRow(s, ctx, y);
  const { rng } = ctx;
  for (const f of ctx.def.fields ?? []) {
    if (y > s.height - 260) break;
    let body = /日期/.test(f) ? cnDate(randomDate(rng, 2019, 2024)) : /诊断/.test(f) ? `1.${rng.pick(DIAGNOSES)} 2.${rng.pick(DIAGNOSES)}` : /手术名称/.test(f) ? rng.pick(SURGERIES) : '';
    if (!body) body = rng.pick(SENTENCES) + rng.pick(SENTENCES) + (rng.chance(0.5) ? rng.pick(SENTENCES) : '');
    s.text(`${f}：`, 80, y, 27, { bold: true });
    y = s.para(body, 80 + s.measure(`${f}：`, 27, { bold: true }), y, s.width - 200 - s.measure(`${f}：`, 27), 26, 1.6) + 10;
  }
  signature(s, ctx, Math.min(y + 40, s.height - 160), ctx.hospital);
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function table(s: Sheet, x: number, y: number, widths: readonly number[], head: readonly string[], rows: readonly (readonly string[])[], size = 24, rowH = 42, ink = '#222'): number {
  const total = widths.reduce((a, b) => a + b, 0);
  s.line(x, y, x + total, y, ink, 2);
  let cx = x;
  head.forEach((h, i) => { s.text(h, cx + 8, y + 10, size, { bold: true, maxWidth: widths[i]! - 12 }); cx += widths[i]!; });
  y += rowH;
  s.line(x, y, x + total, y, ink, 1.2);
  for (const row of rows) {
    cx = x;
    row.forEach((c, i) => { s.text(c, cx + 8, y + 9, size, { maxWidth: widths[i]! - 12 }); cx += widths[i]!; });
    y += rowH;
  }
  s.line(x, y, x + total, y, ink, 2);
  return y;
}

function buildLab(ctx: BuildContext): Built {
  const s = a4(ctx);
  let y = patientRow(s, ctx, header(s, ctx, titleOf(ctx), 70));
  const { rng } = ctx;
  const tests = rng.shuffle(LAB_TESTS).slice(0, rng.int(8, 16));
  const rows = tests.map((t, i) => {
    const v = rng.chance(0.8) ? rng.float(t.lo, t.hi) : rng.chance(0.5) ? t.hi * rng.float(1.05, 1.6) : t.lo * rng.float(0.5, 0.95);
    const flag = v > t.hi ? '↑' : v < t.lo ? '↓' : '';
    return [String(i + 1), t.name, t.code, `${v.toFixed(t.hi > 50 ? 0 : 2)} ${flag}`.trim(), t.unit, `${t.lo}-${t.hi}`];
  });
  y = table(s, 70, y + 10, [60, 330, 130, 180, 170, 210], ['序号', '项目名称', '代号', '结果', '单位', '参考范围'], rows);
  s.text(`送检日期：${iso(randomDate(rng, 2019, 2024))}  报告日期：${iso(randomDate(rng, 2019, 2024))}`, 80, y + 30, 24);
  s.text(`检验者：${randomName(rng)}  审核者：${randomName(rng)}`, 80, y + 74, 24);
  s.text('注：本报告仅对所检测标本负责', 80, y + 118, 22, { color: '#555' });
  if (rng.chance(0.5)) s.seal(s.width * 0.72, y + 90, { rx: 75, ringText: ctx.hospital, centerText: '检验专用章' });
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildImaging(ctx: BuildContext): Built {
  const s = a4(ctx);
  let y = patientRow(s, ctx, header(s, ctx, titleOf(ctx), 70));
  const { rng } = ctx;
  if (/彩色|PET|CT|核磁/.test(ctx.def.sub ?? '') && rng.chance(0.7)) {
    // The image area: dark frames with a grey blob, as printed reports carry.
    for (let i = 0; i < 2; i++) {
      const x = 120 + i * 520;
      s.fill(x, y, 460, 300, '#111');
      s.svg(`<ellipse cx="${x + 230}" cy="${y + 150}" rx="${rng.int(80, 150)}" ry="${rng.int(60, 120)}" fill="${ctx.def.sub === '彩色多普勒报告' ? '#b33' : '#777'}" opacity="0.8"/>`);
    }
    y += 330;
  }
  for (const f of ctx.def.fields ?? []) {
    s.text(`${f}：`, 80, y, 28, { bold: true });
    y += 46;
    const body = /提示|意见|诊断/.test(f) ? `${rng.pick(DIAGNOSES)}，${rng.pick(['建议随访复查', '请结合临床', '考虑炎性病变可能'])}。` : /部位|项目|方法|序列|显像剂|标本/.test(f) ? rng.pick(['胸部', '腹部', '颈部', '腰椎', '头颅', '肝胆胰脾', '甲状腺', '平扫+增强']) : rng.pick(SENTENCES) + rng.pick(SENTENCES) + rng.pick(SENTENCES);
    y = s.para(body, 120, y, s.width - 240, 26) + 16;
  }
  signature(s, ctx, Math.min(y + 40, s.height - 160), ctx.hospital);
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildPrescription(ctx: BuildContext): Built {
  const s = new Sheet(900, 1300, ctx.rng, ctx.rng.pick(['#ffffff', '#fffdf0']));
  const { rng } = ctx;
  s.title(ctx.hospital, 450, 50, 34);
  s.title(titleOf(ctx).replace(ctx.hospital, ''), 450, 100, 44, { spacing: 10 });
  s.rect(760, 40, 100, 50, '#222');
  s.text(rng.pick(['普通', '急诊', '儿科']), 810, 52, 26, { align: 'center' });
  let y = patientRow(s, ctx, 180);
  s.text(`临床诊断：${rng.pick(DIAGNOSES)}`, 60, y, 26);
  y += 60;
  s.text('Rp.', 60, y, 40, { bold: true, serif: true });
  y += 70;
  let sum = 0;
  for (const item of rng.shuffle(DETAIL_ITEMS.filter((c) => c.medicalType !== 3 && c.unit !== 'g')).slice(0, rng.int(2, 5))) {
    const n = rng.int(1, 3);
    sum += n * item.price;
    s.text(`${item.name}  ${item.spec}  ×${n}${item.unit}`, 100, y, 28);
    s.text(`用法：${rng.pick(['口服', '静滴', '外用'])} ${rng.pick(['每日三次', '每日两次', '每日一次'])} 每次${rng.int(1, 2)}${rng.pick(['片', '粒', '袋'])}`, 130, y + 42, 24, { color: '#333' });
    y += 100;
  }
  s.line(40, 1120, 860, 1120, '#222', 1.5);
  s.text(`医师：${randomName(rng)}`, 60, 1140, 26);
  s.text(`金额：${formatAmount(sum)}元`, 480, 1140, 26);
  s.text(`审核/调配：${randomName(rng)}`, 60, 1190, 26);
  s.text(`核对/发药：${randomName(rng)}`, 480, 1190, 26);
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildOrders(ctx: BuildContext): Built {
  const s = a4(ctx);
  let y = patientRow(s, ctx, header(s, ctx, titleOf(ctx), 70));
  const { rng } = ctx;
  const start = randomDate(rng, 2019, 2024);
  const rows: string[][] = [];
  for (let i = 0; i < rng.int(10, 20); i++) {
    const d = addDays(start, Math.floor(i / 3));
    rows.push([iso(d).slice(5), `${String(rng.int(6, 22)).padStart(2, '0')}:${rng.pick(['00', '30', '15'])}`, rng.pick([...DETAIL_ITEMS.map((c) => c.name), '一级护理', '低盐低脂饮食', '心电监护', '吸氧 2L/min', '测血压 q4h']), randomName(rng), randomName(rng)]);
  }
  y = table(s, 60, y, [120, 110, 560, 150, 170], ['日期', '时间', '医嘱内容', '医师', '护士'], rows, 23, 44);
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildTemperature(ctx: BuildContext): Built {
  const s = a4(ctx);
  const y = patientRow(s, ctx, header(s, ctx, titleOf(ctx), 70));
  const { rng } = ctx;
  const x0 = 160;
  const gw = 980;
  const gh = 1000;
  for (let i = 0; i <= 42; i++) s.line(x0 + (i * gw) / 42, y + 60, x0 + (i * gw) / 42, y + 60 + gh, i % 6 === 0 ? '#333' : '#c99', i % 6 === 0 ? 1.5 : 0.6);
  for (let j = 0; j <= 50; j++) s.line(x0, y + 60 + (j * gh) / 50, x0 + gw, y + 60 + (j * gh) / 50, j % 5 === 0 ? '#333' : '#c99', j % 5 === 0 ? 1.2 : 0.5);
  const start = randomDate(rng, 2019, 2024);
  for (let d = 0; d < 7; d++) s.text(iso(addDays(start, d)).slice(5), x0 + (d * gw) / 7 + 40, y + 20, 22);
  for (let t = 0; t <= 5; t++) s.text(`${41 - t}℃`, 70, y + 50 + (t * gh) / 5, 22);
  let pts = '';
  for (let i = 0; i < 42; i++) pts += `${(x0 + ((i + 0.5) * gw) / 42).toFixed(0)},${(y + 60 + gh * (0.5 + rng.gauss() * 0.08)).toFixed(0)} `;
  s.svg(`<polyline points="${pts}" fill="none" stroke="#1e40c8" stroke-width="2.5"/>`);
  s.text('日期', 80, y + 20, 22, { bold: true });
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildCaseFront(ctx: BuildContext): Built {
  const s = a4(ctx);
  const { rng, person } = ctx;
  s.title(ctx.hospital, 620, 50, 34);
  s.title('住院病案首页', 620, 100, 46, { spacing: 6 });
  s.text(`医疗付费方式：${rng.pick(['城镇职工基本医疗保险', '城乡居民基本医疗保险', '全自费'])}`, 70, 170, 22);
  s.text(`第${rng.int(1, 3)}次住院`, 700, 170, 22);
  s.text(`病案号：${rng.digits(8)}`, 920, 170, 22);
  const adm = randomDate(rng, 2019, 2024);
  const cells = [`姓名 ${person.name}`, `性别 ${person.genderText}`, `出生日期 ${iso(person.birth)}`, `年龄 ${2024 - person.birth.y}`, `国籍 中国`, `民族 ${person.ethnicity}`, `身份证号 ${person.idNumber}`, `职业 ${rng.pick(['职员', '农民', '退休', '学生'])}`, `婚姻 ${rng.pick(['已婚', '未婚'])}`, `现住址 ${person.address}`, `电话 ${person.phone}`, `入院途径 ${rng.pick(['门诊', '急诊'])}`, `入院时间 ${iso(adm)}`, `入院科别 ${rng.pick(DEPARTMENTS)}`, `出院时间 ${iso(addDays(adm, rng.int(2, 20)))}`, `实际住院 ${rng.int(2, 20)}天`, `门(急)诊诊断 ${rng.pick(DIAGNOSES)}`, `疾病编码 ${rng.pick(['J18.9', 'I10', 'E11.9', 'K35.8'])}`];
  let y = 210;
  cells.forEach((c, i) => {
    const col = i % 3;
    if (col === 0 && i) y += 44;
    s.text(c, 70 + col * 370, y, 22, { maxWidth: col === 0 && c.length > 16 ? 1100 : 360 });
  });
  y = table(s, 60, y + 70, [420, 200, 240, 260], ['出院诊断', '疾病编码', '入院病情', '出院情况'], [[rng.pick(DIAGNOSES), 'J18.9', '有', '好转'], [rng.pick(DIAGNOSES), 'I10', '有', '治愈'], [rng.pick(DIAGNOSES), 'E11.9', '临床未确定', '好转']], 22);
  y = table(s, 60, y + 30, [200, 420, 250, 250], ['手术日期', '手术及操作名称', '术者', '麻醉方式'], [[iso(adm), rng.pick(SURGERIES), randomName(rng), '全身麻醉']], 22);
  s.text(`住院费用(元)：总费用 ${formatAmount(rng.int(2000, 80000))}  （自付金额：${formatAmount(rng.int(200, 9000))}）`, 70, y + 30, 24);
  s.text(`科主任 ${randomName(rng)}  主任医师 ${randomName(rng)}  主治医师 ${randomName(rng)}  住院医师 ${randomName(rng)}`, 70, y + 80, 24);
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildHukou(ctx: BuildContext, which: 'home' | 'blank' | 'info'): Built {
  const { rng, person } = ctx;
  const s = new Sheet(1400, 1000, rng, '#f6f0e2');
  const ink = '#7a4a2a';
  if (which === 'home') {
    s.title('户口簿', 700, 60, 56, { spacing: 30, color: ink });
    const rows: [string, string][] = [['户别', rng.pick(['家庭户', '集体户'])], ['户主姓名', person.name], ['户号', rng.digits(9)], ['住址', person.address], ['承办人签章', randomName(rng)], ['登记日期', cnDate(randomDate(rng, 2005, 2023))]];
    let y = 170;
    s.rect(120, y, 1160, rows.length * 110, ink, 'none', 2);
    for (const [k, v] of rows) {
      s.line(120, y, 1280, y, ink, 1.2);
      s.line(400, y, 400, y + 110, ink, 1.2);
      s.text(k, 150, y + 38, 32, { color: ink });
      s.text(v, 430, y + 38, 30, { maxWidth: 820 });
      y += 110;
    }
    s.seal(1000, 720, { rx: 110, ringText: `${ctx.province.name}公安局${rng.pick(DEPARTMENTS).slice(0, 0)}派出所`, centerText: '户口专用章', color: '#d4202a' });
    return { page: s.page(), seals: s.seals, extract: null, variant: null };
  }
  s.title('常住人口登记卡', 700, 40, 46, { color: ink, spacing: 8 });
  const labels = ['姓名', '户主或与户主关系', '曾用名', '性别', '出生地', '民族', '籍贯', '出生日期', '本市（县）其他住址', '宗教信仰', '公民身份证件编号', '身高', '血型', '文化程度', '婚姻状况', '兵役状况', '服务处所', '职业', '何时由何地迁来本市（县）', '何时由何地迁来本址'];
  const values: Record<string, string> = { 姓名: person.name, 户主或与户主关系: rng.pick(['户主', '妻', '长子', '长女']), 性别: person.genderText, 出生地: person.address.slice(0, 6), 民族: person.ethnicity, 籍贯: person.address.slice(0, 6), 出生日期: cnDate(person.birth), 公民身份证件编号: person.idNumber, 文化程度: rng.pick(['大学本科', '高中', '初中']), 婚姻状况: rng.pick(['已婚', '未婚']), 身高: `${rng.int(150, 185)}厘米`, 血型: rng.pick(['A', 'B', 'O', 'AB']), 兵役状况: '未服兵役', 职业: rng.pick(['职员', '农民', '工人']) };
  let y = 120;
  const rowH = 84;
  s.rect(60, y, 1280, 10 * rowH, ink, 'none', 2);
  labels.forEach((l, i) => {
    const col = i % 2;
    const ry = y + Math.floor(i / 2) * rowH;
    if (col === 0) s.line(60, ry, 1340, ry, ink, 1.2);
    const x = 60 + col * 640;
    s.line(x + 230, ry, x + 230, ry + rowH, ink, 1);
    s.text(l, x + 10, ry + 28, 22, { color: ink, maxWidth: 215 });
    if (which === 'info' && values[l]) s.text(values[l]!, x + 245, ry + 26, 26, { maxWidth: 380 });
  });
  if (which === 'info') s.seal(1050, 880, { rx: 95, ringText: `${ctx.province.name}公安局派出所`, centerText: '户口专用章' });
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function emblem(s: Sheet, cx: number, cy: number, r: number): void {
  s.svg(`<g><circle cx="${cx}" cy="${cy}" r="${r}" fill="#c8141e"/><circle cx="${cx}" cy="${cy}" r="${r * 0.82}" fill="none" stroke="#f2c230" stroke-width="${r * 0.08}"/>` +
    `<polygon points="${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => { const a = -Math.PI / 2 + (i * Math.PI) / 5; const rr = i % 2 ? r * 0.2 : r * 0.5; return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy - r * 0.1 + rr * Math.sin(a)).toFixed(1)}`; }).join(' ')}" fill="#f2c230"/>` +
    `<rect x="${cx - r * 0.55}" y="${cy + r * 0.45}" width="${r * 1.1}" height="${r * 0.14}" fill="#f2c230"/></g>`);
}

function photo(s: Sheet, x: number, y: number, w: number, h: number, rng: Rng): void {
  s.fill(x, y, w, h, rng.pick(['#dfe8f2', '#ffffff', '#e9eef5', '#c9daf0']));
  s.svg(`<g fill="${rng.pick(['#3a3a3a', '#5a4636', '#2b2b2b'])}"><ellipse cx="${x + w / 2}" cy="${y + h * 0.38}" rx="${w * 0.22}" ry="${h * 0.22}" fill="#e8c9a8"/><path d="M${x + w * 0.28} ${y + h * 0.3} Q${x + w / 2} ${y + h * 0.05} ${x + w * 0.72} ${y + h * 0.3} Z"/><path d="M${x + w * 0.1} ${y + h} Q${x + w / 2} ${y + h * 0.5} ${x + w * 0.9} ${y + h} Z"/></g>`);
}

function buildIdFront(ctx: BuildContext): Built {
  const { rng, person } = ctx;
  const s = new Sheet(1284, 810, rng, '#eef3f1');
  s.svg(`<rect x="0" y="0" width="1284" height="810" fill="url(#g)"/><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9f1ee"/><stop offset="1" stop-color="#dfe9f1"/></linearGradient></defs>`);
  const lab = { color: '#3b6e9a' };
  s.text('姓名', 90, 90, 34, lab); s.text(person.name, 230, 84, 42);
  s.text('性别', 90, 190, 34, lab); s.text(person.genderText, 230, 186, 38);
  s.text('民族', 390, 190, 34, lab); s.text(person.ethnicity, 520, 186, 38);
  s.text('出生', 90, 290, 34, lab); s.text(`${person.birth.y}年 ${person.birth.m}月 ${person.birth.d}日`, 230, 286, 38);
  s.text('住址', 90, 390, 34, lab);
  s.para(person.address, 230, 386, 520, 38, 1.35);
  s.text('公民身份号码', 90, 660, 34, lab); s.text(person.idNumber, 410, 654, 44, { spacing: 4 });
  photo(s, 860, 110, 330, 420, rng);
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildIdBack(ctx: BuildContext): Built {
  const { rng } = ctx;
  const s = new Sheet(1284, 810, rng, '#eaf1f0');
  emblem(s, 200, 200, 120);
  s.title('中华人民共和国', 780, 130, 62, { spacing: 10 });
  s.title('居民身份证', 780, 250, 80, { spacing: 24 });
  const issued = randomDate(rng, 2008, 2023);
  s.text('签发机关', 260, 560, 34, { color: '#3b6e9a' });
  s.text(`${ctx.province.name.replace(/省|市/, '')}${rng.pick(['市公安局', '县公安局', '公安局分局'])}`, 470, 556, 38);
  s.text('有效期限', 260, 660, 34, { color: '#3b6e9a' });
  s.text(`${iso(issued).replace(/-/g, '.')}-${rng.chance(0.2) ? '长期' : iso({ ...issued, y: issued.y + rng.pick([10, 20]) }).replace(/-/g, '.')}`, 470, 656, 38);
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildCard(ctx: BuildContext, def: ClassDef, booklet: boolean): Built {
  const { rng } = ctx;
  const s = booklet ? new Sheet(1250, 880, rng, def.tint ?? '#f0ece4') : new Sheet(1284, 810, rng, def.tint ?? '#eef1f4');
  const W = s.width;
  s.svg(`<g opacity="0.25" stroke="#9bb" fill="none">${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M0 ${120 + i * 110} Q${W / 2} ${60 + i * 110} ${W} ${140 + i * 110}"/>`).join('')}</g>`);
  const title = titleOf(ctx);
  const bilingual = /[A-Z]{3}/.test(title);
  s.fill(0, 0, W, 110, rng.pick(['#1d4f91', '#8b1a1a', '#2f5d3a', '#5b3a1d']));
  s.title(title, W / 2, bilingual ? 34 : 26, bilingual ? Math.min(38, (W - 80) / Math.max(8, title.length * 0.62)) : 52, { color: '#ffffff', maxWidth: W - 80 });
  emblem(s, 70, 55, 38);
  photo(s, 70, 160, 260, 340, rng);
  let y = 150;
  const fields = def.fields ?? [];
  const size = fields.length > 8 ? 28 : 32;
  for (const f of fields) {
    s.text(`${f}`, 380, y, size * 0.8, { color: '#555' });
    s.text(fieldValue(ctx, f), 380 + Math.min(260, s.measure(f, size * 0.8) + 24), y - 2, size, { maxWidth: W - 380 - Math.min(260, s.measure(f, size * 0.8) + 24) - 40 });
    y += (s.height - 190) / Math.max(fields.length, 6);
  }
  if (booklet) s.text(`P<CHN${ctx.person.name.length}<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<`, 60, s.height - 70, 34, { label: true });
  if (rng.chance(0.35)) s.seal(260, s.height - 180, { rx: 80, ringText: sealIssuer(ctx), centerText: '专用章' });
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildCertificate(ctx: BuildContext, def: ClassDef): Built {
  const { rng } = ctx;
  const s = new Sheet(1500, 1060, rng, def.tint ?? '#fbf3e4');
  const frame = rng.pick(['#b8312f', '#a07a2a', '#1d4f91']);
  s.rect(30, 30, 1440, 1000, frame, 'none', 10);
  s.rect(55, 55, 1390, 950, frame, 'none', 3);
  s.title(titleOf(ctx), 750, 110, 66, { color: frame, spacing: 12 });
  photo(s, 110, 260, 240, 320, rng);
  let y = 260;
  for (const f of def.fields ?? []) {
    s.text(`${f}：`, 420, y, 32, { color: '#444' });
    s.text(fieldValue(ctx, f), 420 + s.measure(`${f}：`, 32) + 10, y, 32, { maxWidth: 900 });
    y += 62;
  }
  s.text(cnDate(randomDate(rng, 2000, 2024)), 1080, 930, 32);
  s.seal(1150 + rng.float(-40, 40), 880, { rx: 110, ringText: sealIssuer(ctx), centerText: rng.pick(['专用章', '印', '']) || undefined });
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildBankCard(ctx: BuildContext): Built {
  const { rng } = ctx;
  const bank = rng.pick(BANKS);
  const s = new Sheet(1284, 810, rng, bank.color);
  s.svg(`<circle cx="1100" cy="120" r="380" fill="#ffffff" opacity="0.08"/><circle cx="200" cy="900" r="420" fill="#000000" opacity="0.08"/>`);
  s.text(bank.name, 80, 60, 54, { color: '#ffffff', bold: true });
  s.text(bank.en, 80, 130, 30, { color: '#ffffff' });
  s.fill(110, 300, 150, 115, '#d8b65a', 14);
  s.svg('<g stroke="#8a6a1a" stroke-width="2"><line x1="110" y1="357" x2="260" y2="357"/><line x1="185" y1="300" x2="185" y2="415"/></g>');
  const no = `62${rng.digits(14)}${rng.chance(0.5) ? rng.digits(3) : ''}`;
  s.text(no.replace(/(\d{4})(?=\d)/g, '$1 '), 100, 500, 64, { color: '#f5f5f5', spacing: 4 });
  s.text(`${String(rng.int(1, 12)).padStart(2, '0')}/${rng.int(25, 33)}`, 640, 610, 40, { color: '#f5f5f5' });
  s.text(rng.pick(['银联', 'UnionPay', '借记卡', 'DEBIT']), 1200, 690, 44, { color: '#ffffff', bold: true, align: 'right' });
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildPassbook(ctx: BuildContext): Built {
  const { rng, person } = ctx;
  const bank = rng.pick(BANKS);
  const s = new Sheet(1500, 1000, rng, '#f1f4ee');
  s.title(bank.name, 750, 60, 48, { color: bank.color });
  s.title(titleOf(ctx), 750, 130, 44);
  s.text(`户名：${person.name}`, 100, 240, 32);
  s.text(`账号：${rng.digits(19)}`, 100, 310, 32);
  s.text(`开户行：${bank.name}${ctx.province.name}分行营业部`, 100, 380, 32);
  s.text(`开户日期：${cnDate(randomDate(rng, 2005, 2023))}`, 100, 450, 32);
  const rows: string[][] = [];
  let bal = rng.int(100, 20000);
  for (let i = 0; i < 6; i++) {
    const amt = rng.int(-3000, 5000);
    bal = Math.max(0, bal + amt);
    rows.push([iso(randomDate(rng, 2020, 2024)), amt > 0 ? '存入' : '支取', formatAmount(Math.abs(amt)), formatAmount(bal)]);
  }
  table(s, 100, 540, [330, 300, 330, 340], ['日期', '摘要', '金额', '余额'], rows, 26, 52);
  s.seal(1200, 330, { rx: 100, ringText: `${bank.name}${ctx.province.name}分行`, centerText: '业务专用章' });
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildLicense(ctx: BuildContext, def: ClassDef): Built {
  const { rng } = ctx;
  const s = new Sheet(1600, 1130, rng, '#fbf7ee');
  s.rect(30, 30, 1540, 1070, '#b58a3a', 'none', 14);
  emblem(s, 800, 140, 70);
  s.title('营业执照', 800, 240, 84, { spacing: 30 });
  s.text(`统一社会信用代码 ${`91${rng.digits(7)}MA${rng.digits(7)}`}`, 120, 360, 30);
  let y = 440;
  for (const f of (def.fields ?? []).slice(1)) {
    s.text(f, 140, y, 30, { color: '#444' });
    s.text(/名称/.test(f) ? `${ctx.province.name}${rng.pick(['康宁', '华信', '安泰'])}医药有限公司` : fieldValue(ctx, f), 360, y, 30, { maxWidth: 1100 });
    y += 66;
  }
  s.text('登记机关', 1000, 980, 30);
  s.seal(1250, 960, { rx: 110, ringText: `${ctx.province.name}市场监督管理局`, centerText: '登记专用章' });
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildPhoto(ctx: BuildContext): Built {
  const { rng } = ctx;
  // A scene photo (accident site): road, a car body, no printed text except a date stamp.
  const s = new Sheet(1600, 1200, rng, '#8a8f96');
  s.svg(`<rect x="0" y="0" width="1600" height="520" fill="${rng.pick(['#9fc3e0', '#c8d3dc', '#b7c9b0'])}"/><polygon points="0,1200 1600,1200 1100,520 500,520" fill="#55585c"/>` +
    `<line x1="800" y1="1200" x2="800" y2="520" stroke="#eeeeee" stroke-width="14" stroke-dasharray="60 50"/>` +
    `<rect x="${rng.int(300, 700)}" y="${rng.int(620, 760)}" width="520" height="220" rx="40" fill="${rng.pick(['#b22', '#eee', '#223', '#777'])}"/>` +
    `<circle cx="${rng.int(420, 520)}" cy="940" r="60" fill="#111"/><circle cx="${rng.int(880, 980)}" cy="940" r="60" fill="#111"/>`);
  s.text(`${iso(randomDate(rng, 2019, 2024))} ${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`, 1560, 1130, 40, { color: '#ff9a2a', align: 'right' });
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

function buildOther(ctx: BuildContext): Built {
  const s = new Sheet(1240, 1500, ctx.rng, '#ffffff');
  const { rng } = ctx;
  s.title(titleOf(ctx), 620, 80, 52);
  let y = 200;
  for (let i = rng.int(6, 14); i > 0; i--) y = s.para(rng.pick(['本店商品七天无理由退换。', '会议定于下周三上午九点在三楼会议室召开。', '请各位员工注意节约用水用电。', `商品 ${rng.int(1, 9)} 件 合计 ${formatAmount(rng.int(5, 500))}`, '停车场收费标准：每小时5元。', '欢迎下次光临！']), 100, y + 14, 1040, 30);
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

/** The 备注 text of a hospital VAT invoice: the visit's number (and for a stay, its dates). */
function visitRemark(rng: Rng, visit: number): string {
  if (visit === 1) return `门诊号：${rng.digits(10)}  就诊日期：${iso(randomDate(rng, 2019, 2024))}`;
  return `住院号：${rng.digits(8)}  住院天数：${rng.int(2, 20)}天`;
}

function buildFeeList(ctx: BuildContext, kind: 'settlement' | 'cost_list' | 'receipt' | 'vat_invoice'): Built {
  const { rng, def, person } = ctx;
  const visit = def.visit ?? (rng.chance(0.5) ? 1 : 2);
  const items = rng.shuffle(DETAIL_ITEMS).slice(0, rng.int(5, kind === 'cost_list' ? 22 : 10)).map((c) => {
    const n = rng.int(1, 5);
    return { c, n, cost: cents(n * c.price) };
  });
  const total = cents(items.reduce((a, b) => a + b.cost, 0));
  const title = titleOf(ctx);
  if (kind === 'receipt') {
    const detailed = (def.fields ?? []).includes('detail');
    const h = 900 + (detailed ? items.length * 50 : 0);
    const s = new Sheet(640, h, rng, '#fbfbf8');
    s.title(ctx.hospital, 320, 30, 30, { maxWidth: 600 });
    s.title(title, 320, 80, 32);
    let y = 150;
    const lines = [`姓名：${person.name}`, `${visit === 1 ? '门诊号' : '住院号'}：${rng.digits(10)}`, `流水号：${rng.digits(14)}`, `时间：${iso(randomDate(rng, 2019, 2024))} ${rng.int(8, 17)}:${rng.int(10, 59)}`, '--------------------------------'];
    for (const l of lines) { s.text(l, 30, y, 24, { color: '#222' }); y += 40; }
    if (detailed) for (const it of items) { s.text(it.c.name, 30, y, 22, { maxWidth: 330 }); s.text(`${it.n}`, 400, y, 22); s.text(formatAmount(it.cost), 610, y, 22, { align: 'right' }); y += 50; }
    s.text(`合计：${formatAmount(total)}`, 30, y + 10, 28, { bold: true });
    s.text(`${rng.pick(['微信支付', '支付宝', '银联卡', '现金', '医保卡'])}：${formatAmount(total)}`, 30, y + 60, 24);
    s.text(`操作员：${rng.digits(4)}`, 30, y + 110, 24);
    s.text('请妥善保管，遗失不补', 320, y + 170, 22, { align: 'center', color: '#444' });
    if (rng.chance(0.4)) s.seal(440, y + 80, { rx: 70, ringText: ctx.hospital, centerText: '收费专用章' });
    return { page: s.page(), seals: s.seals, extract: null, variant: null };
  }
  if (kind === 'vat_invoice') {
    const s = new Sheet(1700, 1060, rng, '#fdfcf7');
    const ink = '#8a5a2a';
    s.title(title, 850, 50, 46, { color: ink, spacing: 6 });
    s.seal(850, 72, { shape: 'oval', rx: 110, ry: 72, ringText: '全国统一发票监制章', centerText: ctx.province.name.slice(0, 2), bottomText: '国家税务总局监制', color: '#d4202a' });
    s.text(`发票代码：${rng.digits(12)}`, 1180, 120, 24, { color: ink });
    s.text(`发票号码：${rng.digits(8)}`, 1180, 160, 24, { color: ink });
    s.text(`开票日期：${cnDate(randomDate(rng, 2019, 2024))}`, 1180, 200, 24, { color: ink });
    s.text(`校验码：${rng.digits(20).replace(/(\d{5})/g, '$1 ')}`, 1180, 240, 22, { color: ink });
    s.rect(60, 290, 1580, 600, ink, 'none', 2);
    s.text(`购买方 名称：${person.name}`, 80, 310, 26);
    s.text(`纳税人识别号：${person.idNumber}`, 80, 356, 26);
    const y = table(s, 60, 420, [560, 200, 140, 160, 200, 320], ['货物或应税劳务、服务名称', '规格型号', '单位', '数量', '单价', '金额'], items.slice(0, 6).map((it) => [`*医疗服务*${it.c.name}`, it.c.spec, it.c.unit, String(it.n), formatAmount(it.c.price), formatAmount(it.cost)]), 22, 40, ink);
    s.text(`价税合计（大写）${capitalAmount(total)}   （小写）¥${formatAmount(total)}`, 80, y + 20, 26);
    // A hospital's VAT invoice carries the visit in its 备注 box (门诊号 / 住院号 and dates), as real
    // ones do; without it an outpatient and an inpatient VAT invoice would be the same document.
    if (def.visit !== undefined) s.text(`备注：${visitRemark(rng, def.visit)}`, 80, y + 64, 22, { color: ink });
    s.text(`销售方 名称：${ctx.hospital}`, 80, 830, 26);
    s.text(`收款人：${randomName(rng)}  复核：${randomName(rng)}  开票人：${randomName(rng)}`, 80, 920, 24, { color: ink });
    s.seal(1350, 880, { shape: 'oval', rx: 130, ry: 85, ringText: ctx.hospital, centerText: rng.digits(15), bottomText: '发票专用章', star: false });
    return { page: s.page(), seals: s.seals, extract: null, variant: null };
  }
  const s = a4(ctx);
  let y = header(s, ctx, title, 60);
  y = patientRow(s, ctx, y);
  if (kind === 'settlement') {
    const rows = [['总费用', formatAmount(total)], ['医保统筹基金支付', formatAmount(total * 0.6)], ['个人账户支付', formatAmount(total * 0.1)], ['个人现金支付', formatAmount(total - cents(total * 0.6) - cents(total * 0.1))], ['起付标准', formatAmount(rng.pick([300, 500, 800, 1200]))], ['个人自付', formatAmount(total * 0.15)], ['个人自费', formatAmount(total * 0.05)], ['大病保险支付', '0.00']];
    y = table(s, 70, y + 10, [500, 600], ['项目', '金额（元）'], rows, 26, 52);
    s.text(`合计（大写）：${capitalAmount(total)}`, 80, y + 30, 28);
    s.text(`结算日期：${iso(randomDate(rng, 2019, 2024))}    经办人：${randomName(rng)}`, 80, y + 90, 26);
    s.seal(900, y + 200, { rx: 95, ringText: ctx.hospital, centerText: rng.pick(['医保结算专用章', '收费专用章']) });
  } else {
    // A cost list: detail rows under one of the hospital list layouts, grouped by category with subtotals.
    const layout = rng.pick(DETAIL_TABLES.filter((t) => t.where === 'cost_list'));
    const style = detailStyle(rng, layout.columns);
    const days = visit === 2 ? rng.int(2, 15) : 0;
    const billed = pickItems(rng, visit === 1 ? CATEGORIES_OUTPATIENT : CATEGORIES_INPATIENT, rng.int(6, 24)).map((it) => printDetail(rng, it, quantityOf(rng, it, days), style, false));
    billed.sort((a, b) => a.label.class.localeCompare(b.label.class));
    const sum = cents(billed.reduce((a, b) => a + b.label.cost, 0));
    const wsum = layout.widths.reduce((a, b) => a + b, 0);
    const widths = layout.widths.map((w) => (1140 * w) / wsum);
    const heads = layout.columns.map((c) => rng.pick(COLUMN_HEADINGS[c]));
    const subtotals = rng.chance(0.5);
    const rows: string[][] = [];
    let current = '';
    for (const d of billed) {
      if (subtotals && d.label.class !== current) {
        current = d.label.class;
        const sub = cents(billed.filter((b) => b.label.class === current).reduce((a, b) => a + b.label.cost, 0));
        rows.push(layout.columns.map((c) => (c === 'name' ? `【${current}】小计：${formatAmount(sub)}` : '')));
      }
      rows.push(layout.columns.map((c) => d.cells[c] ?? ''));
    }
    y = table(s, 50, y + 10, widths, heads, rows, 20, 38);
    s.text(`合计：${formatAmount(sum)}元   （大写）${capitalAmount(sum)}`, 70, y + 24, 26);
    s.text(`打印日期：${iso(randomDate(rng, 2019, 2024))}`, 70, y + 74, 24);
  }
  return { page: s.page(), seals: s.seals, extract: null, variant: null };
}

/** The builder of every non-invoice layout. */
export function buildGeneral(ctx: BuildContext): Built {
  const def = ctx.def;
  const layout: Layout = def.layout;
  switch (layout) {
    case 'idcard_front': return buildIdFront(ctx);
    case 'idcard_back': return buildIdBack(ctx);
    case 'card': return buildCard(ctx, def, false);
    case 'booklet': return buildCard(ctx, def, true);
    case 'certificate': return buildCertificate(ctx, def);
    case 'form': return buildForm(ctx);
    case 'letter': return buildLetter(ctx);
    case 'record': return buildRecord(ctx);
    case 'lab': return buildLab(ctx);
    case 'imaging': return buildImaging(ctx);
    case 'prescription': return buildPrescription(ctx);
    case 'orders': return buildOrders(ctx);
    case 'temperature': return buildTemperature(ctx);
    case 'casefront': return buildCaseFront(ctx);
    case 'hukou_home': return buildHukou(ctx, 'home');
    case 'hukou_blank': return buildHukou(ctx, 'blank');
    case 'hukou_info': return buildHukou(ctx, 'info');
    case 'bank_card': return buildBankCard(ctx);
    case 'passbook': return buildPassbook(ctx);
    case 'license': return buildLicense(ctx, def);
    case 'photo': return buildPhoto(ctx);
    case 'other': return buildOther(ctx);
    case 'settlement': case 'cost_list': case 'receipt': case 'vat_invoice': return buildFeeList(ctx, layout);
    case 'invoice': throw new Error('invoices are built by docs/invoice.ts');
  }
}
