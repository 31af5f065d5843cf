/**
 * Reading order for CER. Page text is compared as one string, so both the labelled lines and the
 * service's lines are put in the same order by the same rule before joining: line centres turned
 * into the document's upright frame (from `direct`), grouped into rows where centres are within
 * half a line height, rows top to bottom, lines in a row left to right. Comparing whole pages this
 * way makes the figure independent of how either side splits a row into lines.
 */
import type { Direct } from '../contract/classify.js';
import { quadPoints } from './geometry.js';

export interface PlacedText {
  text: string;
  quad: readonly number[];
}

/** A point of the image in the frame where the document reads upright. */
export function toUpright(x: number, y: number, direct: Direct): [number, number] {
  switch (direct) {
    case 'top': return [x, y];
    case 'down': return [-x, -y];
    // Top points left (turned 90° counter-clockwise): reading goes up the image, lines stack rightwards.
    case 'left': return [-y, x];
    case 'right': return [y, -x];
  }
}

function lineGeometry(quad: readonly number[], direct: Direct): { cx: number; cy: number; height: number } {
  const points = quadPoints(quad).map(([x, y]) => toUpright(x, y, direct));
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return {
    cx: xs.reduce((a, b) => a + b, 0) / xs.length,
    cy: ys.reduce((a, b) => a + b, 0) / ys.length,
    height: Math.max(...ys) - Math.min(...ys),
  };
}

export function inReadingOrder(lines: readonly PlacedText[], direct: Direct = 'top'): string[] {
  const placed = lines.map((line) => ({ text: line.text, ...lineGeometry(line.quad, direct) }));
  placed.sort((a, b) => a.cy - b.cy || a.cx - b.cx);
  const rows: (typeof placed)[] = [];
  for (const line of placed) {
    const row = rows[rows.length - 1];
    const anchor = row?.[0];
    if (row && anchor && Math.abs(line.cy - anchor.cy) <= 0.5 * Math.max(anchor.height, line.height)) row.push(line);
    else rows.push([line]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.cx - b.cx).map((l) => l.text));
}
