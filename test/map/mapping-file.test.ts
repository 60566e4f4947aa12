// mapHeaders with a mapping file: it wins over automatic matching, may ignore columns,
// warns about columns not in the sheet, and refuses unknown targets with the field list.
import { describe, expect, it } from 'vitest';
import { AssetbatchError } from '../../src/errors.js';
import { mapHeaders, mappingToFile, targetName, type MappingFile } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';

const targets = (headers: string[], file: MappingFile) =>
  Object.fromEntries(
    mapHeaders(asset, headers, { mappingFile: file }).columns.map((c) => [
      c.header,
      `${targetName(c.target)} (${c.how})`,
    ]),
  );

describe('a mapping file maps columns', () => {
  const cases: [string, string[], MappingFile, Record<string, string>][] = [
    ['by field name', ['Ref'], { columns: { Ref: 'asset_tag' } }, { Ref: 'asset_tag (mapping file)' }],
    ['by label', ['Ref'], { columns: { Ref: 'Asset tag' } }, { Ref: 'asset_tag (mapping file)' }],
    [
      'a lookup without .id',
      ['Kind'],
      { columns: { Kind: 'category' } },
      { Kind: 'category.id (mapping file)' },
    ],
    [
      'hardware_model to its id',
      ['Model'],
      { columns: { Model: 'hardware_model' } },
      { Model: 'asset_hardware_model.id (mapping file)' },
    ],
    [
      'a header matched loosely',
      ['Serial No.'],
      { columns: { 'serial no': 'pseudo_number' } },
      { 'Serial No.': 'pseudo_number (mapping file)' },
    ],
    [
      'over an automatic match of another column',
      ['Serial number', 'Old serial'],
      { columns: { 'Old serial': 'serial_number' } },
      { 'Old serial': 'serial_number (mapping file)' },
    ],
    ['null ignores a column', ['Name', 'Notes'], { columns: { Notes: null } }, { Name: 'name (name)' }],
    [
      '"ignore" ignores a column',
      ['Name', 'Notes'],
      { columns: { Notes: 'ignore' } },
      { Name: 'name (name)' },
    ],
  ];
  it.each(cases)('%s', (_name, headers, file, want) => {
    expect(targets(headers, file)).toEqual(want);
  });
});

describe('mapping file problems', () => {
  it('columns not in the sheet are one warning naming them', () => {
    const m = mapHeaders(asset, ['Name'], {
      mappingFile: { columns: { Missing: 'asset_tag', Gone: 'floor', Ignored: null } },
    });
    expect(m.warnings).toEqual(['the mapping file names columns the sheet does not have: "Missing", "Gone"']);
  });

  it('a preset names many columns a sheet may not have: no warning', () => {
    const m = mapHeaders(asset, ['Name'], {
      mappingFile: { columns: { Missing: 'asset_tag' } },
      preset: true,
    });
    expect(m.warnings).toEqual([]);
  });

  it('an unknown target is E_MAPPING_UNKNOWN_FIELD with a suggestion and the field list', () => {
    let err: unknown;
    try {
      mapHeaders(asset, ['Tag'], {
        mappingFile: { columns: { Tag: 'asset_tagg' } },
        mappingPath: 'map.json',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AssetbatchError);
    const e = err as AssetbatchError;
    expect(e.code).toBe('E_MAPPING_UNKNOWN_FIELD');
    expect(e.message).toBe(
      'column "Tag" is mapped to "asset_tagg", which is not a field of assets (did you mean "asset_tag"?)',
    );
    expect(e.hint).toMatch(/^Fields of assets: name, contract, category\.id, .*asset_tag.*, id$/);
    expect(e.location?.file).toBe('map.json');
  });
});

describe('defaults', () => {
  it('are passed through', () => {
    expect(mapHeaders(asset, ['Name'], { mappingFile: { defaults: { country: 'US' } } }).defaults).toEqual({
      country: 'US',
    });
  });
});

describe('mappingToFile', () => {
  it('writes the columns (lookups without .id), unmapped ones as null, and the defaults', () => {
    const m = mapHeaders(asset, ['Name', 'Category', 'Serial No.', 'Colour', ''], {
      mappingFile: { defaults: { country: 'US' } },
    });
    expect(mappingToFile(asset, m, { dateFormat: 'dd/MM/yyyy' })).toEqual({
      resource: 'asset',
      dateFormat: 'dd/MM/yyyy',
      columns: { Name: 'name', Category: 'category', 'Serial No.': 'serial_number', Colour: null },
      defaults: { country: 'US' },
    });
  });

  it('round-trips: the written file maps the same columns', () => {
    const headers = ['Name', 'Category', 'Serial No.', 'Purchase Cost ($)', 'Sub Cat'];
    const first = mapHeaders(asset, headers);
    const again = mapHeaders(asset, headers, { mappingFile: mappingToFile(asset, first) });
    expect(again.columns.map((c) => [c.header, targetName(c.target)])).toEqual(
      first.columns.map((c) => [c.header, targetName(c.target)]),
    );
  });
});

describe('a mapping file that gives two columns one field', () => {
  it('the first keeps it and the other is named in a warning', () => {
    const m = mapHeaders(asset, ['Asset Name', 'Name'], {
      mappingFile: { columns: { 'Asset Name': 'name', Name: 'name' } },
    });
    expect(m.columns.map((c) => c.header)).toEqual(['Asset Name']);
    expect(m.warnings).toEqual([
      'column "Name" also matches Name (name), taken by column "Asset Name"; it is ignored',
    ]);
  });
});
