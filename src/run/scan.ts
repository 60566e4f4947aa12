// What a run must know before it checks rows: the day/month order of each date column,
// the names to look up, the first row of each natural key and the counts for the plan.
// Fed row by row, by a whole first pass (imports) or by a look-ahead (dry runs, one pass).
import { Turns } from '../util/turns.js';
import { AssetbatchError } from '../errors.js';
import type { LookupKind } from '../resources/fields.js';
import type { CellValue, SheetRow } from '../read/types.js';
import { isKeyColumn, type ColumnMapping, type Mapping } from '../map/headers.js';
import {
  cellText,
  coerceDate,
  dateOrdersOf,
  decimalMarkOf,
  isEmptyCell,
  readsTwoWays,
  type DateOrder,
  type DecimalReading,
} from '../map/coerce.js';
import { splitCategory } from '../resources/category.js';
import { cellAt, placeholderKept, placeholderRead, type CellTranslation } from '../map/values.js';
import { isTotalsLine } from '../validate/validate.js';
import { KeyIndex } from '../util/key-index.js';
import { RowPrints } from '../util/row-prints.js';
import { sha256Hex } from '../util/hash.js';
import type { RowCompany } from '../resolve/company.js';
import type { OtherCompanyCell } from './recorded-mapping.js';
import type { AmountCell, CompanySplit, DecimalNote } from './types.js';
import { ExportDates, type ExportDateNote, type ExportedAs } from './export-dates.js';
import { formatFor, type DateInference, type HeaderLanguage } from '../map/date-inference.js';

/** Records whose length judges a file's rows. */
const SAMPLE_ROWS = 20_000;
/** Distinct company cells of other companies kept for the journal: a register names a few. */
const MAX_OTHER_CELLS = 1_000;

interface Evidence {
  /** First row with a date that can only be day-first, or only month-first, and its text. */
  dmy?: number;
  mdy?: number;
  dmyText?: string;
  mdyText?: string;
  /** Dates that read both ways (and differently): how many, and the first as an example. */
  both?: number;
  example?: { readonly text: string; readonly row: number };
}

/** A date column's order as something in the sheet settles it, with the date that shows it. */
interface Settled {
  readonly column: string;
  readonly order: DateOrder;
  readonly row: number;
  readonly text: string;
}

/** An amount column's cells that show its decimal mark, the first of each, and those that read two ways. */
interface AmountEvidence {
  comma?: AmountCell;
  point?: AmountCell;
  unclear: number;
  firstUnclear?: AmountCell;
}

/** The columns of amounts: money fields and custom fields. */
function amountColumns(mapping: Mapping): ColumnMapping[] {
  return mapping.columns.filter(
    (c) =>
      (c.target.kind === 'field' && c.target.field.type === 'decimal') ||
      (c.target.kind === 'custom' && c.target.dataType === 'money'),
  );
}

export interface ScanOptions {
  /** Given by --date-format: no column's order needs working out. */
  readonly dateOrder?: DateOrder;
  readonly keyField?: string;
  readonly trackKeys: boolean;
  /** A contract sheet's parent-contract column: rows it names are waited for. */
  readonly selfRefIndex?: number;
  /** A register's company column: each row's company, and so whether this run loads it. */
  readonly company?: { readonly index: number; readonly of: (text: string) => RowCompany };
  /** A repeat whose journal may know its rows by their cells: each row's are fingerprinted (Scanner.prints). */
  readonly printCells?: boolean;
  /** An update's or sync's sheet with an ID column and an export remembered: dates it settles (export-dates.ts). */
  readonly exportDates?: { readonly idIndex: number; readonly exportedAs: ExportedAs };
  /** The headers' language, when it writes dates day-first: it settles a column nothing else does. */
  readonly headerLanguage?: HeaderLanguage;
}

export interface ScanWhere {
  readonly file: string;
  readonly sheet?: string;
}

/** The columns that hold names to look up, with the list each name is looked up in. */
export function lookupColumns(mapping: Mapping): { index: number; kind: LookupKind }[] {
  return mapping.columns.flatMap((c) =>
    c.target.kind === 'field' && c.target.field.type === 'lookup'
      ? [{ index: c.index, kind: c.target.field.lookup! }]
      : [],
  );
}

export class Scanner {
  /** Data rows (totals rows and notes below the table apart), totals rows and notes seen. */
  rows = 0;
  totalsRows = 0;
  noteRows = 0;
  readonly names = new Map<LookupKind, Set<string>>();
  readonly firstRowOfKey = new KeyIndex();
  /** First rows of the keys that a later row repeats (a few, as a rule): their values are kept to compare. */
  readonly repeated = new Set<number>();
  /** The later rows of those keys. */
  readonly repeats = new Set<number>();
  /** Data rows of the run's company (all data rows, without a company column). */
  runRows = 0;
  /** printCells: each row's cells fingerprinted (cellsHash), a row of the run's, not a report's row fed back. */
  readonly prints?: RowPrints;
  /** Rows with no key (none in the key column, or no key column): a sync matches them by the memory. */
  keyless = 0;
  /** Rows whose cell of the required field's column is empty, built from the row (Mapping.blankFill). */
  blankFilled = 0;
  /** Placeholder cells read as empty ("N/A"), by column index: how many, and their spellings. */
  readonly placeholders = new Map<number, { cells: number; spellings: Set<string> }>();
  /** Placeholder words a name column kept as names ("Unknown"), by column index: how many, and their spellings. */
  readonly placeholderNames = new Map<number, { cells: number; spellings: Set<string> }>();
  /** Stop gathering names (a one-pass run checks each row's names as it meets them). */
  collectNames = true;
  /**
   * Set when a date column's evidence changes what was decided: it now mixes orders, or
   * a column with no settled order meets a date that reads both ways.
   */
  dirty = false;
  /** Date columns whose dates all read both ways, settled by the sheet's other date columns or its headers' language. */
  readonly dateInferences = new Map<number, DateInference>();
  private readonly dateCols: readonly ColumnMapping[];
  /** The headers' language (ScanOptions), for a side scan of the same sheet. */
  readonly headerLanguage?: HeaderLanguage;
  private readonly amountCols: readonly ColumnMapping[];
  private readonly amounts = new Map<number, AmountEvidence>();
  private readonly lookupCols: readonly { index: number; kind: LookupKind }[];
  private readonly translation: CellTranslation;
  private readonly keyIndex?: number;
  private readonly blankIndex?: number;
  private readonly evidence = new Map<number, Evidence>();
  /**
   * The same from rows of another company or of none: one program wrote the sheet's dates, so
   * they settle a column the run's own rows leave unsettled, and decide nothing else.
   */
  private readonly otherEvidence = new Map<number, Evidence>();
  /** The same from the export the sheet came from, where its ID column names records an export showed. */
  private readonly byExport?: ExportDates;
  private readonly selfRefs = new Set<string>();
  /** Company cells naming another company, by their text (trimmed): a repeat tells them without the list. */
  private readonly otherCells = new Map<string, { readonly id: number; readonly name: string }>();
  /** Rows by company (a company column): the run's, each other company's, and those naming none. */
  private readonly companies = {
    run: 0,
    empty: 0,
    others: new Map<number, { name: string; rows: number }>(),
    unknown: 0,
  };

  constructor(
    mapping: Mapping,
    private readonly opts: ScanOptions,
  ) {
    this.dateCols = opts.dateOrder
      ? []
      : mapping.columns.filter(
          (c) =>
            (c.target.kind === 'field' && c.target.field.type === 'date') ||
            (c.target.kind === 'custom' && c.target.dataType === 'date'),
        );
    this.headerLanguage = opts.headerLanguage;
    this.amountCols = amountColumns(mapping);
    this.lookupCols = lookupColumns(mapping);
    this.translation = mapping;
    const keyCol =
      opts.keyField && opts.trackKeys
        ? mapping.columns.find((c) => isKeyColumn(c, opts.keyField))
        : undefined;
    this.keyIndex = keyCol?.index;
    this.blankIndex = mapping.blankFill?.index;
    if (opts.printCells) this.prints = new RowPrints();
    if (opts.exportDates && this.dateCols.length > 0)
      this.byExport = new ExportDates(opts.exportDates.exportedAs);
  }

  /** The key of the row added last and its first row: checking that row then needs no second look. */
  private readonly last = { key: '', row: -1, first: -1 };

  /** The first row with this key, for row `row` (a row just added is answered from the add). */
  firstRowOf(key: string, row: number): number | undefined {
    const last = this.last;
    if (row === last.row && key === last.key) return last.first;
    return this.firstRowOfKey.get(key);
  }

  /** Text of the CSV records seen (SheetRow.text), to judge the file's rows by. */
  private sampleChars = 0;
  private sampleRows = 0;

  /**
   * The key index takes its room at once for the rows a CSV file of `fileBytes` holds,
   * judged from the records seen so far, with a tenth to spare. Without enough records to
   * judge by (an XLSX's rows have no text) it grows as keys come.
   */
  expectFileBytes(fileBytes: number): void {
    if (this.keyIndex === undefined || this.sampleRows < 100) return;
    this.firstRowOfKey.reserve(Math.ceil((fileBytes / (this.sampleChars / this.sampleRows)) * 1.1));
  }

  add(r: SheetRow): void {
    if (isTotalsLine(r)) {
      this.totalsRows++;
      return;
    }
    if (r.belowTable?.sure) {
      this.noteRows++;
      return;
    }
    this.rows++;
    // Another company's row is not this run's: its names and keys are not looked at, and its
    // dates only settle a column's order.
    if (!this.ofRunCompany(r)) return this.otherDates(r);
    this.runRows++;
    if (this.prints && !r.reported) this.prints.add(r.row, cellsHash(r));
    for (const i of this.translation.placeholders?.keys() ?? []) this.placeholder(i, r);
    if (this.blankIndex !== undefined && isEmptyCell(cellAt(this.translation, this.blankIndex, r.cells)))
      this.blankFilled++;
    for (const c of this.dateCols) {
      const cell = this.dateCell(c, r);
      if (typeof cell !== 'string') continue;
      this.dateEvidence(c.index, cell, r.row);
      if (this.byExport) this.exportEvidence(c, cell, r);
    }
    for (const c of this.amountCols) {
      const cell = cellAt(this.translation, c.index, r.cells);
      if (typeof cell === 'string') this.amountEvidence(c.index, cell, r.row);
    }
    if (this.collectNames) {
      for (const c of this.lookupCols) {
        const cell = cellAt(this.translation, c.index, r.cells);
        if (isEmptyCell(cell)) continue;
        let text = cellText(cell).trim();
        if (c.kind === 'category') text = splitCategory(text).name;
        let set = this.names.get(c.kind);
        if (!set) this.names.set(c.kind, (set = new Set()));
        if (set.size < 100_000) set.add(text);
      }
    }
    // A sync report's line for a missing record is no row of the sheet: its key is not the sheet's.
    if (r.reported?.status === 'missing') return;
    if (this.keyIndex !== undefined) {
      if (r.text !== undefined && this.sampleRows < SAMPLE_ROWS) {
        this.sampleChars += r.text.length + 1;
        this.sampleRows++;
      }
      const k = cellText(cellAt(this.translation, this.keyIndex, r.cells)).trim();
      if (k) {
        this.last.key = k;
        this.last.row = r.row;
        this.last.first = this.firstRowOfKey.add(k, r.row);
        if (this.last.first !== r.row) {
          this.repeated.add(this.last.first);
          this.repeats.add(r.row);
        }
      } else this.keyless++;
    } else if (this.opts.trackKeys) this.keyless++;
    if (this.opts.selfRefIndex !== undefined) {
      const ref = cellText(cellAt(this.translation, this.opts.selfRefIndex, r.cells)).trim();
      if (ref) this.selfRefs.add(ref);
    }
  }

  private placeholder(index: number, r: SheetRow): void {
    const read = placeholderRead(this.translation, index, r.cells);
    const kept = read === undefined ? placeholderKept(this.translation, index, r.cells) : undefined;
    const text = read ?? kept;
    if (text === undefined) return;
    const to = read !== undefined ? this.placeholders : this.placeholderNames;
    let seen = to.get(index);
    if (!seen) to.set(index, (seen = { cells: 0, spellings: new Set() }));
    seen.cells++;
    if (seen.spellings.size < 10) seen.spellings.add(text);
  }

  /** The row's company, when the sheet has a company column. */
  rowCompany(r: SheetRow): RowCompany | undefined {
    const company = this.opts.company;
    return company && company.of(cellText(cellAt(this.translation, company.index, r.cells)));
  }

  private ofRunCompany(r: SheetRow): boolean {
    const company = this.opts.company;
    if (!company) return true;
    const text = cellText(cellAt(this.translation, company.index, r.cells)).trim();
    const c = company.of(text);
    if (c.kind === 'other' && this.otherCells.size < MAX_OTHER_CELLS) this.otherCells.set(text, c);
    if (c.kind === 'run') {
      this.companies.run++;
      if (c.empty) this.companies.empty++;
    } else if (c.kind === 'unknown') this.companies.unknown++;
    else {
      const other = this.companies.others.get(c.id);
      if (other) other.rows++;
      else this.companies.others.set(c.id, { name: c.name, rows: 1 });
    }
    return c.kind === 'run';
  }

  /** The company cells met so far that name another company (a repeat's journal keeps them: recorded-mapping.ts). */
  otherCompanyCells(): OtherCompanyCell[] {
    return [...this.otherCells].map(([text, c]) => [text, c.id, c.name] as const);
  }

  /** The rows by company so far, for the plan and the summary (a sheet with a company column). */
  companySplit(
    column: string,
    run: { id: number; name?: string; nameUnknown?: string },
  ): CompanySplit | undefined {
    if (!this.opts.company) return undefined;
    const others = [...this.companies.others].map(([id, o]) => ({ id, name: o.name, rows: o.rows }));
    return {
      column,
      run: { ...run, rows: this.companies.run, empty: this.companies.empty },
      others: others.sort((a, b) => a.id - b.id),
      unknown: this.companies.unknown,
    };
  }

  private dateCell(c: ColumnMapping, r: SheetRow): CellValue | undefined {
    return this.translation.built?.has(c.index)
      ? cellAt(this.translation, c.index, r.cells)
      : r.cells[c.index];
  }

  /** A row not of the run's company: a date that reads one way only is kept, to settle a column. */
  private otherDates(r: SheetRow): void {
    for (const c of this.dateCols) {
      const cell = this.dateCell(c, r);
      const orders = typeof cell === 'string' ? dateOrdersOf(cell) : undefined;
      if (!orders || orders.dmy === orders.mdy) continue;
      // A column the run's rows left unsettled may be settled now: what was decided is looked at again.
      const wasUnsettled = this.unsettled().includes(c);
      let o = this.otherEvidence.get(c.index);
      if (!o) this.otherEvidence.set(c.index, (o = {}));
      const text = (cell as string).trim();
      if (orders.dmy && o.dmy === undefined) [o.dmy, o.dmyText] = [r.row, text];
      else if (orders.mdy && o.mdy === undefined) [o.mdy, o.mdyText] = [r.row, text];
      if (wasUnsettled) this.dirty = true;
    }
  }

  /** A date cell against the export its row's record was shown in: a column left unsettled may be settled now. */
  private exportEvidence(c: ColumnMapping, cell: string, r: SheetRow): void {
    const id = r.cells[this.opts.exportDates!.idIndex];
    if (c.target.kind !== 'field' || (typeof id !== 'string' && typeof id !== 'number')) return;
    const before = this.byExport!.order(c.index);
    this.byExport!.see(c.index, c.target.field.name, String(id), cell, r.row);
    // Settled now, a column its own rows and other companies' left unsettled: what was decided changes.
    if (!before && this.byExport!.order(c.index) && this.unsettledByRows(c.index)) this.dirty = true;
  }

  /** Date columns whose order the export settled, their own rows and other companies' settling none. */
  exportDateNotes(): ExportDateNote[] {
    return this.dateCols.flatMap((c) => {
      const e = this.evidence.get(c.index);
      if (e?.dmy !== undefined || e?.mdy !== undefined || this.otherOrder(c.index)) return [];
      const note = this.byExport?.note(c.index, c.header);
      return note ? [note] : [];
    });
  }

  /** The order the other rows settle for a column, if they settle one. */
  private otherOrder(col: number): DateOrder | undefined {
    const o = this.otherEvidence.get(col);
    if (!o || (o.dmy === undefined) === (o.mdy === undefined)) return undefined;
    return o.dmy !== undefined ? 'DMY' : 'MDY';
  }

  private dateEvidence(col: number, cell: string, row: number): void {
    const orders = dateOrdersOf(cell);
    if (!orders) return;
    let e = this.evidence.get(col);
    if (!e) this.evidence.set(col, (e = {}));
    if (orders.dmy && !orders.mdy) {
      if (e.dmy === undefined) {
        e.dmy = row;
        e.dmyText = cell.trim();
        if (e.mdy !== undefined) this.dirty = true;
      }
    } else if (orders.mdy && !orders.dmy) {
      if (e.mdy === undefined) {
        e.mdy = row;
        e.mdyText = cell.trim();
        if (e.dmy !== undefined) this.dirty = true;
      }
    } else if (orders.dmy && orders.mdy) {
      const [a, b] = cell.trim().split(/[/.-]/);
      if (Number(a) === Number(b)) return;
      e.both = (e.both ?? 0) + 1;
      e.example ??= { text: cell.trim(), row };
      if (e.dmy === undefined && e.mdy === undefined) this.dirty = true;
    }
  }

  private amountEvidence(col: number, text: string, row: number): void {
    const mark = decimalMarkOf(text);
    const two = mark === undefined && readsTwoWays(text);
    if (mark === undefined && !two) return;
    let e = this.amounts.get(col);
    if (!e) this.amounts.set(col, (e = { unclear: 0 }));
    const cell = { text: text.trim(), row };
    if (mark === ',') e.comma ??= cell;
    else if (mark === '.') e.point ??= cell;
    else {
      e.unclear++;
      e.firstUnclear ??= cell;
    }
  }

  /**
   * Each amount column's decimal mark, where its cells show one only: "12.500" there reads by
   * it. A column whose cells show both is read cell by cell, as one that shows none.
   */
  decimalReadings(): Map<number, DecimalReading> {
    const out = new Map<number, DecimalReading>();
    for (const [col, e] of this.amounts) {
      const shown =
        e.comma && e.point
          ? undefined
          : e.comma
            ? { ...e.comma, mark: ',' as const }
            : e.point && { ...e.point, mark: '.' as const };
      if (shown) out.set(col, { mark: shown.mark, example: shown.text, row: shown.row });
    }
    return out;
  }

  /** For the plan: the amount columns with cells that read two ways and a mark shown (or both marks). */
  decimalNotes(): DecimalNote[] {
    return this.amountCols.flatMap((c) => {
      const e = this.amounts.get(c.index);
      if (!e?.firstUnclear || (!e.comma && !e.point)) return [];
      return [
        {
          column: c.header,
          comma: e.comma,
          point: e.point,
          unclear: e.unclear,
          firstUnclear: e.firstUnclear,
        },
      ];
    });
  }

  /** A date column with dates that read both ways, which neither its rows nor other companies' settle. */
  private unsettledByRows(col: number): boolean {
    const e = this.evidence.get(col);
    return e?.both !== undefined && e.dmy === undefined && e.mdy === undefined && !this.otherOrder(col);
  }

  /** Date columns with dates that read both ways and nothing yet to say which way. */
  unsettled(): ColumnMapping[] {
    return this.dateCols.filter((c) => this.unsettledByRows(c.index) && !this.byExport?.order(c.index));
  }

  /**
   * Each date column's order from what was seen. Throws, naming the rows, for a column that
   * mixes the two orders; and, when `complete` (the whole sheet was seen), for one whose
   * dates all read both ways that neither the sheet's other date columns nor its headers'
   * language settle (or that they settle two ways). Those they settle are in dateInferences.
   */
  dateOrders(where: ScanWhere, complete: boolean): Map<number, DateOrder | undefined> {
    const out = new Map<number, DateOrder | undefined>();
    for (const c of this.dateCols) {
      const e = this.evidence.get(c.index);
      const other = this.otherOrder(c.index);
      if (!e) {
        if (other) out.set(c.index, other);
        continue;
      }
      const location = { file: where.file, sheet: where.sheet, column: c.header };
      if (e.dmy && e.mdy) {
        throw new AssetbatchError(
          'E_DATE_AMBIGUOUS',
          `column "${c.header}" mixes day-first dates (row ${e.dmy}) and month-first dates (row ${e.mdy})`,
          {
            location,
            hint: 'Fix the odd ones, or give --date-format dd/MM/yyyy (or MM/dd/yyyy) and the others will be reported row by row.',
          },
        );
      }
      const exported = this.byExport?.order(c.index);
      if (e.dmy) out.set(c.index, 'DMY');
      else if (e.mdy) out.set(c.index, 'MDY');
      else if (other) out.set(c.index, other);
      else if (exported) out.set(c.index, exported);
      else if (e.both && complete) {
        const inferred = this.inferred(c, e);
        if (typeof inferred === 'string') {
          throw new AssetbatchError(
            'E_DATE_AMBIGUOUS',
            `column "${c.header}" has dates such as ${e.example!.text} (row ${e.example!.row}) that could be day-first or month-first, and no date in it settles which`,
            { location, hint: inferred },
          );
        }
        this.dateInferences.set(c.index, inferred);
        out.set(c.index, inferred.order);
      }
    }
    return out;
  }

  /** The order a column's own dates, other companies' rows or the export settle, with the date that shows it. */
  private settledOf(c: ColumnMapping): Settled | undefined {
    const e = this.evidence.get(c.index);
    const shown = (o: Evidence | undefined): Settled | undefined =>
      o && (o.dmy === undefined) !== (o.mdy === undefined)
        ? o.dmy !== undefined
          ? { column: c.header, order: 'DMY', row: o.dmy, text: o.dmyText! }
          : { column: c.header, order: 'MDY', row: o.mdy!, text: o.mdyText! }
        : undefined;
    if (e?.dmy !== undefined && e.mdy !== undefined) return undefined;
    const note = this.byExport?.note(c.index, c.header);
    return shown(e) ?? shown(this.otherEvidence.get(c.index)) ?? note;
  }

  /**
   * A column whose dates all read both ways, settled by the rest of the sheet: one program
   * in one locale wrote its dates, so its other date columns (a day past 12, all agreeing)
   * settle it, and else its headers' language. The hint to stop with, when they do not.
   */
  private inferred(column: ColumnMapping, e: Evidence): DateInference | string {
    const settled = this.dateCols.flatMap((c) => (c === column ? [] : (this.settledOf(c) ?? [])));
    const language = this.headerLanguage;
    const orders = new Set([...settled.map((s) => s.order), ...(language ? ['DMY' as const] : [])]);
    const [first] = settled;
    if (orders.size === 1 && first)
      return {
        by: 'sheet',
        column: column.header,
        order: first.order,
        from: first,
        more: settled.length - 1,
      };
    if (orders.size === 1 && language)
      return { by: 'language', column: column.header, order: 'DMY', language };
    return this.ambiguousHint(e.example!, settled, language);
  }

  /**
   * The hint of a column nothing settles, or that the sheet settles two ways: what each
   * --date-format reads its example date as, and (when they disagree) what the sheet says.
   */
  private ambiguousHint(
    example: { text: string; row: number },
    settled: readonly Settled[],
    language: HeaderLanguage | undefined,
  ): string {
    const dmy = coerceDate(example.text, 'DMY').value as string;
    const mdy = coerceDate(example.text, 'MDY').value as string;
    const choice =
      `Give --date-format ${formatFor('DMY')} if ${example.text} (row ${example.row}) is ${dmy}, ` +
      `or --date-format ${formatFor('MDY')} if it is ${mdy}`;
    if (settled.length === 0) return `${choice}.`;
    const order = (o: DateOrder) => (o === 'DMY' ? 'day-first' : 'month-first');
    const sides = [
      ...settled.map((s) => `"${s.column}" is ${order(s.order)} (row ${s.row}: ${s.text})`),
      ...(language ? [`the headers are ${language.language} ("${language.headers[0]}"), day-first`] : []),
    ];
    return (
      `The sheet says both: ${sides.join('; ')}. ` +
      `${choice} (it applies to every column: dates of the other order are then reported row by row, to write as yyyy-MM-dd).`
    );
  }

  /** Rows that another row of the sheet names as its parent. */
  referenced(): Set<number> {
    const out = new Set<number>();
    for (const ref of this.selfRefs) {
      const row = this.firstRowOfKey.get(ref);
      if (row !== undefined) out.add(row);
    }
    return out;
  }
}

/** The date orders of a whole sheet, read for its date columns alone, and those the rest of the sheet settled. */
export async function scanDateOrders(
  rows: AsyncIterable<SheetRow>,
  mapping: Mapping,
  where: ScanWhere,
  headerLanguage: HeaderLanguage | undefined,
): Promise<{ orders: Map<number, DateOrder | undefined>; inferences: Map<number, DateInference> }> {
  const scanner = new Scanner(mapping, { trackKeys: false, headerLanguage });
  scanner.collectNames = false;
  const turns = new Turns();
  for await (const r of rows) {
    scanner.add(r);
    const turn = turns.due();
    if (turn) await turn;
  }
  return { orders: scanner.dateOrders(where, true), inferences: scanner.dateInferences };
}

/** A row's cells alone, fingerprinted (the scan keeps one a row, so that the plan need not read the sheet again). */
export function cellsHash(r: SheetRow): string {
  return sha256Hex(JSON.stringify(r.cells)).slice(0, 16);
}
