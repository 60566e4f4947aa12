// `template --live`: the names a company's lookup lists hold, for the template's
// drop-downs. Only the lists the resource's columns use are fetched, each once (all
// pages), because every request counts against the account's rate limit.
import type { ApiClient } from '../api/client.js';
import { listArray } from '../api/paginate.js';
import { type LookupKind, type ResourceDef, LOOKUP_LIST, getPath } from '../resources/index.js';
import type { LookupValues } from './template.js';

/** The lists a template offers as drop-downs (contracts and customers grow too long to pick from). */
const LIVE_KINDS: readonly LookupKind[] = [
  'country',
  'category',
  'usage_status',
  'business_unit',
  'supplier',
  'asset_owner',
  'hardware_model',
];

export interface LiveLookups {
  readonly lookups: LookupValues;
  /** Every subcategory name of the company's categories. */
  readonly subcategories: readonly string[];
}

/** A list record's name: the first text column of the list's read shape (name, category, country_name …). */
function nameOf(kind: LookupKind, record: unknown): string | undefined {
  const col = LOOKUP_LIST[kind].columns.find((c) => c.type === 'text');
  const v = col ? getPath(record, col.path) : undefined;
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

const sorted = (names: Iterable<string>): string[] => [...new Set(names)].sort((a, b) => a.localeCompare(b));

export async function fetchTemplateLookups(
  client: ApiClient,
  def: ResourceDef,
  company: number,
): Promise<LiveLookups> {
  const kinds = LIVE_KINDS.filter((k) => def.fields.some((f) => !f.variant && f.lookup === k));
  const lookups: Partial<Record<LookupKind, readonly string[]>> = {};
  const subcategories: string[] = [];
  for (const kind of kinds) {
    const records = await listArray<Record<string, unknown>>(client, LOOKUP_LIST[kind], { company });
    lookups[kind] = sorted(records.map((r) => nameOf(kind, r)).filter((n): n is string => n !== undefined));
    if (kind === 'category')
      for (const r of records)
        for (const s of (r.subcategories as string[] | null) ?? []) subcategories.push(s);
  }
  return { lookups, subcategories: sorted(subcategories) };
}
