// A colleague's change made while an update is in flight is kept. A proxy in front of the
// sandbox lets the colleague write to the record at a chosen moment of our update: when our
// read of it arrives, or when our write of it arrives (after our read was answered, before
// the service sees our write). The colleague changes a field the sheet does not have.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { asset as assetDef } from '../../src/resources/asset.js';
import { COUNTRIES } from '../../src/resources/countries.js';
import { readToWrite } from '../../src/send/merge.js';
import { runCli, tempDir, testSandbox, type TestSandbox } from './cli.js';

type Trigger = 'GET' | 'PATCH' | 'PUT';

/** Another client: reads the record, changes one field, PUTs it back (straight to the sandbox). */
async function colleagueSets(client: ApiClient, id: number, field: string, value: string): Promise<void> {
  const path = client.path('asset', id);
  const rec = await client.get<Record<string, unknown>>(path, { company: 1 });
  const body = readToWrite(assetDef, rec, (n) => COUNTRIES.find((c) => c.name === n)?.numeric);
  await client.write('PUT', client.path('asset', id, false), { ...body, [field]: value, company: 1 });
}

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** A proxy to `target` that runs `meanwhile` once, before forwarding the first `trigger` request on `/asset/<id>`. */
async function interleavingProxy(
  target: string,
  id: number,
  trigger: Trigger,
  meanwhile: () => Promise<void>,
): Promise<{ url: string; fired: () => boolean; server: Server }> {
  let fired = false;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const onRecord = new RegExp(`^/api/v2/asset/${id}/?(\\?|$)`).test(req.url ?? '');
      if (!fired && onRecord && req.method === trigger) {
        fired = true;
        await meanwhile();
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers[k] = v;
      const answer = await fetch(target + req.url, {
        method: req.method,
        headers,
        body: body.length ? body : undefined,
      });
      const text = Buffer.from(await answer.arrayBuffer());
      const out: Record<string, string> = {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      };
      const allow = answer.headers.get('allow');
      if (allow) out.allow = allow;
      res.writeHead(answer.status, out).end(text);
    })().catch((e: unknown) => res.writeHead(502).end(String(e)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, fired: () => fired, server };
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

describe('a colleague changes another field of the record while our update is in flight', () => {
  // [service takes PATCH, the colleague writes when our … arrives, the colleague's field survives]
  const cases: [boolean, Trigger, boolean][] = [
    // A service that takes PATCH: the record comes from the list, with no read of its own,
    // and the PATCH carries only the sheet's field.
    [true, 'PATCH', true],
    // PUT only: the record is read as the row is sent, so a change before that read is kept…
    [false, 'GET', true],
    // …but one landing between that read and the PUT is overwritten: the window docs/update.md describes.
    [false, 'PUT', false],
  ];
  it.each(cases)('patch %s, colleague at our %s: kept %s', async (patch, trigger, kept) => {
    const env: TestSandbox = await testSandbox({ patch });
    const client = new ApiClient({ baseUrl: env.sb.url, token: env.sb.token, rateLimit: 0 });
    cleanup.push(async () => {
      await client.close();
      await env.close();
    });
    const serial = `SN-IL-${patch}-${trigger}`;
    const created = await client.write<{ id: number }>('POST', client.path('asset', undefined, false), {
      company: 1,
      name: 'Interleaved laptop',
      serial_number: serial,
      room: 'Hall A',
      asset_notes: 'old notes',
    });
    const proxy = await interleavingProxy(env.sb.url, created.id, trigger, () =>
      colleagueSets(client, created.id, 'room', 'Hall B (colleague)'),
    );
    cleanup.push(() => new Promise((r) => proxy.server.close(() => r())));

    const dir = tempDir();
    const file = join(dir, 'notes.csv');
    writeFileSync(file, `Serial number,Asset notes\n${serial},our notes\n`);
    // A rate limit, so that the read and the write go through the limiter's lease.
    const res = await runCli([
      'update',
      file,
      '-r',
      'asset',
      '--base-url',
      proxy.url,
      '--token',
      env.sb.token,
      '--rate-limit',
      '600',
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(proxy.fired()).toBe(true);

    const after = (await env.records('asset')).find((a) => a.serial_number === serial)!;
    expect(after.asset_notes).toBe('our notes');
    expect(after.room).toBe(kept ? 'Hall B (colleague)' : 'Hall A');
  });
});
