// Update stage, before a row is sent: an ID column is believed only where the row agrees with
// the record it names. GLPI, Lansweeper and most inventory tools export an "ID" of their own;
// `update` would take it for the service's and overwrite unrelated records (record 1's name and
// serial number replaced by those of GLPI's item 1), with nothing to say so. A row whose key
// another record has, or whose name and key both differ from the record its ID names, is
// invalid instead; a mapping file that maps the column to "id" says these are the service's
// ids, and a row may then rename a record and change its key at once. Pure: the row, its
// record as listed and the listed keys in, the issue out.
import type { RowIssue } from '../validate/validate.js';
import { sameName } from '../send/resemblance.js';
import { recordKeyText } from '../map/placeholders.js';

export interface IdRow {
  /** The record id the row's ID cell gives. */
  readonly id: number;
  /** The row's natural key (serial number, contract number, name), if it has one. */
  readonly key?: { readonly field: string; readonly value: string };
  /** The row's name cell, if any. */
  readonly name?: unknown;
  /** The ID column's header, and whether a mapping file maps it to "id". */
  readonly column: string;
  readonly mapped: boolean;
}

export interface IdListed {
  /** The records read before the run, by id, in read shape; undefined when not read whole. */
  readonly records?: ReadonlyMap<number, Record<string, unknown>>;
  /** Record ids by "field=value" of their key, when the whole list was read. */
  readonly existing?: ReadonlyMap<string, readonly number[]>;
}

const words = (field: string) => field.replace(/_/g, ' ');

const leaveOut = (column: string, key: string) =>
  `if the "${column}" column holds another tool's ids, leave it out with a mapping file ({"columns": {"${column}": null}}) and the ${key} finds the record`;

/** Why the row's ID cell cannot be believed, if it cannot. */
export function idMismatch(row: IdRow, listed: IdListed): RowIssue | undefined {
  const { id, key, column } = row;
  if (!key) return undefined;
  const record = listed.records?.get(id);
  const label = record && typeof record.name === 'string' ? ` ("${record.name}")` : '';
  const owners = listed.existing?.get(`${key.field}=${key.value}`) ?? [];
  if (owners.length > 0 && !owners.includes(id))
    return {
      code: 'E_ID_MISMATCH',
      column,
      field: 'id',
      message:
        `its ID cell names record ${id}${label}, but ${words(key.field)} "${key.value}" is record ${owners.join(', ')}'s: ` +
        `${leaveOut(column, words(key.field))}`,
    };
  if (row.mapped || !record) return undefined;
  // A record keyed by a placeholder ("N/A") has no key: the row's is no other.
  const recordKey = recordKeyText(record[key.field], key.field);
  const keyDiffers = recordKey !== undefined && recordKey !== key.value;
  const nameDiffers =
    typeof row.name === 'string' && row.name.trim() !== '' && !sameName(record.name, row.name);
  if (!keyDiffers || !nameDiffers) return undefined;
  return {
    code: 'E_ID_MISMATCH',
    column,
    field: 'id',
    message:
      `its ID cell names record ${id}${label}, ${words(key.field)} "${recordKey}": neither the row's name nor its ${words(key.field)}; ` +
      `${leaveOut(column, words(key.field))}; if they are the service's ids, map it to "id" ({"columns": {"${column}": "id"}}) to change both`,
  };
}
