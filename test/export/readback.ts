// Reading an export back (CSV through csv-parse, XLSX through exceljs, JSON) and the
// expected cell for a record, worked out from the raw record (not through flatten).
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { getPath } from '../../src/resources/fields.js';
import type { ExportColumn } from '../../src/export/flatten.js';
import { isDangerous } from '../../src/export/neutralize.js';

export interface Table {
  header: string[];
  rows: unknown[][];
  /** exceljs cell types, XLSX only. */
  types?: ExcelJS.ValueType[][];
}

export async function readCsv(file: string): Promise<Table> {
  const rows = parse(await readFile(file), { bom: true, relax_column_count: false }) as string[][];
  return { header: rows[0], rows: rows.slice(1) };
}

/** A cell's value, with an inline string (a one-run rich text) read as its text. */
export function cellValue(cell: ExcelJS.Cell): unknown {
  const v = cell.value;
  if (v && typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  return v;
}

/** Text cells are inline strings: exceljs reads them as rich text; never a formula. */
export const TEXT_CELL = ExcelJS.ValueType.RichText;

export async function readXlsx(file: string, sheet?: string): Promise<Table> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = sheet ? wb.getWorksheet(sheet)! : wb.worksheets[0];
  const width = Math.max(ws.getRow(1).cellCount, ws.columnCount);
  const header: string[] = [];
  for (let c = 1; c <= width; c++) header.push(String(cellValue(ws.getCell(1, c))));
  const rows: unknown[][] = [];
  const types: ExcelJS.ValueType[][] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    rows.push(Array.from({ length: width }, (_, c) => cellValue(row.getCell(c + 1))));
    types.push(Array.from({ length: width }, (_, c) => row.getCell(c + 1).type));
  }
  return { header, rows, types };
}

export async function readJson(file: string): Promise<Table & { objects: Record<string, unknown>[] }> {
  const objects = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
  const header = objects.length > 0 ? Object.keys(objects[0]) : [];
  return { header, rows: objects.map((o) => header.map((h) => o[h])), objects };
}

/** The raw value a column shows, read straight from the record. */
export function rawValue(record: Record<string, unknown>, key: string): unknown {
  if (key.startsWith('custom.')) {
    const fields = (record.template as { fields?: Record<string, unknown> } | null)?.fields;
    return fields?.[key.slice('custom.'.length)];
  }
  return getPath(record, key);
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const listText = (v: unknown[]) =>
  v.map((x) => (x && typeof x === 'object' ? String((x as { name: unknown }).name) : String(x))).join('; ');
const textOf = (v: unknown): string =>
  Array.isArray(v)
    ? listText(v)
    : v && typeof v === 'object'
      ? String((v as { name?: unknown; number?: unknown }).name ?? (v as { number?: unknown }).number)
      : String(v);

/** The cell read back from a CSV equals the record's value, neutralised where dangerous (unless raw). */
export function expectCsvCell(
  cell: string,
  raw: unknown,
  col: ExportColumn,
  where: string,
  rawMode = false,
): void {
  if (isEmpty(raw)) return expect(cell, where).toBe('');
  switch (col.type) {
    case 'integer':
    case 'decimal':
      expect(Number(cell), where).toBe(Number(raw));
      if (col.type === 'decimal') expect(cell, where).toMatch(/^-?\d+\.\d{2}$/);
      return;
    case 'boolean':
      return expect(cell, where).toBe(raw ? 'TRUE' : 'FALSE');
    case 'date':
      return expect(cell, where).toBe(raw);
    default: {
      const s = textOf(raw);
      return expect(cell, where).toBe(!rawMode && isDangerous(s) ? `'${s}` : s);
    }
  }
}

/** The cell read back from an XLSX equals the record's value, typed. */
export function expectXlsxCell(
  value: unknown,
  type: ExcelJS.ValueType | undefined,
  raw: unknown,
  col: ExportColumn,
  where: string,
): void {
  if (isEmpty(raw)) return expect(value ?? null, where).toBeNull();
  switch (col.type) {
    case 'integer':
    case 'decimal':
      return expect(value, where).toBe(Number(raw));
    case 'boolean':
      return expect(value, where).toBe(raw);
    case 'date':
      expect(value, where).toBeInstanceOf(Date);
      return expect((value as Date).toISOString().slice(0, 10), where).toBe(raw);
    default:
      expect(type, where).toBe(TEXT_CELL);
      return expect(value, where).toBe(textOf(raw));
  }
}

/** The value read back from JSON equals the record's value, typed. */
export function expectJsonValue(value: unknown, raw: unknown, col: ExportColumn, where: string): void {
  if (isEmpty(raw)) return expect(value, where).toBeNull();
  switch (col.type) {
    case 'integer':
    case 'decimal':
      return expect(value, where).toBe(Number(raw));
    case 'boolean':
    case 'date':
      return expect(value, where).toBe(raw);
    default:
      return expect(value, where).toBe(textOf(raw));
  }
}
