// A register's company column (Snipe-IT's "Company", GLPI's "Entité", a German "Firma") is
// read against the company list: the run's company's rows are loaded, other companies' rows
// are left for a run with their --company (said in the plan, the report and the summary, exit
// 1), and a cell naming no company is invalid with the closest name. Two runs, one per
// company, load each row once; a third run of either writes nothing.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox({ rateLimit: 0 });

// The sandbox's companies: 1 Acme Corporation, 2 Acme Europe GmbH, 3 Legacy Holdings (archived).
const cases: {
  name: string;
  header: string;
  company: number;
  cells: string[];
  status: string[];
  message: string[];
  plan: string;
}[] = [
  {
    name: "Snipe-IT's Company: by name, any case and spacing, by id, empty",
    header: 'Company',
    company: 1,
    cells: ['Acme Corporation', 'acme  europe gmbh', '2', '', '1'],
    status: ['valid', 'skipped', 'skipped', 'valid', 'valid'],
    message: [
      '',
      "company 'Acme Europe GmbH' (id 2): run again with --company 2",
      "company 'Acme Europe GmbH' (id 2): run again with --company 2",
      '',
      '',
    ],
    plan:
      'Company (column "Company"): 3 rows for Acme Corporation (this run); ' +
      '2 rows for Acme Europe GmbH (--company 2) are left for a run of their own.',
  },
  {
    name: "GLPI's Entité: a near miss is invalid with the closest name, never a guess",
    header: 'Entité',
    company: 1,
    cells: ['Acme Corporation', 'Acme Europ GmbH', 'Globex'],
    status: ['valid', 'invalid', 'invalid'],
    message: [
      '',
      `column "Entité" → company: company 'Acme Europ GmbH' not found; did you mean 'Acme Europe GmbH'?`,
      `column "Entité" → company: company 'Globex' not found; the account's companies: ` +
        'Acme Corporation, Acme Europe GmbH, Legacy Holdings',
    ],
    plan:
      'Company (column "Entité"): 1 row for Acme Corporation (this run); ' +
      '2 rows name no company of the account (invalid; a mapping file with {"columns": {"Entité": null}} ' +
      "leaves the column out and sends every row to this run's).",
  },
  {
    name: 'Firma with --company 2: the other way round',
    header: 'Firma',
    company: 2,
    cells: ['Acme Corporation', 'Acme Europe GmbH', '9'],
    status: ['skipped', 'valid', 'invalid'],
    message: [
      "company 'Acme Corporation' (id 1): run again with --company 1",
      '',
      'column "Firma" → company: company id 9 not found; the account\'s companies: ' +
        '1 (Acme Corporation), 2 (Acme Europe GmbH), 3 (Legacy Holdings)',
    ],
    plan:
      'Company (column "Firma"): 1 row for Acme Europe GmbH (this run); ' +
      '1 row for Acme Corporation (--company 1) is left for a run of their own; ' +
      '1 row names no company of the account (invalid; a mapping file with {"columns": {"Firma": null}} ' +
      "leaves the column out and sends every row to this run's).",
  },
  {
    name: 'every row the run company: no warning, exit 0',
    header: 'Company',
    company: 1,
    cells: ['Acme Corporation', 'ACME CORPORATION'],
    status: ['valid', 'valid'],
    message: ['', ''],
    plan: 'Company (column "Company"): all 2 rows for Acme Corporation (this run).',
  },
];

function register(name: string, header: string, cells: readonly string[], prefix: string): string {
  const file = join(env.dir, name);
  const lines = cells.map((c, i) => `PC ${prefix}-${i + 1},${prefix}-${i + 1},${c}`);
  writeFileSync(file, [`Name,Serial number,${header}`, ...lines].join('\n') + '\n');
  return file;
}

describe("a company column's values", () => {
  it.each(cases)('$name', async ({ header, company, cells, status, message, plan }) => {
    const file = register(`check-${company}-${header}.csv`, header, cells, 'CK');
    const report = join(env.dir, `check-${company}-${header}.report.csv`);
    const args = ['validate', file, '-r', 'asset', '--company', String(company), '--report', report];
    const res = await runCli([...args, ...env.sb.args], { cwd: env.dir });
    const rows = readReport(report);
    expect(rows.map((r) => r['#status'])).toEqual(status);
    expect(rows.map((r) => r['#message'])).toEqual(message);
    expect(res.stderr.split('\n').filter((l) => l.startsWith('Company'))).toEqual([plan]);
    // The column is read, so it is not listed among the columns not imported.
    expect(res.stderr).not.toContain(`column "${header}" is not imported`);
    const left = status.includes('skipped') || status.includes('invalid');
    expect(res.code, res.stderr).toBe(left ? 1 : 0);
  });

  it('an empty cell goes to the run company, with a warning that another run would load it too', async () => {
    const file = register('empty.csv', 'Company', ['Acme Corporation', '', 'Acme Europe GmbH'], 'EM');
    const res = await runCli(['validate', file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(res.stderr).toContain(
      'warning: 1 row has no company in column "Company" and goes to this run\'s; a run with --company 2 ' +
        'would load it too: write the company in the cell to load it once',
    );
  });
});

describe('a company column left out by the mapping file', () => {
  it('sends every row to the run company, and the plan says so', async () => {
    const file = register('left-out.csv', 'Company', ['Acme', 'Globex'], 'LO');
    const mapping = join(env.dir, 'left-out.json');
    writeFileSync(mapping, JSON.stringify({ columns: { Company: null } }));
    const report = join(env.dir, 'left-out.report.csv');
    const args = ['validate', file, '-r', 'asset', '--mapping', mapping, '--report', report];
    const res = await runCli([...args, ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('Company (column');
    expect(res.stderr).toContain(
      'warning: column "Company" is not imported (the mapping file (or preset) leaves it out: every row goes to ' +
        'this run\'s company, 1 (--company); leave it out of "columns" and a run loads only its company\'s rows ' +
        'of a register of several companies)',
    );
    expect(readReport(report).map((r) => r['#status'])).toEqual(['valid', 'valid']);
  });
});

describe('mapping suggest and a company column', () => {
  it('leaves the column out of the file, so that a run with the file still reads it', async () => {
    const file = register('suggest.csv', 'Firma', ['Acme Corporation', 'Acme Europe GmbH'], 'SG');
    const res = await runCli(['mapping', 'suggest', file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(0);
    const suggested = JSON.parse(res.stdout) as { columns: Record<string, string | null> };
    expect(suggested.columns).toEqual({ Name: 'name', 'Serial number': 'serial_number' });
    expect(res.stderr).toContain(
      'column "Firma" is read for each row\'s company (left out of the file): rows of another company are left ' +
        'for a run with its --company; {"Firma": null} in "columns" sends every row to the run\'s',
    );
    const mapping = join(env.dir, 'suggested.json');
    writeFileSync(mapping, res.stdout);
    const run = await runCli(['validate', file, '-r', 'asset', '--mapping', mapping, ...env.sb.args], {
      cwd: env.dir,
    });
    expect(run.stderr).toContain(
      'Company (column "Firma"): 1 row for Acme Corporation (this run); ' +
        '1 row for Acme Europe GmbH (--company 2) is left for a run of their own.',
    );
  });
});

// GLPI exports its own entities ("Entité racine > Paris"), which are no companies of the
// account: a file that read the column would make every row invalid, so the suggestion maps it
// to null and says so; a column naming companies but for a few cells lists those as failing.
describe("mapping suggest and a company column that names the account's companies nowhere, or not everywhere", () => {
  const GLPI = 'Nom;Entité;Statut;Numéro de série\n';
  it.each([
    {
      name: "GLPI's entities, none a company: mapped to null, every row goes to the run's company",
      csv: `${GLPI}PC-COMPTA-01;Entité racine > Paris;En service;GE-1\nPC-RH-03;Entité racine > Lyon;En stock;GE-2\n`,
      column: null,
      says:
        'note: column "Entité" names no company of the account ("Entité racine > Paris", "Entité racine > Lyon"; ' +
        "the account's companies: Acme Corporation, Acme Europe GmbH, Legacy Holdings): mapped to null, so every row " +
        "goes to the run's company (--company); to load rows by company, write a company's name or id in the column " +
        'and leave it out of "columns"',
      status: ['valid', 'valid'],
    },
    {
      name: 'one cell naming no company beside one that does: the column is read, the row said to fail',
      csv: `${GLPI}PC-COMPTA-01;Acme Corporation;En service;GM-1\nPC-RH-03;Entité racine > Lyon;En stock;GM-2\n`,
      column: undefined,
      says:
        'missing: column "Entité" has a value naming no company of the account ("Entité racine > Lyon"): those rows ' +
        "would be invalid. Fix: write a company's name or id there (the account's companies: Acme Corporation, " +
        'Acme Europe GmbH, Legacy Holdings), or {"Entité": null} in "columns" sends every row to the run\'s company (--company)',
      status: ['valid', 'invalid'],
    },
  ])('$name', async ({ name, csv, column, says, status }) => {
    const file = join(env.dir, `glpi-${status.join('-')}.csv`);
    writeFileSync(file, csv);
    const res = await runCli(['mapping', 'suggest', file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(res.code, res.stderr).toBe(0);
    const suggested = JSON.parse(res.stdout) as { columns: Record<string, string | null>; review?: string[] };
    expect(suggested.columns['Entité'], name).toBe(column);
    expect(res.stderr.split('\n')).toContain(says);
    expect(suggested.review).toContain(says.replace(/^(note|missing): /, (m) => (m === 'note: ' ? '' : m)));
    const mapping = join(env.dir, `glpi-${status.join('-')}.json`);
    writeFileSync(mapping, res.stdout);
    const report = `${file}.check.csv`;
    const run = await runCli(['validate', file, '-r', 'asset', '--mapping', mapping, ...env.sb.args], {
      cwd: env.dir,
    });
    expect(run.code, run.stderr).toBe(status.includes('invalid') ? 1 : 0);
    expect(readReport(report).map((r) => r['#status'])).toEqual(status);
  });
});

describe('a register of two companies, a run each', () => {
  const cells = ['Acme Corporation', 'Acme Europe GmbH', 'Acme Corporation', '2', 'acme corporation'];
  const ofCompany1 = ['TW-1', 'TW-3', 'TW-5'];
  const ofCompany2 = ['TW-2', 'TW-4'];
  const inService = async (company: number) =>
    (await env.sb.records('asset', company))
      .map((r) => String(r.serial_number))
      .filter((s) => s.startsWith('TW-'))
      .sort();
  // --json prints no plan: the first run is read as a person sees it, the others as a script does.
  const importAs = async (file: string, company: number, json = true) => {
    await env.sb.resetStats();
    const res = await runCli(
      [
        'import',
        file,
        '-r',
        'asset',
        '--company',
        String(company),
        ...(json ? ['--json'] : []),
        ...env.sb.args,
      ],
      { cwd: env.dir },
    );
    return { res, writes: countWrites((await env.sb.stats()) as { requests: Record<string, number> }) };
  };

  it('loads each row once, into its company; a third run of either writes nothing', async () => {
    const file = register('two.csv', 'Company', cells, 'TW');

    const first = await importAs(file, 1, false);
    expect(first.res.code, first.res.stderr).toBe(1);
    expect(first.res.stderr).toContain(
      'Company (column "Company"): 3 rows for Acme Corporation (this run); ' +
        '2 rows for Acme Europe GmbH (--company 2) are left for a run of their own.',
    );
    // Said before any write: the plan's line comes before the Plan line.
    expect(first.res.stderr.indexOf('Company (column')).toBeLessThan(first.res.stderr.indexOf('Plan:'));
    expect(first.res.stdout).toContain(
      'Done: 5 rows — 3 created, 0 updated, 2 skipped, 0 invalid, 0 failed.',
    );
    expect(first.writes).toBe(3);
    expect(await inService(1)).toEqual(ofCompany1);
    expect(await inService(2)).toEqual([]);

    const second = await importAs(file, 2);
    expect(second.res.code, second.res.stderr).toBe(1);
    const summary = JSON.parse(second.res.stdout) as {
      counts: Record<string, number>;
      companies: { run: { id: number; rows: number }; others: { id: number; name: string; rows: number }[] };
    };
    expect(summary.counts).toMatchObject({ created: 2, skipped: 3, invalid: 0 });
    expect(summary.companies.run).toMatchObject({ id: 2, rows: 2 });
    expect(summary.companies.others).toEqual([{ id: 1, name: 'Acme Corporation', rows: 3 }]);
    expect(second.writes).toBe(2);
    expect(await inService(1)).toEqual(ofCompany1);
    expect(await inService(2)).toEqual(ofCompany2);

    for (const company of [1, 2]) {
      const again = await importAs(file, company);
      expect(again.writes, again.res.stderr).toBe(0);
      expect(JSON.parse(again.res.stdout)).toMatchObject({ counts: { created: 0, skipped: 5 } });
    }
    expect(await inService(1)).toEqual(ofCompany1);
    expect(await inService(2)).toEqual(ofCompany2);
  });

  it('the summary gives the command that loads the rows left', async () => {
    const file = register('summary.csv', 'Company', ['Acme Corporation', 'Acme Europe GmbH'], 'SU');
    const res = await runCli(['validate', file, '-r', 'asset', ...env.sb.args], { cwd: env.dir });
    expect(res.code).toBe(1);
    expect(res.stdout).toContain(
      'warning: 1 row of Acme Europe GmbH (company 2) was left for a run of their own: ' +
        'the same command with --company 2 loads them',
    );
  });
});

describe('a register of two companies imported again, the lists expired', () => {
  it('says of each row what the first run said, with no request: the journal kept the other company’s cells', async () => {
    const file = register(
      'again.csv',
      'Company',
      ['Acme Corporation', 'Acme Europe GmbH', '2', 'Acme Corporation'],
      'AG',
    );
    const cache = join(env.dir, 'again-cache');
    const run = async () => {
      // An hour on, each time: no list is cached.
      rmSync(cache, { recursive: true, force: true });
      return runCli(['import', file, '-r', 'asset', ...env.sb.args], {
        cwd: env.dir,
        env: { XDG_CACHE_HOME: cache },
      });
    };
    const said = (res: { stderr: string }) => res.stderr.split('\n').filter((l) => l.startsWith('Company ('));
    const first = await run();
    expect(first.code, first.stderr).toBe(1);
    const rows = () => readReport(`${file}.report.csv`).map((r) => [r['#status'], r['#message']]);
    const left = "company 'Acme Europe GmbH' (id 2): run again with --company 2";
    expect(rows()).toEqual([
      ['created', ''],
      ['skipped', left],
      ['skipped', left],
      ['created', ''],
    ]);
    const again = await run();
    expect(again.code, again.stderr).toBe(1);
    // It was 1: the company list, to tell the rows the journal had not done. Now the newest
    // record the journal holds, read by id: the service still has what the rows are skipped as.
    expect(again.stdout).toMatch(/^1 request,/m);
    expect(again.stdout).toContain('Done: 4 rows — 0 created, 0 updated, 4 skipped, 0 invalid, 0 failed.');
    const done = 'already created by an earlier run of this import (journal)';
    expect(rows()).toEqual([
      ['skipped', done],
      ['skipped', left],
      ['skipped', left],
      ['skipped', done],
    ]);
    // The plan says the same rows are left, the run's company named as the journal recorded it.
    expect(said(again)).toEqual([
      'Company (column "Company"): 2 rows for Acme Corporation (this run); ' +
        '2 rows for Acme Europe GmbH (--company 2) are left for a run of their own.',
    ]);
    expect(again.stderr).toContain(
      "Lookups: not needed: company (their rows are done by this import's journal, each with the cells it had then; " +
        'the rows of other companies named by the company cells its last run found).',
    );
    expect(said(first)[0]).toContain(
      '2 rows for Acme Europe GmbH (--company 2) are left for a run of their own.',
    );
  });

  it('names the run’s company by its id, saying why, when the journal recorded no name', async () => {
    const file = register('noname.csv', 'Company', ['Acme Corporation', 'Acme Corporation'], 'NN');
    const cache = join(env.dir, 'noname-cache');
    const run = async () => {
      rmSync(cache, { recursive: true, force: true });
      return runCli(['import', file, '-r', 'asset', ...env.sb.args], {
        cwd: env.dir,
        env: { XDG_CACHE_HOME: cache },
      });
    };
    expect((await run()).code).toBe(0);
    // A journal written before the name was kept: its run line has no runCompany.
    const journal = `${file}.report.journal.ndjson`;
    const lines = readFileSync(journal, 'utf8').split('\n');
    writeFileSync(journal, lines.map((l) => l.replace(/,"runCompany":"[^"]*"/, '')).join('\n'));
    expect(readFileSync(journal, 'utf8')).not.toContain('runCompany');
    const again = await run();
    expect(again.code, again.stderr).toBe(0);
    // The newest record the journal holds, read by id.
    expect(again.stdout).toMatch(/^1 request,/m);
    expect(again.stderr.split('\n').filter((l) => l.startsWith('Company ('))).toEqual([
      'Company (column "Company"): all 2 rows for company 1 (this run; by its id alone: the company list ' +
        "was not read (this import's journal answered for the rows) and its last run recorded no name).",
    ]);
  });
});
