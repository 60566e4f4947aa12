// One measurement in a fresh process, so its peak RSS is its own: `raw` parses the file
// with csv-parse alone (the baseline), `xlsx-floor` reads a workbook with exceljs's
// streaming reader alone (the XLSX baseline), `validate` runs our dry run over it.
// Prints one JSON line: rows, milliseconds, peak RSS. Run from the compiled bench (see build.ts).
// Each mode loads only its own modules (before the clock starts), so neither side's heap
// holds the other's code.
import { createReadStream } from 'node:fs';

interface Counted {
  rows: number;
  invalid?: number;
  /** Live heap once the look-ahead is done (after a full GC, when --expose-gc allows one): what the run holds per row. */
  heapAfterScanMb?: number;
}

/** The mode's modules loaded; the run to time. */
type Loaded = () => Promise<Counted>;

async function raw(file: string): Promise<Loaded> {
  const { parse } = await import('csv-parse');
  return async () => {
    let rows = 0;
    for await (const record of createReadStream(file).pipe(parse({ columns: false }))) {
      void record;
      rows++;
    }
    return { rows: rows - 1 }; // the header is not a row
  };
}

/** exceljs's streaming reader alone over a workbook's first sheet: the baseline (our XLSX reader was built on it until issue 17 replaced it with its own). */
async function xlsxFloor(file: string): Promise<Loaded> {
  const { default: ExcelJS } = await import('exceljs');
  return async () => {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    let rows = 0;
    for await (const ws of reader) {
      for await (const row of ws as AsyncIterable<{ values: unknown }>) {
        void row.values;
        rows++;
      }
      break;
    }
    return { rows: rows - 1 };
  };
}

async function validate(file: string, reportPath: string): Promise<Loaded> {
  const { validateSpreadsheet } = await import('../../src/run/import.js');
  return async () => {
    let heapAfterScanMb: number | undefined;
    const gc = (globalThis as { gc?: () => void }).gc;
    const summary = await validateSpreadsheet({
      file,
      resource: 'asset',
      connection: { sandbox: true, company: 1, rateLimit: 0, allowInsecureHttp: false },
      dateFormat: 'dd/MM/yyyy',
      reportPath,
      // The plan comes after the look-ahead and the lookups, before the first row is checked.
      onPlan: () => {
        if (!gc) return;
        gc();
        heapAfterScanMb = process.memoryUsage().heapUsed / 2 ** 20;
      },
    });
    if (summary.stopped) throw new Error(`validation stopped: ${summary.stopped.message}`);
    return { rows: summary.rows, invalid: summary.counts.invalid, heapAfterScanMb };
  };
}

const [mode, file, reportPath] = process.argv.slice(2);
const modes: Record<string, () => Promise<Loaded>> = {
  raw: () => raw(file),
  'xlsx-floor': () => xlsxFloor(file),
  validate: () => validate(file, reportPath ?? `${file}.report.csv`),
};
if (!modes[mode]) throw new Error(`mode: raw, xlsx-floor or validate, not ${mode}`);
const measured = await modes[mode]();
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const counted = await measured();
const ms = performance.now() - t0;
// CPU time (every thread, user and system) moves less than wall time on a shared machine.
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
// maxRSS is in kilobytes.
process.stdout.write(
  `${JSON.stringify({ mode, ...counted, ms, cpuMs, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
);
