// Value tables and a tool's formula escape, applied to a cell before it is read for its field.
import { describe, expect, it } from 'vitest';
import { translateCell, valueTables } from '../../src/map/values.js';
import type { CellValue } from '../../src/read/types.js';

const headers = ['Status', 'Category', 'Notes'];
const values = valueTables(headers, {
  status: { 'Deployed (deployed)': 'In Use', 'Ready to Deploy': 'In Stock' },
  Category: {
    NB: 'Hardware / Laptop',
    Ноутбук: 'Hardware / Laptop',
    ノート: 'Hardware / Laptop',
    Desktop: 'Hardware / Desktop',
  },
}).tables;

describe("a value table translates a column's cells", () => {
  const cases: [string, number, CellValue, CellValue][] = [
    ['a value the table names', 0, 'Deployed (deployed)', 'In Use'],
    ['in other case and spacing', 0, '  ready to DEPLOY ', 'In Stock'],
    ['a value it does not name stays as it is', 0, 'Archived', 'Archived'],
    ["another column's table", 1, 'NB', 'Hardware / Laptop'],
    ['in another script (not all one key)', 1, 'ноутбук', 'Hardware / Laptop'],
    ['Japanese', 1, 'ノート', 'Hardware / Laptop'],
    ['a column without a table', 2, 'NB', 'NB'],
    ['an empty cell stays empty', 0, null, null],
    ['a number the table does not name stays a number', 1, 5, 5],
  ];
  it.each(cases)('%s', (_name, index, cell, out) => {
    expect(translateCell({ values }, index, cell)).toBe(out);
  });

  it("the header is matched like a mapping file's columns (case and punctuation aside)", () => {
    expect([...values.keys()]).toEqual([0, 1]);
  });
});

describe("Snipe-IT's backtick formula escape is undone when the mapping says so", () => {
  const cases: [string, 'backtick' | undefined, CellValue, CellValue][] = [
    ['`= before a formula-like text', 'backtick', '`=SUM(A1:A3)', '=SUM(A1:A3)'],
    ['`+', 'backtick', '`+44 20 7946 0321', '+44 20 7946 0321'],
    ['`-', 'backtick', '`-5', '-5'],
    ['`@', 'backtick', '`@home', '@home'],
    ['a backtick before other text is kept', 'backtick', '`quoted`', '`quoted`'],
    ['without the setting, kept', undefined, '`=SUM(A1:A3)', '`=SUM(A1:A3)'],
  ];
  it.each(cases)('%s', (_name, formulaEscape, cell, out) => {
    expect(translateCell({ values: new Map(), formulaEscape }, 2, cell)).toBe(out);
  });

  it('the escape comes off before the value table is consulted', () => {
    const t = valueTables(['Status'], { Status: { '=x': 'In Use' } }).tables;
    expect(translateCell({ values: t, formulaEscape: 'backtick' }, 0, '`=x')).toBe('In Use');
  });
});

describe('a table names a column of the sheet, or a field the mapping file builds', () => {
  const built = [{ key: 'category', index: 3 }];
  it.each([
    { what: 'a column', names: 'Status', index: 0, warns: [] },
    {
      what: 'a built field by its key, the sheet having no such column',
      names: 'category',
      index: 3,
      warns: [],
      sheet: ['Status', 'Type', 'Notes'],
    },
    { what: 'a built field as fields.<key>', names: 'fields.category', index: 3, warns: [] },
    {
      what: 'a key both a column and a built field name: the column, said',
      names: 'Category',
      index: 1,
      warns: [
        'the value table "Category" applies to the sheet\'s column "Category"; for the field the file builds as fields.Category, name the table "fields.Category"',
      ],
    },
    {
      what: 'neither: not used, said',
      names: 'Supplier',
      index: undefined,
      warns: [
        'the mapping file has value tables for a column the sheet does not have, which are not used: "Supplier"',
      ],
    },
  ])('$what', ({ names, index, warns, sheet }) => {
    const t = valueTables(sheet ?? headers, { [names]: { NB: 'Hardware / Laptop' } }, { built });
    expect([...t.tables.keys()]).toEqual(index === undefined ? [] : [index]);
    expect(t.warnings).toEqual(warns);
  });

  it('fields.<key> the file does not build stops the run, naming those it builds', () => {
    expect(() => valueTables(headers, { 'fields.name': {} }, { built, file: 'm.json' })).toThrow(
      'values."fields.name": the mapping file builds no field "name"',
    );
  });
});
