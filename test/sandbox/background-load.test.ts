// --background-load: other clients of the account, counted against the same rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Client } from './helpers.js';

describe('background load', () => {
  let c: Client;
  beforeAll(async () => {
    // 5 requests a minute for the account; the others send one every 10 ms.
    c = await sandbox({ rateLimit: 5, backgroundLoad: 6000 });
  });
  afterAll(() => c.close());

  it("uses the account's window: once the others have filled it, our request is refused with Retry-After", async () => {
    const deadline = Date.now() + 5000;
    while ((await c.stats()).background.refused === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const s = await c.stats();
    expect(s.background.sent).toBe(5);
    expect(s.background.refused).toBeGreaterThan(0);
    const res = await c.get('/api/v2/company/');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('without it, the window is ours', async () => {
    const quiet = await sandbox({ rateLimit: 5 });
    try {
      expect((await quiet.get('/api/v2/company/')).status).toBe(200);
      expect((await quiet.stats()).background).toEqual({ sent: 0, refused: 0 });
    } finally {
      await quiet.close();
    }
  });
});
