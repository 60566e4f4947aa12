// The sure pass beside each write-schema key (fields.ts valueAccepts) skips zod for values
// it passes, so it must never pass a value the schema refuses: checked here for every key
// of every writable resource, in both modes, over values at and across each limit. It must
// also pass the ordinary valid values, or it saves nothing.
import { describe, expect, it } from 'vitest';
import {
  WRITABLE,
  findResource,
  validateWriteBody,
  writeKeyChecks,
  type FieldDef,
  type ResourceDef,
  type WriteMode,
} from '../../src/resources/index.js';

const writable: ResourceDef[] = WRITABLE.map((n) => findResource(n)!);

/** Values at and around a field's limits, and of every other kind. */
function probes(f: FieldDef | undefined): unknown[] {
  const max = f?.maxLength ?? 50;
  const values = (f?.values ?? []).flatMap((v) => [v.value, v.label, v.value.toUpperCase(), ` ${v.value}`]);
  const lo = f?.min ?? 0;
  const hi = f?.max ?? 999_999_999.99;
  return [
    undefined,
    null,
    '',
    ' ',
    'x'.repeat(max),
    'x'.repeat(max + 1),
    'é'.repeat(max),
    '😀'.repeat(Math.ceil(max / 2)),
    '😀'.repeat(max),
    'Laptop 0001',
    'a@b.co',
    'a@b',
    ' a@b.co',
    'a b@c.de',
    '2024-02-29',
    '2023-02-29',
    '2024-13-01',
    '2024-1-01',
    '2024-01-01T00:00:00Z',
    ' 2024-01-01',
    '12',
    '12.5',
    '12.345',
    '-1',
    '1e3',
    '0x10',
    ' 12',
    '12.',
    '.5',
    '1000000000',
    '999999999.99',
    0,
    -0,
    1,
    -1,
    1.5,
    1.005,
    0.1 + 0.2,
    12.34,
    12.345,
    1e-7,
    lo,
    lo - 0.01,
    lo - 1,
    hi,
    hi + 0.01,
    hi + 1,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_VALUE,
    NaN,
    Infinity,
    -Infinity,
    true,
    false,
    'true',
    ...values,
    {},
    { id: 1 },
    { id: 1, subcategory: 'Laptop' },
    { id: 1, subcategory: 'x'.repeat(51) },
    { id: '1' },
    { id: 1.5 },
    { id: 1, extra: 'dropped' },
    { email: 'a@b.co', name: 'A' },
    { email: 'nope' },
    [],
    [1],
    new Date('2024-01-01'),
    Object.create(null),
  ];
}

const cases = writable.flatMap((def) =>
  (['create', 'update'] as WriteMode[]).flatMap((mode) =>
    [...writeKeyChecks(def, mode)].map(([key, c]) => ({
      name: `${def.name} ${mode} ${key}`,
      def,
      key,
      mode,
      ...c,
    })),
  ),
);

describe('a key’s sure pass never passes what its schema refuses', () => {
  it('covers the definitions’ fields', () => {
    // Every key made from the definition has one; only the extras (company, custom fields) may not.
    const without = cases.filter((c) => !c.accepts).map((c) => c.key);
    expect(new Set(without)).toEqual(new Set(['company', 'template', 'form_template']));
  });

  it.each(cases.filter((c) => c.accepts))('$name', ({ def, key, schema, accepts }) => {
    const field =
      def.fields.find((f) => f.name === key) ?? def.fields.find((f) => f.name.startsWith(`${key}.`));
    const passedWrongly = probes(field).filter((v) => accepts!(v) && !schema.safeParse(v).success);
    expect(passedWrongly).toEqual([]);
  });
});

describe('the sure pass passes the values a valid row has', () => {
  // A valid body of each resource: every value in it passes without zod.
  const bodies: Record<string, Record<string, unknown>> = {
    asset: {
      name: 'Laptop 0001',
      serial_number: 'SN-1',
      category: { id: 3, subcategory: 'Laptop' },
      country: 840,
      original_cost: 1243.02,
      service_start_date: '2020-11-27',
      warranty_status: 'none',
    },
    contract: {
      contract_type: 'buy_side',
      name: 'Lease',
      number: 'C-1',
      country: 840,
      status: 'active',
      category: { id: 2 },
      supplier: 7,
      contract_start_date: '2024-01-01',
      contract_end_date: '2025-01-01',
      total_contract_spend_value: '1200.50',
    },
    customer: { name: 'Acme', contact_person: { type: 'billing', name: 'Ann Lee', email: 'a@acme.test' } },
    'asset-owner': { name: 'Ada Lovelace' },
  };
  it.each(writable.map((def) => [def.name, def] as const))('%s', (name, def) => {
    const body = bodies[name];
    expect(validateWriteBody(def, { company: 1, ...body }, 'create', 'user').issues).toEqual([]);
    const checks = writeKeyChecks(def, 'create');
    const notPassed = Object.entries(body).filter(([k, v]) => !checks.get(k)?.accepts?.(v));
    expect(notPassed).toEqual([]);
  });
});
