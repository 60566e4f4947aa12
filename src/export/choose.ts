// `--columns`: which of a list's export columns to write, and in what order. A column is
// named by its header ("Book value") or its key (`book_value`, `warranty_status`,
// `category`), ignoring case, spaces and punctuation; a name that is none of them stops the
// export before anything is written, with the nearest names.
import { AssetbatchError } from '../errors.js';
import { closest, compactName, didYouMean } from '../map/normalize.js';
import type { ExportColumn } from './flatten.js';

/** The names a column answers to besides its header: its key, its field, without their prefixes. */
function keysOf(c: ExportColumn): string[] {
  const keys = [c.key, c.key.replace(/^(finance|custom)\./, '')];
  if (c.field) keys.push(c.field, c.field.replace(/\.id$/, ''));
  return keys;
}

/** The columns a name names: by header first, else by key. */
function named(columns: readonly ExportColumn[], name: string): ExportColumn[] {
  const want = compactName(name);
  const byLabel = columns.filter((c) => compactName(c.label) === want);
  return byLabel.length > 0 ? byLabel : columns.filter((c) => keysOf(c).some((k) => compactName(k) === want));
}

function findColumn(
  all: readonly ExportColumn[],
  name: string,
  resource: string,
  finance: readonly ExportColumn[],
): ExportColumn {
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
      hint: `Columns: ${all.map((c) => c.label).join(', ')}.`,
    },
  );
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
): readonly ExportColumn[] {
  if (asked === undefined) return all;
  const names = asked.map((n) => n.trim()).filter((n) => n !== '');
  if (names.length === 0)
    throw new AssetbatchError('E_USAGE', '--columns names no column', {
      hint: 'For example: --columns "ID,Name,Book value"',
    });
  const chosen: ExportColumn[] = [];
  for (const name of names) {
    const c = findColumn(all, name, resource, finance);
    if (chosen.includes(c))
      throw new AssetbatchError('E_USAGE', `--columns names "${c.label}" twice`, {
        hint: 'Name each column once.',
      });
    chosen.push(c);
  }
  return chosen;
}
