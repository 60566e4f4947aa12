// The mapping file's built fields (map/transforms.ts): the template syntax, the checks a
// spec passes before any row is read, and the value each builds from a row's cells.
import { describe, expect, it } from 'vitest';
import {
  bindSpec,
  buildValue,
  compileFieldSpec,
  formatTemplate,
  parseTemplate,
  templateColumns,
  type FieldSpecInput,
} from '../../src/map/transforms.js';
import type { CellValue } from '../../src/read/types.js';

describe('parseTemplate', () => {
  const cases: [string, string, ReturnType<typeof parseTemplate>][] = [
    ['two columns and a space', '{Make} {Model}', [{ column: 'Make' }, { text: ' ' }, { column: 'Model' }]],
    ['text around a column', 'PC-{Tag} (old)', [{ text: 'PC-' }, { column: 'Tag' }, { text: ' (old)' }]],
    ['a header with spaces, trimmed', '{ Asset Type }', [{ column: 'Asset Type' }]],
    ['doubled braces are braces', '{{x}} {A}', [{ text: '{x} ' }, { column: 'A' }]],
  ];
  for (const [name, text, want] of cases) it(name, () => expect(parseTemplate(text)).toEqual(want));

  const bad: [string, string, string][] = [
    ['a brace never closed', '{Make', 'the "{" at character 1 is not closed by "}"'],
    ['a lone closing brace', 'Make}', 'the "}" at character 5 closes no "{"'],
    ['empty braces', '{} x', '"{}" names no column'],
    ['no column at all', 'Hardware', '"Hardware" names no column'],
  ];
  for (const [name, text, message] of bad)
    it(`refuses ${name}`, () => expect(() => parseTemplate(text)).toThrow(message));

  it('templateColumns lists each column once; formatTemplate writes one back', () => {
    expect(templateColumns('{Make} {Model} {Make}')).toEqual(['Make', 'Model']);
    expect(formatTemplate(['Make', 'Model'])).toBe('{Make} {Model}');
    expect(formatTemplate(['Type', 'Tag {old}'], ' - ')).toBe('{Type} - {Tag {{old}}}');
    expect(templateColumns(formatTemplate(['Type', 'Tag {old}']))).toEqual(['Type', 'Tag {old}']);
  });
});

describe('compileFieldSpec refuses a spec that cannot work, saying why', () => {
  const cases: [string, FieldSpecInput, string][] = [
    ['no source', { trim: true }, 'give "template", "column" or "value"'],
    ['two sources', { column: 'A', value: 'x' }, 'gives both "column" and "value"'],
    ['an unknown key', { column: 'A', regexp: 'x' } as FieldSpecInput, '"regexp" is not a key'],
    ['part without split', { column: 'A', part: 2 }, '"part" needs "split"'],
    ['part 0', { column: 'A', split: '-', part: 0 }, '"part" is 0'],
    ['a bad regex', { column: 'A', regex: 'SN-(\\d+' }, '"regex" "SN-(\\\\d+" is not a regular expression'],
    ['a group the regex lacks', { column: 'A', regex: 'SN-(\\d+)', group: 2 }, 'the regex has groups 1 to 1'],
    ['a constant with a case', { value: 'x', case: 'upper' }, 'a constant "value" takes no'],
  ];
  for (const [name, spec, message] of cases)
    it(name, () => expect(() => compileFieldSpec(spec)).toThrow(message));
});

describe('buildValue', () => {
  const headers = ['Make', 'Model', 'Tag', 'Cost'];
  const cases: [string, FieldSpecInput, CellValue[], CellValue | { problem: string }][] = [
    [
      'a template joins its columns',
      '{Make} {Model}',
      ['Dell', 'Latitude 5540', '', ''],
      'Dell Latitude 5540',
    ],
    ['an empty part leaves no stray space', '{Make} {Model}', ['HP', null, '', ''], 'HP'],
    ['all parts empty: empty', '{Make} {Model}', [null, ' ', '', ''], null],
    ['a constant', { value: 'Hardware' }, [null, null, null, null], 'Hardware'],
    ['a copy keeps a number a number', { column: 'Cost' }, [null, null, null, 1200.5], 1200.5],
    ['split, 2nd part', { column: 'Tag', split: '-', part: 2 }, [null, null, 'SN-4411-lon', null], '4411'],
    [
      'split, last part, upper case',
      { column: 'Tag', split: '-', part: -1, case: 'upper' },
      [null, null, 'SN-4411-lon', null],
      'LON',
    ],
    ['a regex group', { column: 'Tag', regex: 'SN-(\\d+)' }, [null, null, 'SN-4411-lon', null], '4411'],
    [
      'a named regex group',
      { column: 'Tag', regex: '-(?<site>[a-z]+)$', group: 'site' },
      [null, null, 'SN-4411-lon', null],
      'lon',
    ],
    [
      'trim and title case',
      { column: 'Model', trim: true, case: 'title' },
      [null, '  latitude   5540 ', null, null],
      'Latitude 5540',
    ],
    [
      'a regex that does not match a filled cell is a problem',
      { column: 'Tag', regex: 'SN-(\\d+)' },
      [null, null, 'XX-9', null],
      { problem: '"XX-9" does not match the regex SN-(\\d+)' },
    ],
    [
      'a missing part is a problem',
      { column: 'Tag', split: '-', part: 4 },
      [null, null, 'SN-4411-lon', null],
      { problem: '"SN-4411-lon" has 3 parts split by "-", no part 4' },
    ],
    [
      'an empty cell is empty, not a problem',
      { column: 'Tag', regex: 'SN-(\\d+)' },
      [null, null, '', null],
      null,
    ],
  ];
  for (const [name, spec, cells, want] of cases) {
    it(name, () => {
      const bound = bindSpec(compileFieldSpec(spec), 'name', headers, 'm.json');
      const got = buildValue(bound, (i) => cells[i]);
      if (want !== null && typeof want === 'object' && 'problem' in want)
        expect(got.problem).toBe(want.problem);
      else expect(got).toEqual({ value: want });
    });
  }

  it('a column the sheet lacks is refused, listing the columns it has', () => {
    expect(() => bindSpec(compileFieldSpec('{Make} {Modell}'), 'name', headers, 'm.json')).toThrow(
      'fields.name: the sheet has no column "Modell"',
    );
    try {
      bindSpec(compileFieldSpec('{Make} {Modell}'), 'name', headers, 'm.json');
    } catch (e) {
      expect((e as { hint: string }).hint).toBe(`The sheet's columns: "Make", "Model", "Tag", "Cost"`);
    }
  });
});
