// mapHeaders when two columns claim one field: the first keeps it, the other is reported.
import { describe, expect, it } from 'vitest';
import { mapHeaders, targetName } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';

describe('duplicate headers', () => {
  const cases: [string, string[], string[], RegExp[]][] = [
    ['the same header twice', ['Name', 'Name'], ['Name'], [/also matches Name.*already taken by column "Name"/, /the header "Name" appears 2 times/]],
    ['the same header in other case', ['Name', 'NAME'], ['Name'], [/also matches Name/, /appears 2 times/]],
    ['a label and a synonym of one field', ['Serial number', 'S/N'], ['Serial number'], [/column "S\/N" also matches Serial number \(serial_number\), already taken by column "Serial number"/]],
  ];
  it.each(cases)('%s', (_name, headers, mapped, warnings) => {
    const m = mapHeaders(asset, headers);
    expect(m.columns.map((c) => c.header)).toEqual(mapped);
    expect(m.columns.every((c) => c.index === headers.indexOf(c.header))).toBe(true);
    expect(m.unmapped.map((u) => u.index)).toEqual([1]);
    expect(m.warnings).toHaveLength(warnings.length);
    warnings.forEach((w, i) => expect(m.warnings[i]).toMatch(w));
  });

  it('the first column keeps the field', () => {
    const m = mapHeaders(asset, ['Notes', 'Asset notes']);
    expect(m.columns.map((c) => [c.index, targetName(c.target)])).toEqual([[0, 'asset_notes']]);
  });
});
