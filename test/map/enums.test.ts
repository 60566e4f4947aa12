// coerceEnum: an enum cell by its value or its label, ignoring case, spaces and punctuation.
import { describe, expect, it } from 'vitest';
import { coerceEnum } from '../../src/map/coerce.js';
import { fieldByName } from '../../src/resources/fields.js';
import { asset } from '../../src/resources/asset.js';

const warrantyType = fieldByName(asset, 'warranty_type')!;
const depreciation = fieldByName(asset, 'depreciation_schedule')!;

describe('coerceEnum', () => {
  const cases: [string, typeof warrantyType, string, string][] = [
    ['by value', warrantyType, 'oem_extended', 'oem_extended'],
    ['by label', warrantyType, 'OEM extended', 'oem_extended'],
    ['by label in other case', warrantyType, 'oem EXTENDED', 'oem_extended'],
    ['by value in capitals', warrantyType, 'THIRD_PARTY', 'third_party'],
    ['by label with spaces for underscores', warrantyType, 'third party', 'third_party'],
    ['by a label with punctuation', depreciation, '3 years, 33%', '3_year_33_percent'],
    ['surrounding spaces', warrantyType, '  none ', 'none'],
  ];
  it.each(cases)('%s', (_name, field, cell, value) => {
    expect(coerceEnum(cell, field)).toEqual({ value });
  });

  it('refuses an unknown value, listing the labels quoted', () => {
    expect(coerceEnum('platinum', warrantyType).problem).toBe(
      `"platinum" is not one of: ${warrantyType.values!.map((v) => `"${v.label}"`).join(', ')}`,
    );
  });

  it('offers the nearest label for a near miss', () => {
    expect(coerceEnum('third prty', warrantyType).problem).toMatch(/; did you mean "Third party"\?$/);
  });
});
