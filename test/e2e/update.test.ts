// Updates that do not wipe data: the service's PUT nulls what it is not sent, so update
// reads, merges and PUTs. These tests compare whole records before and after. Runs that
// differ from another only in their sheet or options go through the library's update and
// import in-process (library.ts); the built CLI runs one of each kind of end (a change, a
// refusal, a dry run's lines).
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { updateSpreadsheet } from '../../src/index.js';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';
import { exportTo, runLibrary } from './library.js';

const env = useSandbox();

const asset = async (serial: string) =>
  (await env.sb.records('asset')).find((a) => a.serial_number === serial)!;
const write = (name: string, csv: string) => {
  const file = join(env.dir, name);
  writeFileSync(file, csv);
  return file;
};
const without = (r: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));

describe('update leaves what the sheet does not mention', () => {
  it('a sheet with three columns changes those two fields and nothing else', async () => {
    const before = await asset('SN-EXIST-0001');
    const file = write(
      'three.csv',
      'Serial number,Asset notes,Floor\nSN-EXIST-0001,Moved to the third floor,3\n',
    );
    const res = await runCli(['update', file, '-r', 'asset', ...env.sb.args]);
    expect(res.code).toBe(0);
    const after = await asset('SN-EXIST-0001');
    expect(after).toMatchObject({ asset_notes: 'Moved to the third floor', floor: '3' });
    expect(without(after, 'asset_notes', 'floor')).toEqual(without(before, 'asset_notes', 'floor'));
  });

  it('--clear-empty blanks the fields whose cell is empty, and only those', async () => {
    const before = await asset('SN-EXIST-0001');
    expect(before.floor).toBe('3');
    const file = write('clear.csv', 'Serial number,Floor,Lifecycle stage\nSN-EXIST-0001,,Deployed\n');
    const res = await runLibrary(env.sb, { file, resource: 'asset', clearEmpty: true }, updateSpreadsheet);
    expect(res.code, res.stderr).toBe(0);
    const after = await asset('SN-EXIST-0001');
    expect(after.floor).toBeNull();
    expect(after.lifecycle_stage).toBe('Deployed');
    expect(without(after, 'floor', 'lifecycle_stage')).toEqual(without(before, 'floor', 'lifecycle_stage'));
  });

  it('without --clear-empty an empty cell leaves the field alone', async () => {
    const file = write('keep.csv', 'Serial number,Lifecycle stage,Asset notes\nSN-EXIST-0001,,kept\n');
    expect((await runLibrary(env.sb, { file, resource: 'asset' }, updateSpreadsheet)).code).toBe(0);
    expect(await asset('SN-EXIST-0001')).toMatchObject({ lifecycle_stage: 'Deployed', asset_notes: 'kept' });
  });

  // --replace --yes is `replace: true` (the --yes is the CLI's, checked in the next case).
  it('--replace --yes sends the sheet as the whole record: the rest becomes empty', async () => {
    const before = await asset('SN-EXIST-0002');
    expect(before.asset_tag).toBe('ACME-0002');
    const file = write('replace.csv', 'Serial number,Name\nSN-EXIST-0002,Replaced workstation\n');
    const res = await runLibrary(env.sb, { file, resource: 'asset', replace: true }, updateSpreadsheet);
    expect(res.code).toBe(0);
    const after = await asset('SN-EXIST-0002');
    expect(after).toMatchObject({
      id: before.id,
      name: 'Replaced workstation',
      serial_number: 'SN-EXIST-0002',
      asset_tag: null,
      category: null,
    });
  });

  it('--replace without --yes and no terminal refuses and sends nothing', async () => {
    await env.sb.resetStats();
    const file = write('replace2.csv', 'Serial number,Name\nSN-EXIST-0003,X\n');
    const res = await runCli(['update', file, '-r', 'asset', '--replace', ...env.sb.args]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('add --yes');
    expect(countWrites(await env.sb.stats())).toBe(0);
  });

  it('a dry run shows old → new per row and changes nothing', async () => {
    const before = await asset('SN-EXIST-0003');
    await env.sb.resetStats();
    const file = write('dry.csv', 'Serial number,Asset notes\nSN-EXIST-0003,dry-run note\n');
    const report = join(env.dir, 'dry.report.csv');
    const res = await runCli([
      'update',
      file,
      '-r',
      'asset',
      '--dry-run',
      '--report',
      report,
      ...env.sb.args,
    ]);
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/row 2: id \d+: asset_notes .* → dry-run note/);
    expect(readReport(report)[0]['#message']).toContain('would change: asset_notes');
    expect(countWrites(await env.sb.stats())).toBe(0);
    expect(await asset('SN-EXIST-0003')).toEqual(before);
  });

  it('a contract found by number keeps its type (contract_type is never sent)', async () => {
    const before = (await env.sb.records('contract')).find((c) => c.number === 'CT-2023-001')!;
    const file = write('contract.csv', 'Contract number,Description\nCT-2023-001,Renegotiated in 2024\n');
    const res = await runLibrary(env.sb, { file, resource: 'contract' }, updateSpreadsheet);
    expect(res.code).toBe(0);
    const after = (await env.sb.records('contract')).find((c) => c.number === 'CT-2023-001')!;
    expect(after.description).toBe('Renegotiated in 2024');
    expect(without(after, 'description')).toEqual(without(before, 'description'));
  });

  it('an asset owner found by name gets a new phone', async () => {
    const file = write('owner.csv', 'Name,Phone\nBob Smith,+1 555 0100\n');
    const res = await runLibrary(env.sb, { file, resource: 'asset-owner' }, updateSpreadsheet);
    expect(res.code).toBe(0);
    const bob = (await env.sb.records('asset-owner')).find((o) => o.name === 'Bob Smith')!;
    expect(bob.phone).toBe('+1 555 0100');
    expect(bob.email).toMatch(/bob\.smith@/);
  });

  it('a row whose record does not exist fails with its key named', async () => {
    const file = write('missing.csv', 'Serial number,Floor\nSN-NOPE-1,2\n');
    const report = join(env.dir, 'missing.report.csv');
    const res = await runLibrary(env.sb, { file, resource: 'asset', reportPath: report }, updateSpreadsheet);
    expect(res.code).toBe(1);
    expect(readReport(report)[0]).toMatchObject({
      '#status': 'failed',
      '#message': 'serial_number: no asset with serial number "SN-NOPE-1" in company 1',
    });
  });
});

describe('an export can be edited and fed back to update', () => {
  it('unchanged rows are left alone; the edited cell is the only change', async () => {
    const exported = join(env.dir, 'assets.csv');
    await exportTo(env.sb, 'asset', exported);
    const rows = parse(readFileSync(exported), { columns: true, bom: true }) as Record<string, string>[];
    const target = rows.find((r) => r['Serial number'] === 'SN-EXIST-0004')!;
    const before = await asset('SN-EXIST-0004');
    target['Asset notes'] = 'Edited in the export';
    writeFileSync(exported, stringify(rows, { header: true }));
    const report = join(env.dir, 'roundtrip.report.csv');
    const res = await runLibrary(
      env.sb,
      { file: exported, resource: 'asset', reportPath: report },
      updateSpreadsheet,
    );
    const outcome = readReport(report);
    expect(res.code).toBe(0);
    expect(outcome.find((r) => r['Serial number'] === 'SN-EXIST-0004')?.['#status']).toBe('updated');
    expect(
      outcome
        .filter((r) => r['Serial number'] !== 'SN-EXIST-0004')
        .every((r) => r['#status'] === 'skipped' && r['#message'].startsWith('unchanged: ')),
    ).toBe(true);
    const after = await asset('SN-EXIST-0004');
    expect(without(after, 'asset_notes')).toEqual(without(before, 'asset_notes'));
    expect(after.asset_notes).toBe('Edited in the export');
  });
});

describe('--on-existing: rows whose record is already in the service', () => {
  const csv =
    'Serial number,Name,Asset notes\nSN-EXIST-0005,Existing five,noted by on-existing\nSN-NEW-OE-1,Brand new,\n';
  // The cases run in order: the first creates SN-NEW-OE-1, so it already exists for the others.
  it.each([
    {
      what: 'skip' as const,
      statuses: ['skipped', 'created'],
      messages: [/^already in the service \(id \d+, serial_number=SN-EXIST-0005\)$/, /^$/],
      code: 0,
      notes: null,
    },
    {
      what: 'error' as const,
      statuses: ['failed', 'failed'],
      messages: [/already in the service/, /already in the service/],
      code: 1,
      notes: null,
    },
    {
      what: 'update' as const,
      statuses: ['updated', 'skipped'],
      messages: [/^$/, /^unchanged: /],
      code: 0,
      notes: 'noted by on-existing',
    },
  ])('$what', async ({ what, statuses, messages, code, notes }) => {
    const before = await asset('SN-EXIST-0005');
    const file = write(`on-existing-${what}.csv`, csv);
    const report = join(env.dir, `on-existing-${what}.report.csv`);
    const res = await runLibrary(env.sb, { file, resource: 'asset', onExisting: what, reportPath: report });
    expect(res.code, res.stderr).toBe(code);
    const rows = readReport(report);
    expect(rows.map((r) => r['#status'])).toEqual(statuses);
    rows.forEach((r, i) => expect(r['#message']).toMatch(messages[i]));
    const after = await asset('SN-EXIST-0005');
    if (notes) {
      expect(after.asset_notes).toBe(notes);
      // The merge keeps what the sheet does not mention.
      expect(without(after, 'asset_notes', 'name')).toEqual(without(before, 'asset_notes', 'name'));
    } else expect(after).toEqual(before);
    expect((await env.sb.records('asset')).filter((a) => a.serial_number === 'SN-NEW-OE-1')).toHaveLength(1);
  });
});
