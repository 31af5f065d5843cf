/**
 * A last look at the patient's name and gender on an out-of-focus photo, which carries most of
 * the header's misses. Such a photo is read twice (the seal-paled page and its deconvolved
 * restoration, src/image/deblur.ts), and the two readings fail in different places: the
 * restoration sharpens a faint character and rings on another. The name and gender strips
 * (label and value, from the label's start: see patientNameStrips / genderStrips) are read on both
 * pages, the label found on either page's lines (the blur that hides the 性别 label from one
 * reading often leaves it to the other), and a value is taken only when it has the field's shape:
 * a name of two to four Chinese characters starting with a common family name, or 男/女.
 */
import type { MedicalResult } from '../contract/extract.js';
import type { OcrChar, OcrLine, Quad8 } from '../ocr/types.js';
import { headerValueTables } from './header-values.js';
import {
  charsOfValue,
  genderFromFaintCell,
  genderFromLabelAlternatives,
  genderFromMisreadLabel,
  genderFromStrip,
  genderStrips,
  nameIsDoubtful,
  patientNameFromStrip,
  patientNameStrips,
} from './reread.js';

/** One reading of the photo: its lines (image frame), faint lines, and a reader of crops of its image. */
export interface PageLook {
  lines: readonly OcrLine[];
  faint: readonly OcrLine[];
  recognize: (quads: Quad8[]) => Promise<readonly OcrLine[]>;
}

/** Whether a value has a personal name's shape: two to four Chinese characters, a common family name first. */
export function hasNameShape(name: string): boolean {
  const chars = [...name];
  return chars.length >= 2 && chars.length <= 4 && /^[\u4e00-\u9fff]+$/u.test(name) && headerValueTables().surnames.has(chars[0]!);
}

/**
 * The name after the two strip readings (kept page, other page): none read, the other page's
 * shaped reading, else the kept page's; a name read without a name's shape (能洋: its family name
 * misread), a shaped reading of as many characters, the other page's first, else one a character
 * longer that gives it back its lost family name (withFamilyNameBack); a shaped name read,
 * replaced only when both strips read the same shaped name (two readings of two differently
 * spoilt pages agreeing outweigh the page pass). The read name otherwise stays: where the
 * readings differ, the page pass is the likelier right. Agreeing strips never cut a read name
 * short (白海城 → 白海): a strip that ends before the name's last character is read the same on
 * both pages, so their agreement says nothing about the character it missed.
 */
export function nameFromTwoLooks(read: string, keptStrip: string, otherStrip: string, stripChars: readonly (readonly OcrChar[] | null)[] = []): string {
  const kept = hasNameShape(keptStrip) ? keptStrip : '';
  const other = hasNameShape(otherStrip) ? otherStrip : '';
  if (read === '') return other || kept;
  if (!hasNameShape(read)) return [other, kept].find((n) => n !== '' && [...n].length === [...read].length) ?? withFamilyNameBack(read, kept, other);
  const cutShort = read.startsWith(kept) && [...kept].length < [...read].length;
  // The vote hears the strips as read, shaped or not: both may misread the family name alike (社玲
  // for 杜玲, 社 no family name) and still agree on the rest of the name.
  return kept !== '' && kept === other && !cutShort ? kept : nameByCharacterVote(read, keptStrip, otherStrip, stripChars);
}

/**
 * A read name without a family name first given it back from a shaped strip one character longer
 * whose rest is the read name in at least half its places, the first among them (玉字 read, strips
 * 彭玉宇 and 数玉字): on a blurred photo the page pass's box often starts one character late, and
 * the strip, read from the label, holds the family name. The kept page's strip first; the name as
 * read when neither fits.
 */
export function withFamilyNameBack(read: string, keptStrip: string, otherStrip: string): string {
  const r = [...read];
  const fits = (strip: string): boolean => {
    const s = [...strip];
    if (!hasNameShape(strip) || s.length !== r.length + 1) return false;
    // The read first character must be the strip's second: 能洋 against 戴洋洋 is a misread family
    // name (戴 for 能) beside a strip that doubled a character, not a lost one.
    const same = r.filter((c, i) => s[i + 1] === c).length;
    return s[1] === r[0] && 2 * same >= r.length;
  };
  return [keptStrip, otherStrip].find(fits) ?? read;
}

/**
 * A read name with each character the two strips agree on in its place: the blur spoils a
 * different character on each look (周俊效 on the page, 周俊斌 and 周假斌 on the strips), so two
 * readings of two differently spoilt pages agreeing on one character outvote the page's one
 * reading of it. Only strips of the name's length count (a strip that lost a character would
 * vote its neighbour's into the place). Each place is voted on its own: an agreed character that
 * would cost the name its shape (a family name both strips misread alike, 社 for 杜) is left as
 * read, and the strips' agreement on the other places still counts. With the strips' characters
 * (`stripChars`, kept strip's then other's), an agreed character counts only where one strip read
 * it undoubted: two crops of near-alike images guess alike among look-alikes (苏敏俊 on the page,
 * strips 苏敏仪 and 苏教仪 with 仪 at 0.20 and 0.49).
 */
export function nameByCharacterVote(read: string, keptStrip: string, otherStrip: string, stripChars: readonly (readonly OcrChar[] | null)[] = []): string {
  const name = [...read];
  const a = [...keptStrip];
  const b = [...otherStrip];
  if (a.length !== name.length || b.length !== name.length) return read;
  if (outOfStep(name, a) || outOfStep(name, b)) return read;
  const [ca, cb] = stripChars;
  const scored = ca && cb && ca.length === name.length && cb.length === name.length;
  const voted = name.map((c, i) => {
    if (a[i] !== b[i]) return c;
    if (scored && a[i] !== c && Math.max(ca[i]!.score, cb[i]!.score) < DOUBTED_NAME_CHAR) return c;
    const withAgreed = [...name.slice(0, i), a[i]!, ...name.slice(i + 1)].join('');
    return hasNameShape(withAgreed) ? a[i]! : c;
  });
  const out = voted.join('');
  return hasNameShape(out) ? out : read;
}

/**
 * Whether a strip holds one of the read name's characters in another place (名王宇 against 王宇宁:
 * a label's character read in front of the name): its places are then not the name's places, and
 * two strips cut alike would agree on every shifted character.
 */
function outOfStep(name: readonly string[], strip: readonly string[]): boolean {
  return strip.some((c, i) => c !== name[i] && name.includes(c));
}

/** Below this score a character of the read name is doubted and may be outvoted (nameByScoreVote). */
const DOUBTED_NAME_CHAR = 0.6;

/**
 * What the readings offer for place `i` of a name: each character's scores summed over the
 * readings (a reading's choice and its alternatives, each character once a reading) and how many
 * readings offer it. Every reading must have a place `i`.
 */
function offersAt(readings: readonly (readonly OcrChar[])[], i: number): { sum: Map<string, number>; backers: Map<string, number> } {
  const sum = new Map<string, number>();
  const backers = new Map<string, number>();
  for (const r of readings) {
    const here = r[i]!;
    const offered = new Map<string, number>([[here.char, here.score]]);
    for (const a of here.alternatives ?? []) if (!offered.has(a.char)) offered.set(a.char, a.score);
    for (const [ch, score] of offered) {
      sum.set(ch, (sum.get(ch) ?? 0) + score);
      backers.set(ch, (backers.get(ch) ?? 0) + 1);
    }
  }
  return { sum, backers };
}

/**
 * The read name with a doubted character replaced by the one its readings find likeliest when
 * their scores are summed, each reading's best guess and the recogniser's alternatives alike: the
 * blur spoils the character differently on each look, and the right one is often a second guess on
 * one look and the best on another (向红类, 类 at 0.32 with 勇 offered at 0.08; strips 向红勇, 勇
 * at 0.98, and 商红务, 务 at 0.54 with 勇 at 0.29: 勇 sums 1.35 against 类's 0.32). `readings` are
 * the name's characters on each reading of the name's length, the page pass's first (its scores
 * say which characters are doubted). A character is replaced only where the page doubted it, by a
 * Chinese character at least two readings offer that outweighs the read one and one reading read
 * undoubted (at 0.6 or more: 白春萱, 萱 at 0.21 on the page, strips 白春营 at 0.20 and 白寿管 with 营
 * second at 0.15: 营's 0.51 is three unsure guesses among look-alikes, and was wrong), and only when
 * the name keeps a name's shape. The name as read otherwise.
 */
export function nameByScoreVote(read: string, readings: readonly (readonly OcrChar[])[]): string {
  const name = [...read];
  const page = readings[0];
  const all = readings.filter((r) => r.length === name.length);
  if (!page || page.length !== name.length || all.length < 2) return read;
  const voted = name.map((c, i) => {
    if (page[i]!.score >= DOUBTED_NAME_CHAR) return c;
    const { sum, backers } = offersAt(all, i);
    const [best, bestSum] = [...sum].reduce((a, b) => (b[1] > a[1] ? b : a));
    if (best === c || !/^[\u4e00-\u9fff]$/u.test(best) || (backers.get(best) ?? 0) < 2 || bestSum <= (sum.get(c) ?? 0)) return c;
    // Some reading must have read the winner undoubted: unsure guesses alone sum high by their
    // number, and on a smudged character every look guesses among the same look-alikes.
    if (!all.some((r) => r[i]!.char === best && r[i]!.score >= DOUBTED_NAME_CHAR)) return c;
    return best;
  });
  const out = voted.join('');
  return hasNameShape(out) ? out : read;
}

/**
 * A name still starting with no common family name (消红) given the family name its readings offer
 * most for that character, best guesses and alternatives summed: each look offers the right one
 * faintly (肖 at 0.03, 0.07 and 0.02 behind 消), too faintly for one look alone to count
 * (nameFromSurnameAlternatives). Only a family name at least two readings offer; `readings` as for
 * nameByScoreVote. The name as read otherwise.
 */
export function nameWithOfferedFamilyName(read: string, readings: readonly (readonly OcrChar[])[]): string {
  const name = [...read];
  if (!nameIsDoubtful(read)) return read;
  const surnames = headerValueTables().surnames;
  const { sum, backers } = offersAt(readings.filter((r) => r.length === name.length && r.length > 0), 0);
  const backed = [...sum].filter(([ch]) => surnames.has(ch) && (backers.get(ch) ?? 0) >= 2);
  if (backed.length === 0) return read;
  const [best] = backed.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best + name.slice(1).join('');
}

/** A name read on a strip, with the strip's reading (null when none was read). */
interface StripName {
  name: string;
  line: OcrLine | null;
}

/**
 * Whether both page passes read `read` and were surer of the characters the strips changed than
 * the strips were: over the changed places, the summed scores of the two page readings exceed the
 * summed scores of the two strips'. The strips crop alike on two near-alike images and so may
 * misread alike (肖雨芬 on both pages, 芬 at 0.78 and 0.99; 尚雨芽 on both strips, 芽 at 0.31 and
 * 0.26): their agreement then weighs no more than the pages'. A name only one page read, or
 * strips of another length, leave the strips' verdict standing.
 */
export function pagesSurer(read: string, voted: string, pages: readonly (readonly OcrLine[])[], strips: readonly StripName[]): boolean {
  const r = [...read];
  const v = [...voted];
  if (r.length !== v.length) return false;
  const pageChars = pages.map((lines) => charsOfValue(lines, read));
  const stripChars = strips.map((s) => (s.line && [...s.name].length === r.length ? charsOfValue([s.line], s.name) : null));
  let page = 0;
  let strip = 0;
  for (let i = 0; i < r.length; i++) {
    if (r[i] === v[i]) continue;
    for (const cs of pageChars) page += cs?.[i]?.score ?? Number.NaN;
    for (const cs of stripChars) strip += cs?.[i]?.score ?? Number.NaN;
  }
  // NaN (a page that did not read the name, a strip without the changed place) compares false.
  return page > strip;
}

/**
 * The name's characters on each reading of it, for nameByScoreVote: the pages that read it as it
 * stands (the first one found leads), then the strips that read a name of its length in step with it.
 */
function scoreReadings(read: string, pages: readonly (readonly OcrLine[])[], strips: readonly StripName[]): (readonly OcrChar[])[] {
  const name = [...read];
  const out: (readonly OcrChar[])[] = [];
  for (const lines of pages) {
    const chars = charsOfValue(lines, read);
    if (chars) out.push(chars);
  }
  if (out.length === 0) return [];
  for (const s of strips) {
    const strip = [...s.name];
    if (!s.line || strip.length !== name.length || outOfStep(name, strip)) continue;
    const chars = charsOfValue([s.line], s.name);
    if (chars) out.push(chars);
  }
  return out;
}

/** The one gender all readings that found one agree on; 0 when none or they disagree. */
function agreedGender(values: readonly (0 | 1 | 2)[]): 0 | 1 | 2 {
  const found = new Set(values.filter((g) => g !== 0));
  return found.size === 1 ? [...found][0]! : 0;
}

/** Strips from the kept page's labels, else (the label lost on it) from the other page's. */
function stripsOf(find: (lines: readonly OcrLine[]) => Quad8[], kept: readonly OcrLine[], other: readonly OcrLine[]): Quad8[] {
  const own = find(kept);
  return own.length > 0 ? own : find(other);
}

/**
 * The name and gender of an out-of-focus photo after a look at both of its readings. `kept` is
 * the page the result was read from, `other` the photo's other reading. Only fields still empty,
 * and the name, are looked at; a page with neither label read costs nothing.
 */
export async function rereadOnBothPages(result: MedicalResult, kept: PageLook, other: PageLook): Promise<MedicalResult> {
  const nameStrips = stripsOf(patientNameStrips, kept.lines, other.lines);
  const genderQuads = result.patient_gender === 0 ? stripsOf(genderStrips, [...kept.lines, ...kept.faint], [...other.lines, ...other.faint]) : [];
  const quads = [...nameStrips, ...genderQuads];
  let out = result;
  if (quads.length > 0) {
    const [keptRead, otherRead] = await Promise.all([kept.recognize(quads), other.recognize(quads)]);
    const firstName = (read: readonly OcrLine[]): StripName => {
      const named = read.slice(0, nameStrips.length).map((l) => ({ name: patientNameFromStrip(l.text), line: l }));
      return named.find((n) => n.name !== '') ?? { name: '', line: null };
    };
    if (nameStrips.length > 0) {
      const read = out.patient_name;
      const keptStrip = firstName(keptRead);
      const otherStrip = firstName(otherRead);
      const stripChars = [keptStrip, otherStrip].map((st) => (st.line ? charsOfValue([st.line], st.name) : null));
      const voted = nameFromTwoLooks(read, keptStrip.name, otherStrip.name, stripChars);
      const pages = [kept.lines, other.lines];
      const kept2 = voted !== read && pagesSurer(read, voted, pages, [keptStrip, otherStrip]) ? read : voted;
      // Left as read by the votes above: its doubted characters go to the readings' summed scores.
      const scored = kept2 === read ? nameByScoreVote(read, scoreReadings(read, pages, [keptStrip, otherStrip])) : kept2;
      // Still no family name first: the one the readings offer most for that character.
      out = { ...out, patient_name: nameWithOfferedFamilyName(scored, scoreReadings(scored, pages, [keptStrip, otherStrip])) };
    }
    if (genderQuads.length > 0) {
      const strips = [...keptRead.slice(nameStrips.length), ...otherRead.slice(nameStrips.length)];
      const gender = agreedGender(strips.map((l) => genderFromStrip(l.text)));
      if (gender !== 0) out = { ...out, patient_gender: gender };
    }
  }
  // The other reading's own lines may hold the whole cell (性别男 read there, the label lost here).
  if (out.patient_gender === 0) {
    const gender = genderFromMisreadLabel(other.lines) || genderFromLabelAlternatives(other.lines) || genderFromFaintCell(other.faint);
    if (gender !== 0) out = { ...out, patient_gender: gender };
  }
  return out;
}
