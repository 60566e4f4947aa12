// The read stage's entry points: open a CSV, TSV or XLSX file and stream its rows under a
// header, or list an XLSX's sheets. The file's content decides the format; the name only
// breaks ties (tab first for .tsv).
import { createReadStream } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { AssetbatchError, type Location } from '../errors.js';
import { openText } from './csv/csv.js';
import { CONVERT_HINT, ENCRYPTED_PACKAGE_UTF16, sniffBytes } from './detect.js';
import { formatBytes, readError, WarningSink } from './problems.js';
import { readReportInput } from './report-input.js';
import { assembleSource, type RawSheet } from './source.js';
import { NO_HEADER_ROW, type ReadOptions, type ReadWarning, type SheetSource } from './types.js';

export type * from './types.js';
export { NO_HEADER_ROW } from './types.js';

const DEFAULT_MAX_TEXT_BYTES = 1024 ** 3;
const DEFAULT_MAX_XLSX_BYTES = 200 * 1024 ** 2;
const DEFAULT_MAX_INFLATED_BYTES = 1024 ** 3;
/**
 * XLSX: the text all cells of a sheet may hold together, counted as read. A shared string
 * or a merged range repeats one text in many cells, so a small part can expand to far more
 * text than its XML (a 40 MB string in 1,000 cells is 40 GB); a real sheet's text is never
 * more than its XML. Characters, not bytes. Set with ReadOptions.maxCellText.
 */
export const DEFAULT_MAX_CELL_TEXT = 1024 ** 3;
/** CSV files from this size are parsed in a worker thread, beside the checks of their rows. */
const WORKER_MIN_BYTES = 4 * 1024 ** 2;
/** Workbooks from this size are read in a worker thread, beside the checks of their rows. */
const XLSX_WORKER_MIN_BYTES = 512 * 1024;
/** Enough to sniff encoding and delimiter on the first lines; never the whole file. */
const SAMPLE_BYTES = 256 * 1024;

interface Opened {
  readonly fh: FileHandle;
  readonly size: number;
  readonly sample: Buffer;
}

function checkOptions(opts: ReadOptions, where: Location): void {
  const bad = (what: string) => readError('E_USAGE', where, what);
  if (opts.headerRow !== undefined && (!Number.isInteger(opts.headerRow) || opts.headerRow < NO_HEADER_ROW)) {
    throw bad(
      `the header row must be a whole number from 1 (or 0: no header row), not ${String(opts.headerRow)}`,
    );
  }
  if (typeof opts.sheet === 'number' && (!Number.isInteger(opts.sheet) || opts.sheet < 1)) {
    throw bad(`a sheet number counts tabs from 1; ${opts.sheet} is not one`);
  }
  if (opts.delimiter !== undefined && (opts.delimiter.length !== 1 || /[\r\n"]/.test(opts.delimiter))) {
    throw bad(
      `the delimiter must be one character (such as , ; | or a tab), not ${JSON.stringify(opts.delimiter)}`,
    );
  }
  for (const [name, v] of [
    ['maxBytes', opts.maxBytes],
    ['maxInflatedBytes', opts.maxInflatedBytes],
    ['maxCellText', opts.maxCellText],
  ] as const) {
    if (v !== undefined && !(v > 0)) throw bad(`${name} must be a positive number of bytes`);
  }
}

/**
 * Refuses at once what is not a regular file. Opening a pipe with no writer waits forever,
 * and the file is read more than once (the header, a side scan of dates, then the rows),
 * which a pipe or standard input cannot give.
 */
async function refuseNonFiles(file: string, where: Location): Promise<void> {
  const hint = 'Save it to a file first (for example: command > register.csv) and import that file.';
  if (file === '-')
    throw readError(
      'E_USAGE',
      where,
      'standard input (-) cannot be read: the file is read more than once (to find its header, then its rows)',
      { hint },
    );
  let st;
  try {
    st = await stat(file);
  } catch {
    return; // open() below names the problem.
  }
  const what = st.isFIFO()
    ? 'a pipe (FIFO)'
    : st.isSocket()
      ? 'a socket'
      : st.isCharacterDevice() || st.isBlockDevice()
        ? 'a device'
        : undefined;
  if (what)
    throw readError(
      'E_FILE_FORMAT',
      where,
      `is ${what}, not a file: it cannot be read more than once (to find its header, then its rows)`,
      { hint },
    );
}

async function openFile(file: string): Promise<Opened> {
  const where = { file };
  await refuseNonFiles(file, where);
  let fh: FileHandle;
  try {
    fh = await open(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw readError('E_FILE_NOT_FOUND', where, 'file not found', {
        hint: 'Check the path; relative paths start from the current folder.',
        cause: err,
      });
    }
    if (code === 'EACCES' || code === 'EPERM')
      throw readError('E_FILE_NOT_FOUND', where, 'cannot be opened: permission denied', { cause: err });
    throw readError('E_FILE_NOT_FOUND', where, `cannot be opened (${code ?? (err as Error).message})`, {
      cause: err,
    });
  }
  try {
    const st = await fh.stat();
    if (st.isDirectory()) throw readError('E_FILE_FORMAT', where, 'is a folder, not a file');
    if (st.size === 0) throw readError('E_FILE_EMPTY', where, 'is empty (0 bytes)');
    const sample = Buffer.alloc(Math.min(SAMPLE_BYTES, st.size));
    const { bytesRead } = await fh.read(sample, 0, sample.length, 0);
    return { fh, size: st.size, sample: sample.subarray(0, bytesRead) };
  } catch (err) {
    await fh.close();
    if (err instanceof AssetbatchError) throw err;
    // EISDIR on some systems arrives from read(), not stat().
    throw readError(
      'E_FILE_FORMAT',
      where,
      `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      { cause: err },
    );
  }
}

function checkSize(size: number, limit: number, kind: string, where: Location): void {
  if (size > limit) {
    throw readError(
      'E_FILE_TOO_LARGE',
      where,
      `is ${formatBytes(size)}, over the limit of ${formatBytes(limit)} for ${kind} files`,
      {
        hint: 'Split it into smaller files and import them one by one.',
      },
    );
  }
}

/** OLE2 is either an old .xls or a password-protected .xlsx (its "EncryptedPackage" stream). */
async function refuseOle2(file: string, where: Location): Promise<never> {
  let carry = Buffer.alloc(0);
  let encrypted = false;
  const s = createReadStream(file, { highWaterMark: 1024 * 1024 });
  try {
    for await (const chunk of s as AsyncIterable<Buffer>) {
      const buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      if (buf.includes(ENCRYPTED_PACKAGE_UTF16)) {
        encrypted = true;
        break;
      }
      carry = Buffer.from(buf.subarray(Math.max(0, buf.length - ENCRYPTED_PACKAGE_UTF16.length)));
    }
  } finally {
    s.destroy();
  }
  if (encrypted) {
    throw readError(
      'E_FILE_ENCRYPTED',
      where,
      'is password-protected; remove the password in Excel (File → Info → Protect Workbook → Encrypt with Password, clear it) and save again',
      {
        hint: 'In LibreOffice: File → Save As, untick "Save with password".',
      },
    );
  }
  throw readError(
    'E_FILE_UNSUPPORTED',
    where,
    'is an old-style Excel workbook (.xls), which is not supported',
    { hint: CONVERT_HINT },
  );
}

/**
 * A workbook's sheet, in this thread or a worker. The XLSX reader (the zip directory, the
 * inflating, the cells) is loaded only for a workbook: a CSV's run does not pay for it.
 */
async function openXlsx(
  fh: FileHandle,
  file: string,
  size: number,
  ext: string,
  opts: ReadOptions,
  warnings: WarningSink,
): Promise<RawSheet> {
  const where: Location = { file };
  const maxInflatedBytes = opts.maxInflatedBytes ?? opts.maxBytes ?? DEFAULT_MAX_INFLATED_BYTES;
  const maxCellText = opts.maxCellText ?? DEFAULT_MAX_CELL_TEXT;
  const { startXlsxWorker, xlsxWorkerAvailable } = await import('./worker/xlsx-thread.js');
  // The reading thread starts first: its start and its own opening of the workbook are
  // then done while this thread loads the reader and opens the workbook to choose the sheet.
  const worker =
    (opts.worker ?? size >= XLSX_WORKER_MIN_BYTES) && xlsxWorkerAvailable()
      ? startXlsxWorker({ file, size, maxInflatedBytes, maxCellText }, opts.readAhead)
      : undefined;
  try {
    const { chooseSheet, openWorkbook, openXlsxSheet } = await import('./xlsx/xlsx.js');
    const wb = await openWorkbook(fh, file, size, where, maxInflatedBytes);
    const sheet = chooseSheet(wb, opts.sheet, where, warnings);
    if (ext === '.csv' || ext === '.tsv' || ext === '.txt') {
      warnings.add({
        code: 'W_FORMAT',
        message: `is named ${ext} but is an Excel workbook; it was read as one`,
      });
    }
    return worker
      ? worker.read(sheet.name, warnings)
      : await openXlsxSheet({ file, wb, sheet, warnings, maxCellText });
  } catch (err) {
    await worker?.cancel();
    throw err;
  }
}

/**
 * Opens a spreadsheet for reading: sniffs the format, finds the header and returns the
 * header plus a stream of data rows; a report of ours comes with its outcome columns set
 * aside (report-input.ts). Throws AssetbatchError (E_FILE_*, E_SHEET_NOT_FOUND,
 * E_HEADER_NOT_FOUND, E_USAGE) for problems found before the first row; problems found
 * while streaming (E_CSV_PARSE, E_FILE_CORRUPT) are thrown from the rows iterator.
 */
export async function openSheet(file: string, opts: ReadOptions = {}): Promise<SheetSource> {
  const where: Location = { file };
  checkOptions(opts, where);
  const { fh, size, sample } = await openFile(file);
  const warnings = new WarningSink([] as ReadWarning[]);
  const ext = extname(file).toLowerCase();
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await fh.close();
    }
  };
  try {
    const sniffed = sniffBytes(sample, where);
    if (sniffed.kind === 'ole2') {
      await close();
      return await refuseOle2(file, where);
    }
    if (sniffed.kind === 'zip') {
      checkSize(size, opts.maxBytes ?? DEFAULT_MAX_XLSX_BYTES, 'Excel', where);
      const raw = await openXlsx(fh, file, size, ext, opts, warnings);
      // Everything after this reads by path: the handle is only for the directory.
      await close();
      return readReportInput(await assembleSource(file, raw, opts));
    }
    await close();
    if (ext === '.json') {
      throw readError('E_FILE_FORMAT', where, 'is a JSON file, not a spreadsheet', {
        hint: 'Give the spreadsheet (.xlsx, .csv or .tsv) as the file; a mapping file goes with --mapping.',
      });
    }
    checkSize(size, opts.maxBytes ?? DEFAULT_MAX_TEXT_BYTES, 'text', where);
    if (opts.sheet !== undefined) {
      warnings.add({
        code: 'W_SHEET_IGNORED',
        message: `is a text file with a single table; the sheet choice (${JSON.stringify(opts.sheet)}) is ignored`,
      });
    }
    if (ext === '.xlsx' || ext === '.xlsm' || ext === '.xls') {
      warnings.add({
        code: 'W_FORMAT',
        message: `is named ${ext} but is a text file; it was read as CSV/TSV`,
      });
    }
    const raw = openText({
      file,
      encoding: sniffed.encoding,
      guessedEncoding: sniffed.guessed,
      encodingWhy: sniffed.why,
      sample,
      wholeFile: sample.length >= size,
      preferTab: ext === '.tsv' || ext === '.tab',
      delimiter: opts.delimiter,
      warnings,
      worker: opts.worker ?? size >= WORKER_MIN_BYTES,
    });
    return readReportInput(await assembleSource(file, raw, opts));
  } catch (err) {
    await close();
    if (err instanceof AssetbatchError) throw err;
    throw readError('E_FILE_CORRUPT', where, `could not be read: ${(err as Error)?.message ?? String(err)}`, {
      cause: err,
    });
  }
}

export interface SheetListing {
  readonly name: string;
  readonly hidden: boolean;
  /** 1-based tab position, the number `--sheet N` takes. */
  readonly index: number;
}

/** The worksheets of an XLSX in tab order; a text file is one sheet named after the file. */
export async function listSheets(file: string): Promise<SheetListing[]> {
  const where: Location = { file };
  const { fh, size, sample } = await openFile(file);
  try {
    const sniffed = sniffBytes(sample, where);
    if (sniffed.kind === 'ole2') {
      await fh.close();
      return await refuseOle2(file, where);
    }
    if (sniffed.kind === 'text') return [{ name: basename(file, extname(file)), hidden: false, index: 1 }];
    checkSize(size, DEFAULT_MAX_XLSX_BYTES, 'Excel', where);
    const { openWorkbook } = await import('./xlsx/xlsx.js');
    const wb = await openWorkbook(fh, file, size, where, DEFAULT_MAX_INFLATED_BYTES);
    return wb.sheets
      .filter((s) => s.kind === 'worksheet')
      .map((s) => ({ name: s.name, hidden: s.hidden, index: s.index }));
  } catch (err) {
    if (err instanceof AssetbatchError) throw err;
    throw readError('E_FILE_CORRUPT', where, `could not be read: ${(err as Error)?.message ?? String(err)}`, {
      cause: err,
    });
  } finally {
    await fh.close().catch(() => undefined);
  }
}
