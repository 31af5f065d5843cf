/** Amounts as printed on Chinese invoices. */

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿'];

function fourDigits(n: number): string {
  let out = '';
  let zero = false;
  for (let pos = 3; pos >= 0; pos--) {
    const d = Math.floor(n / 10 ** pos) % 10;
    if (d === 0) {
      zero = out !== '';
    } else {
      if (zero) out += '零';
      zero = false;
      out += DIGITS[d]! + SMALL_UNITS[pos]!;
    }
  }
  return out;
}

/** Chinese capital numerals (大写) of an amount in yuan: 1234.5 -> 壹仟贰佰叁拾肆元伍角整. */
export function capitalAmount(amount: number): string {
  const fen = Math.round(Math.abs(amount) * 100);
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const f = fen % 10;
  let intPart = '';
  if (yuan > 0) {
    const groups: number[] = [];
    for (let v = yuan; v > 0; v = Math.floor(v / 10000)) groups.push(v % 10000);
    for (let g = groups.length - 1; g >= 0; g--) {
      const value = groups[g]!;
      if (value === 0) continue;
      if (intPart !== '' && value < 1000) intPart += '零';
      intPart += fourDigits(value) + BIG_UNITS[g]!;
    }
    intPart += '元';
  }
  let dec = '';
  if (jiao === 0 && f === 0) dec = '整';
  else {
    if (jiao > 0) dec += DIGITS[jiao]! + '角';
    else if (yuan > 0) dec += '零';
    if (f > 0) dec += DIGITS[f]! + '分';
    else dec += '整';
  }
  const text = (intPart || '') + dec;
  return (amount < 0 ? '负' : '') + (text === '整' ? '零元整' : text);
}

/** Rounds to cents. */
export function cents(v: number): number {
  return Math.round(v * 100) / 100;
}

/** 1234.5 -> "1234.50"; with grouping "1,234.50". */
export function formatAmount(v: number, grouping = false): string {
  const s = cents(v).toFixed(2);
  if (!grouping) return s;
  const [i, d] = s.split('.');
  return `${i!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${d}`;
}
