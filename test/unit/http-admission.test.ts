import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AdmissionBusyError, ImageAdmission } from '../../src/http/admission.js';

/** A piece of work that ends when the test says so. */
function held<T>(value: T): { work: () => Promise<T>; started: () => boolean; finish: () => void; fail: (e: Error) => void } {
  let started = false;
  let finish: () => void = () => {};
  let fail: (e: Error) => void = () => {};
  const done = new Promise<T>((resolve, reject) => {
    finish = () => resolve(value);
    fail = reject;
  });
  return { work: () => { started = true; return done; }, started: () => started, finish: () => finish(), fail: (e) => fail(e) };
}

const tick = () => new Promise((r) => setImmediate(r));

test('at most inFlight images run at once; the next in line starts when one ends, in arrival order', async () => {
  const gate = new ImageAdmission({ inFlight: 2, queueLimit: 10, waitMs: 10_000 });
  const jobs = [held(1), held(2), held(3), held(4)];
  const results = jobs.map((j) => gate.run(j.work));
  const settled = Promise.allSettled(results);
  await tick();
  assert.deepEqual(jobs.map((j) => j.started()), [true, true, false, false]);
  assert.equal(gate.active, 2);
  assert.equal(gate.waiting, 2);
  jobs[1]!.finish();
  await tick();
  assert.deepEqual(jobs.map((j) => j.started()), [true, true, true, false]);
  jobs[0]!.fail(new Error('decode failed'));
  await tick();
  assert.equal(jobs[3]!.started(), true, 'a failed job gives its turn back too');
  jobs[2]!.finish();
  jobs[3]!.finish();
  assert.deepEqual((await settled).map((s) => s.status), ['rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
  assert.equal(gate.active, 0);
  assert.equal(gate.waiting, 0);
});

test('past the queue limit a request is refused at once, saying how many run and wait', async () => {
  const gate = new ImageAdmission({ inFlight: 1, queueLimit: 1, waitMs: 10_000 });
  const first = held('a');
  const second = held('b');
  const running = gate.run(first.work);
  const waiting = gate.run(second.work);
  await assert.rejects(gate.run(async () => 'c'), (err: unknown) => err instanceof AdmissionBusyError && /1 images in progress and 1 waiting/.test(err.message));
  first.finish();
  await tick();
  second.finish();
  assert.deepEqual(await Promise.all([running, waiting]), ['a', 'b']);
});

test('a request that waits longer than waitMs is refused and leaves the line', async () => {
  const gate = new ImageAdmission({ inFlight: 1, queueLimit: 5, waitMs: 20 });
  const first = held('a');
  const running = gate.run(first.work);
  let ran = false;
  await assert.rejects(gate.run(async () => { ran = true; }), (err: unknown) => err instanceof AdmissionBusyError && /no turn within 20 ms/.test(err.message));
  assert.equal(ran, false);
  assert.equal(gate.waiting, 0);
  first.finish();
  assert.equal(await running, 'a');
  assert.equal(await gate.run(async () => 'next'), 'next');
  assert.equal(gate.active, 0);
});

test('inFlight below 1 is a configuration error', () => {
  assert.throws(() => new ImageAdmission({ inFlight: 0, queueLimit: 1, waitMs: 1 }), RangeError);
});
