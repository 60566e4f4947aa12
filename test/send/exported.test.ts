// A sheet exported a while ago, sent back: a cell that still has the exported value where the
// record changed in the service since keeps the service's value; a cell the user edited goes.
import { describe, expect, it } from 'vitest';
import { asset } from '../../src/resources/asset.js';
import type { WriteBody } from '../../src/resources/fields.js';
import {
  editedSinceExport,
  printedFields,
  recordPrints,
  staleLookup,
  withoutStaleCells,
  type ExportedRecord,
} from '../../src/send/exported.js';
import { readNames, readToWrite } from '../../src/send/merge.js';

/** A listed asset (read shape), as the export read it. */
const exportedAsset = {
  id: 1,
  name: 'Finance laptop 01',
  city: 'Seattle',
  original_cost: '1849.00',
  asset_usage_status: { id: 1, name: 'In Use' },
  category: { id: 1, name: 'Hardware', subcategory: 'Laptop' },
  country: 'United States',
};
const FIELDS = [
  'name',
  'city',
  'original_cost',
  'asset_usage_status',
  'category.subcategory',
  'country',
  'floor',
];

/** What the export remembers of it. */
function remembered(record: Record<string, unknown>): ExportedRecord {
  const fields = printedFields(asset, FIELDS);
  const prints = recordPrints(asset, record, fields);
  return {
    at: '2026-12-02T05:05:00.000Z',
    file: '/tmp/assets.csv',
    prints: Object.fromEntries(fields.map((f, i) => [f.name, prints[i]])),
  };
}

/** The record as an update has it in hand, after a colleague's change. */
const now = (change: Record<string, unknown>) => {
  const record = { ...exportedAsset, ...change };
  return { body: readToWrite(asset, record, () => 840), names: readNames(asset, record) };
};

describe('withoutStaleCells', () => {
  // [case, sheet body, lookup cells, colleague's change, body sent, fields kept (service's value)]
  it.each<[string, WriteBody, Record<string, string>, Record<string, unknown>, WriteBody, string[]]>([
    [
      "an unedited cell the service changed since: the service's value stays",
      { city: 'Seattle', name: 'Finance laptop 01' },
      {},
      { city: 'Portland' },
      { name: 'Finance laptop 01' },
      ['city Portland'],
    ],
    [
      "a cell the user edited, the service changed too: the user's value goes (last write wins)",
      { city: 'Denver' },
      {},
      { city: 'Portland' },
      { city: 'Denver' },
      [],
    ],
    [
      'an unedited cell the service did not change: nothing to keep',
      { city: 'Seattle' },
      {},
      {},
      { city: 'Seattle' },
      [],
    ],
    [
      'an amount read back as a number from the list\'s "1849.00": unedited',
      { original_cost: 1849 },
      {},
      { original_cost: '1999.00' },
      {},
      ['original_cost 1999'],
    ],
    [
      'a lookup named as exported (another case and spacing), the service has another: kept, by name',
      { asset_usage_status: 1 },
      { asset_usage_status: ' in use ' },
      { asset_usage_status: { id: 4, name: 'Retired' } },
      {},
      ['asset_usage_status Retired'],
    ],
    [
      'a lookup cell the user changed: sent',
      { asset_usage_status: 3 },
      { asset_usage_status: 'In Repair' },
      { asset_usage_status: { id: 4, name: 'Retired' } },
      { asset_usage_status: 3 },
      [],
    ],
    [
      'a lookup without its cell (a default of a mapping file): sent as today',
      { asset_usage_status: 1 },
      {},
      { asset_usage_status: { id: 4, name: 'Retired' } },
      { asset_usage_status: 1 },
      [],
    ],
    [
      'a country by another spelling of the exported one: unedited',
      { country: 840 },
      { country: 'USA' },
      { country: 'Canada' },
      {},
      ['country Canada'],
    ],
    [
      'a nested field: the subcategory kept, its object gone when empty',
      { category: { subcategory: 'Laptop' } },
      {},
      { category: { id: 1, name: 'Hardware', subcategory: 'Desktop' } },
      {},
      ['category.subcategory Desktop'],
    ],
  ])('%s', (_name, sheet, cells, change, sent, kept) => {
    const out = withoutStaleCells(
      asset,
      sheet,
      now(change),
      remembered(exportedAsset),
      new Map(Object.entries(cells)),
    );
    expect(out.sheet).toEqual(sent);
    expect(out.kept.map((k) => `${k.field} ${k.service}`)).toEqual(kept);
  });

  it('no export remembered: the sheet goes as it is', () => {
    const sheet = { city: 'Seattle' };
    expect(withoutStaleCells(asset, sheet, now({ city: 'Portland' }), undefined, new Map())).toEqual({
      sheet,
      kept: [],
      emptied: [],
    });
  });

  // [case, colleague's change, the cell --clear-empty empties, fields emptied, fields kept]
  it.each<[string, Record<string, unknown>, string, string[], string[]]>([
    ['exported empty, filled in the service since: not emptied', { floor: '5' }, 'floor', [], ['floor 5']],
    ['exported empty, still empty: emptied (nothing changes)', {}, 'floor', ['floor'], []],
    [
      'exported with a value, the cell emptied by the user: emptied',
      { city: 'Portland' },
      'city',
      ['city'],
      [],
    ],
  ])('--clear-empty, %s', (_name, change, cleared, emptied, kept) => {
    const out = withoutStaleCells(asset, {}, now(change), remembered(exportedAsset), new Map(), [cleared]);
    expect(out.emptied).toEqual(emptied);
    expect(out.kept.map((k) => `${k.field} ${k.service}`)).toEqual(kept);
  });

  it('a field the export did not show: sent as today', () => {
    const sheet = { floor: '3' };
    expect(
      withoutStaleCells(asset, sheet, now({ floor: '5' }), remembered(exportedAsset), new Map()).sheet,
    ).toEqual(sheet);
  });
});

describe('staleLookup: a lookup cell answered before any list', () => {
  const usage = asset.fields.find((f) => f.name === 'asset_usage_status')!;
  // [case, cell, the record's name now, kept (the service's name) or not]
  it.each<[string, string, string | undefined, string | undefined]>([
    ['the cell as exported, the record changed since: kept, no list needed', 'In Use', 'Retired', 'Retired'],
    ['the cell as exported, the record emptied since: kept empty', 'In Use', undefined, '(empty)'],
    ['the cell edited: resolved as usual', 'In Repair', 'Retired', undefined],
    [
      'the record as exported: resolved as usual (it names what the record has)',
      'In Use',
      'In Use',
      undefined,
    ],
  ])('%s', (_name, cell, recorded, kept) => {
    expect(staleLookup(usage, cell, recorded, remembered(exportedAsset))?.service).toBe(kept);
  });
});

describe('withoutStaleCells: custom fields (the template values go as one list)', () => {
  const withCustoms = { ...exportedAsset, template: { id: 1, fields: { '1': 'CC-100', '2': 'PO-1' } } };
  const fields = printedFields(asset, ['city']);
  const prints = recordPrints(asset, withCustoms, fields, [1, 2]);
  const names = [...fields.map((f) => f.name), 'custom.1', 'custom.2'];
  const exported: ExportedRecord = {
    at: '2026-12-02T05:05:00.000Z',
    prints: Object.fromEntries(names.map((n, i) => [n, prints[i]])),
  };
  const tpl = (id: number, values: Record<number, string>) => ({
    template: { id, fields: Object.entries(values).map(([f, value]) => ({ id: Number(f), value })) },
  });

  // [case, sheet's template, the service's Cost Centre now, template sent, fields kept]
  it.each<[string, WriteBody, string, WriteBody, string[]]>([
    [
      "Cost Centre as exported, changed in the service: left out (the merge keeps the service's); PO Number goes",
      tpl(1, { 1: 'CC-100', 2: 'PO-2' }),
      'CC-200',
      tpl(1, { 2: 'PO-2' }),
      ['custom.1 CC-200'],
    ],
    [
      "Cost Centre edited: the user's value goes (last write wins)",
      tpl(1, { 1: 'CC-300', 2: 'PO-1' }),
      'CC-200',
      tpl(1, { 1: 'CC-300', 2: 'PO-1' }),
      [],
    ],
    [
      'Cost Centre as exported, unchanged in the service: nothing to keep',
      tpl(1, { 1: 'CC-100', 2: 'PO-1' }),
      'CC-100',
      tpl(1, { 1: 'CC-100', 2: 'PO-1' }),
      [],
    ],
    [
      'the sheet names another template: sent as today',
      tpl(2, { 1: 'CC-100' }),
      'CC-200',
      tpl(2, { 1: 'CC-100' }),
      [],
    ],
  ])('%s', (_name, sheet, service, sent, kept) => {
    const record = { ...withCustoms, template: { id: 1, fields: { '1': service, '2': 'PO-1' } } };
    const current = { body: readToWrite(asset, record, () => 840), names: readNames(asset, record) };
    const out = withoutStaleCells(asset, sheet, current, exported, new Map());
    expect(out.sheet).toEqual(sent);
    expect(out.kept.map((k) => `${k.field} ${k.service}`)).toEqual(kept);
  });
});

describe('withoutStaleCells: a lookup cell left out before the lists as exported (records read one by one)', () => {
  // [case, colleague's change, fields kept (service's value)]
  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'the record names another since: kept, and said',
      { asset_usage_status: { id: 4, name: 'Retired' } },
      ['asset_usage_status Retired'],
    ],
    ['the record names it still: nothing to keep', {}, []],
  ])('%s', (_name, change, kept) => {
    const out = withoutStaleCells(
      asset,
      {},
      now(change),
      remembered(exportedAsset),
      new Map(),
      [],
      ['asset_usage_status'],
    );
    expect(out.sheet).toEqual({});
    expect(out.kept.map((k) => `${k.field} ${k.service}`)).toEqual(kept);
  });
});

describe('withoutStaleCells: --clear-empty of a custom field (custom.<id>)', () => {
  // Rack Units (field 4) exported empty; Cost Centre (field 1) exported CC-100.
  const withCustoms = { ...exportedAsset, template: { id: 1, fields: { '1': 'CC-100' } } };
  const prints = recordPrints(asset, withCustoms, [], [1, 4]);
  const exported: ExportedRecord = {
    at: '2026-12-02T05:05:00.000Z',
    prints: { 'custom.1': prints[0], 'custom.4': prints[1] },
  };

  // [case, the record's custom values now, the cell --clear-empty empties, fields emptied, fields kept]
  it.each<[string, Record<string, unknown>, string, string[], string[]]>([
    [
      'exported empty, filled in the service since: not emptied',
      { '1': 'CC-100', '4': 2 },
      'custom.4',
      [],
      ['custom.4 2'],
    ],
    [
      'exported empty, still empty: emptied (nothing changes)',
      { '1': 'CC-100' },
      'custom.4',
      ['custom.4'],
      [],
    ],
    [
      'exported with a value, the cell emptied by the user, changed in the service since: emptied',
      { '1': 'CC-200' },
      'custom.1',
      ['custom.1'],
      [],
    ],
    [
      'a field the export did not show: emptied as today',
      { '1': 'CC-100', '5': 'x' },
      'custom.5',
      ['custom.5'],
      [],
    ],
  ])('%s', (_name, values, cleared, emptied, kept) => {
    const record = { ...withCustoms, template: { id: 1, fields: values } };
    const current = { body: readToWrite(asset, record, () => 840), names: readNames(asset, record) };
    const out = withoutStaleCells(asset, {}, current, exported, new Map(), [cleared]);
    expect(out.emptied).toEqual(emptied);
    expect(out.kept.map((k) => `${k.field} ${k.service}`)).toEqual(kept);
  });
});

describe('editedSinceExport: a row still as exported sends nothing, and needs no read', () => {
  const exported = remembered(exportedAsset);
  // [case, sheet body, lookup cells, empty cells, fields edited]
  it.each<[string, WriteBody, Record<string, string>, string[], string[]]>([
    [
      'every cell as exported: none',
      {
        name: 'Finance laptop 01',
        city: 'Seattle',
        original_cost: 1849,
        category: { subcategory: 'Laptop' },
      },
      { asset_usage_status: 'In Use', country: 'United States' },
      ['floor'],
      [],
    ],
    [
      'a lookup named otherwise, as a cell is matched (case, spaces, a country by its code): none',
      { city: 'Seattle' },
      { asset_usage_status: 'in  use', country: 'US' },
      [],
      [],
    ],
    ['a plain cell edited', { city: 'Denver' }, {}, [], ['city']],
    [
      'a lookup cell edited',
      { city: 'Seattle' },
      { asset_usage_status: 'Retired' },
      [],
      ['asset_usage_status'],
    ],
    ['a cell the user emptied (the export showed a value)', {}, {}, ['city'], ['city']],
    ['a lookup cell emptied', {}, {}, ['asset_usage_status'], ['asset_usage_status']],
    ['a cell exported empty, filled in the sheet', { floor: '3' }, {}, [], ['floor']],
    ['a column the export did not show, with a value', { room: '12' }, {}, [], ['room']],
    ['the columns deleted: nothing to send for them', {}, {}, [], []],
  ])('%s', (_name, sheet, cells, empty, edited) => {
    expect(editedSinceExport(asset, sheet, exported, new Map(Object.entries(cells)), empty)).toEqual(edited);
  });

  it('custom values: one as the template list had it, one edited; form data always counts as edited', () => {
    const record = { ...exportedAsset, template: { id: 1, fields: { '1': 'CC-100', '2': 'PO-1' } } };
    const fields = printedFields(asset, FIELDS);
    const prints = recordPrints(asset, record, fields, [1, 2]);
    const names = [...fields.map((f) => f.name), 'custom.1', 'custom.2'];
    const shown: ExportedRecord = {
      at: 'x',
      prints: Object.fromEntries(names.map((n, i) => [n, prints[i]])),
    };
    const sheet = (v2: string): WriteBody => ({
      template: {
        id: 1,
        fields: [
          { id: 1, value: 'CC-100' },
          { id: 2, value: v2 },
        ],
      },
    });
    expect(editedSinceExport(asset, sheet('PO-1'), shown, new Map())).toEqual([]);
    expect(editedSinceExport(asset, sheet('PO-2'), shown, new Map())).toEqual(['custom.2']);
    expect(editedSinceExport(asset, { form_template: [] }, shown, new Map())).toEqual(['form_template']);
  });
});
