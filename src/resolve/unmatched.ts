// Resolve stage: what a run does with a name the service's list lacks. The service cannot
// create suppliers, categories or models through its API, so the user decides: "fail" (the
// row is invalid, as ever), "blank" (the field is left empty) or "default:NAME" (that entry
// instead). Either of the last two is a warning on the row, counted in the summary and in
// the exit code: a run that left something out never looks clean. Normalised once, from
// --unmatched and the mapping file's "unmatched", before any row is read.
import { AssetbatchError } from '../errors.js';
import { parseTarget, type MappingFile } from '../map/headers.js';
import type { FieldDef, ResourceDef, WriteMode } from '../resources/fields.js';

export type UnmatchedChoice =
  | { readonly kind: 'fail' }
  | { readonly kind: 'blank' }
  | { readonly kind: 'default'; readonly name: string };

export interface UnmatchedPolicy {
  /** For lookup fields the mapping file does not name. */
  readonly all: UnmatchedChoice;
  /** By field name (attached_supplier, category.id …). */
  readonly byField: ReadonlyMap<string, UnmatchedChoice>;
  /** `all` is --unmatched's (not the mapping file's): a message about it names the flag. */
  readonly allFromFlag?: boolean;
}

const FAIL: UnmatchedChoice = { kind: 'fail' };

/** "fail", "blank" or "default:NAME"; anything else is a message (thrown as text, for the caller to place). */
function parseUnmatched(text: string): UnmatchedChoice {
  const t = text.trim();
  if (t.toLowerCase() === 'fail') return FAIL;
  if (t.toLowerCase() === 'blank') return { kind: 'blank' };
  const m = /^default\s*:\s*(.*)$/i.exec(t);
  if (m && m[1].trim() !== '') return { kind: 'default', name: m[1].trim() };
  throw new Error(
    `"${text}" is not a choice: give "fail" (the row is invalid), "blank" (the field is left empty) or "default:NAME" (that name instead)`,
  );
}

/** The lookup field a mapping file's key names: a field name or label, or a list's name (supplier, hardware_model). */
function lookupField(def: ResourceDef, key: string, mode: WriteMode): FieldDef[] {
  const t = parseTarget(def, key, undefined, mode);
  if (t?.kind === 'field' && t.field.lookup) return [t.field];
  return def.fields.filter(
    (f) =>
      f.lookup ===
      key
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_'),
  );
}

/** --unmatched (all lookups) and the mapping file's "unmatched" (a choice for all, or one per field, which wins for its field). */
export function unmatchedPolicy(
  def: ResourceDef,
  mode: WriteMode,
  flag: string | undefined,
  file: MappingFile['unmatched'],
  mappingPath: string | undefined,
): UnmatchedPolicy {
  let all = FAIL;
  const byField = new Map<string, UnmatchedChoice>();
  const inFile = (where: string, text: string): UnmatchedChoice => {
    try {
      return parseUnmatched(text);
    } catch (e) {
      throw new AssetbatchError('E_MAPPING_FILE', `${where}: ${(e as Error).message}`, {
        location: { file: mappingPath },
      });
    }
  };
  if (typeof file === 'string') all = inFile('unmatched', file);
  else {
    for (const [key, text] of Object.entries(file ?? {})) {
      const fields = lookupField(def, key, mode);
      if (fields.length === 0) {
        const lookups = def.fields.filter((f) => f.lookup).map((f) => f.name.replace(/\.id$/, ''));
        throw new AssetbatchError(
          'E_MAPPING_FILE',
          `unmatched."${key}": not a field of ${def.plural} that looks a name up`,
          { location: { file: mappingPath }, hint: `Fields that look names up: ${lookups.join(', ')}` },
        );
      }
      for (const f of fields) byField.set(f.name, inFile(`unmatched."${key}"`, text));
    }
  }
  if (flag !== undefined) {
    try {
      all = parseUnmatched(flag);
    } catch (e) {
      throw new AssetbatchError('E_USAGE', `--unmatched ${(e as Error).message}`);
    }
  }
  return { all, byField, allFromFlag: flag !== undefined };
}

export function choiceFor(p: UnmatchedPolicy | undefined, field: FieldDef): UnmatchedChoice {
  return p?.byField.get(field.name) ?? p?.all ?? FAIL;
}

/** What was done, for the row's warning: "left empty (unmatched: blank)". */
export function describeChoice(c: UnmatchedChoice, used?: string): string {
  return c.kind === 'default'
    ? `set to '${used ?? c.name}' instead (unmatched: default:${c.name})`
    : 'left empty (unmatched: blank)';
}
