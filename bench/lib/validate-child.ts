// One measurement in a fresh process, so its peak RSS is its own: `raw` parses the file
// with csv-parse alone (the baseline), `validate` runs our dry run over it. Prints one
// JSON line: rows, milliseconds, peak RSS. Run from the compiled bench (see build.ts).
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { validateSpreadsheet } from '../../src/run/import.js';

interface Counted {
  rows: number;
  invalid?: number;
}

async function raw(file: string): Promise<Counted> {
  let rows = 0;
  for await (const record of createReadStream(file).pipe(parse({ columns: false }))) {
    void record;
    rows++;
  }
  return { rows: rows - 1 }; // the header is not a row
}

async function validate(file: string, reportPath: string): Promise<Counted> {
  const summary = await validateSpreadsheet({
    file,
    resource: 'asset',
    connection: { sandbox: true, company: 1, rateLimit: 0, allowInsecureHttp: false },
    dateFormat: 'dd/MM/yyyy',
    reportPath,
  });
  if (summary.stopped) throw new Error(`validation stopped: ${summary.stopped.message}`);
  return { rows: summary.rows, invalid: summary.counts.invalid };
}

const [mode, file, reportPath] = process.argv.slice(2);
const t0 = performance.now();
const counted = mode === 'raw' ? await raw(file) : await validate(file, reportPath ?? `${file}.report.csv`);
const ms = performance.now() - t0;
// maxRSS is in kilobytes.
process.stdout.write(`${JSON.stringify({ mode, ...counted, ms, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
