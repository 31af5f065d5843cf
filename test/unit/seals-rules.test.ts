import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectSeals, removeRules } from '../../src/image/seals.js';
import { page, roundSeal, svgToRgb, textLines } from './seals-draw.js';

test('a red seal welded to a long red form rule is found once the rule is removed', async () => {
  // The rule runs across the whole page along the seal's lower edge, as on red-printed forms.
  const body =
    textLines(40, 40, 720, 10) +
    '<line x1="20" y1="606" x2="780" y2="598" stroke="#c81818" stroke-width="3"/>' +
    roundSeal(400, 520, 85, 85, '#d01010', 0.85);
  const seals = detectSeals(await svgToRgb(page(800, 800, body)));
  assert.equal(seals.length, 1, JSON.stringify(seals));
  const [x0, y0, x1, y1] = [seals[0]![0], seals[0]![1], seals[0]![4], seals[0]![5]];
  assert.ok(Math.abs(x0 - 315) < 20 && Math.abs(x1 - 485) < 20, JSON.stringify(seals));
  assert.ok(Math.abs(y0 - 435) < 20 && Math.abs(y1 - 605) < 20, JSON.stringify(seals));
});

test('red rules and a red table alone are not seals', async () => {
  let body = '';
  for (let y = 100; y <= 700; y += 60) body += `<line x1="40" y1="${y}" x2="760" y2="${y + 8}" stroke="#c81818" stroke-width="2"/>`;
  for (let x = 40; x <= 760; x += 180) body += `<line x1="${x}" y1="100" x2="${x}" y2="708" stroke="#c81818" stroke-width="2"/>`;
  assert.deepEqual(detectSeals(await svgToRgb(page(800, 800, body))), []);
});

test('removeRules clears a long slanted run and keeps a short one', () => {
  const W = 400;
  const H = 200;
  const data = new Uint8Array(W * H);
  // A long rule at a slope of about 4 degrees, two pixels thick.
  for (let x = 10; x < 390; x++) {
    const y = Math.round(50 + 0.07 * x);
    data[y * W + x] = 1;
    data[(y + 1) * W + x] = 1;
  }
  // A short stroke, as long as a stamp's side.
  for (let x = 100; x < 160; x++) data[150 * W + x] = 1;
  const out = removeRules({ data, width: W, height: H }, 200);
  assert.ok(out, 'the long rule is found');
  let longLeft = 0;
  for (let x = 10; x < 390; x++) longLeft += out.data[Math.round(50 + 0.07 * x) * W + x]!;
  let shortLeft = 0;
  for (let x = 100; x < 160; x++) shortLeft += out.data[150 * W + x]!;
  assert.ok(longLeft < 20, `rule pixels left: ${longLeft}`);
  assert.equal(shortLeft, 60);
  assert.equal(removeRules({ data: new Uint8Array(W * H), width: W, height: H }, 200), null);
});
