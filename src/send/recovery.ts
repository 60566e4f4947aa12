// Finding what an unsure write did, without a natural key. Lists are ordered by id,
// ascending, and a record a write creates gets an id above every id seen before it was
// sent (the mark, kept in the journal's intent). So after a kill, a timeout or a lost
// answer, the records that write may have made are the ones above the mark, on the last
// pages of the list (or in a filtered list, where the service has a filter that narrows
// it); among them, a record whose fields are the ones sent is the row's.
import type { ApiClient } from '../api/client.js';
import { fetchPage, listAll, pagesFor, type Page } from '../api/paginate.js';
import { getPath, writeFields, type ResourceDef, type WriteBody } from '../resources/fields.js';
import { readToWrite } from './merge.js';

type Rec = Record<string, unknown>;

const idOf = (r: Rec): number => Number(r.id);

/**
 * The highest record id in the list now (0 for an empty list): one request, two for a list
 * over a page; `first`, the list's first page read already (one request less).
 */
export async function highestId(
  client: ApiClient,
  def: ResourceDef,
  company: number,
  first?: Page<Rec>,
): Promise<{ id: number; requests: number }> {
  const page1 = first ?? (await fetchPage<Rec>(client, def, { company }, 1));
  const pages = pagesFor(typeof page1.count === 'number' ? page1.count : page1.results.length);
  const last = pages > 1 ? await fetchPage<Rec>(client, def, { company }, pages) : page1;
  const ids = [...page1.results, ...last.results].map(idOf).filter(Number.isFinite);
  return { id: ids.length ? Math.max(...ids) : 0, requests: (first ? 0 : 1) + (pages > 1 ? 1 : 0) };
}

/** The filter that narrows the list to records that could be this body's, where there is one. */
export function narrowingFilter(def: ResourceDef, body: WriteBody): Record<string, string> | undefined {
  const text = (k: string) =>
    typeof body[k] === 'string' && (body[k] as string).trim() !== '' ? (body[k] as string) : undefined;
  if (def.name === 'contract' && text('number')) return { contract_no: text('number')! };
  if (def.name === 'asset' && text('serial_number')) return { serial_number: text('serial_number')! };
  if (def.name === 'asset' && text('name')) return { name: text('name')! };
  return undefined;
}

/** Records with an id above the mark: a filtered list, or the list's last pages, walked backwards. */
export async function recordsAbove(
  client: ApiClient,
  def: ResourceDef,
  company: number,
  mark: number,
  body: WriteBody,
): Promise<{ records: Rec[]; requests: number }> {
  const filters = narrowingFilter(def, body);
  let requests = 0;
  if (filters) {
    const records: Rec[] = [];
    for await (const r of listAll<Rec>(client, def, {
      company,
      filters,
      concurrency: 1,
      onPage: () => void requests++,
    }))
      if (idOf(r) > mark) records.push(r);
    return { records, requests };
  }
  const first = await fetchPage<Rec>(client, def, { company }, 1);
  requests++;
  const records: Rec[] = [];
  for (let page = pagesFor(first.count); page >= 1; page--) {
    const p: Page<Rec> = page === 1 ? first : await fetchPage<Rec>(client, def, { company }, page);
    if (page !== 1) requests++;
    records.push(...p.results.filter((r) => idOf(r) > mark));
    if (p.results.some((r) => idOf(r) <= mark)) break;
  }
  return { records, requests };
}

const norm = (v: unknown): unknown => {
  if (typeof v === 'string') {
    const t = v.trim();
    return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
  }
  return v;
};

function sameValue(sent: unknown, read: unknown): boolean {
  if (sent && typeof sent === 'object') return JSON.stringify(sent) === JSON.stringify(read);
  return norm(sent) === norm(read);
}

/**
 * Whether a record read back holds what was sent: every field sent that the read shape
 * shows has the same value (numbers as numbers, text trimmed). Fields the service does not
 * show back are not compared; at least one field must be.
 */
export function holdsWhatWasSent(
  def: ResourceDef,
  record: Rec,
  body: WriteBody,
  countryCode: (name: string) => number | undefined,
): boolean {
  const read = readToWrite(def, record, countryCode);
  let compared = 0;
  for (const f of writeFields(def, 'update')) {
    if (f.variant) continue;
    const sent = getPath(body, f.name);
    if (sent === undefined || sent === null || sent === '') continue;
    const back = getPath(read, f.name);
    // Sent, and shown back empty: not this write's record.
    if (back === undefined && record[f.name.split('.')[0]] === null) return false;
    if (back === undefined) continue;
    if (!sameValue(sent, back)) return false;
    compared++;
  }
  return compared > 0;
}
