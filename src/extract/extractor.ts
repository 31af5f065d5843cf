/**
 * Operation C's domain: OCR lines of one invoice image in, `medical_result` out (api.md 2.C).
 *
 * Not found convention (docs/extract.md): strings "", numbers 0, checks -1, lists [] and payments
 * not printed are left out.
 */
import type { CostCategory } from '../contract/common.js';
import type { CostDetail, ExtractVariant, MedicalResult, Province } from '../contract/extract.js';
import type { OcrLine } from '../ocr/types.js';
import { parseEInvoiceQr, type EInvoiceElements } from '../qr/einvoice-payload.js';
import { nationalCatalogue, type Catalogue } from './catalogue.js';
import { checkPayments, computeChecksum, totalCheck } from './checksum.js';
import { readDetailTables, reconcileDetailCosts } from './details.js';
import { pageAmounts, totalFromCapitalText } from './capital-total.js';
import { blurredPrintYields, lostCharactersOf } from './qr-slips.js';
import { noteCodeWithLostLabel, onlyDateOfPage } from './lost-labels.js';
import { dropLeadingLabel, placeNames, trimSealLead } from './reread.js';
import { chargingUnitsFollowingHospital, isSealTextAlone, preferHospitalShaped } from './hospital-name.js';
import { fillFromSplit, misreadPart, readCategoryGrid, readPaymentLabels, restoreCategoryPoints, restoreLostPoints, totalSplits, type PrintedPayment } from './grid.js';
import {
  addFieldTerms, dropLabelValues, findHospitalName, stayEndAfterStart, findTitle, provinceIn, provinceOfCode, readHeader, repairHospitalName, type HeaderValues, type TermPayload,
} from './header.js';
import { deskewLines, linesAtLeftEdge } from './deskew.js';
import { costHeadingWords, orphanCategoryAmounts } from './orphan-amounts.js';
import { segmentLines, typicalHeight, type Segment } from './layout.js';
import { lookalikesAsDigits, roundCents, sameAmount } from './parse/amount.js';
import { daysBetween } from './parse/date.js';
import { parseInvoiceType } from './parse/fields.js';
import { compact } from './parse/normalize.js';
import { extractTables, type ExtractTables, type HeaderField } from './tables.js';
import { scanSegments, TermDictionary, type TermHit } from './terms.js';
import { canonicalTitle, isMisreadMedicalTitle } from './title.js';
import { capitalOnlyTotal, chooseTotal, figuresAgainstCapitalLine } from './total.js';
import { parseCapitalAmount } from './parse/capital.js';
import { billingDateFromVisit, doubtedSlip, fullerReading, lostFiguresOf, restoreDivisionDigit } from './values.js';

export interface ExtractInput {
  readonly lines: readonly OcrLine[];
  readonly width: number;
  readonly height: number;
  readonly variant: ExtractVariant;
  /** Texts of QR codes decoded from the same image. */
  readonly qrPayloads?: readonly string[];
  /**
   * The codes were decoded only from sharpened crops (an out-of-focus photo): printed elements
   * read with doubt yield to them (qr-slips.ts blurredPrintYields).
   */
  readonly qrFromBlurredPhoto?: boolean;
  /** Today in YYYY-MM-DD (Asia/Shanghai); defaults to the clock. Injected by tests. */
  readonly today?: string;
  /** Catalogue to match details against; defaults to data/catalogue.json. */
  readonly catalogue?: Catalogue;
  /**
   * A page whose only sign of a medical invoice is its title misread past its words (河北省诊收 |
   * 票据) is read as one. The caller's last resort, once every reading of the page was refused:
   * such a reading is poor, and a better one (turned, restored) must win when there is one.
   */
  readonly misreadTitleSuffices?: boolean;
}

export type ExtractOutcome =
  | {
      readonly ok: true;
      readonly result: MedicalResult;
      /**
       * Present when a QR code of the page gave e-invoice elements: those whose QR value disagrees
       * with the printed one (note_code, note_no, ...), empty when all agree.
       */
      readonly qrMismatch?: string[];
      /** Province the invoice was read as, when known (the variant's, or recognised). */
      readonly province?: Province;
      readonly electronic: boolean;
    }
  | { readonly ok: false; readonly found: string };

function todayInShanghai(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

function hasAny(text: string, words: readonly string[]): boolean {
  return words.some((w) => text.includes(w));
}

/** What the page is when it is not a medical invoice, or null when it is one. */
export function refusal(lines: readonly OcrLine[], tables: ExtractTables, misreadTitleSuffices = false): string | null {
  const text = compact(lines.map((l) => l.text).join(''));
  if (text.length === 0) return 'no text';
  const categoryHit = tables.categories.some((c) => c.length >= 3 && text.includes(c));
  if (hasAny(text, tables.invoiceWords) && (hasAny(text, tables.medicalWords) || categoryHit)) return null;
  // Out of focus, every medical and invoice word may be misread while the title still shows its
  // pattern (河北省诊收 | 票据): a line, or two in a row (the title boxed in two), read as one.
  const texts = lines.map((l) => compact(l.text));
  if (misreadTitleSuffices && texts.some((t, i) => isMisreadMedicalTitle(t, tables) || (i > 0 && isMisreadMedicalTitle(texts[i - 1]! + t, tables)))) return null;
  for (const r of tables.refusals) {
    if (r.terms.filter((t) => text.includes(t)).length >= r.min) return r.found;
  }
  if (text.length < 12) return 'too little text to read';
  return 'a document that is not a medical invoice';
}

function str(v: HeaderValues, f: HeaderField): string {
  const x = v[f];
  return typeof x === 'string' ? x : '';
}

/** Every text value the header reading gave to some field. */
function headerStrings(v: HeaderValues): Set<string> {
  return new Set(Object.values(v).filter((x): x is string => typeof x === 'string'));
}

function num(v: HeaderValues, f: HeaderField): number | null {
  const x = v[f];
  return typeof x === 'number' ? x : null;
}

function buildDictionary(tables: ExtractTables, province: Province | undefined): TermDictionary<TermPayload> {
  const dict = new TermDictionary<TermPayload>();
  dict.guardMisreads(tables.notMisreads);
  dict.setLookalikes(tables.labelLookalikes);
  // Payment labels lose a thin character to OCR (其他支：346.53); field labels have their own rules.
  dict.tolerateLostCharacter((p) => p.type === 'payment');
  addFieldTerms(dict, tables, province);
  for (const a of tables.paymentAliases) dict.add(a.printed, { type: 'payment', name: a.name, ...(a.provinces ? { provinces: a.provinces } : {}) });
  for (const c of tables.categories) dict.add(c, { type: 'category', name: c });
  for (const w of tables.detailHeaders.keys()) if (w.length >= 2) dict.add(w, { type: 'column' });
  return dict;
}

/** A code with the letters OCR reads for digits (the amount reader's table) taken as those digits. */
function lookalikeKey(code: string): string {
  return lookalikesAsDigits(code).toLowerCase();
}

/**
 * Compares QR elements with printed ones. A printed blank is filled from the QR; a printed code
 * that differs from the QR's only by characters OCR confuses (O/0, l/1, S/5 ...), or by one
 * character the recogniser doubted (values.ts doubtedSlip), is an OCR slip, not a disagreement of
 * the invoice with itself: the QR's machine-encoded value replaces it.
 * Any other difference is a mismatch, reported and left as printed (docs/compat.md).
 */
function crossCheckQr(
  payloads: readonly string[],
  printed: { note_code: string; note_no: string; check_code: string; total_cost: number; billing_date: string },
  segments: readonly Segment[],
  blurredPhoto = false,
): { read: boolean; mismatch: string[]; fill: EInvoiceElements } {
  const mismatch = new Set<string>();
  const fill: EInvoiceElements = {};
  let read = false;
  for (const p of payloads) {
    const qr = parseEInvoiceQr(p);
    // A QR code that is not an e-invoice's (a hospital's app link) says nothing about the invoice.
    if (Object.values(qr).some((v) => v !== undefined)) read = true;
    for (const key of ['note_code', 'note_no', 'check_code', 'billing_date'] as const) {
      const q = qr[key];
      if (q === undefined) continue;
      if (printed[key] === '') fill[key] ??= q;
      else if (printed[key] === q) continue;
      // A letter read in the wrong case (vVzyzp) is a reading slip: the QR's value is the code.
      else if (printed[key].toLowerCase() === q.toLowerCase()) fill[key] ??= q;
      else if (key !== 'billing_date' && (lookalikeKey(printed[key]) === lookalikeKey(q) || doubtedSlip(printed[key], q, segments))) fill[key] ??= q;
      // Figures OCR lost (68496 read for 468496) leave the rest in order: the QR's value is the code.
      else if ((key === 'note_code' || key === 'note_no') && lostFiguresOf(printed[key], q)) fill[key] ??= q;
      // So do characters of a check code lost in a blurred photo (Samk for 5amxwk, qr-slips.ts).
      else if (key === 'check_code' && lostCharactersOf(printed[key], q)) fill[key] ??= q;
      else if (blurredPhoto && blurredPrintYields(printed[key], segments)) fill[key] ??= q;
      else mismatch.add(key);
    }
    if (qr.total_cost !== undefined) {
      if (printed.total_cost === 0) fill.total_cost ??= qr.total_cost;
      else if (blurredPhoto && !sameAmount(printed.total_cost, qr.total_cost)) fill.total_cost ??= qr.total_cost;
      else if (!sameAmount(printed.total_cost, qr.total_cost)) mismatch.add('total_cost');
    }
  }
  return { read, mismatch: [...mismatch], fill };
}

/** Segments holding at least two capital numerals: the 大写 total, possibly misread or cut. */
function capitalLines(segments: readonly Segment[]): string[] {
  return segments.map((s) => s.text).filter((t) => (t.match(/[零壹贰貳叁參肆伍陆陸柒捌玖拾佰仟]/g)?.length ?? 0) >= 2);
}

/** Amounts the invoice itself says its total is, besides the printed total (see totalCheck). */
function totalCorroborations(
  categories: readonly CostCategory[],
  details: readonly CostDetail[],
  payments: readonly PrintedPayment[],
  qrPayloads: readonly string[],
  segments: readonly Segment[],
  tables: ExtractTables,
): number[] {
  const out: number[] = [];
  if (categories.length > 0) out.push(roundCents(categories.reduce((a, c) => a + c.cost, 0)));
  if (details.length > 0) out.push(roundCents(details.reduce((a, d) => a + d.cost, 0)));
  for (const p of qrPayloads) {
    const t = parseEInvoiceQr(p).total_cost;
    if (t !== undefined) out.push(t);
  }
  // The 小写 figure carries a currency sign; when its label was lost it is still a second reading.
  for (const s of segments) {
    const m = /^[¥￥]\s*([\d,]+\.\d{2})$/.exec(compact(s.text));
    if (m) out.push(Number(m[1]!.replace(/,/g, '')));
  }
  const byName = new Map(payments.map((x) => [x.name, x.cost]));
  for (const r of totalSplits(tables.paymentRelations)) {
    const terms = r.sum.filter((n) => byName.has(n));
    if (terms.length >= r.minPresent) out.push(roundCents(terms.reduce((a, n) => a + byName.get(n)!, 0)));
  }
  return out;
}

/**
 * A note code read one figure too short for the code reader (49252 for 649252: the first figure lost
 * at the colon) after its own label, given its division code's first figure back (restoreDivisionDigit).
 * '' when no such reading, or two different ones.
 */
function shortCodeRestored(hits: readonly TermHit<TermPayload>[], adminCode: string | undefined): string {
  const found = new Set<string>();
  for (const h of hits) {
    if (!h.payloads.some((p) => p.type === 'field' && p.field === 'note_code')) continue;
    const figures = /^[:：]?(\d{5,13})(?!\d)/.exec(h.segment.text.slice(h.end))?.[1];
    const restored = figures ? restoreDivisionDigit(figures, adminCode) : '';
    if (figures && restored !== figures) found.add(restored);
  }
  return found.size === 1 ? [...found][0]! : '';
}

/**
 * The invoice number read up to a speck taken for a point (257390 of a cell 257390.14), made whole
 * when a cell holds the number, the point and more figures alone, and those figures joined are
 * another reading of the number on the page (the printed No 25739014): numbers hold no points.
 * The value as read otherwise.
 */
function joinedAtSpeck(value: string, segments: readonly Segment[], readings: readonly string[]): string {
  if (!/^\d+$/.test(value)) return value;
  for (const s of segments) {
    const m = /^(?:[^\d]*[:：])?(\d+)[.,·](\d+)$/.exec(s.text);
    const joined = m && m[1] === value ? m[1] + m[2]! : '';
    if (joined !== '' && readings.includes(joined)) return joined;
  }
  return value;
}

export function extractInvoice(input: ExtractInput): ExtractOutcome {
  const tables = extractTables();
  const found = refusal(input.lines, tables, input.misreadTitleSuffices === true);
  if (found !== null) return { ok: false, found };

  // deskewLines keeps the lines' order, so the edge test on the quads as read indexes its output.
  const segments: Segment[] = segmentLines(deskewLines(input.lines, input.width, input.height), linesAtLeftEdge(input.lines));
  const unit = typicalHeight(segments);
  const title = findTitle(segments, input.height, tables);
  // A printed 票据名称 is the title as the issuer wrote it, legible even where a seal covers the big one.
  const variantProvince = input.variant === 'general' || input.variant === 'e_invoice' ? undefined : input.variant;
  let titleText = canonicalTitle(title?.text ?? '', variantProvince, tables);
  const hospitalGuess = findHospitalName(segments, title, tables);
  let province: Province | undefined = variantProvince ?? provinceIn(titleText, tables) ?? provinceIn(hospitalGuess, tables);

  const dict = buildDictionary(tables, province);
  const hits = dropLabelValues(scanSegments(segments, dict));
  const header = readHeader(hits, segments, unit, tables);
  const labelledTitle = str(header, 'note_title');
  if (labelledTitle !== '' && tables.titleWords.some((w) => labelledTitle.includes(w))) {
    titleText = canonicalTitle(labelledTitle, variantProvince, tables);
    province = variantProvince ?? provinceIn(titleText, tables) ?? province;
  }

  // A code's lost first figure comes back from the province's division code (values.ts).
  const adminCode = province ? tables.provinces.get(province)?.adminCode : undefined;
  const readCode = restoreDivisionDigit(str(header, 'note_code'), adminCode) || shortCodeRestored(hits, adminCode);
  // No code read: its label may have been lost in the blur (T：52250474), the value's form still says it is the code.
  const lostLabelCode = readCode === '' ? noteCodeWithLostLabel(segments, adminCode, [...tables.fields.values()].flatMap((f) => f.labels), headerStrings(header)) : '';
  const noteCode = lostLabelCode || readCode;
  province ??= provinceOfCode(noteCode, tables);
  const provinceRow = province ? tables.provinces.get(province) : undefined;

  const catalogue = input.catalogue ?? nationalCatalogue();
  // A category word in a detail table's rows (挂号费 1次 1.00) is a billed item, not a category.
  const detailTables = readDetailTables(segments, unit, tables, catalogue, new Set(tables.categories));
  const { read: categoryReadings, amountless: categoriesAmountless, nameBoxes: categoryNameBoxes } = readCategoryGrid(hits.filter((h) => !detailTables.segments.has(h.segment.id)), segments, unit);
  const categoryOrphans = orphanCategoryAmounts(segments, unit, categoryNameBoxes, costHeadingWords(tables));
  let categories: CostCategory[] = categoryReadings.map(({ name, cost }) => ({ name, cost }));
  const { payments: printedPayments, amountless } = readPaymentLabels(hits, segments, unit, province);
  let details = detailTables.details;

  const totalFigures = num(header, 'total_cost_figures');
  const totalCapital = num(header, 'total_cost_capital');
  // 小写 and 大写 disagreeing: the reading the invoice backs or the one that lost no digits (total.ts).
  const corroborations = totalCorroborations(categories, details, printedPayments, input.qrPayloads ?? [], segments, tables);
  const capitalTexts = capitalLines(segments);
  let total = chooseTotal(totalFigures, totalCapital, corroborations);
  // Neither reading parsed (a blurred photo): the amount the 大写 text spells, misreads allowed.
  if (total === 0 && totalFigures === null && totalCapital === null) total = totalFromCapitalText(capitalTexts, pageAmounts(segments)) ?? 0;
  // The 大写 label lost: a line that is a 大写 amount alone is the capital reading to weigh the figures against.
  if (totalFigures !== null && totalCapital === null) total = figuresAgainstCapitalLine(total, capitalTexts, corroborations);

  const pageText = compact(input.lines.map((l) => l.text).join(''));
  let type = parseInvoiceType(titleText);
  if (type === 0) {
    // Labels of a stay or of a visit, never a billed item's name (住院诊查费 is billed on both).
    if (/住院号|入院|出院|住院天数|住院科别/.test(pageText)) type = 2;
    else if (/门诊号|门诊日期|就诊日期|挂号|门急诊/.test(pageText)) type = 1;
  }
  const electronic = input.variant === 'e_invoice' || /电子/.test(titleText);

  let start = str(header, 'start_hospital_date');
  let end = str(header, 'end_hospital_date');
  if (start !== '' && end === '') {
    // "住院时间 2021-03-01 至 2021-03-06" prints both dates after one label (or in the cell right of it).
    end = stayEndAfterStart(hits, segments, unit, start);
  }
  if (start !== '' && end !== '' && end < start) [start, end] = [end, start];
  const days = num(header, 'hospital_days') ?? (start !== '' && end !== '' ? daysBetween(start, end) : 0);

  const noteNoReadings = hits
    .filter((h) => h.payloads.some((p) => p.type === 'field' && p.field === 'note_no'))
    .map((h) => /\d{6,14}/.exec(h.segment.text.slice(h.end))?.[0] ?? '')
    .filter((n) => n !== '');
  let noteNo = fullerReading(joinedAtSpeck(str(header, 'note_no'), segments, noteNoReadings), noteNoReadings);
  let checkCode = str(header, 'check_code');
  let billingDate = str(header, 'billing_date');
  let noteCodeOut = noteCode;
  let qrMismatch: string[] | undefined;
  if (input.qrPayloads && input.qrPayloads.length > 0) {
    const { read, mismatch, fill } = crossCheckQr(input.qrPayloads, {
      note_code: noteCodeOut, note_no: noteNo, check_code: checkCode, total_cost: total, billing_date: billingDate,
    }, segments, input.qrFromBlurredPhoto === true);
    // fill holds blanks read from the QR and OCR slips it corrects (crossCheckQr).
    noteCodeOut = fill.note_code ?? noteCodeOut;
    noteNo = fill.note_no ?? noteNo;
    checkCode = fill.check_code ?? checkCode;
    billingDate = fill.billing_date ?? billingDate;
    if ((total === 0 || input.qrFromBlurredPhoto === true) && fill.total_cost !== undefined) total = fill.total_cost;
    if (read) qrMismatch = mismatch;
  }
  // Neither 小写 nor a labelled 大写 read: a line that is a 大写 amount alone, backed by the invoice.
  if (total === 0) total = capitalOnlyTotal(capitalTexts, corroborations, parseCapitalAmount) ?? 0;
  if (billingDate === '') billingDate = billingDateFromVisit(type, str(header, 'treatment_date'), end);
  // Still none on an outpatient invoice: its label spoilt (开家O期), the one day the page holds.
  if (billingDate === '' && type === 1) billingDate = onlyDateOfPage(segments);
  // A category amount OCR misread (a figure the recogniser doubted: 5380.00 for 5880.00) is put back
  // from the total, when the total stands without the categories (大写, QR, payment split, details).
  const totalStands = totalCheck({
    totalFigures, totalCapital, total, capitalTexts,
    corroborations: totalCorroborations([], details, printedPayments, input.qrPayloads ?? [], segments, tables),
  }) === 1;
  // Category amounts adding up to more than the total lost their decimal points (26800 for 268.00).
  const pointedReadings = totalStands ? restoreCategoryPoints(categoryReadings, total) : categoryReadings;
  categories = pointedReadings.map(({ name, cost }) => ({ name, cost }));
  const categoryFix = totalStands ? misreadPart(pointedReadings, total) : null;
  if (categoryFix) categories = categories.map((c) => (c.name === categoryFix.name ? { name: c.name, cost: categoryFix.cost } : c));
  // One grid row whose amount is unreadable (117G.00) holds what the other rows leave of a total
  // that stands without them; the categories' sum then checks nothing (checksum -1).
  const categoryRest = roundCents(total - categories.reduce((a, c) => a + c.cost, 0));
  const categoryDerived = totalStands && !categoryFix && categoriesAmountless.length === 1 && categories.length >= 2 && categoryRest > 0.005;
  if (categoryDerived) categories = [...categories, { name: categoriesAmountless[0]!, cost: categoryRest }];
  // A row's cost misread against its quantity × price is put right when the sums decide (details.ts).
  details = reconcileDetailCosts(details, [total, roundCents(categories.reduce((a, c) => a + c.cost, 0))]);

  const partsOfTotal = new Set([...tables.paymentRelations.filter((r) => r.equals === '$total').flatMap((r) => r.sum), ...tables.withinTotal]);
  // Checks read the payments with lost decimal points put back, as they are output.
  // A split term whose label was read without its figures is what the others leave of the total.
  // On an e-invoice the split's four fields are always printed: one the detector lost is filled too,
  // from a total that stands on its own (大写, QR).
  const payments = fillFromSplit(restoreLostPoints(printedPayments, partsOfTotal, total), amountless, tables.paymentRelations, total, electronic && totalStands);
  const checksum = computeChecksum({
    totalFigures, totalCapital, total, capitalTexts,
    corroborations: totalCorroborations(categories, details, payments, input.qrPayloads ?? [], segments, tables),
    categories, categoriesDerived: categoryDerived, categoryOrphans, details, payments, province: provinceRow, type, electronic,
    noteNo, noteNoReadings, billingDate,
    visitDates: [str(header, 'treatment_date'), end],
    today: input.today ?? todayInShanghai(),
  });
  const payments_info = checkPayments(payments, tables.paymentRelations, total);

  // The seal's 章 printed right after the name is read into it (石家庄协和医院章).
  // The labelled value first, unless only the unlabelled name has a hospital's shape and starts at
  // a place name: a piece of a name (学附属第一医院) or a label read into it (医疗机构类型…) does not,
  // and is better left to the re-read of the payee line. A labelled value that is the seal's ring
  // text alone (收费专5) names no one: the unlabelled name is then taken as if no value was read.
  const labelledName = str(header, 'hospital_name');
  const labelNamesNoOne = labelledName === '' || isSealTextAlone(labelledName);
  const guess = labelNamesNoOne || placeNames().some((p) => hospitalGuess.startsWith(p)) ? hospitalGuess : '';
  const readName = preferHospitalShaped([labelledName, guess].map((n) => n.replace(/(医院|院|中心|诊所|门诊部)[(（]?章[)）]?$/, '$1')));
  // Seal text read before the name (收四川省…) is cut off, or the name dropped when it cannot be.
  // A label missing its first character (款单位(章), the seal took 收) is read as part of the text.
  // The place the seal cut is given back before the lead is judged (住院收州市第三医院: 州市 is 广州市's
  // tail on a Guangdong invoice), as the re-read of the payee line does.
  const restore = (name: string) => repairHospitalName(name, province, tables);
  const hospitalName = repairHospitalName(trimSealLead(dropLeadingLabel(readName), placeNames(), restore), province, tables);
  const result: MedicalResult = {
    note_title: titleText,
    type,
    note_no: noteNo,
    patient_name: str(header, 'patient_name'),
    patient_gender: num(header, 'patient_gender') ?? 0,
    billing_date: billingDate,
    checksum,
    cost_categories: categories,
    cost_detail_list: details,
    hospital_name: hospitalName,
    start_hospital_date: start,
    end_hospital_date: end,
    hospital_days: days,
    total_cost: total,
    medical_insurance_type: str(header, 'medical_insurance_type'),
    medical_organization_type: str(header, 'medical_organization_type'),
    service_serial_no: str(header, 'service_serial_no'),
    social_security_card_no: str(header, 'social_security_card_no'),
    payments_info,
    charging_units: chargingUnitsFollowingHospital({ hospital_name: labelledName, charging_units: str(header, 'charging_units') }, { hospital_name: hospitalName }),
    hospital_no: str(header, 'hospital_no'),
    payee: str(header, 'payee'),
    reviewer: str(header, 'reviewer'),
    hospital_departments: str(header, 'hospital_departments'),
    work_unit: str(header, 'work_unit'),
    payment_channel: str(header, 'payment_channel'),
    medical_insurance_no: str(header, 'medical_insurance_no'),
    medical_card_no: str(header, 'medical_card_no'),
    check_code: checkCode,
    note_code: noteCodeOut,
    medical_record_no: str(header, 'medical_record_no'),
    unified_social_credit_code: str(header, 'unified_social_credit_code'),
    treatment_date: str(header, 'treatment_date'),
  };
  return {
    ok: true,
    result,
    ...(qrMismatch ? { qrMismatch } : {}),
    ...(province ? { province } : {}),
    electronic,
  };
}
