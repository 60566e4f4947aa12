// A register with no name column but a make and a model (or a model and a tag) imports without
// a mapping file: the built CLI, against a sandbox that outlives the runs, names each asset from
// the row and says so before any row is checked (the plan's note, plan.built in --json, the
// column "(built from the row)"); a second import writes nothing. A row whose parts are empty is
// invalid, naming them; a name column, or the user's own template, is used as it was.
import { copyFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

/** The fixture, copied where its report may be written. */
function sheet(fixture: string): string {
  const file = join(env.dir, basename(fixture));
  copyFileSync(join('test/fixtures/mapping', fixture), file);
  return file;
}

const note = (template: string, columns: string[]) =>
  `note: no column gives the name: each row's is built as "${template}" from columns ${columns.map((c) => `"${c}"`).join(' and ')} ` +
  '(a row with both empty is invalid). To choose otherwise, a mapping file (--mapping) maps a column to it ' +
  '("columns": {"<header>": "name"}) or builds it ("fields": {"name": "…"}).';

const cases: { what: string; fixture: string; template: string; columns: string[]; names: string[] }[] = [
  {
    what: 'English Manufacturer and Model (a Snipe-IT report without "Asset Name")',
    fixture: 'no-name-manufacturer-model-en.csv',
    template: '{Manufacturer} {Model}',
    columns: ['Manufacturer', 'Model'],
    names: ['Dell Latitude 5540', 'HP EliteBook 840 G10', 'Lenovo ThinkPad T14 Gen 4'],
  },
  {
    what: 'German Hersteller and Modell, semicolons and day-first dates',
    fixture: 'no-name-hersteller-modell-de.csv',
    template: '{Hersteller} {Modell}',
    columns: ['Hersteller', 'Modell'],
    names: ['Apple MacBook Air 13 M2', 'Dell OptiPlex 7010'],
  },
  {
    what: 'French Fabricant and Modèle (GLPI\'s list in French without "Nom")',
    fixture: 'no-name-fabricant-modele-fr.csv',
    template: '{Fabricant} {Modèle}',
    columns: ['Fabricant', 'Modèle'],
    names: ['Apple iMac 24', 'Lenovo ThinkCentre M90q'],
  },
  {
    what: 'a model and an asset tag, no make',
    fixture: 'no-name-model-tag.csv',
    template: '{Model} {Asset Tag}',
    columns: ['Model', 'Asset Tag'],
    names: ['Latitude 7440 T-4001', 'iPad Air T-4002'],
  },
];

describe.each(cases)('$what', ({ fixture, template, columns, names }) => {
  it('validate says how the name is built, and every row is valid', async () => {
    const file = sheet(fixture);
    const res = await runCli(['validate', file, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stderr.split('\n');
    expect(lines).toContain(note(template, columns));
    expect(lines.find((l) => l.startsWith('Columns: '))).toContain(
      `"${template}" → name (built from the row)`,
    );
    expect(readReport(`${file}.check.csv`).map((r) => r['#status'])).toEqual(names.map(() => 'valid'));
  });

  it('--json carries the template and its columns as plan.built', async () => {
    const file = sheet(fixture);
    const res = await runCli(['validate', file, '-r', 'asset', '--json', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).plan.built).toEqual({ field: 'name', template, columns });
  });

  it('import creates every row named so; importing again writes nothing and skips every row', async () => {
    const file = sheet(fixture);
    const args = ['import', file, '-r', 'asset', ...env.sb.args];
    const first = await runCli(args);
    expect(first.code, first.stderr).toBe(0);
    // Said in the plan, before the line that says what will be written.
    const lines = first.stderr.split('\n');
    const said = lines.indexOf(note(template, columns));
    expect(said).toBeGreaterThan(-1);
    expect(said).toBeLessThan(lines.findIndex((l) => l.startsWith('Plan: ')));
    expect(readReport(`${file}.report.csv`).map((r) => r['#status'])).toEqual(names.map(() => 'created'));
    const made = (await env.sb.records('asset')).filter((a) => names.includes(a.name as string));
    expect(made.map((a) => a.name as string).sort()).toEqual(names);

    await env.sb.resetStats();
    const again = await runCli(args);
    expect(again.code, again.stderr).toBe(0);
    expect(countWrites(await env.sb.stats())).toBe(0);
    expect(readReport(`${file}.report.csv`).map((r) => r['#status'])).toEqual(names.map(() => 'skipped'));
  });
});

describe('what the built name leaves as it was', () => {
  it('a row whose make and model are both empty is invalid, naming those columns', async () => {
    const file = sheet('no-name-parts-empty.csv');
    const res = await runCli(['validate', file, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(1);
    const message =
      'column "{Manufacturer} {Model}" → name: is required; it is built from columns "Manufacturer" and "Model", empty in this row';
    const lines = res.stderr.split('\n');
    expect(lines.indexOf(`row 3: ${message}`)).toBeGreaterThan(
      lines.indexOf(note('{Manufacturer} {Model}', ['Manufacturer', 'Model'])),
    );
    expect(lines.indexOf(note('{Manufacturer} {Model}', ['Manufacturer', 'Model']))).toBeGreaterThan(-1);
    expect(readReport(`${file}.check.csv`).map((r) => [r['#status'], r['#message']])).toEqual([
      ['valid', ''],
      ['invalid', message],
    ]);
  });

  it('a Name column is the name: nothing is built, and no note', async () => {
    const file = join(env.dir, 'named.csv');
    writeFileSync(file, 'Name,Manufacturer,Model,Serial\nReception PC,Dell,OptiPlex 7010,NM-0001\n');
    const res = await runCli(['validate', file, '-r', 'asset', '--json', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('note: no column gives');
    const plan = JSON.parse(res.stdout).plan;
    expect(plan.built).toBeUndefined();
    expect(plan.mapped).toContainEqual({ header: 'Name', field: 'name', how: 'name' });
  });

  it("the mapping file's own template wins, and no note is said", async () => {
    const file = join(env.dir, 'own-template.csv');
    writeFileSync(
      file,
      'Inventarnummer;Hersteller;Modell;Seriennummer\nINV-2001;Dell;OptiPlex 7010;OWN-0001\nINV-2002;Apple;MacBook Air 13 M2;OWN-0002\n',
    );
    const mapping = join(env.dir, 'own.json');
    writeFileSync(mapping, JSON.stringify({ fields: { name: '{Modell} ({Inventarnummer})' } }));
    const report = join(env.dir, 'own.report.csv');
    const res = await runCli([
      'validate',
      file,
      '-r',
      'asset',
      '--mapping',
      mapping,
      '--report',
      report,
      '--json',
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('note: no column gives');
    expect(JSON.parse(res.stdout).plan.built).toBeUndefined();
    const sent = readReport(report).map((r) => (JSON.parse(r['#sent']) as { name: string }).name);
    expect(sent).toEqual(['OptiPlex 7010 (INV-2001)', 'MacBook Air 13 M2 (INV-2002)']);
  });

  it('a sync names the records it creates so, and leaves the names of those it matches', async () => {
    const file = join(env.dir, 'sync.csv');
    // SN-EXIST-0001 is the sandbox's "Finance laptop 01".
    writeFileSync(
      file,
      'Hersteller;Modell;Seriennummer\nDell;Latitude 7440;SN-EXIST-0001\nDell;Latitude 5540;SY-0001\n',
    );
    const res = await runCli(['sync', file, '-r', 'asset', '--max-missing', '100%', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      'note: no column gives the name: each new record\'s is built as "{Hersteller} {Modell}" from columns "Hersteller" and "Modell" (a row with both empty is invalid); records the sheet matches keep theirs.',
    );
    const bySerial = new Map((await env.sb.records('asset')).map((a) => [a.serial_number, a.name]));
    expect(bySerial.get('SN-EXIST-0001')).toBe('Finance laptop 01');
    expect(bySerial.get('SY-0001')).toBe('Dell Latitude 5540');
  });

  it('mapping suggest writes the template into "fields" with a note, and exits 0', async () => {
    const file = sheet('no-name-hersteller-modell-de.csv');
    const res = await runCli(['mapping', 'suggest', file, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    const written = JSON.parse(res.stdout);
    expect(written.fields).toEqual({ name: '{Hersteller} {Modell}' });
    const said =
      'no column gives Name (name), which is required for assets: built from the row as "{Hersteller} {Modell}" ("fields" in the file); change the template if another name suits';
    expect(written.review).toContain(said);
    expect(res.stderr.split('\n')).toContain(`note: ${said}`);
  });
});
