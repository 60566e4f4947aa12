// The existing-record check's full list: which records exist before a run, by natural key
// (and the records a run compares its rows with), when one list costs fewer requests than a
// filtered call per row. The filters that find one record by its key are defined here too.
import type { ApiClient } from '../api/client.js';
import { fetchPage, listAll } from '../api/paginate.js';
import { highestId } from './recovery.js';
import type { ResourceDef } from '../resources/fields.js';
import { recordKeyText } from '../map/placeholders.js';

const idOf = (r: Record<string, unknown>): number => Number(r.id);

/** The filter that finds a record by its natural key, where the list has one. */
export const KEY_FILTER: Record<string, Record<string, string>> = {
  asset: { serial_number: 'serial_number', name: 'name' },
  contract: { number: 'contract_no' },
};

/** Read-shape value of a natural key field; none for a placeholder ("N/A" typed as a serial number). */
export function recordKey(r: Record<string, unknown>, field: string): string | undefined {
  return recordKeyText(r[field], field);
}

/**
 * The records that exist before the run, by natural key, when one full list is cheaper
 * than a filtered call per row (or the list has no filter). Undefined = ask per row.
 */
export async function loadExistingKeys(
  client: ApiClient,
  def: ResourceDef,
  company: number,
  keyFields: readonly string[],
  rowsToCheck: number,
  opts: ExistingOptions = {},
): Promise<ExistingRecords> {
  const first = await fetchPage<Record<string, unknown>>(client, def, { company }, 1);
  const pages = Math.max(1, Math.ceil(first.count / 25));
  const hasFilter = keyFields.every((f) => KEY_FILTER[def.name]?.[f]);
  // A row looked up alone costs one filtered call, which also reads its record (an update's copy);
  // the newest id, which the full list has, costs its last page then.
  const newest = opts.newestId && pages > 1 ? 1 : 0;
  if (!opts.whole && hasFilter && rowsToCheck + newest < pages) {
    if (!opts.newestId) return { requests: 1, strategy: 'filtered calls' };
    const mark = await highestId(client, def, company, first);
    return { requests: 1, strategy: 'filtered calls', maxId: mark.id, markRequests: mark.requests };
  }
  // Keys compare exactly, as the service's filters do; several records may share one.
  const map = new Map<string, number[]>();
  const keep = opts.keepRecords ?? false;
  const records = keep ? new Map<number, Record<string, unknown>>() : undefined;
  const ids = new Set<number>();
  let requests = 1;
  let maxId = 0;
  const keyOf = opts.keyOf ?? recordKey;
  for await (const r of listAll<Record<string, unknown>>(client, def, {
    company,
    first,
    onPage: ({ page }) => void (page > 1 && requests++),
  })) {
    maxId = Math.max(maxId, idOf(r) || 0);
    ids.add(idOf(r));
    const keys = keyFields.map((f) => keyOf(r, f));
    keyFields.forEach((f, i) => {
      const v = keys[i];
      if (v) map.set(`${f}=${v}`, [...(map.get(`${f}=${v}`) ?? []), Number(r.id)]);
    });
    // A record without a key, or with one the sheet has: a row may be compared with it.
    const kept = keep === true || !keys.some(Boolean) || keys.some((v) => v && keep && keep.has(v));
    if (kept) records?.set(idOf(r), r);
  }
  return { map, maxId, records, ids, requests, strategy: 'full list' };
}

export interface ExistingOptions {
  /**
   * Keep each record as read (true: updates compare rows with them), or only those a row of
   * the sheet may be compared with (an import's: a key the sheet has, or no key at all).
   */
  readonly keepRecords?: boolean | { has(key: string): boolean };
  /** Read the whole list whatever it costs (a sync needs it to find the records the sheet no longer has). */
  readonly whole?: boolean;
  /**
   * The run needs the list's newest id (a create's mark, recovery.ts): filtered calls are
   * chosen only when cheaper with its read counted, and it is read (maxId, markRequests).
   */
  readonly newestId?: boolean;
  /** A record's key for a field that is not a text field of its own (a sync's custom field key). */
  readonly keyOf?: (r: Record<string, unknown>, field: string) => string | undefined;
}

export interface ExistingRecords {
  /** Ids by `field=value`; undefined when each row is looked up alone. */
  readonly map?: Map<string, number[]>;
  readonly maxId?: number;
  /** Filtered calls with `newestId`: the requests maxId took (the list's last page), besides `requests`. */
  readonly markRequests?: number;
  readonly records?: Map<number, Record<string, unknown>>;
  /** Every record's id the list read (undefined when each row is looked up alone). */
  readonly ids?: ReadonlySet<number>;
  readonly requests: number;
  readonly strategy: 'full list' | 'filtered calls';
}
