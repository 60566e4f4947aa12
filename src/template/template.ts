// Spreadsheet templates that guide a user to fill rows the import takes as they are:
// one column per writable field (header = the field's label, which the import maps back
// exactly), the rule in each header's note, drop-downs and checks from the definitions.
import type ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { writeFile } from 'node:fs/promises';
import { AssetbatchError } from '../errors.js';
import {
  type FieldDef,
  type LookupKind,
  type ResourceDef,
  type WritableName,
  WRITABLE,
  enumLabel,
  findResource,
  writeFields,
} from '../resources/index.js';
import { fieldNote, limitText, lookupText, typeText, valuesText } from '../docs/describe.js';
import { EXAMPLES, ID_COLUMN, type ExampleValue } from './examples.js';
import { loadExcelJS } from '../util/exceljs.js';
import type { CustomFieldSet } from '../map/headers.js';
import { customFieldDefs } from './custom.js';

export type TemplateFormat = 'xlsx' | 'csv';

/** Names to offer in lookup columns' drop-downs, by lookup kind (what `--live` fetches). */
export type LookupValues = Partial<Record<LookupKind, readonly string[]>>;

export interface TemplateOptions {
  /** The company the template is prepared for; named in the instructions. Default 1. */
  readonly company?: number;
  /** Lookup names from the service; without them only enum and yes/no columns get drop-downs. */
  readonly lookups?: LookupValues;
  /** Subcategory names from the service, offered in the Subcategory column. */
  readonly subcategories?: readonly string[];
  /** The account's custom fields and forms (`--live`): a column each. */
  readonly custom?: CustomFieldSet;
}

export interface TemplateColumn {
  /** Exactly the field's label: the import maps it back without a mapping file. */
  readonly header: string;
  /** The field name, or `id` for the record id of update-only templates. */
  readonly key: string;
  /** Undefined for the id column. */
  readonly field?: FieldDef;
  readonly required: boolean;
  readonly note: string;
}

/** Rows 2 … 1 + this carry the drop-downs and checks; Excel extends them when rows are inserted inside. */
export const TEMPLATE_ROWS = 1000;

const DATA_SHEET_NOTE =
  'Row 2 is an example: replace it or delete it (an import skips a row that keeps its EXAMPLE key).';

// A fixed timestamp keeps regenerated templates identical in content.
const GENERATED_AT = new Date(Date.UTC(2024, 0, 1));

const REQUIRED_FILL = 'FFFFD966';
const OPTIONAL_FILL = 'FFF2F2F2';
const EXAMPLE_FONT = 'FF7F7F7F';

/** The writable resource a template is for, or a usage error naming the choices. */
export function templateResource(name: string): ResourceDef & { name: WritableName } {
  const def = findResource(name);
  if (!def || !(WRITABLE as readonly string[]).includes(def.name)) {
    throw new AssetbatchError('E_USAGE', `there is no template for "${name}"`, {
      hint: `choose one of: ${WRITABLE.join(', ')}`,
    });
  }
  return def as ResourceDef & { name: WritableName };
}

/** A template fills creates, or (for resources the service cannot create) updates by id. */
function templateMode(def: ResourceDef): 'create' | 'update' {
  return def.writes.create ? 'create' : 'update';
}

export function templateColumns(def: ResourceDef, custom?: CustomFieldSet): TemplateColumn[] {
  const mode = templateMode(def);
  const cols: TemplateColumn[] = [];
  if (mode === 'update') {
    cols.push({
      header: 'ID',
      key: ID_COLUMN,
      required: true,
      note: `Required.\nThe ${def.label.toLowerCase()}'s ID in the service: it says which record this row updates (export the ${def.plural} to get them).\nType: whole number.`,
    });
  }
  for (const f of writeFields(def, mode)) {
    if (f.variant) continue;
    cols.push({ header: f.label, key: f.name, field: f, required: f.required === true, note: fieldNote(f) });
  }
  for (const f of customFieldDefs(def, custom, new Set(cols.map((c) => c.header.toLowerCase()))))
    cols.push({ header: f.label, key: f.name, field: f, required: false, note: fieldNote(f) });
  return cols;
}

const isoToDate = (s: string): Date => new Date(`${s}T00:00:00Z`);

function xlsxValue(col: TemplateColumn, v: ExampleValue): ExcelJS.CellValue {
  const f = col.field;
  if (f?.type === 'enum') return enumLabel(f, String(v));
  if (f?.type === 'boolean') return v ? 'Yes' : 'No';
  if (f?.type === 'date' && typeof v === 'string') return isoToDate(v);
  return v;
}

function csvValue(col: TemplateColumn, v: ExampleValue | undefined): string {
  if (v === undefined) return '';
  const f = col.field;
  if (f?.type === 'enum') return enumLabel(f, String(v));
  if (f?.type === 'boolean') return v ? 'Yes' : 'No';
  if (f?.type === 'decimal' && typeof v === 'number') return v.toFixed(2);
  return String(v);
}

function numFmt(f: FieldDef | undefined): string | undefined {
  if (!f) return undefined;
  if (f.type === 'date') return 'yyyy-mm-dd';
  if (f.type === 'decimal') return '0.00';
  if (f.keepText) return '@';
  return undefined;
}

/** Excel refuses validation messages over 255 characters. */
const clip = (s: string, n = 255): string => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/** The list a column's drop-down offers, if any. */
function dropDown(
  col: TemplateColumn,
  opts: TemplateOptions,
): { values: readonly string[]; strict: boolean } | undefined {
  const f = col.field;
  const lookups = opts.lookups ?? {};
  if (!f) return undefined;
  if (f.name === 'category.subcategory' && opts.subcategories?.length)
    return { values: opts.subcategories, strict: false };
  if (f.type === 'enum') return { values: (f.values ?? []).map((v) => v.label), strict: true };
  if (f.type === 'boolean') return { values: ['Yes', 'No'], strict: true };
  // A lookup also takes aliases, codes and emails the list does not show: warn, do not refuse.
  if (f.lookup && lookups[f.lookup]?.length) return { values: lookups[f.lookup]!, strict: false };
  return undefined;
}

function check(f: FieldDef | undefined): ExcelJS.DataValidation | undefined {
  if (!f)
    return {
      type: 'whole',
      operator: 'greaterThan',
      formulae: [0],
      allowBlank: true,
      showErrorMessage: true,
      errorTitle: 'ID',
      error: "A whole number: the record's ID.",
    };
  const error = clip(`${typeText(f)}${limitText(f) ? `, ${limitText(f)}` : ''}`);
  const base = { allowBlank: true, showErrorMessage: true, errorTitle: clip(f.label, 32), error };
  if ((f.type === 'text' || f.type === 'email') && f.maxLength !== undefined) {
    return { ...base, type: 'textLength', operator: 'lessThanOrEqual', formulae: [f.maxLength] };
  }
  if (f.type === 'decimal')
    return { ...base, type: 'decimal', operator: 'between', formulae: [f.min ?? 0, f.max] };
  if (f.type === 'integer') {
    if (f.min !== undefined && f.max !== undefined)
      return { ...base, type: 'whole', operator: 'between', formulae: [f.min, f.max] };
    if (f.min !== undefined)
      return { ...base, type: 'whole', operator: 'greaterThanOrEqual', formulae: [f.min] };
    return { ...base, type: 'whole', operator: 'between', formulae: [-1e15 + 1, 1e15 - 1] };
  }
  if (f.type === 'date')
    return { ...base, type: 'date', operator: 'greaterThan', formulae: [new Date(Date.UTC(1900, 0, 1))] };
  return undefined;
}

// exceljs keeps range-wide validations in worksheet.dataValidations, which its typings leave out.
interface RangeValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

function addValidation(ws: ExcelJS.Worksheet, range: string, v: ExcelJS.DataValidation): void {
  (ws as unknown as RangeValidations).dataValidations.add(range, v);
}

const sheetTitle = (def: ResourceDef): string => def.plural.charAt(0).toUpperCase() + def.plural.slice(1);

/** The workbook: the data sheet first (the import reads the first sheet), then Instructions and the hidden Lists. */
export async function buildTemplate(
  resourceName: string,
  opts: TemplateOptions = {},
): Promise<ExcelJS.Workbook> {
  const def = templateResource(resourceName);
  const columns = templateColumns(def, opts.custom);
  const example = EXAMPLES[def.name];
  const live = Object.keys(opts.lookups ?? {}).length > 0;

  const wb = new (await loadExcelJS()).Workbook();
  wb.creator = 'assetbatch';
  wb.created = GENERATED_AT;
  wb.modified = GENERATED_AT;
  const ws = wb.addWorksheet(sheetTitle(def), { views: [{ state: 'frozen', ySplit: 1 }] });
  const instructions = wb.addWorksheet('Instructions');
  const lists = wb.addWorksheet('Lists');
  lists.state = 'hidden';

  const last = 1 + TEMPLATE_ROWS;
  let listCol = 0;
  columns.forEach((col, i) => {
    const c = i + 1;
    const column = ws.getColumn(c);
    column.width = Math.min(40, Math.max(12, col.header.length + 4));
    const fmt = numFmt(col.field);
    if (fmt) column.numFmt = fmt;

    const head = ws.getCell(1, c);
    head.value = col.header;
    head.note = col.note;
    head.font = { bold: col.required };
    head.fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: col.required ? REQUIRED_FILL : OPTIONAL_FILL },
    };
    head.alignment = { vertical: 'middle' };

    const v = example[col.key];
    if (v !== undefined) {
      const cell = ws.getCell(2, c);
      cell.value = xlsxValue(col, v);
      if (fmt) cell.numFmt = fmt;
      cell.font = { italic: true, color: { argb: EXAMPLE_FONT } };
    }

    const letter = column.letter;
    const range = `${letter}2:${letter}${last}`;
    const list = dropDown(col, opts);
    if (list) {
      listCol++;
      lists.getCell(1, listCol).value = col.header;
      list.values.forEach((value, j) => (lists.getCell(j + 2, listCol).value = value));
      const ll = lists.getColumn(listCol).letter;
      addValidation(ws, range, {
        type: 'list',
        allowBlank: true,
        formulae: [`Lists!$${ll}$2:$${ll}$${list.values.length + 1}`],
        showErrorMessage: true,
        errorStyle: list.strict ? 'stop' : 'warning',
        errorTitle: clip(col.header, 32),
        error: clip(
          list.strict
            ? `Choose one of: ${list.values.join(', ')}`
            : `Not among the ${col.header.toLowerCase()} names the service held when this template was made.`,
        ),
      });
    } else {
      const v2 = check(col.field);
      if (v2) addValidation(ws, range, v2);
    }
  });
  ws.getRow(1).height = 20;

  writeInstructions(instructions, def, columns, opts.company ?? 1, live);
  return wb;
}

function writeInstructions(
  ws: ExcelJS.Worksheet,
  def: ResourceDef,
  columns: TemplateColumn[],
  company: number,
  live: boolean,
): void {
  const mode = templateMode(def);
  const lines: (string | { text: string; bold?: boolean; size?: number })[] = [
    { text: `${def.label} template (company ${company})`, bold: true, size: 14 },
    def.description,
    '',
    { text: 'How to fill it', bold: true },
    `One row per ${def.label.toLowerCase()} on the sheet "${sheetTitle(def)}", from row 2. ${DATA_SHEET_NOTE}`,
    'Keep the headers as they are: assetbatch maps them back to the fields without a mapping file. Optional columns may be left empty or deleted.',
    'Required columns have bold, yellow headers. Each header has a note with its rule: type, length, allowed values, what it looks up.',
    'Dates: yyyy-mm-dd (a date cell is fine). Amounts: plain numbers, no currency symbol, at most 2 decimal places.',
    'Names in lookup columns (category, supplier, owner, country …) must match a record of the account; the import suggests the closest name when one does not.',
    live
      ? 'Lookup drop-downs list the names the service held when this template was made.'
      : 'Drop-downs list the allowed values of the list columns.',
    mode === 'update'
      ? `The service cannot create ${def.plural}: each row updates the ${def.label.toLowerCase()} whose ID is in the "ID" column. Then: assetbatch update <file> --resource ${def.name} --company ${company}.`
      : `Then: assetbatch validate <file> --resource ${def.name} --company ${company} to check it, and assetbatch import <file> --resource ${def.name} --company ${company} to load it.`,
  ];
  if (def.rules.length) {
    lines.push(
      '',
      { text: 'Rules across columns', bold: true },
      ...def.rules.map((r) => `• ${r.description}`),
    );
  }
  lines.push('', { text: 'Columns', bold: true });
  ws.getColumn(1).width = 32;
  ws.getColumn(2).width = 10;
  ws.getColumn(3).width = 22;
  ws.getColumn(4).width = 40;
  ws.getColumn(5).width = 60;
  let r = 1;
  for (const line of lines) {
    const cell = ws.getCell(r++, 1);
    if (line === '') continue;
    if (typeof line === 'string') cell.value = line;
    else {
      cell.value = line.text;
      cell.font = { bold: line.bold, size: line.size };
    }
  }
  const head = ws.getRow(r++);
  head.values = ['Column', 'Required', 'Type', 'Limit / allowed values / looks up', 'Description'];
  head.font = { bold: true };
  for (const col of columns) {
    const f = col.field;
    const rule = !f ? '' : f.values ? valuesText(f) : f.lookup ? lookupText(f.lookup) : limitText(f);
    ws.getRow(r++).values = [
      col.header,
      col.required ? 'yes' : '',
      f ? typeText(f) : 'whole number',
      rule,
      f ? f.description + (f.createOnly ? ' (create only)' : '') : col.note.split('\n')[1],
    ];
  }
}

/** The CSV template: the headers and the example row. */
export function templateCsv(resourceName: string, opts: TemplateOptions = {}): string {
  const def = templateResource(resourceName);
  const columns = templateColumns(def, opts.custom);
  const example = EXAMPLES[def.name];
  // A BOM, so that Excel opens the file as UTF-8.
  return stringify([columns.map((c) => c.header), columns.map((c) => csvValue(c, example[c.key]))], {
    bom: true,
  });
}

/** Write a template file; the format defaults to the file's extension, else xlsx. */
export async function writeTemplate(
  resourceName: string,
  file: string,
  opts: TemplateOptions & { format?: TemplateFormat } = {},
): Promise<TemplateFormat> {
  const format = opts.format ?? (file.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx');
  if (format === 'csv') await writeFile(file, templateCsv(resourceName, opts), 'utf8');
  else await (await buildTemplate(resourceName, opts)).xlsx.writeFile(file);
  return format;
}
