// The mapping judged by the service's lists, through the real CLI against the sandbox over
// HTTP: a column whose values are the account's names for a lookup takes that field from a
// column whose header alone named it, the loser is reported by name, and each list is read
// once (the lists the run reads anyway: those of the lookup fields the headers mapped).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useSandbox } from '../e2e/cli.js';
import { LOOKUP_LIST } from '../../src/resources/index.js';
import type { LookupKind } from '../../src/resources/fields.js';

const env = useSandbox();
// Asset Type: free text; Type: the sandbox's categories; Site: its business units; Department: codes no list holds.
const FILE = 'test/fixtures/mapping/type-and-site.csv';

const listGets = (stats: { requests: Record<string, number> }, kind: LookupKind) =>
  stats.requests[`GET /api/v2/${LOOKUP_LIST[kind].path}/`] ?? 0;
/** Every GET of a lookup list, whichever. */
const allListGets = (stats: { requests: Record<string, number> }) =>
  (Object.keys(LOOKUP_LIST) as LookupKind[]).reduce((n, k) => n + listGets(stats, k), 0);

describe("a column is judged by the service's lists", () => {
  it('validate: "Type" (categories) wins the category over "Asset Type" (free text), "Site" (business units) the business unit over "Department" (codes); each list read once', async () => {
    await env.sb.resetStats();
    // --refresh-lookups: a list cached on disk by another test's sandbox on the same port would answer without a request.
    const res = await runCli([
      'validate',
      FILE,
      '-r',
      'asset',
      '--refresh-lookups',
      '--report',
      join(env.dir, 'type-and-site.report.csv'),
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    const out = res.stdout + res.stderr;
    expect(out).toContain('"Type" → category.id');
    expect(out).toContain('"Site" → business_unit (by its values)');
    expect(out).toContain(
      'column "Asset Type" is not imported (it also matches Category (category.id), taken by column "Type"; none of its values are in the service\'s category list',
    );
    expect(out).toContain(
      'column "Department" is not imported (it also matches Business unit (business_unit), taken by column "Site" (a match by values, not synonym); none of its values are in the service\'s business unit list',
    );
    expect(out).toContain(
      'column "Site" holds "Finance", "Sales", "Legal": they are names in the service\'s business unit list: read as Business unit (business_unit)',
    );
    const stats = await env.sb.stats();
    expect([listGets(stats, 'category'), listGets(stats, 'business_unit')]).toEqual([1, 1]);
    expect(allListGets(stats)).toBe(2);
  });

  it('a lookup column no row fills costs no request: its list is not read to judge it', async () => {
    const file = join(env.dir, 'blank-lookups.csv');
    // Supplier and Owner are lists read whole (no name filter): judging them would cost every page.
    writeFileSync(file, 'Name,Serial Number,Supplier,Owner\nDesk,SN-BL-1,,\nChair,SN-BL-2,,\n');
    await env.sb.resetStats();
    const res = await runCli([
      'validate',
      file,
      '-r',
      'asset',
      '--refresh-lookups',
      '--report',
      join(env.dir, 'blank-lookups.report.csv'),
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(0);
    expect(allListGets(await env.sb.stats())).toBe(0);
  });

  it('mapping suggest writes the same mapping, and says why the losers are left out', async () => {
    const res = await runCli(['mapping', 'suggest', FILE, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).columns).toEqual({
      'Asset Name': 'name',
      Type: 'category',
      Site: 'business_unit',
      'Serial Number': 'serial_number',
      'Asset Type': null,
      Department: null,
    });
    expect(res.stderr).toContain(
      'column "Asset Type" maps to nothing (null in the file): it also matches Category (category.id), taken by column "Type"',
    );
    expect(res.stderr).toContain(
      'column "Department" maps to nothing (null in the file): it also matches Business unit (business_unit), taken by column "Site"',
    );
  });

  it('a country named in another language is in the country list: no false "none of its values" on the loser', async () => {
    const file = join(env.dir, 'nation.csv');
    writeFileSync(
      file,
      'Asset Name,Serial Number,Country,Nation\nDesk,SN-N-1,Germany,Deutschland\nChair,SN-N-2,Austria,Österreich\nLamp,SN-N-3,France,Frankreich\n',
    );
    const res = await runCli(['mapping', 'suggest', file, '-r', 'asset', ...env.sb.args]);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).columns).toMatchObject({ Country: 'country', Nation: null });
    expect(res.stderr).toContain(
      'column "Nation" maps to nothing (null in the file): it also matches Country (country), taken by column "Country" (a match by name, not synonym)',
    );
    expect(res.stderr).not.toContain('country list');
  });

  it('offline, the headers decide as before', async () => {
    const res = await runCli(['mapping', 'suggest', FILE, '-r', 'asset']);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).columns).toEqual({
      'Asset Name': 'name',
      'Asset Type': 'category',
      Site: 'location_description',
      Department: 'business_unit',
      'Serial Number': 'serial_number',
    });
  });
});
