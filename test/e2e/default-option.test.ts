// --default FIELD=VALUE gives a field a value where a row leaves it empty or no column gives
// it, as a mapping file's "defaults" do, and over them; a field no resource has, or a flag
// that is not FIELD=VALUE, stops the run before anything is read (exit 2). The built CLI
// against a sandbox of its own.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

/** A sheet of assets with no Location column: `rows` are [serial, notes]. */
function sheet(name: string, rows: readonly [string, string][]): string {
  const file = join(env.dir, `${name}.csv`);
  writeFileSync(
    file,
    ['Name,Serial number,Asset notes', ...rows.map(([s, n]) => `Dock ${s},${s},${n}`)].join('\n'),
  );
  return file;
}

const bySerial = async (serial: string) =>
  (await env.sb.records('asset')).find((r) => r.serial_number === serial)!;

describe('--default', () => {
  it('fills a field no column gives, and an empty cell; a filled cell keeps its value', async () => {
    const file = sheet('defaults', [
      ['DEF-1', ''],
      ['DEF-2', 'bought in Lyon'],
    ]);
    const res = await runCli([
      'import',
      file,
      '-r',
      'asset',
      '--default',
      'location_description=Main store',
      '--default',
      'asset_notes=from the old register',
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect((await bySerial('DEF-1')).location_description).toBe('Main store');
    expect((await bySerial('DEF-1')).asset_notes).toBe('from the old register');
    expect((await bySerial('DEF-2')).asset_notes).toBe('bought in Lyon');
  });

  it("goes over the mapping file's default for the same field", async () => {
    const file = sheet('over-file', [['DEF-3', '']]);
    const mapping = join(env.dir, 'over-file.json');
    writeFileSync(mapping, JSON.stringify({ defaults: { location_description: 'From the file' } }));
    const args = ['import', file, '-r', 'asset', '--mapping', mapping];
    const res = await runCli([...args, '--default', 'location_description=From the flag', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect((await bySerial('DEF-3')).location_description).toBe('From the flag');
  });

  it.each([
    {
      name: 'a field assets do not have',
      flag: 'locaton_description=Main store',
      says: 'error: the default for "locaton_description" is not for a field of assets (did you mean "location_description"?)',
    },
    {
      name: 'no "=" in it',
      flag: 'location_description',
      says: "error: option '--default <field=value>' argument 'location_description' is invalid. --default \"location_description\" is not FIELD=VALUE (for example --default country=US).",
    },
  ])('$name: exit 2 before anything is read', async ({ flag, says }) => {
    const file = sheet('refused', [['DEF-9', '']]);
    const res = await runCli(['validate', file, '-r', 'asset', '--default', flag, ...env.sb.args]);
    expect(res.code).toBe(2);
    expect(res.stderr.split('\n')[0]).toBe(says);
  });
});
