/**
 * Paper medical-invoice styles of the 29 provinces of api.md 4.C, as the generator draws them.
 * Payment terms: `printed` is what the form says, `normal` the normalised name of api.md 2.C
 * that C must output. `role` says how an amount is generated: `split` parts add up to the total
 * (the payment split), `self` is part of the personal share, `info` is informational.
 */
import type { Province } from '../../contract/extract.js';

export type PaymentRole = 'fund' | 'account' | 'cash' | 'other' | 'self' | 'info' | 'prepaid';

export interface PaymentTerm {
  readonly printed: string;
  readonly normal: string;
  readonly role: PaymentRole;
}

export interface ProvinceStyle {
  readonly id: Province;
  readonly name: string;
  /** Administrative division code prefix (first two digits of an invoice code). */
  readonly code: string;
  /** Ink of the pre-printed form (lines, labels). */
  readonly ink: string;
  /** 'grid': categories in a 3-column grid and an 其他信息 block (Fujian, Jilin); 'list': categories as rows with payments beside (Beijing, Shanghai); 'stub': narrow receipt-like form. */
  readonly layout: 'grid' | 'list' | 'stub';
  readonly titles: { readonly outpatient: readonly string[]; readonly inpatient: readonly string[] };
  readonly payments: readonly PaymentTerm[];
  /** How the paper form is laid out (see FormStyle); defaults by `layout` when omitted. */
  readonly form?: Partial<FormStyle>;
}

/** Fields of an invoice header / information block whose printed wording varies between provinces. */
export type InvoiceField =
  | 'patient' | 'date' | 'serial' | 'insuranceType' | 'orgType' | 'outpatientNo' | 'inpatientNo' | 'department'
  | 'stay' | 'record' | 'insuranceNo' | 'socialCard' | 'gender' | 'treatmentDate' | 'noteCode' | 'noteNo';

/**
 * Wordings of the same field on real forms; the first is the national e-invoice wording. A paper
 * form picks one per field (the province's own list first when it has one).
 */
export const LABEL_SYNONYMS: Readonly<Record<InvoiceField, readonly string[]>> = {
  patient: ['交款人', '患者姓名', '姓名', '病人姓名'],
  date: ['开票日期', '收费日期', '结算日期'],
  serial: ['业务流水号', '流水号', '交易流水号'],
  insuranceType: ['医保类型', '医疗保险类型', '医保类别', '人员类别'],
  orgType: ['医疗机构类型', '机构类型', '医院类型'],
  outpatientNo: ['门诊号', '就诊号', '门诊流水号'],
  inpatientNo: ['住院号', '住院编号'],
  department: ['住院科别', '科室', '住院科室', '出院科室'],
  stay: ['住院时间', '住院日期', '住院期间'],
  record: ['病历号', '病案号'],
  insuranceNo: ['医保编号', '医保号', '个人编号'],
  socialCard: ['社会保障卡号', '社保卡号'],
  gender: ['性别'],
  treatmentDate: ['就诊日期', '门诊日期'],
  noteCode: ['票据代码', '电子票据代码'],
  noteNo: ['票据号码', '电子票据号码'],
};

/** The pre-printed form of a paper invoice (and the generation choices that differ by region). */
export interface FormStyle {
  /** Header fields in two columns (left: code, payer; right: number, date) or one row after another. */
  readonly header: 'two' | 'one';
  /** Payment and other information: a 其他信息 grid under the table, or a column beside it (Beijing, Shanghai). */
  readonly paymentBlock: 'bottom' | 'right';
  /** Category/amount pairs per table row (2 or 3 as on Jilin / Chongqing inpatient forms). */
  readonly pairsPerRow: 2 | 3;
  /** 数量/单位 columns beside each category (Jilin, Guizhou). */
  readonly qtyColumns: boolean;
  /** Share of outpatient paper invoices that print detail rows instead of (or under) categories. */
  readonly outpatientDetails: number;
  /** Share of invoices printed by a dot-matrix printer on the pre-printed form (values shifted and tilted). */
  readonly dotMatrix: number;
  /** Province wordings preferred over LABEL_SYNONYMS. */
  readonly labels: Partial<Record<InvoiceField, readonly string[]>>;
  /** Label/value separator. */
  readonly colon: string;
}

const FORM_DEFAULTS: Record<ProvinceStyle['layout'], FormStyle> = {
  grid: { header: 'two', paymentBlock: 'bottom', pairsPerRow: 3, qtyColumns: false, outpatientDetails: 0.3, dotMatrix: 0.5, labels: {}, colon: '：' },
  list: { header: 'one', paymentBlock: 'right', pairsPerRow: 2, qtyColumns: false, outpatientDetails: 0.55, dotMatrix: 0.6, labels: {}, colon: '：' },
  stub: { header: 'one', paymentBlock: 'bottom', pairsPerRow: 2, qtyColumns: false, outpatientDetails: 0.2, dotMatrix: 0.7, labels: {}, colon: ':' },
};

/** The form of a province: its layout family's defaults with the province's own choices over them. */
export function formOf(p: ProvinceStyle): FormStyle {
  return { ...FORM_DEFAULTS[p.layout], ...p.form };
}

const COMMON: readonly PaymentTerm[] = [
  { printed: '医保统筹基金支付', normal: '医保统筹基金支付', role: 'fund' },
  { printed: '个人账户支付', normal: '个人账户支付', role: 'account' },
  { printed: '其他支付', normal: '其他支付', role: 'other' },
  { printed: '个人现金支付', normal: '个人现金支付', role: 'cash' },
  { printed: '个人自付', normal: '个人自付', role: 'self' },
  { printed: '个人自费', normal: '个人自费', role: 'self' },
];

function titles(name: string, extra: { o?: string[]; i?: string[] } = {}): ProvinceStyle['titles'] {
  return {
    outpatient: [`${name}医疗门诊收费票据`, `${name}医疗机构门诊收费票据`, ...(extra.o ?? [])],
    inpatient: [`${name}医疗住院收费票据`, `${name}医疗机构住院收费票据`, ...(extra.i ?? [])],
  };
}

function p(printed: string, normal: string, role: PaymentRole): PaymentTerm {
  return { printed, normal, role };
}

export const PROVINCE_STYLES: readonly ProvinceStyle[] = [
  {
    id: 'beijing', name: '北京市', code: '11', ink: '#b0302a', layout: 'list',
    form: { labels: { patient: ['姓名'], date: ['收费日期', '开票日期'], serial: ['交易流水号', '业务流水号'], insuranceType: ['医保类型', '人员类别'], insuranceNo: ['个人编号', '医保编号'] } },
    titles: titles('北京市', { o: ['北京市医疗门诊收费专用票据', '北京市医院门诊收费专用收据'] }),
    payments: [p('医保统筹支付', '医保统筹基金支付', 'fund'), p('个人账户支付', '个人账户支付', 'account'), p('个人支付金额', '个人现金支付', 'cash'),
      p('自付一', '自付一', 'self'), p('自付二', '自付二', 'self'), p('自费', '个人自费', 'self'), p('起付金额', '起付标准', 'info'),
      p('超封顶金额', '超封顶金额', 'info'), p('本次医保范围内金额', '本次医保范围内金额', 'info'), p('累计医保内范围金额', '累计医保内范围金额', 'info'),
      p('年度门诊大额累计支付', '年度门诊大额累计支付', 'info'), p('退休补充支付', '退休补充支付', 'info')],
  },
  { id: 'tianjin', name: '天津市', code: '12', ink: '#2a5caa', layout: 'grid', form: { pairsPerRow: 2, qtyColumns: true }, titles: titles('天津市'), payments: [...COMMON, p('大额医疗费支付', '门诊大额支付', 'info')] },
  { id: 'hebei', name: '河北省', code: '13', ink: '#b0302a', layout: 'grid', titles: titles('河北省'), payments: COMMON },
  { id: 'shanxi', name: '山西省', code: '14', ink: '#7a3b8f', layout: 'grid', titles: titles('山西省'), payments: COMMON },
  { id: 'neimenggu', name: '内蒙古自治区', code: '15', ink: '#2a5caa', layout: 'grid', titles: titles('内蒙古自治区'), payments: COMMON },
  { id: 'liaoning', name: '辽宁省', code: '21', ink: '#b0302a', layout: 'list', form: { header: 'two', labels: { insuranceType: ['医疗保险类型', '医保类型'] } }, titles: titles('辽宁省'), payments: [...COMMON, p('起付线', '起付标准', 'info')] },
  { id: 'jilin', name: '吉林省', code: '22', ink: '#b0302a', layout: 'grid', form: { pairsPerRow: 2, qtyColumns: true, dotMatrix: 0.8 }, titles: titles('吉林省'), payments: [...COMMON, p('公务员补助', '公务员补助', 'info')] },
  { id: 'heilongjiang', name: '黑龙江省', code: '23', ink: '#1f6f4a', layout: 'grid', titles: titles('黑龙江省'), payments: COMMON },
  {
    id: 'shanghai', name: '上海市', code: '31', ink: '#2a5caa', layout: 'list',
    form: { labels: { patient: ['姓名', '患者姓名'], insuranceType: ['医保类型', '医疗保险类型'], serial: ['流水号'] } },
    titles: titles('上海市', { o: ['上海市医疗机构门诊收费专用票据'], i: ['上海市医疗机构住院收费专用票据'] }),
    payments: [p('统筹支付', '医保统筹基金支付', 'fund'), p('当年账户支付', '当年支付', 'account'), p('历年账户支付', '历年支付', 'account'),
      p('现金支付', '个人现金支付', 'cash'), p('附加支付', '附加基金支付', 'other'), p('分类自负', '自付二', 'self'), p('自负', '个人自付', 'self'),
      p('自费', '个人自费', 'self'), p('当年账户余额', '本年余额', 'info'), p('历年账户余额', '历年余额', 'info')],
  },
  {
    id: 'jiangsu', name: '江苏省', code: '32', ink: '#b0302a', layout: 'grid', form: { header: 'one', labels: { patient: ['姓名', '交款人'], date: ['收费日期', '开票日期'] } }, titles: titles('江苏省'),
    payments: [...COMMON, p('大病保险支付', '大病保险报销', 'other'), p('医疗救助支付', '医疗救助', 'other'), p('其他保险支付', '商业保险', 'info')],
  },
  {
    id: 'zhejiang', name: '浙江省', code: '33', ink: '#1f6f4a', layout: 'list', form: { header: 'two', labels: { patient: ['交款人', '患者姓名'], insuranceType: ['医保类型', '医疗保险类型'] } }, titles: titles('浙江省', { o: ['浙江省医疗门诊收费专用票据'] }),
    payments: [p('医保统筹基金支付', '医保统筹基金支付', 'fund'), p('个人账户支付', '个人账户支付', 'account'), p('个人现金支付', '个人现金支付', 'cash'),
      p('个人自理', '自付二', 'self'), p('个人自费', '个人自费', 'self'), p('乙类自付', '按比例自付', 'self'), p('道路救助基金垫付', '其他支付', 'other')],
  },
  { id: 'anhui', name: '安徽省', code: '34', ink: '#b0302a', layout: 'grid', form: { labels: { serial: ['流水号'], insuranceType: ['医疗保险类型'] } }, titles: titles('安徽省'), payments: COMMON },
  { id: 'fujian', name: '福建省', code: '35', ink: '#b0302a', layout: 'grid', titles: titles('福建省'), payments: [...COMMON, p('预缴金额', '预缴金额', 'prepaid')] },
  { id: 'jiangxi', name: '江西省', code: '36', ink: '#7a3b8f', layout: 'grid', titles: titles('江西省'), payments: COMMON },
  { id: 'shandong', name: '山东省', code: '37', ink: '#2a5caa', layout: 'list', form: { header: 'two', paymentBlock: 'bottom', labels: { insuranceType: ['医疗保险类型'] } }, titles: titles('山东省'), payments: COMMON },
  {
    id: 'henan', name: '河南省', code: '41', ink: '#b0302a', layout: 'grid', form: { labels: { patient: ['姓名', '交款人'], department: ['住院科室'] }, colon: ':' }, titles: titles('河南省'),
    payments: [...COMMON, p('按比例自付', '按比例自付', 'self'), p('乙类自付', '自付二', 'self'), p('公务员补助', '公务员补助', 'info'),
      p('师职补助', '师职补助', 'info'), p('医疗救助', '医疗救助', 'other'), p('产前检查', '产前检查费', 'info')],
  },
  { id: 'hubei', name: '湖北省', code: '42', ink: '#b0302a', layout: 'grid', titles: titles('湖北省'), payments: COMMON },
  { id: 'hunan', name: '湖南省', code: '43', ink: '#1f6f4a', layout: 'grid', form: { header: 'one', paymentBlock: 'right', pairsPerRow: 2 }, titles: titles('湖南省'), payments: COMMON },
  {
    id: 'guangdong', name: '广东省', code: '44', ink: '#2a5caa', layout: 'list', form: { paymentBlock: 'bottom', labels: { patient: ['患者姓名', '姓名'], date: ['收费日期'] } }, titles: titles('广东省', { o: ['广东省医疗收费票据'] }),
    payments: [...COMMON, p('政策性减免', '其他补助', 'other')],
  },
  { id: 'guangxi', name: '广西壮族自治区', code: '45', ink: '#b0302a', layout: 'grid', titles: titles('广西壮族自治区'), payments: COMMON },
  { id: 'hainan', name: '海南省', code: '46', ink: '#2a5caa', layout: 'stub', titles: titles('海南省'), payments: COMMON },
  { id: 'chongqing', name: '重庆市', code: '50', ink: '#b0302a', layout: 'grid', titles: titles('重庆市'), payments: COMMON },
  { id: 'sichuan', name: '四川省', code: '51', ink: '#7a3b8f', layout: 'list', form: { labels: { patient: ['患者姓名'], serial: ['流水号'] } }, titles: titles('四川省'), payments: COMMON },
  { id: 'guizhou', name: '贵州省', code: '52', ink: '#b0302a', layout: 'grid', form: { pairsPerRow: 2, qtyColumns: true }, titles: titles('贵州省'), payments: [...COMMON, p('医院承担', '医院承担', 'other')] },
  { id: 'yunnan', name: '云南省', code: '53', ink: '#1f6f4a', layout: 'stub', titles: titles('云南省'), payments: COMMON },
  { id: 'shaanxi', name: '陕西省', code: '61', ink: '#b0302a', layout: 'grid', form: { header: 'one', labels: { patient: ['患者姓名'] } }, titles: titles('陕西省'), payments: COMMON },
  { id: 'gansu', name: '甘肃省', code: '62', ink: '#2a5caa', layout: 'grid', titles: titles('甘肃省'), payments: [...COMMON, p('长期累计', '统筹累计支付', 'info')] },
  { id: 'ningxia', name: '宁夏回族自治区', code: '64', ink: '#b0302a', layout: 'stub', titles: titles('宁夏回族自治区'), payments: COMMON },
  { id: 'xinjiang', name: '新疆维吾尔自治区', code: '65', ink: '#7a3b8f', layout: 'grid', titles: titles('新疆维吾尔自治区'), payments: COMMON },
];
