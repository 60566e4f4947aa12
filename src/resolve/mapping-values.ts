// Resolve stage, before anything is sent: what the mapping file itself names (the targets of
// its value tables, its defaults) must exist, or every row would fail for the same reason.
// Lists are fetched for them as for the sheet's names (resolver.load); a run whose lists wait
// for its rows checks a list's names once the rows have asked for that list.
import { AssetbatchError } from '../errors.js';
import { coerceCell, type DateOrder } from '../map/coerce.js';
import { parseTarget, type Mapping } from '../map/headers.js';
import type { FieldDef, LookupKind, ResourceDef, WriteMode } from '../resources/fields.js';
import type { CellValue } from '../read/types.js';
import { splitCategory } from '../resources/category.js';
import type { Resolver } from './lookups.js';
import { choiceFor, type UnmatchedPolicy } from './unmatched.js';

interface Named {
  /** Where the value comes from, for the message. */
  readonly what: string;
  /** From --unmatched default:NAME, not from the mapping file. */
  readonly fromFlag?: boolean;
  readonly field: FieldDef;
  readonly value: string;
}

/** Each value the mapping file gives for a field: table targets, then defaults. */
function namedValues(
  def: ResourceDef,
  mapping: Mapping,
  headers: readonly string[],
  mode: WriteMode,
): Named[] {
  const out: Named[] = [];
  for (const [index, table] of mapping.values) {
    const col = mapping.columns.find((c) => c.index === index);
    if (col?.target.kind !== 'field') continue;
    // A table on a field the file builds (past the sheet's columns) is named as the file names it.
    const whose =
      index < headers.length
        ? `column "${headers[index]}"`
        : `the field the file builds for ${col.target.field.name}`;
    for (const to of new Set(table.values()))
      if (to !== null)
        out.push({
          what: `the value table of ${whose} maps a value to "${to}"`,
          field: col.target.field,
          value: to,
        });
  }
  // A constant the file builds a field from is named the same way.
  for (const [index, b] of mapping.built ?? []) {
    const col = mapping.columns.find((c) => c.index === index);
    if (col?.target.kind !== 'field' || b.spec.source.kind !== 'value') continue;
    out.push({
      what: `the value for ${col.target.field.name} is "${String(b.spec.source.value)}"`,
      field: col.target.field,
      value: String(b.spec.source.value),
    });
  }
  for (const [key, value] of Object.entries(mapping.defaults)) {
    const t = parseTarget(def, key, undefined, mode);
    if (t?.kind === 'field')
      out.push({
        what: `the default for ${t.field.name} is "${String(value)}"`,
        field: t.field,
        value: String(value),
      });
  }
  return out;
}

/** The default each mapped lookup field takes for a name its list lacks (--unmatched default:NAME). */
function unmatchedDefaults(mapping: Mapping, policy: UnmatchedPolicy | undefined): Named[] {
  const out: Named[] = [];
  for (const c of mapping.columns) {
    if (c.target.kind !== 'field' || !c.target.field.lookup) continue;
    const choice = choiceFor(policy, c.target.field);
    if (choice.kind !== 'default') continue;
    const list = c.target.field.lookup.replace(/_/g, ' ');
    const fromFlag = policy?.allFromFlag === true && !policy.byField.has(c.target.field.name);
    out.push({
      what: fromFlag
        ? `--unmatched default:${choice.name}, for names the ${list} list lacks (column "${c.header}")`
        : `the default for names the ${list} list lacks (unmatched) is "${choice.name}"`,
      fromFlag,
      field: c.target.field,
      value: choice.name,
    });
  }
  return out;
}

/**
 * How to fix a default --unmatched gives to every lookup column (naming a column whose list
 * has it, if one does), or a value of the mapping file.
 */
function fixHint(named: readonly Named[], refused: readonly Named[]): string {
  const flag = refused.find((n) => n.fromFlag);
  if (!flag) return FILE_HINT;
  const fits = named.find((n) => n.fromFlag && !refused.some((r) => r.field === n.field));
  const key = fits ? fits.field.name.replace(/\.id$/, '') : '<field>';
  return (
    `--unmatched default:NAME is used for every column that looks a name up, so NAME must be in each of their lists. ` +
    `For one list only, give a mapping file (--mapping) with {"unmatched": {"${key}": "default:${flag.value}"}} ` +
    `and --unmatched blank (or fail) for the others.`
  );
}

const FILE_HINT =
  'Correct the value in the mapping file ("values" or "defaults"); `assetbatch mapping suggest --sandbox` or against your service proposes values that exist.';

/** Why the value cannot be used for the field, if it cannot; lookups are loaded first. */
function problemOf(resolver: Resolver, n: Named, order: DateOrder | undefined): string | undefined {
  if (n.field.type !== 'lookup') return coerceCell(n.value as CellValue, n.field, order).problem;
  const res = resolver.resolve(n.field.lookup!, n.value);
  return res.ok ? undefined : res.message;
}

/**
 * Which of the mapping file's values to check: all of them; only those of fields that look
 * nothing up (no list read: a run whose lists wait for its rows); or those of these lists'
 * fields, once the rows have asked for them (a list no row needs is not read for its table).
 */
export type ValuesScope = 'all' | 'plain' | ReadonlySet<LookupKind>;

const inScope = (scope: ValuesScope, field: FieldDef): boolean =>
  scope === 'all' ||
  (scope === 'plain' ? field.lookup === undefined : field.lookup !== undefined && scope.has(field.lookup));

/**
 * Refuse (E_MAPPING_VALUE, exit 2) a value table or default that names what the service
 * does not have, before anything is sent; fetch the lists they need.
 */
export async function checkMappingValues(
  resolver: Resolver,
  def: ResourceDef,
  mapping: Mapping,
  at: {
    headers: readonly string[];
    mode: WriteMode;
    file?: string;
    dateOrder?: DateOrder;
    unmatched?: UnmatchedPolicy;
    scope?: ValuesScope;
  },
): Promise<void> {
  const { headers, mode, file, scope = 'all' } = at;
  const named = [
    ...namedValues(def, mapping, headers, mode),
    ...unmatchedDefaults(mapping, at.unmatched),
  ].filter((n) => inScope(scope, n.field));
  const byKind = new Map<string, string[]>();
  for (const n of named)
    if (n.field.lookup)
      byKind.set(n.field.lookup, [
        ...(byKind.get(n.field.lookup) ?? []),
        n.field.lookup === 'category' ? splitCategory(n.value).name : n.value,
      ]);
  for (const [kind, names] of byKind) await resolver.load(kind as NonNullable<FieldDef['lookup']>, names);
  const refused = named.flatMap((n) => {
    const why = problemOf(resolver, n, at.dateOrder);
    return why ? [{ ...n, why }] : [];
  });
  if (refused.length === 0) return;
  const problems = refused.map((n) => `${n.what}: ${n.why}`);
  const inFile = refused.every((n) => !n.fromFlag);
  throw new AssetbatchError(
    'E_MAPPING_VALUE',
    problems.length === 1
      ? problems[0]
      : `${problems.length} values ${inFile ? 'in the mapping file ' : ''}cannot be used: ${problems.join('; ')}`,
    { location: { file: inFile ? file : undefined }, hint: fixHint(named, refused) },
  );
}
