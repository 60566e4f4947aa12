// Stage 4's rows: each row of the sheet to its outcome. A row is prepared (coerced,
// resolved, validated), then skipped, found invalid, or written through the writer
// (created, or updated after a read); a dry run says what would happen. Outcomes come at
// once where nothing needs the service, so a dry run spends no microtask per row.
import { idMismatch } from './id-mismatch.js';
import { cellAt } from '../map/values.js';
import { customKeyLabel, isKeyColumn } from '../map/headers.js';
import { isAssetbatchError } from '../errors.js';
import { cellText } from '../map/coerce.js';
import type { SheetRow } from '../read/types.js';
import type { RowOutcome } from '../report/report.js';
import { fieldByName, type LookupKind, type WriteBody } from '../resources/fields.js';
import {
  alreadyInService,
  ambiguousKey,
  NO_CHANGE,
  refusedExisting,
  type RowWriter,
  type UpdateResult,
} from '../send/writer.js';
import {
  builtFieldsOf,
  naturalKey,
  prepareRow,
  type PreparedRow,
  type RowContext,
  type RowIssue,
} from '../validate/validate.js';
import type { MappedInput } from './input.js';
import type { PlannedRun, ScannedSheet } from './plan.js';
import type { RunSettings } from './settings.js';
import { stoppedBeforeSending, type StopState } from './stop.js';
import {
  duplicateNote,
  RecordTurns,
  SameRecordRows,
  sameRecordMessage,
  type RecordTurn,
  type SameRecordVerdict,
} from '../send/same-record.js';
import { shownDate } from '../send/remembered.js';
import { companyColumn } from '../map/company-column.js';
import { otherCompanyNote } from '../resolve/company.js';
import { idCellColumn, idCellOf } from './id-cell.js';
import type { IdCell } from '../send/writer.js';
import { conflictWords, KeyedRows } from './key-conflict.js';
import { sameName } from '../send/resemblance.js';
import { asExportedNote, colleaguesWords, keptNote, keptWarnings, type KeptCell } from './kept-cells.js';
import type { KeptField } from '../send/exported.js';
import { asExportedOf, lookupCellsOf, skipsAsExported } from './as-exported.js';
import { journalsUpdates, updateCellsPrint, type JournalDone } from './journal-rows.js';
import { customFieldIdOf } from '../send/merge.js';
import { keptByEmptyWords } from '../send/by-id-cell.js';
import type { Target } from '../map/target.js';

type Base = Pick<RowOutcome, 'row' | 'cells' | 'text' | 'warnings'>;
type Key = { field: string; value: string } | undefined;

export interface RowsDeps {
  readonly settings: RunSettings;
  readonly input: MappedInput;
  readonly scan: ScannedSheet;
  readonly planned: PlannedRun;
  readonly ctx: RowContext;
  readonly writer: RowWriter;
  readonly stop: StopState;
  /** The plan's comparison of every row (preview.ts): a dry run that leaves no name behind for the run. */
  readonly preview?: boolean;
}

/** The issues of a row that has none: one array for them all (an outcome's issues are never added to). */
const NO_ISSUES: readonly RowIssue[] = Object.freeze([]);

export class RowOutcomes {
  /** Rows another row waits for (a parent contract), until then. */
  private readonly pending = new Map<number, Promise<RowOutcome>>();
  private readonly keyIndex?: number;
  /** A sync on a custom field (--key custom:LABEL): that field's id. */
  private readonly keyFieldId?: number;
  /** Update and sync: rows that name a record an earlier row names. */
  private readonly sameRecord?: SameRecordRows;
  /**
   * An update whose rows are looked up alone (no list read before the run): a keyed row learns
   * its record's ID from its filtered call, and is judged under it too, in sheet order.
   */
  private readonly byIdTurns?: RecordTurns;
  /** A row's cells as read, made on first use (cellsOf). */
  private printCells?: (r: SheetRow) => string;
  /** An import's ID column, which it does not send: a keyless row's cell names its record (id-cell.ts). */
  private readonly idColumn?: number;
  /** An import's rows of a repeated key, to tell a duplicate from a conflict (key-conflict.ts). */
  private readonly keyed?: KeyedRows;

  constructor(private readonly deps: RowsDeps) {
    if (deps.settings.mode === 'update' || deps.settings.sync) this.sameRecord = new SameRecordRows();
    if (deps.settings.mode === 'update' && !deps.settings.sync && !deps.planned.existingComplete)
      this.byIdTurns = new RecordTurns();
    const keyField = deps.settings.keyField;
    this.keyIndex = keyField
      ? deps.input.mapping.columns.find((c) => isKeyColumn(c, keyField))?.index
      : undefined;
    this.keyFieldId = customKeyFieldId(deps.input.mapping, keyField);
    this.idColumn = idCellColumn(deps.settings, deps.input);
    const s = deps.settings;
    if (!s.allowDuplicates && s.mode === 'create' && !s.sync)
      this.keyed = new KeyedRows(deps.scan.onePass && !deps.scan.counted);
  }

  /** Remember a row's outcome (to come) when another row waits for it. */
  track<T extends RowOutcome | Promise<RowOutcome>>(r: SheetRow, out: T): T {
    if (this.deps.scan.referenced.has(r.row)) this.pending.set(r.row, Promise.resolve(out));
    return out;
  }

  /** A row's outcome: at once, or a promise when it needs the service or another row. */
  of(r: SheetRow): RowOutcome | Promise<RowOutcome> {
    // A child waits for its parent's row, so the parent's new id can be looked up.
    const col = this.deps.scan.selfRefCol;
    const ref = col ? cellText(cellAt(this.deps.input.mapping, col.index, r.cells)).trim() : '';
    const parentRow = ref ? this.deps.scan.scanner.firstRowOfKey.get(ref) : undefined;
    if (parentRow !== undefined && parentRow !== r.row) return this.afterParent(r, ref, parentRow);
    return this.check(r);
  }

  /** The key as written, so that rows that stop early still say which record they were. */
  private keyTextOf(r: SheetRow): string | undefined {
    return this.keyIndex !== undefined
      ? cellText(cellAt(this.deps.input.mapping, this.keyIndex, r.cells)).trim() || undefined
      : undefined;
  }

  private async afterParent(r: SheetRow, ref: string, parentRow: number): Promise<RowOutcome> {
    const base = { row: r.row, cells: r.cells, text: r.text, warnings: [], key: this.keyTextOf(r) };
    if (parentRow > r.row) {
      const message = `parent contract '${ref}' is on row ${parentRow}, below this row; put parent contracts above their children`;
      return {
        ...base,
        status: 'invalid',
        issues: [
          {
            code: 'E_LOOKUP_NOT_FOUND',
            column: this.deps.scan.selfRefCol!.header,
            field: 'parent_contract',
            message,
          },
        ],
      };
    }
    const parent = await this.pending.get(parentRow);
    // A parent skipped because it already exists has an id; any other outcome left no record.
    if (
      parent &&
      !(
        ['created', 'valid', 'updated'].includes(parent.status) ||
        (parent.status === 'skipped' && parent.id !== undefined)
      )
    ) {
      return {
        ...base,
        status: 'skipped',
        issues: [],
        note: `its parent contract '${ref}' (row ${parentRow}) was not created (${parent.status})`,
      };
    }
    return this.check(r);
  }

  /** A reference to a row that failed in an earlier sheet of the workbook: the skip that says so. */
  private failedRef(r: SheetRow, prepared: PreparedRow): string | undefined {
    const { settings, input } = this.deps;
    if (!settings.failedRefs) return undefined;
    for (const i of prepared.issues) {
      if (i.code !== 'E_LOOKUP_NOT_FOUND' || !i.field) continue;
      const f = settings.def.fields.find((x) => x.name === i.field);
      const col = input.mapping.columns.find((c) => c.header === i.column);
      const text = col ? cellText(cellAt(input.mapping, col.index, r.cells)).trim() : '';
      const why = f?.lookup && col ? settings.failedRefs.get(f.lookup)?.get(text.toLowerCase()) : undefined;
      if (why) return `its ${f!.lookup!.replace(/_/g, ' ')} '${text}' ${why}`;
    }
    return undefined;
  }

  private check(r: SheetRow): RowOutcome | Promise<RowOutcome> {
    const { settings, ctx, scan, stop } = this.deps;
    // Once stopped, the rows left are listed as they are read, not checked: a stop is quick
    // however many rows remain (a dry run's checks are all its work).
    if (stop.stopped)
      return {
        ...stop.notSent({ row: r.row, cells: r.cells, text: r.text, warnings: [] }),
        key: this.keyTextOf(r),
      };
    // A register of several companies: another company's row is left for its own run.
    const company = scan.scanner.rowCompany(r);
    if (company?.kind === 'other')
      return {
        row: r.row,
        cells: r.cells,
        text: r.text,
        warnings: [],
        key: this.keyTextOf(r),
        status: 'skipped',
        issues: [],
        note: otherCompanyNote(company),
      };
    const done = this.deps.planned.journalDone?.get(r.row);
    if (done) return this.doneByJournal(r, done);
    const byMemory = this.deps.planned.memoryDone?.get(r.row);
    if (byMemory) return this.known(r, byMemory.id, this.deps.writer.doneByMemory(byMemory));
    const prepared = prepareRow(ctx, r);
    const base = {
      row: r.row,
      cells: r.cells,
      text: r.text,
      warnings: prepared.warnings,
      key: this.keyTextOf(r),
    };
    if (company?.kind === 'unknown') {
      const column = companyColumn(this.deps.input.mapping)?.header;
      const issue: RowIssue = {
        code: 'E_LOOKUP_NOT_FOUND',
        column,
        field: 'company',
        message: company.message,
      };
      return { ...base, status: 'invalid', issues: [issue, ...prepared.issues] };
    }
    if (prepared.skip)
      return { ...base, status: 'skipped', id: prepared.id, issues: [], note: prepared.skip };
    const refNote = this.failedRef(r, prepared);
    if (refNote) return { ...base, status: 'skipped', issues: [], note: refNote };
    const key = rowKey(settings.def, prepared.body, settings.keyField, this.keyFieldId);
    const repeat = key && this.keyed ? this.keyRepeat(r, prepared, key, base) : undefined;
    if (repeat) return repeat;
    const made = this.keylessRecord(r, prepared, key);
    const same = this.sameRecordOutcome(made ? { ...prepared, id: made.id } : prepared, key, base);
    if (same) return same;
    if (prepared.issues.length > 0) {
      const out: RowOutcome = { ...base, status: 'invalid', issues: prepared.issues, key: key?.value };
      const turn = this.invalidTurn(prepared, key);
      return turn ? turn.then(() => out) : out;
    }
    if (made) return withNote(this.update({ ...prepared, id: made.id }, key, base), made.note);
    // A row of a report fed back with --on-existing update carries its record's id.
    if (settings.mode === 'update' || prepared.id !== undefined) return this.update(prepared, key, base);
    // A sync's row whose key a record has (the list read before the run says so) updates it.
    if (settings.sync && key && this.deps.planned.existing?.has(`${key.field}=${key.value}`))
      return this.update(prepared, key, base);
    const out = this.createOrPreview(r, prepared, base, key);
    return settings.sync && !key
      ? withNote(
          out,
          `no ${keyName(settings.keyField)}, and no earlier run made a record from these values: ${settings.dryRun ? 'would be created' : 'created'}`,
          ['created', 'valid'],
        )
      : out;
  }

  /** A row an earlier run of this import created, its cells unchanged: skipped, nothing looked up. */
  private doneByJournal(r: SheetRow, done: JournalDone): RowOutcome {
    return this.known(r, done.id, this.deps.writer.doneBefore(done.id, done.status, done.fp, done.lacks));
  }

  /**
   * A row known by its cells (the journal's, or the memory's of another file's run): skipped
   * as `res` says, nothing looked up. A later row may name its record (not an asset's key).
   */
  private known(r: SheetRow, id: number, res: ReturnType<RowWriter['doneBefore']>): RowOutcome {
    const { settings, input } = this.deps;
    const key = this.keyTextOf(r);
    if (key && settings.def.name !== 'asset')
      input.resolver.remember(settings.def.name as LookupKind, { id, name: key });
    const note = settings.dryRun ? `${res.note}; would be skipped` : res.note;
    return { row: r.row, cells: r.cells, text: r.text, warnings: [], key, issues: [], ...res, note };
  }

  /**
   * A sync's or an update's keyless row: the record it is, by its ID cell (a listed record of
   * the row's name: an export synced back), else by what the memory remembers of an earlier
   * run of it (an import of the same sheet, its row unchanged since); undefined: a sync's row
   * to create, an update's row that names no record. Read from the list the plan read: no request.
   */
  private keylessRecord(
    r: SheetRow,
    prepared: PreparedRow,
    key: Key,
  ): { id: number; note: string } | undefined {
    const { settings, writer, planned, input } = this.deps;
    const matches = settings.sync !== undefined || settings.mode === 'update';
    if (!matches || key || prepared.id !== undefined || prepared.issues.length > 0) return undefined;
    const none = `no ${keyName(settings.keyField)}`;
    const named = idCellOf(input, this.idColumn, r);
    if (named !== undefined && sameName(planned.records?.get(named)?.name, prepared.body.name))
      return { id: named, note: `${none}: its ID cell names record ${named}, of the same name` };
    const made = writer.rememberedRecord(prepared.body);
    return (
      made && {
        id: made.id,
        note: `${none}: matched to the record an earlier run of ${made.file} made from the same values on ${shownDate(made.at)} (id ${made.id})`,
      }
    );
  }

  /**
   * An import's row whose key an earlier row has: a duplicate (the same values) or a conflict
   * (other values), skipped either way; undefined for the first row of its key.
   */
  private keyRepeat(
    r: SheetRow,
    prepared: PreparedRow,
    key: NonNullable<Key>,
    base: Base,
  ): RowOutcome | undefined {
    const scanner = this.deps.scan.scanner;
    const first = scanner.firstRowOf(key.value, r.row);
    if (first === undefined) return undefined;
    const values = KeyedRows.valuesOf(r.row, prepared.body, this.cellsByField(r, prepared.body));
    if (first === r.row) {
      this.keyed!.first(key.value, values, scanner.repeated.has(r.row));
      return undefined;
    }
    const verdict = this.keyed!.judge(key.value, first, values);
    if (verdict?.kind !== 'conflict')
      return {
        ...base,
        status: 'skipped',
        issues: [],
        note: `duplicate of row ${first} (same ${keyName(key.field)} "${key.value}")`,
      };
    const { def } = this.deps.settings;
    const label = (f: string) =>
      f === 'template' || f === 'form_template' ? 'custom fields' : (fieldByName(def, f)?.label ?? f);
    const words = conflictWords(verdict, first, key.value, values, {
      label,
      keyName: keyName(key.field),
      plural: def.plural,
    });
    const column =
      this.keyIndex === undefined
        ? undefined
        : this.deps.input.mapping.columns.find((c) => c.index === this.keyIndex)?.header;
    const warning: RowIssue = { code: 'W_KEY_CONFLICT', column, field: key.field, message: words.warning };
    return {
      ...base,
      status: 'skipped',
      issues: [],
      warnings: [...base.warnings, warning],
      note: words.note,
    };
  }

  /** A row's cells as the sheet shows them, by the field each feeds (custom fields together). */
  private cellsByField(r: SheetRow, body: PreparedRow['body']): Map<string, string> {
    const mapping = this.deps.input.mapping;
    const out = new Map<string, string>();
    for (const c of mapping.columns) {
      const text = cellText(cellAt(mapping, c.index, r.cells)).trim();
      if (c.target.kind === 'field' && text) out.set(c.target.field.name, text);
      else if (c.target.kind === 'custom' && text) {
        const f = c.target.source === 'template' ? 'template' : 'form_template';
        out.set(f, [out.get(f), `${c.header}: ${text}`].filter(Boolean).join(', '));
      }
    }
    // A field no cell shows as it is (built, derived): the value the row would send.
    for (const [f, v] of Object.entries(body))
      if (!out.has(f) && v !== undefined && v !== null && v !== '')
        out.set(f, typeof v === 'object' ? JSON.stringify(v) : String(v));
    return out;
  }

  /** A row with no record yet: created, or (a dry run) what a create would do. */
  private createOrPreview(
    r: SheetRow,
    prepared: PreparedRow,
    base: Base,
    key: Key,
  ): RowOutcome | Promise<RowOutcome> {
    const idCell = this.idCellOf(r, prepared, key);
    if (!this.deps.settings.dryRun) return this.create(r, prepared, base, key, idCell);
    // --on-existing update|error: the record the ID cell names decides first, as in the real run.
    if (idCell && this.deps.settings.onExisting !== 'skip')
      return this.previewNamed(r, prepared, base, idCell);
    return this.previewNew(r, prepared, base, key, idCell);
  }

  /** A dry run's row that no record's ID cell decides: what the memory, the ID cell and the check say of its create. */
  private previewNew(
    r: SheetRow,
    prepared: PreparedRow,
    base: Base,
    key: Key,
    idCell: IdCell | undefined,
  ): RowOutcome | Promise<RowOutcome> {
    const writer = this.deps.writer;
    // A keyless row: the memory says, as it will for the real run, whether an earlier run made it.
    const held = key ? undefined : writer.previewKeyless(prepared.body);
    if (held?.go === false) return heldOutcome(base, held);
    if (idCell) return this.previewById(r, prepared, base, idCell, held?.note);
    const out = this.wouldCreateNow(r, prepared, base, key);
    return held?.note ? withNote(out, held.note, ['valid']) : out;
  }

  /** A keyless row's ID cell, when the run reads it (an import's ID column, left out). */
  private idCellOf(r: SheetRow, prepared: PreparedRow, key: Key): IdCell | undefined {
    const id = key ? undefined : idCellOf(this.deps.input, this.idColumn, r);
    return id === undefined ? undefined : { id, emptied: prepared.emptyFields };
  }

  /** A dry run's keyless row with an ID cell: as the real run will judge it by the record the cell names. */
  private async previewById(
    r: SheetRow,
    prepared: PreparedRow,
    base: Base,
    idCell: IdCell,
    memoryNote: string | undefined,
  ): Promise<RowOutcome> {
    try {
      const byId = await this.deps.writer.byIdCell(idCell, prepared.body, 'would be created');
      if (byId?.go === false) return heldOutcome(base, byId);
      const out = await this.wouldCreateNow(r, prepared, base, undefined);
      const note = memoryNote ?? byId?.note;
      return note ? withNote(out, note, ['valid']) : out;
    } catch (e) {
      return this.thrown(e, base);
    }
  }

  /**
   * A dry run's keyless row under --on-existing update|error whose ID cell names a record of
   * its name: the update's changes (skipped when none), or the refusal. Another name: as any row.
   */
  private async previewNamed(
    r: SheetRow,
    prepared: PreparedRow,
    base: Base,
    idCell: IdCell,
  ): Promise<RowOutcome> {
    const { writer } = this.deps;
    try {
      const named = await writer.byIdCell(idCell, prepared.body, 'would be created');
      if (!named || named.go === true) return await this.previewNew(r, prepared, base, undefined, undefined);
      if (named.go === false)
        return named.status === 'failed'
          ? { ...base, status: 'failed', id: named.id, issues: named.issues }
          : heldOutcome(base, named);
      const res = await writer.updateById(prepared.row, named, prepared.body, {
        built: builtFieldsOf(prepared),
        dryRun: true,
        emptied: idCell.emptied,
      });
      const said = this.keptSaid(base, res, prepared);
      return (
        this.mergedConflict(said.base, named.id, res) ??
        previewedUpdate(said.base, named.id, { ...res, note: said.note })
      );
    } catch (e) {
      return this.thrown(e, base);
    }
  }

  /** A dry run's row with no record yet: what a create would do. */
  private wouldCreateNow(
    r: SheetRow,
    prepared: PreparedRow,
    base: Base,
    key: Key,
  ): RowOutcome | Promise<RowOutcome> {
    const writer = this.deps.writer;
    // As the run: a row the journal of this import did, by its body (or its key: changed since).
    const journal = writer.previewJournal(r.row, prepared.body, key);
    if (journal?.status === 'skipped') return wouldBeSkipped(base, journal);
    if (key && writer.mayRemember) return this.wouldCreateKeyed(r, prepared, base, key);
    // The list read before the run answers without a request.
    if (writer.complete || !key)
      return this.wouldCreate(r, base, key, writer.knownExistingIds(key), prepared);
    return writer.existingIds(key).then((ids) => this.wouldCreate(r, base, key, ids, prepared));
  }

  /**
   * A dry run's keyed row with the memory of what was sent at hand: as the run, the memory
   * first (made by another file's or report's run, or changed since), then the service.
   */
  private async wouldCreateKeyed(
    r: SheetRow,
    prepared: PreparedRow,
    base: Base,
    key: NonNullable<Key>,
  ): Promise<RowOutcome> {
    const { writer } = this.deps;
    try {
      const made = await writer.previewKeyed(key, prepared.body);
      if (made?.status === 'skipped') return wouldBeSkipped(base, made);
      // Sent by a run that stopped before it learnt the outcome: failed, as in the run.
      if (made) return heldOutcome(base, made);
      return await this.wouldCreate(r, base, key, await writer.existingIds(key), prepared);
    } catch (e) {
      return this.thrown(e, base);
    }
  }

  /**
   * Update and sync: a row naming the record an earlier row names is not sent again: a
   * duplicate (skipped) when it sets the same values, invalid when it sets others.
   */
  private sameRecordOutcome(prepared: PreparedRow, key: Key, base: Base): RowOutcome | undefined {
    const valid = prepared.issues.length === 0;
    const judged = this.sameRecordVerdict(prepared, key, valid);
    if (!judged || judged.v.kind === 'first' || !valid) return undefined;
    const field = prepared.id !== undefined ? 'id' : key!.field;
    return this.sameRecordOf(judged.v, judged.same, field, { ...base, id: prepared.id }, key);
  }

  /** A later row of a record: skipped as a copy of the first, or invalid on `field`, which named the record. */
  private sameRecordOf(
    v: Exclude<SameRecordVerdict, { kind: 'first' }>,
    same: string,
    field: string,
    base: Base & { id?: number },
    key: Key,
  ): RowOutcome {
    if (v.kind === 'duplicate')
      return { ...base, status: 'skipped', issues: [], key: key?.value, note: duplicateNote(v.row, same) };
    const column = this.deps.input.mapping.columns.find(
      (c) => (c.target.kind === 'field' ? c.target.field.name : c.target.kind) === field,
    )?.header;
    const label = (f: string) => this.deps.settings.def.fields.find((x) => x.name === f)?.label ?? f;
    const message = sameRecordMessage(v, { same, label });
    return {
      ...base,
      status: 'invalid',
      id: undefined,
      key: key?.value,
      issues: [{ code: 'E_DUPLICATE_ROW', column, field, message }],
    };
  }

  /**
   * An update's invalid row, each row looked up alone: its turn under its record's ID, so that a
   * later row naming that record (by its ID, or by its key found to be it) is invalid too, as
   * with the list. A row that names its record by its key alone learns the ID from its filtered
   * call, spent only where a later row may name the record by ID (the sheet has an ID column);
   * the row waits for it, so the run's requests are all answered when it ends.
   */
  private invalidTurn(prepared: PreparedRow, key: Key): Promise<void> | undefined {
    if (!this.byIdTurns) return undefined;
    const { keyField } = this.deps.settings;
    if (prepared.id !== undefined) {
      const turn = this.byIdTurns.take();
      void turn.judge(`id=${prepared.id}`, prepared.row, undefined, keyField);
      return undefined;
    }
    if (!key || !this.deps.input.mapping.columns.some((c) => c.target.kind === 'id')) return undefined;
    const turn = this.byIdTurns.take();
    if (this.deps.stop.stopped) return void turn.pass();
    // A lookup that fails leaves the record unknown, as a valid row's failed lookup does: the
    // later row goes on without this one (which stays invalid: the run exits 1).
    return this.deps.writer.findByKey(key).then(
      async (found) => {
        if (found.length === 1) await turn.judge(`id=${found[0].id}`, prepared.row, undefined, keyField);
        else turn.pass();
      },
      () => turn.pass(),
    );
  }

  /**
   * An update's row looked up alone, its record `id` now known: the verdict under that ID, once
   * the rows before it have had theirs (a row by its ID, a later one by its key: one record).
   */
  private async sameRecordLate(
    turn: RecordTurn,
    prepared: PreparedRow,
    key: Key,
    id: number,
    base: Base,
  ): Promise<RowOutcome | undefined> {
    const { settings } = this.deps;
    const emptied = settings.clearEmpty ? prepared.emptyFields : [];
    const v = await turn.judge(`id=${id}`, prepared.row, prepared.body, settings.keyField, emptied);
    if (v.kind === 'first') return undefined;
    const field = prepared.id !== undefined ? 'id' : key!.field;
    return this.sameRecordOf(v, `same ID ${id}`, field, { ...base, id }, key);
  }

  /**
   * The verdict on a row that names a record by its ID or its key, and how the two rows name
   * it. A keyed row whose record the list read before the run has is also that record's ID: a
   * row naming the record by ID (a sync's keyless row by its ID cell, an update's ID column)
   * is the same record, though it has no key or another.
   */
  private sameRecordVerdict(
    prepared: PreparedRow,
    key: Key,
    valid: boolean,
  ): { v: SameRecordVerdict; same: string } | undefined {
    const { settings, planned } = this.deps;
    const identity =
      prepared.id !== undefined ? `id=${prepared.id}` : key ? `${key.field}=${key.value}` : undefined;
    if (!this.sameRecord || identity === undefined) return undefined;
    const body = valid ? prepared.body : undefined;
    const emptied = settings.clearEmpty ? prepared.emptyFields : [];
    const { row } = prepared;
    const v = this.sameRecord.judge(identity, row, body, emptied, settings.keyField);
    const same =
      prepared.id !== undefined ? `same ID ${prepared.id}` : `same ${keyName(key!.field)} "${key!.value}"`;
    const listed =
      prepared.id === undefined && key && planned.existingComplete
        ? planned.existing?.get(`${key.field}=${key.value}`)
        : undefined;
    if (v.kind !== 'first' || listed?.length !== 1) return { v, same };
    const byId = this.sameRecord.judge(`id=${listed[0]}`, row, body, emptied, settings.keyField);
    return { v: byId, same: `same ID ${listed[0]}` };
  }

  /**
   * A dry run's keyed row whose record exists, under --on-existing update: as the run will
   * merge it (changes, or "no change"), from the record the run has in hand.
   */
  private async previewOnExisting(prepared: PreparedRow, base: Base, id: number): Promise<RowOutcome> {
    try {
      const res = await this.deps.writer.previewOnExisting(prepared.row, id, prepared.body, {
        built: builtFieldsOf(prepared),
        emptied: prepared.emptyFields,
      });
      const said = this.keptSaid(base, res, prepared);
      const conflict = this.mergedConflict(said.base, id, res);
      if (conflict) return conflict;
      const changed = `already in the service (id ${id}); would be updated`;
      return previewedUpdate(said.base, id, { ...res, note: said.note }, changed);
    } catch (e) {
      return this.thrown(e, { ...base, id });
    }
  }

  /** `prepared`: the row, its body the one it would be created with. */
  private wouldCreate(
    r: SheetRow,
    base: Base,
    key: Key,
    ids: readonly number[],
    prepared: PreparedRow,
  ): RowOutcome | Promise<RowOutcome> {
    const { settings, input } = this.deps;
    const sent = prepared.body;
    const existingId = ids[0];
    if (existingId !== undefined) {
      const what = settings.onExisting;
      // As the run: a key several records have updates none of them.
      if (what === 'update' && key && ids.length > 1)
        return { ...base, status: 'failed', issues: [ambiguousKey(ids, key)] };
      const again =
        what === 'update' && key ? this.deps.writer.sameRecordNow(base.row, existingId, sent) : undefined;
      if (again) return againOutcome(base, again);
      if (what === 'update') return this.previewOnExisting(prepared, base, existingId);
      // As the run says it (writer.ts onExistingRecord): the ids and the key they have.
      if (what === 'error' && key) return { ...base, ...refusedExisting(ids, key) };
      const note = key ? alreadyInService(ids, key) : `already in the service (id ${existingId})`;
      return { ...base, status: 'skipped', id: existingId, issues: [], note: `${note}; would be skipped` };
    }
    if (key && !this.deps.preview && (settings.def.name === 'contract' || settings.def.name === 'customer'))
      input.resolver.remember(settings.def.name, { id: -r.row, name: key.value });
    return {
      row: base.row,
      cells: base.cells,
      text: base.text,
      warnings: base.warnings,
      status: 'valid',
      issues: NO_ISSUES,
      key: key?.value,
      sent,
      ...this.goneSaid(key, sent),
    };
  }

  /** A dry run's row whose record an earlier run made and the service no longer has: said so. */
  private goneSaid(key: Key, body: WriteBody): { note?: string } {
    const { settings, writer, preview } = this.deps;
    const note = settings.dryRun && !preview ? writer.goneNote(key, body, true) : undefined;
    return note ? { note } : {};
  }

  /** A write that threw: the run stops; the row is not sent (stopped before its write) or failed. */
  private thrown(e: unknown, base: Base & { key?: string; id?: number }): RowOutcome {
    this.deps.stop.stop(e);
    if (stoppedBeforeSending(e)) return { ...this.deps.stop.notSent(base), key: base.key, id: base.id };
    return {
      ...base,
      status: 'failed',
      issues: [
        {
          code: isAssetbatchError(e) ? e.code : 'E_INTERNAL',
          message: `not sent: ${isAssetbatchError(e) ? e.message : String(e)}`,
        },
      ],
    };
  }

  private async create(
    r: SheetRow,
    prepared: PreparedRow,
    base: Base,
    key: Key,
    idCell: IdCell | undefined,
  ): Promise<RowOutcome> {
    const { settings, input, writer, stop } = this.deps;
    if (stop.stopped) return stop.notSent(base);
    try {
      const res = await writer.create(r.row, prepared.body, key, {
        idCell,
        built: builtFieldsOf(prepared),
        emptied: prepared.emptyFields,
        cells: this.deps.planned.cellsOf?.(r),
        lacks: base.warnings
          .filter((w) => w.code === 'W_UNMATCHED')
          .map(({ column, field, message }) => ({ column, field, message })),
      });
      // A record made by this run or, as the journal says, an earlier one: later rows may name it.
      const made = res.status === 'created' || res.status === 'skipped';
      if (made && res.id !== undefined && key && settings.def.name !== 'asset')
        input.resolver.remember(settings.def.name as LookupKind, { id: res.id, name: key.value });
      const said = this.keptSaid(base, res, prepared);
      const conflict = res.id === undefined ? undefined : this.mergedConflict(said.base, res.id, res);
      if (conflict) return conflict;
      return {
        ...said.base,
        // Nothing sent for the row's own values (another row's record, a value an update cannot set).
        status: res.status === 'failed' && res.invalid ? 'invalid' : res.status,
        id: res.id,
        issues: res.issues ?? [],
        warnings: [...said.base.warnings, ...(res.warnings ?? [])],
        note: said.note,
        key: key?.value,
        // --on-existing update of a record that already has the row's values: counted unchanged.
        ...(res.status === 'skipped' && res.unchanged ? { unchanged: true } : {}),
      };
    } catch (e) {
      return this.thrown(e, { ...base, key: key?.value });
    }
  }

  /**
   * An update's row that an earlier run of this update left with its record holding the row's
   * values (found so, or written so), its cells unchanged since (journal.ts): skipped without
   * looking its record up or reading it, as a repeat of an import skips the rows its journal
   * did. `--no-resume` reads and compares every row again.
   */
  private async updatedBefore(
    prepared: PreparedRow,
    key: Key,
    base: Base,
    turn: RecordTurn | undefined,
  ): Promise<RowOutcome | undefined> {
    if (!this.remembersUpdates()) return undefined;
    const done = this.deps.writer.updatedBefore(prepared.row, this.cellsOf(prepared), prepared.id);
    if (!done) return undefined;
    // Still the first row of its record, in sheet order (a later one is judged against it).
    const again = turn && (await this.sameRecordLate(turn, prepared, key, done.id, base));
    if (again) return again;
    const note = done.wrote
      ? 'updated by an earlier run of this update, the row unchanged since: not read again'
      : 'unchanged at an earlier run of this update (its record had these values), the row unchanged since: not read again';
    return { ...base, status: 'skipped', id: done.id, issues: [], note, doneBefore: true };
  }

  /** An update (not a sync's, nor --replace's, nor a dry run's) journals its rows done by their cells. */
  private remembersUpdates(): boolean {
    return journalsUpdates(this.deps.settings);
  }

  /** A row's cells as its journal knows an update's row (updateCellsPrint). */
  private cellsOf(prepared: PreparedRow): string {
    const { settings, input, scan } = this.deps;
    const print = (this.printCells ??= updateCellsPrint(settings, input.mapping, scan));
    return print({ row: prepared.row, cells: prepared.cells });
  }

  /**
   * An update's row still as its record was exported (editedSinceExport), the record not
   * listed: skipped without reading it, since its write would send nothing whatever the
   * record has now. Undefined when the row goes on to be read and merged.
   */
  private asExportedOutcome(prepared: PreparedRow, id: number, base: Base): RowOutcome | undefined {
    const { settings, planned, input } = this.deps;
    if (!planned.exported || planned.records?.has(id) || !skipsAsExported(settings, input.mapping))
      return undefined;
    const exported = asExportedOf(settings, input.mapping, planned.exported, { ...prepared, id });
    if (!exported) return undefined;
    return { ...base, status: 'skipped', id, issues: [], note: asExportedNote(exported), asExported: true };
  }

  /** The record a row updates: its ID column, else its natural key (one record, or the row fails). */
  private async recordOf(prepared: PreparedRow, key: Key, base: Base): Promise<number | RowOutcome> {
    const { settings, planned, writer } = this.deps;
    if (prepared.id !== undefined) {
      const issue =
        settings.mode === 'update' && !settings.sync
          ? this.idMismatchOf(prepared.id, prepared, key)
          : undefined;
      return issue ? { ...base, status: 'invalid', issues: [issue] } : prepared.id;
    }
    if (!key)
      return {
        ...base,
        status: 'invalid',
        issues: [
          {
            code: 'E_VALUE_REQUIRED',
            field: 'id',
            message: `needs an ID or a ${settings.keyField?.replace(/_/g, ' ')} to find the record (the report of the import that created it names it in #id: update that report instead)`,
          },
        ],
      };
    const found = planned.existingComplete
      ? (planned.existing?.get(`${key.field}=${key.value}`) ?? []).map((id) => ({ id }))
      : await writer.findByKey(key);
    const what = `${key.field.replace(/_/g, ' ')} "${key.value}"`;
    if (found.length === 0)
      return {
        ...base,
        status: 'failed',
        issues: [
          {
            code: 'E_LOOKUP_NOT_FOUND',
            field: key.field,
            message: `no ${settings.def.label.toLowerCase()} with ${what} in company ${settings.company}`,
          },
        ],
      };
    if (found.length > 1)
      return {
        ...base,
        status: 'failed',
        issues: [
          {
            code: 'E_LOOKUP_AMBIGUOUS',
            field: key.field,
            message: `${found.length} ${settings.def.plural} have ${what} (ids ${found.map((f) => f.id).join(', ')}); add an ID column`,
          },
        ],
      };
    return found[0].id;
  }

  /** An update's ID cell that names another record than the row's key (or name and key) does: another tool's id. */
  private idMismatchOf(id: number, prepared: PreparedRow, key: Key): RowIssue | undefined {
    const col = this.deps.input.mapping.columns.find((c) => c.target.kind === 'id');
    if (!col) return undefined;
    // A report's "#id" is this tool's own; a mapping file's "id" is the user's word for it.
    const mapped = col.how === 'mapping file' || col.header.trim().startsWith('#');
    const row = { id, key, name: prepared.body.name, column: col.header, mapped };
    return idMismatch(row, this.deps.planned);
  }

  /** Updates: find the record, merge, PATCH or PUT the changes (or show them, in a dry run). */
  private async update(prepared: PreparedRow, key: Key, base: Base): Promise<RowOutcome> {
    // Taken now, before any request: rows begin in sheet order.
    const turn = this.byIdTurns?.take();
    try {
      return await this.updateOnce(prepared, key, base, turn);
    } finally {
      turn?.pass();
    }
  }

  private async updateOnce(
    prepared: PreparedRow,
    key: Key,
    base: Base,
    turn: RecordTurn | undefined,
  ): Promise<RowOutcome> {
    const { settings, writer, stop } = this.deps;
    const before = await this.updatedBefore(prepared, key, base, turn);
    if (before) return before;
    const id = await this.recordOf(prepared, key, base);
    if (typeof id !== 'number') return id;
    const again = turn && (await this.sameRecordLate(turn, prepared, key, id, base));
    if (again) return again;
    if (stop.stopped) return { ...stop.notSent(base), id };
    const asExported = this.asExportedOutcome(prepared, id, base);
    if (asExported) return asExported;
    try {
      const res = await writer.updateMerged(prepared.row, id, prepared.body, {
        clearEmpty: settings.clearEmpty ? prepared.emptyFields : [],
        replace: settings.replace,
        dryRun: settings.dryRun,
        built: builtFieldsOf(prepared),
        lookupCells: this.lookupCellsOf(prepared),
        asExported: prepared.asExported,
      });
      const failed = res.invalid ? 'invalid' : 'failed';
      const keptCells = this.inSheetOrder([...(prepared.kept ?? []), ...(res.kept ?? [])]);
      base = this.withKept(base, res, keptCells, prepared);
      if (res.status !== 'failed' && res.conflicts?.length)
        return conflictOutcome(base, id, res, settings.dryRun, this.customColumn());
      // A sync calls a row whose record already has its values unchanged; an update skips it,
      // in a dry run as in the run, and counts it as unchanged, as the plan does.
      const sync = settings.sync !== undefined;
      const same = res.unchanged === true && res.status !== 'failed';
      const status = res.status === 'failed' ? failed : same ? (sync ? 'unchanged' : 'skipped') : undefined;
      const counted = same && !sync ? { unchanged: true } : {};
      const kept = this.leftAsIs(res, id, prepared);
      // Its record has the row's values now, nothing held back: a run again skips the row unread.
      const clean = !kept && keptCells.length === 0 && !res.colleagues?.length;
      if (clean && (same || res.status === 'updated') && this.remembersUpdates())
        writer.unchangedSeen(prepared.row, id, this.cellsOf(prepared), !same);
      const note = this.withColleagues(
        res,
        prepared,
        this.updateFinding(key, base, id),
        this.sentNothingNote(res, keptCells, prepared) ??
          (kept ? `${res.note ?? 'unchanged'}${kept}` : res.note),
      );
      if (settings.dryRun)
        return {
          ...base,
          status: status ?? 'valid',
          id,
          issues: res.issues ?? [],
          changes: res.changes,
          sent: res.sent,
          note,
          ...counted,
        };
      return {
        ...base,
        status: status ?? res.status,
        id: res.id,
        issues: res.issues ?? [],
        note,
        ...counted,
      };
    } catch (e) {
      return this.thrown(e, { ...base, id });
    }
  }

  /** The row's lookup cells as written, by field: the writer tells a stale one by its name. */
  private lookupCellsOf(prepared: PreparedRow): ReadonlyMap<string, string> {
    return lookupCellsOf(this.deps.input.mapping, prepared.cells);
  }

  /** A custom field's column header, by its name `custom.<id>` (a conflict's); undefined for a plain field. */
  private customColumn(): (field: string) => string | undefined {
    const columns = this.deps.input.mapping.columns;
    return (field) =>
      customFieldIdOf(field) === undefined
        ? undefined
        : columns.find((c) => c.target.kind === 'custom' && keptColumn(c.target, field))?.header;
  }

  /** Cells kept (a lookup's before the lists, a plain field's by the writer) in the order of the sheet's columns. */
  private inSheetOrder(kept: KeptField[]): KeptField[] {
    if (kept.length < 2) return kept;
    const columns = this.deps.input.mapping.columns;
    const at = (k: KeptField) => columns.findIndex((c) => keptColumn(c.target, k.field));
    return kept.sort((a, b) => at(a) - at(b));
  }

  /** A kept field's column in this row: its text, header, and a custom field's name and label. */
  private keptCell(prepared: PreparedRow): (field: string) => KeptCell {
    const mapping = this.deps.input.mapping;
    return (field) => {
      const c = mapping.columns.find((x) => keptColumn(x.target, field));
      if (!c) return {};
      const text = cellText(cellAt(mapping, c.index, prepared.cells)).trim();
      const t = c.target;
      if (t.kind !== 'custom') return { text, column: c.header };
      return { text, column: c.header, field: `custom:${t.templateName}/${t.fieldName}`, label: c.header };
    };
  }

  /** The row's warnings with a word on each cell kept as the service has it (kept-cells.ts). */
  private withKept<B extends Base>(
    base: B,
    res: UpdateResult,
    kept: readonly KeptField[],
    prepared: PreparedRow,
  ): B {
    if (kept.length === 0 || res.status === 'failed') return base;
    const warnings = keptWarnings(this.deps.settings.def, kept, this.keptCell(prepared));
    return { ...base, warnings: [...base.warnings, ...warnings] };
  }

  /**
   * An import's row merged into its record (--on-existing update, a sync): a word on each cell
   * kept as the service has it, and the row's note (that nothing was sent, when nothing else changed).
   */
  private keptSaid(base: Base, res: UpdateResult, prepared: PreparedRow): { base: Base; note?: string } {
    const kept = this.inSheetOrder([...(prepared.kept ?? []), ...(res.kept ?? [])]);
    if (kept.length === 0) return { base, note: res.note };
    return {
      base: this.withKept(base, res, kept, prepared),
      note: this.sentNothingNote(res, kept, prepared) ?? res.note,
    };
  }

  /**
   * A row to be created that was merged into a record instead (--on-existing update: its key
   * or its ID cell found one), whose merge held fields back as changed in the sheet and in the
   * service since the last run: a `conflict`, said as a matched row's is (mergedConflict).
   */
  private mergedConflict(base: Base, id: number, res: UpdateResult): RowOutcome | undefined {
    return mergedConflict(base, id, res, this.deps.settings.dryRun, this.customColumn());
  }

  /**
   * A sync's note with the values the record keeps for a colleague (colleaguesWords): in place
   * of "the record already has these values", which is then not so, or after the note.
   */
  private withColleagues(
    res: UpdateResult,
    prepared: PreparedRow,
    update: string | undefined,
    note: string | undefined,
  ): string | undefined {
    const cell = this.keptCell(prepared);
    const words = colleaguesWords(this.deps.settings.def, res.colleagues ?? [], cell, update);
    if (!words) return note;
    if (!note) return words;
    return note === NO_CHANGE ? `unchanged: ${words}` : `${note}; ${words}`;
  }

  /**
   * The update that finds a sync's row's record `id` as the sync did, when one does: by the
   * row's ID cell (mapped, or an export's left out) when it names that record; without one, by
   * the key, when it is the update's (an asset's serial number, or its name with
   * --unique-field name; a contract's number, a customer's name); a keyless row by the record
   * an earlier run made from its values, which an update matches too. An update keeps no
   * colleague's value (only an export's stale cell, which the sync kept already).
   */
  private updateFinding(key: Key, base: Base, id: number): string | undefined {
    const { settings, input } = this.deps;
    const idColumn = input.mapping.columns.find((c) => c.target.kind === 'id')?.index ?? this.idColumn;
    const named = idCellOf(input, idColumn, base);
    if (named !== undefined) return named === id ? 'assetbatch update' : undefined;
    if (!key) return 'assetbatch update';
    if (settings.def.name === 'asset' && key.field === 'name') return 'assetbatch update --unique-field name';
    // An update's key is the resource's first natural key (an asset's serial number).
    return key.field === settings.def.naturalKey?.[0] ? 'assetbatch update' : undefined;
  }

  /** A row whose only changes were stale cells, kept as the service has them: its note says so. */
  private sentNothingNote(
    res: UpdateResult,
    kept: readonly KeptField[],
    prepared: PreparedRow,
  ): string | undefined {
    const none = res.status === 'skipped' && (res.changes?.length ?? 0) === 0;
    if (!none || kept.length === 0 || res.conflicts?.length) return undefined;
    return keptNote(this.deps.settings.def, kept, this.keptCell(prepared));
  }

  /**
   * A row that changes nothing though some of its cells are empty where the record has a
   * value: an update leaves those alone, so "the record already has these values" would not be
   * true. Said, with the values kept and the option that empties them.
   */
  private leftAsIs(res: UpdateResult, id: number, prepared: PreparedRow): string | undefined {
    const { settings, writer } = this.deps;
    // A dry run's preview is `skipped` whatever it would change: its changes say.
    const nothing = settings.dryRun ? (res.changes?.length ?? 0) === 0 : res.status === 'skipped';
    if (!nothing || settings.replace) return undefined;
    // --clear-empty empties the others; a cell filled since the last run is a colleague's, kept.
    const kept = writer
      .keptByEmptyCells(id, prepared.emptyFields)
      .filter((k) => !settings.clearEmpty || k.sinceLastRun);
    if (kept.length === 0) return undefined;
    const cell = this.keptCell(prepared);
    const label = (f: string) => fieldByName(settings.def, f)?.label ?? cell(f).label ?? f;
    return keptByEmptyWords(kept, label, {
      leaves: 'an update leaves empty cells alone',
      empties: (one) => `--clear-empty empties ${one ? 'it' : 'them'}`,
    });
  }
}

/** A dry run's --on-existing update of record `id`: its changes (valid), none (skipped), or its refusal. */
function previewedUpdate(base: Base, id: number, res: UpdateResult, changed?: string): RowOutcome {
  const status = res.status === 'failed' ? (res.invalid ? 'invalid' : 'failed') : undefined;
  const none = (res.changes?.length ?? 0) === 0;
  const { changes, sent } = res;
  const note = !status && !none && changed ? (res.note ? `${changed}; ${res.note}` : changed) : res.note;
  return {
    ...base,
    status: status ?? (none ? 'skipped' : 'valid'),
    id,
    issues: res.issues ?? [],
    changes,
    sent,
    note,
    ...(!status && none && res.unchanged ? { unchanged: true } : {}),
  };
}

/** A dry run's row whose record an earlier row updates: skipped as its copy, or invalid (same-record.ts). */
function againOutcome(base: Base, again: UpdateResult): RowOutcome {
  const status = again.status === 'failed' ? 'invalid' : 'skipped';
  return { ...base, status, id: again.id, issues: again.issues ?? [], note: again.note };
}

/** A row the writer will not create (made already, held back as like a record): skipped, its warnings said. */
function heldOutcome(
  base: Base,
  held: {
    status: RowOutcome['status'];
    id?: number;
    note?: string;
    issues?: readonly RowIssue[];
    warnings?: readonly RowIssue[];
  },
): RowOutcome {
  return {
    ...base,
    status: held.status,
    id: held.id,
    issues: held.issues ?? [],
    warnings: [...base.warnings, ...(held.warnings ?? [])],
    note: held.note,
  };
}

/** The custom field a sync is keyed on (--key custom:LABEL): its id, from the sheet's column. */
export function customKeyFieldId(
  mapping: MappedInput['mapping'],
  keyField: string | undefined,
): number | undefined {
  if (customKeyLabel(keyField) === undefined) return undefined;
  const t = mapping.columns.find((c) => isKeyColumn(c, keyField))?.target;
  return t?.kind === 'custom' ? t.fieldId : undefined;
}

/** A row's key: its key field's value, or (a custom field key) that field's among the template's values. */
export function rowKey(
  def: RunSettings['def'],
  body: PreparedRow['body'],
  keyField: string | undefined,
  keyFieldId: number | undefined,
): Key {
  if (keyFieldId === undefined) return naturalKey(def, body, keyField);
  const tpl = body.template as { fields?: { id: number; value: unknown }[] } | undefined;
  const v = tpl?.fields?.find((f) => f.id === keyFieldId)?.value;
  const text = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  return text ? { field: keyField!, value: text } : undefined;
}

export const keyName = (field: string | undefined) =>
  field === 'id' ? 'ID' : (customKeyLabel(field) ?? (field ?? 'key').replace(/_/g, ' '));

/** The outcome with a word on how its row was matched, before any note of its own. */
function withNote(
  out: RowOutcome | Promise<RowOutcome>,
  how: string,
  only?: readonly RowOutcome['status'][],
): RowOutcome | Promise<RowOutcome> {
  const add = (o: RowOutcome): RowOutcome =>
    (only && !only.includes(o.status)) || (['not sent', 'failed'].includes(o.status) && o.issues.length > 0)
      ? o
      : { ...o, note: o.note ? `${how}; ${o.note}` : how };
  return out instanceof Promise ? out.then(add) : add(out);
}

const shown = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? '(empty)'
    : typeof v === 'object'
      ? JSON.stringify(v)
      : String(v);

/**
 * A row with fields both the sheet and the service changed since the last run: both values, and
 * what was written. A custom field (`custom.<id>`) is named by its column (`columnOf`).
 */
function conflictOutcome(
  base: Base,
  id: number,
  res: UpdateResult,
  dryRun: boolean,
  columnOf: (field: string) => string | undefined,
): RowOutcome {
  const both = res
    .conflicts!.map(
      (c) =>
        `${columnOf(c.field) ?? c.field}: sheet ${shown(c.sheet)}, service ${shown(c.service)} (last sent ${shown(c.last)})`,
    )
    .join('; ');
  const written =
    res.status === 'updated'
      ? `; its other changes were written`
      : dryRun && res.changes?.length
        ? '; its other changes would be written'
        : '';
  const note = `changed in the sheet and in the service since the last run, not written (--prefer sheet writes the sheet's): ${both}${written}`;
  return { ...base, status: 'conflict', id, issues: [], changes: dryRun ? res.changes : undefined, note };
}

/**
 * A merge's outcome when it held fields back (`res.conflicts`: both the sheet and the service
 * changed them since the last run): the row is a `conflict` wherever the merge came from, its
 * record matched before the run or found as the row was to be created; undefined when the merge
 * failed or held nothing back. `columnOf`: a custom field's column.
 */
export function mergedConflict(
  base: Pick<RowOutcome, 'row' | 'cells' | 'text' | 'warnings'>,
  id: number,
  res: UpdateResult,
  dryRun: boolean,
  columnOf: (field: string) => string | undefined,
): RowOutcome | undefined {
  if (res.status === 'failed' || !res.conflicts?.length) return undefined;
  return conflictOutcome(base, id, res, dryRun, columnOf);
}

/** A dry run's row the run will skip (the journal or the memory says so): the run's words, and "would be skipped". */
function wouldBeSkipped(base: Base, res: { readonly id?: number; readonly note?: string }): RowOutcome {
  return { ...base, status: 'skipped', id: res.id, issues: [], note: `${res.note}; would be skipped` };
}

/** Whether a column feeds a kept field: a field by its name, a custom field by `custom.<id>`. */
function keptColumn(t: Target, field: string): boolean {
  if (t.kind === 'field') return t.field.name === field;
  return t.kind === 'custom' && t.source === 'template' && customFieldIdOf(field) === t.fieldId;
}
