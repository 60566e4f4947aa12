// Runs of one user going on at the same time against one account: what each publishes (one
// file per run in the account's folder), how a run merges the others' files (times still in
// the window; runs that ended before it read pace-sent.json left out; who is sending now),
// and what its limiter does with them, on a fake clock: their requests fill the window as
// ours do, and the runs sending split the pace.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergePeers, publishOwn, readPeers, type PeerFile } from '../../src/api/pace-live.js';
import { REMEMBER_MS } from '../../src/api/pace-memory.js';
import { RateLimiter, type PeerSends } from '../../src/api/rate-limit.js';
import { tempDir } from '../e2e/cli.js';

// A minute's window with its margin; a run idle for 6 s is not sending; this run read pace-sent.json at 100 s.
const rule = { now: 120_000, spanMs: 60_150, idleMs: 6_000, since: 100_000 };

describe('the other runs’ published times, merged', () => {
  it.each<[string, PeerFile[], number[], number]>([
    ['no other run', [], [], 0],
    [
      'a run sending now: its times in the window count, and it shares the limit',
      [{ sends: [70_000, 119_000] }],
      [70_000, 119_000],
      1,
    ],
    [
      'two runs: all their times, oldest first (the same millisecond each counted)',
      [{ sends: [110_000, 118_000] }, { sends: [110_000, 115_000] }],
      [110_000, 110_000, 115_000, 118_000],
      2,
    ],
    [
      'a run that crashed a while ago: its times aged out of the window, nothing counts',
      [{ sends: [50_000, 59_000] }],
      [],
      0,
    ],
    [
      'a run quiet for 6 s (reading its sheet): its times count, it does not share the pace',
      [{ sends: [113_000] }],
      [113_000],
      0,
    ],
    [
      'a run that crashed just now (its process gone): its times count, it does not share',
      [{ sends: [119_000], gone: true }],
      [119_000],
      0,
    ],
    [
      'a run that ended after this one started: its times count, it no longer shares',
      [{ sends: [117_000], ended: 118_000 }],
      [117_000],
      0,
    ],
    [
      'a run that ended before this one read pace-sent.json: counted from there, not twice',
      [{ sends: [95_000], ended: 99_000 }],
      [],
      0,
    ],
    ['a time ahead of the clock (another clock): not counted', [{ sends: [125_000] }], [], 0],
  ])('%s', (_name, files, sends, sending) => {
    expect(mergePeers(files, rule)).toEqual({ sends, sending });
  });
});

describe('one file per run in the account’s folder', () => {
  it('two runs never overwrite each other’s times; a run reads the others’, not its own', () => {
    const dir = join(tempDir('ab-live-'), 'acct');
    publishOwn(dir, 'run-a', { sends: [1_000, 2_000] });
    publishOwn(dir, 'run-b', { sends: [1_500] });
    publishOwn(dir, 'run-a', { sends: [1_000, 2_000, 3_000] });
    expect(readPeers(dir, 'run-b', Date.now(), 60_000)).toEqual([{ sends: [1_000, 2_000, 3_000] }]);
    expect(readPeers(dir, 'run-a', Date.now(), 60_000)).toEqual([{ sends: [1_500] }]);
  });

  it('a file of a process that is gone (a crash, a kill) is read as gone; a live one is not', () => {
    const dir = join(tempDir('ab-live-'), 'acct');
    const now = Date.now();
    publishOwn(dir, `${process.pid}-1`, { sends: [now] });
    publishOwn(dir, '999999999-1', { sends: [now] });
    expect(readPeers(dir, 'me', now, 60_000)).toEqual(
      expect.arrayContaining([{ sends: [now] }, { sends: [now], gone: true }]),
    );
  });

  it('a damaged file and a missing folder are no runs; an hour-old file is removed', () => {
    const dir = join(tempDir('ab-live-'), 'acct');
    expect(readPeers(dir, 'me', Date.now(), 60_000)).toEqual([]);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'crashed.json'), '{"sends": [1, 2');
    publishOwn(dir, 'old', { sends: [5] });
    const hourAgo = (Date.now() - REMEMBER_MS - 1000) / 1000;
    utimesSync(join(dir, 'old.json'), hourAgo, hourAgo);
    expect(readPeers(dir, 'me', Date.now(), 60_000)).toEqual([]);
    expect(existsSync(join(dir, 'old.json'))).toBe(false);
  });
});

/** A clock that moves only when someone sleeps on it; it starts at 10 s. */
function fakeClock() {
  const clock = { t: 10_000, now: () => clock.t, sleep: async (ms: number) => void (clock.t += ms) };
  return clock;
}

/** Another run, as a limiter sees it: its sends (fixed) and whether it is sending. */
const peer = (sends: number[], sending: number): PeerSends & { published: number[][] } => {
  const published: number[][] = [];
  return { read: () => ({ sends, sending }), publish: (own) => void published.push([...own]), published };
};

const limiterWith = (peers: PeerSends, clock = fakeClock()) =>
  new RateLimiter({ limit: 10, windowMs: 1000, marginMs: 0, now: clock.now, sleep: clock.sleep, peers });

describe('a limiter beside another live run', () => {
  it.each([
    [
      'another run sending: each request waits 2/10 of the window (the pace is split)',
      peer([9_950], 1),
      [10_000, 10_200, 10_400],
    ],
    ['two others sending: 3/10', peer([9_950], 2), [10_000, 10_300, 10_600]],
    [
      'alone: the first fifth of the limit at once, then 1/10 of the window apart',
      peer([], 0),
      [10_000, 10_000, 10_100],
    ],
  ] as const)('%s', async (_name, peers, times) => {
    const clock = fakeClock();
    const limiter = limiterWith(peers, clock);
    const at: number[] = [];
    for (let i = 0; i < 3; i++) {
      await limiter.acquire();
      at.push(clock.now());
    }
    expect(at).toEqual(times);
  });

  it('its requests fill the window with ours: the first request waits for the oldest to leave', async () => {
    const clock = fakeClock();
    const limiter = limiterWith(peer(Array<number>(10).fill(9_400), 0), clock);
    expect(limiter.estimateMs(1)).toBe(400);
    await limiter.acquire();
    expect(clock.now()).toBe(10_400);
  });

  it('a 429 while its requests and ours fill the window is not a stranger’s: the pace stays', async () => {
    const limiter = limiterWith(peer(Array<number>(9).fill(9_900), 1));
    await limiter.acquire();
    limiter.pause(1000);
    expect(limiter.rate.adapted).toBe(false);
  });

  it('publishes each request’s time before the request goes', async () => {
    const peers = peer([], 0);
    const limiter = limiterWith(peers);
    await limiter.acquire();
    expect(peers.published).toEqual([[10_000]]);
    await limiter.acquire();
    expect(peers.published).toEqual([[10_000], [10_000, 10_000]]);
  });
});
