// The words on a row whose stale cells were left as the service has them (exported.ts): a
// warning per cell, with the service's value, when and to which file the record was exported,
// and the value the sheet still has; the note of a row that then sent nothing. Pure.
import { basename } from 'node:path';
import { fieldByName, type ResourceDef } from '../resources/fields.js';
import type { KeptField } from '../send/exported.js';
import type { ColleagueValue } from '../send/writer.js';
import { shownDate } from '../send/remembered.js';
import type { RowIssue } from '../validate/validate.js';

/** A field's label as a sentence names it ("usage status"). */
function labelOf(def: ResourceDef, field: string): string {
  const label = fieldByName(def, field)?.label ?? field.replace(/_/g, ' ');
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** Where the sheet came from, as a row says it: "2026-12-02 05:05 UTC, assets.csv". */
const exportedWhen = (k: Pick<KeptField, 'at' | 'file'>): string =>
  k.file ? `${shownDate(k.at)}, ${basename(k.file)}` : shownDate(k.at);

/**
 * A kept cell's column, as the sheet has it: its text (the exported value), its header, and
 * for a custom field (`custom.<id>`) its name as a row's issues say it and its header as label.
 */
export interface KeptCell {
  readonly text?: string;
  readonly column?: string;
  readonly field?: string;
  readonly label?: string;
}

/** One W_KEPT_SINCE_EXPORT per kept cell. `cell`: the kept field's column. */
export function keptWarnings(
  def: ResourceDef,
  kept: readonly KeptField[],
  cell: (field: string) => KeptCell,
): RowIssue[] {
  return kept.map((k) => {
    const { text, column, field, label } = cell(k.field);
    const still = text === undefined ? '' : ` (${text === '' ? 'empty' : text})`;
    return {
      code: 'W_KEPT_SINCE_EXPORT',
      column,
      field: field ?? k.field,
      message: `${label ?? labelOf(def, k.field)} kept as the service has it (${k.service}): changed in the service since the record was exported (${exportedWhen(k)}); the sheet still has the exported value${still}`,
    };
  });
}

/**
 * The note of an update's row still as exported, its record not listed: skipped unread, since
 * it would send nothing (editedSinceExport in exported.ts).
 */
export function asExportedNote(exported: Pick<KeptField, 'at' | 'file'>): string {
  return `as exported (${exportedWhen(exported)}): no cell edited since, so nothing to send; its record was not read (a cell the service changed since keeps the service's value)`;
}

/** The note of a row that sent nothing because its only changes were stale cells (a dry run says it as the run). */
export function keptNote(
  def: ResourceDef,
  kept: readonly KeptField[],
  cell: (field: string) => KeptCell = () => ({}),
): string {
  const labels = kept.map((k) => cell(k.field).label ?? labelOf(def, k.field)).join(', ');
  const them = kept.length === 1 ? 'it' : 'them';
  return `nothing sent: ${labels} kept as the service has ${them}, changed there since the record was exported (see #warnings); the record has the row's other values`;
}

/**
 * The words on a sync's row whose record keeps a colleague's values (ColleagueValue: set in
 * the service since the last run, the sheet's cells as that run left them): by column, with
 * both values, and the way to write the sheet's instead: `update`, the command that finds the
 * row's record as the sync did (an update keeps no colleague's value; undefined: none would).
 * Empty when there are none.
 */
export function colleaguesWords(
  def: ResourceDef,
  kept: readonly ColleagueValue[],
  cell: (field: string) => KeptCell,
  update?: string,
): string {
  if (kept.length === 0) return '';
  const shown = (v: string | undefined) => (v === undefined || v === '' ? '(empty)' : `"${v}"`);
  const parts = kept.map((k) => {
    const c = cell(k.field);
    return `${c.column ?? c.label ?? labelOf(def, k.field)} ${shown(k.value)} (the sheet still has ${shown(c.text)})`;
  });
  const way = update
    ? ` (\`${update}\` with this file writes the sheet's ${kept.length === 1 ? 'value' : 'values'})`
    : '';
  return `the record keeps ${parts.join(', ')}: changed in the service since the last run, not in the sheet${way}`;
}
