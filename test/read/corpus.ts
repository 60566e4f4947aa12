// Builds the bad-input corpus of issue 7 (file level). Small files are committed under
// test/fixtures/bad/ (regenerate: REGEN_BAD_FIXTURES=1 npx vitest run test/read/bad-files.test.ts);
// large ones (zip bomb, 2 MB cell, 5,000 columns) are built at test time into test/.tmp/.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { readZip, rezip, writeZip } from './helpers.js';

export const BAD_DIR = join(import.meta.dirname, '..', 'fixtures', 'bad');

/** Spreadsheet XML namespace, for hand-written parts. */
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

function cp1252(text: string): Buffer {
  // Only the characters the fixtures use; € is 0x80 in Windows-1252.
  return Buffer.from([...text].map((ch) => (ch === '€' ? 0x80 : ch.charCodeAt(0))));
}

/** A fake OLE2 (compound file): its magic, then directory entry names in UTF-16, which is all the reader looks at. */
function ole2(streamNames: readonly string[]): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  const dir = Buffer.alloc(128 * 4);
  ['Root Entry', ...streamNames].slice(0, 4).forEach((name, i) => {
    const n = Buffer.from(`${name}\0`, 'utf16le');
    n.copy(dir, i * 128);
    dir.writeUInt16LE(n.length, i * 128 + 64);
  });
  return Buffer.concat([header, dir]);
}

async function registerWorkbook(): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Register');
  ws.addRow(['Name', 'Serial No.', 'Cost']);
  ws.addRow(['Laptop', 'SN-1', 1200]);
  ws.addRow(['Phone', 'SN-2', 300]);
  return wb;
}

/** The small files committed under test/fixtures/bad/, by name. */
export async function smallFixtures(): Promise<Record<string, Buffer>> {
  const register = Buffer.from(await (await registerWorkbook()).xlsx.writeBuffer());

  const errors = new ExcelJS.Workbook();
  const es = errors.addWorksheet('Costs');
  es.addRow(['Name', 'Cost', 'Ratio']);
  es.addRow([
    'Laptop',
    { formula: 'Z99+#REF!', result: { error: '#REF!' } },
    { formula: 'B2/0', result: { error: '#DIV/0!' } },
  ]);
  es.addRow(['Phone', { formula: 'VLOOKUP(A3,Z:Z,1,0)', result: { error: '#N/A' } }, { error: '#VALUE!' }]);
  es.addRow(['Tablet', { formula: '2*3', result: 6 }, { formula: 'B4>5', result: true }]);

  const dates = new ExcelJS.Workbook();
  const ds = dates.addWorksheet('Dates');
  ds.addRow(['Name', 'Bought']);
  // Raw serials with a date format: what Excel itself stores. Serial 60 is 29 Feb 1900.
  for (const [name, serial] of [
    ['fifteen', 15],
    ['fifty-nine', 59],
    ['sixty', 60],
    ['sixty-one', 61],
    ['recent', 45322],
  ] as const) {
    const row = ds.addRow([name, serial]);
    row.getCell(2).numFmt = 'yyyy-mm-dd';
  }

  const tmp = join(BAD_DIR, '..', '..', '.tmp', 'read');
  mkdirSync(tmp, { recursive: true });
  const src = join(tmp, `register-${process.pid}.xlsx`);
  writeFileSync(src, register);
  const entities = join(tmp, `entities-${process.pid}.xlsx`);
  // "Billion laughs": ten levels of ten references. Must be refused, never expanded.
  const laughs =
    '<!DOCTYPE sst [<!ENTITY lol "lol">' +
    Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
    ).join('') +
    ']>';
  await rezip(src, entities, (name, text) =>
    name === 'xl/sharedStrings.xml'
      ? text.replace('?>', `?>${laughs}`).replace('Laptop', '&lol9;')
      : undefined,
  );

  const ods = join(tmp, `sheet-${process.pid}.ods`);
  await writeZip(ods, [
    { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), method: 0 },
    {
      name: 'content.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>',
      ),
    },
    {
      name: 'META-INF/manifest.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>',
      ),
    },
  ]);

  return {
    'empty.csv': Buffer.alloc(0),
    'header-only.csv': Buffer.from('Name,Serial No.,Purchase Cost ($)\n'),
    'blank-lines-only.csv': Buffer.from('\n\n,,\n  \n'),
    'binary.csv': Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 37) % 256)),
    'image.csv': Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(24, 1),
    ]),
    'webpage.xls': Buffer.from(
      '<html><body><table><tr><td>Name</td><td>Serial</td></tr></table></body></html>\n',
    ),
    'tab-text.xls': Buffer.from('Name\tSerial No.\nLaptop\tSN-1\n'),
    'csv-named.xlsx': Buffer.from('Name,Serial No.\nLaptop,SN-1\n'),
    'xlsx-named.csv': register,
    // The lines after the quote are no rows (one cell each, the header two): nothing to repair.
    'unclosed-quote.csv': Buffer.from(
      'Name,Notes\nLaptop,ok\nPhone,"never closed\nthe note goes on\nand on\n',
    ),
    'stray-quote.csv': Buffer.from('Name,Size\nMonitor,"24"wide\nLaptop,13\n'),
    'mixed-delimiters.csv': Buffer.from('Name;Serial;Cost\nLaptop;A1;100\nPhone,B2,200\nTablet;C3;300\n'),
    'mapping.json': Buffer.from(
      '{\n  "resource": "asset",\n  "columns": { "Serial No.": "serial_number" }\n}\n',
    ),
    'nul-pattern.csv': Buffer.from(
      Array.from({ length: 512 }, (_, i) => (i % 2 === 1 ? 0 : ((i * 7) % 31) + 1)),
    ),
    'utf16le-no-bom.csv': Buffer.from('Name,Town\nLaptop,Müller\n', 'utf16le'),
    'utf16be-no-bom.csv': Buffer.from('Name,Town\nLaptop,Müller\n', 'utf16le').swap16(),
    'windows-1252.csv': cp1252('Name;Town;Price\nCafé;Müller;€5\n'),
    'duplicate-headers.csv': Buffer.from('Name,Serial,name\nLaptop,SN-1,Spare\n'),
    'whitespace-header.csv': Buffer.from('Name,   ,Cost\nLaptop,x,1\n'),
    'truncated.xlsx': register.subarray(0, Math.floor(register.length / 2)),
    'entities.xlsx': readFileSync(entities),
    'encrypted.xlsx': ole2(['EncryptionInfo', 'EncryptedPackage', '\u0006DataSpaces']),
    'old.xls': ole2(['Workbook', '\u0005SummaryInformation']),
    'sheet.ods': readFileSync(ods),
    'numbers.numbers': await (async () => {
      const p = join(tmp, `numbers-${process.pid}.numbers`);
      await writeZip(p, [{ name: 'Index/Document.iwa', data: Buffer.from([1, 2, 3]) }]);
      return readFileSync(p);
    })(),
    'formula-errors.xlsx': Buffer.from(await errors.xlsx.writeBuffer()),
    'excel-1900-dates.xlsx': Buffer.from(await dates.xlsx.writeBuffer()),
    'register.xlsx': register,
  };
}

/** Large or slow fixtures, built into `dir` at test time. */
export async function largeFixtures(dir: string): Promise<Record<string, string>> {
  const register = Buffer.from(await (await registerWorkbook()).xlsx.writeBuffer());
  const base = join(dir, 'register.xlsx');
  writeFileSync(base, register);
  const parts = await readZip(base);
  const sheetXml = (rows: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${rows}</sheetData></worksheet>`;
  const spaces = { repeat: Buffer.alloc(1024 * 1024, 0x20), times: 300 };
  const withSheet = (sheet: Buffer | typeof spaces, claimSize?: number) =>
    parts.map((p) =>
      p.name === 'xl/worksheets/sheet1.xml'
        ? { name: p.name, data: sheet, claimSize }
        : { name: p.name, data: p.data },
    );

  const out: Record<string, string> = {};
  out['zip-bomb.xlsx'] = join(dir, 'zip-bomb.xlsx');
  // 300 MB of spaces compress to about 300 KB: the directory alone gives it away.
  await writeZip(out['zip-bomb.xlsx'], withSheet(spaces));
  out['lying-bomb.xlsx'] = join(dir, 'lying-bomb.xlsx');
  // Same bytes, but the directory claims 1 MB: caught while inflating, at 1 MB.
  await writeZip(out['lying-bomb.xlsx'], withSheet(spaces, 1024 * 1024));

  const bigCell = 'x'.repeat(2 * 1024 * 1024);
  out['big-cell.csv'] = join(dir, 'big-cell.csv');
  writeFileSync(out['big-cell.csv'], `Name,Notes\nLaptop,"${bigCell}"\nPhone,short\n`);
  const big = new ExcelJS.Workbook();
  const bs = big.addWorksheet('Big');
  bs.addRow(['Name', 'Notes']);
  bs.addRow(['Laptop', bigCell]);
  bs.addRow(['Phone', 'short']);
  out['big-cell.xlsx'] = join(dir, 'big-cell.xlsx');
  await big.xlsx.writeFile(out['big-cell.xlsx']);

  const cols = 5000;
  const header = Array.from({ length: cols }, (_, i) => `Col ${i + 1}`);
  const row = Array.from({ length: cols }, (_, i) => String(i));
  out['wide.csv'] = join(dir, 'wide.csv');
  writeFileSync(out['wide.csv'], `${header.join(',')}\n${row.join(',')}\n${row.join(',')}\n`);
  const wide = new ExcelJS.Workbook();
  const ww = wide.addWorksheet('Wide');
  ww.addRow(header);
  ww.addRow(row.map(Number));
  out['wide.xlsx'] = join(dir, 'wide.xlsx');
  await wide.xlsx.writeFile(out['wide.xlsx']);

  // A sheet declaring an entity in its own XML (not only in shared strings).
  out['sheet-entities.xlsx'] = join(dir, 'sheet-entities.xlsx');
  await writeZip(
    out['sheet-entities.xlsx'],
    withSheet(
      Buffer.from(
        sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>&xxe;</t></is></c></row>').replace(
          '?>',
          '?><!DOCTYPE worksheet [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
        ),
      ),
    ),
  );
  // 5,000 well-formed rows (several chunks), then a broken close tag: exceljs's XML parser stops there.
  const inline = (r: number, a: string, b: string) =>
    `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${a}</t></is></c><c r="B${r}" t="inlineStr"><is><t>${b}</t></is></c></row>`;
  out['malformed-sheet.xlsx'] = join(dir, 'malformed-sheet.xlsx');
  await writeZip(
    out['malformed-sheet.xlsx'],
    withSheet(
      Buffer.from(
        sheetXml(
          `${inline(1, 'Name', 'Serial')}${Array.from({ length: 5000 }, (_, i) => inline(i + 2, `Item ${i}`, `SN-${i}`)).join('')}<row r="5002"><c r="A5002"><v>1</v></c></rowx>`,
        ),
      ),
    ),
  );

  // The sheet's compressed bytes are garbage: inflating fails.
  out['corrupt-deflate.xlsx'] = join(dir, 'corrupt-deflate.xlsx');
  await writeZip(
    out['corrupt-deflate.xlsx'],
    parts.map((p) =>
      p.name === 'xl/worksheets/sheet1.xml'
        ? {
            name: p.name,
            data: Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 131 + 7) % 256)),
            raw: true,
          }
        : p,
    ),
  );

  // A zip whose parts are encrypted by the zip format itself (flag bit 0), as 7-Zip or WinZip do.
  out['zip-encrypted.xlsx'] = join(dir, 'zip-encrypted.xlsx');
  await writeZip(
    out['zip-encrypted.xlsx'],
    parts.map((p) => ({ name: p.name, data: p.data, flags: 1 })),
  );
  return out;
}
