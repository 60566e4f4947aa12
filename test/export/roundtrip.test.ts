// An export can be fed back to the import: the import's reader reads the file, and its
// header mapping for update maps every exported column of a writable list to a field by
// name (the ID column to the record key; create-only fields aside) — no mapping file needed.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listArray } from '../../src/api/paginate.js';
import { exportResource } from '../../src/export/export.js';
import { mapHeaders } from '../../src/map/headers.js';
import { openSheet } from '../../src/read/index.js';
import {
  customFieldTemplate,
  customFormTemplate,
  findResource,
  type CustomTemplate,
} from '../../src/resources/index.js';
import { startSizedSandbox, type SizedSandbox } from './fixture.js';

describe('export → import round trip', () => {
  let sb: SizedSandbox;
  let custom: { fieldTemplates: CustomTemplate[]; formTemplates: CustomTemplate[] };
  beforeAll(async () => {
    sb = await startSizedSandbox(12);
    custom = {
      fieldTemplates: await listArray<CustomTemplate>(sb.client, customFieldTemplate, { company: 1 }),
      formTemplates: await listArray<CustomTemplate>(sb.client, customFormTemplate, { company: 1 }),
    };
  }, 60_000);
  afterAll(() => sb?.close());

  const CASES = ['asset', 'contract', 'customer', 'asset-owner'].flatMap((r) =>
    (['csv', 'xlsx'] as const).map((f) => [r, f] as const),
  );

  it.each(CASES)('%s as %s: read by the import, every column mapped by name', async (resource, format) => {
    const file = join(sb.dir, `roundtrip-${resource}.${format}`);
    const result = await exportResource({ client: sb.client, resource, output: file });
    const sheet = await openSheet(file);
    let rows = 0;
    for await (const _row of sheet.rows) rows++;
    expect(sheet.headers).toEqual(result.columns);
    expect(rows).toBe(result.records);
    // For update, the ID column is the record key; fields a create alone may carry are
    // recognised as such (noted once in the plan), not left as unknown columns.
    const def = findResource(resource)!;
    const mapping = mapHeaders(def, sheet.headers, { custom, mode: 'update' });
    const createOnly = def.fields.filter((f) => f.createOnly).map((f) => f.label);
    expect(mapping.unmapped.map((u) => u.header)).toEqual([]);
    expect((mapping.createOnly ?? []).map((c) => c.header)).toEqual(createOnly);
    expect(mapping.columns.find((c) => c.header === 'ID')?.target.kind).toBe('id');
    expect(
      mapping.columns
        .filter((c) => c.how !== 'name' && c.how !== 'custom field')
        .map((c) => `${c.header}: ${c.how}`),
    ).toEqual([]);
  });
});
