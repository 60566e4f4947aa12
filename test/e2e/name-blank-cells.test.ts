// A register whose Name column has empty cells, and a make and a model: those rows' names are
// built from the row as for a sheet without a name column (name-from-parts.test.ts), said
// before any row is checked (the plan's note with how many rows, plan.builtWhenEmpty in
// --json) and on each such row (W_NAME_BUILT in #warnings); the run exits 0. `mapping suggest`
// says it in the file it writes, and the import with that file does as it says. A row whose
// make and model are empty too is invalid, naming them; a record a sync or --on-existing
// update matches keeps its name.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

function sheet(name: string, text: string): string {
  const file = join(env.dir, name);
  writeFileSync(file, text);
  return file;
}

const note = (rows: number, column: string, parts: [string, string], kept = '') =>
  `note: ${rows} rows have no name in "${column}"; their name is built as "{${parts[0]}} {${parts[1]}}" from columns "${parts[0]}" and "${parts[1]}" ` +
  `(W_NAME_BUILT on the row; a row with both empty too is invalid)${kept}.`;

const built = (column: string, name: string, parts: [string, string]) =>
  `column "${column}" → name: empty; built as "${name}" from "{${parts[0]}} {${parts[1]}}"`;

const cases: {
  what: string;
  text: string;
  column: string;
  parts: [string, string];
  names: string[];
}[] = [
  {
    what: 'English Name, Manufacturer and Model',
    text: 'Name,Manufacturer,Model,Serial\nReception PC,Dell,OptiPlex 7010,BL-EN-1\n,Dell,Latitude 5540,BL-EN-2\n,HP,EliteBook 840 G10,BL-EN-3\n',
    column: 'Name',
    parts: ['Manufacturer', 'Model'],
    names: ['Reception PC', 'Dell Latitude 5540', 'HP EliteBook 840 G10'],
  },
  {
    what: 'German Gerätename, Hersteller and Modell',
    text: 'Gerätename;Hersteller;Modell;Seriennummer\n;Apple;MacBook Air 13 M2;BL-DE-1\nEmpfang;Dell;OptiPlex 7010;BL-DE-2\n;Lenovo;ThinkPad T14 Gen 4;BL-DE-3\n',
    column: 'Gerätename',
    parts: ['Hersteller', 'Modell'],
    names: ['Apple MacBook Air 13 M2', 'Empfang', 'Lenovo ThinkPad T14 Gen 4'],
  },
];

describe.each(cases)('$what, some names empty', ({ what, text, column, parts, names }) => {
  it('validate counts the rows in the plan, says on each that its name was built, and exits 0', async () => {
    const file = sheet(`${what.split(' ')[0]}.csv`, text);
    const res = await runCli(['validate', file, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr.split('\n')).toContain(note(2, column, parts));
    const json = await runCli(['validate', file, '-r', 'asset', '--json', ...env.sb.args]);
    expect(JSON.parse(json.stdout).plan.builtWhenEmpty).toEqual({
      field: 'name',
      column,
      template: `{${parts[0]}} {${parts[1]}}`,
      columns: parts,
      rows: 2,
    });
    const rows = readReport(`${file}.check.csv`);
    const sent = rows.map((r) => (JSON.parse(r['#sent']) as { name: string }).name);
    expect(sent).toEqual(names);
    // The rows whose cell held a name carry no warning.
    expect(rows.map((r) => r['#warnings'])).toEqual(
      names.map((n, i) => (text.split('\n')[i + 1].startsWith(n) ? '' : built(column, n, parts))),
    );
  });

  it('mapping suggest says so in the file, and the import with that file builds them so', async () => {
    const file = sheet(`suggest-${what.split(' ')[0]}.csv`, text);
    const res = await runCli(['mapping', 'suggest', file, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    const written = JSON.parse(res.stdout) as { columns: Record<string, string>; review?: string[] };
    const said =
      `2 of the 3 rows read have no name in "${column}": with this file the import builds theirs as "{${parts[0]}} {${parts[1]}}" ` +
      `from columns "${parts[0]}" and "${parts[1]}" (W_NAME_BUILT on the row); to fill them otherwise, add "defaults": {"name": "…"}, which the import then uses instead`;
    expect(written.columns[column]).toBe('name');
    expect(written.review).toContain(said);
    expect(res.stderr.split('\n')).toContain(`note: ${said}`);
    const mapping = sheet(`suggest-${what.split(' ')[0]}.json`, res.stdout);
    const run = await runCli(['validate', file, '-r', 'asset', '--mapping', mapping, ...env.sb.args]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.split('\n')).toContain(note(2, column, parts));
    const sent = readReport(`${file}.check.csv`).map(
      (r) => (JSON.parse(r['#sent']) as { name: string }).name,
    );
    expect(sent).toEqual(names);
  });
});

describe('mapping suggest says nothing of built names where none is built', () => {
  const cases: { what: string; text: string; file?: object }[] = [
    {
      what: 'every Name cell filled',
      text: 'Name,Manufacturer,Model,Serial\nReception PC,Dell,OptiPlex 7010,BL-NS-1\n',
    },
    {
      what: 'a default name in the mapping file it starts from',
      text: 'Name,Manufacturer,Model,Serial\n,Dell,OptiPlex 7010,BL-NS-2\n',
      file: { defaults: { name: 'Unnamed asset' } },
    },
  ];
  it.each(cases)('$what', async ({ what, text, file }) => {
    const csv = sheet(`quiet-${what.split(' ')[0]}.csv`, text);
    const given = file ? ['--mapping', sheet(`quiet-${what.split(' ')[0]}.json`, JSON.stringify(file))] : [];
    const res = await runCli(['mapping', 'suggest', csv, '-r', 'asset', ...given, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout + res.stderr).not.toContain('W_NAME_BUILT');
  });
});

describe('what a built name leaves as it was', () => {
  it('a row whose make and model are empty too is invalid, naming them', async () => {
    const file = sheet(
      'parts-empty.csv',
      'Name,Manufacturer,Model,Serial\n,Dell,Latitude 5540,BL-PE-1\n,,,BL-PE-2\n',
    );
    const res = await runCli(['validate', file, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(1);
    expect(readReport(`${file}.check.csv`).map((r) => [r['#status'], r['#message']])).toEqual([
      ['valid', ''],
      [
        'invalid',
        'column "Name" → name: is required; columns "Manufacturer" and "Model", which build it when "Name" is empty, are empty in this row too',
      ],
    ]);
  });

  it('a default name in the mapping file fills them instead: nothing is built', async () => {
    const file = sheet('default.csv', 'Name,Manufacturer,Model,Serial\n,Dell,Latitude 5540,BL-DF-1\n');
    const mapping = sheet('default.json', JSON.stringify({ defaults: { name: 'Unnamed asset' } }));
    const res = await runCli(['validate', file, '-r', 'asset', '--mapping', mapping, ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('W_NAME_BUILT');
    const [row] = readReport(`${file}.check.csv`);
    expect([row['#warnings'], (JSON.parse(row['#sent']) as { name: string }).name]).toEqual([
      '',
      'Unnamed asset',
    ]);
  });

  // SN-EXIST-0001 is the sandbox's "Finance laptop 01", SN-EXIST-0002 its "Engineering workstation 07".
  const matched: { how: string; args: string[]; serial: string; name: string; kept: string }[] = [
    {
      how: 'a sync',
      args: ['sync', '--max-missing', '100%'],
      serial: 'SN-EXIST-0001',
      name: 'Finance laptop 01',
      kept: '; records the sheet matches keep theirs',
    },
    {
      how: 'an import with --on-existing update',
      args: ['import', '--on-existing', 'update'],
      serial: 'SN-EXIST-0002',
      name: 'Engineering workstation 07',
      kept: '',
    },
  ];
  it.each(matched)(
    '$how names the records it creates so, and leaves the name of one it matches',
    async ({ args, serial, name, kept }) => {
      const file = sheet(
        `${args[0]}.csv`,
        `Name,Manufacturer,Model,Serial\n,Dell,Latitude 7440,${serial}\n,Dell,Latitude 5540,BL-${args[0]}-1\n`,
      );
      const [command, ...flags] = args;
      const res = await runCli([command, file, '-r', 'asset', ...flags, ...env.sb.args]);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr.split('\n')).toContain(note(2, 'Name', ['Manufacturer', 'Model'], kept));
      const bySerial = new Map((await env.sb.records('asset')).map((a) => [a.serial_number, a.name]));
      expect(bySerial.get(serial)).toBe(name);
      expect(bySerial.get(`BL-${args[0]}-1`)).toBe('Dell Latitude 5540');
    },
  );
});
