// A realistic legacy asset register as CSV, of any size, written as it is generated (the
// file never sits in memory): the headers a user's export has, the seed account's names,
// day-first dates, money with symbols and thousands separators, and a few bad rows.
// Rows are a function of their number, so the same size always gives the same file.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { once } from 'node:events';

export const ASSET_HEADERS = [
  'Name',
  'Serial No.',
  'Category',
  'Sub Cat',
  'Country',
  'Purchase Cost ($)',
  'Purchase Date',
  'Status',
  'Notes',
];

// The seed account's lists (src/sandbox/seed): every name here resolves in company 1.
const KINDS = [
  [
    'Laptop',
    'Hardware',
    'Laptop',
    ['Latitude 7440', 'ThinkPad T14 Gen 4', 'MacBook Pro 14 M3', 'EliteBook 840 G10'],
  ],
  ['Desktop', 'Hardware', 'Desktop', ['OptiPlex 7010', 'ThinkCentre M90q', 'iMac 24']],
  ['Monitor', 'Hardware', 'Monitor', ['UltraSharp U2723QE', 'HP E24 G5']],
  ['Server', 'Hardware', 'Server', ['PowerEdge R760', 'PowerEdge R650']],
  ['Phone', 'Hardware', 'Mobile Phone', ['iPhone 15', 'Galaxy S24']],
  ['Licence', 'Software', 'Productivity', ['Office 365 E3', 'Acrobat Pro']],
] as const;
const COUNTRIES = ['USA', 'USA', 'USA', 'Germany', 'United Kingdom'];
const STATUSES = ['In Use', 'In Use', 'In Use', 'In Stock', 'In Repair'];
const NOTES = [
  '',
  '',
  '',
  'Docking station included',
  'Screen replaced, see ticket "INC-4411"',
  'Leased, returns 2027',
  'Spare, keep in cabinet B',
];

/** One bad value, in turn, so the report has every kind of row issue a register has. */
const BAD: readonly ((cells: string[]) => void)[] = [
  (c) => void (c[4] = 'Untied States'), // a country that is not found, with a suggestion
  (c) => void (c[6] = '31/02/2023'), // a date that does not exist
  (c) => void (c[5] = '(12.00)'), // money in brackets: negative
  (c) => void (c[0] = `${c[0]} ${'x'.repeat(60)}`), // a name over its length limit
  (c) => void (c[7] = 'Borrowed'), // a usage status that is not in the list
  (c) => void (c[0] = ''), // the required name missing
];

export interface RegisterOptions {
  /** Every n-th row carries one bad value (default 50: 2% of rows are invalid). */
  readonly invalidEvery?: number;
  /** Serial numbers start here, so that runs into one account do not collide. */
  readonly serialPrefix?: string;
  /** Every row's Notes filled out to this many characters: a file of a given size in fewer rows. */
  readonly notesLength?: number;
}

const quote = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const pad = (n: number, w: number): string => String(n).padStart(w, '0');
const FILLER = ' Checked at the yearly audit, label and serial match the invoice.';
const fillNotes = (note: string, length: number | undefined): string =>
  length === undefined ? note : (note + FILLER.repeat(Math.ceil(length / FILLER.length))).slice(0, length);
/** `$1,234.50` (toLocaleString would do, at a tenth of the speed). */
const money = (v: number): string => {
  const [whole, cents] = v.toFixed(2).split('.');
  return `$${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
};

/** The cells of data row `i` (0-based) and whether they are meant to be invalid. */
export function registerRow(i: number, opts: RegisterOptions = {}): { cells: string[]; invalid: boolean } {
  const every = opts.invalidEvery ?? 50;
  const [word, category, sub, models] = KINDS[i % KINDS.length];
  const model = models[(i >>> 3) % models.length];
  const cost = 150 + ((i * 7919) % 350_000) / 100;
  const day = 1 + ((i * 13) % 28);
  const month = 1 + ((i * 7) % 12);
  const year = 2016 + (i % 9);
  const cells = [
    `${word} ${model} ${pad(i + 1, 7)}`,
    `${opts.serialPrefix ?? 'SN-BENCH-'}${pad(i + 1, 7)}`,
    category,
    sub,
    COUNTRIES[i % COUNTRIES.length],
    money(cost),
    `${pad(day, 2)}/${pad(month, 2)}/${year}`,
    STATUSES[(i >>> 1) % STATUSES.length],
    fillNotes(NOTES[i % NOTES.length], opts.notesLength),
  ];
  const invalid = every > 0 && i % every === every - 1;
  if (invalid) BAD[Math.floor(i / every) % BAD.length](cells);
  return { cells, invalid };
}

/**
 * Write a register of `rows` data rows to `path` (skipped when a file of that name is
 * already there: the name should carry the size). Returns the number of invalid rows.
 */
export async function writeRegisterCsv(
  path: string,
  rows: number,
  opts: RegisterOptions = {},
): Promise<{ invalid: number; bytes: number }> {
  const every = opts.invalidEvery ?? 50;
  const invalid = every > 0 ? Math.floor(rows / every) : 0;
  const existing = await stat(path).catch(() => undefined);
  if (existing && existing.size > 0) return { invalid, bytes: existing.size };
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const out = createWriteStream(tmp);
  out.write(`${ASSET_HEADERS.join(',')}\n`);
  const batch: string[] = [];
  for (let i = 0; i < rows; i++) {
    batch.push(registerRow(i, opts).cells.map(quote).join(','));
    if (batch.length === 2_000 || i === rows - 1) {
      if (!out.write(`${batch.join('\n')}\n`)) await once(out, 'drain');
      batch.length = 0;
    }
  }
  out.end();
  await once(out, 'close');
  await rename(tmp, path);
  return { invalid, bytes: (await stat(path)).size };
}
