// A value table on a field the mapping file builds (issue 26): the part of the tag that says
// what a thing is ("LON-NB-0001" → "NB") is cut out by `fields`, then `values` under
// "fields.category" translates it, as it would a column's cell; a target the service lacks,
// or a table for a field the file does not build, stops the run before any row (exit 2).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWrites, readReport, runCli, useSandbox } from './cli.js';

const env = useSandbox();

const SHEET = [
  'Name,Serial number,Tag',
  'Built laptop 1,BV-0001,LON-NB-0001',
  'Built desktop 1,BV-0002,LON-dt-0002',
  'Built spare 1,BV-0003,LON-XX-0003',
  'Built odd 1,BV-0004,LON-ZZ-0004',
  '',
].join('\n');

function files(name: string, values: object): { sheet: string; mapping: string } {
  const sheet = join(env.dir, `${name}.csv`);
  writeFileSync(sheet, SHEET);
  const mapping = join(env.dir, `${name}.json`);
  writeFileSync(
    mapping,
    JSON.stringify({
      resource: 'asset',
      columns: { Tag: 'asset_tag' },
      fields: { category: { column: 'Tag', split: '-', part: 2 } },
      values,
    }),
  );
  return { sheet, mapping };
}

describe('a value table on a built field', () => {
  it('translates what the field builds: a listed value, another case, one mapped to empty (said on the row), one not listed (read as it is)', async () => {
    const { sheet, mapping } = files('built-values', {
      'fields.category': { NB: 'Hardware / Laptop', DT: 'Hardware / Desktop', XX: '' },
    });
    const report = join(env.dir, 'built-values.report.csv');
    const res = await runCli([
      'import',
      sheet,
      '-r',
      'asset',
      '--mapping',
      mapping,
      '--report',
      report,
      ...env.sb.args,
    ]);
    expect(res.code, res.stderr).toBe(1);
    expect(
      readReport(report).map((r) => [r['Serial number'], r['#status'], r['#message'] || r['#warnings']]),
    ).toEqual([
      ['BV-0001', 'created', ''],
      ['BV-0002', 'created', ''],
      [
        'BV-0003',
        'created',
        'column "Tag" → category.id: "XX" is left out (the value table maps it to empty)',
      ],
      ['BV-0004', 'invalid', expect.stringContaining("category 'ZZ' not found")],
    ]);
    // Rows are sent side by side, so the service's order of creation is not the sheet's.
    const assets = (await env.sb.records('asset'))
      .filter((a) => String(a.serial_number).startsWith('BV-'))
      .sort((a, b) => String(a.serial_number).localeCompare(String(b.serial_number)));
    expect(
      assets.map((a) => [a.serial_number, a.category?.name ?? null, a.category?.subcategory ?? null]),
    ).toEqual([
      ['BV-0001', 'Hardware', 'Laptop'],
      ['BV-0002', 'Hardware', 'Desktop'],
      ['BV-0003', null, null],
    ]);
  });

  it.each([
    {
      what: 'a target the service lacks',
      values: { 'fields.category': { NB: 'Hardwear' } },
      message:
        'the value table of the field the file builds for category.id maps a value to "Hardwear": category \'Hardwear\' not found',
    },
    {
      what: 'a table for a field the file does not build',
      values: { 'fields.name': { NB: 'x' } },
      message: 'values."fields.name": the mapping file builds no field "name"',
    },
  ])('$what: exit 2, nothing written', async ({ values, message }) => {
    const { sheet, mapping } = files(`refused-${Object.keys(values)[0]}`, values);
    await env.sb.resetStats();
    const res = await runCli(['import', sheet, '-r', 'asset', '--mapping', mapping, ...env.sb.args]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(message);
    expect(countWrites(await env.sb.stats())).toBe(0);
  });

  it('a table for a column the sheet lacks is said, not silently dropped', async () => {
    const { sheet, mapping } = files('absent-table', {
      'fields.category': { NB: 'Hardware / Laptop' },
      Vendor: { Dell: 'Dell Technologies' },
    });
    const res = await runCli(['validate', sheet, '-r', 'asset', '--mapping', mapping, ...env.sb.args]);
    expect(res.stderr).toContain(
      'warning: the mapping file has value tables for a column the sheet does not have, which are not used: "Vendor"',
    );
  });
});
