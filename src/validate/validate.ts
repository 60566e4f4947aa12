// Validate stage: one spreadsheet row → a write body and every problem in it, each tied
// to its column and field. Coercion, name resolution (through indexes already loaded),
// the resource's schema and its cross-field rules all run here. Pure: no I/O.
import type { CellValue, SheetRow } from '../read/types.js';
import type {
  CustomTemplate,
  FieldDef,
  LookupKind,
  ResourceDef,
  WriteBody,
  WriteMode,
} from '../resources/fields.js';
import { checkCustomFields, getPath, setPath, validateWriteBody } from '../resources/fields.js';
import {
  coerceCell,
  coerceCustom,
  coerceInteger,
  cellText,
  isEmptyCell,
  type Coerced,
  type DateOrder,
  type DecimalReading,
} from '../map/coerce.js';
import { ValueMemo } from '../util/memo.js';
import { builtCell, columnCell, placeholderRead, sourceCell, translateCell } from '../map/values.js';
import { exampleKey, EXAMPLE_SKIPPED } from '../template/examples.js';
import { isTotalsRow, isTotalsWord } from './below-table.js';

/** yyyy-MM-dd plus whole months, the day kept or clamped to the month's end (Jan 31 + 1 → Feb 28/29). */
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return `${String(ny).padStart(4, '0')}-${String(nm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
import type { ColumnMapping, Mapping } from '../map/headers.js';
import { inferredDateMessage, readsBothWays, type DateInference } from '../map/date-inference.js';
import { parseTarget, targetName, type Target } from '../map/headers.js';
import type { Resolution, Resolver } from '../resolve/lookups.js';
import { splitCategory } from '../resources/category.js';
import { recordedId, sameLookupName, sameSubcategory } from '../resolve/known-lookups.js';
import { readNames } from '../send/merge.js';
import { exportedCell, shownAs, staleLookup, type ExportedRecord, type KeptField } from '../send/exported.js';
import { choiceFor, describeChoice, type UnmatchedPolicy } from '../resolve/unmatched.js';
import type { ErrorCode } from '../errors.js';

export interface RowIssue {
  readonly code: ErrorCode;
  /** Column header as in the sheet, when the problem belongs to one. */
  readonly column?: string;
  readonly field?: string;
  readonly message: string;
}

export interface PreparedRow {
  readonly row: number;
  readonly cells: readonly CellValue[];
  readonly body: WriteBody;
  readonly issues: readonly RowIssue[];
  readonly warnings: readonly RowIssue[];
  /** Fields whose cell was empty (for --clear-empty updates); a custom field as `custom.<id>`. */
  readonly emptyFields: readonly string[];
  /** Lookup cells still as exported whose record changed since: left out, kept as the service has them. */
  readonly kept?: readonly KeptField[];
  /** Lookup fields whose cells still name what the export showed, left out before any list (exportedCell). */
  readonly asExported?: readonly string[];
  /** The record id from an ID column (updates). */
  readonly id?: number;
  /** Set when the row is not data (a totals row). */
  readonly skip?: string;
}

/** The fields the run built for a row from its other cells (W_NAME_BUILT): not sent to a record it matches. */
export function builtFieldsOf(prepared: PreparedRow): string[] {
  return prepared.warnings.flatMap((w) => (w.code === 'W_NAME_BUILT' && w.field ? [w.field] : []));
}

export interface RowContext {
  readonly def: ResourceDef;
  readonly mode: WriteMode;
  readonly company: number;
  readonly mapping: Mapping;
  /** Date order per column index, decided before the run (or from --date-format). */
  readonly dateOrders: ReadonlyMap<number, DateOrder | undefined>;
  /** Columns whose order the rest of the sheet settled (scan.ts): each date they read so is said on its row. */
  readonly dateInferences?: ReadonlyMap<number, DateInference>;
  readonly defaultDateOrder?: DateOrder;
  /** Amount columns' decimal marks, where their cells show one (scan.ts): "12.500" reads by it. */
  readonly decimalReadings?: ReadonlyMap<number, DecimalReading>;
  readonly resolver?: Resolver;
  readonly fieldTemplates: readonly CustomTemplate[];
  readonly formTemplates: readonly CustomTemplate[];
  /** For update merges, skip schema checks here (done on the merged body). */
  readonly skipSchema?: boolean;
  /** Updates that merge: the row need not carry required fields (the record has them). */
  readonly partial?: boolean;
  /**
   * Imports of a report of ours: rows its run wrote (an id in `#id`) are skipped (default),
   * or, with `update` (--on-existing update), carry that id so the run updates the record.
   */
  readonly reportedWrites?: 'skip' | 'update';
  /** A name a list lacks: the row fails (default), or the field is left empty or set to a default, with a warning. */
  readonly unmatched?: UnmatchedPolicy;
  /**
   * Updates whose records were listed: the record a row names (by its id, or its key, or a
   * keyless row of an import its ID cell, read from `row`), whose lookups' names answer the
   * row's lookup cells that name the same, without a list.
   */
  readonly listedRecord?: (
    id: number | undefined,
    body: WriteBody,
    row: SheetRow,
  ) => Record<string, unknown> | undefined;
  /**
   * What a lookup cell that names what its listed record has becomes: left out of the body
   * (default: a merge leaves the field as the record has it), or `take`: the record's entry,
   * so that the body of an import's row already in the service is the one the lists would
   * have made (the journal and the memory of what was sent know a row by its body).
   */
  readonly recordAnswers?: 'leave' | 'take';
  /**
   * What the latest export of a record showed (export-memory.ts): a lookup cell still as
   * exported whose record names another entry now is kept as the service has it, no list read.
   */
  readonly exported?: (id: number) => ExportedRecord | undefined;
}

/** "column "Serial No." → serial_number: at most 50 characters" */
export function formatRowIssue(i: RowIssue): string {
  const where = i.column !== undefined ? `column "${i.column}"${i.field ? ` → ${i.field}` : ''}` : i.field;
  return where ? `${where}: ${i.message}` : i.message;
}

/** A line that is not a record: a totals row, or a report's line whose `#row` says "Total". */
export function isTotalsLine(r: SheetRow): boolean {
  return isTotalsRow(r.cells) || (r.reported !== undefined && isTotalsWord(r.reported.row));
}

/** Statuses whose `#id` is a record the report's run wrote or found; the note says which. */
const REPORTED_WRITES: Readonly<Record<string, (id: number) => string>> = {
  created: (id) => `created as id ${id} by the run that wrote this report`,
  updated: (id) => `updated as id ${id} by the run that wrote this report`,
  skipped: (id) => `already in the service as id ${id} (skipped by the run that wrote this report)`,
};

/**
 * What a row of a report fed back brings from the run that wrote it: nothing for a row no
 * run wrote; else the record's id, and a skip note unless this run is to update by that id.
 * An update takes the id of any row (`assetbatch update report.csv`), as an ID column.
 */
function reportedWrite(ctx: RowContext, r: SheetRow): { id?: number; skip?: string } {
  const id = r.reported?.id;
  if (id === undefined) return {};
  // A sync's line for a record its sheet no longer had is no row of that sheet.
  if (r.reported!.status === 'missing')
    return {
      id,
      skip: `a record (id ${id}) that the sync which wrote this report found missing from its sheet, not a row: left out`,
    };
  if (ctx.mode === 'update') return { id };
  const note = REPORTED_WRITES[r.reported!.status];
  if (!note) return {};
  return ctx.reportedWrites === 'update' ? { id } : { id, skip: note(id) };
}

/** The column that feeds a field (for messages), if any. */
function columnOf(mapping: Mapping, field: string): ColumnMapping | undefined {
  return mapping.columns.find((c) => {
    const t = c.target;
    if (t.kind === 'field')
      return (
        t.field.name === field || field.startsWith(t.field.name + '.') || t.field.name.startsWith(field + '.')
      );
    return false;
  });
}

const defaultsCache = new WeakMap<Mapping, { field: FieldDef; value: CellValue }[]>();

/** The mapping file's defaults as fields, worked out once per mapping rather than per row. */
function defaultsOf(ctx: RowContext): { field: FieldDef; value: CellValue }[] {
  let out = defaultsCache.get(ctx.mapping);
  if (!out) {
    out = [];
    for (const [name, value] of Object.entries(ctx.mapping.defaults)) {
      const t = parseTarget(ctx.def, name, undefined, ctx.mode);
      if (t?.kind === 'field') out.push({ field: t.field, value: value as CellValue });
    }
    defaultsCache.set(ctx.mapping, out);
  }
  return out;
}

/** What a row's columns need, worked out once per run: field columns keep their coercions by cell value. */
interface ColumnPlan {
  readonly col: ColumnMapping;
  /** Field columns: a cell's coercion by its value (the same text is read the same way each time). */
  readonly memo?: ValueMemo<Coerced>;
  /** The date order the memo's answers were made with: a column settled later starts afresh. */
  memoOrder?: DateOrder;
}

const plans = new WeakMap<RowContext, ColumnPlan[]>();

function planOf(ctx: RowContext): ColumnPlan[] {
  let plan = plans.get(ctx);
  if (!plan) {
    plan = ctx.mapping.columns.map((col) => ({
      col,
      memo: col.target.kind === 'field' ? new ValueMemo<Coerced>() : undefined,
    }));
    plans.set(ctx, plan);
  }
  return plan;
}

const NONE: readonly never[] = Object.freeze([]);

interface PendingLookup {
  text: string;
  column: string;
  readonly field: FieldDef;
  /** The entry its listed record names, which the cell names too (recordAnswers `take`): no list asked. */
  answer?: { readonly id: number; readonly subcategory?: string };
}

/** One row's work in progress; collections most rows never need are made on first use. */
class RowState {
  readonly body: WriteBody;
  issues: RowIssue[] = [];
  warnings: RowIssue[] | undefined;
  emptyFields: string[] | undefined;
  badFields: Set<string> | undefined;
  /** Lookup fields left out as their record has them: not "required" of a create's row. */
  answered: Set<string> | undefined;
  /** Lookup cells still as exported whose record changed since: left as the service has them. */
  kept: KeptField[] | undefined;
  /** Lookup fields left out as exported, their record not listed: the writer judges them (exported.ts). */
  asExported: string[] | undefined;
  /** Lookup fields' text, resolved once every column is read (a category needs its subcategory). */
  lookups: PendingLookup[] | undefined;
  /** The record id from an ID column (updates). */
  id: number | undefined;
  /** Custom fields: the one template's values, and each form's data by form id. */
  templateId: number | undefined;
  templateValues: { id: number; value: unknown }[] | undefined;
  formValues: Map<number, Record<string, unknown>> | undefined;
  /** Placeholder cells read as empty ("N/A"), by column: a "required" names what the cell held. */
  placeholders: Map<string, string> | undefined;
  /** A warranty given as a length, counted into an end date once the dates are read. */
  warrantyMonths: { months: number; column: string } | undefined;

  constructor(company: number) {
    this.body = { company };
  }

  problem(i: RowIssue): void {
    this.issues.push(i);
    if (i.field) (this.badFields ??= new Set()).add(i.field);
  }

  warn(i: RowIssue): void {
    (this.warnings ??= []).push(i);
  }

  isBad(field: string): boolean {
    return this.badFields?.has(field) === true;
  }

  lookupOf(field: string): PendingLookup | undefined {
    return this.lookups?.find((l) => l.field.name === field);
  }

  /** A coerced cell into the body (lookups wait for the resolve step). */
  apply(field: FieldDef, r: Coerced, column: string): void {
    if (r.problem) {
      this.problem({ code: 'E_VALUE_INVALID', column, field: field.name, message: r.problem });
      return;
    }
    if (r.warning) this.warn({ code: 'E_VALUE_INVALID', column, field: field.name, message: r.warning });
    if (r.value === undefined) {
      (this.emptyFields ??= []).push(field.name);
      return;
    }
    // A default that fills an empty cell: the field is no longer empty (--clear-empty).
    const wasEmpty = this.emptyFields ? this.emptyFields.indexOf(field.name) : -1;
    if (wasEmpty >= 0) this.emptyFields!.splice(wasEmpty, 1);
    if (field.type === 'lookup') {
      const pending = this.lookupOf(field.name);
      if (pending) {
        pending.text = String(r.value);
        pending.column = column;
      } else (this.lookups ??= []).push({ text: String(r.value), column, field });
    } else setPath(this.body, field.name, r.value);
  }
}

/** A cell coerced for its column's field, by way of the column's memo. */
function coerceColumn(ctx: RowContext, p: ColumnPlan, field: FieldDef, cell: CellValue): Coerced {
  const order = field.type === 'date' ? (ctx.dateOrders.get(p.col.index) ?? ctx.defaultDateOrder) : undefined;
  // Strings, numbers and booleans repeat; a date or an error cell is an object of its own.
  const memo = p.memo && (cell === null || typeof cell !== 'object') ? p.memo : undefined;
  if (memo) {
    if (p.memoOrder !== order) {
      memo.clear();
      p.memoOrder = order;
    }
    const known = memo.get(cell);
    if (known) return known;
  }
  const r = coerceCell(cell, field, order, ctx.decimalReadings?.get(p.col.index));
  // The memo keeps a copy: were it to keep the coercion's own objects, V8 would see that
  // site's objects survive and allocate all of them in the old generation from then on,
  // which filled the heap with a row's garbage (peak memory grew with the file).
  if (memo && !memo.off) memo.set(cell, { ...r });
  return r;
}

/** A category's entry into its field (category.id for assets, category for customers), with the subcategory. */
function setCategory(body: WriteBody, field: string, res: Extract<Resolution, { ok: true }>): void {
  setPath(body, field, res.entry.id);
  if (res.subcategory) setPath(body, 'category.subcategory', res.subcategory);
}

/**
 * A name the list lacks, as the run's unmatched policy says: the field left empty (a
 * category with its subcategory) or the default's entry, with a warning; false: "fail".
 */
function onUnmatched(
  ctx: RowContext,
  resolver: Resolver,
  st: RowState,
  l: PendingLookup,
  message: string,
  subCol?: string,
): boolean {
  const choice = choiceFor(ctx.unmatched, l.field);
  if (choice.kind === 'fail') return false;
  const body = st.body;
  // A subcategory the category lacks: the category stays, the subcategory is what is left out.
  const subOnly =
    l.field.lookup === 'category' && message.startsWith('subcategory') && choice.kind === 'blank';
  if (choice.kind === 'blank') {
    if (l.field.lookup === 'category') {
      const cat = body.category as Record<string, unknown> | undefined;
      if (subOnly && cat) delete cat.subcategory;
      else delete body.category;
    }
  } else {
    const res = resolver.resolve(l.field.lookup!, choice.name);
    // The default was checked before any row was read; a list that changed since says so here.
    if (!res.ok) return false;
    if (l.field.lookup === 'category') {
      delete body.category;
      setCategory(body, l.field.name, res);
    } else setPath(body, l.field.name, res.entry.id);
  }
  if (subOnly) {
    const res = resolver.resolve('category', splitCategory(l.text).name);
    if (res.ok) setPath(body, l.field.name, res.entry.id);
  }
  st.warn({
    code: 'W_UNMATCHED',
    column: subCol ?? l.column,
    field: subOnly ? 'category.subcategory' : l.field.name,
    message: `${message}; ${describeChoice(choice)}`,
  });
  return true;
}

/** Lookups: names to ids, once every column is read (a category needs its subcategory). */
function resolveLookups(ctx: RowContext, resolver: Resolver, st: RowState): void {
  const body = st.body;
  for (const l of st.lookups ?? NONE) {
    const { text, column, field } = l;
    const name = field.name;
    if (l.answer) {
      setPath(body, name, l.answer.id);
      if (l.answer.subcategory) setPath(body, 'category.subcategory', l.answer.subcategory);
      continue;
    }
    if (field.lookup === 'category') {
      const sub = getPath(body, 'category.subcategory');
      const res = resolver.resolve('category', text, typeof sub === 'string' ? sub : undefined);
      if (!res.ok) {
        const subCol =
          typeof sub === 'string' && res.message.startsWith('subcategory')
            ? columnOf(ctx.mapping, 'category.subcategory')?.header
            : undefined;
        if (res.code === 'E_LOOKUP_NOT_FOUND' && onUnmatched(ctx, resolver, st, l, res.message, subCol))
          continue;
        st.issues.push({
          code: res.code,
          column: subCol ?? column,
          field: subCol ? 'category.subcategory' : name,
          message: res.message,
        });
        (st.badFields ??= new Set()).add(name);
        continue;
      }
      setCategory(body, name, res);
      continue;
    }
    const res = resolver.resolve(field.lookup!, text);
    if (res.ok) setPath(body, name, res.entry.id);
    else if (!(res.code === 'E_LOOKUP_NOT_FOUND' && onUnmatched(ctx, resolver, st, l, res.message)))
      st.problem({ code: res.code, column, field: name, message: res.message });
  }
}

/**
 * A lookup cell that names what the row's record (as listed) already has: left out of the
 * body, so the update leaves the field as the record has it, and asked of no list.
 */
function answerFromRecord(ctx: RowContext, st: RowState, id: number | undefined, row: SheetRow): void {
  if (!st.lookups || !ctx.listedRecord) return;
  const record = ctx.listedRecord(id, st.body, row);
  if (!record) return;
  const names = readNames(ctx.def, record);
  if (ctx.recordAnswers === 'take') {
    for (const l of st.lookups) l.answer = recordEntry(st.body, record, names.get(l.field.name), l);
    return;
  }
  const exported = typeof record.id === 'number' ? ctx.exported?.(record.id) : undefined;
  const kept = st.lookups.filter((l) => {
    if (recordHas(st.body, record, names.get(l.field.name), l)) return false;
    const stale = staleLookup(l.field, l.text, names.get(l.field.name), exported);
    if (stale) (st.kept ??= []).push(stale);
    return !stale;
  });
  for (const l of st.lookups) if (!kept.includes(l)) (st.answered ??= new Set()).add(l.field.name);
  st.lookups = kept;
}

/**
 * An update's row whose record was not listed before the run (read one by one) and whose ID
 * names a record an export showed: a lookup cell still as exported asks no list. Its field is
 * left out: the record, read before its write, still has that value (nothing to send) or has
 * another since (kept as the service has it, and said: the writer judges `asExported`). A
 * category goes with its subcategory cell: left out with it when both are as exported, else
 * asked as before.
 */
function answerFromExport(ctx: RowContext, st: RowState, id: number | undefined): void {
  if (ctx.mode !== 'update' || ctx.listedRecord || !st.lookups || id === undefined) return;
  const exported = ctx.exported?.(id);
  if (!exported) return;
  const sub = getPath(st.body, SUBCATEGORY);
  const subAsExported = sub === undefined || shownAs(exported, SUBCATEGORY, sub);
  const left = st.lookups.filter(
    (l) => (l.field.lookup === 'category' && !subAsExported) || !exportedCell(l.field, l.text, exported),
  );
  for (const l of st.lookups) {
    if (left.includes(l)) continue;
    (st.answered ??= new Set()).add(l.field.name);
    (st.asExported ??= []).push(l.field.name);
    if (l.field.lookup === 'category' && sub !== undefined) {
      delete (st.body.category as Record<string, unknown>).subcategory;
      if (Object.keys(st.body.category as object).length === 0) delete st.body.category;
      st.asExported.push(SUBCATEGORY);
    }
  }
  st.lookups = left;
}

const SUBCATEGORY = 'category.subcategory';

/** The record's entry for a cell that names it (a category: and its subcategory, when the row names one). */
function recordEntry(
  body: WriteBody,
  record: Record<string, unknown>,
  recorded: string | undefined,
  l: PendingLookup,
): PendingLookup['answer'] {
  const kind = l.field.lookup!;
  if (recorded === undefined || !sameLookupName(kind, l.text, recorded)) return undefined;
  const name = l.field.name;
  const id = recordedId(kind, getPath(record, name.endsWith('.id') ? name.slice(0, -3) : name));
  if (id === undefined || kind !== 'category') return id === undefined ? undefined : { id };
  const sub = getPath(body, 'category.subcategory') ?? splitCategory(l.text).sub;
  if (sub === undefined) return { id };
  const recordedSub = getPath(record, 'category.subcategory');
  return sameSubcategory(String(sub), recordedSub) ? { id, subcategory: String(recordedSub) } : undefined;
}

/** Whether the record names the cell's entry (a category: and its subcategory, which then goes too). */
function recordHas(
  body: WriteBody,
  record: Record<string, unknown>,
  recorded: string | undefined,
  l: PendingLookup,
): boolean {
  if (recorded === undefined || !sameLookupName(l.field.lookup!, l.text, recorded)) return false;
  if (l.field.lookup !== 'category') return true;
  const sub = getPath(body, 'category.subcategory') ?? splitCategory(l.text).sub;
  if (sub === undefined) return true;
  if (!sameSubcategory(String(sub), getPath(record, 'category.subcategory'))) return false;
  const cat = body.category;
  if (cat && typeof cat === 'object') {
    delete (cat as Record<string, unknown>).subcategory;
    if (Object.keys(cat).length === 0) delete body.category;
  }
  return true;
}

/**
 * The names a row will ask the lists for: its lookup cells, less those its listed record
 * already names. Read before the lists are, to know which lists the run needs.
 */
export function askedNames(ctx: RowContext, sheetRow: SheetRow): { kind: LookupKind; text: string }[] {
  if (notARecord(sheetRow) || sheetRow.belowTable) return [];
  const earlier = sheetRow.reported ? reportedWrite(ctx, sheetRow) : undefined;
  if (earlier?.skip) return [];
  const st = new RowState(ctx.company);
  readColumns(ctx, st, sheetRow.cells);
  applyDefaults(ctx, st);
  answerFromRecord(ctx, st, st.id ?? earlier?.id, sheetRow);
  answerFromExport(ctx, st, st.id);
  return (st.lookups ?? NONE).flatMap((l) => (l.answer ? [] : [{ kind: l.field.lookup!, text: l.text }]));
}

/** One sheet row to a write body and its issues: read, defaulted, resolved, checked. */
export function prepareRow(ctx: RowContext, sheetRow: SheetRow): PreparedRow {
  const cells = sheetRow.cells;
  const notData = notARecord(sheetRow);
  if (notData)
    return {
      row: sheetRow.row,
      cells,
      body: { company: ctx.company },
      issues: [],
      warnings: NONE,
      emptyFields: NONE,
      skip: notData,
    };
  const earlier = sheetRow.reported ? reportedWrite(ctx, sheetRow) : undefined;
  // A row an earlier run wrote is not written again: checking it would only find the same problems.
  if (earlier?.skip)
    return {
      row: sheetRow.row,
      cells,
      body: { company: ctx.company },
      issues: [],
      warnings: NONE,
      emptyFields: NONE,
      id: earlier.id,
      skip: earlier.skip,
    };
  // A line that may be a note is neither created nor skipped unasked: the user says which.
  if (sheetRow.belowTable) return maybeNote(ctx, sheetRow, sheetRow.belowTable.why);
  const st = new RowState(ctx.company);
  const body = st.body;
  readColumns(ctx, st, cells);
  applyDefaults(ctx, st);
  countWarrantyEnd(st);
  answerFromRecord(ctx, st, st.id ?? earlier?.id, sheetRow);
  answerFromExport(ctx, st, st.id);
  if (ctx.resolver) resolveLookups(ctx, ctx.resolver, st);
  requireCategoryOfSubcategory(ctx, st);
  if (st.templateId !== undefined) body.template = { id: st.templateId, fields: st.templateValues ?? [] };
  if (st.formValues)
    body.form_template = [...st.formValues].map(([fid, data]) => ({ id: fid, custom_form_data: data }));

  // A template's example row left in the sheet is not a record.
  const example = ctx.mode === 'create' ? exampleKey(ctx.def) : undefined;
  if (example && getPath(body, example.field) === example.value)
    return {
      row: sheetRow.row,
      cells,
      body,
      issues: [],
      warnings: NONE,
      emptyFields: NONE,
      skip: EXAMPLE_SKIPPED,
    };
  if (!ctx.skipSchema) {
    const passed = st.answered ? new Set([...(st.badFields ?? NO_FIELDS), ...st.answered]) : st.badFields;
    for (const i of schemaIssues(ctx, body, passed ?? NO_FIELDS))
      if (!(ctx.partial && i.code === 'E_VALUE_REQUIRED')) st.issues.push(withPlaceholder(st, i));
  }
  // The sheet's own ID column wins: the user may have corrected it; `#id` is what the run found.
  const id = st.id ?? earlier?.id;
  return {
    row: sheetRow.row,
    cells,
    body,
    issues: st.issues,
    warnings: st.warnings ?? NONE,
    emptyFields: st.emptyFields ?? NONE,
    id,
    kept: st.kept,
    asExported: st.asExported,
  };
}

/** A line at the end of the sheet that may be a note: invalid, with what to do either way. */
function maybeNote(ctx: RowContext, sheetRow: SheetRow, why: string): PreparedRow {
  const message =
    `may be a note below the table, not a record: ${why}. ` +
    'If it is a record, fill its other cells; if it is a note, delete the line or move it above the header';
  return {
    row: sheetRow.row,
    cells: sheetRow.cells,
    body: { company: ctx.company },
    issues: [{ code: 'E_ROW_NOT_RECORD', message }],
    warnings: NONE,
    emptyFields: NONE,
  };
}

/** Why a row is not data at all (a totals row, a note below the table, the header again), if it is not. */
export function notARecord(sheetRow: SheetRow): string | undefined {
  if (isTotalsLine(sheetRow)) return 'looks like a totals row, not a record';
  if (sheetRow.belowTable?.sure) return `a note below the table, not a record: ${sheetRow.belowTable.why}`;
  if (sheetRow.repeatsHeader)
    return 'repeats the header row, not a record (a file joined from several exports?)';
  return undefined;
}

/** Every mapped column's cell, translated by the value table and coerced for its target. */
function readColumns(ctx: RowContext, st: RowState, cells: readonly CellValue[]): void {
  const { mapping } = ctx;
  for (const p of planOf(ctx)) {
    const col = p.col;
    const t = col.target;
    // A sheet's own column (nearly all) is read without the object a built field's answer needs.
    const got = mapping.built?.has(col.index) ? columnCell(mapping, col.index, cells) : undefined;
    if (got?.problem !== undefined) {
      st.problem({ code: 'E_VALUE_INVALID', column: col.header, field: targetName(t), message: got.problem });
      continue;
    }
    const read = got ? got.value : translateCell(mapping, col.index, cells[col.index] ?? null);
    const held = isEmptyCell(read) ? placeholderRead(mapping, col.index, cells) : undefined;
    if (held !== undefined) readPlaceholder(st, held, col.header, targetName(t));
    const cell =
      isEmptyCell(read) && mapping.blankFill?.index === col.index ? filledBlank(st, mapping, cells) : read;
    // A value the value table maps to empty: left out, as the file asks, and said on the row.
    const source =
      isEmptyCell(cell) && held === undefined && mapping.values.has(col.index)
        ? sourceCell(mapping, col.index, cells)
        : null;
    if (!isEmptyCell(source)) {
      st.warn({
        code: 'W_LEFT_EMPTY',
        column: col.header,
        field: targetName(t),
        message: `"${cellText(source)}" is left out (the value table maps it to empty)`,
      });
    }
    if (t.kind === 'field') {
      const r = coerceColumn(ctx, p, t.field, cell);
      st.apply(t.field, r, col.header);
      if (t.field.type === 'date') inferredDate(ctx, st, col, cell, r, t.field.name);
    } else if (t.kind === 'id') readRecordId(st, cell, col.header);
    else if (t.kind === 'derived') readWarrantyMonths(st, cell, col.header);
    else {
      const r = coerceCustom(
        cell,
        t.dataType,
        ctx.dateOrders.get(col.index) ?? ctx.defaultDateOrder,
        ctx.decimalReadings?.get(col.index),
      );
      readCustomValue(st, t, r, col.header);
      if (t.dataType === 'date') inferredDate(ctx, st, col, cell, r, targetName(t));
    }
  }
}

/**
 * A date that reads both ways, read in the order the rest of the sheet settled for its
 * column: said on the row, with why (W_DATE_ORDER_INFERRED from the sheet's other date
 * columns, W_DATE_ORDER_ASSUMED from its headers' language, the weaker of the two).
 */
function inferredDate(
  ctx: RowContext,
  st: RowState,
  col: ColumnMapping,
  cell: CellValue,
  r: Coerced,
  field: string,
): void {
  const inferred = ctx.dateInferences?.get(col.index);
  if (!inferred || typeof cell !== 'string' || typeof r.value !== 'string' || !readsBothWays(cell)) return;
  st.warn({
    code: inferred.by === 'sheet' ? 'W_DATE_ORDER_INFERRED' : 'W_DATE_ORDER_ASSUMED',
    column: col.header,
    field,
    message: inferredDateMessage(inferred, cell, r.value),
  });
}

/** A placeholder cell ("N/A") read as empty: said on the row, and kept for a "required" to name. */
function readPlaceholder(st: RowState, text: string, column: string, field: string): void {
  (st.placeholders ??= new Map()).set(column, text);
  st.warn({
    code: 'W_PLACEHOLDER',
    column,
    field,
    message: `"${text}" read as empty (a placeholder for no value)`,
  });
}

/** A required field whose cell held a placeholder: the "required" says what the cell held. */
function withPlaceholder(st: RowState, i: RowIssue): RowIssue {
  const held = i.code === 'E_VALUE_REQUIRED' && i.column ? st.placeholders?.get(i.column) : undefined;
  return held === undefined
    ? i
    : { ...i, message: `${i.message}; the cell held "${held}", which reads as no value` };
}

/**
 * An empty cell of the required field's column, built from the row as the plan said
 * (`{Make} {Model}`), with a warning naming what was built; empty when its parts are too.
 */
function filledBlank(st: RowState, mapping: Mapping, cells: readonly CellValue[]): CellValue {
  const fill = mapping.blankFill!;
  const built = builtCell(mapping, fill.bound, cells).value;
  if (isEmptyCell(built)) return built;
  st.warn({
    code: 'W_NAME_BUILT',
    column: fill.column,
    field: fill.field,
    message: `empty; built as "${cellText(built)}" from "${fill.template}"`,
  });
  return built;
}

function readRecordId(st: RowState, cell: CellValue, column: string): void {
  if (isEmptyCell(cell)) return;
  const n = Number(cellText(cell).trim());
  if (Number.isInteger(n) && n > 0) st.id = n;
  else
    st.issues.push({
      code: 'E_VALUE_INVALID',
      column,
      field: 'id',
      message: `"${cellText(cell)}" is not a record id`,
    });
}

function readWarrantyMonths(st: RowState, cell: CellValue, column: string): void {
  if (isEmptyCell(cell)) return;
  const r = coerceInteger(cell);
  if (r.problem || (r.value as number) < 0)
    st.issues.push({
      code: 'E_VALUE_INVALID',
      column,
      field: 'warranty_end_date',
      message: r.problem ?? 'months cannot be negative',
    });
  else st.warrantyMonths = { months: r.value as number, column };
}

/** A custom field's value, kept for the template's or the form's part of the body. */
function readCustomValue(
  st: RowState,
  t: Extract<Target, { kind: 'custom' }>,
  r: Coerced,
  column: string,
): void {
  const name = `${t.source === 'template' ? 'custom' : 'form'}:${t.templateName}/${t.fieldName}`;
  if (r.problem) {
    st.issues.push({ code: 'E_VALUE_INVALID', column, field: name, message: r.problem });
    return;
  }
  if (r.value === undefined) {
    // An empty custom cell is an emptied field as a plain one is (`custom.<id>`, as an export's
    // memory names it): an update leaves it alone, or --clear-empty empties it. A form's values
    // are create-only: an update never carries them.
    if (t.source === 'template') (st.emptyFields ??= []).push(`custom.${t.fieldId}`);
    return;
  }
  if (r.warning) st.warn({ code: 'E_VALUE_INVALID', column, field: name, message: r.warning });
  if (t.source === 'template') {
    st.templateId = t.templateId;
    (st.templateValues ??= []).push({ id: t.fieldId, value: r.value });
  } else {
    st.formValues ??= new Map();
    const data = st.formValues.get(t.templateId) ?? {};
    data[t.fieldName] = r.value;
    st.formValues.set(t.templateId, data);
  }
}

/** Defaults from the mapping file fill fields the row leaves empty. */
function applyDefaults(ctx: RowContext, st: RowState): void {
  for (const { field, value } of defaultsOf(ctx)) {
    if (getPath(st.body, field.name) !== undefined || st.lookupOf(field.name) || st.isBad(field.name))
      continue;
    st.apply(field, coerceCell(value, field, ctx.defaultDateOrder), `(default for ${field.name})`);
  }
}

/**
 * Warranty given as a length in months (Snipe-IT and others): the end date is counted
 * from the warranty start, else from the purchase (service start) date.
 */
function countWarrantyEnd(st: RowState): void {
  const { body, warrantyMonths } = st;
  if (!warrantyMonths || getPath(body, 'warranty_end_date') !== undefined) return;
  const start = getPath(body, 'warranty_start_date') ?? getPath(body, 'service_start_date');
  if (typeof start === 'string') setPath(body, 'warranty_end_date', addMonths(start, warrantyMonths.months));
  else
    st.issues.push({
      code: 'E_VALUE_REQUIRED',
      column: warrantyMonths.column,
      field: 'warranty_end_date',
      message: 'a warranty length in months needs a purchase date (or a warranty start date) to count from',
    });
}

/** A subcategory without a category cannot be sent. */
function requireCategoryOfSubcategory(ctx: RowContext, st: RowState): void {
  const body = st.body;
  if (getPath(body, 'category.subcategory') === undefined || getPath(body, 'category.id') !== undefined)
    return;
  if (st.isBad('category.id') || !ctx.def.fields.some((f) => f.name === 'category.id')) return;
  st.problem({
    code: 'E_VALUE_REQUIRED',
    column: columnOf(ctx.mapping, 'category.subcategory')?.header,
    field: 'category.id',
    message: 'a subcategory needs a category',
  });
}

const NO_FIELDS: ReadonlySet<string> = new Set();

/** The schema and rules of the resource, worded for people, tied to columns. */
function schemaIssues(
  ctx: Pick<RowContext, 'def' | 'mode' | 'mapping' | 'fieldTemplates' | 'formTemplates'>,
  body: WriteBody,
  badFields: ReadonlySet<string> = new Set(),
): RowIssue[] {
  const out: RowIssue[] = [];
  const res = validateWriteBody(ctx.def, body, ctx.mode, 'user');
  for (const i of res.issues) {
    // A field already reported (bad date, unknown name) would only be reported again as "required".
    if (
      badFields.has(i.field) ||
      [...badFields].some((b) => i.field.startsWith(b + '.') || b.startsWith(i.field + '.'))
    )
      continue;
    // A value an update cannot set (a contract's draft) is judged once the record is read
    // (updateValueIssues): left as the record has it, a PATCH does not send it.
    if (ctx.mode === 'update' && isValueOfField(ctx.def, i.field, getPath(body, i.field))) continue;
    const col = columnOf(ctx.mapping, i.field);
    const required = i.message === 'is required';
    out.push({
      code: required
        ? 'E_VALUE_REQUIRED'
        : i.message.startsWith('must be at most') && i.message.includes('characters')
          ? 'E_VALUE_TOO_LONG'
          : 'E_VALUE_INVALID',
      column: col?.header,
      field: i.field,
      message: required ? requiredMessage(ctx.mapping, col) : i.message,
    });
  }
  for (const i of checkCustomFields(ctx.def, body, ctx.fieldTemplates, ctx.formTemplates)) {
    out.push({ code: 'E_VALUE_INVALID', field: i.field, message: i.message });
  }
  return out;
}

/** A required field left empty: what gives it, so that the user knows which cells to fill. */
function requiredMessage(mapping: Mapping, col: ColumnMapping | undefined): string {
  if (!col) return 'is required, and no column of the sheet gives it';
  const fill = mapping.blankFill;
  if (fill?.index === col.index)
    return `is required; columns ${fill.columns.map((c) => `"${c}"`).join(' and ')}, which build it when "${fill.column}" is empty, are empty in this row too`;
  const built = mapping.built?.get(col.index);
  // A template over empty cells builds nothing: name the cells, not the template.
  if (built?.spec.source.kind !== 'template') return 'is required';
  const cols = [...built.columns.keys()].map((c) => `"${c}"`);
  return `is required; it is built from column${cols.length === 1 ? '' : 's'} ${cols.join(' and ')}, empty in this row`;
}

/** A value the field takes on create, where an update takes fewer (updateValues). */
function isValueOfField(def: ResourceDef, field: string, v: unknown): boolean {
  const f = def.fields.find((x) => x.name === field);
  return (
    f?.updateValues !== undefined && typeof v === 'string' && (f.values ?? []).some((x) => x.value === v)
  );
}

/** The natural key of a body (asset: unique field or serial, else name; contract: number; customer, owner: name). */
export function naturalKey(
  def: ResourceDef,
  body: WriteBody,
  uniqueField?: string,
): { field: string; value: string } | undefined {
  const fields = uniqueField ? [uniqueField] : (def.naturalKey ?? []);
  for (const f of fields) {
    const v = getPath(body, f);
    if (typeof v === 'string' && v.trim() !== '') return { field: f, value: v.trim() };
  }
  return undefined;
}
