// A register that writes "no value" as "N/A" or "-": those cells read as empty in keys,
// lookups, dates and numbers, before lookups and key matching, so "N/A" is neither Namibia
// nor a serial number four rows share. The plan says so first (a note, plan.placeholders
// in --json), each row in #warnings (W_PLACEHOLDER), and the run exits 0. A value table that
// names the placeholder keeps it; a required field whose cell held one is "required", saying so.
// In a name only the signs and abbreviations ("-", "N/A") mean none (the name is then built from
// make and model); a word ("Unknown", "inconnu") is the asset's name, and the plan says both.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, madeByApi, readReport, runCli, useSandbox } from './cli.js';
import { seedAssets } from './seed.js';

const env = useSandbox({ rateLimit: 0 });

function file(name: string, text: string): string {
  const path = join(env.dir, name);
  writeFileSync(path, text);
  return path;
}

const SHEET =
  'Name,Serial Number,Country\nPH Desk,N/A,N/A\nPH Chair,N/A,Germany\nPH Lamp,-,-\nPH Shelf,-,France\n';
const held = (column: string, field: string, text: string) =>
  `column "${column}" → ${field}: "${text}" read as empty (a placeholder for no value)`;

describe('a sheet of "N/A" and "-" cells', () => {
  it('creates every row, without serial number, Desk and Lamp without country, and exits 0', async () => {
    const path = file('na.csv', SHEET);
    const res = await runCli(['import', path, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      'note: 4 cells of "Serial Number" and 2 of "Country" read as empty: "N/A", "-" (placeholders for no value; W_PLACEHOLDER on the row; a value table that names one keeps it, mapping.md).',
    );
    const rows = readReport(`${path}.report.csv`);
    expect(rows.map((r) => [r['#status'], r['#warnings']])).toEqual([
      ['created', `${held('Serial Number', 'serial_number', 'N/A')}; ${held('Country', 'country', 'N/A')}`],
      ['created', held('Serial Number', 'serial_number', 'N/A')],
      ['created', `${held('Serial Number', 'serial_number', '-')}; ${held('Country', 'country', '-')}`],
      ['created', held('Serial Number', 'serial_number', '-')],
    ]);
    const made = (await env.sb.records('asset')).filter((a) => String(a.name).startsWith('PH '));
    const seen = made.map((a) => [a.name, a.serial_number ?? '', a.country ?? '']);
    expect(seen.sort()).toEqual([
      ['PH Chair', '', 'Germany'],
      ['PH Desk', '', ''],
      ['PH Lamp', '', ''],
      ['PH Shelf', '', 'France'],
    ]);
  });

  it('validate --json counts them in the plan', async () => {
    const path = file('na-json.csv', SHEET);
    const res = await runCli(['validate', path, '-r', 'asset', '--json', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).plan.placeholders).toEqual([
      { column: 'Serial Number', field: 'serial_number', cells: 4, spellings: ['N/A', '-'] },
      { column: 'Country', field: 'country', cells: 2, spellings: ['N/A', '-'] },
    ]);
  });
});

describe('what else a placeholder leaves', () => {
  it('a required name that held "N/A" is invalid, saying so; notes keep "N/A" as written', async () => {
    const path = file('required.csv', 'Name,Serial Number,Notes\nN/A,PH-R1,N/A\n');
    const res = await runCli(['validate', path, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(1);
    const [row] = readReport(`${path}.check.csv`);
    expect(row['#message']).toBe(
      'column "Name" → name: is required; the cell held "N/A", which reads as no value',
    );
  });

  it('a value table that names "N/A" keeps it', async () => {
    const mapping = file('keep.json', JSON.stringify({ values: { Country: { 'N/A': 'Namibia' } } }));
    const path = file('keep.csv', 'Name,Serial Number,Country\nPH Kept,PH-K1,N/A\n');
    const res = await runCli(['validate', path, '-r', 'asset', '--mapping', mapping, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    const [row] = readReport(`${path}.check.csv`);
    expect(row['#warnings']).toBe('');
    expect(JSON.parse(row['#sent'])).toMatchObject({ country: 516 });
  });

  it('an update whose cell holds "N/A" leaves the record its value', async () => {
    const [id] = await seedAssets(env.sb, 'PHU', 1);
    const before = (await env.sb.records('asset')).find((a) => a.id === id)!;
    const path = file('update.csv', `ID,Serial Number,Notes\n${id},N/A,moved\n`);
    const res = await runCli(['update', path, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    const after = (await env.sb.records('asset')).find((a) => a.id === id)!;
    expect(after).toMatchObject({ serial_number: before.serial_number, asset_notes: 'moved' });
  });
});

describe('a Name column of "N/A", "-", "Unknown" and "inconnu"', () => {
  const NAMES =
    'Name,Manufacturer,Model,Serial Number\n' +
    'N/A,Dell,Latitude 5540,PN-1\n-,HP,EliteBook 840 G10,PN-2\n' +
    'Unknown,Lenovo,ThinkPad T14 Gen 4,PN-3\ninconnu,Apple,MacBook Air 13 M2,PN-4\n';
  const rule = 'in a name only signs and abbreviations such as "-", "?" and "N/A" mean none';
  const builtAs = (name: string) =>
    `column "Name" → name: empty; built as "${name}" from "{Manufacturer} {Model}"`;

  it('builds the names of "N/A" and "-" from make and model, keeps the words as names, and exits 0', async () => {
    const path = file('names.csv', NAMES);
    const res = await runCli(['import', path, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr.split('\n')).toEqual(
      expect.arrayContaining([
        `note: 2 cells of "Name" read as empty: "N/A", "-" (placeholders for no value; W_PLACEHOLDER on the row; a value table that names one keeps it, mapping.md; ${rule}, a word such as "Unknown" is a name).`,
        `note: 2 cells of "Name" kept as names: "Unknown", "inconnu" (${rule}; a value table that maps a word to "" leaves the name empty, mapping.md).`,
      ]),
    );
    const rows = readReport(`${path}.report.csv`);
    expect(rows.map((r) => [r['#status'], r['#warnings']])).toEqual([
      ['created', `${held('Name', 'name', 'N/A')}; ${builtAs('Dell Latitude 5540')}`],
      ['created', `${held('Name', 'name', '-')}; ${builtAs('HP EliteBook 840 G10')}`],
      ['created', ''],
      ['created', ''],
    ]);
    const made = (await env.sb.records('asset')).filter((a) => String(a.serial_number).startsWith('PN-'));
    expect(made.map((a) => [a.serial_number, a.name]).sort()).toEqual([
      ['PN-1', 'Dell Latitude 5540'],
      ['PN-2', 'HP EliteBook 840 G10'],
      ['PN-3', 'Unknown'],
      ['PN-4', 'inconnu'],
    ]);
  });

  it('validate --json counts the names kept apart from the cells read as empty', async () => {
    const path = file('names-json.csv', NAMES.replace(/PN-/g, 'PJ-'));
    const res = await runCli(['validate', path, '-r', 'asset', '--json', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    const plan = JSON.parse(res.stdout).plan;
    expect(plan.placeholders).toEqual([{ column: 'Name', field: 'name', cells: 2, spellings: ['N/A', '-'] }]);
    expect(plan.placeholderNames).toEqual([
      { column: 'Name', field: 'name', cells: 2, spellings: ['Unknown', 'inconnu'] },
    ]);
  });
});

describe('records in the service whose serial number someone typed as "N/A"', () => {
  const own = useSandbox({ rateLimit: 0, seed: 'empty' });
  it('an export of them imported back: each skipped as the record its ID names, nothing read again, exit 0', async () => {
    const ids = [];
    for (const name of ['NA printer A', 'NA printer B'])
      ids.push(await madeByApi(own.sb, { name, serial_number: 'N/A' }));
    const path = join(own.dir, 'na-export.csv');
    const exported = await runCli(['export', 'asset', '-o', path, ...own.sb.args]);
    expect(exported.code, exported.stderr).toBe(0);
    await own.sb.resetStats();
    const res = await runCli(['import', path, '-r', 'asset', ...own.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('Plan: 2 rows: 2 already in the service by their ID');
    expect(readReport(`${path}.report.csv`).map((r) => [r['#status'], r['#id'], r['#message']])).toEqual(
      ids.map((id) => [
        'skipped',
        String(id),
        expect.stringMatching(new RegExp(`^already in the service \\(ID ${id}\\b`)),
      ]),
    );
    // The list's page (the existing-record check) and the two template lists: no record read by its id.
    const stats = (await own.sb.stats()) as { requests: Record<string, number> };
    expect(countWrites(stats)).toBe(0);
    expect(stats.requests['GET /api/v2/asset/{id}/'] ?? 0).toBe(0);
    expect(res.stdout).toContain('\n3 requests');
  });
});
