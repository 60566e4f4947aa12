// Records made straight in the sandbox's service (POST, as a colleague or another tool
// would), for the sync tests to find, match and miss.
import { expect } from 'vitest';
import type { TestSandbox } from './cli.js';

/** Assets `<tag>-1` … `<tag>-n`: name `<tag> laptop i`, serial `<tag>-i`, manufacturer `<tag>`; their ids. */
export async function seedAssets(sb: TestSandbox, tag: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await fetch(`${sb.sb.url}/api/v2/asset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sb.sb.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        company: 1,
        name: `${tag} laptop ${i}`,
        serial_number: `${tag}-${i}`,
        manufacturer: tag,
      }),
    });
    expect(res.status).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}
