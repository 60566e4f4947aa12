// The lines below a table that are notes, not records (validate/below-table.ts): each case is
// a small sheet's rows below the header, and what the tail makes of each line: a record (–),
// a note skipped (note), or a line that may be one, invalid (unsure). Only the end of the sheet
// counts, and only a line that differs from the records above or follows the totals row.
import { describe, expect, it } from 'vitest';
import type { CellValue, SheetRow } from '../../src/read/types.js';
import { TableTail } from '../../src/validate/below-table.js';

const FULL: CellValue[][] = [
  ['Dell Latitude 5440', 'SN-1', 'Hardware / Laptop', 1249],
  ['HP EliteDesk 800', 'SN-2', 'Hardware / Desktop', 899.5],
];
const line = (text: string): CellValue[] => [text, null, null, null];

const cases: { name: string; rows: CellValue[][]; want: string[] }[] = [
  {
    name: 'Lansweeper: totals, then its signature, a footnote and a page count',
    rows: [
      ...FULL,
      ['Total', null, null, 2148.5],
      line('Exported from Lansweeper on 30/11/2026 by j.doe'),
      line('* Prices exclude VAT'),
      line('Page 1 of 1'),
    ],
    want: ['–', '–', '–', 'note', 'note', 'note'],
  },
  {
    name: 'GLPI: a source line with no totals row',
    rows: [...FULL, line('Source: GLPI 10.0.7')],
    want: ['–', '–', 'note'],
  },
  {
    name: 'a plausible name below the totals row',
    rows: [...FULL, ['Summe', null, null, 2148.5], line('Dell Latitude 5440')],
    want: ['–', '–', '–', 'note'],
  },
  {
    name: 'a short record at the end, the others full: kept',
    rows: [...FULL, line('Lenovo ThinkPad T14')],
    want: ['–', '–', '–'],
  },
  {
    name: 'a name-only list: its last name is a record like the others',
    rows: [['Dell Latitude 5440'], ['HP EliteDesk 800'], ['Lenovo ThinkPad T14']],
    want: ['–', '–', '–'],
  },
  {
    name: 'a name-only list ending with a signature: unsure, not created',
    rows: [['Dell Latitude 5440'], ['HP EliteDesk 800'], ['Exported from Snipe-IT on 2026-11-30']],
    want: ['–', '–', 'unsure'],
  },
  {
    name: 'a sentence without a note word: unsure',
    rows: [...FULL, line('All prices are in euros and exclude shipping costs')],
    want: ['–', '–', 'unsure'],
  },
  {
    name: 'a short name with words in lower case (a keyless record at the end): kept as a record',
    rows: [...FULL, line('Meeting room TV')],
    want: ['–', '–', '–'],
  },
  {
    name: 'a note line above more records is no end of the table',
    rows: [FULL[0], line('Source: GLPI 10.0.7'), FULL[1]],
    want: ['–', '–', '–'],
  },
  {
    name: 'a merged note (its text copied into each cell of the range)',
    rows: [...FULL, ['Printed on 30/11/2026', 'Printed on 30/11/2026', 'Printed on 30/11/2026', null]],
    want: ['–', '–', 'note'],
  },
  {
    name: 'a row after the totals that fills several cells is a record',
    rows: [...FULL, ['Total', null, null, 2148.5], ['Lenovo T14', 'SN-3', 'Hardware / Laptop', 999]],
    want: ['–', '–', '–', '–'],
  },
  {
    name: 'notes in German, French, Spanish, Italian, Dutch and Portuguese',
    rows: [
      ...FULL,
      line('Exportiert am 30.11.2026 von j.doe'),
      line('Remarque : prix hors TVA'),
      line('Página 1 de 2'),
      line('Fonte: GLPI'),
      line('Gegenereerd op 30-11-2026'),
      line('Gerado em 30/11/2026 por j.doe'),
    ],
    want: ['–', '–', 'note', 'note', 'note', 'note', 'note', 'note'],
  },
  {
    name: 'a name that starts like a note word but is no note',
    rows: [...FULL, line('Samsung Galaxy Note 20')],
    want: ['–', '–', '–'],
  },
];

/** What the tail hands on for these rows, in order: each line's verdict. */
function verdicts(rows: CellValue[][]): string[] {
  const tail = new TableTail();
  const out: SheetRow[] = [];
  rows.forEach((cells, i) => tail.push({ row: i + 2, cells }, out));
  tail.end(out);
  expect(out.map((r) => r.row)).toEqual(rows.map((_, i) => i + 2));
  return out.map((r) => (r.belowTable ? (r.belowTable.sure ? 'note' : 'unsure') : '–'));
}

describe('a line below the table: a note or a record', () => {
  it.each(cases)('$name', ({ rows, want }) => {
    expect(verdicts(rows)).toEqual(want);
  });

  it('says why on the line: the text and what it differs by', () => {
    const tail = new TableTail();
    const held: SheetRow[] = [];
    for (const [i, cells] of [...FULL, ['Total', null, null, 2148.5], line('Page 1 of 1')].entries())
      tail.push({ row: i + 2, cells }, held);
    held.length = 0;
    tail.end(held);
    expect(held.map((r) => r.belowTable?.why)).toEqual([
      undefined,
      '"Page 1 of 1" is below the totals row (row 4) and it fills one cell where the records above fill several',
    ]);
  });
});
