// The verb of a run's updates: one row probes with PATCH while the others wait; its answer
// (accepted, refused with 405, or nothing learnt) decides for every row after it.
import { describe, expect, it } from 'vitest';
import { UpdateMethod, type ProbeOutcome, type UpdateVerb } from '../../src/send/update-method.js';

/** Three rows take a ticket at once; the first settles with `outcome`; the others' verbs. */
async function threeRows(
  outcome: ProbeOutcome,
): Promise<{ first: UpdateVerb; rest: UpdateVerb[]; known?: UpdateVerb }> {
  const m = new UpdateMethod();
  const tickets = [m.take(), m.take(), m.take()];
  const first = await tickets[0];
  // The others are still waiting for the probe.
  const settled = await Promise.race([
    tickets[1].then(() => true),
    new Promise((r) => setTimeout(() => r(false), 20)),
  ]);
  expect(settled).toBe(false);
  first.settle(outcome);
  // Each row settles its ticket when its write is answered, as the writer does (a second probe, after 'unknown', too).
  const rest = await Promise.all(
    tickets.slice(1).map(async (p) => {
      const t = await p;
      t.settle('accepted');
      return t.verb;
    }),
  );
  return { first: first.verb, rest, known: m.known };
}

describe('UpdateMethod', () => {
  const cases: [ProbeOutcome, UpdateVerb[], UpdateVerb][] = [
    ['accepted', ['PATCH', 'PATCH'], 'PATCH'],
    ['refused', ['PUT', 'PUT'], 'PUT'],
    // Nothing learnt (no change to send, no answer): the next row probes, the last waits for it.
    ['unknown', ['PATCH', 'PATCH'], 'PATCH'],
  ];
  it.each(cases)('a probe %s: the waiting rows use %j', async (outcome, rest, known) => {
    const got = await threeRows(outcome);
    expect(got.first).toBe('PATCH');
    expect(got.rest).toEqual(rest);
    expect(got.known).toBe(known);
  });

  it('only one row probes at a time', async () => {
    const m = new UpdateMethod();
    const a = await m.take();
    let second: UpdateVerb | undefined;
    const b = m.take().then((t) => {
      second = t.verb;
      return t;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(second).toBeUndefined();
    a.settle('unknown');
    const t = await b;
    expect(t.verb).toBe('PATCH');
    expect(m.known).toBeUndefined();
    t.settle('refused');
    expect((await m.take()).verb).toBe('PUT');
  });

  it('refused() is true only the first time (one warning)', () => {
    const m = new UpdateMethod('PATCH');
    expect([m.refused(), m.refused(), m.refused()]).toEqual([true, false, false]);
    expect(m.known).toBe('PUT');
  });
});
