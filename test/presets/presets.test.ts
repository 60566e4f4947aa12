// The mapping presets in templates/presets: each parses as a mapping file, names only
// targets its resource has, and imports a small sheet in its tool's layout into the
// sandbox with every row created and the values where they belong. A company column is
// read as without a preset: the sheets name the sandbox's company 1, the run's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { listPresets, loadMappingFile, presetPath } from '../../src/run/import.js';
import { parseTarget } from '../../src/map/headers.js';
import { findResource } from '../../src/resources/index.js';
import { readReport, runCli, tempDir, testSandbox, type TestSandbox } from '../e2e/cli.js';

const SHIPPED = [
  'assetbatch-export-asset',
  'assetbatch-export-contract',
  'assetbatch-export-customer',
  'generic-legacy',
  'homebox',
  'servicenow',
  'snipe-it',
];

describe('every preset is a valid mapping file', () => {
  it('the shipped presets are listed', () => {
    expect(listPresets()).toEqual(expect.arrayContaining(SHIPPED));
  });

  it.each(listPresets())('%s: parses, names a resource, and every target is a field of it', async (name) => {
    const file = await loadMappingFile(presetPath(name));
    expect(file.resource, 'a preset says which resource it is for').toBeDefined();
    const def = findResource(file.resource!);
    expect(def, `resource "${file.resource}"`).toBeDefined();
    const unknown = Object.entries(file.columns ?? {})
      .flatMap(([header, target]) =>
        target === null ? [] : [target].flat().map((t) => [header, t] as const),
      )
      .filter(([, target]) => parseTarget(def!, target, undefined, 'create') === undefined)
      .map(([header, target]) => `${header} → ${target}`);
    expect(unknown).toEqual([]);
    expect(Object.keys(file.columns ?? {}).length).toBeGreaterThan(5);
  });

  it.each(listPresets())('%s: is documented in templates/presets/README.md', (name) => {
    expect(readFileSync(join(presetPath(name), '../README.md'), 'utf8')).toContain(`\`${name}\``);
  });
});

let sb: TestSandbox;
let dir: string;
beforeAll(async () => {
  sb = await testSandbox();
  dir = tempDir('ab-presets-');
});
afterAll(async () => sb.close());

const csv = (rows: (string | number)[][]) => stringify(rows);

/** Import `file` with `--preset`, expect every row created, and return the report. */
async function importWithPreset(file: string, resource: string, preset: string, rows: number) {
  const report = `${file}.report.csv`;
  const r = await runCli([
    'import',
    file,
    '--resource',
    resource,
    '--preset',
    preset,
    '--report',
    report,
    ...sb.args,
  ]);
  const statuses = readReport(report).map((x) => `${x['#row']} ${x['#status']} ${x['#message']}`);
  expect(statuses, r.stderr).toEqual(Array.from({ length: rows }, (_, i) => `${i + 2} created `));
  expect(r.code, r.stderr).toBe(0);
  return r;
}

const find = async (resource: string, key: string, value: string) =>
  (await sb.records(resource)).find((x) => x[key] === value);

describe("a sheet in the tool's layout imports with --preset", () => {
  it('snipe-it: warranty months become an end date counted from the purchase date', async () => {
    const file = join(dir, 'snipe-it-assets.csv');
    writeFileSync(
      file,
      csv([
        [
          'ID',
          'Company',
          'Asset Name',
          'Asset Tag',
          'Model',
          'Model No.',
          'Category',
          'Manufacturer',
          'Serial',
          'Purchase Date',
          'Purchase Cost',
          'Order Number',
          'Supplier',
          'Location',
          'Checked Out To',
          'Status',
          'Warranty (months)',
          'Notes',
          'Created At',
        ],
        [
          '101',
          'Acme Corporation',
          'Snipe laptop 1',
          'SNP-0001',
          'Latitude 7440',
          'LAT7440',
          'Hardware',
          'Dell',
          'SNIPE-SN-0001',
          '2024-01-31',
          '1,299.00',
          'PO-1',
          'Dell Technologies',
          'HQ 3rd floor',
          'Alice Johnson',
          'In Use',
          '13',
          'from Snipe-IT',
          '2024-02-01 10:00:00',
        ],
        [
          '102',
          'Acme Corporation',
          'Snipe laptop 2',
          'SNP-0002',
          'Latitude 7440',
          '',
          'Hardware',
          'Dell',
          'SNIPE-SN-0002',
          '2024-03-15',
          '899',
          '',
          'Dell Technologies',
          'Warehouse',
          'Bob Smith',
          'In Use',
          '36',
          '',
          '2024-03-16 09:30:00',
        ],
      ]),
    );
    await importWithPreset(file, 'asset', 'snipe-it', 2);
    expect(await find('asset', 'serial_number', 'SNIPE-SN-0001')).toMatchObject({
      name: 'Snipe laptop 1',
      asset_tag: 'SNP-0001',
      asset_hardware_model: { name: 'Latitude 7440' },
      manufacturer_part_number: 'LAT7440',
      category: { name: 'Hardware' },
      manufacturer: 'Dell',
      service_start_date: '2024-01-31',
      warranty_end_date: '2025-02-28',
      original_cost: 1299,
      attached_supplier: { name: 'Dell Technologies' },
      location_description: 'HQ 3rd floor',
      asset_owner: { name: 'Alice Johnson' },
      asset_usage_status: { name: 'In Use' },
      asset_notes: 'from Snipe-IT',
    });
    expect(await find('asset', 'serial_number', 'SNIPE-SN-0002')).toMatchObject({
      service_start_date: '2024-03-15',
      warranty_end_date: '2027-03-15',
      asset_owner: { name: 'Bob Smith' },
    });
  });

  it("snipe-it: the importer's layout (item Name, Model Number, Warranty Months), its statuses by the value table, its backtick escape undone", async () => {
    const file = join(dir, 'snipe-it-importer.csv');
    writeFileSync(
      file,
      csv([
        [
          'Full Name',
          'Email',
          'Username',
          'item Name',
          'Category',
          'Model name',
          'Manufacturer',
          'Model Number',
          'Serial Number',
          'Asset Tag',
          'Location',
          'Notes',
          'Purchase Date',
          'Purchase Cost',
          'Company',
          'Status',
          'Warranty Months',
          'Supplier',
        ],
        [
          'Alice Johnson',
          'alice@acme.example',
          'ajohnson',
          'Snipe importer laptop',
          'Hardware',
          'Latitude 7440',
          'Dell',
          'LAT7440',
          'SNIPE-IMP-0001',
          'SNP-1001',
          'HQ',
          '`=not a formula',
          '2024-01-31',
          '1299',
          'Acme Corporation',
          'Ready to Deploy',
          '12',
          'Dell Technologies',
        ],
        [
          'Bob Smith',
          'bob@acme.example',
          'bsmith',
          'Snipe importer desktop',
          'Hardware',
          'Latitude 7440',
          'Dell',
          '',
          'SNIPE-IMP-0002',
          'SNP-1002',
          'HQ',
          '',
          '2024-02-10',
          '899',
          'Acme Corporation',
          'Deployed (deployed)',
          '',
          'Dell Technologies',
        ],
      ]),
    );
    await importWithPreset(file, 'asset', 'snipe-it', 2);
    expect(await find('asset', 'serial_number', 'SNIPE-IMP-0001')).toMatchObject({
      name: 'Snipe importer laptop',
      asset_owner: { name: 'Alice Johnson' },
      manufacturer_part_number: 'LAT7440',
      asset_usage_status: { name: 'In Stock' },
      warranty_end_date: '2025-01-31',
      asset_notes: '=not a formula',
    });
    expect(await find('asset', 'serial_number', 'SNIPE-IMP-0002')).toMatchObject({
      asset_usage_status: { name: 'In Use' },
    });
  });

  it('homebox: the HB.-prefixed export', async () => {
    const file = join(dir, 'homebox.csv');
    writeFileSync(
      file,
      csv([
        [
          'HB.import_ref',
          'HB.location',
          'HB.labels',
          'HB.asset_id',
          'HB.name',
          'HB.quantity',
          'HB.description',
          'HB.serial_number',
          'HB.model_number',
          'HB.manufacturer',
          'HB.notes',
          'HB.purchase_from',
          'HB.purchase_price',
          'HB.purchase_time',
          'HB.warranty_expires',
          'HB.warranty_details',
        ],
        [
          '',
          'Office / Desk',
          'IT',
          '000-001',
          'Office monitor',
          '1',
          '27 inch monitor',
          'HB-SN-0001',
          'U2723QE',
          'Dell',
          'Dead pixel',
          'CDW',
          '329.99',
          '2023-05-12',
          '2026-05-12',
          'Advanced exchange',
        ],
      ]),
    );
    await importWithPreset(file, 'asset', 'homebox', 1);
    expect(await find('asset', 'serial_number', 'HB-SN-0001')).toMatchObject({
      name: 'Office monitor',
      asset_tag: '000-001',
      location_description: 'Office / Desk',
      manufacturer_part_number: 'U2723QE',
      manufacturer: 'Dell',
      asset_notes: 'Dead pixel',
      attached_supplier: { name: 'CDW' },
      original_cost: 329.99,
      service_start_date: '2023-05-12',
      warranty_end_date: '2026-05-12',
      warranty_notes: 'Advanced exchange',
    });
  });

  it('servicenow: a Hardware list export with its labels, its states by the value table', async () => {
    const file = join(dir, 'servicenow.csv');
    writeFileSync(
      file,
      csv([
        [
          'Display name',
          'Asset tag',
          'Model category',
          'Model',
          'Serial number',
          'State',
          'Substate',
          'Assigned to',
          'Department',
          'Cost',
          'Vendor',
          'Purchased',
          'Warranty expiration',
          'Company',
          'Comments',
        ],
        [
          'SN laptop 1',
          'P1000479',
          'Hardware',
          'Latitude 7440',
          'SNOW-SN-0001',
          'In maintenance',
          '',
          'Alice Johnson',
          'Finance',
          '1599.00',
          'Dell Technologies',
          '2023-02-16',
          '2026-02-16',
          'ACME CORPORATION',
          'With dock',
        ],
      ]),
    );
    await importWithPreset(file, 'asset', 'servicenow', 1);
    expect(await find('asset', 'serial_number', 'SNOW-SN-0001')).toMatchObject({
      name: 'SN laptop 1',
      asset_tag: 'P1000479',
      category: { name: 'Hardware' },
      asset_usage_status: { name: 'In Repair' },
      asset_owner: { name: 'Alice Johnson' },
      business_unit: { name: 'Finance' },
      original_cost: 1599,
      service_start_date: '2023-02-16',
      warranty_end_date: '2026-02-16',
      asset_notes: 'With dock',
    });
  });

  it("generic-legacy: a register's short headers (Cat, Sub Cat, Dept, Vendor …)", async () => {
    const file = join(dir, 'legacy-register.csv');
    writeFileSync(
      file,
      csv([
        [
          'Asset Tag',
          'Description',
          'Serial No.',
          'Make',
          'Model',
          'Cat',
          'Sub Cat',
          'Status',
          'Owner',
          'Dept',
          'Site City',
          'Country',
          'Purchase Date',
          'Purchase Cost ($)',
          'Warranty Exp.',
          'Vendor',
          'Notes',
        ],
        [
          'LEG-0001',
          'Finance laptop',
          'LEGACY-SN-0001',
          'Dell',
          'Latitude 7440',
          'Hardware',
          'Laptop',
          'In Use',
          'Alice Johnson',
          'Finance',
          'London',
          'UK',
          '31/01/2023',
          '$1,234.50',
          '31/01/2026',
          'Dell Technologies',
          'first row',
        ],
        [
          'LEG-0002',
          'Engineering desktop',
          'LEGACY-SN-0002',
          'HP',
          'HP Z2 G9',
          'Hardware',
          'Desktop',
          'In Use',
          'bob smith',
          'Engineering',
          'Austin',
          'USA',
          '14/02/2023',
          '2899',
          '14/02/2026',
          'HP Inc.',
          '',
        ],
      ]),
    );
    await importWithPreset(file, 'asset', 'generic-legacy', 2);
    expect(await find('asset', 'serial_number', 'LEGACY-SN-0001')).toMatchObject({
      asset_tag: 'LEG-0001',
      name: 'Finance laptop',
      manufacturer: 'Dell',
      asset_hardware_model: { name: 'Latitude 7440' },
      category: { name: 'Hardware', subcategory: 'Laptop' },
      asset_usage_status: { name: 'In Use' },
      asset_owner: { name: 'Alice Johnson' },
      business_unit: { name: 'Finance' },
      city: 'London',
      country: 'United Kingdom',
      service_start_date: '2023-01-31',
      original_cost: 1234.5,
      warranty_end_date: '2026-01-31',
      attached_supplier: { name: 'Dell Technologies' },
      asset_notes: 'first row',
    });
    expect(await find('asset', 'serial_number', 'LEGACY-SN-0002')).toMatchObject({
      asset_owner: { name: 'Bob Smith' },
      category: { subcategory: 'Desktop' },
      country: 'United States',
      original_cost: 2899,
    });
  });

  // Our own export, keys changed so that the rows are new records: the round trip export → import.
  const exports: { resource: string; key: string; rename: (v: string) => string; same: string[] }[] = [
    {
      resource: 'asset',
      key: 'Serial number',
      rename: (v) => `COPY-${v}`,
      same: [
        'name',
        'asset_tag',
        'city',
        'country',
        'original_cost',
        'service_start_date',
        'warranty_end_date',
        'category',
        'asset_owner',
        'asset_usage_status',
        'template',
      ],
    },
    {
      resource: 'contract',
      key: 'Contract number',
      rename: (v) => `COPY-${v}`,
      same: [
        'contract_type',
        'name',
        'status',
        'supplier',
        'customer',
        'contract_start_date',
        'contract_end_date',
        'total_contract_spend_value',
        'expenditure_type',
        'approver',
        'signed_date',
        'template',
      ],
    },
    {
      resource: 'customer',
      key: 'Name',
      rename: (v) => `${v} (copy)`,
      same: [
        'category',
        'contact_person',
        'city',
        'country',
        'phone',
        'nda_signed',
        'nda_signed_date',
        'msa_signed',
      ],
    },
  ];
  it.each(exports.map((e) => [`assetbatch-export-${e.resource}`, e] as const))(
    '%s: an export (with --finance columns) imports back as new records',
    async (_preset, { resource, key, rename, same }) => {
      const exported = join(dir, `${resource}-export.csv`);
      const e = await runCli(['export', resource, '--finance', '-o', exported, ...sb.args]);
      expect(e.code, e.stderr).toBe(0);
      const rows = parse(readFileSync(exported), { bom: true }) as string[][];
      const keyIndex = rows[0].indexOf(key);
      const idIndex = rows[0].indexOf('ID');
      expect(keyIndex).toBeGreaterThanOrEqual(0);
      const originals = new Map<string, string>();
      // Contracts refer to contracts by number (parent contract): those stay as they are, the existing ones.
      for (const r of rows.slice(1)) {
        originals.set(rename(r[keyIndex]), r[idIndex]);
        r[keyIndex] = rename(r[keyIndex]);
      }
      const file = join(dir, `${resource}-copy.csv`);
      writeFileSync(file, csv(rows));
      await importWithPreset(file, resource, `assetbatch-export-${resource}`, rows.length - 1);
      const records = await sb.records(resource);
      const keyField = resource === 'contract' ? 'number' : resource === 'asset' ? 'serial_number' : 'name';
      for (const [copyKey, originalId] of originals) {
        const copy = records.find((x) => x[keyField] === copyKey);
        const original = records.find((x) => String(x.id) === originalId);
        expect(copy, copyKey).toBeDefined();
        expect(copy!.id).not.toBe(original!.id);
        for (const f of same) expect(copy![f], `${copyKey} ${f}`).toEqual(original![f]);
      }
    },
  );
});

describe("a preset reads a register's company column as a run without it does", () => {
  const OTHER = "company 'Acme Europe GmbH' (id 2): run again with --company 2";
  const UNKNOWN = `column "Company" → company: company 'Acme' not found; did you mean 'Acme Corporation'? (confidence 0.70; check: "Acme Europe GmbH" is as close)`;
  const cases: { preset: string; header: string[]; plan: string }[] = [
    {
      preset: 'snipe-it',
      header: ['Asset Name', 'Serial', 'Company', 'Model'],
      plan: 'Company (column "Company"): 1 row for Acme Corporation (this run); 1 row for Acme Europe GmbH (--company 2) is left for a run of their own; 1 row names no company of the account',
    },
    {
      preset: 'servicenow',
      header: ['Display name', 'Serial number', 'Company', 'Model'],
      plan: 'Company (column "Company"): 1 row for Acme Corporation (this run); 1 row for Acme Europe GmbH (--company 2) is left for a run of their own; 1 row names no company of the account',
    },
  ];
  it.each(cases)(
    "$preset: the run loads its company's row, leaves company 2's for --company 2, and a company the account lacks is invalid",
    async ({ preset, header, plan }) => {
      const file = join(dir, `${preset}-companies.csv`);
      writeFileSync(
        file,
        csv([
          header,
          ['Laptop of company 1', `${preset}-CO-1`, 'Acme Corporation', 'Latitude 7440'],
          ['Laptop of company 2', `${preset}-CO-2`, 'Acme Europe GmbH', 'Latitude 7440'],
          ['Laptop of "Acme"', `${preset}-CO-3`, 'Acme', 'Latitude 7440'],
        ]),
      );
      const outcome = async (args: string[]) => {
        const report = `${file}.${args.length ? 'preset' : 'plain'}.report.csv`;
        const r = await runCli(['validate', file, '-r', 'asset', '--report', report, ...args, ...sb.args]);
        return { r, rows: readReport(report).map((x) => [x['#status'], x['#message']]) };
      };
      const withPreset = await outcome(['--preset', preset]);
      expect(withPreset.rows).toEqual([
        ['valid', ''],
        ['skipped', OTHER],
        ['invalid', UNKNOWN],
      ]);
      expect(withPreset.r.stderr).toContain(plan);
      expect(withPreset.r.code).toBe(1);
      expect((await outcome([])).rows).toEqual(withPreset.rows);
    },
  );
});
