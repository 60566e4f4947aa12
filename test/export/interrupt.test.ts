// An interrupted export (Ctrl-C, or the caller's AbortSignal) stops with E_INTERRUPTED
// and leaves no file behind: neither the target nor its temporary file.
import { join } from 'node:path';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportAll, exportResource } from '../../src/export/export.js';
import { startSizedSandbox, type SizedSandbox } from './fixture.js';

describe('interrupting an export', () => {
  let sb: SizedSandbox;
  beforeAll(async () => {
    sb = await startSizedSandbox(60);
  }, 60_000);
  afterAll(() => sb?.close());

  it.each([
    [
      'one list to CSV',
      'csv',
      (signal: AbortSignal, output: string, onProgress: () => void) =>
        exportResource({ client: sb.client, resource: 'asset', output, signal, onProgress }),
    ],
    [
      'one list to XLSX',
      'xlsx',
      (signal: AbortSignal, output: string, onProgress: () => void) =>
        exportResource({ client: sb.client, resource: 'asset', output, signal, onProgress }),
    ],
    [
      'every list to XLSX',
      'xlsx',
      (signal: AbortSignal, output: string, onProgress: () => void) =>
        exportAll({ client: sb.client, output, signal, onProgress }),
    ],
  ] as const)('%s: E_INTERRUPTED, no file left', async (name, ext, run) => {
    const dir = join(sb.dir, name.replace(/\W+/g, '-'));
    const ac = new AbortController();
    await expect(run(ac.signal, join(dir, `out.${ext}`), () => ac.abort())).rejects.toMatchObject({
      code: 'E_INTERRUPTED',
    });
    expect(await readdir(dir)).toEqual([]);
  });
});
