// mapHeaders when two columns claim one field: the better match keeps it (a name over a
// synonym, whatever the order; between equals, the first), the other is reported by name.
// A header repeated is one column: the first is used, the repeat is reported.
import { describe, expect, it } from 'vitest';
import { mapHeaders, mappingToFile, targetName } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';

describe('duplicate headers', () => {
  // The repeat of a header is one warning; a column that lost its field says why in the plan (unmapped[].why).
  const cases: [string, string[], string[], RegExp[], string | undefined][] = [
    [
      'the same header twice',
      ['Name', 'Name'],
      ['Name'],
      [/the header "Name" appears 2 times; only the first is used/],
      undefined,
    ],
    ['the same header in other case', ['Name', 'NAME'], ['Name'], [/appears 2 times/], undefined],
    [
      'a label and a synonym of one field',
      ['Serial number', 'S/N'],
      ['Serial number'],
      [],
      'it also matches Serial number (serial_number), taken by column "Serial number" (a match by name, not synonym)',
    ],
    [
      'a synonym before the name',
      ['S/N', 'Serial number'],
      ['Serial number'],
      [],
      'it also matches Serial number (serial_number), taken by column "Serial number" (a match by name, not synonym)',
    ],
  ];
  it.each(cases)('%s', (_name, headers, mapped, warnings, why) => {
    const m = mapHeaders(asset, headers);
    expect(m.columns.map((c) => c.header)).toEqual(mapped);
    expect(m.columns.every((c) => c.index === headers.indexOf(c.header))).toBe(true);
    expect(m.unmapped).toHaveLength(1);
    expect(m.unmapped[0].why).toBe(why);
    expect(m.warnings).toHaveLength(warnings.length);
    warnings.forEach((w, i) => expect(m.warnings[i]).toMatch(w));
  });

  it('the better match keeps the field, whatever the order: the label over a synonym', () => {
    const m = mapHeaders(asset, ['Notes', 'Asset notes']);
    expect(m.columns.map((c) => [c.index, targetName(c.target)])).toEqual([[1, 'asset_notes']]);
  });

  it('between equal matches, the first column keeps the field', () => {
    const m = mapHeaders(asset, ['Category ID', 'Category']);
    expect(m.columns.map((c) => [c.index, targetName(c.target)])).toEqual([[0, 'category.id']]);
  });

  it('Type beside Category: Category takes the category, Type is reported', () => {
    const m = mapHeaders(asset, ['Type', 'Category']);
    expect(m.columns.map((c) => [c.header, targetName(c.target)])).toEqual([['Category', 'category.id']]);
    expect(m.unmapped).toEqual([
      {
        index: 0,
        header: 'Type',
        suggestion: undefined,
        why: 'it also matches Category (category.id), taken by column "Category" (a match by name, not synonym)',
      },
    ]);
  });

  it("mapping suggest writes a repeated header once, with its first column's field, and reading it back keeps the first column", () => {
    const headers = ['Name', 'Category', 'Category'];
    const file = mappingToFile(asset, mapHeaders(asset, headers));
    expect(file.columns).toEqual({ Name: 'name', Category: 'category' });
    const again = mapHeaders(asset, headers, { mappingFile: file });
    expect(again.columns.map((c) => [c.index, targetName(c.target)])).toEqual([
      [0, 'name'],
      [1, 'category.id'],
    ]);
  });

  it('offline, a column that maps to nothing is left out of the file (a custom field may take it later), not written as null', () => {
    const m = mapHeaders(asset, ['Name', 'Cost Centre']);
    expect(mappingToFile(asset, m, {}, { customChecked: false }).columns).toEqual({ Name: 'name' });
    expect(mappingToFile(asset, m, {}, { customChecked: true }).columns).toEqual({
      Name: 'name',
      'Cost Centre': null,
    });
  });
});
