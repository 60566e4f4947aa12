// An asset sheet with no name column: the mapping builds the name from the row (map/built-fallback.ts)
// in the order resources/asset.ts states, a name column first, then make and model, then model
// or category and tag; a mapping file that names the name itself, and updates, never get one.
import { describe, expect, it } from 'vitest';
import { mapHeaders, missingRequired, type MappingFile } from '../../src/map/headers.js';
import { asset, contract, customer } from '../../src/resources/index.js';
import type { CellValue } from '../../src/read/types.js';

const built = (headers: string[], opts: { mappingFile?: MappingFile; mode?: 'create' | 'update' } = {}) => {
  const m = mapHeaders(asset, headers, opts);
  return {
    template: m.fallback?.template,
    columns: m.fallback?.columns,
    name: m.columns.find((c) => c.target.kind === 'field' && c.target.field.name === 'name'),
    missing: missingRequired(asset, m, opts.mode ?? 'create').map((f) => f.name),
  };
};

describe('the name built from the row when no column gives it', () => {
  const cases: { what: string; headers: string[]; template: string; columns: string[] }[] = [
    {
      what: 'English make and model (a Snipe-IT report without "Asset Name")',
      headers: ['Asset Tag', 'Manufacturer', 'Model', 'Serial', 'Purchase Date'],
      template: '{Manufacturer} {Model}',
      columns: ['Manufacturer', 'Model'],
    },
    {
      what: 'German Hersteller and Modell (a home-grown register)',
      headers: ['Inventarnummer', 'Hersteller', 'Modell', 'Seriennummer', 'Kaufdatum'],
      template: '{Hersteller} {Modell}',
      columns: ['Hersteller', 'Modell'],
    },
    {
      what: 'French Fabricant and Modèle (GLPI\'s list in French, "Nom" left out of the view)',
      headers: ['Entité', 'Statut', 'Fabricant', 'Numéro de série', "Numéro d'inventaire", 'Modèle'],
      template: '{Fabricant} {Modèle}',
      columns: ['Fabricant', 'Modèle'],
    },
    {
      what: 'French Marque and Modèle',
      headers: ['Marque', 'Modèle', 'Numéro de série'],
      template: '{Marque} {Modèle}',
      columns: ['Marque', 'Modèle'],
    },
    {
      what: 'a model and an asset tag, no make (as Snipe-IT shows an unnamed asset)',
      headers: ['Asset Tag', 'Model', 'Serial'],
      template: '{Model} {Asset Tag}',
      columns: ['Model', 'Asset Tag'],
    },
    {
      what: 'a category and an asset tag, no model',
      headers: ['Kategorie', 'Inventarnummer', 'Seriennummer'],
      template: '{Kategorie} {Inventarnummer}',
      columns: ['Kategorie', 'Inventarnummer'],
    },
  ];
  it.each(cases)('$what', ({ headers, template, columns }) => {
    const got = built(headers);
    expect(got.template).toBe(template);
    expect(got.columns).toEqual(columns);
    expect(got.name?.how).toBe('built');
    expect(got.name?.header).toBe(template);
    expect(got.missing).toEqual([]);
  });
});

describe('a name column, or the mapping file, wins; some sheets get none', () => {
  const cases: {
    what: string;
    headers: string[];
    mappingFile?: MappingFile;
    mode?: 'create' | 'update';
    name?: string;
    missing: string[];
  }[] = [
    { what: 'a Name column', headers: ['Name', 'Make', 'Model'], name: 'Name', missing: [] },
    {
      what: "Lansweeper's AssetName",
      headers: ['AssetName', 'Manufacturer', 'Model'],
      name: 'AssetName',
      missing: [],
    },
    { what: "Ralph's hostname", headers: ['hostname', 'model', 'sn'], name: 'hostname', missing: [] },
    {
      what: 'a computer name',
      headers: ['Computer name', 'Manufacturer', 'Model'],
      name: 'Computer name',
      missing: [],
    },
    {
      what: 'German Gerätename',
      headers: ['Gerätename', 'Hersteller', 'Modell'],
      name: 'Gerätename',
      missing: [],
    },
    {
      what: "the file's own template",
      headers: ['Make', 'Model', 'Tag'],
      mappingFile: { fields: { name: '{Model} {Tag}' } },
      name: '{Model} {Tag}',
      missing: [],
    },
    {
      what: "the file's column for the name",
      headers: ['Make', 'Model', 'Label'],
      mappingFile: { columns: { Label: 'name' } },
      name: 'Label',
      missing: [],
    },
    {
      what: "the file's default name",
      headers: ['Make', 'Model'],
      mappingFile: { defaults: { name: 'Spare' } },
      missing: [],
    },
    {
      what: "the file's name column the sheet lacks (the run stops, as before)",
      headers: ['Make', 'Model'],
      mappingFile: { columns: { Gerätename: 'name' } },
      missing: ['name'],
    },
    {
      what: 'a make without a model, nor a tag',
      headers: ['Make', 'Serial'],
      missing: ['name'],
    },
    { what: 'an update (records have names)', headers: ['ID', 'Make', 'Model'], mode: 'update', missing: [] },
  ];
  it.each(cases)('$what', ({ headers, mappingFile, mode, name, missing }) => {
    const got = built(headers, { mappingFile, mode });
    expect(got.template).toBeUndefined();
    expect(got.name?.header).toBe(name);
    expect(got.missing).toEqual(missing);
  });
});

describe('an unmapped column that may be the name is named, not taken', () => {
  it('"Asset Label" holding distinct texts', () => {
    const samples: CellValue[][] = [
      ['Finance laptop 1', 'Dell', 'Latitude 5540'],
      ['Design laptop', 'Apple', 'MacBook Air 13 M2'],
    ];
    const m = mapHeaders(asset, ['Asset Label', 'Make', 'Model'], { samples });
    expect(m.fallback).toEqual({
      field: 'name',
      template: '{Make} {Model}',
      columns: ['Make', 'Model'],
      maybe: 'Asset Label',
    });
  });
});

describe('contracts and customers have no such fallback', () => {
  it.each([
    { def: contract, headers: ['Number', 'Supplier', 'Start date'] },
    { def: customer, headers: ['City', 'Country', 'Phone'] },
  ])('$def.name', ({ def, headers }) => {
    expect(mapHeaders(def, headers).fallback).toBeUndefined();
  });
});
