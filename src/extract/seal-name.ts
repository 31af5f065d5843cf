/**
 * The hospital's name read from its round seal: a second, independent source beside the payee line.
 * The 收费专用章 / 财务专用章 prints the owner's name round its rim; read as a strip (see
 * src/image/seal-unwrap.ts), without the seal's own words, it confirms or repairs the printed name.
 * Seal text alone is never output: only a reading with a hospital's shape that starts at a place
 * name counts, since a ring read from the wrong start gives a name cut anywhere.
 */
import type { MedicalResult, Province } from '../contract/extract.js';
import type { SealStrips } from '../image/seal-unwrap.js';
import type { RgbImage } from '../image/types.js';
import type { OcrLine, PageAngle, Quad8 } from '../ocr/types.js';
import { repairHospitalName } from './header.js';
import { editDistance, hospitalIn, hospitalNameTables, isGlyphLookalike, looksLikeHospital, lostFirstAfterPlace, numeralLostAsOne, placesOf, provincePlacesOf, repairDoubtfulPlace, repairNameWords, restorePlacePrefix, type HospitalNameTables, type LostFirstAfterPlace } from './hospital-name.js';
import { normalizeText } from './parse/normalize.js';
import { extractTables } from './tables.js';

/** A seal reading with the seal's own words (收费专用章, 发票专用章) blanked: they are no part of a name. */
function withoutSealWords(text: string, t: HospitalNameTables): string {
  return t.sealWords.reduce((left, w) => left.split(w).join(' '), text);
}

/**
 * The hospital named in a seal's ring text, or '' when it names none that starts at a place. A
 * reading that names none as read is tried again with each piece's place repaired by `repairPlace`
 * (the invoice's province put back: 三林省第三医院 -> 吉林省第三医院), since a seal's ring loses or
 * blurs its first characters as often as a printed line does.
 */
export function hospitalFromSealText(
  text: string,
  places: readonly string[],
  t: HospitalNameTables = hospitalNameTables(),
  repairPlace: (piece: string) => string = (piece) => piece,
): string {
  // The seal's words (收费专用章) and anything but Chinese characters and brackets are no part of a name.
  const bare = withoutSealWords(text, t).replace(/[^\u4e00-\u9fff()（）]+/gu, ' ');
  const pieces = bare.split(' ');
  const named = nameInPieces(pieces, places, t) || nameInPieces(pieces.flatMap((p) => ringTurns(p, places)), places, t);
  if (named !== '') return named;
  const repaired = pieces.map(repairPlace);
  return repaired.some((p, i) => p !== pieces[i]) ? nameInPieces(repaired, places, t) : '';
}

/**
 * A ring reading turned to start at each place inside it (第三医院山西省 -> 山西省第三医院): where
 * the ring's open bottom was not found, the strip starts inside the name and its head comes last.
 */
export function ringTurns(piece: string, places: readonly string[]): string[] {
  const chars = [...piece];
  const out: string[] = [];
  for (let i = 1; i < chars.length; i++) {
    const rest = chars.slice(i).join('');
    if (places.some((p) => [...p].length >= 2 && rest.startsWith(p))) out.push(rest + chars.slice(0, i).join(''));
  }
  return out;
}

function nameInPieces(pieces: readonly string[], places: readonly string[], t: HospitalNameTables): string {
  for (const piece of pieces) {
    const name = hospitalIn(repairNameWords(piece, t), t);
    if (name === '' || !looksLikeHospital(name, t)) continue;
    const at = places.map((p) => name.indexOf(p)).filter((i) => i >= 0);
    if (at.length === 0) continue;
    // The ring's start may hold a stray piece of its end (院湖南省…): the name starts at its place.
    const start = Math.min(...at);
    if (start <= 1) return name.slice(start);
  }
  return '';
}

/**
 * Whether the printed name is worth checking against the seal: missing, without a hospital's shape,
 * starting at no known place (沈国市中心医院: a misread place name), or with a 第 followed by no
 * numeral (第人民医院: the numeral lost under the seal or to faint print).
 */
export function needsSealCheck(printed: string, places: readonly string[], t: HospitalNameTables = hospitalNameTables()): boolean {
  if (printed === '' || !looksLikeHospital(printed, t) || !places.some((p) => printed.startsWith(p))) return true;
  return /第(?![一二三四五六七八九十〇零\d])/u.test(printed);
}

/**
 * The printed name repaired by the seal's reading, character by character: where the two align
 * one-to-one and differ, the seal's character is taken; characters only one of them has are the
 * printed reading's business (a seal often leaves out 市). A printed name that starts at a place is
 * only changed in its doubtful characters (those the recogniser was unsure of: 第三 read at 0.48
 * where the seal reads 第二); one that starts at none anywhere, as long as the repaired one does.
 * Only when they differ by two edits at most: a seal of another body (a department's) or a wrong
 * ring reading does not come close.
 */
export function repairWithSeal(
  printed: string,
  seal: string,
  places: readonly string[],
  doubtful: ReadonlySet<number> = new Set(),
  t: HospitalNameTables = hospitalNameTables(),
): string {
  if (seal === '') return printed;
  // No usable printed name: the seal's is the name.
  if (printed === '' || !looksLikeHospital(printed, t)) return seal;
  if (lostOneInSeal(printed, seal)) return seal;
  const startsAtPlace = (n: string) => places.some((p) => n.startsWith(p));
  const placed = startsAtPlace(printed);
  if (!placed && lostHeadInSeal(printed, seal)) return seal;
  if (!placed && misreadAndLostOneInSeal(printed, seal)) return seal;
  if (!placed && strayLeadBeforeSeal(printed, seal)) return seal;
  if (placed && doubtful.size === 0) return printed;
  const substituted = substituteFromSeal(printed, seal, places, placed ? doubtful : undefined, t);
  // Character-by-character repair first (沈国市 against 沈阳: the printed 市 kept); a head spoilt
  // beyond it is replaced whole.
  if (substituted !== printed || placed) return substituted;
  return sealPlaceBeforePrintedRest(printed, seal, places) || printed;
}

/**
 * The printed name with the characters the alignment to the seal's reading pairs with different
 * ones taken from the seal (only at `doubtful` positions when given), as long as the result starts
 * at a place and has a hospital's shape; the printed name when they differ by more than two edits.
 */
export function substituteFromSeal(
  printed: string,
  seal: string,
  places: readonly string[],
  doubtful: ReadonlySet<number> | undefined,
  t: HospitalNameTables = hospitalNameTables(),
): string {
  const p = [...printed];
  const s = [...seal];
  if (editDistance(p, s) > 2) return printed;
  const may = doubtful ? (i: number) => doubtful.has(i) : () => true;
  // Equal-cost alignments pair different characters (沈国市 / 沈阳: 国 or 市 against 阳): the
  // one whose result starts at a place is taken.
  const merged = [true, false].map((pairFirst) => alignSubstitute(p, s, pairFirst, may).join(''));
  return merged.find((m) => m !== printed && places.some((pl) => m.startsWith(pl)) && looksLikeHospital(m, t)) ?? printed;
}

/**
 * A printed name starting at a place, whose doubtful characters are voted on by a seal reading that
 * starts at none (福州第土人民医院 with 土 doubted, the ring read 福地第二人民医院): each source has a
 * character the other reads right, the printed one its sure place, the seal the numeral. Only the
 * characters the recogniser doubted are replaced, so a sure printed name never changes.
 */
export function votedWithUnplacedSeal(
  printed: string,
  readings: readonly string[],
  places: readonly string[],
  doubtful: ReadonlySet<number>,
  t: HospitalNameTables = hospitalNameTables(),
): string {
  if (doubtful.size === 0 || !places.some((p) => printed.startsWith(p)) || !looksLikeHospital(printed, t)) return printed;
  for (const reading of readings) {
    for (const piece of withoutSealWords(reading, t).replace(/[^\u4e00-\u9fff()（）]+/gu, ' ').split(' ')) {
      const name = hospitalIn(repairNameWords(piece, t), t);
      if (name === '') continue;
      const voted = substituteFromSeal(printed, name, places, doubtful, t);
      if (voted !== printed) return voted;
    }
  }
  return printed;
}

/**
 * Whether the printed name is the seal's with one inner character lost (广东省第人民医院 against
 * 广东省第一人民医院): a seal or faint print takes a character from the printed line far more often
 * than the ring's reading adds one inside a name. Not the first or last character: a cut name is
 * the place repair's business, and a seal's ring may run into other ink at its ends.
 */
export function lostOneInSeal(printed: string, seal: string): boolean {
  const p = [...printed];
  const s = [...seal];
  if (s.length !== p.length + 1) return false;
  for (let k = 1; k < s.length - 1; k++) {
    // A character read twice (医院院) is the recogniser stuttering over a strip, not a lost one.
    if (!/[\u4e00-\u9fff]/u.test(s[k]!) || s[k] === s[k - 1] || s[k] === s[k + 1]) continue;
    if (s.slice(0, k).join('') === p.slice(0, k).join('') && s.slice(k + 1).join('') === p.slice(k).join('')) return true;
  }
  return false;
}

/**
 * Whether the printed name is the seal's with a character or two misread and one inner character
 * lost (西州省第人民医院 against 四川省第一人民医院: the place misread, the numeral dropped): three
 * edits, one more than a substitution alone is allowed, because both kinds of damage are each
 * what a printed line suffers under a seal. Only for a printed name starting at no place (the
 * caller's check), whose misread characters the seal's, once put in, must explain entirely.
 */
export function misreadAndLostOneInSeal(printed: string, seal: string): boolean {
  const p = [...printed];
  const s = [...seal];
  if (s.length !== p.length + 1 || editDistance(p, s) > 3) return false;
  const substituted = alignSubstitute(p, s);
  const misread = substituted.filter((c, i) => c !== p[i]).length;
  return misread >= 1 && misread <= 2 && lostOneInSeal(substituted.join(''), seal);
}

/** Longest lead read before a name that the seal's reading shows to be no part of it. */
const MAX_STRAY_LEAD = 3;

/**
 * Whether the printed name is the seal's with a short lead read before it and at most one character
 * misread (住院答肥儿童医院 against 合肥儿童医院: 住院 of the ring's 住院收费专用章 read into the
 * payee line, 合 spoilt by its ink): the seal's name starts at a place, the printed one at none, and
 * after the lead they agree in all but one character. Only for a printed name that starts at no
 * place (the caller's check) and a seal name of four characters or more.
 */
export function strayLeadBeforeSeal(printed: string, seal: string): boolean {
  const p = [...printed];
  const s = [...seal];
  if (s.length < 4) return false;
  for (let cut = 1; cut <= MAX_STRAY_LEAD; cut++) {
    const rest = p.slice(cut);
    if (rest.length !== s.length) continue;
    if (rest.filter((c, i) => c !== s[i]).length <= 1) return true;
  }
  return false;
}

/**
 * Shortest part of a seal's name after its place that the printed name must end in to be taken
 * for the same issuer: 市第三医院, 协和医院; a bare suffix (医院) would match any name.
 */
const MIN_SEAL_REST = 4;

/**
 * The seal's place before the printed name's rest, when the printed name ends with all of the
 * seal's name after its place while its own head, where the place should be, names no place
 * (草准院最市第三医院 against 兰州市第三医院: the seal's ink over the place and its ring words read
 * into the row). The rest read exactly on both is the same issuer; the head is what the seal
 * spoilt. An administrative 市 the printed head ends in and the seal left out is kept. Only for a
 * printed name that starts at no place (the caller's check) and a rest of MIN_SEAL_REST characters
 * or more; '' otherwise.
 */
export function sealPlaceBeforePrintedRest(printed: string, seal: string, places: readonly string[]): string {
  const place = places.filter((p) => [...p].length >= 2 && seal.startsWith(p)).sort((a, b) => b.length - a.length)[0];
  if (place === undefined) return '';
  const rest = seal.slice(place.length);
  if ([...rest].length < MIN_SEAL_REST || !printed.endsWith(rest) || printed.length <= rest.length) return '';
  const beforeRest = [...printed.slice(0, printed.length - rest.length)].pop();
  return beforeRest === '市' && !place.endsWith('市') ? `${place}市${rest}` : seal;
}

/** Numerals of 第X医院. */
const NUMERALS = '一二三四五六七八九十';

/** Words that may stand between 第X and 医院 (第一人民医院, 第三附属医院), as a pattern. */
const NUMBERED_INFIXES = ['人民', '附属', '中心'];
const NUMBERED_INFIX = `(?:${NUMBERED_INFIXES.join('|')})?`;

/**
 * The printed name's 第X with a character that is no numeral (天津市第卫医院: 三 spoilt by the seal's
 * ink) given the numeral the seal's readings print before the same word (…市三医院 in a ring read
 * 盛正津市三医院), when they show exactly one; the name as read otherwise. The ring names the same
 * issuer, so its numeral is the printed one even where the rest of the ring was read badly.
 */
export function numeralFromSeal(printed: string, readings: readonly string[]): string {
  const m = new RegExp(`第([^${NUMERALS}\\d])(${NUMBERED_INFIX}医院)`, 'u').exec(printed);
  if (!m) return lostNumeralFromSeal(printed, readings);
  const word = m[2]!;
  const found = new Set<string>();
  for (const r of readings) {
    for (const n of r.matchAll(new RegExp(`([${NUMERALS}])${word}`, 'gu'))) found.add(n[1]!);
  }
  if (found.size !== 1) return printed;
  return printed.slice(0, m.index) + '第' + [...found][0]! + printed.slice(m.index + 2);
}

/** Words a numeral of 第X comes before in a name, longest first (第一人民医院, 第三医院). */
const NUMBERED_WORDS = [...NUMBERED_INFIXES.map((w) => `${w}医院`), '医院'];

/**
 * The printed name's 第 followed by no numeral at all (南京第医院, 河南省第医院: the numeral, or the
 * numeral and the word after it, lost under the seal or in the gap between two boxes) given what
 * the seal's readings print between a numeral and the word the printed name goes on with (…三医院
 * in a ring read 南三医院, 第一人民医院 in one read whole). Only when the readings show exactly one
 * such insert: the ring names the same issuer. The name as read otherwise.
 */
export function lostNumeralFromSeal(printed: string, readings: readonly string[]): string {
  const at = printed.indexOf('第');
  if (at < 0) return printed;
  const after = printed.slice(at + 1);
  const word = NUMBERED_WORDS.find((w) => after.startsWith(w));
  if (word === undefined) return printed;
  const inserts = new Set<string>();
  for (const r of readings) {
    for (const n of r.matchAll(new RegExp(`([${NUMERALS}])(${NUMBERED_INFIX}${word})`, 'gu'))) {
      // The reading's numeral and the words between it and the printed name's next word.
      inserts.add(n[1]! + n[2]!.slice(0, n[2]!.length - word.length));
    }
  }
  if (inserts.size !== 1) return printed;
  return printed.slice(0, at + 1) + [...inserts][0]! + after;
}

/**
 * Whether the printed name is the seal's with its head lost (大学附属第一医院 against
 * 武汉市医科大学附属第一医院): the seal stamped over the payee line's start, or the picture's edge,
 * takes the place and more, while the seal's ring still names the whole issuer. Only for a printed
 * name that starts at no place (the caller's check), since a seal ending in a whole printed name
 * of its own is the same issuer named in full.
 */
export function lostHeadInSeal(printed: string, seal: string): boolean {
  const p = [...printed];
  const s = [...seal];
  if (s.length <= p.length) return false;
  if (seal.endsWith(printed)) return true;
  // The seal or faint print that took the head often spoils the next characters too (科太附属第一医院
  // for …医科大学附属第一医院): the printed name then ends the seal's within a few edits, all at its
  // start (the rest read exactly: 第二 against 第一 is another issuer), only when a whole place (two
  // characters and more) is missing and the name is long enough to tell.
  const allowed = p.length >= 8 ? 2 : p.length >= 5 ? 1 : 0;
  if (allowed === 0 || s.length < p.length + 2 || !seal.endsWith(p.slice(allowed).join(''))) return false;
  for (let k = 1; k <= s.length - p.length + allowed; k++) {
    if (editDistance(p, s.slice(k)) <= allowed) return true;
  }
  return false;
}

/**
 * A printed name that starts with the tail of a place (州协和医院: 广 lost under the seal) given the
 * place's head from a seal reading that starts at that place, even when the rest of the ring was
 * not read (广州物招送销): the seal names the same issuer, and a name never starts mid-place. ''
 * when no reading starts at a place whose tail starts the printed name, or the result has no
 * hospital's shape.
 */
export function placeHeadFromSeal(printed: string, readings: readonly string[], places: readonly string[], t: HospitalNameTables = hospitalNameTables()): string {
  if (printed === '' || places.some((p) => printed.startsWith(p))) return '';
  for (const reading of readings) {
    const bare = withoutSealWords(reading, t).replace(/[^\u4e00-\u9fff]+/gu, '');
    for (const place of places) {
      const want = [...place];
      if (want.length < 2 || !bare.startsWith(place)) continue;
      for (let cut = 1; cut < want.length; cut++) {
        if (!printed.startsWith(want.slice(cut).join(''))) continue;
        const named = want.slice(0, cut).join('') + printed;
        if (looksLikeHospital(named, t)) return named;
      }
    }
  }
  return '';
}

/** Printed characters a ring reading must repeat right after its place to lend it (协和 of 协和医院). */
const MIN_PRINTED_AFTER_PLACE = 2;

/**
 * A printed name starting at no place (协和医院: its place lost under the seal) given the place of
 * the invoice's province that a ring reading prints right before the printed name's first two
 * characters (南京协和医益: the ring's end misread, so it names no hospital of its own): both
 * sources show the same words, the ring the place. The longest such place; '' when no reading has
 * one, or the result has no hospital's shape.
 */
export function placeBeforePrintedInRing(printed: string, readings: readonly string[], provincePlaces: readonly string[], t: HospitalNameTables = hospitalNameTables()): string {
  const chars = [...printed];
  if (chars.length < MIN_PRINTED_AFTER_PLACE + 2 || provincePlaces.some((p) => printed.startsWith(p))) return '';
  const head = chars.slice(0, MIN_PRINTED_AFTER_PLACE).join('');
  const found = new Set<string>();
  for (const reading of readings) {
    const bare = withoutSealWords(reading, t).replace(/[^\u4e00-\u9fff]+/gu, '');
    for (const place of provincePlaces) if ([...place].length >= 2 && bare.includes(place + head)) found.add(place);
  }
  const longest = [...found].filter((p) => ![...found].some((q) => q !== p && q.endsWith(p)));
  if (longest.length !== 1) return '';
  const named = longest[0]! + printed;
  return looksLikeHospital(named, t) ? named : '';
}

/** Recogniser confidence below which a character of the printed name is doubtful. */
export const DOUBTFUL_CHAR_SCORE = 0.6;

/** Misread characters a repaired name may differ from its page line in and still be found there. */
const MAX_REPAIRED_CHARS = 2;

/** Lines whose recogniser gave one score per character, so scores line up with the text. */
function scoredLines(lines: readonly OcrLine[]): OcrLine[] {
  return lines.filter((l) => l.chars.length === [...l.text].length);
}

/**
 * A recognised character as a name carries it: names are folded by normalizeText (NFKC: the
 * recogniser's full-width ） is the name's ASCII )), the page line's characters are not, so a name
 * holding a misread bracket or colon (西安市）童医院) was never found on its line and its doubted
 * character's alternatives never seen. A character NFKC turns into several (…) stays as read.
 */
export function foldedChar(char: string): string {
  const folded = normalizeText(char);
  return [...folded].length === 1 ? folded : char;
}

/** The line's text folded character by character (foldedChar), one character for each of `chars`. */
function foldedText(line: OcrLine): string {
  return line.chars.map((c) => foldedChar(c.char)).join('');
}

/** Where `text` first starts in the line (as folded), counted in characters; -1 when it holds none. */
function charIndexOf(line: OcrLine, text: string): number {
  const folded = foldedText(line);
  const at = folded.indexOf(text);
  return at < 0 ? -1 : [...folded.slice(0, at)].length;
}

/**
 * The page line the printed name was read from, with the name's first character's place in it: the
 * first line holding the name as read, else the first holding it with one or two characters
 * changed (a word repair made 银川第住医民医院 into 银川第住人民医院), as long as most characters
 * agree. null when no line carries per-character scores for it.
 */
export function lineOfName(name: string, lines: readonly OcrLine[]): { line: OcrLine; start: number } | null {
  if (name === '') return null;
  const want = [...name];
  const scored = scoredLines(lines);
  for (const line of scored) {
    const start = charIndexOf(line, name);
    if (start >= 0) return { line, start };
  }
  const allowed = Math.min(MAX_REPAIRED_CHARS, Math.floor((want.length - 1) / 3));
  const near = (candidates: readonly OcrLine[]) => {
    for (const line of candidates) {
      const text = [...foldedText(line)];
      for (let start = 0; start + want.length <= text.length; start++) {
        const differ = want.filter((c, k) => text[start + k] !== c).length;
        if (differ <= allowed) return { line, start };
      }
    }
    return null;
  };
  const single = near(scored);
  if (single) return single;
  // A name the detector cut into two boxes (收款单位（章）都洲大宇第 | 一段马医院) was joined by the
  // page pass; its characters are found on the two lines read in a row, taken as one.
  const joined = scored.slice(1).map((b, i) => joinedLine(scored[i]!, b));
  for (const line of joined) {
    const start = charIndexOf(line, name);
    if (start >= 0) return { line, start };
  }
  return near(joined);
}

/** Two lines read in a row as one: their texts and characters one after the other (the quad is the first's). */
function joinedLine(a: OcrLine, b: OcrLine): OcrLine {
  return { text: a.text + b.text, score: Math.min(a.score, b.score), quad: a.quad, chars: [...a.chars, ...b.chars] };
}

/**
 * Positions of the printed name's doubtful characters, from the page line it was read from (see
 * lineOfName); a character a repair changed is no longer the recogniser's and is not doubtful.
 * None when no line holds it.
 */
export function doubtfulPositions(name: string, lines: readonly OcrLine[], minScore = DOUBTFUL_CHAR_SCORE): Set<number> {
  const out = new Set<number>();
  const found = lineOfName(name, lines);
  if (!found) return out;
  const want = [...name];
  for (let k = 0; k < want.length; k++) {
    const c = found.line.chars[found.start + k]!;
    if (c.score < minScore && foldedChar(c.char) === want[k]) out.add(k);
  }
  return out;
}

/**
 * The printed name with a doubtful character replaced by one of the recogniser's own alternatives
 * for it, when exactly one alternative makes a generic word of four characters or more appear over
 * that place (沈阳市儿董医院 with 董 doubted, 童 among its alternatives: 儿童医院; the word repair
 * alone cannot tell 儿童医院 from 儿科医院, one character away from both). Characters inside a
 * word read exactly are never touched. When no alternative makes a word appear by itself, one that
 * leaves a word one misread character away, which the word repair then gives back, counts the same
 * (南宁区科心学… with 区 doubted, 医 among its alternatives: 医科心学 is one character from 医科大学,
 * while 区科心学 is two, beyond the word repair's reach): the recogniser's own second guess takes the
 * first step, and the other characters of that word only. The name as read otherwise.
 */
export function repairWithAlternatives(name: string, lines: readonly OcrLine[], t: HospitalNameTables = hospitalNameTables(), places: readonly string[] = []): string {
  const found = lineOfName(name, lines);
  if (!found) return name;
  const chars = [...name];
  const words = t.nameWords.filter((w) => [...w].length >= MIN_ALTERNATIVE_WORD);
  const wordOver = (text: readonly string[], k: number) => wordSpansOver(text, k, words).length > 0;
  let out = chars;
  for (let k = 0; k < chars.length; k++) {
    const c = found.line.chars[found.start + k]!;
    if (c.score >= DOUBTFUL_CHAR_SCORE || foldedChar(c.char) !== chars[k] || !c.alternatives || wordOver(out, k)) continue;
    const candidates = c.alternatives
      .map((a) => a.char)
      .filter((a) => /[\u4e00-\u9fff]/u.test(a))
      .map((a) => [...out.slice(0, k), a, ...out.slice(k + 1)]);
    const fits = candidates.filter((candidate) => wordOver(candidate, k));
    if (fits.length === 1) out = fits[0]!;
    else if (fits.length === 0) {
      const near = candidates.map((candidate) => wordRepairedAround(candidate, k, words, t, places)).filter((r): r is string[] => r !== null);
      if (near.length === 1) out = near[0]!;
    }
  }
  return out.join('');
}

/** The spans [start, end) of `words` read exactly in `text` (as characters) that cover position `k`. */
function wordSpansOver(text: readonly string[], k: number, words: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const w of words) {
    const len = [...w].length;
    for (let at = Math.max(0, k - len + 1); at <= k && at + len <= text.length; at++) {
      if (text.slice(at, at + len).join('') === w) spans.push([at, at + len]);
    }
  }
  return spans;
}

/**
 * The name (as characters, one changed at `k` by an alternative) after the word repair, when that
 * repair changed characters of one generic word of four characters or more over `k` and nothing
 * else; null otherwise (no word there, a word elsewhere repaired, a character lost or added).
 */
function wordRepairedAround(candidate: readonly string[], k: number, words: readonly string[], t: HospitalNameTables, places: readonly string[]): string[] | null {
  const repaired = [...repairNameWords(candidate.join(''), t, places)];
  if (repaired.length !== candidate.length) return null;
  const changed = repaired.map((c, i) => (c !== candidate[i] ? i : -1)).filter((i) => i >= 0);
  if (changed.length === 0 || repaired[k] !== candidate[k]) return null;
  return wordSpansOver(repaired, k, words).some(([from, to]) => changed.every((i) => i >= from && i < to)) ? repaired : null;
}

/**
 * The name without characters read after its suffix that the recogniser doubted (兰州儿童医院中年,
 * 年 read at 0.37): a tail printed with the name (…医院门诊部, …医院分院) is read as surely as the
 * name, while the seal's ring ink run into the row is not. The name as read when its line is not
 * found or every tail character is sure.
 */
export function withoutDoubtfulTail(name: string, lines: readonly OcrLine[], t: HospitalNameTables = hospitalNameTables()): string {
  const m = t.pattern.exec(name);
  if (!m) return name;
  const end = [...name.slice(0, m.index + m[0].length)].length;
  const length = [...name].length;
  if (end === length) return name;
  const found = lineOfName(name, lines);
  if (!found) return name;
  for (let k = end; k < length; k++) {
    const c = found.line.chars[found.start + k];
    if (c !== undefined && c.score < DOUBTFUL_CHAR_SCORE) return [...name].slice(0, end).join('');
  }
  return name;
}

/**
 * A name starting at no place whose head is one of the province's places read elsewhere on the page
 * (郑州 in 医保类型：郑州市医保), its differing characters each doubted by the recogniser on the name's
 * line or a listed look-alike of the place's character (都洲大宇… on a grey photocopy: 都 at 0.44,
 * 洲 for 州): the page itself prints the place the name lost. At least as many of the place's
 * characters must be read as themselves or as their look-alikes as are merely doubted, and exactly
 * one place (the longer of 郑州 and 郑州市) fit the characters read, whether printed elsewhere or
 * not. The name as read otherwise.
 */
export function placeReadElsewhere(
  name: string,
  lines: readonly OcrLine[],
  places: readonly string[],
  provincePlaces: readonly string[],
  t: HospitalNameTables = hospitalNameTables(),
): string {
  if (name === '' || places.some((p) => name.startsWith(p))) return name;
  const found = lineOfName(name, lines);
  if (!found) return name;
  const chars = [...name];
  // The name's own line (or the two it was joined from) does not count as elsewhere.
  const elsewhere = lines.filter((l) => !found.line.text.includes(l.text)).map((l) => foldedText(l));
  const fits = provincePlaces.filter((p) => {
    const want = [...p];
    if (want.length < 2 || chars.length <= want.length + 1) return false;
    let doubted = 0;
    let kept = 0;
    for (let i = 0; i < want.length; i++) {
      if (chars[i] === want[i] || isGlyphLookalike(chars[i]!, want[i]!, t)) {
        kept++;
        continue;
      }
      const c = found.line.chars[found.start + i];
      if (!c || c.score >= DOUBTFUL_CHAR_SCORE || !/[\u4e00-\u9fff]/u.test(chars[i]!)) return false;
      doubted++;
    }
    return doubted <= kept && want.some((c, i) => chars[i] !== c);
  });
  const longest = fits.filter((p) => !fits.some((q) => q !== p && q.startsWith(p)));
  // The province's name is printed in every title: only a place that alone fits the characters
  // read is confirmed by the page (贵? with ? doubted fits 贵州 and 贵阳 alike: left to the seal).
  if (longest.length !== 1 || !fits.some((p) => elsewhere.some((text) => text.includes(p)))) return name;
  const want = [...longest[0]!];
  return want.join('') + chars.slice(want.length).join('');
}

/** Shortest generic word an alternative character may complete: shorter ones occur by chance. */
const MIN_ALTERNATIVE_WORD = 4;

/**
 * `a` with each character that the edit alignment to `b` pairs with a different one replaced by
 * `b`'s (where `may` allows); characters only `a` has are kept, those only `b` has are not added.
 */
export function alignSubstitute(a: readonly string[], b: readonly string[], pairFirst = true, may: (i: number) => boolean = () => true): string[] {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const sub = d[(i - 1) * cols + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      d[i * cols + j] = Math.min(sub, d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1);
    }
  }
  // Walk back from the end, preferring on ties a pairing or else skipping `a`'s character.
  const out = [...a];
  let i = a.length;
  let j = b.length;
  while (i > 0 && j > 0) {
    const here = d[i * cols + j]!;
    const diagonal = here === d[(i - 1) * cols + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
    const skipA = here === d[(i - 1) * cols + j]! + 1;
    if (diagonal && (pairFirst || !skipA)) {
      if (may(i - 1)) out[i - 1] = b[j - 1]!;
      i--;
      j--;
    } else if (skipA) i--;
    else j--;
  }
  return out;
}

/**
 * A name starting at no known place whose start is one of the province's places but for one
 * character, where the recogniser itself offered that place's character among its alternatives
 * for the one it read (海州市… on a Gansu invoice, 兰 offered for 海: 兰州市…). The recogniser's own
 * second guess, not a look-alike table, picks the place, so a name starting at a real place (汝州,
 * one character from 郑州) is never touched. Works for names joined from several cells, whose
 * scores lineOfName cannot find: only the place and the character after it are looked up in a
 * line. Only when exactly one place fits (the longer of 兰州 and 兰州市); the name as read otherwise.
 */
export function placeFromAlternative(
  name: string,
  lines: readonly OcrLine[],
  places: readonly string[],
  provincePlaces: readonly string[],
): string {
  if (places.some((p) => name.startsWith(p))) return name;
  const chars = [...name];
  const scored = scoredLines(lines);
  const fits = provincePlaces.filter((p) => {
    const want = [...p];
    if (want.length < 2 || chars.length <= want.length + 1) return false;
    const differ = want.map((c, i) => (chars[i] !== c ? i : -1)).filter((i) => i >= 0);
    if (differ.length !== 1) return false;
    const k = differ[0]!;
    const head = chars.slice(0, want.length + 1).join('');
    return scored.some((l) => {
      const at = charIndexOf(l, head);
      if (at < 0) return false;
      const c = l.chars[at + k];
      return c !== undefined && (c.alternatives ?? []).some((a) => a.char === want[k]);
    });
  });
  const longest = fits.filter((p) => !fits.some((q) => q !== p && q.startsWith(p)));
  if (longest.length !== 1) return cityBeforeLoneMark(name, scored, provincePlaces);
  const want = [...longest[0]!];
  return want.join('') + chars.slice(want.length).join('');
}

/**
 * A name starting with one character before 市 (台市第二人民医院): no city's name is one character,
 * so the city lost its second one. It is put back when exactly one of the province's two-character
 * cities starts with the character read or with one the recogniser offered for it (合 offered for
 * 台: 合肥市…). The name as read otherwise.
 */
function cityBeforeLoneMark(name: string, scored: readonly OcrLine[], provincePlaces: readonly string[]): string {
  const chars = [...name];
  if (chars.length < 4 || chars[1] !== '市' || !/[\u4e00-\u9fff]/u.test(chars[0]!)) return name;
  const head = chars.slice(0, 3).join('');
  const firsts = new Set([chars[0]!]);
  for (const l of scored) {
    const at = charIndexOf(l, head);
    if (at < 0) continue;
    for (const a of l.chars[at]?.alternatives ?? []) firsts.add(a.char);
  }
  // A province's short name (安徽 of 安徽省) is no city.
  const isProvince = (p: string) => provincePlaces.some((q) => q.startsWith(p) && /(省|自治区)$/u.test(q));
  const cities = provincePlaces.filter((p) => [...p].length === 2 && firsts.has([...p][0]!) && !isProvince(p));
  return cities.length === 1 ? cities[0]! + chars.slice(1).join('') : name;
}

/**
 * The generic word a name lost the first character of after its place, chosen by the seal's ring
 * (黑龙江省科医院: 骨科, 儿科 and 眼科医院 fit alike; the ring read 黑龙江省管科医院 with 骨 the
 * recogniser's next guess for 管): the ring character right before the rest of the name as printed,
 * or one of the recogniser's alternatives for it, must be the first character of exactly one of
 * the fitting words. The ring's own best guess is not taken when it fits none (管科医院 is no
 * word): only the printed rest read whole on the ring ties the ring's character to the lost one.
 * '' when no ring reading chooses one.
 */
export function lostFirstFromSeal(lost: LostFirstAfterPlace, ringLines: readonly OcrLine[]): string {
  const chosen = new Set<string>();
  for (const line of ringLines) {
    const chars = line.chars;
    const text = chars.map((c) => c.char).join('');
    for (let at = text.indexOf(lost.rest); at > 0; at = text.indexOf(lost.rest, at + 1)) {
      const k = [...text.slice(0, at)].length - 1;
      const before = chars[k]!;
      const offered = [before.char, ...(before.alternatives ?? []).map((a) => a.char)];
      const fitting = lost.firsts.filter((f) => offered.includes(f));
      // A ring character that is itself a fitting first decides; else its alternatives must name one.
      const pick = fitting.includes(before.char) ? [before.char] : fitting;
      for (const f of pick) chosen.add(f);
    }
  }
  return chosen.size === 1 ? lost.head + [...chosen][0]! + lost.rest : '';
}

/** Characters of the printed name a ring reading must hold beside a doubted one, read the same. */
const RING_CONTEXT = 2;

/**
 * The printed name with a doubted character replaced by one of the recogniser's alternatives for
 * it that a seal ring reading prints at the same place: the ring holds the alternative next to the
 * two printed characters beside it (甘肃省同信医院 with 信 doubted, 仁 its second guess, the ring
 * read 古黄仁医院: 仁医院). Two sources agree, the page's recogniser and the ring, where the ring
 * alone is too garbled to name the hospital (its place misread, so no seal name and the
 * character-by-character repair, which needs the ring within two edits, do not reach). Only when
 * exactly one alternative is so confirmed, never inside a generic word read exactly, and only
 * Chinese characters; the name as read otherwise.
 */
export function alternativeConfirmedByRing(
  name: string,
  pageLines: readonly OcrLine[],
  ringTexts: readonly string[],
  t: HospitalNameTables = hospitalNameTables(),
): string {
  const found = lineOfName(name, pageLines);
  if (!found) return name;
  const chars = [...name];
  const rings = ringTexts.map((r) => [...r].map(foldedChar).join(''));
  const out = [...chars];
  for (let k = 0; k < chars.length; k++) {
    const c = found.line.chars[found.start + k];
    if (!c || c.score >= DOUBTFUL_CHAR_SCORE || foldedChar(c.char) !== chars[k] || !c.alternatives) continue;
    if (wordSpansOver(chars, k, t.nameWords).length > 0) continue;
    const before = k >= RING_CONTEXT ? chars.slice(k - RING_CONTEXT, k).join('') : null;
    const after = k + RING_CONTEXT < chars.length ? chars.slice(k + 1, k + 1 + RING_CONTEXT).join('') : null;
    const confirmed = new Set(
      c.alternatives
        .map((a) => a.char)
        .filter((a) => /^[\u4e00-\u9fff]$/u.test(a) && a !== chars[k])
        .filter((a) => rings.some((r) => (after !== null && r.includes(a + after)) || (before !== null && r.includes(before + a)))),
    );
    if (confirmed.size === 1) out[k] = [...confirmed][0]!;
  }
  const voted = out.join('');
  return voted !== name && looksLikeHospital(voted, t) ? voted : name;
}

/** Reads quads of an image with the text recogniser (OcrEngine.recognizeRegions). */
export type RegionReader = (image: RgbImage, quads: Quad8[]) => Promise<readonly OcrLine[]>;

/**
 * The ring text strips of a page's round seals, cut from the page turned upright by `angle`, stacked
 * on one sheet with each strip's quad on it; null without round seals.
 */
export type SealStripSource = (angle: PageAngle) => Promise<SealStrips | null>;

/**
 * The hospital's name checked against the round seals of the page (see repairWithSeal), for names
 * that need it (needsSealCheck, or a doubtful character): the ring's reading direction is known
 * once the page is turned upright (page.angle). The seals are found and read only then, in one
 * recogniser call over their strips stacked into one image.
 */
export async function sealCheckedHospital(
  printed: string,
  page: { readonly angle: PageAngle; readonly lines: readonly OcrLine[] },
  strips: SealStripSource,
  read: RegionReader,
  places: readonly string[],
  provincePlaces: readonly string[] = [],
  repairPlace: (piece: string) => string = (piece) => piece,
): Promise<string> {
  // A doubtful character whose alternative completes a generic word needs no seal either.
  const placedOnPage = placeReadElsewhere(printed, page.lines, places, provincePlaces);
  const read0 = repairWithAlternatives(withoutDoubtfulTail(placedOnPage, page.lines), page.lines, hospitalNameTables(), places);
  const doubtful = doubtfulPositions(read0, page.lines);
  // The province's own place, where only the characters the recogniser doubted differ, needs no seal.
  const placed = repairDoubtfulPlace(read0, doubtful, provincePlaces);
  if (placed !== read0) return placed;
  const offered = placeFromAlternative(read0, page.lines, places, provincePlaces);
  if (offered !== read0) return offered;
  // A word that lost its first character where several words fit (黑龙江省科医院) is the ring's to choose.
  const lostFirst = lostFirstAfterPlace(read0, places);
  const lostAmbiguous = lostFirst !== null && lostFirst.firsts.length > 1 ? lostFirst : null;
  // Seals are found and read only for names that need it, so well-read invoices cost nothing.
  const needsCheck = needsSealCheck(read0, places) || doubtful.size > 0;
  if (!needsCheck && !lostAmbiguous) return read0;
  const found = await strips(page.angle);
  if (!found) return read0;
  const lines = await read(found.sheet, found.quads);
  if (lostAmbiguous) {
    const chosen = lostFirstFromSeal(lostAmbiguous, lines);
    // The ring's other repairs would take its misread character (管科医院): only a chosen word counts.
    if (chosen !== '' || !needsCheck) return chosen || read0;
  }
  const texts = lines.map((l) => l.text);
  const seal = lines.map((l) => hospitalFromSealText(l.text, places, hospitalNameTables(), repairPlace)).find((n) => n !== '') ?? '';
  // A doubted character the ring prints among the recogniser's alternatives, when the ring's
  // reading repaired nothing by itself.
  const confirmed = (name: string) => (name === read0 ? alternativeConfirmedByRing(read0, page.lines, texts) : name);
  if (seal === '') {
    const headed = placeHeadFromSeal(read0, texts, places) || placeBeforePrintedInRing(read0, texts, provincePlaces);
    if (headed !== '') return headed;
    return numeralFromSeal(confirmed(votedWithUnplacedSeal(read0, texts, places, doubtful)), texts);
  }
  return numeralFromSeal(confirmed(repairWithSeal(read0, seal, places, doubtful)), texts);
}

/**
 * An invoice's result with its hospital name checked against the seal (sealCheckedHospital) and,
 * when that changed it, the name repairs of the page pass applied to the new one.
 */
export async function withSealCheckedHospital(
  result: MedicalResult,
  province: Province | undefined,
  page: { readonly angle: PageAngle; readonly lines: readonly OcrLine[] },
  strips: SealStripSource,
  read: RegionReader,
): Promise<MedicalResult> {
  const tables = extractTables();
  // The seal's reading gets the province's place back as a printed name does (restorePlacePrefix).
  const repairPlace = (piece: string) => restorePlacePrefix(piece, province, tables);
  const checked = await sealCheckedHospital(result.hospital_name, page, strips, read, placesOf(tables), provincePlacesOf(province, tables), repairPlace);
  const sealed = checked === result.hospital_name ? checked : repairHospitalName(checked, province, tables);
  // A numeral neither the page nor the seal gave (第人民医院) is the one the recogniser drops.
  const named = numeralLostAsOne(sealed);
  return named === result.hospital_name ? result : { ...result, hospital_name: named };
}
