// What an import's journal keeps of its mapping (the lists' matches, the custom fields it
// weighed, the headers and options it was made from), and what the plan says when a repeat,
// mapped afresh, reads the columns otherwise than the last run did.
import { describe, expect, it } from 'vitest';
import { mapHeaders, type CustomFieldSet } from '../../src/map/headers.js';
import { listNames } from '../../src/map/lists.js';
import { asset } from '../../src/resources/index.js';
import type { CustomTemplate } from '../../src/resources/fields.js';
import { mappingChange, mappingInputs, recordOf, replayOptions } from '../../src/run/recorded-mapping.js';

const HEADERS = ['Name', 'Site', 'Department'];
const units = (names: string[]) => new Map([['business_unit' as const, listNames(names)]]);
/** "Site" holding places or departments, "Department" holding departments or codes. */
const SAMPLES = {
  places: [
    ['Desk 1', 'Floor 1', 'Finance'],
    ['Desk 2', 'Floor 1', 'Sales'],
  ],
  units: [
    ['Chair 1', 'Engineering', 'DEP-01'],
    ['Chair 2', 'Legal', 'DEP-02'],
  ],
};
const UNITS = ['Finance', 'Sales', 'Engineering', 'Legal'];
const byLists = (samples: string[][]) => mapHeaders(asset, HEADERS, { samples, lists: units(UNITS) });

const template = (t: Partial<CustomTemplate>): CustomTemplate => ({
  id: 1,
  name: 'Extras',
  is_active: true,
  type: 'asset',
  fields: [{ id: 1, name: 'Cost Centre', data_type: 'text', is_active: true, order: 1 }],
  ...t,
});

describe('recordOf', () => {
  it("keeps each column's matches with the lists, and maps alike from them without the lists", () => {
    const m = byLists(SAMPLES.units);
    const record = recordOf(asset, 'of', m, { fieldTemplates: [], formTemplates: [] });
    expect(record.lists).toEqual([
      [1, [{ kind: 'business_unit', distinct: 2, matched: 2, share: 1, complete: true }]],
      [2, [{ kind: 'business_unit', distinct: 2, matched: 0, share: 0, complete: true }]],
    ]);
    const again = mapHeaders(asset, HEADERS, replayOptions({ samples: SAMPLES.units }, record));
    expect(again.columns).toEqual(m.columns);
    expect(again.warnings).toEqual(m.warnings);
  });

  it.each<[string, CustomFieldSet, string[]]>([
    ['an active asset template', { fieldTemplates: [template({})], formTemplates: [] }, ['Extras']],
    [
      'an inactive one: left out',
      { fieldTemplates: [template({ is_active: false })], formTemplates: [] },
      [],
    ],
    [
      "a contract's: left out",
      { fieldTemplates: [template({ type: 'contract', name: 'Terms' })], formTemplates: [] },
      [],
    ],
  ])('keeps the custom templates the mapping weighs: %s', (_name, custom, kept) => {
    const record = recordOf(asset, 'of', mapHeaders(asset, HEADERS), custom);
    expect(record.custom.fieldTemplates.map((t) => t.name)).toEqual(kept);
  });
});

describe('mappingInputs', () => {
  const of = (headers: string[], opts = {}) => mappingInputs(asset, headers, opts);
  it.each([
    ['the same headers and options', of(HEADERS), true],
    ['the same first rows or others: not in it', of(HEADERS, { samples: SAMPLES.units }), true],
    ['a header renamed', of(['Name', 'Location', 'Department']), false],
    ['a column moved', of(['Name', 'Department', 'Site']), false],
    ['a mapping file', of(HEADERS, { mappingFile: { columns: { Site: null } } }), false],
    ['another --key', of(HEADERS, { keyField: 'name' }), false],
  ])('%s', (_name, hash, same) => {
    expect(hash === of(HEADERS)).toBe(same);
  });
});

describe('mappingChange', () => {
  it('names each column read otherwise, with its field then and now', () => {
    expect(mappingChange(byLists(SAMPLES.places), byLists(SAMPLES.units))).toBe(
      'mapped afresh for the rows the journal has not done, the columns are now read otherwise than the last run of this import read them: "Site" → business_unit (was location_description), "Department" → not imported (was business_unit); the rows that run did are known again by what they send, not by their cells',
    );
  });
});
