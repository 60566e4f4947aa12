// An exported workbook as LibreOffice Calc reads it: converted to CSV by `soffice` (which
// quotes text cells, and only those), the data sheet shows dates as days, money with two
// decimals, counts, yes/no as TRUE/FALSE, all unquoted (typed), and text quoted, as typed,
// a day that does not exist included. Skipped, saying why, when LibreOffice is absent.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CellValue, ExportColumn } from '../../src/export/flatten.js';
import type { TableWriter } from '../../src/export/writers/types.js';
import { XlsxWriter } from '../../src/export/writers/xlsx.js';

const col = (label: string, type: ExportColumn['type']): ExportColumn => ({
  key: label,
  label,
  type,
  read: () => null,
});
const COLUMNS = [
  col('Name', 'text'),
  col('Cost', 'decimal'),
  col('Bought', 'date'),
  col('Units', 'integer'),
  col('OK', 'boolean'),
  col('Tags', 'list'),
];
const ROWS: CellValue[][] = [
  // Each row, then the line LibreOffice writes for it.
  ['Laptop "Pro" & dock', 1234.5, '2024-03-31', 3, true, 'a; b'],
  ['Monitor, 27 inch', 0.1, '2000-01-01', 0, false, null],
  [null, 99, '2024-02-30', null, null, 'x'],
  ['two\nlines', -12.345, null, 120, true, ''],
];
const SHOWN = [
  '"Name","Cost","Bought","Units","OK","Tags"',
  '"Laptop ""Pro"" & dock",1234.50,2024-03-31,3,TRUE,"a; b"',
  '"Monitor, 27 inch",0.10,2000-01-01,0,FALSE,',
  ',99.00,"2024-02-30",,,"x"',
  '"two\nlines",-12.35,,120,TRUE,',
];

function soffice(): string | undefined {
  try {
    return execFileSync('which', ['soffice']).toString().trim() || undefined;
  } catch {
    return undefined;
  }
}

async function written(writer: (out: PassThrough) => TableWriter): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const w = writer(out);
  await w.beginSheet({ resource: 'asset', title: 'Assets', columns: COLUMNS });
  for (const r of ROWS) await w.writeRow(r);
  await w.endSheet();
  await w.finish({
    what: 'assets',
    source: 'x',
    company: 1,
    exportedAt: new Date(0),
    filters: {},
    sheets: [],
  });
  out.end();
  await once(out, 'end');
  return Buffer.concat(chunks);
}

const lo = soffice();
if (!lo) console.log('LibreOffice (soffice) is not installed: the conversion test is skipped');

describe.runIf(lo)('an exported workbook converted to CSV by LibreOffice', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ab-xlsx-lo-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('shows typed cells unquoted and text quoted, as typed', async () => {
    await writeFile(join(dir, 'export.xlsx'), await written((out) => new XlsxWriter(out)));
    // A profile of its own, so a LibreOffice already running elsewhere does not take the job.
    execFileSync(
      lo!,
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1',
        '--outdir',
        dir,
        join(dir, 'export.xlsx'),
      ],
      {
        stdio: 'ignore',
        timeout: 120_000,
      },
    );
    expect((await readFile(join(dir, 'export.csv'), 'utf8')).replace(/\r\n/g, '\n')).toBe(
      `${SHOWN.join('\n')}\n`,
    );
  }, 150_000);
});
