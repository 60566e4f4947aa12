// XLSX written by LibreOffice Calc (test/fixtures/libreoffice, made from the .fods beside them):
// the reader gives each kind of cell LibreOffice writes as the user sees it, including what
// exceljs alone gets wrong (date1904="true", formula results 0 and "", booleans saved as 1/0).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSheets } from '../../src/read/index.js';
import type { CellValue, ReadOptions } from '../../src/read/types.js';
import { readAll, removeDir, rezip, scratchDir } from './helpers.js';

const FIX = join(import.meta.dirname, '..', 'fixtures', 'libreoffice');
const day = (y: number, m: number, d: number, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min));
const known = (headers: string[]) => ({ isKnownHeader: (t: string) => headers.includes(t) });

describe('cell-types.xlsx: one cell of each kind, as LibreOffice writes it', () => {
  // Column A names the kind; column B is the cell. Row numbers are the sheet's.
  const cells: [row: number, kind: string, value: CellValue][] = [
    [2, 'text with leading zeros', '000123'],
    [3, 'text with XML specials', 'R&D <lab> "A" &amp;'],
    [4, 'text with spaces', '  padded  '],
    [5, 'two lines', 'line one\nline two'],
    [6, 'rich text', 'SN-0001'],
    [7, 'hyperlink', 'vendor site'],
    [8, 'integer', 42],
    [9, 'decimal', 1234.5],
    // A number shown through a format of zeros reads as the digits shown.
    [10, 'zero-padded number', '00412345'],
    [11, 'dollars', 1234.5],
    [12, 'euros', 99.9],
    [13, 'percent', 0.25],
    [14, 'date day-first', day(2023, 1, 31)],
    [15, 'date with month name', day(2024, 2, 29)],
    [16, 'date and time', '2023-01-31 14:30'],
    // A time of day alone reads as the time shown, not as a day in December 1899.
    [17, 'time of day', '14:30'],
    [18, 'true', true],
    [19, 'false', false],
    [20, 'formula number', 42],
    [21, 'formula zero', 0],
    [22, 'formula dollars', 2469],
    [23, 'formula text', 'SN-0042'],
    [24, 'formula empty text', null],
    [25, 'formula date', day(2026, 1, 31)],
    [26, 'formula date plus days', day(2026, 1, 31)],
    [27, 'formula true', true],
    [28, 'formula false', false],
    [29, 'formula division by zero', { error: '#DIV/0!' }],
    [30, 'formula not available', { error: '#N/A' }],
    [31, 'merged down', 'Berlin'],
    [32, 'merged down (covered)', 'Berlin'],
  ];

  let rows: Map<number, readonly CellValue[]>;
  let warnings: string[];
  beforeAll(async () => {
    const read = await readAll(join(FIX, 'cell-types.xlsx'));
    rows = new Map(read.rows.map((r) => [r.row, r.cells]));
    warnings = read.source.warnings.map((w) => w.code);
  });

  it.each(cells)('row %i, %s', (row, kind, value) => {
    expect(rows.get(row)).toEqual([kind, value]);
  });

  it('warns about the merged range only: every formula has its saved result', () => {
    expect(warnings).toEqual(['W_MERGED_CELLS']);
    expect(rows.size).toBe(cells.length);
  });
});

interface FileCase {
  readonly name: string;
  readonly file: string;
  readonly opts?: ReadOptions;
  readonly sheet: string;
  readonly headerRow: number;
  readonly headers: string[];
  readonly rows: { row: number; cells: CellValue[] }[];
  readonly stats?: Partial<{ dataRows: number; blankRows: number; skippedAboveHeader: number }>;
  readonly warnings: string[];
}

const registerHeaders = [
  'Asset Tag',
  'Description',
  'Serial No.',
  'Category',
  'Sub Cat',
  'Status',
  'Owner',
  'Country',
  'Purchase Date',
  'Purchase Cost ($)',
  'Warranty Exp.',
  'Vendor',
  'Notes',
];

const files: FileCase[] = [
  {
    name: 'asset-register.xlsx: the visible sheet, header under a merged title, text serials, date and currency cells, blank row 7, a merged category',
    file: 'asset-register.xlsx',
    opts: known(registerHeaders),
    sheet: 'Register',
    headerRow: 3,
    headers: registerHeaders,
    rows: [
      {
        row: 4,
        cells: [
          'ACME-LO-01',
          'LO finance laptop',
          '00412345',
          'Hardware',
          'Laptop',
          'In Use',
          'Alice Johnson',
          'USA',
          day(2023, 1, 31),
          1234.5,
          day(2026, 1, 31),
          'Dell Technologies',
          null,
        ],
      },
      {
        row: 5,
        cells: [
          'ACME-LO-02',
          'LO sales laptop',
          '0078-PF4A',
          'Hardware',
          'Laptop',
          'In Use',
          'Carol Williams',
          'U.K.',
          day(2023, 3, 15),
          899,
          day(2026, 3, 15),
          'Lenovo',
          'Order LO-2023-0315',
        ],
      },
      {
        row: 6,
        cells: [
          'ACME-LO-03',
          'LO Munich printer',
          '000981',
          'Hardware',
          'Printer',
          'In Use',
          'Eve Davis',
          'Deutschland',
          day(2023, 4, 18),
          429,
          day(2025, 4, 18),
          'CDW',
          null,
        ],
      },
      {
        row: 8,
        cells: [
          'ACME-LO-04',
          'LO database server',
          'J7QX9T9',
          'Hardware',
          'Server',
          'In Use',
          'IT Service Desk',
          'Germany',
          day(2023, 9, 28),
          18450.75,
          day(2028, 9, 28),
          'Dell Technologies',
          'Rack A4, U12',
        ],
      },
      {
        row: 9,
        cells: [
          'ACME-LO-05',
          'LO reception monitor',
          '0CN0H7X2',
          'Hardware',
          'Monitor',
          'In Stock',
          'Bob Smith',
          'United States',
          day(2023, 8, 7),
          579.99,
          day(2026, 8, 7),
          'CDW',
          null,
        ],
      },
      {
        row: 10,
        cells: ['TOTAL', null, null, null, null, null, null, null, null, 21593.24, null, null, null],
      },
    ],
    stats: { dataRows: 6, blankRows: 1, skippedAboveHeader: 2 },
    warnings: ['W_MERGED_CELLS'],
  },
  {
    name: 'customers.xlsx: boolean cells and boolean formulas, dates shown with a month name, text phone numbers and postcodes, a ZIP code number shown as 00000',
    file: 'customers.xlsx',
    sheet: 'Customers',
    headerRow: 1,
    headers: [
      'Customer Name',
      'Industry',
      'Contact',
      'Email',
      'Phone',
      'Postcode',
      'City',
      'Country',
      'NDA',
      'NDA Date',
      'MSA',
    ],
    rows: [
      {
        row: 2,
        cells: [
          'LO Customer Alpha',
          'Services',
          'Ada Lovelace',
          'ada@lo-alpha.example',
          '020 7946 0018',
          '02134',
          'Boston',
          'USA',
          true,
          day(2023, 1, 31),
          true,
        ],
      },
      {
        row: 3,
        cells: [
          'LO Customer Beta',
          'Hardware',
          'Alan Turing',
          'alan@lo-beta.example',
          '0161 496 0000',
          'M1 1AE',
          'Manchester',
          'UK',
          false,
          null,
          false,
        ],
      },
      {
        row: 4,
        cells: [
          'LO Customer Gamma',
          'Services',
          'Grace Hopper',
          'grace@lo-gamma.example',
          '+49 351 4960000',
          '01067',
          'Dresden',
          'Germany',
          true,
          day(2024, 2, 29),
          true,
        ],
      },
    ],
    warnings: [],
  },
  {
    name: 'assets-1904.xlsx: date1904="true" moves plain date cells and formula dates alike; formula results 0 and "" are values; a serial number shown as 0000000',
    file: 'assets-1904.xlsx',
    sheet: 'Assets',
    headerRow: 1,
    headers: [
      'Name',
      'Serial No.',
      'Purchase Date',
      'Warranty Exp.',
      'Purchase Cost ($)',
      'Salvage Value',
      'Notes',
    ],
    rows: [
      { row: 2, cells: ['LO Mac laptop 1', '0001904', day(2024, 3, 15), day(2027, 3, 15), 2499, 499, null] },
      {
        row: 3,
        cells: ['LO Mac mini 1', '0001905', day(2021, 6, 30), day(2024, 6, 30), 799, 0, 'warranty ended'],
      },
      { row: 4, cells: ['LO studio display', '0001906', day(2023, 11, 2), day(2026, 11, 2), 1599, 0, null] },
    ],
    warnings: [],
  },
  {
    name: 'contracts.xlsx: German dates ([$-407]dd/mm/yyyy) and euros (#,##0.00 [$€-407]), a currency formula',
    file: 'contracts.xlsx',
    sheet: 'Contracts',
    headerRow: 1,
    headers: [
      'Contract No.',
      'Type',
      'Name',
      'Supplier',
      'Customer',
      'Country',
      'Status',
      'Category',
      'Sub Cat',
      'Start',
      'End',
      'Notice (days)',
      'Total Value (€)',
      'Expenditure',
      'CapEx',
      'OpEx',
      'Parent',
    ],
    rows: [
      {
        row: 2,
        cells: [
          'FX-LO-CT-001',
          'Buy side',
          'Lenovo laptop supply',
          'Lenovo',
          null,
          'Germany',
          'Active',
          'Hardware',
          'Laptop',
          day(2024, 1, 1),
          day(2026, 12, 31),
          90,
          150000,
          'CapEx',
          null,
          null,
          null,
        ],
      },
      {
        row: 3,
        cells: [
          'FX-LO-CT-002',
          'Sell side',
          'Northwind support extension',
          null,
          'Northwind Traders',
          'USA',
          'Draft',
          'Services',
          'Support',
          day(2024, 3, 1),
          day(2027, 2, 28),
          60,
          240000,
          'Blended',
          40000,
          200000,
          'CT-2023-003',
        ],
      },
      {
        row: 4,
        cells: [
          'FX-LO-CT-003',
          'Buy side',
          'Microsoft 365 renewal',
          'Microsoft',
          null,
          'United Kingdom',
          'Active',
          'Software',
          'Productivity',
          day(2024, 7, 1),
          day(2025, 6, 30),
          30,
          45999.99,
          'OpEx',
          null,
          null,
          null,
        ],
      },
      {
        row: 5,
        cells: [
          'FX-LO-CT-004',
          'Buy side',
          'Dell monitors (dates swapped)',
          'Dell Technologies',
          null,
          'Germany',
          'Active',
          'Hardware',
          'Monitor',
          day(2024, 10, 1),
          day(2024, 9, 30),
          30,
          12500,
          'CapEx',
          null,
          null,
          null,
        ],
      },
    ],
    warnings: [],
  },
];

describe('LibreOffice files, sheet by sheet', () => {
  it.each(files)('$name', async (c) => {
    const { source, rows } = await readAll(join(FIX, c.file), c.opts);
    expect(source.format).toBe('xlsx');
    expect(source.sheet).toBe(c.sheet);
    expect(source.headerRow).toBe(c.headerRow);
    expect(source.headers).toEqual(c.headers);
    expect(rows).toEqual(c.rows);
    if (c.stats) expect(source.stats).toMatchObject(c.stats);
    expect(source.warnings.map((w) => w.code)).toEqual(c.warnings);
  });

  it('the hidden sheet LibreOffice marks state="hidden" is listed as hidden and not read by default', async () => {
    expect(await listSheets(join(FIX, 'asset-register.xlsx'))).toEqual([
      { name: 'Register', hidden: false, index: 1 },
      { name: 'Lists', hidden: true, index: 2 },
    ]);
    const lists = await readAll(join(FIX, 'asset-register.xlsx'), { sheet: 'Lists' });
    expect(lists.source.warnings.map((w) => w.code)).toEqual(['W_HIDDEN_SHEET']);
    expect(lists.rows.map((r) => r.cells)).toEqual([
      ['In Use', 'USA'],
      ['In Stock', 'Germany'],
    ]);
  });
});

describe('formula results the XML scanner keeps, across the chunks a large sheet arrives in', () => {
  const N = 20_000;
  let dir: string;
  let path: string;

  beforeAll(async () => {
    dir = scratchDir('xlsx-lo');
    path = join(dir, 'many-formulas.xlsx');
    // LibreOffice's own parts (styles with its boolean format), with a long sheet in place of
    // the first: each row has a formula of each kind whose result exceljs alone would lose.
    await rezip(join(FIX, 'cell-types.xlsx'), path, (name, text) => {
      if (name !== 'xl/worksheets/sheet1.xml') return undefined;
      // The style of row 18's TRUE: LibreOffice's boolean format `"TRUE";"TRUE";"FALSE"`.
      const boolStyle = /<c r="B18" s="(\d+)"/.exec(text)?.[1];
      if (!boolStyle) throw new Error('cell-types.xlsx has changed: B18 is no longer the TRUE cell');
      const rows = [
        `<row r="1">${['N', 'Zero', 'Empty', 'Error', 'Bool', 'Double'].map((h, i) => `<c r="${'ABCDEF'[i]}1" t="inlineStr"><is><t>${h}</t></is></c>`).join('')}</row>`,
      ];
      for (let r = 2; r <= N + 1; r++) {
        rows.push(
          `<row r="${r}"><c r="A${r}" s="0" t="n"><v>${r}</v></c>` +
            `<c r="B${r}" s="0" t="n"><f aca="false">A${r}*0</f><v>0</v></c>` +
            `<c r="C${r}" s="0" t="str"><f aca="false">&quot;&quot;</f><v></v></c>` +
            `<c r="D${r}" s="0" t="e"><f aca="false">1/0</f><v>#DIV/0!</v></c>` +
            `<c r="E${r}" s="${boolStyle}" t="n"><f aca="false">MOD(A${r},2)=0</f><v>${r % 2 === 0 ? 1 : 0}</v></c>` +
            `<c r="F${r}" s="0" t="n"><f aca="false">A${r}*2</f><v>${r * 2}</v></c></row>`,
        );
      }
      return text
        .replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${rows.join('')}</sheetData>`)
        .replace(/<mergeCells[\s\S]*?<\/mergeCells>|<hyperlinks>[\s\S]*?<\/hyperlinks>/g, '');
    });
  });
  afterAll(async () => removeDir(dir));

  it(`${N.toLocaleString('en')} rows: every 0, "", error and 1/0-as-boolean result arrives`, async () => {
    const { source, rows } = await readAll(path);
    expect(rows).toHaveLength(N);
    const wrong = rows.filter((r) => {
      const [n, zero, empty, error, bool, double] = r.cells;
      return (
        n !== r.row ||
        zero !== 0 ||
        empty !== null ||
        (error as { error?: string })?.error !== '#DIV/0!' ||
        bool !== (r.row % 2 === 0) ||
        double !== r.row * 2
      );
    });
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(source.warnings).toEqual([]);
  });
});
