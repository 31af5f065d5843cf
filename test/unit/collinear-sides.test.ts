import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fadedCorner } from '../../src/image/card-closing.js';
import { DEFAULT_COLLINEAR_SIDE_RULE, isEcho, ownBacking } from '../../src/image/collinear-sides.js';
import { DEFAULT_EDGE_QUAD_OPTIONS, type EdgeMap, edgeQuads, houghLines } from '../../src/image/edges.js';
import type { RgbImage } from '../../src/image/types.js';

const W = 600;
const H = 220;
const RAD = Math.PI / 180;

/** Step-edge pixels along the line (theta, rho) for x in [x0, x1] (a line far from vertical). */
function along(angle: Int16Array, theta: number, rho: number, x0: number, x1: number): void {
  for (let x = x0; x <= x1; x++) {
    const y = Math.round((rho - x * Math.cos(theta * RAD)) / Math.sin(theta * RAD));
    if (y >= 0 && y < H) angle[y * W + x] = theta;
  }
}

/** Step-edge pixels of a vertical side at column x for y in [y0, y1]. */
function column(angle: Int16Array, x: number, y0: number, y1: number): void {
  for (let y = y0; y <= y1; y++) angle[y * W + x] = 0;
}

/**
 * Two cards in a row: the right one level (y 15-187, x 320-590), the left one turned 3 degrees,
 * its top and bottom sides within 2 px of the right one's lines where those lines cross its left
 * end (x 30-290). `fadeFrom` ends the left card's bottom side short of its right corner, as a
 * background lit as bright as the card does.
 */
function twoCardsInRow(fadeFrom = 290): EdgeMap {
  const angle = new Int16Array(W * H).fill(-1);
  along(angle, 90, 15, 320, 590);
  along(angle, 90, 187, 320, 590);
  column(angle, 320, 15, 187);
  column(angle, 590, 15, 187);
  along(angle, 93, 17, 30, 290);
  along(angle, 93, 186, 30, fadeFrom);
  const top = (x: number): number => Math.round((17 - x * Math.cos(93 * RAD)) / Math.sin(93 * RAD));
  const bottom = (x: number): number => Math.round((186 - x * Math.cos(93 * RAD)) / Math.sin(93 * RAD));
  column(angle, 30, top(30), bottom(30));
  column(angle, 290, top(290), bottom(290));
  return { w: W, h: H, angle };
}

// Perfectly thin synthetic lines leave many echoes farther than minLineGap from them, which fill
// the per-direction quota; a roomier quota keeps the test about the rule alone.
const OPTIONS = { ...DEFAULT_EDGE_QUAD_OPTIONS, maxLinesPerDirection: 30, maxLines: 96 };
const grey: RgbImage = { data: Buffer.alloc(W * H * 3, 128), width: W, height: H, channels: 3 };
const minVotes = Math.round(DEFAULT_EDGE_QUAD_OPTIONS.minSideFraction * H * DEFAULT_EDGE_QUAD_OPTIONS.minSideSupport);

test('a side along a kept line is its own line, a pivoted echo is not', () => {
  const map = twoCardsInRow();
  const kept = [{ t: 90, r: 187 }];
  // The left card's bottom: backed along its own length, away from the right card's line.
  assert.ok(ownBacking(map, { t: 93, r: 186 }, kept) > 2 * minVotes);
  assert.equal(isEcho(map, { t: 93, r: 186 }, kept, minVotes), false);
  // A line pivoted about the right card's bottom (4 degrees off, through its middle) is backed
  // only where it crosses that edge: an echo.
  const pivot = { t: 94, r: Math.round(455 * Math.cos(94 * RAD) + 187 * Math.sin(94 * RAD)) };
  assert.equal(isEcho(map, pivot, kept, minVotes), true);
  // Within maxEchoAngle, always the kept line's echo.
  assert.equal(isEcho(map, { t: 91, r: 186 }, kept, minVotes), true);
  assert.equal(isEcho(map, { t: 93, r: 186 }, [], minVotes), false);
});

test('the Hough picker keeps both cards\' sides only with the collinear rule', () => {
  const map = twoCardsInRow();
  const has = (lines: readonly { theta: number; rho: number }[], t: number, r: number): boolean => lines.some((l) => Math.abs(l.theta - t) <= 1 && Math.abs(l.rho - r) <= 2);
  const withRule = houghLines(map, OPTIONS, minVotes);
  assert.ok(has(withRule, 93, 186) && has(withRule, 90, 187), withRule.map((l) => `${l.theta}/${l.rho}`).join(' '));
  const without = houghLines(map, { ...OPTIONS, collinearSides: undefined }, minVotes);
  assert.equal(has(without, 93, 186) && has(without, 90, 187), false);
});

test('two cards in a row with collinear sides, one corner faded, are both closed', () => {
  const isLeft = (q: readonly number[]): boolean => Math.max(q[0], q[2], q[4], q[6]) < 300;
  const found = edgeQuads(grey, { ...OPTIONS, minAreaFraction: 0.04 }, twoCardsInRow(255));
  assert.equal(found.filter((e) => isLeft(e.quad)).length, 1, JSON.stringify(found.map((e) => e.quad)));
  assert.equal(found.filter((e) => !isLeft(e.quad)).length, 1);
  // Without either rule the left card is lost.
  assert.equal(edgeQuads(grey, { ...OPTIONS, minAreaFraction: 0.04, collinearSides: undefined }, twoCardsInRow(255)).filter((e) => isLeft(e.quad)).length, 0);
  // Without the faded corner the left card is lost too. (Here the weak-side rule, card-closing.ts,
  // would close it from an echo of its bottom backed a third of the way; it is turned off so that
  // the test is about the corner alone.)
  const noFade = { ...DEFAULT_EDGE_QUAD_OPTIONS.fadedCorner, minFadingSide: 2 };
  const noWeakSide = { ...DEFAULT_EDGE_QUAD_OPTIONS.weakCardSide, minWeakSide: 1 };
  assert.equal(edgeQuads(grey, { ...OPTIONS, minAreaFraction: 0.04, weakCardSide: noWeakSide }, twoCardsInRow(255)).filter((e) => isLeft(e.quad)).length, 1);
  assert.equal(edgeQuads(grey, { ...OPTIONS, minAreaFraction: 0.04, weakCardSide: noWeakSide, fadedCorner: noFade }, twoCardsInRow(255)).filter((e) => isLeft(e.quad)).length, 0);
});

const FADED = DEFAULT_EDGE_QUAD_OPTIONS.fadedCorner;

test('a card\'s corner may fade on one side when the other side is firm to it and ends there', () => {
  const o = DEFAULT_EDGE_QUAD_OPTIONS;
  assert.equal(fadedCorner({ side: 0.76, near: 0 }, { near: 1, beyond: 0 }, [0.96, 0.96, 0.99], 1.5, FADED, o), true);
  // The other side runs on past the corner: a band or stripe, no card's side.
  assert.equal(fadedCorner({ side: 0.76, near: 0 }, { near: 1, beyond: 0.9 }, [0.96, 0.96, 0.99], 1.5, FADED, o), false);
  // Not firm up to the corner.
  assert.equal(fadedCorner({ side: 0.76, near: 0 }, { near: 0.3, beyond: 0 }, [0.96, 0.96, 0.99], 1.5, FADED, o), false);
  // The fading side is weak along its length, or another side is.
  assert.equal(fadedCorner({ side: 0.5, near: 0 }, { near: 1, beyond: 0 }, [0.96, 0.96, 0.99], 1.5, FADED, o), false);
  assert.equal(fadedCorner({ side: 0.76, near: 0 }, { near: 1, beyond: 0 }, [0.96, 0.7, 0.99], 1.5, FADED, o), false);
  // No card's proportions.
  assert.equal(fadedCorner({ side: 0.76, near: 0 }, { near: 1, beyond: 0 }, [0.96, 0.96, 0.99], 1.05, FADED, o), false);
  assert.equal(DEFAULT_COLLINEAR_SIDE_RULE.maxEchoAngle < 3, true);
});
