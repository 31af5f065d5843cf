import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropStrayBeforePlace } from '../../src/extract/hospital-name.js';
import { placeNames } from '../../src/extract/reread.js';
import { alignSubstitute, doubtfulPositions, sealCheckedHospital, hospitalFromSealText, lostOneInSeal, misreadAndLostOneInSeal, needsSealCheck, numeralFromSeal, placeFromAlternative, repairWithAlternatives, repairWithSeal, ringTurns, strayLeadBeforeSeal } from '../../src/extract/seal-name.js';
import type { OcrLine, PageAngle } from '../../src/ocr/types.js';
import { circleOfQuad, ringTextArc, roundSealStrips, stackStrips, unwrapSealRing } from '../../src/image/seal-unwrap.js';
import type { RgbImage } from '../../src/image/types.js';
import { page, roundSeal, svgToRgb, textLines } from './seals-draw.js';

const places = placeNames();

test('a seal ring reading gives the name without the seal words, only when it starts at a place', () => {
  assert.equal(hospitalFromSealText('呼和浩特市第二人民医院收费专用章', places), '呼和浩特市第二人民医院');
  assert.equal(hospitalFromSealText('#沈阳中心医院', places), '沈阳中心医院');
  // A stray piece of the ring's end before the name.
  assert.equal(hospitalFromSealText('院杭州第一人民医院', places), '杭州第一人民医院');
  // Seal words alone, a kind of hospital, a name cut at its start: no name.
  assert.equal(hospitalFromSealText('财务专用章', places), '');
  assert.equal(hospitalFromSealText('专科医院', places), '');
  assert.equal(hospitalFromSealText('家银42医院', places), '');
});

test('only a missing, shapeless or placeless name, or one with a lost numeral, is checked against the seal', () => {
  assert.equal(needsSealCheck('', places), true);
  assert.equal(needsSealCheck('量核人', places), true);
  assert.equal(needsSealCheck('沈国市中心医院', places), true);
  assert.equal(needsSealCheck('广东省第人民医院', places), true);
  assert.equal(needsSealCheck('广东省第一人民医院', places), false);
  assert.equal(needsSealCheck('沈阳市中心医院', places), false);
});

test('a ring reading whose place is misread is repaired from the province, only when it names none as read', async () => {
  const { restorePlacePrefix } = await import('../../src/extract/hospital-name.js');
  const { extractTables } = await import('../../src/extract/tables.js');
  const jilin = (piece: string) => restorePlacePrefix(piece, 'jilin', extractTables());
  // 三林省: one character of 吉林省 misread; the province gives it back.
  assert.equal(hospitalFromSealText('三林省第三医院收费专用章', places), '');
  assert.equal(hospitalFromSealText('三林省第三医院收费专用章', places, undefined, jilin), '吉林省第三医院');
  // A reading that names a hospital as read is not touched (another province's name stays).
  assert.equal(hospitalFromSealText('沈阳中心医院', places, undefined, jilin), '沈阳中心医院');
  // A repair that still names no place gives nothing.
  assert.equal(hospitalFromSealText('家银中心医院', places, undefined, jilin), '');
});

test('a ring read from inside the name is turned to start at its place', () => {
  assert.deepEqual(ringTurns('第三医院山西省', ['山西省', '山西']), ['山西省第三医院']);
  assert.equal(hospitalFromSealText('第三医院山西省', places), '山西省第三医院');
  assert.equal(hospitalFromSealText('医院重庆市中心', places), '重庆市中心医院');
  // A reading with no place inside stays without a name.
  assert.deepEqual(ringTurns('第三医院', places), []);
});

test('a printed name at no place, misread in its place and short of one inner character, is the seal\'s', () => {
  assert.equal(misreadAndLostOneInSeal('西州省第人民医院', '四川省第一人民医院'), true);
  assert.equal(repairWithSeal('西州省第人民医院', '四川省第一人民医院', places), '四川省第一人民医院');
  // Three characters misread and one lost: too far for the same issuer.
  assert.equal(misreadAndLostOneInSeal('西州首第人民医院', '四川省第一人民医院'), false);
  // Nothing lost: the substitution rules' business.
  assert.equal(misreadAndLostOneInSeal('西州省第一人民医院', '四川省第一人民医院'), false);
  // A printed name starting at a place is never replaced by this rule.
  assert.equal(repairWithSeal('四川省第人民医院', '广西省第一人民医院', places), '四川省第人民医院');
});

test('a printed name that lost one inner character of the seal\'s is the seal\'s', () => {
  assert.equal(lostOneInSeal('广东省第人民医院', '广东省第一人民医院'), true);
  assert.equal(repairWithSeal('广东省第人民医院', '广东省第一人民医院', places), '广东省第一人民医院');
  // The seal without 市, or a character read twice: the printed name stays.
  assert.equal(lostOneInSeal('南宁市人民医院', '南宁人民医院'), false);
  assert.equal(repairWithSeal('南宁市人民医院', '南宁人民医院', places), '南宁市人民医院');
  assert.equal(lostOneInSeal('广东省人民医院', '广东省人民医院院'), false);
  // Two characters apart: not this rule.
  assert.equal(lostOneInSeal('广东省人民医院', '广东省第一人民医院'), false);
});

test('the seal repairs a misread place character by character and never replaces a good name', () => {
  assert.equal(repairWithSeal('沈国市中心医院', '沈阳中心医院', places), '沈阳市中心医院');
  assert.equal(repairWithSeal('', '沈阳中心医院', places), '沈阳中心医院');
  assert.equal(repairWithSeal('长春第三医院', '长春第二医院', places), '长春第三医院');
  // Too far from the printed name: another body's seal or a bad reading.
  assert.equal(repairWithSeal('沈国市中心医院', '南京妇幼保健院', places), '沈国市中心医院');
  assert.equal(repairWithSeal('沈国市中心医院', '', places), '沈国市中心医院');
});

/** A line whose characters have the given scores (1 where not given). */
function scored(text: string, scores: Record<number, number> = {}): OcrLine {
  const n = [...text].length;
  return { text, score: 1, quad: [0, 0, 10, 0, 10, 1, 0, 1], chars: [...text].map((char, i) => ({ char, score: scores[i] ?? 1, x: (i + 0.5) / n })) };
}

test('doubtful characters of the printed name come from the page line it was read from', () => {
  const lines = [scored('医疗机构类型：综合医院'), scored('收款单位：呼和浩特市第三人民医院', { 11: 0.48, 7: 0.79 })];
  assert.deepEqual([...doubtfulPositions('呼和浩特市第三人民医院', lines)], [6]);
  assert.equal(doubtfulPositions('呼和浩特市第二人民医院', lines).size, 0);
  assert.equal(doubtfulPositions('', lines).size, 0);
});

test('a well-formed printed name is changed by the seal only in its doubtful characters', () => {
  const printed = '呼和浩特市第三人民医院';
  assert.equal(repairWithSeal(printed, '呼和浩特市第二人民医院', places, new Set([6])), '呼和浩特市第二人民医院');
  // The differing character was read with confidence: the print stands.
  assert.equal(repairWithSeal(printed, '呼和浩特市第二人民医院', places, new Set([2])), printed);
  assert.equal(repairWithSeal(printed, '呼和浩特市第二人民医院', places), printed);
});

test('alignment substitutes paired characters and keeps those only the first has', () => {
  assert.deepEqual(alignSubstitute([...'ABXD'], [...'ABCD']).join(''), 'ABCD');
  assert.deepEqual(alignSubstitute([...'ABCXD'], [...'ABCD']).join(''), 'ABCXD');
  assert.deepEqual(alignSubstitute([...'AXCY'], [...'ABCD'], true, (i) => i === 1).join(''), 'ABCY');
});

test('a stray character before a place name is dropped, a place read whole is kept', () => {
  assert.equal(dropStrayBeforePlace('纺杭州第一人民医院', places), '杭州第一人民医院');
  assert.equal(dropStrayBeforePlace('上海口腔医院', places), '上海口腔医院');
  assert.equal(dropStrayBeforePlace('武警浙江省总队医院', places), '武警浙江省总队医院');
  // A piece of the seal's words (门诊收费专用章) before the place is dropped; another lead is not.
  assert.equal(dropStrayBeforePlace('诊收福建省中心医院', places), '福建省中心医院');
  assert.equal(dropStrayBeforePlace('武警福建省总队医院', places), '武警福建省总队医院');
});

test('a turned page\'s seal is unwrapped from the page turned upright', async () => {
  const { rotateRgb } = await import('../../src/image/ops.js');
  const upright = await svgToRgb(page(400, 400, roundSeal(200, 160, 90, 90, '#d02020', 1)));
  // The page as photographed a quarter turn anticlockwise: 90° clockwise makes it upright.
  const turned = rotateRgb(upright, 270);
  const here = roundSealStrips(upright, 0);
  const there = roundSealStrips(turned, 90);
  assert.ok(here && there);
  assert.deepEqual(there.quads, here.quads);
  assert.ok(there.sheet.data.equals(here.sheet.data));
});

test('strips are stacked on white with their own quads', () => {
  const strip = (w: number, v: number): RgbImage => ({ data: Buffer.alloc(w * 2 * 3, v), width: w, height: 2, channels: 3 });
  const { sheet, quads } = stackStrips([strip(3, 0), strip(5, 10)]);
  assert.equal(sheet.width, 5);
  assert.equal(sheet.height, 4);
  assert.deepEqual(quads[1], [0, 2, 5, 2, 5, 4, 0, 4]);
  // Right of the narrower strip stays white.
  assert.equal(sheet.data[(0 * 5 + 4) * 3], 255);
  assert.equal(sheet.data[(3 * 5 + 4) * 3], 10);
});

test('a red seal ring is unwrapped from the start of its text, without the black print under it', async () => {
  // Marks along the top of the ring (-150° .. -30°), black print across the seal's lower half.
  const rgb = await svgToRgb(page(400, 400, textLines(100, 230, 200, 3) + roundSeal(200, 200, 100, 100, '#d02020', 1)));
  const quad: [number, number, number, number, number, number, number, number] = [100, 100, 300, 100, 300, 300, 100, 300];
  const s = circleOfQuad(quad);
  const ink = (r: number, g: number, b: number) => Math.max(0, r - Math.max(g, b)) * 2;
  const { start, span } = ringTextArc(rgb, s, ink);
  const deg = ((start * 180) / Math.PI + 360) % 360;
  // The text starts at the upper left (210°, y down) and spans the marks, not the open bottom.
  assert.ok(deg > 185 && deg < 225, `start ${deg}`);
  assert.ok(span < (220 * Math.PI) / 180, `span ${(span * 180) / Math.PI}`);
  const strip = unwrapSealRing(rgb, quad);
  assert.equal(strip.height, 48);
  // Dark marks at both ends of the strip's middle row band: the arc runs from first to last mark.
  const dark = (x: number) => {
    let n = 0;
    for (let y = 0; y < strip.height; y++) if (strip.data[(y * strip.width + x) * 3]! < 128) n++;
    return n;
  };
  const columns = Array.from({ length: strip.width }, (_, x) => dark(x));
  const inked = columns.map((n, x) => (n > 3 ? x : -1)).filter((x) => x >= 0);
  assert.ok(inked.length > 0);
  assert.ok(inked[0]! < strip.width * 0.15, `first mark at ${inked[0]}`);
  assert.ok(inked[inked.length - 1]! > strip.width * 0.85, `last mark at ${inked[inked.length - 1]}`);
});

test('a name that needs it is checked against the seal of its upright page, and its reading fills a missing name', async () => {
  const rgb = await svgToRgb(page(400, 400, roundSeal(200, 200, 100, 100, '#d02020', 1)));
  let calls = 0;
  const read = async (_image: RgbImage, quads: readonly unknown[]) => {
    calls++;
    return quads.map(() => scored('沈阳中心医院收费专用章'));
  };
  const angles: number[] = [];
  const strips = async (angle: PageAngle) => {
    angles.push(angle);
    return roundSealStrips(rgb, angle);
  };
  const good = await sealCheckedHospital('沈阳市中心医院', { angle: 0, lines: [scored('沈阳市中心医院')] }, strips, read, places);
  // A good name costs no seal reading.
  assert.equal(good, '沈阳市中心医院');
  assert.equal(calls, 0);
  // A turned page: its seals are cut from the page turned upright.
  assert.equal(await sealCheckedHospital('', { angle: 90, lines: [] }, strips, read, places), '沈阳中心医院');
  assert.deepEqual(angles, [90]);
  assert.equal(calls, 1);
});

test('a place with only doubtful characters misread is given back from the province, when one fits', async () => {
  const { repairDoubtfulPlace } = await import('../../src/extract/hospital-name.js');
  const guangxi = ['广西壮族自治区', '广西', '南宁', '柳州', '桂林', '玉林'];
  assert.equal(repairDoubtfulPlace('南家第二人民医院', new Set([1]), guangxi), '南宁第二人民医院');
  // The differing character was read with confidence, or none was doubted: left as read.
  assert.equal(repairDoubtfulPlace('南家第二人民医院', new Set([3]), guangxi), '南家第二人民医院');
  assert.equal(repairDoubtfulPlace('南家第二人民医院', new Set(), guangxi), '南家第二人民医院');
  // Two places fit (林 doubted: 桂林 and 玉林 both end in it, the first character decides): 桂 read, so 桂林.
  assert.equal(repairDoubtfulPlace('桂木人民医院', new Set([1]), guangxi), '桂林人民医院');
  // Unsure first character with two places fitting its sure second one: left as read.
  assert.equal(repairDoubtfulPlace('X林人民医院', new Set([0]), guangxi), 'X林人民医院');
  // A place sharing fewer characters than it differs in is another place: 尔实市 is left as read
  // rather than made 大庆市 (only 市 agrees), even with both differing characters doubted.
  assert.equal(repairDoubtfulPlace('尔实市第一医院', new Set([0, 1]), ['黑龙江省', '哈尔滨市', '大庆市']), '尔实市第一医院');
});

test('a printed name that lost its head under the seal is the seal\'s, when it starts at no place', async () => {
  const { lostHeadInSeal } = await import('../../src/extract/seal-name.js');
  assert.equal(lostHeadInSeal('大学附属第一医院', '武汉市医科大学附属第一医院'), true);
  assert.equal(repairWithSeal('大学附属第一医院', '武汉市医科大学附属第一医院', places), '武汉市医科大学附属第一医院');
  // The seal ending otherwise, or no longer than the printed name: not a lost head.
  assert.equal(lostHeadInSeal('大学附属第二医院', '武汉市医科大学附属第一医院'), false);
  assert.equal(lostHeadInSeal('武汉市中心医院', '武汉市中心医院'), false);
  // The head's loss spoiled the next characters (科太 for 科大学): still the seal's, the rest read exactly.
  assert.equal(lostHeadInSeal('科太附属第一医院', '南宁医科大学附属第一医院'), true);
  assert.equal(repairWithSeal('科太附属第一医院', '南宁医科大学附属第一医院', places), '南宁医科大学附属第一医院');
  // Misread characters away from the start, or too many of them, or only one character more: not a lost head.
  assert.equal(lostHeadInSeal('科太附属第二医院', '南宁医科大学附属第一医院'), false);
  assert.equal(lostHeadInSeal('科太附属第一医院', '南宁医科大学附属第三医院'), false);
  assert.equal(lostHeadInSeal('汝州市人民医院', '郑州市人民医院'), false);
  // A printed name starting at a place keeps its own start (the seal's longer form is no repair).
  assert.equal(repairWithSeal('武汉中心医院', '湖北省武汉中心医院', places), '武汉中心医院');
});

test('a doubtful character right after a short place is the full place\'s last one, unless a word read exactly holds it', async () => {
  const { repairDoubtfulPlace } = await import('../../src/extract/hospital-name.js');
  const chongqing = ['重庆市', '重庆'];
  assert.equal(repairDoubtfulPlace('重庆递肿瘤医院', new Set([2]), chongqing), '重庆市肿瘤医院');
  // Read with confidence: left as read.
  assert.equal(repairDoubtfulPlace('重庆递肿瘤医院', new Set([4]), chongqing), '重庆递肿瘤医院');
  // 医 begins 医科大学, read exactly: no misread 市.
  assert.equal(repairDoubtfulPlace('重庆医科大学附属第一医院', new Set([2]), chongqing), '重庆医科大学附属第一医院');
  // The full place read already: nothing to do.
  assert.equal(repairDoubtfulPlace('重庆市肿瘤医院', new Set([2]), chongqing), '重庆市肿瘤医院');
});

test('a printed name starting mid-place gets the place\'s head from a seal reading that starts at that place', async () => {
  const { placeHeadFromSeal } = await import('../../src/extract/seal-name.js');
  assert.equal(placeHeadFromSeal('州协和医院', ['广州物招送销'], places), '广州协和医院');
  // The seal's words are no part of the reading's start.
  assert.equal(placeHeadFromSeal('州协和医院', ['收费专用章广州'], places), '广州协和医院');
  // A printed name that starts at a place, a reading starting at none, or a tail that does not start the name: nothing.
  assert.equal(placeHeadFromSeal('广州协和医院', ['广州物招送销'], places), '');
  assert.equal(placeHeadFromSeal('州协和医院', ['物招送销广州'], places), '');
  assert.equal(placeHeadFromSeal('协和医院', ['广州物招送销'], places), '');
});

test('a printed name\'s doubtful characters are voted on by a seal reading that starts at no place', async () => {
  const { votedWithUnplacedSeal } = await import('../../src/extract/seal-name.js');
  // 土 doubted (position 3): the ring's 第二 is taken, its misread 地 is not (州 read sure).
  assert.equal(votedWithUnplacedSeal('福州第土人民医院', ['福地第二人民医院#'], places, new Set([3])), '福州第二人民医院');
  // Nothing doubted, or the differing character sure: the printed name stays.
  assert.equal(votedWithUnplacedSeal('福州第土人民医院', ['福地第二人民医院'], places, new Set()), '福州第土人民医院');
  assert.equal(votedWithUnplacedSeal('福州第土人民医院', ['福地第二人民医院'], places, new Set([1])), '福州第土人民医院');
  // A seal of another body (far from the printed name) changes nothing.
  assert.equal(votedWithUnplacedSeal('福州第土人民医院', ['某某县妇幼保健院'], places, new Set([3])), '福州第土人民医院');
});

test('doubtful characters are found on the page line of a name a word repair changed', () => {
  // 医民医院 repaired to 人民医院: the line still tells that 住 was doubted.
  const lines = [scored('银川第住医民医院', { 3: 0.53, 4: 0.34 })];
  assert.deepEqual([...doubtfulPositions('银川第住人民医院', lines)], [3]);
  // Too many characters changed: another text, not this name's line.
  assert.equal(doubtfulPositions('南宁第一人民医院', lines).size, 0);
});

test('a doubtful character takes the one alternative that completes a generic word', () => {
  const withAlternatives = (text: string, at: number, alternatives: string[]): OcrLine => {
    const line = scored(text, { [at]: 0.28 });
    const chars = line.chars.map((c, i) => (i === at ? { ...c, alternatives: alternatives.map((char) => ({ char, score: 0.2 })) } : c));
    return { ...line, chars };
  };
  assert.equal(repairWithAlternatives('沈阳市儿董医院', [withAlternatives('沈阳市儿董医院', 4, ['童', '革', '堇'])]), '沈阳市儿童医院');
  // No alternative completes a word: left as read.
  assert.equal(repairWithAlternatives('沈阳市儿董医院', [withAlternatives('沈阳市儿董医院', 4, ['革', '堇'])]), '沈阳市儿董医院');
  // A sure character is never replaced.
  assert.equal(repairWithAlternatives('沈阳市儿董医院', [scored('沈阳市儿董医院')]), '沈阳市儿董医院');
});

test('an alternative that leaves a generic word one misread away takes the word repair with it', () => {
  const offering = (text: string, at: number, alternatives: string[]): OcrLine => {
    const line = scored(text, { [at]: 0.42 });
    return { ...line, chars: line.chars.map((c, i) => (i === at ? { ...c, alternatives: alternatives.map((char) => ({ char, score: 0.2 })) } : c)) };
  };
  // 区科心学 is two characters from 医科大学; with 区's alternative 医, one, which the word repair gives back.
  assert.equal(repairWithAlternatives('南宁区科心学附属第二医院', [offering('南宁区科心学附属第二医院', 2, ['医', '匠'])]), '南宁医科大学附属第二医院');
  // Without the alternative the name stays as read.
  assert.equal(repairWithAlternatives('南宁区科心学附属第二医院', [offering('南宁区科心学附属第二医院', 2, ['匠', '国'])]), '南宁区科心学附属第二医院');
  // A sure character is never replaced, whatever its alternatives.
  const sure = offering('南宁区科心学附属第二医院', 2, ['医']);
  assert.equal(repairWithAlternatives('南宁区科心学附属第二医院', [{ ...sure, chars: sure.chars.map((c) => ({ ...c, score: 0.95 })) }]), '南宁区科心学附属第二医院');
  // The word repair must change that word only: 医 offered in a name whose only near word lies elsewhere.
  assert.equal(repairWithAlternatives('南宁区心人民医院', [offering('南宁区心人民医院', 2, ['医'])]), '南宁区心人民医院');
});

test('a name is found on its page line whatever the width of its marks, so a doubted bracket\'s alternatives count', () => {
  // The recogniser reads a full-width ）; the name carries it folded to ) (normalizeText).
  const line = scored('收款单位（章）诊收西安市）童医院', { 12: 0.33 });
  const offering = { ...line, chars: line.chars.map((c, i) => (i === 12 ? { ...c, alternatives: [{ char: '儿', score: 0.3 }, { char: '，', score: 0.1 }] } : c)) };
  assert.deepEqual([...doubtfulPositions('西安市)童医院', [offering])], [3]);
  assert.equal(repairWithAlternatives('西安市)童医院', [offering]), '西安市儿童医院');
  // Without 儿 among the alternatives the name stays as read.
  assert.equal(repairWithAlternatives('西安市)童医院', [line]), '西安市)童医院');
});

test('a doubted character takes the alternative a seal ring prints beside the same two printed characters', async () => {
  const { alternativeConfirmedByRing } = await import('../../src/extract/seal-name.js');
  const offering = (text: string, at: number, alternatives: string[], score = 0.4): OcrLine => {
    const line = scored(text, { [at]: score });
    return { ...line, chars: line.chars.map((c, i) => (i === at ? { ...c, alternatives: alternatives.map((char) => ({ char, score: 0.2 })) } : c)) };
  };
  const page = [offering('甘肃省同信医院', 4, ['行', '仁', '位'])];
  // The ring's place is garbled, but it prints 仁 before 医院, and 仁 is the recogniser's second guess.
  assert.equal(alternativeConfirmedByRing('甘肃省同信医院', page, ['古黄仁医院#']), '甘肃省同仁医院');
  // The ring's character is no alternative of the recogniser's, or the ring does not print it there: as read.
  assert.equal(alternativeConfirmedByRing('甘肃省同信医院', page, ['古黄济医院#']), '甘肃省同信医院');
  assert.equal(alternativeConfirmedByRing('甘肃省同信医院', page, ['仁爱路']), '甘肃省同信医院');
  // A sure character is never replaced, nor one the alternatives of which the ring confirms two.
  assert.equal(alternativeConfirmedByRing('甘肃省同信医院', [offering('甘肃省同信医院', 4, ['仁'], 0.9)], ['古黄仁医院']), '甘肃省同信医院');
  assert.equal(alternativeConfirmedByRing('甘肃省同信医院', page, ['古黄仁医院', '行医院']), '甘肃省同信医院');
});

test('a name starting at no place takes the province\'s place the recogniser offered an alternative for', () => {
  const offering = (text: string, at: number, alternatives: string[]): OcrLine => {
    const line = scored(text, { [at]: 0.7 });
    return { ...line, chars: line.chars.map((c, i) => (i === at ? { ...c, alternatives: alternatives.map((char) => ({ char, score: 0.02 })) } : c)) };
  };
  const gansu = ['甘肃省', '甘肃', '兰州', '兰州市', '天水', '天水市'];
  const all = [...gansu, '郑州', '汝州'];
  // Joined from two cells: only the place and the next character are looked up in a line.
  const lines = [offering('海州市医科大学附属第', 0, ['湖', '兰', '洪']), scored('一医院')];
  assert.equal(placeFromAlternative('海州市医科大学附属第一医院', lines, all, gansu), '兰州市医科大学附属第一医院');
  // No alternative for the differing character: left as read.
  assert.equal(placeFromAlternative('海州市医科大学附属第一医院', [offering('海州市医科大学附属第', 0, ['湖', '洪'])], all, gansu), '海州市医科大学附属第一医院');
  // A name starting at a known place is never changed.
  assert.equal(placeFromAlternative('汝州市人民医院', [offering('汝州市人民医院', 0, ['兰'])], all, gansu), '汝州市人民医院');
  // One character before 市 is no city: the province's one two-character city starting with an
  // offered character (合) is put back; a province's short name (安徽) is no city.
  const anhui = ['安徽省', '安徽', '合肥', '芜湖'];
  assert.equal(placeFromAlternative('台市第二人民医院', [offering('台市第二人民医院', 0, ['合', '安'])], [...all, ...anhui], anhui), '合肥市第二人民医院');
  assert.equal(placeFromAlternative('台市第二人民医院', [scored('台市第二人民医院')], [...all, ...anhui], anhui), '台市第二人民医院');
});

test('a printed name with a short lead before the seal\'s name, one character off, is the seal\'s', () => {
  assert.equal(strayLeadBeforeSeal('住院答肥儿童医院', '合肥儿童医院'), true);
  assert.equal(repairWithSeal('往院赋汉中心医院', '武汉中心医院', places), '武汉中心医院');
  // Two characters off after the lead, or a lead of four: not the same reading.
  assert.equal(strayLeadBeforeSeal('住院答肥儿董医院', '合肥儿童医院'), false);
  assert.equal(strayLeadBeforeSeal('住院收费合肥儿童医院', '合肥儿童医院'), false);
});

test('a 第 before no numeral takes the one numeral the seal prints before the same word', () => {
  assert.equal(numeralFromSeal('天津市第卫医院', ['盛正津市三医院。']), '天津市第三医院');
  // The word after the numeral must be the same: 三人民医院 is no numeral of …第X医院's.
  assert.equal(numeralFromSeal('天津市第卫医院', ['天津三人民医']), '天津市第卫医院');
  // Two numerals read: no telling.
  assert.equal(numeralFromSeal('天津市第卫医院', ['三医院', '二医院']), '天津市第卫医院');
  assert.equal(numeralFromSeal('天津市第二医院', ['三医院']), '天津市第二医院');
});

test('a 第 with its numeral lost takes what the seal prints between a numeral and the word that follows', () => {
  // The numeral lost in the line (南京第医院), the ring read badly but for 三医院.
  assert.equal(numeralFromSeal('南京第医院', ['南三医院']), '南京第三医院');
  // The numeral and 人民 lost in the gap between two boxes (河南省第 | 医院).
  assert.equal(numeralFromSeal('河南省第医院', ['河南省第一人民医院']), '河南省第一人民医院');
  assert.equal(numeralFromSeal('河南省第人民医院', ['河南省第一人民医院']), '河南省第一人民医院');
  // Two different inserts, or none: the name as read.
  assert.equal(numeralFromSeal('南京第医院', ['三医院', '二人民医院']), '南京第医院');
  assert.equal(numeralFromSeal('南京第医院', ['南京医专用章']), '南京第医院');
  // A name with its numeral is never touched.
  assert.equal(numeralFromSeal('南京第二医院', ['南京第三医院']), '南京第二医院');
});

test('characters read after the suffix that the recogniser doubted are seal ink, not part of the name', async () => {
  const { withoutDoubtfulTail } = await import('../../src/extract/seal-name.js');
  assert.equal(withoutDoubtfulTail('兰州儿童医院中年', [scored('兰州儿童医院中年', { 7: 0.37 })]), '兰州儿童医院');
  // A tail read as surely as the name is printed with it (…医院门诊部).
  assert.equal(withoutDoubtfulTail('兰州儿童医院门诊部', [scored('兰州儿童医院门诊部')]), '兰州儿童医院门诊部');
  // No line to look the scores up in: as read.
  assert.equal(withoutDoubtfulTail('兰州儿童医院中年', []), '兰州儿童医院中年');
});

test('a word that lost its first character after the place, where several words fit, is chosen by the seal ring', async () => {
  const { lostFirstAfterPlace } = await import('../../src/extract/hospital-name.js');
  const { lostFirstFromSeal } = await import('../../src/extract/seal-name.js');
  // 科医院 fits 骨科, 儿科 and 眼科医院: the word repair leaves it, the seal is asked.
  const lost = lostFirstAfterPlace('黑龙江省科医院', places);
  assert.ok(lost);
  assert.equal(lost.head, '黑龙江省');
  assert.equal(lost.rest, '科医院');
  assert.ok(lost.firsts.includes('骨') && lost.firsts.includes('眼'));
  // One fit only, or a word read whole: nothing left to choose.
  assert.deepEqual(lostFirstAfterPlace('郑州腔医院', places)?.firsts, ['口']);
  assert.equal(lostFirstAfterPlace('黑龙江省骨科医院', places), null);
  const ring = (text: string, at: number, alternatives: string[]): OcrLine => {
    const line = scored(text, { [at]: 0.51 });
    return { ...line, chars: line.chars.map((c, i) => (i === at ? { ...c, alternatives: alternatives.map((char) => ({ char, score: 0.05 })) } : c)) };
  };
  // The ring's 管 is no fitting first; its alternative 骨 is the only one that is.
  assert.equal(lostFirstFromSeal(lost, [ring('黑龙江省管科医院', 4, ['骨', '督', '育'])]), '黑龙江省骨科医院');
  // The ring's own character decides when it fits.
  assert.equal(lostFirstFromSeal(lost, [scored('黑龙江省眼科医院收费专用章')]), '黑龙江省眼科医院');
  // Two fitting alternatives, none, or the printed rest not read on the ring: no choice.
  assert.equal(lostFirstFromSeal(lost, [ring('黑龙江省管科医院', 4, ['骨', '儿'])]), '');
  assert.equal(lostFirstFromSeal(lost, [ring('黑龙江省管科医院', 4, ['督', '育'])]), '');
  assert.equal(lostFirstFromSeal(lost, [ring('黑龙江省管科医元', 4, ['骨'])]), '');

  // In the seal check: a placed, sure name is read against the ring only in this case.
  let calls = 0;
  const strips = async () => ({ sheet: { data: Buffer.alloc(3), width: 1, height: 1, channels: 3 as const }, quads: [[0, 0, 1, 0, 1, 1, 0, 1] as [number, number, number, number, number, number, number, number]] });
  const read = async () => {
    calls++;
    return [ring('黑龙江省管科医院', 4, ['骨', '督', '育'])];
  };
  assert.equal(await sealCheckedHospital('黑龙江省科医院', { angle: 0, lines: [scored('黑龙江省科医院')] }, strips, read, places), '黑龙江省骨科医院');
  assert.equal(calls, 1);
  // The ring's misread 管 is never taken on its own (the ring read with no alternative for it).
  const unsure = async () => [scored('黑龙江省管科医院')];
  assert.equal(await sealCheckedHospital('黑龙江省科医院', { angle: 0, lines: [scored('黑龙江省科医院')] }, strips, unsure, places), '黑龙江省科医院');
});
