// `mapping suggest`: a register's company column checked against the account's companies
// (the list is one request). GLPI's "Entité" holds the tool's own entities ("Entité racine >
// Paris"), not the account's companies: when no value names one, every row would be invalid,
// so the file maps the column to null and says so; values naming none beside values that do
// are listed as rows that would fail, with the fix. The judging is pure; only the load reads.
import { cellText, isEmptyCell } from '../map/coerce.js';
import type { CellValue } from '../read/types.js';
import { rowCompany, type RowCompany } from '../resolve/company.js';
import type { Resolver } from '../resolve/lookups.js';

export interface CompanyCheck {
  /** No value names a company of the account: the file maps the column to null. */
  readonly leftOut: boolean;
  /** What the file does with the column, for the notes and the file's review. */
  readonly note: string;
  /** Values naming no company beside values that do: those rows would be invalid. */
  readonly missing: readonly string[];
}

const quoted = (texts: readonly string[]) => {
  const shown = texts.slice(0, 3).map((t) => JSON.stringify(t));
  return texts.length > 3 ? `${shown.join(', ')} and ${texts.length - 3} more` : shown.join(', ');
};

/** What `{header: null}` in the file's "columns" would do instead of reading the column. */
const asNull = (header: string) =>
  `{${JSON.stringify(header)}: null} in "columns" sends every row to the run's company (--company)`;

/** The note on a company column the file leaves out, so that the run reads each row's company. */
export function readCompanyNote(header: string): string {
  return `column "${header}" is read for each row's company (left out of the file): rows of another company are left for a run with its --company; ${asNull(header)}`;
}

/** The column's distinct values judged by `of`; `companies` names the account's, for the messages. */
function judgeCompanyColumn(
  header: string,
  texts: readonly string[],
  of: (text: string) => RowCompany,
  companies: readonly string[],
): CompanyCheck {
  const named = [...new Set(texts.map((t) => t.trim()).filter((t) => t !== ''))];
  const unknown = named.filter((t) => of(t).kind === 'unknown');
  const theirs = `the account's companies: ${companies.join(', ')}`;
  if (named.length > 0 && unknown.length === named.length) {
    return {
      leftOut: true,
      note:
        `column "${header}" names no company of the account (${quoted(unknown)}; ${theirs}): ` +
        `mapped to null, so every row goes to the run's company (--company); to load rows by company, ` +
        `write a company's name or id in the column and leave it out of "columns"`,
      missing: [],
    };
  }
  const note = readCompanyNote(header);
  if (unknown.length === 0) return { leftOut: false, note, missing: [] };
  const values = unknown.length === 1 ? 'a value' : `${unknown.length} values`;
  return {
    leftOut: false,
    note,
    missing: [
      `missing: column "${header}" has ${values} naming no company of the account (${quoted(unknown)}): ` +
        `those rows would be invalid. Fix: write a company's name or id there (${theirs}), or ${asNull(header)}`,
    ],
  };
}

/** The company column of the sampled rows, against the account's companies (read once). */
export async function checkCompanyColumn(
  resolver: Resolver,
  column: { readonly index: number; readonly header: string },
  rows: readonly (readonly CellValue[])[],
  runCompany: number,
): Promise<CompanyCheck> {
  await resolver.load('company', []);
  const texts = rows
    .map((r) => r[column.index])
    .filter((v) => !isEmptyCell(v))
    .map((v) => cellText(v));
  const companies = resolver
    .index('company')
    .all()
    .map((e) => e.name);
  return judgeCompanyColumn(column.header, texts, (t) => rowCompany(resolver, t, runCompany), companies);
}
