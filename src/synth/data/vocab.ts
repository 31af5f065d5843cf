/** Word lists the generator draws from (fictional people and places; real-sounding medical terms). */

export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split('');
export const GIVEN_CHARS = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬建国志文斌宇浩凯鹏辉健波宁欣怡晨阳雪梅海燕春梅晓东子涵雨萱梓轩浩然嘉怡思远文博俊杰佳琪'.split('');
export const ETHNICITIES = ['汉', '汉', '汉', '汉', '回', '满', '壮', '苗', '蒙古', '土家', '彝', '朝鲜'];

export const CITIES: readonly { readonly province: string; readonly city: string; readonly code: string }[] = [
  { province: '北京市', city: '北京市', code: '110105' }, { province: '天津市', city: '天津市', code: '120103' },
  { province: '河北省', city: '石家庄市', code: '130102' }, { province: '山西省', city: '太原市', code: '140105' },
  { province: '内蒙古自治区', city: '呼和浩特市', code: '150102' }, { province: '辽宁省', city: '沈阳市', code: '210102' },
  { province: '吉林省', city: '长春市', code: '220102' }, { province: '黑龙江省', city: '哈尔滨市', code: '230102' },
  { province: '上海市', city: '上海市', code: '310104' }, { province: '江苏省', city: '南京市', code: '320102' },
  { province: '浙江省', city: '杭州市', code: '330106' }, { province: '安徽省', city: '合肥市', code: '340103' },
  { province: '福建省', city: '福州市', code: '350102' }, { province: '江西省', city: '南昌市', code: '360102' },
  { province: '山东省', city: '济南市', code: '370102' }, { province: '河南省', city: '郑州市', code: '410105' },
  { province: '湖北省', city: '武汉市', code: '420106' }, { province: '湖南省', city: '长沙市', code: '430102' },
  { province: '广东省', city: '广州市', code: '440106' }, { province: '广西壮族自治区', city: '南宁市', code: '450103' },
  { province: '海南省', city: '海口市', code: '460106' }, { province: '重庆市', city: '重庆市', code: '500103' },
  { province: '四川省', city: '成都市', code: '510104' }, { province: '贵州省', city: '贵阳市', code: '520102' },
  { province: '云南省', city: '昆明市', code: '530102' }, { province: '陕西省', city: '西安市', code: '610103' },
  { province: '甘肃省', city: '兰州市', code: '620102' }, { province: '宁夏回族自治区', city: '银川市', code: '640104' },
  { province: '新疆维吾尔自治区', city: '乌鲁木齐市', code: '650102' },
];

export const STREETS = ['人民路', '解放路', '建设大道', '中山路', '和平街', '长江路', '新华街', '文化路', '光明路', '朝阳路', '胜利街', '青年路', '学府路', '幸福路'];
export const DISTRICTS = ['朝阳区', '新城区', '高新区', '城关区', '鼓楼区', '开发区', '东城区', '西湖区', '雁塔区', '金水区'];

export const HOSPITAL_STEMS = ['第一人民医院', '第二人民医院', '中心医院', '人民医院', '中医院', '妇幼保健院', '医科大学附属第一医院', '医科大学附属第二医院', '肿瘤医院', '儿童医院', '口腔医院', '骨科医院', '第三医院', '协和医院', '同仁医院'];
export const HOSPITAL_TYPES = ['综合医院', '专科医院', '中医医院', '妇幼保健院', '社区卫生服务中心'];
export const INSURANCE_TYPES = ['城镇职工基本医疗保险', '城乡居民基本医疗保险', '自费', '省内异地医保', '市医保', '新农合', '职工医保', '居民医保'];
export const DEPARTMENTS = ['内科', '外科', '骨科', '心血管内科', '呼吸内科', '消化内科', '神经内科', '普外科', '妇产科', '儿科', '眼科', '耳鼻喉科', '皮肤科', '肿瘤科', '泌尿外科', '急诊科'];
export const DIAGNOSES = ['急性上呼吸道感染', '社区获得性肺炎', '2型糖尿病', '原发性高血压', '冠状动脉粥样硬化性心脏病', '急性阑尾炎', '胆囊结石伴慢性胆囊炎', '腰椎间盘突出症', '左桡骨远端骨折', '慢性胃炎', '支气管哮喘', '脑梗死', '甲状腺结节', '乳腺纤维腺瘤', '急性胃肠炎', '右踝关节扭伤', '肾结石', '子宫肌瘤', '白内障', '颈椎病'];
export const SURGERIES = ['腹腔镜下阑尾切除术', '腹腔镜胆囊切除术', '桡骨远端骨折切开复位内固定术', '甲状腺部分切除术', '白内障超声乳化摘除术', '经皮冠状动脉介入治疗', '腰椎间盘髓核摘除术'];

/** Cost categories of invoices (项目名称 on paper invoices). */
export const CATEGORIES_OUTPATIENT = ['西药费', '中成药费', '中草药费', '检查费', '化验费', '治疗费', '诊察费', '挂号费', '卫生材料费', '放射费', '手术费', '其他费用'];
export const CATEGORIES_INPATIENT = ['床位费', '诊察费', '检查费', '化验费', '治疗费', '手术费', '护理费', '卫生材料费', '西药费', '中成药费', '中草药费', '一般诊疗费', '其他住院费用'];

export interface CatalogueItem {
  readonly name: string;
  readonly category: string;
  readonly spec: string;
  readonly unit: string;
  /** 1 western medicine, 2 Chinese medicine, 3 treatment item. */
  readonly medicalType: 1 | 2 | 3;
  readonly price: number;
  readonly level: '甲' | '乙' | '丙';
}

export const CATALOGUE: readonly CatalogueItem[] = [
  { name: '阿莫西林胶囊', category: '西药费', spec: '0.25g*24粒', unit: '盒', medicalType: 1, price: 12.5, level: '甲' },
  { name: '头孢克肟分散片', category: '西药费', spec: '0.1g*6片', unit: '盒', medicalType: 1, price: 28.6, level: '乙' },
  { name: '0.9%氯化钠注射液', category: '西药费', spec: '100ml', unit: '袋', medicalType: 1, price: 3.8, level: '甲' },
  { name: '布洛芬缓释胶囊', category: '西药费', spec: '0.3g*20粒', unit: '盒', medicalType: 1, price: 16.9, level: '甲' },
  { name: '盐酸二甲双胍片', category: '西药费', spec: '0.5g*48片', unit: '盒', medicalType: 1, price: 21.3, level: '甲' },
  { name: '苯磺酸氨氯地平片', category: '西药费', spec: '5mg*28片', unit: '盒', medicalType: 1, price: 34.2, level: '乙' },
  { name: '注射用头孢曲松钠', category: '西药费', spec: '1.0g', unit: '支', medicalType: 1, price: 8.75, level: '甲' },
  { name: '奥美拉唑肠溶胶囊', category: '西药费', spec: '20mg*14粒', unit: '盒', medicalType: 1, price: 19.8, level: '甲' },
  { name: '连花清瘟胶囊', category: '中成药费', spec: '0.35g*24粒', unit: '盒', medicalType: 2, price: 14.8, level: '甲' },
  { name: '复方丹参滴丸', category: '中成药费', spec: '27mg*180丸', unit: '瓶', medicalType: 2, price: 26.5, level: '甲' },
  { name: '血塞通软胶囊', category: '中成药费', spec: '0.33g*24粒', unit: '盒', medicalType: 2, price: 38.0, level: '乙' },
  { name: '黄芪', category: '中草药费', spec: '饮片', unit: 'g', medicalType: 2, price: 0.12, level: '乙' },
  { name: '当归', category: '中草药费', spec: '饮片', unit: 'g', medicalType: 2, price: 0.35, level: '乙' },
  { name: '血常规', category: '化验费', spec: '', unit: '次', medicalType: 3, price: 20, level: '甲' },
  { name: '肝功能全套', category: '化验费', spec: '', unit: '次', medicalType: 3, price: 85, level: '甲' },
  { name: 'C反应蛋白测定', category: '化验费', spec: '', unit: '项', medicalType: 3, price: 15, level: '甲' },
  { name: '尿常规', category: '化验费', spec: '', unit: '次', medicalType: 3, price: 10, level: '甲' },
  { name: '胸部CT平扫', category: '检查费', spec: '', unit: '次', medicalType: 3, price: 240, level: '甲' },
  { name: '彩色多普勒超声', category: '检查费', spec: '', unit: '部位', medicalType: 3, price: 120, level: '甲' },
  { name: '心电图检查', category: '检查费', spec: '', unit: '次', medicalType: 3, price: 25, level: '甲' },
  { name: 'DR摄影', category: '放射费', spec: '', unit: '次', medicalType: 3, price: 90, level: '甲' },
  { name: '静脉输液', category: '治疗费', spec: '', unit: '组', medicalType: 3, price: 9, level: '甲' },
  { name: '换药(中)', category: '治疗费', spec: '', unit: '次', medicalType: 3, price: 26, level: '甲' },
  { name: '雾化吸入', category: '治疗费', spec: '', unit: '次', medicalType: 3, price: 12, level: '甲' },
  { name: '普通门诊诊查费', category: '诊察费', spec: '', unit: '次', medicalType: 3, price: 10, level: '甲' },
  { name: '主任医师诊查费', category: '诊察费', spec: '', unit: '次', medicalType: 3, price: 50, level: '甲' },
  { name: '挂号费', category: '挂号费', spec: '', unit: '次', medicalType: 3, price: 1, level: '甲' },
  { name: '一次性输液器', category: '卫生材料费', spec: '带针', unit: '套', medicalType: 3, price: 4.5, level: '乙' },
  { name: '医用纱布', category: '卫生材料费', spec: '8cm*10cm', unit: '包', medicalType: 3, price: 2.4, level: '乙' },
  { name: '阑尾切除术', category: '手术费', spec: '', unit: '次', medicalType: 3, price: 980, level: '甲' },
  { name: '普通床位费', category: '床位费', spec: '三人间', unit: '日', medicalType: 3, price: 35, level: '甲' },
  { name: '二级护理', category: '护理费', spec: '', unit: '日', medicalType: 3, price: 18, level: '甲' },
  { name: '一般诊疗费', category: '一般诊疗费', spec: '', unit: '次', medicalType: 3, price: 10, level: '甲' },
  { name: '住院诊查费', category: '诊察费', spec: '', unit: '日', medicalType: 3, price: 12, level: '甲' },
  { name: '静脉采血', category: '其他费用', spec: '', unit: '次', medicalType: 3, price: 3, level: '甲' },
  { name: '院内会诊', category: '其他住院费用', spec: '', unit: '次', medicalType: 3, price: 30, level: '甲' },
];

export const LAB_TESTS: readonly { readonly name: string; readonly code: string; readonly unit: string; readonly lo: number; readonly hi: number }[] = [
  { name: '白细胞计数', code: 'WBC', unit: '10^9/L', lo: 3.5, hi: 9.5 },
  { name: '红细胞计数', code: 'RBC', unit: '10^12/L', lo: 4.3, hi: 5.8 },
  { name: '血红蛋白', code: 'HGB', unit: 'g/L', lo: 130, hi: 175 },
  { name: '红细胞压积', code: 'HCT', unit: '%', lo: 40, hi: 50 },
  { name: '血小板计数', code: 'PLT', unit: '10^9/L', lo: 125, hi: 350 },
  { name: '中性粒细胞百分比', code: 'NEU%', unit: '%', lo: 40, hi: 75 },
  { name: '淋巴细胞百分比', code: 'LYM%', unit: '%', lo: 20, hi: 50 },
  { name: '单核细胞百分比', code: 'MON%', unit: '%', lo: 3, hi: 10 },
  { name: '丙氨酸氨基转移酶', code: 'ALT', unit: 'U/L', lo: 9, hi: 50 },
  { name: '天门冬氨酸氨基转移酶', code: 'AST', unit: 'U/L', lo: 15, hi: 40 },
  { name: '总胆红素', code: 'TBIL', unit: 'umol/L', lo: 3.4, hi: 20.5 },
  { name: '肌酐', code: 'CREA', unit: 'umol/L', lo: 57, hi: 111 },
  { name: '尿素', code: 'UREA', unit: 'mmol/L', lo: 3.1, hi: 8 },
  { name: '葡萄糖', code: 'GLU', unit: 'mmol/L', lo: 3.9, hi: 6.1 },
  { name: '总胆固醇', code: 'TC', unit: 'mmol/L', lo: 2.8, hi: 5.2 },
  { name: '甘油三酯', code: 'TG', unit: 'mmol/L', lo: 0.56, hi: 1.7 },
  { name: 'C反应蛋白', code: 'CRP', unit: 'mg/L', lo: 0, hi: 10 },
];

export const BANKS = [
  { name: '中国工商银行', en: 'ICBC', color: '#c7000b' }, { name: '中国建设银行', en: 'CCB', color: '#0a4a9a' },
  { name: '中国农业银行', en: 'ABC', color: '#007a5e' }, { name: '中国银行', en: 'BANK OF CHINA', color: '#a71e32' },
  { name: '交通银行', en: 'BANKCOMM', color: '#1d3f8f' }, { name: '招商银行', en: 'CMB', color: '#c8102e' },
  { name: '中国邮政储蓄银行', en: 'PSBC', color: '#00723f' },
];

export const INSURERS = ['平安人寿保险股份有限公司', '中国人寿保险股份有限公司', '太平洋人寿保险股份有限公司', '新华人寿保险股份有限公司', '泰康人寿保险有限责任公司', '中国人民健康保险股份有限公司'];
