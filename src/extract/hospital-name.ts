/**
 * The shape of a medical institution's name (data/hospital-names.json): how names end, which words
 * only name a kind of institution, and how a province prefix damaged by OCR, a seal or the edge of
 * the picture is given back. Pure functions over strings; the page layout is header.ts's business.
 */
import { readFileSync } from 'node:fs';
import type { Province } from '../contract/extract.js';
import { dataFile } from '../util/paths.js';
import type { ExtractTables } from './tables.js';
import { editDistance } from '../util/text.js';

export { editDistance };

export interface HospitalNameTables {
  /** Matches one name (lazy body, then a suffix); group 1 is the suffix. */
  readonly pattern: RegExp;
  readonly kinds: ReadonlySet<string>;
  readonly sealWords: readonly string[];
  /** Administrative suffix (省, 市) -> characters OCR reads for it. */
  readonly adminLookalikes: ReadonlyMap<string, readonly string[]>;
  /** Generic words of names (医科大学, 第一附属医院) a misread name is repaired to. */
  readonly nameWords: readonly string[];
  /**
   * Names many hospitals share (协和医院, 同仁医院): kept and given back a lost character like generic
   * words, but replacing a misread character only when it is a listed glyph look-alike, since other
   * brands one character apart (同济医院) are real names.
   */
  readonly brandWords: readonly string[];
  /** Labels of the payee line's row, right of it (复核人, 收款人): where to look when its own label was not read. */
  readonly rowMates: readonly string[];
  /** Numeral of 第X医院 -> characters OCR reads for it (兰 for 三). */
  readonly ordinalLookalikes: ReadonlyMap<string, readonly string[]>;
  /** Character of a place or generic word -> characters OCR reads for it (膏 for 骨, 回 for 口). */
  readonly glyphLookalikes: ReadonlyMap<string, readonly string[]>;
  /** Labels whose value is a kind of institution (医疗机构类型): their tails before a kind are no place. */
  readonly kindLabels: readonly string[];
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string' && x.length > 0);
}

/**
 * A table of character -> characters OCR reads for it (ordinalLookalikes, glyphLookalikes,
 * adminLookalikes); an optional one may be missing and is then empty. Throws naming the key.
 */
function characterTable(root: Record<string, unknown>, key: string, source: string, optional: boolean): Map<string, readonly string[]> {
  const table = root[key] ?? (optional ? {} : undefined);
  if (typeof table !== 'object' || table === null || Array.isArray(table)) throw new Error(`${source}: "${key}" must be an object`);
  const out = new Map<string, readonly string[]>();
  for (const [char, chars] of Object.entries(table)) {
    if (!isStringList(chars)) throw new Error(`${source}: ${key}.${char} must be a list of characters`);
    out.set(char, chars);
  }
  return out;
}

/** Parses the JSON text of data/hospital-names.json; throws naming the malformed key. */
export function parseHospitalNameTables(text: string, source = 'hospital-names.json'): HospitalNameTables {
  const root = JSON.parse(text) as Record<string, unknown>;
  const { suffixes, kinds, sealWords, nameWords } = root;
  // Optional: a table without it only loses the re-read of an unlabelled payee row.
  const rowMates = root.rowMates ?? [];
  if (!Array.isArray(rowMates) || (rowMates.length > 0 && !isStringList(rowMates))) throw new Error(`${source}: "rowMates" must be a list of words`);
  if (!isStringList(nameWords)) throw new Error(`${source}: "nameWords" must be a list of words`);
  if (!isStringList(suffixes) || suffixes.length === 0) throw new Error(`${source}: "suffixes" must be a list of words`);
  if (!isStringList(kinds)) throw new Error(`${source}: "kinds" must be a list of words`);
  if (!isStringList(sealWords)) throw new Error(`${source}: "sealWords" must be a list of words`);
  // Optional: a table without it only loses the repair of a misread 第X numeral.
  const ordinals = characterTable(root, 'ordinalLookalikes', source, true);
  // Optional: a table without it only loses the repair of a blurred place or word character.
  const glyphs = characterTable(root, 'glyphLookalikes', source, true);
  const lookalikes = characterTable(root, 'adminLookalikes', source, false);
  // Optional: a table without it only loses telling a kind label's tail before its value from a place.
  const kindLabels = root.kindLabels ?? [];
  // Optional: a table without it only loses the repair of a brand name's lost or look-alike character.
  const brandWords = root.brandWords ?? [];
  if (!Array.isArray(brandWords) || (brandWords.length > 0 && !isStringList(brandWords))) throw new Error(`${source}: "brandWords" must be a list of words`);
  if (!Array.isArray(kindLabels) || (kindLabels.length > 0 && !isStringList(kindLabels))) throw new Error(`${source}: "kindLabels" must be a list of labels`);
  // Longer suffixes first so that 卫生服务中心 is preferred to a shorter one ending inside it.
  const alternatives = [...suffixes].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
  return {
    pattern: new RegExp(`[\\u4e00-\\u9fff()（）]{2,30}?(${alternatives})`),
    kinds: new Set(kinds),
    sealWords,
    adminLookalikes: lookalikes,
    nameWords,
    brandWords,
    rowMates,
    ordinalLookalikes: ordinals,
    glyphLookalikes: glyphs,
    kindLabels,
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

let cached: HospitalNameTables | undefined;

/** The project's table (data/hospital-names.json), read once. */
export function hospitalNameTables(): HospitalNameTables {
  cached ??= parseHospitalNameTables(readFileSync(dataFile('hospital-names.json'), 'utf8'));
  return cached;
}

/**
 * A kind of institution or a generic word after one stray character (型社区卫生服务中心: the tail of
 * a 医疗机构类型 label and its value; 市口腔医院: the place lost under the seal but its 市): no
 * issuer, since a place name before such a word has two characters or more. A kind after a longer
 * tail of a label whose value is a kind (构类型中医医院: the picture's edge cut 医疗机 off, so the
 * label was not read and its value looked unlabelled) is that label's value too: the tail is the
 * label's, not a place; a tail of three characters or more with one misread (疗凯构类型妇幼保健院) too.
 */
export function isKindWithStray(name: string, t: HospitalNameTables = hospitalNameTables()): boolean {
  const chars = [...name];
  if (chars.length <= 1) return false;
  const rest = chars.slice(1).join('');
  if (t.kinds.has(rest) || t.nameWords.includes(rest)) return true;
  return t.kindLabels.some((label) => {
    const labelChars = [...label];
    // Tails of two characters up to the whole label (one character is the stray case above).
    // A tail of three characters or more may hold one misread character (疗凯构类型: 机 read 凯), as
    // the label is read as unsurely as any text; no name holds a label's tail before a kind.
    for (let n = 2; n <= labelChars.length && n < chars.length; n++) {
      const tail = labelChars.slice(-n);
      const misread = chars.slice(0, n).filter((c, i) => c !== tail[i]).length;
      if (misread <= (n >= 3 ? 1 : 0) && t.kinds.has(chars.slice(n).join(''))) return true;
    }
    return false;
  });
}

/**
 * Whether a text is an institution's name by its shape: it holds a name ending in one of the
 * suffixes, is more than a bare kind (中医医院 names a kind, 北京中医医院 an issuer) and holds no
 * seal words (收费专用章 read into the name).
 */
export function looksLikeHospital(name: string, t: HospitalNameTables = hospitalNameTables()): boolean {
  const m = t.pattern.exec(name);
  if (!m) return false;
  if (t.kinds.has(name) || t.kinds.has(m[0]) || isKindWithStray(m[0], t)) return false;
  return !t.sealWords.some((w) => name.includes(w)) && !name.includes('章');
}

/**
 * The name to keep among readings of one issuer (the labelled value, an unlabelled name elsewhere on
 * the page, a re-read), best first: the first with an institution's shape, since a seal over the
 * payee line turns its reading into seal text ((草)诊) while the name printed elsewhere stays whole;
 * when none has the shape, the first non-empty one (kept as read rather than dropped).
 */
export function preferHospitalShaped(readings: readonly string[], t: HospitalNameTables = hospitalNameTables()): string {
  // Failing a hospital's shape, any reading but one that is the seal's ring text alone
  // (章收费专用章), which names no one; seal text beside a name is cut off later.
  return readings.find((r) => looksLikeHospital(r, t)) ?? readings.find((r) => r !== '' && !isSealTextAlone(r, t)) ?? '';
}

/**
 * Characters of the seal's own words (收费专用章, 财务专用章, 财政部监制): a reading made of them
 * and one misread character (收设专用: 费 read as 设) is still the ring's text, not a name.
 */
const SEAL_WORD_CHARS = /[收费专用章财务印监制]/u;

/**
 * Whether nothing but seal words, 章 and brackets was read: fewer than two other characters, not
 * counting characters of seal words read out of their word (收设专用 leaves 收 and 设: one).
 */
export function isSealTextAlone(text: string, t: HospitalNameTables = hospitalNameTables()): boolean {
  const rest = t.sealWords.reduce((left, w) => left.split(w).join(''), text).replace(/[章()（）\s]/gu, '');
  return [...rest].filter((c) => !SEAL_WORD_CHARS.test(c)).length < 2;
}

/**
 * A name without what OCR read after its suffix: one stray character or mark at most (南宁口腔医院儿,
 * 重庆肿瘤医院_川: a seal's letter, a speck), or seal text of any length (…医院用社, …医院专用章,
 * …医院收设: the 收费专用章 ring read into the row). A tail of two characters and more may be printed
 * (…医院门诊部, …医院(北院)) and is kept, as is a name without a suffix.
 */
export function trimAfterSuffix(name: string, t: HospitalNameTables = hospitalNameTables()): string {
  const m = t.pattern.exec(name);
  if (!m) return name;
  const end = m.index + m[0].length;
  const tail = name.slice(end);
  const han = [...tail].filter((c) => /[\u4e00-\u9fff]/.test(c)).length;
  // 收 starts every 收费专用章 ring word and no printed part of a name (收设: 收费 read short).
  const seal = /^[^\u4e00-\u9fff]*[用章专财务印收]/u.test(tail);
  return tail !== '' && (seal || (han <= 1 && !/[(（]/.test(tail))) ? name.slice(0, end) : name;
}

/** The first institution-shaped name inside a text, or ''. */
export function hospitalIn(text: string, t: HospitalNameTables = hospitalNameTables()): string {
  const m = t.pattern.exec(text);
  if (!m || t.kinds.has(m[0]) || isKindWithStray(m[0], t)) return '';
  return m[0];
}

/**
 * A hospital name whose province prefix was damaged, given back from the invoice's province
 * (known from the title, the path or the note_code):
 * - the full name misread in one character that keeps its last one (汉津市 -> 天津市);
 * - the administrative suffix misread after the short name (江苏州第三医院 -> 江苏省第三医院): only
 *   characters listed as that suffix's look-alikes, so 河南中医药大学 stays as it is;
 * - the start cut off by the picture's edge or a seal (省中心医院, 西壮族自治区协和医院): a name
 *   never starts with the tail of a province's full name, so the missing head is put back.
 * Names with another start (郑州大学第一附属医院) are left alone.
 */
/** Full province names end in an administrative word; short names (内蒙古, 黑龙江) do not. */
const ADMIN_END = /[省市区]$/;

export function restorePlacePrefix(
  name: string,
  province: Province | undefined,
  tables: ExtractTables,
  t: HospitalNameTables = hospitalNameTables(),
): string {
  const row = province ? tables.provinces.get(province) : undefined;
  if (!row || name === '') return name;
  const chars = [...name];
  const full = row.names.filter((n) => [...n].length >= 3);
  // Already right.
  if (full.some((n) => name.startsWith(n))) return name;
  // Another province's full name is a place read right (a Hunan hospital on a Henan invoice).
  if (allFullNames(tables).some((n) => name.startsWith(n))) return name;
  for (const n of full) {
    const want = [...n];
    const last = want[want.length - 1]!;
    // Long full names (新疆维吾尔自治区) may have two misreads: no other place is that close.
    const allowed = want.length >= 6 ? 2 : 1;
    // The full name misread, or a character of it lost or added (汉津市 -> 天津市, 四省 -> 四川省,
    // 广西社自治区 -> 广西壮族自治区): the head ending in the same administrative character,
    // within `allowed` edits. A seal or faint print takes characters as well as changing them.
    let best: { len: number; dist: number } | undefined;
    for (let len = Math.max(2, want.length - allowed); len <= want.length + allowed; len++) {
      if (chars.length <= len + 1) continue;
      // The administrative character itself may be the one lost (广西壮族目治口腔医院: 区 under
      // the seal, 自 misread): then the long name's start must be read right (its first two
      // characters) and a word of the name must follow the head, so that the head cannot eat
      // characters of the name proper.
      const lostAdmin = allowed >= 2 && chars[len - 1] !== last && name.startsWith(want.slice(0, 2).join('')) && startsWithNameWord(chars.slice(len).join(''), t);
      if (chars[len - 1] !== last && !lostAdmin) continue;
      const dist = editDistance(chars.slice(0, len), want);
      if (dist >= 1 && dist <= allowed && (!best || dist < best.dist)) best = { len, dist };
    }
    if (best) return n + chars.slice(best.len).join('');
    if (isProvinceHeadMisread(chars, want, t)) return n + chars.slice(want.length).join('');
    const regionHead = autonomousRegionHeadLength(chars, want, t);
    if (regionHead > 0) return n + chars.slice(regionHead).join('');
    // Short name + a look-alike of the administrative suffix.
    const looks = t.adminLookalikes.get(last) ?? [];
    const head = chars.slice(0, want.length);
    if (chars.length > want.length && head.slice(0, -1).join('') === want.slice(0, -1).join('') && looks.includes(head[want.length - 1]!)) {
      return n + chars.slice(want.length).join('');
    }
  }
  // A proper tail of a full name (ending in its administrative suffix) starting the name.
  for (const n of full.filter((f) => ADMIN_END.test(f))) {
    const want = [...n];
    for (let cut = 1; cut < want.length; cut++) {
      const tail = want.slice(cut).join('');
      if (name.startsWith(tail) && chars.length > want.length - cut + 1) return want.slice(0, cut).join('') + name;
    }
  }
  // The head of any of the province's names cut off right before a generic word (庆第二人民医院 ->
  // 重庆第二人民医院): a name never starts with a stray character before 第二人民医院. Only when
  // exactly one restored form fits, since a one-character tail may end several names.
  // A main city's head cut off before its 市 (都市骨科医院 -> 成都市骨科医院) likewise.
  const restored = new Set<string>();
  for (const n of [...row.names, ...row.cities]) {
    const want = [...n];
    const isCity = row.cities.includes(n);
    for (let cut = 1; cut < want.length; cut++) {
      const tail = want.slice(cut).join('');
      if (!name.startsWith(tail)) continue;
      const rest = name.slice(tail.length);
      const cityMark = isCity && rest.startsWith('市') && [...rest].length > 2;
      if (cityMark || t.nameWords.some((w) => rest.startsWith(w))) restored.add(want.slice(0, cut).join('') + name);
    }
  }
  if (restored.size === 1) return [...restored][0]!;
  const cityMark = cityMarkRestored(name, row.cities, t);
  if (cityMark !== name) return cityMark;
  // A city name of three characters or more misread once (乌鲁术齐 -> 乌鲁木齐, 石家生 -> 石家庄):
  // only when exactly one of the province's cities fits and the name starts with no place read
  // right. Two-character cities are not guessed: 汝州 is a real city one character from 郑州.
  if (placesOf(tables).some((p) => name.startsWith(p))) return name;
  const glyph = placeFromGlyphLookalikes(name, [...row.names, ...row.cities], t);
  if (glyph !== name) return glyph;
  const lost = cityWithLostCharacter(chars, row.cities, t);
  if (lost !== '') return lost;
  const fits = row.cities.filter((c) => {
    const want = [...c];
    if (want.length < 3 || chars.length <= want.length) return false;
    const misread = chars.slice(0, want.length).filter((ch, i) => ch !== want[i]);
    // A long city (呼和浩特 read 呼科告特) may have two misread characters, as long as they are
    // Chinese characters and the others agree: no other place is that close.
    return misread.length === 1 || (want.length >= MIN_CITY_TWO_MISREADS && misread.length === 2 && misread.every((ch) => /[\u4e00-\u9fff]/u.test(ch)));
  });
  if (fits.length === 1) return fits[0]! + chars.slice([...fits[0]!].length).join('');
  return name;
}

/**
 * Shortest city given back with two misread characters: half of a four-character city read right
 * at its place still names one city of the province, while a three-character one would be named
 * by a single character.
 */
const MIN_CITY_TWO_MISREADS = 4;

/**
 * A name starting with one of the province's cities whose 市 is read as a look-alike (南昌带儿童医院
 * for 南昌市儿童医院: the 巾 of both kept, the top blurred) gets its 市 back, when a generic word or
 * kind of name follows the look-alike: a character between a city and such a word is the city's
 * administrative word or nothing, and only the characters listed as 市's look-alikes are taken for it.
 * A word that lost its first character next to the look-alike (昆明带幼保健院: 市 blurred, 妇 lost)
 * counts too: the look-alike is then taken for 市, as listed, rather than for the lost character
 * (带 is no misread 妇), and the word's first character is given back by restoreLostFirstAfterPlace.
 */
export function cityMarkRestored(name: string, cities: readonly string[], t: HospitalNameTables = hospitalNameTables()): string {
  const looks = t.adminLookalikes.get('市') ?? [];
  const chars = [...name];
  for (const city of cities) {
    const n = [...city].length;
    if (!name.startsWith(city) || !looks.includes(chars[n] ?? '')) continue;
    const rest = chars.slice(n + 1).join('');
    if (startsWithNameWord(rest, t) || startsWithWordShortOfFirst(rest, t)) return `${city}市${rest}`;
  }
  return name;
}

/**
 * Misread characters a province's full name ending in 省 may have when its 省 is read right and a
 * word of the name follows (四茜省人民医院 for 山西省人民医院: the seal's ink over both place
 * characters). 省 follows nothing but a province's name, so once the head names no province (one
 * read right returned earlier) it can only be this invoice's own; names ending in 市 or 区 get no
 * such budget, since counties and cities end in them too (汝州市).
 */
const MISREADS_BEFORE_SHENG = 2;

/**
 * Whether a name starts with the province's full name `want` (ending in 省) of the same length with
 * its 省 in place, 2 to MISREADS_BEFORE_SHENG other characters misread (one is restorePlacePrefix's
 * ordinary repair), and a generic word or kind of the name right after it.
 */
function isProvinceHeadMisread(chars: readonly string[], want: readonly string[], t: HospitalNameTables): boolean {
  const n = want.length;
  if (want[n - 1] !== '省' || chars.length <= n + 1 || chars[n - 1] !== '省') return false;
  const misread = want.filter((c, i) => chars[i] !== c).length;
  if (misread < 2 || misread > MISREADS_BEFORE_SHENG) return false;
  // Only Chinese characters are place characters misread: digits or marks are something else.
  if (!chars.slice(0, n - 1).every((c) => /[\u4e00-\u9fff]/u.test(c))) return false;
  return startsWithNameWord(chars.slice(n).join(''), t);
}

const REGION_MARK = '自治区';

/**
 * Characters before 自治区 beyond the region's short name that a misread head may have: one (a
 * stray mark or a character read twice), never a whole other word.
 */
const REGION_HEAD_EXTRA = 1;

/**
 * The length of a head naming the province's autonomous region `want` (新疆维吾尔自治区) misread
 * beyond restorePlacePrefix's two edits, or 0: 自治区 read whole, as the head's end, with a generic
 * word or kind right after it (新喜尔自治区骨科医院: 疆维吾 read as one 喜). Only the five
 * provincial regions end in 自治区 (prefectures end in 自治州, counties in 自治县), and one read
 * right was returned earlier, so the characters before it can only be this invoice's own region's;
 * they must still be Chinese characters, no more than its short name and REGION_HEAD_EXTRA, and
 * start or end as the short name does.
 */
function autonomousRegionHeadLength(chars: readonly string[], want: readonly string[], t: HospitalNameTables): number {
  const mark = [...REGION_MARK];
  if (want.slice(-mark.length).join('') !== REGION_MARK) return 0;
  const short = want.slice(0, -mark.length);
  const at = chars.join('').indexOf(REGION_MARK);
  if (at < 1) return 0;
  const before = [...chars.join('').slice(0, at)];
  const end = before.length + mark.length;
  if (before.length > short.length + REGION_HEAD_EXTRA || !before.every((c) => /^[\u4e00-\u9fff]$/u.test(c))) return 0;
  if (before[0] !== short[0] && before[before.length - 1] !== short[short.length - 1]) return 0;
  return chars.length > end + 1 && startsWithNameWord(chars.slice(end).join(''), t) ? end : 0;
}

/**
 * A city of three characters or more that lost one character (石家中医院: 庄 lost, not misread as
 * 中), given back when what follows the shortened city starts with a generic word or kind of name
 * (中医院, 第一人民医院): the character that looks misread is then the next word's first one, and
 * reading it as a misread would eat that word. Only when exactly one of the province's cities fits;
 * '' otherwise.
 */
function cityWithLostCharacter(chars: readonly string[], cities: readonly string[], t: HospitalNameTables): string {
  const found = new Set<string>();
  for (const c of cities) {
    const want = [...c];
    if (want.length < 3) continue;
    const rest = chars.slice(want.length - 1).join('');
    if (!startsWithNameWord(rest, t)) continue;
    for (let lost = 1; lost < want.length; lost++) {
      const short = [...want.slice(0, lost), ...want.slice(lost + 1)];
      if (short.every((ch, i) => chars[i] === ch)) found.add(c + rest);
    }
  }
  return found.size === 1 ? [...found][0]! : '';
}

/** Whether a text starts with a generic word or a kind of institution (中医院, 人民医院). */
function startsWithNameWord(text: string, t: HospitalNameTables): boolean {
  return t.nameWords.some((w) => text.startsWith(w)) || [...t.kinds].some((k) => text.startsWith(k));
}

/**
 * Whether a text starts with exactly one generic word of MIN_RESTORED_WORD characters or more short
 * of its first character (幼保健院 of 妇幼保健院), and with no word whole.
 */
function startsWithWordShortOfFirst(text: string, t: HospitalNameTables): boolean {
  if (startsWithNameWord(text, t)) return false;
  const firsts = new Set(t.nameWords.filter((w) => [...w].length >= MIN_RESTORED_WORD && text.startsWith([...w].slice(1).join(''))).map((w) => [...w][0]!));
  return firsts.size === 1;
}

/**
 * The first piece of a name OCR boxed in two (四川省女 | 妇幼保健院) without its last character when
 * that character stands between a place and a generic word of three characters or more starting the
 * next piece: boxes overlap at the seam and a character cut by the box edge is read in both, its
 * left half (女 of 妇) as a character of its own. A place followed directly by such a word is a
 * name's usual form; one character between them is not. The piece as read otherwise.
 */
export function dropSeamStray(head: string, next: string, places: readonly string[], t: HospitalNameTables = hospitalNameTables()): string {
  const chars = [...head];
  const last = chars[chars.length - 1];
  // An administrative word (成都市, 某县) ends a place: it is no stray.
  if (last === undefined || !/[\u4e00-\u9fff]/u.test(last) || /[省市区县镇乡]/u.test(last)) return head;
  // A character that starts a generic word (第 of 第一人民医院: the numeral lost) belongs to the name.
  if (t.nameWords.some((w) => w.startsWith(last))) return head;
  const rest = chars.slice(0, -1).join('');
  if (!places.some((p) => [...p].length >= 2 && rest.endsWith(p))) return head;
  return t.nameWords.some((w) => [...w].length >= 3 && next.startsWith(w)) ? rest : head;
}

/**
 * A name that starts with no place but has one after its first character starts there: a re-read
 * strip starts right at the label's end, where the bracket, the colon or seal ink read as one
 * character (设郑州协和医院), and the page pass reads the seal's ring ink before the name the same
 * way (纺杭州第一人民医院). Longer leads (武警浙江省总队医院) stay, but for a piece of the seal's
 * words; places of one character are not looked for.
 */
export function dropStrayBeforePlace(
  name: string,
  places: readonly string[],
  t: HospitalNameTables = hospitalNameTables(),
  restore: (rest: string) => string = (rest) => rest,
): string {
  if (name === '' || places.some((p) => name.startsWith(p))) return name;
  const chars = [...name];
  const placeAt = (rest: string) => places.some((p) => [...p].length >= 2 && rest.startsWith(p));
  const rest = chars.slice(1).join('');
  if (placeAt(rest)) return rest;
  // A lead of two or three characters that is a piece of the seal's own words (诊收福建省…: the
  // 门诊收费专用章 of a seal stamped over the row's start; 务《贵阳市…, its ink read as a mark
  // beside it) is no part of a name either. The same ink often spoils the place's first character
  // (门诊关津市…), so the place after such a lead is looked for once `restore` repaired it.
  for (const cut of [2, 3]) {
    const lead = chars.slice(0, cut).join('');
    const after = chars.slice(cut).join('');
    const leadChars = lead.replace(/[^\u4e00-\u9fff]/gu, '');
    if (after === '' || leadChars === '' || !isSealWordPiece(leadChars, t)) continue;
    if (placeAt(after)) return after;
    const restored = restore(after);
    if (restored !== after && placeAt(restored)) return restored;
  }
  // The payee label's (章) read before the name (意)城重庆市…: 章 misread, a speck of the colon read
  // as a character): a name has no closing bracket before its place, so a short lead holding one is
  // the label's remnant, dropped with at most one character after the bracket.
  const close = chars.findIndex((c) => c === ')' || c === '）');
  if (close >= 0 && close < MAX_BRACKET_LEAD) {
    for (const cut of [close + 1, close + 2]) {
      const after = chars.slice(cut).join('');
      if (after !== '' && placeAt(after)) return after;
    }
  }
  return name;
}

/**
 * Whether a lead is a piece of the seal's own words, or one with a single misread character (门珍
 * for 门诊 of 门诊收费专用章: the ring's ink over the row is read as unsurely as the name under it).
 * A lead of two characters and more only, and only where the place after it is then found.
 */
export function isSealWordPiece(lead: string, t: HospitalNameTables = hospitalNameTables()): boolean {
  if (t.sealWords.some((w) => w.includes(lead))) return true;
  const chars = [...lead];
  if (chars.length < 2) return false;
  return t.sealWords.some((w) => {
    const word = [...w];
    for (let at = 0; at + chars.length <= word.length; at++) {
      if (chars.filter((c, k) => c !== word[at + k]).length <= SEAL_LEAD_MISREADS) return true;
    }
    return false;
  });
}

/** Misread characters a lead of seal words may have and still be taken for them (门珍 for 门诊). */
const SEAL_LEAD_MISREADS = 1;

/** Characters before a closing bracket that a label's remnant (章), 位(章)) may have: the label's tail. */
const MAX_BRACKET_LEAD = 3;

/**
 * Whether text before a colon is the payee label (收款单位(章)) or its tail, the head cut off by the
 * picture's edge or hidden under a seal (章)：南京中心医院, 位(章)：…): two characters at least, so
 * that a lone mark before a colon is not taken for it.
 */
export function isIssuerLabelOrTail(label: string, ownLabels: ReadonlySet<string>): boolean {
  if (ownLabels.has(label)) return true;
  if ([...label].length < 2 || !/[\u4e00-\u9fff]/u.test(label)) return false;
  const bracketed = label.replace(/（/gu, '(').replace(/）/gu, ')');
  return [...ownLabels].some((l) => l.replace(/（/gu, '(').replace(/）/gu, ')').endsWith(bracketed));
}

/** Characters a word repair may replace: Chinese characters and punctuation marks read for one. */
const REPAIRABLE = /[\u4e00-\u9fff、，,.。·・'`‘’:：;；+＋]/u;

/**
 * Every province's names and main cities, each once, longest first (so a scan for the first place
 * in a text takes 黑龙江省 before 黑龙江). Computed once per table set: it is asked for every name read.
 */
export function placesOf(tables: ExtractTables): readonly string[] {
  let found = placesByTables.get(tables);
  if (!found) {
    const names = [...tables.provinces.values()].flatMap((r) => [...r.names, ...r.cities]);
    found = [...new Set(names)].sort((a, b) => b.length - a.length);
    placesByTables.set(tables, found);
  }
  return found;
}
const placesByTables = new WeakMap<ExtractTables, readonly string[]>();

/** The names and main cities of one province (none when the province is unknown). */
export function provincePlacesOf(province: Province | undefined, tables: ExtractTables): string[] {
  const row = province ? tables.provinces.get(province) : undefined;
  return row ? [...row.names, ...row.cities] : [];
}

/** Full names (ending in 省, 市, 区) of every province. */
function allFullNames(tables: ExtractTables): string[] {
  return [...tables.provinces.values()].flatMap((r) => r.names).filter((n) => [...n].length >= 3 && ADMIN_END.test(n));
}

/** Misread characters a word of this length may have and still be recognised. */
function allowedMisreads(length: number): number {
  // Two misreads in a six-character word turn 公共卫生中心 into 精神卫生中心: only in long words.
  if (length >= 8) return 2;
  return length >= 4 ? 1 : 0;
}

/**
 * A name with its generic words repaired (医科大子 -> 医科大学, 昆明医科关学附属 -> 昆明医科大学附属).
 * Only where one word is clearly the closest to the window (第X人民医院 is one character from
 * 第一 and 第二 alike: left as read), only Chinese characters are replaced, and characters that
 * belong to a word read exactly are never touched, so a correct name never changes.
 */
export function repairNameWords(read: string, t: HospitalNameTables = hospitalNameTables(), places: readonly string[] = []): string {
  // A lost character first: 第二民医院 is one character from 人民医院 too, but the longer word
  // 第二人民医院 explains all of it.
  const name = restoreLostLastCharacter(restoreLostCharacter(restoreLostFirstAfterPlace(dropSealPieceAfterDi(dropMarksInsideWords(singleDi(read), t), t), places, t), t), t);
  const chars = [...name];
  const covered = coveredByWords(name, t);
  // A place read exactly at the start (郑州腔医院) is no misread word: 州腔医院 is not 口腔医院.
  for (let k = 0; k < placeEnd(name, places); k++) covered[k] = true;
  // Windows (start, length) -> the words that fit them with their numbers of misreads.
  const windows = new Map<string, { start: number; word: string[]; misreads: number }[]>();
  const brands = new Set(t.brandWords);
  for (const w of [...t.nameWords, ...t.brandWords]) {
    const word = [...w];
    const allowed = allowedMisreads(word.length);
    if (allowed === 0) continue;
    for (let start = 0; start + word.length <= chars.length; start++) {
      const diff: number[] = [];
      for (let k = 0; k < word.length && diff.length <= allowed; k++) if (chars[start + k] !== word[k]) diff.push(start + k);
      if (diff.length === 0 || diff.length > allowed) continue;
      // Only Chinese characters and marks are replaced: a mark inside a name (医、大学) is always a
      // misread character, while digits, Latin letters and brackets may be printed, unless listed
      // as the look-alike of the word's character there (C腔医院: 口 read as a Latin C).
      if (diff.some((i) => covered[i] || !(REPAIRABLE.test(chars[i]!) || isGlyphLookalike(chars[i]!, word[i - start]!, t)))) continue;
      // A brand is one character from other brands (同济, 仁和): only its listed look-alikes are its misreads.
      if (brands.has(w) && diff.some((i) => !isGlyphLookalike(chars[i]!, word[i - start]!, t))) continue;
      const key = `${start}:${word.length}`;
      const list = windows.get(key) ?? [];
      list.push({ start, word, misreads: diff.length });
      windows.set(key, list);
    }
  }
  const chosen: { start: number; word: string[]; misreads: number }[] = [];
  for (const list of windows.values()) {
    const best = Math.min(...list.map((c) => c.misreads));
    const at = list.filter((c) => c.misreads === best);
    // Words equally close (膏科医院: one character from 骨科, 眼科 and 儿科医院 alike) are told
    // apart by the look-alike table: the one whose characters were read as their listed look-alikes.
    const byGlyph = at.length > 1 ? at.filter((c) => c.word.every((ch, k) => chars[c.start + k] === ch || isGlyphLookalike(chars[c.start + k]!, ch, t))) : at;
    if (byGlyph.length === 1) chosen.push(byGlyph[0]!);
  }
  // Fewer misreads and longer words first; overlapping repairs are not combined.
  chosen.sort((a, b) => a.misreads - b.misreads || b.word.length - a.word.length);
  const out = [...chars];
  const changed = new Array<boolean>(chars.length).fill(false);
  for (const c of chosen) {
    const span = c.word.map((_, k) => c.start + k);
    if (span.some((i) => changed[i])) continue;
    span.forEach((i, k) => {
      out[i] = c.word[k]!;
      changed[i] = true;
    });
  }
  return repairOrdinal(out.join(''), t);
}

/**
 * 第第一人民医院, 第一一人民医院 -> 第一人民医院: no name prints 第 or its numeral twice in a row.
 * The second is the same character read again where two lines of one name overlap (太原第一 and
 * 一人民医院, the detector's boxes sharing the numeral) and were joined.
 */
function singleDi(name: string): string {
  return name.replace(/第{2,}/gu, '第').replace(new RegExp(`第([一二三四五六七八九十])\\1+(?=${NUMBERED_WORD})`, 'gu'), '第$1');
}

/**
 * A mark read between two characters of a generic word (福州第二.人民医院: a speck of the seal's
 * ink or the paper between 二 and 人) is no part of the name: it is dropped when the word then
 * reads whole across it. Brackets are printed in names and kept; a mark OCR reads for a numeral
 * (第-人民医院: 一 read as a dash) is the numeral's business (repairOrdinal); any other mark, where
 * no word reads whole without it, may stand for a misread character (医、大学) and is left as read.
 */
function dropMarksInsideWords(name: string, t: HospitalNameTables): string {
  const ordinalMarks = new Set([...t.ordinalLookalikes.values()].flat());
  let chars = [...name];
  for (let i = 1; i < chars.length - 1; i++) {
    const c = chars[i]!;
    if (!NAME_MARK.test(c) || ordinalMarks.has(c)) continue;
    if (!HAN.test(chars[i - 1]!) || !HAN.test(chars[i + 1]!)) continue;
    const without = [...chars.slice(0, i), ...chars.slice(i + 1)];
    // The word must hold both neighbours of the mark: 第二 and 人 of 第二人民医院.
    const joined = t.nameWords.some((w) => {
      const word = [...w];
      for (let at = Math.max(0, i - word.length + 1); at <= i - 1; at++) {
        if (word.every((ch, k) => without[at + k] === ch)) return true;
      }
      return false;
    });
    if (joined) {
      chars = without;
      i--;
    }
  }
  return chars.join('');
}

/** A mark OCR may read inside a name: anything but a Chinese character, a letter, a digit or a bracket. */
const NAME_MARK = /^[^\u4e00-\u9fffA-Za-z0-9()（）]$/u;
const HAN = /^[\u4e00-\u9fff]$/u;

/**
 * 第住院人民医院 -> 第人民医院: a piece of the seal's own words (住院 of 住院收费专用章) read between
 * 第 and a word numerals precede, in place of the numeral the seal's ink covered. No name prints
 * seal words there; the numeral is left lost, for the seal's reading or numeralLostAsOne to give.
 */
function dropSealPieceAfterDi(name: string, t: HospitalNameTables): string {
  return name.replace(new RegExp(`第([\u4e00-\u9fff]{1,3})(?=${NUMBERED_WORD})`, 'gu'), (whole, piece: string) =>
    t.sealWords.some((w) => w.includes(piece)) ? '第' : whole,
  );
}

/** Whether `read` is listed as a character OCR reads for `meant` (膏 for 骨). */
export function isGlyphLookalike(read: string, meant: string, t: HospitalNameTables = hospitalNameTables()): boolean {
  return t.glyphLookalikes.get(meant)?.includes(read) ?? false;
}

/**
 * A name starting with one of the province's places (its names and main cities) with some of the
 * place's characters read as their listed look-alikes (海回协和医院 for 海口协和医院: 口 read as 回),
 * given its place back, when exactly one place fits (the longer of 海口 and 海口市). Unlike the
 * guess of a misread two-character city, only characters listed as look-alikes are replaced, so a
 * real place one character from a city (汝州, 郑州) is never touched. The name as read otherwise.
 */
export function placeFromGlyphLookalikes(name: string, provincePlaces: readonly string[], t: HospitalNameTables = hospitalNameTables()): string {
  const chars = [...name];
  const fits = provincePlaces.filter((p) => {
    const want = [...p];
    if (want.length < 2 || chars.length <= want.length + 1) return false;
    const differ = want.filter((c, i) => chars[i] !== c);
    return differ.length > 0 && want.every((c, i) => chars[i] === c || isGlyphLookalike(chars[i]!, c, t));
  });
  const longest = fits.filter((p) => !fits.some((q) => q !== p && q.startsWith(p)));
  if (longest.length !== 1) return name;
  const want = [...longest[0]!];
  return want.join('') + chars.slice(want.length).join('');
}

/**
 * Characters of the place (longest first) a name starts with, its city's 市 included (郑州市腔医院:
 * the city names list 郑州); 0 when it starts at no place.
 */
function placeEnd(name: string, places: readonly string[]): number {
  const found = places.filter((p) => name.startsWith(p)).sort((a, b) => b.length - a.length)[0];
  if (found === undefined) return 0;
  const length = [...found].length;
  return [...name][length] === '市' && !/[省市区]$/u.test(found) ? length + 1 : length;
}

/**
 * A generic word of four characters and more that lost its first character right after the place
 * the name starts with (郑州腔医院 for 郑州口腔医院: a thin or faint first stroke group, or the
 * seal's ink): a place is followed by a word of the name, never by the tail of one. Only when
 * exactly one word fits (科医院 ends 儿科, 骨科 and 眼科医院 alike: left as read).
 */
function restoreLostFirstAfterPlace(name: string, places: readonly string[], t: HospitalNameTables): string {
  const lost = lostFirstAfterPlace(name, places, t);
  return lost?.firsts.length === 1 ? lost.head + lost.firsts[0]! + lost.rest : name;
}

/** A name read as its place, then a generic word short of its first character (see lostFirstAfterPlace). */
export interface LostFirstAfterPlace {
  /** The place the name starts with, its city's 市 included. */
  readonly head: string;
  /** The rest of the name as read, starting with the word's second character. */
  readonly rest: string;
  /** The first characters that make a generic word of the rest's start, each once. */
  readonly firsts: readonly string[];
}

/**
 * Where a name starting at a place goes on with a generic word of four characters or more that
 * lost its first character (郑州腔医院), the characters that could be the lost one; null when the
 * rest starts with a word read whole or with no word short of its first. One fit is restored by
 * the word repair; several (黑龙江省科医院: 骨科, 儿科 and 眼科医院 alike) are left to the seal.
 */
export function lostFirstAfterPlace(name: string, places: readonly string[], t: HospitalNameTables = hospitalNameTables()): LostFirstAfterPlace | null {
  const end = placeEnd(name, places);
  if (end === 0) return null;
  const chars = [...name];
  const rest = chars.slice(end).join('');
  if (t.nameWords.some((w) => rest.startsWith(w))) return null;
  const fits = new Set(t.nameWords.filter((w) => [...w].length >= MIN_RESTORED_WORD && rest.startsWith([...w].slice(1).join(''))).map((w) => [...w][0]!));
  return fits.size === 0 ? null : { head: chars.slice(0, end).join(''), rest, firsts: [...fits] };
}

/**
 * Shortest generic word given back a lost character: a three-character word less one is two
 * characters, which too many names hold by chance.
 */
const MIN_RESTORED_WORD = 4;

/**
 * A generic word of four characters and more that lost one inner character to OCR (妇幼保院 for
 * 妇幼保健院, 第二民医院 for 第二人民医院, 肿瘤院 for 肿瘤医院: thin or faint strokes, or the seal's
 * ink over the payee line) gets it back, only where exactly one word fits and the short form does
 * not overlap a word read exactly (中医院 is a word of its own, not 中心医院 short of 心). First and
 * last characters are not guessed: a name cut at its start or end is the place repair's business.
 */
function restoreLostCharacter(name: string, t: HospitalNameTables): string {
  const chars = [...name];
  const covered = coveredByWords(name, t);
  const fits = new Map<string, { start: number; length: number; word: string }>();
  for (const w of [...t.nameWords, ...t.brandWords]) {
    const word = [...w];
    if (word.length < MIN_RESTORED_WORD || name.includes(w)) continue;
    for (let lost = 1; lost < word.length - 1; lost++) {
      const short = [...word.slice(0, lost), ...word.slice(lost + 1)];
      for (let start = 0; start + short.length <= chars.length; start++) {
        if (short.some((c, k) => chars[start + k] !== c)) continue;
        if (short.some((_, k) => covered[start + k])) continue;
        fits.set(`${start}:${w}`, { start, length: short.length, word: w });
      }
    }
  }
  if (fits.size !== 1) return name;
  const [fit] = [...fits.values()];
  return chars.slice(0, fit!.start).join('') + fit!.word + chars.slice(fit!.start + fit!.length).join('');
}

/**
 * A name with no suffix that ends in a generic word of four characters or more short of its last
 * character (沈阳中心医: 院 under the seal's ink at the end of the payee line) gets it back, when
 * exactly one word fits: a printed name always ends in its suffix, and 医 is never the last
 * character of one. Names that already end in a suffix are left alone.
 */
function restoreLostLastCharacter(name: string, t: HospitalNameTables): string {
  if (t.pattern.test(name)) return name;
  const fits = [...t.nameWords, ...t.brandWords].filter((w) => {
    const word = [...w];
    return word.length >= MIN_RESTORED_WORD && name.endsWith(word.slice(0, -1).join('')) && [...name].length > word.length - 1;
  });
  const added = new Set(fits.map((w) => name + [...w].pop()!));
  return added.size === 1 ? [...added][0]! : name;
}

/** For each character of a name, whether it lies inside a generic word read exactly. */
function coveredByWords(name: string, t: HospitalNameTables): boolean[] {
  const covered = new Array<boolean>([...name].length).fill(false);
  for (const w of [...t.nameWords, ...t.brandWords]) {
    for (let at = name.indexOf(w); at >= 0; at = name.indexOf(w, at + 1)) {
      const start = [...name.slice(0, at)].length;
      for (let k = 0; k < [...w].length; k++) covered[start + k] = true;
    }
  }
  return covered;
}

/**
 * 第兰医院 -> 第三医院: a numeral misread as a listed look-alike, only between 第 and a word that
 * follows numerals in names (医院, 人民医院, 附属医院, 中心医院) and only a character listed for
 * exactly one numeral, since 第X is one character from every numeral alike.
 */
function repairOrdinal(name: string, t: HospitalNameTables): string {
  return name.replace(/第([^\s第])(?=(?:人民|附属|中心)?医院)/gu, (whole, ch: string) => {
    const numerals = [...t.ordinalLookalikes].filter(([, chars]) => chars.includes(ch)).map(([n]) => n);
    return numerals.length === 1 ? `第${numerals[0]!}` : whole;
  });
}

/** Words a hospital's numeral (第一, 第三) stands before: 人民医院, 附属医院, 中心医院, 医院. */
const NUMBERED_WORD = '(?:人民|附属|中心)?医院';
const NUMBERED_WORD_START = new RegExp(`^${NUMBERED_WORD}`, 'u');
const NUMERAL_LOST_AFTER_DI = new RegExp(`第(?=${NUMBERED_WORD})`, 'gu');

/** Whether a text starts with a word a hospital's numeral stands before (人民医院 of 人民医院章). */
export function startsNumberedWord(text: string): boolean {
  return NUMBERED_WORD_START.test(text);
}

/**
 * 第人民医院 -> 第一人民医院: a 第 followed directly by a word numerals precede (人民医院, 医院,
 * 附属医院, 中心医院) lost its numeral, since no name prints 第 alone. The recogniser drops 一, a
 * single thin stroke it takes for a rule or a speck, while 二 and 三 are misread rather than lost;
 * 第一 is also the commonest numeral of hospitals. Used last, once the seal could not give the numeral.
 */
export function numeralLostAsOne(name: string): string {
  return name.replace(NUMERAL_LOST_AFTER_DI, '第一');
}

/**
 * A name starting at no place whose place characters the recogniser was unsure of (南家第二人民医院
 * with 家 at 0.45) gets its place back: the province's names and cities that its start matches in
 * every sure character and in at least as many characters as it differs in, when exactly one fits
 * and replaces at least one unsure character. Two-character cities are guessed here, unlike in
 * restorePlacePrefix, because only characters the recogniser itself doubted are replaced.
 */
export function repairDoubtfulPlace(
  name: string,
  doubtful: ReadonlySet<number>,
  places: readonly string[],
  t: HospitalNameTables = hospitalNameTables(),
): string {
  if (doubtful.size === 0) return name;
  // A name starting at a short place may have its full form's last character misread (重庆递肿瘤医院
  // with 递 doubted, for 重庆市): only longer places that start with the one read are tried then.
  const readPlace = places.filter((p) => name.startsWith(p)).reduce((a, p) => ([...p].length > [...a].length ? p : a), '');
  if (readPlace !== '' && !places.some((p) => p !== readPlace && p.startsWith(readPlace))) return name;
  const chars = [...name];
  // Characters of a generic word read exactly (重庆医科大学: 医) are no place's misread tail.
  const covered = coveredByWords(name, t);
  const fits = places.filter((p) => {
    const want = [...p];
    if (want.length < 2 || chars.length <= want.length + 1) return false;
    if (want.length <= [...readPlace].length || !p.startsWith(readPlace)) return false;
    if (want.some((c, i) => c !== chars[i] && covered[i])) return false;
    const differ = want.map((c, i) => (chars[i] !== c ? i : -1)).filter((i) => i >= 0);
    // A place that shares fewer characters with the reading than it differs in is another place
    // (尔实市 is no 大庆市: only 市 agrees), whatever the recogniser doubted.
    if (differ.length > want.length - differ.length) return false;
    return differ.length > 0 && differ.every((i) => doubtful.has(i) && /[\u4e00-\u9fff]/u.test(chars[i]!));
  });
  // A place and a longer one starting with it (南宁, 南宁市) give the same name start: the longer is kept.
  const longest = fits.filter((p) => !fits.some((q) => q !== p && q.startsWith(p)));
  if (longest.length !== 1) return name;
  const want = [...longest[0]!];
  // A doubted 市 where a city's last character belongs is the city's own 市 after that character was
  // lost (杭市肿瘤医院 for 杭州市…): a lost character is common, while 州 is no look-alike of 市.
  const last = want.length - 1;
  if (chars[last] === '市' && !ADMIN_END.test(longest[0]!) && want.every((c, i) => i === last || chars[i] === c)) {
    return want.join('') + chars.slice(last).join('');
  }
  return want.join('') + chars.slice(want.length).join('');
}

/**
 * 收款单位 on a medical invoice is the hospital: when the page pass read the same cell into both
 * fields, the charging unit follows every later repair of the hospital name (the re-read under the
 * seal, the seal's reading, the place repairs) instead of keeping the raw, unrepaired cell text.
 * A charging unit read from a cell of its own (a different text) is left as read.
 */
export function chargingUnitsFollowingHospital(
  read: { hospital_name: string; charging_units: string },
  repaired: { hospital_name: string },
): string {
  return read.charging_units === read.hospital_name ? repaired.hospital_name : read.charging_units;
}

/**
 * Whether a final hospital name, one without an institution's shape, names no issuer at all: a
 * kind of institution alone (社区卫生服务中心, the value of 医疗机构类型 read into the payee cell) or a
 * piece of the invoice's own title (住院收食票据: a title word at its end) that a blurred page's
 * re-read took for the payee row. A claims reviewer is better served by a blank than by a wrong
 * issuer; a name read in part (广州牌线) is still kept as read (preferHospitalShaped).
 */
export function namesNoIssuer(name: string, titleWords: readonly string[], t: HospitalNameTables = hospitalNameTables()): boolean {
  if (name === '' || looksLikeHospital(name, t)) return false;
  return t.kinds.has(name) || titleWords.some((w) => name.endsWith(w));
}
