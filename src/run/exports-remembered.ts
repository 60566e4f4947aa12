// The memory of exports (src/send/export-memory.ts) for a run: an update, a sync or an import
// --on-existing update of a list that export remembers reads it once, before its plan; any
// other run, or a machine where no export of the list was made, has none, and sends its cells
// as it always did.
import { ExportedRecords, exportsPath } from '../send/export-memory.js';
import { UPDATED_RESOURCES, type ExportedRecord } from '../send/exported.js';
import { mergesRecords } from './listed-record.js';
import type { RunSettings } from './settings.js';

/** What the exports remembered showed of each record of this run's list, or undefined. */
export function exportedOf(
  settings: RunSettings,
  service: string,
): ((id: number) => ExportedRecord | undefined) | undefined {
  if (!mergesRecords(settings)) return undefined;
  if (!UPDATED_RESOURCES.has(settings.def.name)) return undefined;
  const scope = { service, company: settings.company, resource: settings.def.name };
  const exported = ExportedRecords.read(exportsPath(scope));
  return exported.size === 0 ? undefined : (id) => exported.of(id);
}
