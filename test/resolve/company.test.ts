// A row's company from a register's company column: the run's, another's, or none of the account's.
import { describe, expect, it } from 'vitest';
import { Resolver } from '../../src/resolve/lookups.js';
import { rowCompany } from '../../src/resolve/company.js';

function companies(): Resolver {
  const resolver = new Resolver(undefined, { company: 1 });
  const idx = resolver.index('company');
  idx.add({ id: 1, name: 'Acme Corporation' });
  idx.add({ id: 2, name: 'Acme Europe GmbH' });
  idx.complete = true;
  return resolver;
}

const cases: { cell: string; run: number; want: ReturnType<typeof rowCompany> }[] = [
  { cell: 'Acme Corporation', run: 1, want: { kind: 'run' } },
  { cell: '  ACME   corporation ', run: 1, want: { kind: 'run' } },
  { cell: '', run: 1, want: { kind: 'run', empty: true } },
  { cell: '1', run: 1, want: { kind: 'run' } },
  { cell: 'Acme Europe GmbH', run: 1, want: { kind: 'other', id: 2, name: 'Acme Europe GmbH' } },
  { cell: '2', run: 1, want: { kind: 'other', id: 2, name: 'Acme Europe GmbH' } },
  { cell: 'Acme Corporation', run: 2, want: { kind: 'other', id: 1, name: 'Acme Corporation' } },
  {
    cell: 'Acme Corporatoin',
    run: 1,
    want: {
      kind: 'unknown',
      message: "company 'Acme Corporatoin' not found; did you mean 'Acme Corporation'?",
    },
  },
  {
    cell: 'Globex',
    run: 1,
    want: {
      kind: 'unknown',
      message: "company 'Globex' not found; the account's companies: Acme Corporation, Acme Europe GmbH",
    },
  },
  {
    cell: '7',
    run: 1,
    want: {
      kind: 'unknown',
      message: "company id 7 not found; the account's companies: 1 (Acme Corporation), 2 (Acme Europe GmbH)",
    },
  },
];

describe('rowCompany', () => {
  it.each(cases)('"$cell" in a run of company $run', ({ cell, run, want }) => {
    expect(rowCompany(companies(), cell, run)).toEqual(want);
  });
});
