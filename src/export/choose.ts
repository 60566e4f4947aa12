// `--columns`: which of a list's export columns to write, and in what order. A column is
// named by its header ("Book value") or its key (`book_value`, `warranty_status`,
// `category`), ignoring case, spaces and punctuation; a name that is none of them stops the
// export before anything is written, with the nearest names, and before anything is sent
// unless it may be a custom field (those are known from the service only).
import { AssetbatchError } from '../errors.js';
import { closest, compactName, didYouMean } from '../map/normalize.js';
import type { ExportColumn } from './flatten.js';

/**
 * The names a column answers to besides its header: its key, its field, without their
 * prefixes; a custom field's also `custom:<header>`, as a mapping file names it.
 */
function keysOf(c: ExportColumn): string[] {
  const keys = [c.key, c.key.replace(/^(finance|custom)\./, '')];
  if (c.field) keys.push(c.field, c.field.replace(/\.id$/, ''));
  if (c.key.startsWith('custom.')) keys.push(`custom:${c.label}`);
  return keys;
}

/** `custom:Cost Centre`, `custom.12`: a name that says it is a custom field's. */
const CUSTOM_NAME = /^custom\s*[:.]/i;

/** The columns a name names: by header first, else by key. */
function named(columns: readonly ExportColumn[], name: string): ExportColumn[] {
  const want = compactName(name);
  const byLabel = columns.filter((c) => compactName(c.label) === want);
  return byLabel.length > 0 ? byLabel : columns.filter((c) => keysOf(c).some((k) => compactName(k) === want));
}

/** What the list's columns are, for a hint: before the custom fields are read, they are said to be there too. */
interface Known {
  readonly resource: string;
  readonly finance: readonly ExportColumn[];
  /** The list has custom field columns, not read yet. */
  readonly customsUnread?: boolean;
}

function findColumn(all: readonly ExportColumn[], name: string, known: Known): ExportColumn {
  const { resource, finance } = known;
  const hits = named(all, name);
  if (hits.length === 1) return hits[0];
  if (hits.length > 1) {
    throw new AssetbatchError(
      'E_USAGE',
      `--columns: "${name}" names ${hits.length} columns of the ${resource} export`,
      {
        hint: `Name one by its header: ${hits.map((c) => `"${c.label}"`).join(', ')}.`,
      },
    );
  }
  const figure = named(finance, name)[0];
  if (figure)
    throw new AssetbatchError('E_USAGE', `--columns: "${figure.label}" is a finance column`, {
      hint: 'Add --finance (and --as-of for the day it is worked out for).',
    });
  const near = didYouMean(
    closest(
      name,
      all.map((c) => c.label),
    ),
  );
  throw new AssetbatchError(
    'E_USAGE',
    `--columns: the ${resource} export has no column "${name}"${near ? `; ${near}` : ''}`,
    {
      hint: `Columns: ${all.map((c) => c.label).join(', ')}${known.customsUnread ? CUSTOM_HINT : '.'}`,
    },
  );
}

const CUSTOM_HINT =
  ', and one per custom field of the account. A custom field named this close to one of these is named' +
  ' "custom:<its name>".';

/** A name one or two letters from a column's header or key: a misspelling of it, not another column. */
function misspelt(own: readonly ExportColumn[], name: string): boolean {
  return (
    closest(
      name,
      own.flatMap((c) => [c.label, ...keysOf(c)]),
      { threshold: MISSPELT, limit: 1 },
    ).length > 0
  );
}

const MISSPELT = 0.8;

/**
 * `--columns` checked before anything is sent, against the list's own columns (its
 * definition's and the finance figures), with the same refusals as `chooseColumns`. A name
 * that is none of them may be a custom field, known only from the service's templates; it
 * is left to `chooseColumns`, unless it reads as a misspelling of an own column ("Boook
 * value"): then the templates are not asked for a column it is not likely to be. A name
 * that says it is a custom field's (`custom:…`) is always left to them.
 */
export function checkColumnNames(
  own: readonly ExportColumn[],
  asked: readonly string[] | undefined,
  resource: string,
  opts: { finance: readonly ExportColumn[]; customs: boolean },
): void {
  if (asked === undefined) return;
  const mayBeCustom = (name: string) =>
    opts.customs &&
    (CUSTOM_NAME.test(name) ||
      (named(own, name).length === 0 && named(opts.finance, name).length === 0 && !misspelt(own, name)));
  const names = asked.map((n) => n.trim()).filter((n) => n !== '');
  const left = names.filter((n) => !mayBeCustom(n));
  if (names.length > 0 && left.length === 0) return;
  chooseColumns(own, left, resource, opts.finance, { customsUnread: opts.customs });
}

/**
 * The asked columns, in the asked order; every column when none are asked. `finance`: the
 * finance columns an export without --finance leaves out, to say so when one is asked for.
 */
export function chooseColumns(
  all: readonly ExportColumn[],
  asked: readonly string[] | undefined,
  resource: string,
  finance: readonly ExportColumn[] = [],
  opts: { customsUnread?: boolean } = {},
): readonly ExportColumn[] {
  if (asked === undefined) return all;
  const names = asked.map((n) => n.trim()).filter((n) => n !== '');
  if (names.length === 0)
    throw new AssetbatchError('E_USAGE', '--columns names no column', {
      hint: 'For example: --columns "ID,Name,Book value"',
    });
  const chosen: ExportColumn[] = [];
  for (const name of names) {
    const c = findColumn(all, name, { resource, finance, ...opts });
    if (chosen.includes(c))
      throw new AssetbatchError('E_USAGE', `--columns names "${c.label}" twice`, {
        hint: 'Name each column once.',
      });
    chosen.push(c);
  }
  return chosen;
}
