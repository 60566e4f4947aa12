// Fault injection: each kind does what it says, and a seed makes the sequence repeatable.
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox, type Client } from './helpers.js';
import { parseFaults, type FaultRates } from '../../src/sandbox/faults.js';

let c: Client | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

async function recordsNamed(client: Client, name: string): Promise<number> {
  const all = (await (await client.sb.admin(`/__sandbox/records/customer?company=1`)).json()) as {
    name: string;
  }[];
  return all.filter((r) => r.name === name).length;
}

describe('each fault kind', () => {
  it.each([
    ['429', 429, { detail: 'Request was throttled. Expected available in 1 second.' }, '1'],
    ['500', 500, { detail: 'A server error occurred.' }, null],
    ['503', 503, { detail: 'Service temporarily unavailable, try again later.' }, null],
  ] as const)('%s answers that status', async (kind, status, body, retryAfter) => {
    c = await sandbox({ faults: { [kind]: 1 }, faultSeed: 1 });
    const r = await c.get('/api/v2/company/');
    expect(r.status).toBe(status);
    expect(r.body).toEqual(body);
    expect(r.headers.get('retry-after')).toBe(retryAfter);
    expect((await c.stats()).faults).toEqual({ [kind]: 1 });
  });

  it('a 429 asks for the faultRetryAfter given, in its header and its detail', async () => {
    c = await sandbox({ faults: { 429: 1 }, faultSeed: 1, faultRetryAfter: 0.02 });
    const r = await c.get('/api/v2/company/');
    expect([r.status, r.headers.get('retry-after'), r.body]).toEqual([
      429,
      '0.02',
      { detail: 'Request was throttled. Expected available in 0.02 seconds.' },
    ]);
  });

  it('reset drops the connection and writes nothing', async () => {
    c = await sandbox({ faults: 'reset=1', faultSeed: 1 });
    await expect(c.post('/api/v2/customer/', { company: 1, name: 'Reset Co' })).rejects.toThrow();
    expect(await recordsNamed(c, 'Reset Co')).toBe(0);
    expect((await c.stats()).faults).toEqual({ reset: 1 });
  });

  it('lost commits the write, then drops the connection', async () => {
    c = await sandbox({ faults: 'lost=1', faultSeed: 1 });
    await expect(c.post('/api/v2/customer/', { company: 1, name: 'Lost Co' })).rejects.toThrow();
    expect(await recordsNamed(c, 'Lost Co')).toBe(1);
    const stats = await c.stats();
    expect(stats.faults).toEqual({ lost: 1 });
    expect(stats.records.customer).toBe(4);
  });

  it('lost on a read acts as a reset', async () => {
    c = await sandbox({ faults: 'lost=1', faultSeed: 1 });
    await expect(c.get('/api/v2/company/')).rejects.toThrow();
  });

  it('a write fully received is committed even when the client gives up before the answer', async () => {
    c = await sandbox({ latencyMs: 400 });
    const gaveUp = fetch(`${c.sb.url}/api/v2/customer/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.sb.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ company: 1, name: 'Impatient Co' }),
      signal: AbortSignal.timeout(100),
    });
    await expect(gaveUp).rejects.toThrow();
    // Committed on receipt, as a real server does: the latency is the answer's way back.
    expect(await recordsNamed(c, 'Impatient Co')).toBe(1);
  });

  it('latency delays every answer', async () => {
    c = await sandbox({ latencyMs: 150 });
    const t = Date.now();
    await c.get('/api/v2/company/');
    expect(Date.now() - t).toBeGreaterThanOrEqual(140);
  });
});

describe('determinism', () => {
  const rates = '429=0.2,500=0.1,503=0.1,reset=0.1,lost=0.1';
  async function run(seed: number): Promise<string[]> {
    const client = await sandbox({ faults: rates, faultSeed: seed });
    const out: string[] = [];
    try {
      for (let i = 0; i < 30; i++) {
        out.push(
          await client.get('/api/v2/company/').then(
            (r) => String(r.status),
            () => 'dropped',
          ),
        );
      }
    } finally {
      await client.close();
    }
    return out;
  }

  it('the same seed gives the same faults', async () => {
    const [a, b] = [await run(42), await run(42)];
    expect(a).toEqual(b);
    expect(new Set(a).size).toBeGreaterThan(2);
  });

  it('another seed gives other faults', async () => {
    expect(await run(42)).not.toEqual(await run(43));
  });
});

describe('fault spec', () => {
  it.each([
    [
      '429=0.05,500=0.03,503=0.02,reset=0.02,lost=0.05',
      { '429': 0.05, '500': 0.03, '503': 0.02, reset: 0.02, lost: 0.05 },
    ],
    ['', {}],
    ['reset=1', { reset: 1 }],
  ] as [string, FaultRates][])('parses %j', (spec, rates) => {
    expect(parseFaults(spec)).toEqual(rates);
  });

  it.each([['404=0.1'], ['500'], ['500=abc'], ['500=2'], ['500=0.6,503=0.6']])('refuses %j', (spec) => {
    expect(() => parseFaults(spec)).toThrow();
  });
});
