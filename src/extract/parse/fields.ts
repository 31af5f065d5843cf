/** Small value parsers for header fields: gender, invoice type. */
import { compact } from './normalize.js';

/** 0 unknown, 1 male, 2 female (api.md 2.B). */
export function parseGender(raw: string): 0 | 1 | 2 {
  const s = compact(raw);
  if (/^(男|男性|M|Male)$/i.test(s) || (s.includes('男') && !s.includes('女'))) return 1;
  if (/^(女|女性|F|Female)$/i.test(s) || (s.includes('女') && !s.includes('男'))) return 2;
  return 0;
}

/** 0 unknown, 1 outpatient, 2 inpatient, read from a title or any wording that names the kind. */
export function parseInvoiceType(raw: string): 0 | 1 | 2 {
  const s = compact(raw);
  if (/住院/.test(s)) return 2;
  if (/门诊|门急诊|急诊|挂号/.test(s)) return 1;
  return 0;
}
