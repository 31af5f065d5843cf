/** Fictional people, dates and identifiers with the right shapes (ID check digit, e-invoice codes). */
import type { Rng } from './rng.js';
import { CITIES, DISTRICTS, ETHNICITIES, GIVEN_CHARS, STREETS, SURNAMES } from './data/vocab.js';

export interface Person {
  readonly name: string;
  /** 1 male, 2 female (api.md's coding). */
  readonly gender: 1 | 2;
  readonly genderText: '男' | '女';
  readonly birth: SimpleDate;
  readonly ethnicity: string;
  readonly address: string;
  readonly idNumber: string;
  readonly phone: string;
}

export interface SimpleDate {
  readonly y: number;
  readonly m: number;
  readonly d: number;
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
export const iso = (t: SimpleDate): string => `${t.y}-${pad(t.m)}-${pad(t.d)}`;
export const cnDate = (t: SimpleDate): string => `${t.y}年${pad(t.m)}月${pad(t.d)}日`;
export const compactDate = (t: SimpleDate): string => `${t.y}${pad(t.m)}${pad(t.d)}`;

export function randomDate(rng: Rng, y0: number, y1: number): SimpleDate {
  const y = rng.int(y0, y1);
  const m = rng.int(1, 12);
  return { y, m, d: rng.int(1, 28) };
}

/** Date `days` after `t`. */
export function addDays(t: SimpleDate, days: number): SimpleDate {
  const ms = Date.UTC(t.y, t.m - 1, t.d) + days * 86400000;
  const d = new Date(ms);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

/** GB 11643 check character of an 18-character citizen ID. */
export function idCheckChar(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * weights[i]!;
  return '10X98765432'[sum % 11]!;
}

export function randomName(rng: Rng): string {
  const n = rng.chance(0.7) ? 2 : 1;
  let name = rng.pick(SURNAMES);
  for (let i = 0; i < n; i++) name += rng.pick(GIVEN_CHARS);
  return name;
}

export function randomPerson(rng: Rng): Person {
  const gender: 1 | 2 = rng.chance(0.5) ? 1 : 2;
  const birth = randomDate(rng, 1945, 2015);
  const city = rng.pick(CITIES);
  const seq = rng.int(10, 99) * 10 + (gender === 1 ? rng.pick([1, 3, 5, 7, 9]) : rng.pick([0, 2, 4, 6, 8]));
  const first17 = `${city.code}${compactDate(birth)}${pad(seq, 3)}`;
  const address = `${city.province === city.city ? city.city : city.province + city.city}${rng.pick(DISTRICTS)}${rng.pick(STREETS)}${rng.int(1, 399)}号${rng.chance(0.6) ? `${rng.int(1, 30)}栋${rng.int(1, 6)}单元${rng.int(101, 2806)}室` : ''}`;
  return {
    name: randomName(rng),
    gender,
    genderText: gender === 1 ? '男' : '女',
    birth,
    ethnicity: rng.pick(ETHNICITIES),
    address,
    idNumber: first17 + idCheckChar(first17),
    phone: `1${rng.pick(['3', '5', '8', '9'])}${rng.digits(9)}`,
  };
}

/** 6-character e-invoice check code: digits and lowercase letters. */
export function checkCode(rng: Rng): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  let s = '';
  for (let i = 0; i < 6; i++) s += alphabet[rng.int(0, alphabet.length - 1)];
  return s;
}
