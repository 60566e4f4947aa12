// exportAll: one workbook (or JSON document, or NDJSON stream) for every list, or one
// file per list with {resource}; record counts equal the service's for each list.
import { join } from 'node:path';
import { readFile, readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { fetchPage } from '../../src/api/paginate.js';
import { exportAll } from '../../src/export/export.js';
import { RESOURCES, humanize } from '../../src/resources/index.js';
import { startSizedSandbox, type SizedSandbox } from './fixture.js';
import { cellValue } from './readback.js';

describe('exportAll', () => {
  let sb: SizedSandbox;
  const counts = new Map<string, number>();
  beforeAll(async () => {
    sb = await startSizedSandbox(27);
    for (const def of RESOURCES)
      counts.set(def.name, (await fetchPage(sb.client, def, { company: 1 })).count);
  }, 60_000);
  afterAll(() => sb?.close());

  it("xlsx: a sheet per list in the documentation's order, then About with the counts", async () => {
    const file = join(sb.dir, 'snapshot.xlsx');
    const result = await exportAll({
      client: sb.client,
      output: file,
      now: new Date('2025-05-06T07:08:09Z'),
    });
    expect(result.file).toBe(file);
    expect(result.lists.map((l) => [l.resource, l.records])).toEqual(
      RESOURCES.map((r) => [r.name, counts.get(r.name)]),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual([...RESOURCES.map((r) => humanize(r.plural)), 'About']);
    for (const def of RESOURCES)
      expect(wb.getWorksheet(humanize(def.plural))!.rowCount - 1).toBe(counts.get(def.name));
    const about = wb.getWorksheet('About')!;
    expect(cellValue(about.getCell('B2'))).toBe(sb.sandbox.url);
    expect(about.getCell('B4').value).toEqual(new Date('2025-05-06T07:08:09Z'));
  });

  it('json: one object of arrays keyed by list, with "about"', async () => {
    const file = join(sb.dir, 'snapshot.json');
    await exportAll({ client: sb.client, output: file });
    const doc = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown[]> & {
      about: { lists: { resource: string; records: number }[] };
    };
    for (const def of RESOURCES) expect(doc[def.name]).toHaveLength(counts.get(def.name)!);
    expect(doc.about.lists.find((l) => l.resource === 'asset')?.records).toBe(27);
  });

  it('ndjson: every record a line, tagged with its list', async () => {
    const file = join(sb.dir, 'snapshot.ndjson');
    const result = await exportAll({ client: sb.client, output: file, resources: ['supplier', 'asset'] });
    const lines = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { _resource: string });
    expect(lines.filter((l) => l._resource === 'asset')).toHaveLength(27);
    expect(result.records).toBe(54);
  });

  it('{resource} in the path: one CSV per list', async () => {
    const result = await exportAll({
      client: sb.client,
      output: join(sb.dir, 'each', '{resource}.csv'),
      resources: ['category', 'customer', 'company'],
    });
    expect((await readdir(join(sb.dir, 'each'))).sort()).toEqual([
      'category.csv',
      'company.csv',
      'customer.csv',
    ]);
    expect(result.files).toHaveLength(3);
  });

  it('csv without {resource}: a usage error, nothing written', async () => {
    await expect(
      exportAll({ client: sb.client, output: join(sb.dir, 'none', 'all.csv') }),
    ).rejects.toMatchObject({ code: 'E_USAGE' });
  });
});
