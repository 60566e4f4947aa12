// End to end against the sandbox over HTTP: for every list and several sizes, the export's
// record count equals the service's `count`, and CSV, XLSX and JSON read back equal the
// records fetched through the API, field by field.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, listArray } from '../../src/api/paginate.js';
import { exportColumns, exportResource } from '../../src/export/export.js';
import { RESOURCES, customFieldTemplate, type CustomTemplate } from '../../src/resources/index.js';
import type { EnumValue } from '../../src/resources/fields.js';
import { startSizedSandbox, type SizedSandbox } from './fixture.js';
import {
  expectCsvCell,
  expectJsonValue,
  expectXlsxCell,
  rawValue,
  readCsv,
  readJson,
  readXlsx,
} from './readback.js';

// None, one, a page (25), a page and one, and more pages than the export fetches at once (4):
// six pages, the last of five.
const SIZES = [0, 1, 25, 26, 130];
/** The lists the sized sandbox leaves as seeded (test/export/fixture.ts): the same at every size, checked once. */
const UNSIZED = new Set(['company', 'country']);

/** An enumeration's value as the export shows it: the definition's label for its code. */
const shown = (raw: unknown, values?: readonly EnumValue[]): unknown =>
  values && typeof raw === 'string' ? (values.find((v) => v.value === raw)?.label ?? raw) : raw;

describe.each(SIZES)('%i records of every list', (n) => {
  let sb: SizedSandbox;
  let templates: CustomTemplate[];
  beforeAll(async () => {
    sb = await startSizedSandbox(n);
    templates = await listArray<CustomTemplate>(sb.client, customFieldTemplate, { company: 1 });
  }, 120_000);
  afterAll(() => sb?.close());

  it.each(RESOURCES.filter((r) => n === SIZES[0] || !UNSIZED.has(r.name)).map((r) => [r.name, r] as const))(
    '%s: count, CSV, XLSX and JSON equal the API',
    async (name, def) => {
      const { count } = await fetchPage(sb.client, def, { company: 1 });
      const records = await listArray<Record<string, unknown>>(sb.client, def, { company: 1 });
      expect(records.length).toBe(count);
      const columns = exportColumns(def, templates);

      for (const format of ['csv', 'xlsx', 'json'] as const) {
        const file = join(sb.dir, `${name}-${n}.${format}`);
        const result = await exportResource({ client: sb.client, resource: name, company: 1, output: file });
        expect(result.count).toBe(count);
        expect(result.records).toBe(count);
        expect(result.format).toBe(format);
        expect(result.columns).toEqual(columns.map((c) => c.label));
        const table =
          format === 'csv'
            ? await readCsv(file)
            : format === 'xlsx'
              ? await readXlsx(file)
              : await readJson(file);
        expect(table.rows.length).toBe(count);
        if (format !== 'json' || count > 0) expect(table.header).toEqual(result.columns);
        records.forEach((rec, r) => {
          columns.forEach((col, c) => {
            const where = `${format} ${name} row ${r + 2} "${col.label}"`;
            const raw = shown(rawValue(rec, col.key), def.columns.find((d) => d.path === col.key)?.values);
            if (format === 'csv') expectCsvCell(table.rows[r][c] as string, raw, col, where);
            else if (format === 'xlsx')
              expectXlsxCell(table.rows[r][c], table.types?.[r][c], raw, col, where);
            else expectJsonValue(table.rows[r][c], raw, col, where);
          });
        });
      }
    },
    60_000,
  );
});
