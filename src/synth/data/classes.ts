/**
 * The generator's own table of document classes (api.md 2.A): for each leaf, its title
 * wordings, the layout family that draws its body, and the fields of that body. Written from
 * api.md and from how these papers look, independently of the classifier's taxonomy.
 */

export type Layout =
  | 'idcard_front' | 'idcard_back' | 'card' | 'booklet' | 'certificate' | 'form' | 'letter' | 'record'
  | 'lab' | 'imaging' | 'prescription' | 'casefront' | 'hukou_home' | 'hukou_blank' | 'hukou_info'
  | 'invoice' | 'vat_invoice' | 'settlement' | 'cost_list' | 'receipt' | 'bank_card' | 'passbook'
  | 'license' | 'photo' | 'orders' | 'temperature' | 'other';

export interface ClassDef {
  readonly root: string;
  readonly sub: string | null;
  readonly layout: Layout;
  /** Title wordings; `{H}` is replaced by the issuing hospital, `{I}` by the insurer, `{P}` by a province. An empty list: the document has no printed title. */
  readonly titles: readonly string[];
  /** Card or certificate (iscard) rather than a document page (isdocument). */
  readonly card: boolean;
  /** Field labels of the body, where the layout takes them. */
  readonly fields?: readonly string[];
  /** Background tint of cards and certificates. */
  readonly tint?: string;
  /** Who issues it: decides the letterhead and the seal. */
  readonly issuer?: 'hospital' | 'insurer' | 'government' | 'police' | 'none';
  /** Outpatient (1) or inpatient (2) for fee documents. */
  readonly visit?: 1 | 2;
  /** Electronic invoice (national e-invoice layout). */
  readonly electronic?: boolean;
}

const PERSON = ['姓名', '性别', '出生日期', '证件号码'];
const CARD_BASIC = ['姓名', '性别', '出生日期', '证号', '发证机关', '有效期至'];
const PASSPORT = ['类型/Type', '护照号/Passport No.', '姓名/Name', '性别/Sex', '出生日期/Date of birth', '出生地点/Place of birth', '签发日期/Date of issue', '有效期至/Date of expiry', '签发机关/Authority'];
const PERMIT = ['姓名', '性别', '出生日期', '证件号码', '有效期限', '签发机关', '签发地点'];

function card(root: string, titles: string[], fields: readonly string[] = CARD_BASIC, tint = '#eef1f4'): ClassDef {
  return { root, sub: null, layout: 'card', titles, card: true, fields, tint, issuer: 'government' };
}
function booklet(root: string, titles: string[], fields: readonly string[] = PASSPORT, tint = '#f1ede2'): ClassDef {
  return { root, sub: null, layout: 'booklet', titles, card: true, fields, tint, issuer: 'government' };
}
function cert(root: string, titles: string[], fields: readonly string[], tint = '#fbf3e4', issuer: ClassDef['issuer'] = 'government'): ClassDef {
  return { root, sub: null, layout: 'certificate', titles, card: true, fields, tint, issuer };
}
function form(root: string, titles: string[], fields: readonly string[], issuer: ClassDef['issuer'] = 'insurer'): ClassDef {
  return { root, sub: null, layout: 'form', titles, card: false, fields, issuer };
}
function letter(root: string, titles: string[], issuer: ClassDef['issuer'] = 'insurer', fields: readonly string[] = PERSON): ClassDef {
  return { root, sub: null, layout: 'letter', titles, card: false, fields, issuer };
}

export const CLASSES: readonly ClassDef[] = [
  form('理赔申请书', ['理赔申请书', '{I}理赔申请书', '保险金给付申请书', '个人保险理赔申请书'], ['申请人姓名', '证件号码', '联系电话', '被保险人', '出险时间', '出险地点', '出险原因', '申请金额', '领款人', '开户银行', '银行账号']),
  form('立案信息表', ['立案信息表', '理赔立案信息表', '{I}立案信息表'], ['案件号', '报案人', '报案时间', '被保险人', '保单号', '出险日期', '出险经过', '立案人', '立案日期']),
  letter('授权书', ['授权书', '委托授权书', '理赔授权书']),
  form('理赔登记表', ['理赔登记表', '理赔案件登记表', '理赔受理登记表'], ['受理编号', '被保险人', '保单号', '受理日期', '资料份数', '受理人', '案件类型', '备注']),
  { root: '居民身份证', sub: null, layout: 'idcard_front', titles: [], card: true, issuer: 'police' },
  { root: '居民身份证国徽面', sub: null, layout: 'idcard_back', titles: ['中华人民共和国', '居民身份证'], card: true, issuer: 'police' },
  card('临时居民身份证', ['中华人民共和国临时居民身份证', '临时居民身份证'], ['姓名', '性别', '民族', '出生', '住址', '公民身份号码', '有效期限']),
  booklet('中国人民解放军军官证', ['中国人民解放军军官证', '军官证'], ['姓名', '性别', '出生年月', '籍贯', '部别', '职务', '军衔', '编号'], '#e7ead8'),
  booklet('中国人民武装警察部队警官证', ['中国人民武装警察部队警官证', '武警警官证'], ['姓名', '性别', '出生年月', '部别', '职务', '警衔', '编号'], '#e4e9e0'),
  { root: '出生医学证明', sub: null, layout: 'certificate', titles: ['出生医学证明', '出生医学证明 Birth Certificate'], card: false, fields: ['新生儿姓名', '性别', '出生时间', '出生地点', '健康状况', '体重', '身长', '母亲姓名', '父亲姓名', '接生机构名称', '出生证编号'], tint: '#f4f0f6', issuer: 'hospital' },
  card('法官证', ['中华人民共和国法官证', '法官证'], ['姓名', '性别', '单位', '职务', '法官等级', '编号']),
  card('警官证', ['人民警察证', '警官证', '公安'], ['姓名', '职务', '警衔', '警号', '单位']),
  card('检察官证', ['中华人民共和国检察官证', '检察官证'], ['姓名', '性别', '单位', '职务', '编号']),
  card('律师证', ['中华人民共和国律师执业证', '律师执业证'], ['姓名', '性别', '执业机构', '执业证类别', '执业证号', '发证机关', '发证日期'], '#f3ece0'),
  card('记者证', ['中华人民共和国记者证', '新闻记者证'], ['姓名', '性别', '单位', '职务', '证号', '有效期'], '#eef0f8'),
  card('工作证', ['工作证', '员工工作证', '{H}工作证'], ['姓名', '部门', '职务', '工号', '发证日期']),
  card('学生证', ['学生证', '中学生学生证', '大学学生证'], ['姓名', '性别', '学院', '专业', '学号', '入学时间']),
  card('离休证', ['离休干部离休荣誉证', '离休证'], ['姓名', '性别', '出生年月', '参加革命工作时间', '离休时间', '证号'], '#f7e6e0'),
  card('老年证', ['老年人优待证', '老年证'], ['姓名', '性别', '出生日期', '身份证号', '发证单位', '编号'], '#f8eddc'),
  card('残疾证', ['中华人民共和国残疾人证', '残疾人证'], ['姓名', '性别', '出生日期', '残疾类别', '残疾等级', '证号', '发证机关'], '#e6eee2'),
  cert('结婚证', ['结婚证', '中华人民共和国结婚证'], ['持证人', '登记日期', '结婚证字号', '姓名', '性别', '国籍', '出生日期', '身份证件号'], '#fbeeee'),
  cert('离婚证', ['离婚证', '中华人民共和国离婚证'], ['持证人', '登记日期', '离婚证字号', '姓名', '性别', '国籍', '出生日期', '身份证件号'], '#f1f0ea'),
  cert('独生子女证', ['独生子女父母光荣证', '独生子女证'], ['父亲姓名', '母亲姓名', '子女姓名', '子女性别', '子女出生日期', '发证日期', '编号'], '#fbeeee'),
  cert('毕业证书', ['毕业证书', '普通高等学校毕业证书'], ['学生', '性别', '出生日期', '专业', '学制', '证书编号', '校长'], '#f8f4e8', 'none'),
  cert('肄业证', ['肄业证书', '肄业证明书'], ['学生', '性别', '出生日期', '专业', '证书编号', '校长'], '#f8f4e8', 'none'),
  cert('结业证', ['结业证书', '培训结业证书'], ['学员', '性别', '培训项目', '培训时间', '证书编号'], '#f3f6f8', 'none'),
  cert('学位证', ['学士学位证书', '硕士学位证书', '学位证书'], ['姓名', '性别', '出生日期', '学科门类', '证书编号', '学位评定委员会主席'], '#f7f2e6', 'none'),
  card('机动车驾驶证', ['中华人民共和国机动车驾驶证', '机动车驾驶证 Driving License'], ['证号', '姓名', '性别', '国籍', '住址', '出生日期', '初次领证日期', '准驾车型', '有效期限'], '#eef3f8'),
  booklet('外交护照', ['中华人民共和国外交护照', 'DIPLOMATIC PASSPORT'], PASSPORT, '#efe6e6'),
  booklet('公务护照', ['中华人民共和国公务护照', 'SERVICE PASSPORT'], PASSPORT, '#e6ece6'),
  booklet('因公普通护照', ['中华人民共和国因公普通护照', 'PASSPORT FOR PUBLIC AFFAIRS'], PASSPORT, '#e8ecf1'),
  booklet('普通护照', ['中华人民共和国护照', 'PASSPORT'], PASSPORT, '#f0ebe4'),
  booklet('外国人出入境证', ['中华人民共和国外国人出入境证', 'EXIT-ENTRY PERMIT'], PERMIT),
  booklet('外国人旅行证', ['中华人民共和国外国人旅行证', 'ALIENS TRAVEL PERMIT'], PERMIT),
  booklet('海员证', ['中华人民共和国海员证', 'SEAFARER\'S PASSPORT'], PASSPORT, '#e6edf2'),
  booklet('香港特别行政区护照', ['中华人民共和国香港特别行政区护照', 'HONG KONG SPECIAL ADMINISTRATIVE REGION PASSPORT'], PASSPORT, '#ecebf3'),
  booklet('澳门特别行政区护照', ['中华人民共和国澳门特别行政区护照', 'MACAO SPECIAL ADMINISTRATIVE REGION PASSPORT'], PASSPORT, '#ebf1ec'),
  booklet('澳门特别行政区旅行证', ['中华人民共和国澳门特别行政区旅行证', '澳门特别行政区旅行证'], PERMIT),
  card('台湾居民来往大陆通行证', ['台湾居民来往大陆通行证', 'MAINLAND TRAVEL PERMIT FOR TAIWAN RESIDENTS'], PERMIT, '#eaf0f3'),
  card('往来港澳通行证', ['中华人民共和国往来港澳通行证', 'EXIT-ENTRY PERMIT FOR TRAVELLING TO AND FROM HONG KONG AND MACAO'], PERMIT, '#eef1ea'),
  booklet('前往港澳通行证', ['前往港澳通行证', '中华人民共和国前往港澳通行证'], PERMIT),
  card('港澳同胞回乡证(通行卡)', ['港澳居民来往内地通行证', '港澳同胞回乡证'], PERMIT, '#eaf0f6'),
  card('大陆居民往来台湾通行证', ['大陆居民往来台湾通行证', 'EXIT-ENTRY PERMIT FOR TRAVELLING TO AND FROM TAIWAN'], PERMIT, '#f0eee6'),
  booklet('因公往来香港澳门特别行政区通行证', ['因公往来香港澳门特别行政区通行证'], PERMIT, '#f0e9e2'),
  card('港澳台居民居住证', ['港澳台居民居住证', '中华人民共和国港澳居民居住证'], ['姓名', '性别', '出生', '住址', '公民身份号码', '签发机关', '有效期限', '签发次数'], '#eef2f0'),
  cert('华侨回归定居证', ['华侨回归定居证', '华侨回国定居证'], ['姓名', '性别', '出生日期', '原居住国', '定居地址', '证件号码', '发证机关'], '#f4f1e7'),
  cert('台湾居民定居证', ['台湾居民定居证'], ['姓名', '性别', '出生日期', '定居地址', '证件号码', '发证机关'], '#f4f1e7'),
  card('外国人永久居留身份证', ['中华人民共和国外国人永久居留身份证', 'Foreign Permanent Resident ID Card'], ['姓名/Name', '性别/Sex', '出生日期/Date of Birth', '国籍/Nationality', '有效期限/Period of Validity', '证件号码/Card No.'], '#f4ede6'),
  booklet('外国人居留证', ['外国人居留证', 'RESIDENCE PERMIT FOR FOREIGNER'], PERMIT),
  booklet('外国人临时居留证', ['外国人临时居留证', 'TEMPORARY RESIDENCE PERMIT'], PERMIT),
  cert('入籍证书', ['中华人民共和国入籍证书', '入籍证书'], ['姓名', '性别', '出生日期', '原国籍', '批准日期', '证书编号'], '#f6f1e6'),
  cert('出籍证书', ['中华人民共和国退籍证书', '出籍证书'], ['姓名', '性别', '出生日期', '批准日期', '证书编号'], '#f6f1e6'),
  cert('复籍证书', ['中华人民共和国恢复国籍证书', '复籍证书'], ['姓名', '性别', '出生日期', '批准日期', '证书编号'], '#f6f1e6'),
  letter('意外事故证明', ['意外事故证明', '事故证明', '意外伤害事故证明'], 'government'),
  { root: '机动车行驶证', sub: null, layout: 'card', titles: ['中华人民共和国机动车行驶证', '机动车行驶证 Vehicle License'], card: true, fields: ['号牌号码', '车辆类型', '所有人', '住址', '使用性质', '品牌型号', '车辆识别代号', '发动机号码', '注册日期', '发证日期'], tint: '#eef3ee', issuer: 'police' },
  form('交通事故认定书', ['道路交通事故认定书', '交通事故认定书（简易程序）', '道路交通事故责任认定书'], ['事故时间', '事故地点', '当事人', '驾驶证号', '车辆牌号', '天气', '事故事实', '责任认定', '交通警察'], 'police'),
  { root: '手术记录', sub: null, layout: 'record', titles: ['手术记录', '手术记录单', '{H}手术记录'], card: false, fields: ['术前诊断', '术后诊断', '手术名称', '手术医师', '麻醉方式', '手术经过'], issuer: 'hospital' },
  letter('诊断证明', ['诊断证明书', '疾病诊断证明书', '出院诊断证明书', '医疗诊断证明'], 'hospital'),
  { root: '处方笺', sub: null, layout: 'prescription', titles: ['处方笺', '{H}处方笺', '门诊处方', '普通处方'], card: false, issuer: 'hospital' },
  { root: '医嘱单', sub: null, layout: 'orders', titles: ['长期医嘱单', '临时医嘱单', '医嘱单'], card: false, issuer: 'hospital' },
  { root: '体温单', sub: null, layout: 'temperature', titles: ['体温单', '体温记录单'], card: false, issuer: 'hospital' },
  letter('转诊证明', ['转诊证明', '双向转诊单', '转院证明', '转诊转院审批表'], 'hospital'),
  { root: '重症监护', sub: null, layout: 'orders', titles: ['重症监护记录单', 'ICU护理记录单', '危重患者护理记录'], card: false, issuer: 'hospital' },
  form('第三方报销单', ['第三方报销凭证', '医疗费用报销单', '报销结算单'], ['报销单位', '姓名', '就诊日期', '发票张数', '发票总金额', '报销金额', '自付金额', '经办人']),
  { root: '银行卡', sub: null, layout: 'bank_card', titles: [], card: true, issuer: 'none' },
  { root: '存折', sub: null, layout: 'passbook', titles: ['活期储蓄存折', '储蓄存折'], card: false, issuer: 'none' },
  { root: '营业执照', sub: null, layout: 'license', titles: ['营业执照'], card: true, fields: ['统一社会信用代码', '名称', '类型', '法定代表人', '经营范围', '注册资本', '成立日期', '营业期限', '住所'], tint: '#fbf7ee', issuer: 'government' },
  letter('保险金转交承诺书', ['保险金转交承诺书', '理赔款转交承诺书']),
  letter('保险金领取授权委托书', ['保险金领取授权委托书', '授权委托书（理赔）']),
  form('客户受益所有人信息收集表', ['客户受益所有人信息收集表', '受益所有人信息收集表'], ['客户名称', '受益所有人姓名', '国籍', '证件类型', '证件号码', '证件有效期', '地址', '持股比例']),
  form('非自然人客户身份基本信息登记表', ['非自然人客户身份基本信息登记表'], ['单位名称', '统一社会信用代码', '注册地址', '经营范围', '法定代表人', '证件号码', '联系电话']),
  form('自然人客户身份基本信息登记表', ['自然人客户身份基本信息登记表', '个人客户身份信息登记表'], ['姓名', '性别', '国籍', '职业', '证件类型', '证件号码', '证件有效期', '住址', '联系电话']),
  letter('司法文书', ['民事判决书', '民事调解书', '刑事判决书', '人民法院民事裁定书'], 'government'),
  form('保险单凭证', ['保险单', '个人保险单', '保险合同', '电子保险单'], ['保险单号', '投保人', '被保险人', '受益人', '险种名称', '保险金额', '保险费', '保险期间', '生效日期']),
  form('调查资料', ['调查报告', '理赔调查报告', '调查笔录', '询问笔录'], ['调查时间', '调查地点', '被调查人', '调查人', '调查内容', '调查结论']),
  { root: '查勘照片', sub: null, layout: 'photo', titles: [], card: false, issuer: 'none' },
  form('合议业审批复', ['合议审批意见', '理赔合议审批表', '合议业审批复'], ['案件号', '被保险人', '合议事项', '合议意见', '审批人', '审批日期']),
  letter('理赔给付协议书', ['理赔给付协议书', '理赔协议书', '赔付协议']),
  letter('申诉案件申请书', ['理赔申诉申请书', '申诉案件申请书', '申诉书']),
  letter('理赔补充资料', ['理赔补充资料通知书', '补充资料清单', '理赔资料补充说明']),
  letter('二核回函', ['二次核保回函', '二核回函', '核保函回执']),
  form('理赔批单', ['理赔批单', '理赔决定通知书', '理赔结案批单'], ['批单号', '保单号', '被保险人', '给付项目', '给付金额', '结案日期', '理赔员']),
  form('医学死亡证明', ['居民死亡医学证明(推断)书', '医学死亡证明书', '死亡医学证明'], ['死者姓名', '性别', '民族', '身份证号', '死亡日期', '死亡地点', '直接死因', '根本死因', '医师签名'], 'hospital'),
  letter('火化证明', ['火化证明', '遗体火化证明书'], 'government'),
  letter('户口注销证明', ['户口注销证明', '注销户口证明'], 'police'),
  { root: '其它诊治资料', sub: null, layout: 'record', titles: ['会诊记录', '病程记录', '护理记录', '知情同意书', '麻醉记录单'], card: false, fields: ['病情摘要', '诊疗经过', '意见'], issuer: 'hospital' },
  { root: '其他', sub: null, layout: 'other', titles: ['通知', '温馨提示', '收据', '说明', '购物小票'], card: false, issuer: 'none' },
  letter('个人信息授权协议', ['个人信息授权协议', '个人信息查询授权书', '个人信息使用授权书']),
  letter('反欺诈声明', ['反欺诈声明', '反保险欺诈告知书', '反欺诈提示及声明']),

  { root: '户口簿', sub: '户口簿首页', layout: 'hukou_home', titles: ['户口簿', '常住人口登记簿'], card: false, issuer: 'police' },
  { root: '户口簿', sub: '户口簿空白页', layout: 'hukou_blank', titles: ['常住人口登记卡'], card: false, issuer: 'police' },
  { root: '户口簿', sub: '户口簿信息页', layout: 'hukou_info', titles: ['常住人口登记卡'], card: false, issuer: 'police' },

  { root: '病历相关资料', sub: '出院记录', layout: 'record', titles: ['出院记录', '出院小结', '{H}出院记录'], card: false, fields: ['入院日期', '出院日期', '入院诊断', '出院诊断', '入院情况', '诊疗经过', '出院情况', '出院医嘱'], issuer: 'hospital' },
  { root: '病历相关资料', sub: '门诊病历', layout: 'record', titles: ['门诊病历', '门诊病历记录', '门(急)诊病历'], card: false, fields: ['主诉', '现病史', '既往史', '体格检查', '初步诊断', '处理'], issuer: 'hospital' },
  { root: '病历相关资料', sub: '入院记录', layout: 'record', titles: ['入院记录', '住院病历', '入院记录（首次）'], card: false, fields: ['主诉', '现病史', '既往史', '个人史', '体格检查', '初步诊断'], issuer: 'hospital' },
  { root: '病历相关资料', sub: '住院病案首页', layout: 'casefront', titles: ['住院病案首页'], card: false, issuer: 'hospital' },

  { root: '检查报告', sub: '化验报告', layout: 'lab', titles: ['检验报告单', '临床检验报告单', '血常规检验报告', '生化检验报告单'], card: false, issuer: 'hospital' },
  { root: '检查报告', sub: '数字化摄影报告', layout: 'imaging', titles: ['DR检查报告单', '数字化X线摄影报告', '放射科检查报告单'], card: false, fields: ['检查部位', '检查方法', '影像所见', '诊断意见'], issuer: 'hospital' },
  { root: '检查报告', sub: '彩色多普勒报告', layout: 'imaging', titles: ['彩色多普勒超声检查报告单', '彩超检查报告', '超声心动图报告'], card: false, fields: ['检查部位', '超声所见', '超声提示'], issuer: 'hospital' },
  { root: '检查报告', sub: 'CT报告', layout: 'imaging', titles: ['CT检查报告单', 'CT诊断报告', '计算机断层扫描报告'], card: false, fields: ['检查部位', '检查方法', '影像所见', '诊断意见'], issuer: 'hospital' },
  { root: '检查报告', sub: 'PET-CT报告', layout: 'imaging', titles: ['PET-CT检查报告单', 'PET/CT诊断报告'], card: false, fields: ['检查项目', '显像剂', '检查所见', '诊断意见'], issuer: 'hospital' },
  { root: '检查报告', sub: '黑白B超报告', layout: 'imaging', titles: ['B超检查报告单', '超声检查报告单', 'B型超声诊断报告'], card: false, fields: ['检查部位', '超声所见', '超声提示'], issuer: 'hospital' },
  { root: '检查报告', sub: '核磁报告', layout: 'imaging', titles: ['磁共振检查报告单', 'MRI检查报告', '核磁共振诊断报告'], card: false, fields: ['检查部位', '扫描序列', '影像所见', '诊断意见'], issuer: 'hospital' },
  { root: '检查报告', sub: '病理报告', layout: 'imaging', titles: ['病理诊断报告单', '病理检查报告', '组织病理学诊断报告'], card: false, fields: ['送检标本', '肉眼所见', '镜下所见', '病理诊断'], issuer: 'hospital' },

  { root: '费用类票据', sub: '住院发票', layout: 'invoice', titles: [], card: false, issuer: 'hospital', visit: 2 },
  { root: '费用类票据', sub: '住院电子发票', layout: 'invoice', titles: [], card: false, issuer: 'hospital', visit: 2, electronic: true },
  { root: '费用类票据', sub: '门诊发票', layout: 'invoice', titles: [], card: false, issuer: 'hospital', visit: 1 },
  { root: '费用类票据', sub: '门诊普通增值税票', layout: 'vat_invoice', titles: ['{P}增值税普通发票'], card: false, issuer: 'hospital', visit: 1 },
  { root: '费用类票据', sub: '住院普通增值税票', layout: 'vat_invoice', titles: ['{P}增值税普通发票'], card: false, issuer: 'hospital', visit: 2 },
  { root: '费用类票据', sub: '门诊电子普通增值税票', layout: 'vat_invoice', titles: ['{P}增值税电子普通发票'], card: false, issuer: 'hospital', visit: 1, electronic: true },
  { root: '费用类票据', sub: '住院电子普通增值税票', layout: 'vat_invoice', titles: ['{P}增值税电子普通发票'], card: false, issuer: 'hospital', visit: 2, electronic: true },
  { root: '费用类票据', sub: '门诊电子发票', layout: 'invoice', titles: [], card: false, issuer: 'hospital', visit: 1, electronic: true },
  { root: '费用类票据', sub: '门诊结算单', layout: 'settlement', titles: ['门诊费用结算单', '门诊医保结算单', '门诊收费结算单'], card: false, issuer: 'hospital', visit: 1 },
  { root: '费用类票据', sub: '住院结算单', layout: 'settlement', titles: ['住院费用结算单', '出院结算单', '医疗保险住院结算单'], card: false, issuer: 'hospital', visit: 2 },
  { root: '费用类票据', sub: '门诊结算费用票据', layout: 'settlement', titles: ['门诊结算费用票据', '门诊收费票据（结算联）'], card: false, issuer: 'hospital', visit: 1 },
  { root: '费用类票据', sub: '住院结算费用票据', layout: 'settlement', titles: ['住院结算费用票据', '住院收费票据（结算联）'], card: false, issuer: 'hospital', visit: 2 },
  { root: '费用类票据', sub: '门诊结算费用清单', layout: 'cost_list', titles: ['门诊结算费用清单', '门诊费用结算明细'], card: false, issuer: 'hospital', visit: 1 },
  { root: '费用类票据', sub: '住院结算费用清单', layout: 'cost_list', titles: ['住院结算费用清单', '住院费用结算明细'], card: false, issuer: 'hospital', visit: 2 },
  { root: '费用类票据', sub: '门诊明细小票', layout: 'receipt', titles: ['门诊收费明细', '门诊缴费小票'], card: false, issuer: 'hospital', visit: 1, fields: ['detail'] },
  { root: '费用类票据', sub: '住院明细小票', layout: 'receipt', titles: ['住院预交/结算明细', '住院收费明细小票'], card: false, issuer: 'hospital', visit: 2, fields: ['detail'] },
  { root: '费用类票据', sub: '门诊无明细小票', layout: 'receipt', titles: ['门诊缴费凭条', '门诊收费凭证'], card: false, issuer: 'hospital', visit: 1 },
  { root: '费用类票据', sub: '住院无明细小票', layout: 'receipt', titles: ['住院押金收据', '住院缴费凭条'], card: false, issuer: 'hospital', visit: 2 },
  { root: '费用类票据', sub: '明细小票', layout: 'receipt', titles: ['收费明细', '缴费明细凭条'], card: false, issuer: 'hospital', fields: ['detail'] },
  { root: '费用类票据', sub: '无明细小票', layout: 'receipt', titles: ['缴费凭条', '交易凭条'], card: false, issuer: 'hospital' },
  { root: '费用类票据', sub: '发票', layout: 'vat_invoice', titles: ['{P}通用机打发票', '{P}增值税普通发票', '定额发票'], card: false, issuer: 'none' },

  { root: '费用清单', sub: '门诊清单', layout: 'cost_list', titles: ['门诊费用清单', '门诊费用明细清单'], card: false, issuer: 'hospital', visit: 1 },
  { root: '费用清单', sub: '门诊结算单', layout: 'settlement', titles: ['门诊结算清单', '门诊费用结算清单'], card: false, issuer: 'hospital', visit: 1 },
  { root: '费用清单', sub: '住院结算单', layout: 'settlement', titles: ['住院结算清单', '医疗保障基金结算清单'], card: false, issuer: 'hospital', visit: 2 },
  { root: '费用清单', sub: '住院清单', layout: 'cost_list', titles: ['住院费用清单', '住院患者费用明细清单', '住院费用一日清单'], card: false, issuer: 'hospital', visit: 2 },
  { root: '费用清单', sub: '门诊结算费用清单', layout: 'cost_list', titles: ['门诊结算费用清单（清单联）', '门诊收费项目清单'], card: false, issuer: 'hospital', visit: 1 },
  { root: '费用清单', sub: '住院结算费用清单', layout: 'cost_list', titles: ['住院结算费用清单（清单联）', '住院收费项目清单'], card: false, issuer: 'hospital', visit: 2 },
];

/** The id a kind is addressed by on the command line and in labels: "root" or "root/sub". */
export function classId(def: ClassDef): string {
  return def.sub === null ? def.root : `${def.root}/${def.sub}`;
}
