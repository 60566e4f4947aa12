// A sync's keys other than a text field of the record. Rows without a key: the first run
// creates them; a later run (another report, the same rows) matches each to the record the
// earlier run made from the same values (the memory), so nothing is created twice and those
// records are not missing; the report says which way. `--key id`: an export's ID column.
// `--key` on a custom field, by its label. Each test has its own manufacturer (--scope).
// The built CLI runs the sync by ID and the refused --key; the other runs call the library
// in-process with the CLI's parsed flags, their plan printed as the CLI prints it (library.ts).
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { syncSpreadsheet } from '../../src/index.js';
import { countWrites, madeByApi, readReport, runCli, useSandbox } from './cli.js';
import { runLibrary, syncFlags } from './library.js';

const env = useSandbox();

const assets = async (tag: string) => (await env.sb.records('asset')).filter((a) => a.manufacturer === tag);

/** [serial, name] rows, manufacturer `tag`. */
function sheet(tag: string, name: string, rows: readonly (readonly [string, string])[]): string {
  const file = join(env.dir, `${name}.csv`);
  writeFileSync(
    file,
    stringify([['Serial number', 'Name', 'Manufacturer'], ...rows.map(([serial, n]) => [serial, n, tag])]),
  );
  return file;
}

describe('sync: rows without a key', () => {
  it('are created once, then matched by the memory of that run; a new keyless row is created', async () => {
    const tag = 'KL';
    const rows: [string, string][] = [
      ['KL-1', 'keyed laptop'],
      ['', 'spare monitor'],
      ['', 'spare dock'],
    ];
    const file = sheet(tag, 'kl', rows);
    const sync = (report: string, f = file) =>
      runLibrary(
        env.sb,
        { file: f, resource: 'asset', reportPath: join(env.dir, report), sync: syncFlags({ tag }) },
        syncSpreadsheet,
      );
    const first = await sync('kl-1.report.csv');
    expect(first.code, first.stderr).toBe(0);
    expect(readReport(join(env.dir, 'kl-1.report.csv')).map((r) => [r['#status'], r['#message']])).toEqual([
      ['created', ''],
      ['created', 'no serial number, and no earlier run made a record from these values: created'],
      ['created', 'no serial number, and no earlier run made a record from these values: created'],
    ]);
    const made = await assets(tag);
    const idOf = (name: string) => made.find((a) => a.name === name)!.id;

    // The same rows under another report, one keyless row added: only it is sent.
    const file2 = sheet(tag, 'kl-2', [...rows, ['', 'spare keyboard']]);
    await env.sb.resetStats();
    const again = await sync('kl-2.report.csv', file2);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(
      'Rows without a serial number: 3; 2 records that an earlier run made from the same values match them (the memory of what was sent); the others are created.',
    );
    expect(again.stderr).toContain('Missing: none of the 3 assets in scope is absent from the sheet.');
    expect(again.stderr).toMatch(
      /^Plan: 1 write \(1 to create, 0 to update; every row compared with its record as listed: 3 unchanged, nothing sent for them\)/m,
    );
    expect(countWrites(await env.sb.stats())).toBe(1);
    const matched = `no serial number: matched to the record an earlier run of ${file} made from the same values on `;
    const report = readReport(join(env.dir, 'kl-2.report.csv'));
    expect(report.map((r) => [r['#status'], r['#id']])).toEqual([
      ['unchanged', String(idOf('keyed laptop'))],
      ['unchanged', String(idOf('spare monitor'))],
      ['unchanged', String(idOf('spare dock'))],
      ['created', expect.stringMatching(/^\d+$/)],
    ]);
    expect(report[1]['#message']).toContain(matched);
    expect(report[1]['#message']).toContain(`(id ${idOf('spare monitor')})`);
    expect(report[3]['#message']).toBe(
      'no serial number, and no earlier run made a record from these values: created',
    );
    expect((await assets(tag)).map((a) => a.name).sort()).toEqual([
      'keyed laptop',
      'spare dock',
      'spare keyboard',
      'spare monitor',
    ]);
  });
});

describe('sync --key id: the ID column of an export', () => {
  it('matches each row to its record by ID; a row without an ID is created; a record whose ID is gone is missing', async () => {
    const tag = 'KID';
    const seedOne = async (n: number) => {
      const res = await fetch(`${env.sb.sb.url}/api/v2/asset`, {
        method: 'POST',
        headers: { authorization: `Bearer ${env.sb.sb.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ company: 1, name: `${tag} laptop ${n}`, manufacturer: tag }),
      });
      return ((await res.json()) as { id: number }).id;
    };
    // No serial numbers: the ID is the only key these records have.
    const ids = [await seedOne(1), await seedOne(2), await seedOne(3)];
    const file = join(env.dir, 'kid.csv');
    writeFileSync(
      file,
      stringify([
        ['ID', 'Name', 'Manufacturer', 'Asset notes'],
        [ids[0], `${tag} laptop 1`, tag, ''],
        [ids[1], `${tag} laptop 2`, tag, 'renamed desk'],
        ['', `${tag} laptop 4`, tag, ''],
      ]),
    );
    const report = join(env.dir, 'kid.report.csv');
    await env.sb.resetStats();
    const res = await runCli([
      'sync',
      file,
      '-r',
      'asset',
      '--key',
      'id',
      '--scope',
      `manufacturer=${tag}`,
      '--max-missing',
      '1',
      '--report',
      report,
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('Sync by ID: 2 rows match records in the service');
    expect(res.stderr).toContain(
      'Missing: 1 of 3 assets in the service are not in the sheet (--max-missing 1): each on a "missing:" line below; reported as missing',
    );
    expect(res.stderr).toMatch(
      new RegExp(`^missing: id ${ids[2]} \\(${tag} laptop 3\\): in the service but not`, 'm'),
    );
    expect(
      readReport(report).map((r) => [
        r['#status'],
        r['#id'] === ''
          ? ''
          : Number(r['#id']) === ids[0]
            ? 'id 1'
            : Number(r['#id']) === ids[1]
              ? 'id 2'
              : Number(r['#id']) === ids[2]
                ? 'id 3'
                : 'new id',
      ]),
    ).toEqual([
      ['unchanged', 'id 1'],
      ['updated', 'id 2'],
      ['created', 'new id'],
      ['missing', 'id 3'],
    ]);
    const after = await assets(tag);
    expect(after.map((a) => [a.name, a.asset_notes ?? '']).sort()).toEqual([
      [`${tag} laptop 1`, ''],
      [`${tag} laptop 2`, 'renamed desk'],
      [`${tag} laptop 3`, ''],
      [`${tag} laptop 4`, ''],
    ]);
  });

  it.each([
    { key: 'ID', want: 'Sync by ID:' },
    { key: 'Asset tag', want: 'Sync by asset tag:' },
  ])('--key "$key" is taken (a label or the ID column)', async ({ key, want }) => {
    const file = join(env.dir, 'kid-dry.csv');
    writeFileSync(
      file,
      stringify([
        ['ID', 'Asset tag', 'Name', 'Manufacturer'],
        ['', 'KT-1', 'KT laptop', 'KT'],
      ]),
    );
    const sync = syncFlags({ key, tag: 'KT' });
    const res = await runLibrary(env.sb, { file, resource: 'asset', dryRun: true, sync }, syncSpreadsheet);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(want);
  });
});

describe('sync --key on a custom field', () => {
  it.each([
    { key: 'PO Number', tag: 'CKA', shown: 'PO Number' },
    { key: 'custom:Asset extras/PO Number', tag: 'CKB', shown: 'Asset extras/PO Number' },
  ])(
    '--key "$key": rows matched on the custom field; a new value is created, a gone one missing',
    async ({ key, tag, shown }) => {
      const csv = (name: string, rows: string[][]) => {
        const file = join(env.dir, `${name}.csv`);
        writeFileSync(file, stringify([['Name', 'Manufacturer', 'PO Number', 'Asset notes'], ...rows]));
        return file;
      };
      const first = await runLibrary(env.sb, {
        file: csv(
          `${tag}-1`,
          [1, 2, 3].map((i) => [`${tag} laptop ${i}`, tag, `${tag}-PO-${i}`, '']),
        ),
        resource: 'asset',
      });
      expect(first.code, first.stderr).toBe(0);
      // Laptop 2 renamed (its PO number says which it is), 3 gone, 4 new.
      const file = csv(`${tag}-2`, [
        [`${tag} laptop 1`, tag, `${tag}-PO-1`, ''],
        [`${tag} laptop 2 renamed`, tag, `${tag}-PO-2`, 'moved'],
        [`${tag} laptop 4`, tag, `${tag}-PO-4`, ''],
      ]);
      const report = join(env.dir, `${tag}.report.csv`);
      const sync = syncFlags({ key, tag, max: '1' });
      const res = await runLibrary(
        env.sb,
        { file, resource: 'asset', reportPath: report, sync },
        syncSpreadsheet,
      );
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).toContain(`Sync by ${shown}: 2 rows match records in the service`);
      expect(readReport(report).map((r) => [r['#row'], r['#status'], r['PO Number'], r['Name']])).toEqual([
        ['2', 'unchanged', `${tag}-PO-1`, `${tag} laptop 1`],
        ['3', 'updated', `${tag}-PO-2`, `${tag} laptop 2 renamed`],
        ['4', 'created', `${tag}-PO-4`, `${tag} laptop 4`],
        ['', 'missing', `${tag}-PO-3`, `${tag} laptop 3`],
      ]);
      expect((await assets(tag)).map((a) => a.name).sort()).toEqual([
        `${tag} laptop 1`,
        `${tag} laptop 2 renamed`,
        `${tag} laptop 3`,
        `${tag} laptop 4`,
      ]);
    },
  );

  it('a custom key cell "N/A" reads as no key: such rows are created once, not taken for one record', async () => {
    const tag = 'CKN';
    // A colleague's asset whose PO number someone typed as "N/A" (PO Number: the seed's custom field 2).
    const theirs = await madeByApi(env.sb, {
      name: 'CKM their laptop',
      manufacturer: 'CKM',
      template: { id: 1, fields: [{ id: 2, value: 'N/A' }] },
    });
    const file = join(env.dir, 'ckn.csv');
    writeFileSync(
      file,
      stringify([
        ['Name', 'Manufacturer', 'PO Number'],
        [`${tag} laptop 1`, tag, `${tag}-PO-1`],
        [`${tag} laptop 2`, tag, 'N/A'],
        [`${tag} laptop 3`, tag, 'N/A'],
      ]),
    );
    const sync = (report: string) =>
      runCli([
        'sync',
        file,
        '-r',
        'asset',
        '--key',
        'PO Number',
        '--scope',
        `manufacturer=${tag}`,
        '--report',
        join(env.dir, report),
        ...env.sb.args,
      ]);
    const first = await sync('ckn-1.report.csv');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(
      'note: 2 cells of "PO Number" read as empty: "N/A" (placeholders for no value; W_PLACEHOLDER on the row;',
    );
    expect(first.stderr).toContain('Rows without a PO Number: 2;');
    const held = (text: string) =>
      `column "PO Number" → custom:Asset extras/PO Number: "${text}" read as empty (a placeholder for no value)`;
    const created = 'no PO Number, and no earlier run made a record from these values: created';
    expect(
      readReport(join(env.dir, 'ckn-1.report.csv')).map((r) => [r['#status'], r['#message'], r['#warnings']]),
    ).toEqual([
      ['created', '', ''],
      ['created', created, held('N/A')],
      ['created', created, held('N/A')],
    ]);
    // "N/A" is no PO number: the records have none, and the colleague's is left as it was.
    const po = (a: Record<string, unknown>) =>
      (a.template as { fields?: Record<string, unknown> } | null)?.fields?.['2'];
    expect((await assets(tag)).map((a) => [a.name, po(a) ?? null]).sort()).toEqual([
      [`${tag} laptop 1`, `${tag}-PO-1`],
      [`${tag} laptop 2`, null],
      [`${tag} laptop 3`, null],
    ]);
    const their = (await env.sb.records('asset')).find((a) => a.id === theirs)!;
    expect([their.name, po(their)]).toEqual(['CKM their laptop', 'N/A']);
    // Run again: each row is its record (the keyless ones by the memory), nothing is sent.
    await env.sb.resetStats();
    const again = await sync('ckn-2.report.csv');
    expect(again.code, again.stderr).toBe(0);
    expect(readReport(join(env.dir, 'ckn-2.report.csv')).map((r) => r['#status'])).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
    expect(countWrites(await env.sb.stats())).toBe(0);
  });

  it('a --key that is neither a field nor a custom field column of the sheet is a usage error, before any request', async () => {
    const file = join(env.dir, 'ck-bad.csv');
    writeFileSync(
      file,
      stringify([
        ['Name', 'PO Number'],
        ['x', 'PO-1'],
      ]),
    );
    await env.sb.resetStats();
    const res = await runCli(['sync', file, '-r', 'asset', '--key', 'PO Numbr', ...env.sb.args]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      '--key PO Numbr: no standard field has this name, and no column of the sheet is a custom field of that name',
    );
    expect(res.stderr).toContain('Custom field columns: "PO Number" (custom field PO Number).');
    expect(countWrites(await env.sb.stats())).toBe(0);
  });
});
