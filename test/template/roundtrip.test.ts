// A filled template imports with no mapping file and no warnings: generate it, fill rows
// (the example row and one more), import into the sandbox, and read the records back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Connection } from '../../src/connect.js';
import { listArray } from '../../src/api/paginate.js';
import { findResource } from '../../src/resources/index.js';
import type { ConnectionConfig } from '../../src/config.js';
import { importSpreadsheet, updateSpreadsheet } from '../../src/run/import.js';
import type { RowOutcome } from '../../src/report/report.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { buildTemplate, templateCsv } from '../../src/template/template.js';

let sandbox: Sandbox;
let conn: Connection;
let dir: string;
let config: ConnectionConfig;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: 0 });
  config = {
    baseUrl: sandbox.url,
    token: sandbox.token,
    sandbox: false,
    company: 1,
    rateLimit: 0,
    allowInsecureHttp: false,
  };
  conn = await connect(config);
  dir = await mkdtemp(join(tmpdir(), 'assetbatch-roundtrip-'));
});
afterAll(async () => {
  await conn.close();
  await sandbox.close();
});

interface Case {
  resource: 'asset' | 'contract' | 'customer' | 'asset-owner';
  /** Header of the column that tells the second row apart, and its value there. */
  key: [string, string];
  /** What the second row's record must hold. */
  expected: Record<string, unknown>;
}

const cases: Case[] = [
  {
    resource: 'asset',
    key: ['Serial number', 'SN-ROUNDTRIP-0002'],
    expected: {
      name: 'Finance laptop - Alice Johnson',
      original_cost: 1234.5,
      service_start_date: '2024-01-15',
      warranty_status: 'within_warranty',
      depreciation_schedule: '3_year_33_percent',
    },
  },
  {
    resource: 'contract',
    key: ['Contract number', 'CT-ROUNDTRIP-002'],
    expected: {
      name: 'Dell laptop supply 2024',
      contract_type: 'buy_side',
      contract_start_date: '2024-01-01',
      payment_terms: 'net_30',
    },
  },
  {
    resource: 'customer',
    key: ['Name', 'Roundtrip Traders'],
    expected: { name: 'Roundtrip Traders', city: 'Denver', nda_signed: true, nda_signed_date: '2024-01-10' },
  },
];

async function filledXlsx(c: Case): Promise<string> {
  const wb = await buildTemplate(c.resource);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v));
  const example = ws.getRow(2);
  const next = ws.getRow(3);
  example.eachCell((cell, col) => (next.getCell(col).value = cell.value));
  next.getCell(headers.indexOf(c.key[0])).value = c.key[1];
  const file = join(dir, `${c.resource}.xlsx`);
  await wb.xlsx.writeFile(file);
  return file;
}

async function filledCsv(c: Case): Promise<string> {
  const [head, example] = templateCsv(c.resource)
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  // The example row has no quoted commas in the key columns we change.
  const cells = example.split(',');
  const i = head.split(',').indexOf(c.key[0]);
  const original = cells[i];
  cells[i] = c.key[1];
  const file = join(dir, `${c.resource}.csv`);
  await writeFile(
    file,
    `\uFEFF${head}\n${example.replace(original, `${original}-CSV`)}\n${cells.join(',')}\n`,
  );
  return file;
}

describe.each([
  ['csv', filledCsv],
  ['xlsx', filledXlsx],
] as const)('a filled %s template', (format, fill) => {
  it.each(cases.map((c) => [c.resource, c] as const))(
    '%s: every row created, no warnings, values as written',
    async (_name, c) => {
      const second: Case = { ...c, key: [c.key[0], `${c.key[1]}-${format}`] };
      const file = await fill(second);
      const outcomes: RowOutcome[] = [];
      const summary = await importSpreadsheet({
        file,
        resource: c.resource,
        connection: config,
        connectionOverride: conn,
        reportPath: `${file}.report.json`,
        lookupCacheDir: join(dir, 'cache'),
        onRow: (o) => outcomes.push(o),
      });
      // The xlsx keeps the example row as it is: it is skipped with a note; the csv's has its key changed, so it is a record.
      expect(outcomes.map((o) => [o.row, o.status, o.issues])).toEqual([
        [2, format === 'xlsx' ? 'skipped' : 'created', []],
        [3, 'created', []],
      ]);
      if (format === 'xlsx')
        expect(outcomes[0].note).toBe(
          "the template's example row (its key is the example's): skipped; replace it with a real row or delete it",
        );
      expect(summary.warnings).toEqual([]);
      expect(outcomes.flatMap((o) => o.warnings)).toEqual([]);
      const records = await listArray<Record<string, unknown>>(conn.client, findResource(c.resource)!, {
        company: 1,
      });
      const record = records.find((r) => r.id === outcomes[1].id);
      expect(record).toMatchObject(
        c.resource === 'customer' ? { ...c.expected, name: second.key[1] } : c.expected,
      );
    },
  );
});

describe('a filled asset-owner template (update only)', () => {
  it('updates the owner named by the ID column, with no warnings', async () => {
    const file = join(dir, 'asset-owner.csv');
    await writeFile(file, templateCsv('asset-owner').replace('+1 212 555 0101', '+1 212 555 0199'));
    const outcomes: RowOutcome[] = [];
    const summary = await updateSpreadsheet({
      file,
      resource: 'asset-owner',
      connection: config,
      connectionOverride: conn,
      reportPath: `${file}.report.json`,
      lookupCacheDir: join(dir, 'cache'),
      onRow: (o) => outcomes.push(o),
    });
    expect(outcomes.map((o) => [o.row, o.status, o.id, o.issues, o.warnings])).toEqual([
      [2, 'updated', 1, [], []],
    ]);
    expect(summary.warnings).toEqual([]);
    const owners = await listArray<Record<string, unknown>>(conn.client, findResource('asset-owner')!, {
      company: 1,
    });
    expect(owners.find((o) => o.id === 1)).toMatchObject({
      name: 'Alice Johnson',
      email: 'alice.johnson@acme.example',
      phone: '+1 212 555 0199',
    });
  });
});
