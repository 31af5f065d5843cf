import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deskewLines, pageTilt } from '../../src/extract/deskew.js';
import { extractInvoice } from '../../src/extract/extractor.js';
import { Catalogue } from '../../src/extract/catalogue.js';
import type { OcrLine, Quad8 } from '../../src/ocr/types.js';
import { line, lineOf } from './extract-lines.js';

/** The page turned by `rad` about the origin, as a tilted photo gives it. */
function tilt(lines: readonly OcrLine[], rad: number): OcrLine[] {
  const c = Math.cos(rad);
  const s = Math.sin(rad);
  return lines.map((l) => {
    const q = l.quad;
    const p: number[] = [];
    for (let i = 0; i < 8; i += 2) p.push(q[i]! * c - q[i + 1]! * s, q[i]! * s + q[i + 1]! * c);
    const quad: Quad8 = [p[0]!, p[1]!, p[2]!, p[3]!, p[4]!, p[5]!, p[6]!, p[7]!];
    return { ...l, quad };
  });
}

function invoice(): OcrLine[] {
  return [
    line('河北省医疗门诊收费票据', 500, 60, 36, 40),
    line('票据代码：139154', 80, 170),
    line('票据号码：33507995', 1100, 170),
    lineOf([{ text: '项目', x: 80 }, { text: '金额(元)', x: 500 }, { text: '项目', x: 900 }, { text: '金额(元)', x: 1400 }], 260),
    // Rows 34 px apart: tilted by 3 degrees, the right column drifts a whole row down.
    lineOf([{ text: '西药费', x: 80 }, { text: '250.20', x: 500 }, { text: '诊察费', x: 900 }, { text: '50.00', x: 1400 }], 300),
    lineOf([{ text: '治疗费', x: 80 }, { text: '26.00', x: 500 }, { text: '化验费', x: 900 }, { text: '360.00', x: 1400 }], 334),
    line('金额合计（大写）陆佰捌拾陆元贰角整', 80, 500),
    line('（小写）¥686.20', 1100, 500),
  ];
}

test('the tilt of a page is the median slope of its long lines', () => {
  assert.equal(pageTilt(invoice()), 0);
  assert.ok(Math.abs(pageTilt(tilt(invoice(), 0.05)) - 0.05) < 1e-6);
  const back = deskewLines(tilt(invoice(), 0.05), 1600, 600);
  assert.ok(Math.abs(pageTilt(back)) < 1e-6, 'turned back level');
});

test('a tilted photo pairs each category with the amount of its own row', () => {
  for (const rad of [0, 0.05, -0.05]) {
    const out = extractInvoice({ lines: tilt(invoice(), rad), width: 1600, height: 600, variant: 'general', catalogue: new Catalogue([]) });
    assert.ok(out.ok);
    const got = Object.fromEntries(out.result.cost_categories.map((c) => [c.name, c.cost]));
    assert.deepEqual(got, { 西药费: 250.2, 诊察费: 50, 治疗费: 26, 化验费: 360 }, `tilt ${rad}`);
    assert.equal(out.result.checksum.cost_categories, 1);
  }
});
