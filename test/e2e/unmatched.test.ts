// Names the service's lists lack, over the sandbox: by default the row is invalid; with
// --unmatched blank (or per field in the mapping file) the field is left empty, with
// default:NAME that entry is used, each with a W_UNMATCHED warning on the row, a count in
// the summary and exit 1. Value tables map a value to empty (a note on the row) or give a
// fallback for values they do not name ("*"). Snipe-IT's importer files import with
// --unmatched blank: every row created, or invalid for a reason of its own. The built CLI
// runs one case of each kind (its summary's warning, --json, a refused policy); the others
// call the library in-process with the options of their flags (library.ts).
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { updateSpreadsheet } from '../../src/index.js';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';
import { runLibrary } from './library.js';

const env = useSandbox();
const FILE = 'test/fixtures/mapping/unknown-names.csv';
const SNIPE_IT = JSON.parse(readFileSync('templates/presets/snipe-it.json', 'utf8')) as {
  columns: Record<string, string | null>;
};

function mappingFile(name: string, content: object): string {
  const path = join(env.dir, name);
  writeFileSync(path, JSON.stringify({ resource: 'asset', ...content }));
  return path;
}

type Row = [status: string, message: string, warnings: string];

const KRAJCIK = `supplier 'Krajcik LLC' not found`;
const LAPTOPS = `category 'Laptops' not found; it is the name of a subcategory: did you mean 'Hardware / Laptop'?`;
// The sandbox's nearest supplier ("Kyndryl", 0.50) is another name, not a typo: nothing is offered.
const KUNDE = `supplier 'Kunde Doyle' not found`;
const STOK = `usage status 'In Stok' not found; did you mean 'In Stock'?`;

describe('a value table', () => {
  it('maps a value to empty ("" or null: left out, with a note) and others by "*"; keys match ignoring case and spacing', async () => {
    const map = mappingFile('blank-values.json', {
      values: {
        Supplier: { 'KRAJCIK-LLC': null, '*': 'CDW' },
        Category: { laptops: '' },
        Status: { 'in stok': 'In Stock' },
      },
    });
    const report = join(env.dir, 'blank-values.report.csv');
    const res = await runLibrary(env.sb, {
      file: FILE,
      resource: 'asset',
      mappingPath: map,
      reportPath: report,
      dryRun: true,
    });
    // A value the user chose to leave out is a note, not a problem: the run is clean.
    expect(res.code, res.stderr).toBe(0);
    expect(readReport(report).map((r) => [r['#status'], r['#warnings']])).toEqual([
      [
        'valid',
        'column "Category" → category.id: "Laptops" is left out (the value table maps it to empty); column "Supplier" → attached_supplier: "Krajcik LLC" is left out (the value table maps it to empty)',
      ],
      ['valid', ''],
      ['valid', ''],
    ]);
  });
});

describe('a name the service lacks', () => {
  const cases: [string, string[], object | undefined, number, Row[]][] = [
    [
      'fails its row by default',
      [],
      undefined,
      1,
      [
        [
          'invalid',
          `column "Category" → category.id: ${LAPTOPS}; column "Supplier" → attached_supplier: ${KRAJCIK}`,
          '',
        ],
        ['valid', '', ''],
        [
          'invalid',
          `column "Supplier" → attached_supplier: ${KUNDE}; column "Status" → asset_usage_status: ${STOK}`,
          '',
        ],
      ],
    ],
    [
      'is left empty with --unmatched blank, with a warning on the row',
      ['--unmatched', 'blank'],
      undefined,
      1,
      [
        [
          'valid',
          '',
          `column "Category" → category.id: ${LAPTOPS}; left empty (unmatched: blank); column "Supplier" → attached_supplier: ${KRAJCIK}; left empty (unmatched: blank)`,
        ],
        ['valid', '', ''],
        [
          'valid',
          '',
          `column "Supplier" → attached_supplier: ${KUNDE}; left empty (unmatched: blank); column "Status" → asset_usage_status: ${STOK}; left empty (unmatched: blank)`,
        ],
      ],
    ],
    [
      'follows the mapping file per field: the supplier blank, the category a default, the status fails',
      [],
      { unmatched: { supplier: 'blank', category: 'default:Hardware' } },
      1,
      [
        [
          'valid',
          '',
          `column "Category" → category.id: ${LAPTOPS}; set to 'Hardware' instead (unmatched: default:Hardware); column "Supplier" → attached_supplier: ${KRAJCIK}; left empty (unmatched: blank)`,
        ],
        ['valid', '', ''],
        [
          'invalid',
          `column "Status" → asset_usage_status: ${STOK}`,
          `column "Supplier" → attached_supplier: ${KUNDE}; left empty (unmatched: blank)`,
        ],
      ],
    ],
  ];
  // The --unmatched blank case runs the built CLI (its summary's warning); the others run
  // in-process, where the summary's count of such rows is what that warning prints.
  for (const [name, flags, content, code, want] of cases) {
    it(name, async () => {
      const mappingPath = content ? mappingFile('unmatched.json', content) : undefined;
      const report = join(env.dir, 'unmatched.report.csv');
      const warned = want.filter((r) => r[2].includes('unmatched')).length;
      if (flags.length) {
        const map = mappingPath ? ['--mapping', mappingPath] : [];
        const args = ['validate', FILE, '-r', 'asset', ...map, ...flags, '--report', report];
        const res = await runCli([...args, ...env.sb.args]);
        expect(res.code, res.stderr).toBe(code);
        expect(res.stdout).toContain(
          `warning: ${warned} rows name something the service's lists lack, left empty or set to the default (--unmatched): W_UNMATCHED in the report's #warnings says which`,
        );
      } else {
        const res = await runLibrary(env.sb, {
          file: FILE,
          resource: 'asset',
          mappingPath,
          reportPath: report,
          dryRun: true,
        });
        expect(res.code, res.stderr).toBe(code);
        expect(res.summary?.unmatchedRows).toBe(warned);
      }
      expect(readReport(report).map((r) => [r['#status'], r['#message'], r['#warnings']])).toEqual(want);
    });
  }

  it('left empty, the record is created without it; --json counts the rows', async () => {
    const report = join(env.dir, 'blank-import.report.csv');
    const res = await runCli([
      'import',
      FILE,
      '-r',
      'asset',
      '--unmatched',
      'blank',
      '--json',
      '--report',
      report,
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(1);
    const summary = JSON.parse(res.stdout);
    expect(summary.counts.created).toBe(3);
    expect(summary.unmatchedRows).toBe(2);
    const first = (await env.sb.records('asset')).find((a) => a.serial_number === 'UM-SN-0001');
    expect(first).toMatchObject({ name: 'Loaner laptop 1', attached_supplier: null });
    expect(first?.category ?? null).toBeNull();
  });

  it('on update, default:NAME puts that entry in place of the name the list lacks', async () => {
    const csv = join(env.dir, 'update-supplier.csv');
    writeFileSync(csv, 'Serial,Supplier\nUM-SN-0001,Nobody Ltd\n');
    const report = join(env.dir, 'update-supplier.report.csv');
    const options = { file: csv, resource: 'asset', unmatched: 'default:CDW', reportPath: report };
    const res = await runLibrary(env.sb, options, updateSpreadsheet);
    expect(res.code, res.stderr).toBe(1);
    expect(readReport(report).map((r) => [r['#status'], r['#warnings']])).toEqual([
      [
        'updated',
        `column "Supplier" → attached_supplier: supplier 'Nobody Ltd' not found; set to 'CDW' instead (unmatched: default:CDW)`,
      ],
    ]);
    const first = (await env.sb.records('asset')).find((a) => a.serial_number === 'UM-SN-0001');
    expect(first).toMatchObject({ name: 'Loaner laptop 1', attached_supplier: { name: 'CDW' } });
  });

  const refused: [string, string[], object | undefined, string][] = [
    [
      'a policy that is not one',
      ['--unmatched', 'skip'],
      undefined,
      'error: --unmatched "skip" is not a choice: give "fail" (the row is invalid), "blank" (the field is left empty) or "default:NAME" (that name instead)',
    ],
    [
      'a default the list lacks',
      ['--unmatched', 'default:Other'],
      undefined,
      `--unmatched default:Other, for names the supplier list lacks (column "Supplier"): supplier 'Other' not found`,
    ],
    [
      // The flag, not a mapping file, is named; and the column whose list has the name.
      'a default one list has and another lacks',
      ['--unmatched', 'default:CDW'],
      undefined,
      `error: 2 values cannot be used: --unmatched default:CDW, for names the category list lacks (column "Category"): category 'CDW' not found; ` +
        `--unmatched default:CDW, for names the usage status list lacks (column "Status"): usage status 'CDW' not found\n` +
        `  hint: --unmatched default:NAME is used for every column that looks a name up, so NAME must be in each of their lists. ` +
        `For one list only, give a mapping file (--mapping) with {"unmatched": {"attached_supplier": "default:CDW"}} and --unmatched blank (or fail) for the others.`,
    ],
    [
      "a mapping file's default its list lacks",
      [],
      { unmatched: { supplier: 'default:Other' } },
      `bad-unmatched.json: the default for names the supplier list lacks (unmatched) is "Other": supplier 'Other' not found\n` +
        `  hint: Correct the value in the mapping file`,
    ],
    [
      'a mapping key that looks nothing up',
      [],
      { unmatched: { serial_number: 'blank' } },
      'unmatched."serial_number": not a field of assets that looks a name up',
    ],
  ];
  // The first through the built CLI; the others in-process (`unmatched` is --unmatched's value).
  for (const [name, flags, content, message] of refused) {
    it(`refuses ${name} before any write (exit 2)`, async () => {
      const mappingPath = content ? mappingFile('bad-unmatched.json', content) : undefined;
      await env.sb.resetStats();
      const res =
        name === refused[0][0]
          ? await runCli(['import', FILE, '-r', 'asset', ...flags, ...env.sb.args])
          : await runLibrary(env.sb, { file: FILE, resource: 'asset', mappingPath, unmatched: flags[1] });
      expect(res.code).toBe(2);
      expect(res.stderr).toContain(message);
      expect(countWrites(await env.sb.stats())).toBe(0);
    });
  }
});

describe("Snipe-IT's importer files with --unmatched blank", () => {
  // The sample's categories, suppliers and models are none of the account's; its one
  // checked-out user is no asset owner of the account, which is that row's own problem
  // once the mapping blanks only the supplier, model and category.
  // The options of `--date-format MM/dd/yyyy --unmatched blank`, and a mapping file.
  const cases: [string, string, { dateFormat?: string; unmatched?: string }, object | undefined, Row[]][] = [
    [
      'MOCK_ASSETS (a copy of preset snipe-it, US dates): both rows created, the unknown category and owners left empty',
      'snipe-it-importer-mock-assets.csv',
      { dateFormat: 'MM/dd/yyyy', unmatched: 'blank' },
      // Its Company "Acme" is no company of the account: the copy leaves the column out, every row the run's.
      { ...SNIPE_IT, columns: { ...SNIPE_IT.columns, Company: null } },
      [
        [
          'created',
          '',
          `column "Full Name" → asset_owner: asset owner 'Bonnie Nelson' not found; left empty (unmatched: blank); column "Category" → category.id: ${LAPTOPS}; left empty (unmatched: blank)`,
        ],
        [
          'created',
          '',
          `column "Full Name" → asset_owner: asset owner 'Judith Ferguson' not found; left empty (unmatched: blank); column "Category" → category.id: category 'Desktops' not found; it is the name of a subcategory: did you mean 'Hardware / Desktop'?; left empty (unmatched: blank)`,
        ],
      ],
    ],
    [
      'the sample, blank for supplier, model and category only: the row checked out to an unknown user is invalid for that, the other created',
      'snipe-it-importer-sample.csv',
      {},
      // Its Company "Acme" is no company of the account: the column is left out, every row the run's.
      {
        columns: { Company: null },
        unmatched: { supplier: 'blank', hardware_model: 'blank', category: 'blank' },
      },
      [
        [
          'invalid',
          `column "Checked Out To: Email" → asset_owner: asset owner 'gmccrackem@example.com' not found`,
          `column "Category" → category.id: category 'Heavy equipment' not found; left empty (unmatched: blank); column "Supplier" → attached_supplier: ${KUNDE}; left empty (unmatched: blank); column "Model" → asset_hardware_model.id: hardware model 'Nial' not found; left empty (unmatched: blank)`,
        ],
        [
          'created',
          '',
          `column "Category" → category.id: category 'Heavy equipment' not found; left empty (unmatched: blank); column "Supplier" → attached_supplier: supplier 'Heaney Altenwerth' not found; left empty (unmatched: blank); column "Model" → asset_hardware_model.id: hardware model 'Chase' not found; left empty (unmatched: blank)`,
        ],
      ],
    ],
  ];
  for (const [name, file, flags, content, want] of cases) {
    it(name, async () => {
      const mappingPath = content ? mappingFile('snipe.json', content) : undefined;
      const report = join(env.dir, `${file}.report.csv`);
      const res = await runLibrary(env.sb, {
        file: `test/fixtures/registers/${file}`,
        resource: 'asset',
        mappingPath,
        ...flags,
        reportPath: report,
      });
      expect(res.code, res.stderr).toBe(1);
      expect(readReport(report).map((r) => [r['#status'], r['#message'], r['#warnings']])).toEqual(want);
    });
  }
});
