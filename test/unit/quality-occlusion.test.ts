import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Quad8 } from '../../src/ocr/types.js';
import { OCCLUSION_SETTINGS, borderRun, cornerOnPaper, cutPrint, deskInsideContact, edgeCues, edgeOffset, edgeRunsOn, cornerSkew, facingSides, findOccluded, lowerOfPair, occludedDocuments, paperBothSides, pixelTestsOf, printPieces, solidBands, type Contact, type PixelTests } from '../../src/image/occlusion.js';
import { pointInQuad } from '../../src/image/geometry.js';
import type { RgbImage } from '../../src/image/types.js';

const rect = (x: number, y: number, w: number, h: number): Quad8 => [x, y, x + w, y, x + w, y + h, x, y + h];
const inRect = (q: Quad8, x: number, y: number): boolean => x >= q[0] && x <= q[2] && y >= q[1] && y <= q[5];

type Rgb = readonly [number, number, number];
const SURFACE: Rgb = [120, 80, 50];
const PRINT: Rgb = [30, 30, 30];

/**
 * Pixel tests of a drawn scene: sheets in drawing order (a later one lies on the earlier ones),
 * each with its paper's colour, and boxes of dark print on top; the surface elsewhere.
 */
function drawn(sheets: readonly { quad: Quad8; tone: Rgb }[], print: readonly Quad8[] = []): PixelTests {
  return {
    paper: (x, y) => sheets.some((s) => inRect(s.quad, x, y)),
    colour: (x, y) => {
      if (print.some((q) => inRect(q, x, y))) return PRINT;
      for (let i = sheets.length - 1; i >= 0; i--) if (inRect(sheets[i]!.quad, x, y)) return sheets[i]!.tone;
      return SURFACE;
    },
  };
}

/** Pixel tests of a scene of sheets all of one paper colour, with print inside the given boxes. */
function scene(sheets: readonly Quad8[], print: readonly Quad8[] = []): PixelTests {
  return drawn(sheets.map((quad) => ({ quad, tone: [235, 235, 230] as const })), print);
}

/** The contact along x = `x` from y0 to y1. */
const vertical = (x: number, y0: number, y1: number): Contact => ({ from: [x, y0], to: [x, y1], gap: 0 });

test('facing sides: touching along an edge, overlapping a little, a gap, and apart', () => {
  const left = rect(100, 100, 400, 300);
  assert.ok(Math.abs(facingSides(left, rect(500, 90, 300, 320))!.gap) < 1e-9);
  assert.ok(facingSides(left, rect(490, 90, 300, 320))!.gap < 0);
  assert.ok(Math.abs(facingSides(left, rect(515, 90, 300, 320))!.gap - 15) < 1e-9);
  assert.equal(facingSides(left, rect(700, 90, 300, 320)), null, 'far apart');
  assert.equal(facingSides(left, rect(100, 500, 400, 300)), null, 'a page 100 px below: farther than maxGap');
  assert.ok(facingSides(left, rect(100, 405, 400, 300)), 'a page 5 px below faces the bottom side');
});

test('two papers side by side with the surface between are not occluded, however close', () => {
  const left = rect(100, 100, 400, 300);
  const right = rect(520, 110, 300, 280);
  // Print runs right up to the left page's right side: only the gap's paper test stops the decision.
  const px = scene([left, right], [rect(470, 150, 28, 200)]);
  assert.equal(lowerOfPair(left, right, px), null);
  assert.deepEqual(occludedDocuments([left, right], px), [false, false]);
});

test('the paper whose print is cut at the upper one\'s edge is the lower one', () => {
  // The localiser returned the lower page cut back to the upper card's edge (x = 500); the page's
  // text lines run on to that edge, the card keeps a blank margin.
  const lower = rect(100, 100, 400, 300);
  const upper = rect(500, 150, 300, 200);
  const lines = [0, 1, 2, 3, 4].map((k) => rect(150, 170 + 36 * k, 350, 10));
  const px = drawn([{ quad: rect(100, 100, 450, 300), tone: [225, 225, 215] }, { quad: upper, tone: [250, 250, 250] }], lines);
  assert.equal(lowerOfPair(lower, upper, px), 0);
  assert.equal(lowerOfPair(upper, lower, px), 1, 'the order of the pair does not matter');
  assert.deepEqual(occludedDocuments([lower, upper], px), [true, false]);
});

test('edgeOffset finds the upper sheet\'s real edge beside the split, and nothing where no step runs all along', () => {
  // The card's real edge is at x = 520; the localiser split the two at x = 500.
  const px = drawn([{ quad: rect(100, 100, 500, 300), tone: [225, 225, 215] }, { quad: rect(520, 100, 300, 300), tone: [250, 250, 250] }]);
  const offset = edgeOffset(vertical(500, 100, 400), { x: 300, y: 250 }, px.colour);
  assert.ok(offset !== null && Math.abs(offset + 20) <= 3, `offset ${offset}`);
  // One paper colour on both sides, print crossing here and there: no edge.
  const flat = drawn([{ quad: rect(100, 100, 800, 300), tone: [235, 235, 230] }], [rect(450, 200, 100, 10)]);
  assert.equal(edgeOffset(vertical(500, 150, 350), { x: 300, y: 250 }, flat.colour), null);
});

test('edgeOffset takes the sheet\'s edge, not the printed frame line a little inside it where the localiser split', () => {
  // A red card under a cream certificate whose edge is at x = 490; the certificate's frame line
  // (4 px wide) runs 13 px inside it, and the localiser split the two along that line (x = 505).
  const sheets = [{ quad: rect(100, 100, 420, 300), tone: [200, 40, 50] as const }, { quad: rect(490, 100, 300, 300), tone: [245, 235, 225] as const }];
  const rule = rect(503, 100, 3, 300);
  const px: PixelTests = {
    paper: (x, y) => sheets.some((s) => inRect(s.quad, x, y)),
    colour: (x, y) => (inRect(rule, x, y) ? [170, 45, 45] : (drawn(sheets).colour(x, y))),
  };
  const offset = edgeOffset(vertical(505, 100, 400), { x: 300, y: 250 }, px.colour);
  assert.ok(offset !== null && Math.abs(offset - 15) <= 2, `offset ${offset}`);
  // Without the test of the colours a little way on, the rule nearest the split was taken.
  const nearest = edgeOffset(vertical(505, 100, 400), { x: 300, y: 250 }, px.colour, { ...OCCLUSION_SETTINGS, minFarRun: Infinity });
  assert.ok(nearest !== null && Math.abs(nearest) <= 4, `nearest ${nearest}`);
  // No rule: the edge right at the split is kept.
  const plain = edgeOffset(vertical(490, 100, 400), { x: 300, y: 250 }, drawn(sheets).colour);
  assert.ok(plain !== null && Math.abs(plain) <= 1, `plain ${plain}`);
});

test('cutPrint counts print ending at the edge, not a border running along it', () => {
  const lines = [0, 1, 2, 3, 4].map((k) => rect(150, 170 + 36 * k, 350, 10));
  // The upper sheet's own frame line 8 px inside its edge, all along.
  const frame = rect(508, 100, 3, 300);
  const px = drawn([{ quad: rect(100, 100, 400, 300), tone: [225, 225, 215] }, { quad: rect(500, 100, 300, 300), tone: [250, 250, 250] }], [...lines, frame]);
  const [onA, onB] = cutPrint(vertical(500, 100, 400), 0, { x: 300, y: 250 }, px.colour);
  assert.ok(onA >= 0.1, `lower side ${onA}`);
  assert.equal(onB, 0, 'the frame is whole');
});

test('cutPrint leaves out a solid band printed to the upper card\'s edge: only the lower sheet\'s lines are cut', () => {
  // A card (right, on top) whose coloured strip along its bottom runs to its very edge at x = 500,
  // over a page whose text lines end at that edge.
  const lines = [0, 1, 2, 3].map((k) => rect(150, 150 + 40 * k, 350, 10));
  const band = rect(500, 340, 300, 50);
  const sheets = [{ quad: rect(100, 100, 400, 300), tone: [225, 225, 215] as const }, { quad: rect(500, 100, 300, 300), tone: [250, 250, 250] as const }];
  const withLines = drawn(sheets, [...lines, band]);
  const [onA, onB] = cutPrint(vertical(500, 100, 400), 0, { x: 300, y: 250 }, withLines.colour);
  assert.ok(onA >= 0.05, `lower side ${onA}`);
  assert.equal(onB, 0, 'the band is the upper card\'s own');
  // Without the page's lines, the band alone no longer marks the card as the cut one.
  const bandOnly = drawn(sheets, [band]);
  assert.deepEqual(cutPrint(vertical(500, 100, 400), 0, { x: 300, y: 250 }, bandOnly.colour), [0, 0]);
  // Without the rule the band counted as the card's cut print.
  const [, counted] = cutPrint(vertical(500, 100, 400), 0, { x: 300, y: 250 }, bandOnly.colour, { ...OCCLUSION_SETTINGS, bandSpan: Infinity });
  assert.ok(counted >= 0.05, `band counted ${counted}`);
});

test('solidBands: a wide solid piece is a band; a thin line or a broken piece is not', () => {
  const piece = [
    [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0],
    [-1, -1, -1],
    [1, 1, 1],
    [-1, -1, -1],
    [2, -1, -1], [-1, 2, -1], [2, -1, -1], [-1, 2, -1], [2, -1, -1],
  ];
  assert.deepEqual(solidBands(piece, [5, 1, 5], 3, 0.8), [true, false, false]);
});

test('borderRun: a frame line whole along the edge on one side only', () => {
  const frame = rect(508, 100, 3, 300);
  const px = drawn([{ quad: rect(100, 100, 400, 300), tone: [225, 225, 215] }, { quad: rect(500, 100, 300, 300), tone: [250, 250, 250] }], [frame]);
  const [runA, runB] = borderRun(vertical(500, 100, 400), 0, { x: 300, y: 250 }, px.colour);
  assert.equal(runA, 0);
  assert.ok(runB >= 0.9, `upper side ${runB}`);
  // The sheet whose frame runs whole along the edge is the upper one.
  assert.equal(edgeCues(rect(100, 100, 400, 300), vertical(500, 100, 400), px), 0);
});

test('printPieces groups marks across depth and measures their span along the edge', () => {
  const marked = [
    [true, false, false],
    [false, true, false],
    [false, false, true],
    [false, false, false],
    [true, false, false],
  ];
  const { piece, spans } = printPieces(marked);
  assert.deepEqual(spans, [3, 1], 'a drifting line is one piece; a lone mark another');
  assert.equal(piece[3]![0], -1);
});

test('edge cues need paper on both sides: a sheet\'s edge against the surface says nothing', () => {
  // The localiser took a strip of surface into the right quad: the step at x = 500 is the left sheet's outer edge.
  const frame = rect(480, 100, 3, 300);
  const px = drawn([{ quad: rect(100, 100, 400, 300), tone: [235, 235, 230] }, { quad: rect(560, 100, 300, 300), tone: [250, 250, 250] }], [frame]);
  assert.equal(paperBothSides(vertical(500, 100, 400), 0, { x: 300, y: 250 }, px.paper), false);
  assert.equal(edgeCues(rect(100, 100, 400, 300), vertical(500, 100, 400), px), null);
});

test('a coloured card under a white sheet: its face is no paper, yet no surface either, so the edge cues still read', () => {
  // A blue card (not paper-coloured) under a white receipt laid from x = 500; the card's print runs to that edge.
  const card = rect(100, 100, 400, 300);
  const receipt = rect(500, 100, 300, 300);
  const lines = [0, 1, 2, 3, 4].map((k) => rect(150, 170 + 36 * k, 350, 10));
  const tones = drawn([{ quad: rect(100, 100, 450, 300), tone: [40, 70, 140] }, { quad: receipt, tone: [250, 250, 250] }], lines);
  const onPaper = (x: number, y: number): boolean => inRect(receipt, x, y);
  const onSurface = (x: number, y: number): boolean => !inRect(rect(100, 100, 700, 300), x, y);
  const withSurface: PixelTests = { paper: onPaper, colour: tones.colour, surface: onSurface };
  assert.equal(edgeCues(card, vertical(500, 100, 400), withSurface), 0);
  // Without telling the card from the surface, the edge reads as a sheet beside the table.
  assert.equal(edgeCues(card, vertical(500, 100, 400), { paper: onPaper, colour: tones.colour }), null);
});

test('two sheets of one tint with no edge between them: print cut at the shared split marks the lower one', () => {
  // One paper colour on both sides, so no edge step stands out; the quads meet at x = 500, where
  // the lower page's text lines end and the upper card keeps a blank margin.
  const lower = rect(100, 100, 400, 300);
  const upper = rect(500, 100, 300, 300);
  const lines = [0, 1, 2, 3, 4].map((k) => rect(150, 170 + 36 * k, 350, 10));
  const px = scene([lower, upper], lines);
  assert.equal(lowerOfPair(lower, upper, px), 0);
  assert.equal(lowerOfPair(upper, lower, px), 1, 'the order of the pair does not matter');
  // A single band ending at the split (2 or 3 samples in 40) is under the higher bar, not the usual one.
  const mark = scene([lower, upper], [rect(150, 170, 350, 16)]);
  assert.equal(lowerOfPair(lower, upper, mark), null);
  assert.equal(lowerOfPair(lower, upper, mark, { ...OCCLUSION_SETTINGS, minCutAtSplit: OCCLUSION_SETTINGS.minCut }), 0);
  // The same lines with a gap between the quads: the split is not shared, no decision from print.
  assert.equal(edgeCues(lower, { from: [510, 100], to: [510, 400], gap: 20 }, px), null);
});

test('found quads a little apart with paper between them still touch', () => {
  const lower = rect(100, 100, 400, 300);
  const upper = rect(515, 150, 300, 200);
  // The lower sheet's paper runs on under the gap up to the upper card.
  const px = scene([rect(100, 100, 420, 300), upper], [rect(420, 160, 80, 180)]);
  assert.equal(lowerOfPair(lower, upper, px), 0);
});

test('paper peeking past the end of the contact on one side marks the other sheet as upper', () => {
  // The lower page is taller than the card on it: its paper shows above and below the card's left edge.
  const lowerVisible = rect(100, 100, 400, 400);
  const upper = rect(500, 200, 300, 200);
  const lowerWhole = rect(100, 100, 500, 400);
  const px = scene([lowerWhole, upper]);
  assert.equal(lowerOfPair(lowerVisible, upper, px), 0);
});

test('a T-junction: the sheet whose edge runs on past the contact lies on the one that stops there', () => {
  // A card (y 200-400) slid under a tall receipt (y 100-600) from the left: the localiser cut the
  // card back to the receipt's edge at x = 500. Both are one tint, no print: only the outline tells.
  const card = rect(100, 200, 400, 200);
  const receipt = rect(500, 100, 300, 500);
  const px = scene([rect(100, 200, 450, 200), receipt]);
  assert.deepEqual(edgeRunsOn(card, receipt, facingSides(card, receipt)!, px), [0, 2], 'the receipt\'s edge runs on at both ends');
  assert.equal(lowerOfPair(card, receipt, px), 0);
  assert.equal(lowerOfPair(receipt, card, px), 1, 'the order of the pair does not matter');
  // The card peeking out past the receipt's top corner shows its own paper across the line: that
  // end is no T, and the bottom end alone still decides.
  const tallCard = rect(100, 80, 400, 320);
  const peeking = scene([rect(100, 80, 450, 320), receipt]);
  assert.deepEqual(edgeRunsOn(tallCard, receipt, facingSides(tallCard, receipt)!, peeking), [0, 1]);
  assert.equal(lowerOfPair(tallCard, receipt, peeking), 0);
});

test('a quad carried over the desk to its neighbour\'s edge touches it without lying on it', () => {
  // A tall page (y 50-450) and, 60 px to its right, a card (x 560-800) lying apart on the desk; the
  // localiser carried the card's quad left across the desk to the page's edge at x = 500. The
  // page's edge runs on past both ends of that contact, which alone would read as a T-junction.
  const page = rect(100, 50, 400, 400);
  const carried = rect(500, 110, 300, 280);
  const sheets = [page, rect(560, 110, 240, 280)];
  const base = scene(sheets);
  const px: PixelTests = { ...base, surface: (x, y) => !sheets.some((q) => inRect(q, x, y)) };
  const contact = facingSides(page, carried)!;
  assert.deepEqual(edgeRunsOn(page, carried, contact, px), [2, 0], 'the page\'s edge runs on past both ends');
  assert.equal(deskInsideContact(page, carried, contact, px), true);
  assert.equal(lowerOfPair(page, carried, px), null);
  assert.equal(lowerOfPair(carried, page, px), null, 'the order of the pair does not matter');
  // The card really slid under the page (its paper right up to the edge): the T-junction stands.
  const under = [page, rect(500, 110, 300, 280)];
  const real: PixelTests = { ...scene([rect(460, 110, 340, 280), page]), surface: (x, y) => !under.some((q) => inRect(q, x, y)) };
  assert.equal(deskInsideContact(page, carried, contact, real), false);
  assert.equal(lowerOfPair(page, carried, real), 1);
  // Without a surface test nothing is said.
  assert.equal(deskInsideContact(page, carried, contact, base), false);
});

test('cornerSkew: a square corner is 0 off, a sheet cut across at an angle is not', () => {
  assert.equal(cornerSkew(rect(300, 120, 200, 260), 3), 0);
  // Cut by a vertical edge while the sheet itself is turned by about 8.5 degrees.
  const cut: Quad8 = [100, 150, 300, 120, 300, 380, 120, 400];
  assert.ok(cornerSkew(cut, 1) > 6 && cornerSkew(cut, 1) < 9, String(cornerSkew(cut, 1)));
});

test('with no other sign, the quad whose corners at the contact are off square is the cut, lower one', () => {
  // One tint, no print, the upper sheet exactly as long as the contact: no edge, no cut print,
  // nothing peeking out and no edge running on past the ends.
  const upper = rect(300, 120, 200, 260);
  const lower: Quad8 = [100, 150, 300, 120, 300, 380, 120, 400];
  const px = (quads: readonly Quad8[]): PixelTests => ({
    paper: (x, y) => quads.some((q) => pointInQuad(q, x, y)),
    colour: (x, y) => (quads.some((q) => pointInQuad(q, x, y)) ? [235, 235, 230] : SURFACE),
  });
  assert.equal(lowerOfPair(lower, upper, px([lower, upper])), 0);
  assert.equal(lowerOfPair(upper, lower, px([lower, upper])), 1);
  // Both square (two sheets lying straight side by side, touching): no sign.
  const left = rect(100, 120, 200, 260);
  assert.equal(lowerOfPair(left, upper, px([left, upper])), null);
});

test('no sign either way leaves both complete', () => {
  const a = rect(100, 100, 400, 300);
  const b = rect(500, 100, 400, 300);
  assert.equal(lowerOfPair(a, b, scene([a, b])), null);
});

test('a card with a corner deep inside a page lies on it', () => {
  const page = rect(100, 100, 600, 800);
  const card = rect(500, 600, 300, 190);
  assert.equal(lowerOfPair(page, card, scene([page, card])), 0);
});

test('a corner inside another quad counts only with paper round it', () => {
  const page = rect(100, 100, 600, 800);
  const card = rect(500, 600, 300, 190);
  assert.equal(cornerOnPaper(card, 0, scene([page, card]).paper), true, 'the page runs on round the card\'s corner');
  // The localiser took the surface above a page into its quad: a card's corner reaches into the
  // quad, but round that corner lies the surface.
  const overgrown = rect(100, 100, 600, 800);
  const lone = rect(500, 150, 300, 200);
  const px = scene([rect(100, 400, 600, 500), lone]);
  assert.equal(cornerOnPaper(lone, 3, px.paper), false);
  assert.equal(lowerOfPair(overgrown, lone, px), null);
});

test('findOccluded on pixels: a card laid over the right part of a printed page', () => {
  const width = 900;
  const height = 500;
  const data = Buffer.alloc(width * height * 3);
  const page = rect(60, 60, 440, 380);
  const card = rect(500, 120, 320, 200);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      let v: [number, number, number] = [120, 80, 50];
      if (inRect(page, x, y)) v = [228, 226, 215];
      // Lines of print running to the page's cut edge.
      if (inRect(page, x, y) && x > 100 && (y - 80) % 40 < 8) v = [30, 30, 30];
      if (inRect(card, x, y)) v = [252, 252, 252];
      data[o] = v[0]; data[o + 1] = v[1]; data[o + 2] = v[2];
    }
  }
  const image: RgbImage = { data, width, height, channels: 3 };
  assert.deepEqual(findOccluded(image, [page, card]), [true, false]);
  assert.deepEqual(findOccluded(image, [page, rect(560, 120, 300, 200)]), [false, false], 'moved off, the surface shows between');
});

/**
 * A pale grey desk, a white certificate with a gold frame printed along its margin, and a blue
 * bank card lying over its lower right corner (as on retired seed 20261171, image 70).
 */
function certificateUnderCard(): { image: RgbImage; page: Quad8; card: Quad8 } {
  const width = 900;
  const height = 560;
  const data = Buffer.alloc(width * height * 3);
  const page = rect(40, 40, 500, 400);
  const card = rect(440, 250, 300, 180);
  const depth = (x: number, y: number): number => Math.min(x - 40, 540 - x, y - 40, 440 - y);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      let v: [number, number, number] = [168, 164, 155];
      if (inRect(page, x, y)) v = depth(x, y) >= 6 && depth(x, y) <= 14 ? [184, 160, 110] : [244, 232, 232];
      if (inRect(card, x, y)) v = [28, 60, 138];
      data[o] = v[0]; data[o + 1] = v[1]; data[o + 2] = v[2];
    }
  }
  return { image: { data, width, height, channels: 3 }, page, card };
}

test('each sheet keeps its own paper colour: a white page with a gold frame beside a blue card is paper', () => {
  const { image, page, card } = certificateUnderCard();
  const px = pixelTestsOf(image, [page, card]);
  // One median over both sheets' margins (gold frame and blue card) was nearer the desk than the white page.
  assert.equal(px.paper(300, 200), true, 'the page inside its frame');
  assert.equal(px.paper(430, 240), true, 'the page round the card\'s corner');
  assert.equal(px.paper(600, 340), true, 'the card');
  assert.equal(px.paper(800, 100), false, 'the desk');
  assert.equal(px.surface?.(800, 100), true);
  assert.equal(px.surface?.(300, 200), false);
});

test('findOccluded: a blue card with its corner on a framed white certificate lies on it', () => {
  const { image, page, card } = certificateUnderCard();
  assert.deepEqual(findOccluded(image, [page, card]), [true, false]);
});

test('assessQuality: a document another lies on is incomplete, whatever the frame says', async () => {
  const { assessQuality, QUALITY_SETTINGS } = await import('../../src/image/quality.js');
  const width = 600;
  const height = 400;
  const data = Buffer.alloc(width * height * 3, 90);
  const page = rect(100, 80, 300, 240);
  for (let y = 80; y <= 320; y++) for (let x = 100; x <= 400; x++) data.fill(235, (y * width + x) * 3, (y * width + x) * 3 + 3);
  const image: RgbImage = { data, width, height, channels: 3 };
  const crop: RgbImage = { data: Buffer.alloc(300 * 240 * 3, 235), width: 300, height: 240, channels: 3 };
  const free = assessQuality({ image, quad: page, crop, lineCount: 10 });
  const under = assessQuality({ image, quad: page, crop, lineCount: 10, occluded: true });
  assert.equal(under.iscomplete, false);
  assert.ok(under.iscomplete_score < QUALITY_SETTINGS.thresholds.iscomplete && under.iscomplete_score >= 0);
  assert.ok(under.iscomplete_score <= free.iscomplete_score);
  assert.equal(under.isclear_score, free.isclear_score, 'the other flags do not move');
});
