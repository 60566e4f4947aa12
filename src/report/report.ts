// Report stage: one line per data row, in input order, written as the run goes (memory
// does not grow with the file). Outcome columns come first and start with "#"; a report
// fed back as input is recognised by them and they are set aside (read/report-input.ts),
// so a report with its invalid rows fixed can be imported again as it is. Cells echo the
// user's data, so formula-like text is neutralised as in exports (and restored on reading).
import type ExcelJS from 'exceljs';
import { extname } from 'node:path';
import type { Writable } from 'node:stream';
import type { CellValue } from '../read/types.js';
import { cellText } from '../map/coerce.js';
import { formatRowIssue, type RowIssue } from '../validate/validate.js';
import { neutralizeCell } from '../export/neutralize.js';
import { openAtomic, type AtomicFile } from '../util/atomic-file.js';
import { loadExcelJS, type ExcelJS as ExcelJSModule } from '../util/exceljs.js';
import { REPORT_COLUMNS, SENT_COLUMN } from './columns.js';

export { REPORT_COLUMNS };

/** `not sent`: the run stopped (Ctrl-C, an error that stops it) before it sent the row. */
/**
 * `unchanged`: a sync's row whose record already holds its values; `missing`: a record a
 * sync's sheet no longer has; `conflict`: a sync's row with a field both the sheet and someone
 * in the service changed since the last run (that field is not written).
 */
export type RowStatus =
  | 'created'
  | 'updated'
  | 'skipped'
  | 'invalid'
  | 'failed'
  | 'valid'
  | 'not sent'
  | 'unchanged'
  | 'missing'
  | 'conflict';

/** A count of rows for each status, all 0. */
export const emptyCounts = (): Record<RowStatus, number> => ({
  created: 0,
  updated: 0,
  skipped: 0,
  invalid: 0,
  failed: 0,
  valid: 0,
  'not sent': 0,
  unchanged: 0,
  missing: 0,
  conflict: 0,
});

export interface RowOutcome {
  readonly row: number;
  readonly status: RowStatus;
  readonly id?: number;
  readonly issues: readonly RowIssue[];
  readonly warnings: readonly RowIssue[];
  readonly note?: string;
  readonly cells: readonly CellValue[];
  /** The cells as one CSV record, when the reader has it (SheetRow.text): echoed as it is. */
  readonly text?: string;
  /** The row's natural key (serial number, contract number, customer name), when it has one. */
  readonly key?: string;
  /** A record a sync found missing: its name, when the key is something else (said on its `missing:` line). */
  readonly name?: string;
  /** An update's row skipped because its record already has its values (nothing sent). */
  readonly unchanged?: boolean;
  /** An update's row still as exported, skipped without reading its record (nothing to send). */
  readonly asExported?: boolean;
  /** An update's row an earlier run of it finished with the same body, skipped without reading its record. */
  readonly doneBefore?: boolean;
  /** Update dry runs: what would change, field by field (lookups with their names). */
  readonly changes?: readonly {
    field: string;
    from: unknown;
    to: unknown;
    fromName?: string;
    toName?: string;
  }[];
  /** Dry runs: the body the row would send, after coercion and lookups. */
  readonly sent?: Readonly<Record<string, unknown>>;
}

/**
 * The `#row` cell: the row's number in the sheet, empty for a line that is no row of it (a
 * record a sync found missing from the sheet, which has its `#id` and its key instead).
 */
const sheetRowText = (o: RowOutcome): string => (o.row > 0 ? String(o.row) : '');

function outcomeMessage(o: RowOutcome): string {
  const parts = o.issues.map(formatRowIssue);
  if (o.note) parts.push(o.note);
  if (o.changes?.length)
    parts.push(`would change: ${o.changes.map((c) => `${c.field}: ${showChange(c)}`).join('; ')}`);
  return parts.join('; ');
}

/** `United Kingdom (826) → Germany (276)`: a lookup's names beside its ids, else the values. */
function showChange(c: NonNullable<RowOutcome['changes']>[number]): string {
  const side = (v: unknown, name: string | undefined) =>
    name !== undefined ? `${name} (${show(v)})` : show(v);
  return `${side(c.from, c.fromName)} → ${side(c.to, c.toName)}`;
}

/** The `#sent` cell: the body as JSON, empty for a row that would send nothing. */
const sentText = (o: RowOutcome): string => (o.sent ? JSON.stringify(o.sent) : '');

/** A body as (field, value) lines, nested objects by dot path: the XLSX report's "Sent" sheet. */
function sentLines(body: Readonly<Record<string, unknown>>, prefix = ''): [string, unknown][] {
  return Object.entries(body).flatMap(([k, v]): [string, unknown][] => {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v) && k !== 'template')
      return sentLines(v as Record<string, unknown>, path);
    return [[path, v !== null && typeof v === 'object' ? JSON.stringify(v) : v]];
  });
}

const show = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? '(empty)'
    : typeof v === 'object'
      ? JSON.stringify(v)
      : String(v);

export interface ReportWriter {
  readonly path: string;
  /** A promise only when the file asks the writer to wait (backpressure). */
  write(o: RowOutcome): void | Promise<void>;
  /** Close and move into place; `summary` goes into JSON reports. */
  close(summary?: unknown): Promise<void>;
  abort(): Promise<void>;
}

export function reportFormat(path: string): 'csv' | 'xlsx' | 'json' {
  const ext = extname(path).toLowerCase();
  return ext === '.xlsx' ? 'xlsx' : ext === '.json' ? 'json' : 'csv';
}

/** How often a CSV report's finished rows reach the file, at the latest (for `tail -f`). */
const REPORT_FLUSH_MS = 2000;

/** `sent`: a dry run's report, with what each row would send (`#sent`, the XLSX "Sent" sheet, JSON's `sent`). */
export async function openReport(
  path: string,
  headers: readonly string[],
  opts: { raw?: boolean; sent?: boolean } = {},
): Promise<ReportWriter> {
  const format = reportFormat(path);
  // A CSV report grows row by row as rows finish, in input order, under <report>.<pid>.part (to
  // follow with `tail -f`), and takes its name when complete; the others appear whole at the end.
  const file = await openAtomic(path, { visible: format === 'csv' });
  if (format === 'csv') return csvReport(path, file, headers, opts.raw ?? false, opts.sent ?? false);
  if (format === 'json') return jsonReport(path, file, headers);
  return xlsxReport(await loadExcelJS(), path, file, headers, opts.sent ?? false);
}

/** Wait for the file to take more, or fail with its write error (a full disk) instead of waiting forever. */
function drain(stream: Writable, ok: boolean): Promise<void> {
  if (stream.errored) return Promise.reject(stream.errored);
  if (ok) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => {
      stream.off('drain', onDrain);
      reject(e);
    };
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}

/** CSV report lines are gathered and written this many at a time. */
const CSV_BATCH = 128;

/** Characters that make csv-stringify (as called here, default options) quote a field. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field as csv-stringify quotes it (default options): in quotes, with quotes doubled, when it must be. */
function quoteField(s: string): string {
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Fields joined into a CSV record (no line end), byte for byte as csv-stringify writes them
 * (default options). Done here because csv-stringify's cost is in each call, and a report
 * calls it once a row, on the checking thread (bench/results.md, "XLSX validation").
 */
function csvRecord(fields: readonly string[]): string {
  let line = quoteField(fields[0]);
  for (let i = 1; i < fields.length; i++) line += `,${quoteField(fields[i])}`;
  return line;
}

function csvReport(
  path: string,
  file: AtomicFile,
  headers: readonly string[],
  raw: boolean,
  sent: boolean,
): ReportWriter {
  const safe = (s: string) => (raw ? s : neutralizeCell(s));
  const stream = file.stream;
  const ours = sent ? [...REPORT_COLUMNS, SENT_COLUMN] : REPORT_COLUMNS;
  // The header row echoes the user's headers too, so it is neutralised like the cells.
  stream.write(`${csvRecord([...ours, ...headers.map((h, i) => safe(h || `Column ${i + 1}`))])}\n`);
  // Lines are gathered and written a batch at a time. Rows whose cells come as a record
  // (SheetRow.text) are echoed as that text; the others are quoted cell by cell.
  const lines: string[] = [];
  const width = headers.length;
  const flush = (): void | Promise<void> => {
    if (lines.length === 0) return stream.errored ? drain(stream, true) : undefined;
    const ok = stream.write(lines.join(''));
    lines.length = 0;
    if (!ok || stream.errored) return drain(stream, ok);
  };
  let queued = 0;
  // Rows finished while the run waits for the rate limit still show within REPORT_FLUSH_MS.
  const timer = setInterval(() => {
    queued = 0;
    void Promise.resolve(flush()).catch(() => undefined);
    file.flush();
  }, REPORT_FLUSH_MS);
  timer.unref();
  return {
    path,
    write(o) {
      const message = o.issues.length === 0 && !o.note && !o.changes ? '' : safe(outcomeMessage(o));
      const warnings = o.warnings.length === 0 ? '' : safe(o.warnings.map(formatRowIssue).join('; '));
      const fields = [sheetRowText(o), o.status, o.id === undefined ? '' : String(o.id), message, warnings];
      if (sent) fields.push(safe(sentText(o)));
      // A row read as a CSV record is echoed as that text, as it came.
      if (o.text !== undefined) lines.push(`${csvRecord(fields)},${o.text}\n`);
      else {
        for (let i = 0; i < width; i++) {
          const c = o.cells[i];
          fields.push(c === null || c === undefined ? '' : safe(typeof c === 'string' ? c : cellText(c)));
        }
        lines.push(`${csvRecord(fields)}\n`);
      }
      if (++queued >= CSV_BATCH) {
        queued = 0;
        return flush();
      }
    },
    async close() {
      clearInterval(timer);
      await flush();
      await file.commit();
    },
    abort: () => {
      clearInterval(timer);
      return file.abort();
    },
  };
}

function jsonReport(path: string, file: AtomicFile, headers: readonly string[]): ReportWriter {
  let first = true;
  const s = file.stream;
  s.write('{"rows":[\n');
  return {
    path,
    async write(o) {
      const cells: Record<string, string> = {};
      headers.forEach((h, i) => {
        const t = cellText(o.cells[i]);
        if (t !== '') cells[h || `Column ${i + 1}`] = t;
      });
      const line = JSON.stringify({
        row: o.row > 0 ? o.row : null,
        status: o.status,
        id: o.id,
        issues: o.issues,
        warnings: o.warnings,
        note: o.note,
        changes: o.changes,
        sent: o.sent,
        cells,
      });
      await drain(s, s.write((first ? '' : ',\n') + line));
      first = false;
    },
    async close(summary) {
      s.write(`\n],"summary":${JSON.stringify(summary ?? null)}}\n`);
      await file.commit();
    },
    abort: () => file.abort(),
  };
}

function xlsxReport(
  excel: ExcelJSModule,
  path: string,
  file: AtomicFile,
  headers: readonly string[],
  sent: boolean,
): ReportWriter {
  const wb = new excel.stream.xlsx.WorkbookWriter({
    stream: file.stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
  const allHeaders = [...REPORT_COLUMNS, ...headers.map((h, i) => h || `Column ${i + 1}`)];
  ws.columns = allHeaders.map((h, i) => ({
    header: h,
    key: String(i),
    width: i === 3 ? 60 : Math.min(40, Math.max(10, h.length + 2)),
  }));
  ws.getRow(1).font = { bold: true };
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: allHeaders.length } };
  const fill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
  const statusFill: Record<string, string> = {
    invalid: 'FFFFC7CE',
    failed: 'FFFFC7CE',
    created: 'FFC6EFCE',
    updated: 'FFC6EFCE',
    valid: 'FFC6EFCE',
    skipped: 'FFFFEB9C',
    'not sent': 'FFD9D9D9',
    missing: 'FFDDEBF7',
  };
  // A dry run's second sheet: what each row would send, a line a field (rows as they come, in order).
  const sentSheet = sent ? wb.addWorksheet('Sent', { views: [{ state: 'frozen', ySplit: 1 }] }) : undefined;
  if (sentSheet) {
    sentSheet.columns = [
      { header: '#row', key: 'row', width: 8 },
      { header: 'field', key: 'field', width: 32 },
      { header: 'value', key: 'value', width: 40 },
    ];
    sentSheet.getRow(1).font = { bold: true };
  }
  return {
    path,
    async write(o) {
      const values: unknown[] = [
        o.row > 0 ? o.row : null,
        o.status,
        o.id ?? null,
        outcomeMessage(o),
        o.warnings.map(formatRowIssue).join('; '),
      ];
      headers.forEach((_, i) => {
        const c = o.cells[i];
        if (c instanceof Date || typeof c === 'number' || typeof c === 'boolean') values.push(c);
        else {
          // A string cell never runs as a formula (exceljs writes strings as strings), so
          // formula-like text is safe here as it is; CSV needs the prefix instead.
          const t = cellText(c);
          values.push(t === '' ? null : t);
        }
      });
      const row = ws.addRow(values);
      row.getCell(2).fill = {
        type: 'pattern',
        pattern: 'solid',
        fgColor: { argb: statusFill[o.status] ?? 'FFFFFFFF' },
      };
      for (const issue of [...o.issues]) {
        if (issue.column === undefined) continue;
        const idx = headers.indexOf(issue.column);
        if (idx < 0) continue;
        const cell = row.getCell(REPORT_COLUMNS.length + idx + 1);
        cell.fill = fill;
        cell.note = formatRowIssue(issue);
      }
      row.commit();
      if (sentSheet && o.sent)
        for (const [field, value] of sentLines(o.sent))
          sentSheet.addRow([o.row, field, value ?? null]).commit();
    },
    async close() {
      ws.commit();
      sentSheet?.commit();
      await wb.commit();
      await file.commit();
    },
    abort: () => file.abort(),
  };
}
