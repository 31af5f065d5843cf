/** Chinese capital numerals (大写金额) in both directions: 壹万叁仟柒佰玖拾伍元陆角陆分 <-> 13795.66. */
import { normalizeText, } from './normalize.js';
import { roundCents } from './amount.js';

const DIGITS: Readonly<Record<string, number>> = {
  零: 0, 〇: 0, O: 0,
  壹: 1, 一: 1, 弌: 1,
  贰: 2, 貳: 2, 二: 2, 两: 2,
  叁: 3, 參: 3, 参: 3, 三: 3,
  肆: 4, 四: 4,
  伍: 5, 五: 5,
  陆: 6, 陸: 6, 六: 6,
  柒: 7, 七: 7,
  捌: 8, 八: 8,
  玖: 9, 九: 9,
};
const SMALL_UNITS: Readonly<Record<string, number>> = { 拾: 10, 十: 10, 佰: 100, 百: 100, 仟: 1000, 千: 1000 };
const CAPITAL_DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];

/**
 * Parses a capital amount. Position markers that some forms pre-print for empty places (`⊗`, `X`,
 * `×`) and words around the figure (人民币, 大写, 整) are ignored. Returns null when the text holds
 * no capital numeral or a character that cannot be part of one.
 */
export function parseCapitalAmount(raw: string): number | null {
  // A marker stands for an empty place: 零, so that the unit after it counts nothing (⊗拾 is not 10).
  const s = normalizeText(raw)
    .replace(/[⊗ⓧ×xX*]/g, '零')
    .replace(/人民币|大写|合计|金额|[()（）:：\s]/g, '')
    .replace(/[整正]$/, '');
  if (s.length === 0) return null;
  let total = 0; // completed 亿 groups
  let section = 0; // completed 万 group inside the current 亿 group
  let group = 0; // below 万
  let digit: number | null = null;
  let yuan = 0;
  let fraction = 0;
  let inFraction = false;
  let seen = false;
  for (const c of s) {
    if (c in DIGITS) {
      digit = DIGITS[c]!;
      seen = true;
    } else if (c in SMALL_UNITS) {
      group += (digit ?? 1) * SMALL_UNITS[c]!;
      digit = null;
      seen = true;
    } else if (c === '万' || c === '萬') {
      section += (group + (digit ?? 0)) * 10_000;
      group = 0;
      digit = null;
    } else if (c === '亿' || c === '億') {
      total += (section + group + (digit ?? 0)) * 100_000_000;
      section = 0;
      group = 0;
      digit = null;
    } else if (c === '元' || c === '圆' || c === '圓') {
      yuan = total + section + group + (digit ?? 0);
      total = section = group = 0;
      digit = null;
      inFraction = true;
    } else if (c === '角') {
      fraction += (digit ?? 0) * 0.1;
      digit = null;
      inFraction = true;
    } else if (c === '分') {
      fraction += (digit ?? 0) * 0.01;
      digit = null;
      inFraction = true;
    } else {
      return null;
    }
  }
  if (!seen) return null;
  if (!inFraction) yuan = total + section + group + (digit ?? 0);
  return roundCents(yuan + fraction);
}

function formatBelowTenThousand(n: number): string {
  const units = ['', '拾', '佰', '仟'];
  let out = '';
  let pendingZero = false;
  for (let p = 3; p >= 0; p--) {
    const d = Math.floor(n / 10 ** p) % 10;
    if (d === 0) {
      if (out.length > 0) pendingZero = true;
      continue;
    }
    if (pendingZero) out += '零';
    pendingZero = false;
    out += CAPITAL_DIGITS[d]! + units[p]!;
  }
  return out;
}

/**
 * Formats an amount the way banks and invoices print it (中国人民银行 rules): 零 for skipped
 * places, 整 after 元 when there are no 角/分, none after 角.
 */
export function formatCapitalAmount(value: number): string {
  const negative = value < 0;
  const cents = Math.round(Math.abs(value) * 100);
  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  const groups: number[] = [];
  for (let n = yuan; n > 0; n = Math.floor(n / 10_000)) groups.push(n % 10_000);
  const groupUnits = ['', '万', '亿', '万亿'];
  let integer = '';
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (g === 0) {
      if (integer.length > 0 && !integer.endsWith('零')) integer += '零';
      continue;
    }
    // A group below 1000 after a higher group needs a 零 (壹万零伍拾).
    if (integer.length > 0 && g < 1000 && !integer.endsWith('零')) integer += '零';
    integer += formatBelowTenThousand(g) + groupUnits[i]!;
  }
  integer = integer.replace(/零+$/, '');
  let out = '';
  if (integer.length > 0) out += integer + '元';
  if (jiao === 0 && fen === 0) out += integer.length > 0 ? '整' : '零元整';
  else {
    if (jiao > 0) out += CAPITAL_DIGITS[jiao]! + '角';
    else if (integer.length > 0) out += '零';
    if (fen > 0) out += CAPITAL_DIGITS[fen]! + '分';
  }
  return (negative ? '负' : '') + out;
}

/** True when a text looks like a capital amount rather than ordinary words. */
export function looksCapital(raw: string): boolean {
  const s = normalizeText(raw);
  const capitals = s.match(/[零壹贰貳叁肆伍陆陸柒捌玖拾佰仟万亿元圆角分整]/g)?.length ?? 0;
  return capitals >= 2 && /[元圆角分]/.test(s);
}

const CAPITAL_NUMERAL = /[零壹贰貳叁參肆伍陆陸柒捌玖]/g;

/**
 * Whether a capital amount as OCR read it agrees with a figure amount, tolerating what OCR does to
 * 大写 lines: one misread character per six (参角 for 叁角, 壹方 for 壹万) and a cut-off start or end
 * (the line split at the label, 伍分 lost at the frame). The read text is aligned against the
 * figure's own 大写 with free ends on the formatted side, so a fragment counts only where it is a
 * run of that spelling. A fragment with fewer than two numerals says too little to agree.
 */
export function capitalTextAgrees(read: string, value: number): boolean {
  const r = normalizeText(read)
    .replace(/人民币|大写|合计|金额|[()（）:：¥￥\s]/g, '')
    .replace(/[⊗ⓧ×xX*]/g, '零')
    // Forms differ on 整 after 角 (the banks' rule omits it); it says nothing about the amount.
    .replace(/[整正]$/, '');
  if (r.length < 4 || (r.match(CAPITAL_NUMERAL)?.length ?? 0) < 2) return false;
  const f = formatCapitalAmount(value).replace(/整$/, '');
  // Semi-global edit distance: r in full against any substring of f.
  let prev = new Array<number>(f.length + 1).fill(0);
  for (let i = 1; i <= r.length; i++) {
    const cur = new Array<number>(f.length + 1);
    cur[0] = i;
    for (let j = 1; j <= f.length; j++) {
      const sub = prev[j - 1]! + (r[i - 1] === f[j - 1] ? 0 : 1);
      cur[j] = Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1);
    }
    prev = cur;
  }
  return Math.min(...prev) <= Math.floor(r.length / 6);
}
