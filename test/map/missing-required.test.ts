// missingRequired: required fields (on create) that no column and no default gives.
import { describe, expect, it } from 'vitest';
import { mapHeaders, missingRequired, type MappingFile } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';
import { contract } from '../../src/resources/contract.js';
import type { ResourceDef } from '../../src/resources/fields.js';

describe('missingRequired', () => {
  const cases: [string, ResourceDef, string[], MappingFile | undefined, 'create' | 'update', string[]][] = [
    ['an asset sheet without a name column', asset, ['Serial number'], undefined, 'create', ['name']],
    ['an asset sheet with a name column', asset, ['Name'], undefined, 'create', []],
    ['a name given as a default', asset, ['Serial number'], { defaults: { name: 'Unnamed' } }, 'create', []],
    ['nothing is required on update', asset, ['Serial number'], undefined, 'update', []],
    [
      'a contract sheet with only a name',
      contract,
      ['Name'],
      undefined,
      'create',
      [
        'contract_type',
        'number',
        'country',
        'status',
        'contract_start_date',
        'contract_end_date',
        'total_contract_spend_value',
      ],
    ],
    [
      'a contract default by label',
      contract,
      ['Name', 'Contract number', 'Country', 'Start date', 'End date', 'Total contract value'],
      { defaults: { 'Contract type': 'buy_side', status: 'active' } },
      'create',
      [],
    ],
  ];
  it.each(cases)('%s', (_name, def, headers, file, mode, want) => {
    const m = mapHeaders(def, headers, { mappingFile: file, mode });
    expect(missingRequired(def, m, mode).map((f) => f.name)).toEqual(want);
  });
});
