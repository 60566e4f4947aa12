// mapHeaders with sample rows: a column is judged by its values as well as its header.
import { describe, expect, it } from 'vitest';
import { mapHeaders, targetName } from '../../src/map/headers.js';
import { asset } from '../../src/resources/asset.js';
import type { CellValue } from '../../src/read/types.js';

const mapped = (headers: string[], rows: CellValue[][]) => {
  const m = mapHeaders(asset, headers, { samples: rows });
  // What the plan shows: the warnings, and why a column that matched something is not imported.
  return {
    columns: Object.fromEntries(m.columns.map((c) => [c.header, targetName(c.target)])),
    warnings: [
      ...m.warnings,
      ...m.unmapped.flatMap((u) => (u.why ? [`column "${u.header}" ${u.why.replace(/^it /, '')}`] : [])),
    ],
  };
};

/** The columns a sheet's headers and rows map to, and its warning (none when undefined). */
function expectMapped(
  _name: string,
  headers: string[],
  rows: CellValue[][],
  want: Record<string, string>,
  warning: RegExp | undefined,
): void {
  const got = mapped(headers, rows);
  expect(got.columns).toEqual(want);
  if (warning) expect(got.warnings.join('\n')).toMatch(warning);
  else expect(got.warnings).toEqual([]);
}

describe('a column is judged by its values', () => {
  const cases: [string, string[], CellValue[][], Record<string, string>, RegExp | undefined][] = [
    [
      'Warranty holding months is warranty months, not the warranty status',
      ['Name', 'Warranty'],
      [
        ['A', '36'],
        ['B', 12],
      ],
      { Name: 'name', Warranty: 'warranty_months' },
      /column "Warranty" holds "36", "12", which is not a warranty status: read as Warranty \(months\) \(warranty_months\)/,
    ],
    [
      'Warranty holding statuses stays the warranty status',
      ['Name', 'Warranty'],
      [
        ['A', 'within warranty'],
        ['B', 'out of warranty'],
      ],
      { Name: 'name', Warranty: 'warranty_status' },
      undefined,
    ],
    [
      'State holding statuses is the usage status, not the state',
      ['Name', 'State'],
      [
        ['A', 'In use'],
        ['B', 'In stock'],
      ],
      { Name: 'name', State: 'asset_usage_status' },
      undefined,
    ],
    [
      'State holding regions is the state',
      ['Name', 'State'],
      [
        ['A', 'WA'],
        ['B', 'Hessen'],
      ],
      { Name: 'name', State: 'state_province' },
      undefined,
    ],
    [
      'Notes holding a status word ("spare") is still the notes: a note may say anything',
      ['Name', 'Status', 'Notes'],
      [
        ['A', 'In use', null],
        ['B', 'In stock', 'spare'],
      ],
      { Name: 'name', Status: 'asset_usage_status', Notes: 'asset_notes' },
      undefined,
    ],
    [
      'maintained holding Yes/No is no support provider',
      ['Name', 'maintained'],
      [
        ['A', 'Yes'],
        ['B', 'No'],
      ],
      { Name: 'name' },
      /column "maintained" holds "Yes", "No", which is not a support provider$/,
    ],
    [
      'a date column named like a supplier synonym is not the supplier',
      ['Name', 'Vendor'],
      [
        ['A', '2023-01-05'],
        ['B', '2023-02-11'],
      ],
      { Name: 'name' },
      /column "Vendor" holds .* which is not a supplier/,
    ],
    [
      'title is the name and description the notes',
      ['title', 'description'],
      [['Camera', 'Full-frame body with lens']],
      { title: 'name', description: 'asset_notes' },
      undefined,
    ],
    [
      'description alone is the name',
      ['description', 'Serial'],
      [['Camera', 'SN1']],
      { description: 'name', Serial: 'serial_number' },
      undefined,
    ],
    [
      "a header named exactly keeps its field whatever its values (they are the rows' problem)",
      ['Name', 'Original cost'],
      [['A', 'n/a']],
      { Name: 'name', 'Original cost': 'original_cost' },
      undefined,
    ],
    [
      'a "Serial" column of sentences is no serial number',
      ['Name', 'Serial'],
      [
        ['A', 'Bought second hand from the Berlin office in 2019'],
        ['B', 'See the invoice folder for the original receipt'],
      ],
      { Name: 'name' },
      /column "Serial" holds .* which is not a serial number$/,
    ],
    [
      'serial-like codes stay the serial number',
      ['Name', 'Serial'],
      [
        ['A', '4BC7FC90'],
        ['B', 'SN 0001'],
      ],
      { Name: 'name', Serial: 'serial_number' },
      undefined,
    ],
    [
      'no rows: headers alone decide',
      ['Name', 'Warranty'],
      [],
      { Name: 'name', Warranty: 'warranty_status' },
      undefined,
    ],
  ];
  it.each(cases)('%s', expectMapped);
});

describe('placeholder cells ("N/A", "-", "k.A.") are skipped as empty ones are', () => {
  const cases: [string, string[], CellValue[][], Record<string, string>, RegExp | undefined][] = [
    [
      'a date column half "N/A" is judged by its dates',
      ['Name', 'EOL'],
      [
        ['A', '2023-01-05'],
        ['B', 'N/A'],
        ['C', 'N/A'],
      ],
      { Name: 'name', EOL: 'end_of_life_date' },
      undefined,
    ],
    [
      'a date column half "N/A" and "k.A." is no supplier for its header, and the note shows its dates',
      ['Name', 'Vendor'],
      [
        ['A', '2023-01-05'],
        ['B', 'N/A'],
        ['C', '2023-02-11'],
        ['D', 'k.A.'],
      ],
      { Name: 'name' },
      /column "Vendor" holds "2023-01-05", "2023-02-11", which is not a supplier$/,
    ],
    [
      'months half "N/A" are the warranty months',
      ['Name', 'Warranty'],
      [
        ['A', '36'],
        ['B', 'N/A'],
        ['C', '24'],
        ['D', 'N/A'],
      ],
      { Name: 'name', Warranty: 'warranty_months' },
      /column "Warranty" holds "36", "24", which is not a warranty status: read as Warranty \(months\)/,
    ],
    [
      '"-" and serials stay the serial number',
      ['Name', 'Serial'],
      [
        ['A', '-'],
        ['B', '4BC7FC90'],
        ['C', '-'],
        ['D', 'SN 0001'],
      ],
      { Name: 'name', Serial: 'serial_number' },
      undefined,
    ],
    [
      '"-" and sentences are no serial number',
      ['Name', 'Serial'],
      [
        ['A', '-'],
        ['B', 'Bought second hand from the Berlin office in 2019'],
        ['C', '-'],
      ],
      { Name: 'name' },
      /column "Serial" holds "Bought second hand from the Berlin office in 2019", which is not a serial number$/,
    ],
    [
      'a column of placeholders only is judged as an empty one: its header decides',
      ['Name', 'Warranty'],
      [
        ['A', 'N/A'],
        ['B', '-'],
        ['C', 'k.A.'],
      ],
      { Name: 'name', Warranty: 'warranty_status' },
      undefined,
    ],
  ];
  it.each(cases)('%s', expectMapped);
});

describe('tool prefixes are stripped before matching', () => {
  it.each([
    ['HB.serial_number', 'serial_number'],
    ['cf: Serial number', 'serial_number'],
    ['cf_asset_tag', 'asset_tag'],
    ['HB.name', 'name'],
    // Shelf's import names a custom field's type after it.
    ['cf: Serial number,type:text', 'serial_number'],
    ['cf:purchase date, type:date', 'service_start_date'],
  ])('%s', (header, field) => {
    expect(mapped([header], []).columns).toEqual({ [header]: field });
  });
});
