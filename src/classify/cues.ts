/**
 * Structural cues read from text: numbers whose own check digits prove what they are. A valid
 * check digit is strong evidence because random digit strings pass only 1 time in 11 (ID) or 10
 * (bank cards).
 */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643-1999: whether an 18-character citizen ID number has a valid check character. */
export function isValidId18(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_WEIGHTS[i];
  if (ID_CHECK[sum % 11] !== id[17]) return false;
  // Birth date must be plausible: the 7th-14th characters are YYYYMMDD.
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  return year >= 1880 && year <= 2100 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** Any valid 18-character ID number in the text (spaces inside the number tolerated). */
export function containsValidId18(text: string): boolean {
  const compact = text.normalize('NFKC').toUpperCase().replace(/\s+/g, '');
  for (const m of compact.matchAll(/(?<!\d)\d{17}[\dX](?!\d)/g)) if (isValidId18(m[0])) return true;
  return false;
}

/** Luhn (ISO/IEC 7812) check of a card number. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * What may stand before a card number on its line: nothing (a bank card prints it alone) or the
 * card's own label. A number after another label (工号, 证号, 编号, NO.) is a document number that
 * passes Luhn one time in ten.
 */
const CARD_NUMBER_LEAD = /^(?:卡号|账号|帐号|cardno|cardnumber)?$/;

/** A 16-19 digit card number (printed in groups of 4) that passes Luhn, on one line. */
export function containsBankCardNumber(lines: readonly string[]): boolean {
  for (const line of lines) {
    const t = line.normalize('NFKC');
    for (const m of t.matchAll(/(?<![\d])(?:\d{4}[ ]?){3}\d{4,7}(?![\d])/g)) {
      const lead = t.slice(0, m.index).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
      if (!CARD_NUMBER_LEAD.test(lead)) continue;
      const digits = m[0].replace(/ /g, '');
      if (digits.length >= 16 && digits.length <= 19 && /^[3-9]/.test(digits) && luhnValid(digits)) return true;
    }
  }
  return false;
}

/** An 18-digit run whose 7th-14th digits read as a birth date: a citizen ID number, even misread. */
function looksLikeId18(digits: string): boolean {
  if (digits.length !== 18) return false;
  const year = Number(digits.slice(6, 10));
  const month = Number(digits.slice(10, 12));
  return year >= 1900 && year <= 2100 && month >= 1 && month <= 12;
}

/**
 * A card number whose check digit was not asked for: 16-19 digits alone on their line (or after
 * the card's own label), as a bank card prints its number. One digit misread (a worn embossing, a
 * blurred photo) fails Luhn, but the run of digits is still the card's number. Weaker evidence than
 * a number that passes Luhn; an ID number (18 digits with a birth date inside) is left out.
 */
export function containsUncheckedCardNumber(lines: readonly string[]): boolean {
  for (const line of lines) {
    const t = line.normalize('NFKC');
    const m = /^(\D*?)((?:\d[ ]?){15,18}\d)\s*$/.exec(t);
    if (!m) continue;
    const lead = m[1].toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    const digits = m[2].replace(/ /g, '');
    if (CARD_NUMBER_LEAD.test(lead) && /^[3-9]/.test(digits) && !looksLikeId18(digits)) return true;
  }
  return false;
}

/** A passport machine-readable zone line (ICAO 9303: P<CHN..., or a line of 44 with many '<'). */
export function containsMrz(lines: readonly string[]): boolean {
  for (const line of lines) {
    const t = line.normalize('NFKC').toUpperCase().replace(/\s+/g, '');
    if (/^[PDS][A-Z<][A-Z]{3}[A-Z<]{5,}/.test(t) && (t.match(/</g) ?? []).length >= 4) return true;
    if (t.length >= 40 && (t.match(/</g) ?? []).length >= 6 && /^[A-Z0-9<]+$/.test(t)) return true;
  }
  return false;
}
