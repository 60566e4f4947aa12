// Records earlier runs made that the service no longer has. A repeat skips the rows the
// memory of what was sent (memory.ts) and the journal say were created; when the service lost
// them (a test tenant restored, a sandbox started afresh, records deleted) the repeat would say
// "skipped" of rows whose records are not there. So a repeat that would skip such rows first
// reads the newest remembered record by id (one request, 404: gone). If that one is gone, the
// remembered records are checked against the service, by the list's pages (25 records each,
// ascending ids) or a read each, whichever costs fewer requests, and the rows whose record is
// gone are created again, each saying so. A record read whose key (its serial number …) is not
// the one sent is another record given that id (a service started afresh gives ids out again):
// gone too; without a key, one whose name is not. A keyed record renamed since (by an update,
// by a colleague) is still the one made, and is not created twice. A run
// that read the list whole anyway compares every remembered record with it (goneFromList).
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../api/client.js';
import { fetchPage, listAll, pagesFor, type Page } from '../api/paginate.js';
import type { ResourceDef } from '../resources/fields.js';
import { sameName } from './resemblance.js';

/** A record an earlier run made, as the memory (or the journal) keeps it. */
export interface RememberedRecord {
  readonly id: number;
  /** ISO date of its create; undefined when only the journal knows it. */
  readonly at?: string;
  /** The input file of the run that made it. */
  readonly file?: string;
  /** The natural key as `field=value`; absent for keyless rows. */
  readonly key?: string;
  /** The body's fingerprint (payloadHash) and values (valuesHash). */
  readonly fp: string;
  readonly values?: string;
  /** The name sent, when the body had one: a record of another name is not this one. */
  readonly name?: unknown;
}

/** What the check found: `newest` gone, and with it `gone` of the `checked` records, in `requests`. */
export interface GoneCheck {
  readonly newest: RememberedRecord;
  readonly gone: readonly RememberedRecord[];
  readonly checked: number;
  readonly requests: number;
  /** `listed`: compared with the list the run read for its existing-record check, no request of its own. */
  readonly how: 'reads' | 'list' | 'listed';
}

type Rec = { readonly id?: unknown; readonly name?: unknown; readonly [field: string]: unknown };

interface Service {
  readonly client: ApiClient;
  readonly def: ResourceDef;
  readonly company: number;
}

/**
 * The record is the one remembered: its id, and its key where the row had one (a name changes
 * with an update, a key does not), else its name where one was sent.
 */
function isIt(record: Rec | undefined, r: RememberedRecord): boolean {
  if (record === undefined) return false;
  const eq = r.key?.indexOf('=') ?? -1;
  if (r.key !== undefined && eq > 0 && record[r.key.slice(0, eq)] != null)
    return sameName(record[r.key.slice(0, eq)], r.key.slice(eq + 1));
  return typeof r.name !== 'string' || sameName(record.name, r.name);
}

/** One record by id (/{id}/), undefined when the service answers 404. */
async function readById(s: Service, id: number): Promise<Rec | undefined> {
  try {
    return await s.client.get<Rec>(s.client.path(s.def.path, id), { company: s.company });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return undefined;
    throw e;
  }
}

/** The records among `rs` each read by id: those gone. */
async function goneByReads(s: Service, rs: readonly RememberedRecord[]): Promise<RememberedRecord[]> {
  const gone: RememberedRecord[] = [];
  for (let i = 0; i < rs.length; i += 4) {
    const batch = rs.slice(i, i + 4);
    const read = await Promise.all(batch.map((r) => readById(s, r.id)));
    batch.forEach((r, n) => {
      if (!isIt(read[n], r)) gone.push(r);
    });
  }
  return gone;
}

/**
 * Which of `rs` are gone, reading the list's first page (it tells the count, and answers for
 * every id up to its last, the list being in ascending ids), then the rest of the list or a
 * read each of the records above it, whichever is fewer requests.
 */
async function goneByList(
  s: Service,
  rs: readonly RememberedRecord[],
): Promise<{ gone: RememberedRecord[]; requests: number; how: GoneCheck['how'] }> {
  const first = await fetchPage<Rec>(s.client, s.def, { company: s.company });
  const pages = pagesFor(typeof first.count === 'number' ? first.count : first.results.length);
  const last = first.results.length ? Number(first.results[first.results.length - 1].id) : 0;
  const whole = pages <= 1 || !first.next;
  const above = whole ? [] : rs.filter((r) => r.id > last);
  const seen = byId(first.results);
  const below = rs.filter((r) => !above.includes(r) && !isIt(seen.get(r.id), r));
  if (above.length === 0) return { gone: below, requests: 1, how: 'list' };
  if (above.length < pages - 1)
    return { gone: [...below, ...(await goneByReads(s, above))], requests: 1 + above.length, how: 'reads' };
  const rest = new Map<number, Rec>();
  for await (const r of listAll<Rec>(s.client, s.def, { company: s.company, first: first as Page<unknown> }))
    rest.set(Number(r.id), r);
  return { gone: [...below, ...above.filter((r) => !isIt(rest.get(r.id), r))], requests: pages, how: 'list' };
}

const byId = (rs: readonly Rec[]): Map<number, Rec> => new Map(rs.map((r) => [Number(r.id), r]));

/**
 * Whether the service still has the remembered records: the newest read by id (one request);
 * undefined when it is there (or none is remembered). Else the others are checked too.
 */
export async function checkRemembered(
  s: Service,
  remembered: readonly RememberedRecord[],
): Promise<GoneCheck | undefined> {
  if (remembered.length === 0) return undefined;
  const newest = remembered.reduce((a, b) => (b.id > a.id ? b : a));
  if (isIt(await readById(s, newest.id), newest)) return undefined;
  const others = remembered.filter((r) => r !== newest);
  const checked = remembered.length;
  if (others.length <= 1) {
    const gone = [newest, ...(await goneByReads(s, others))];
    return { newest, gone, checked, requests: 1 + others.length, how: 'reads' };
  }
  const found = await goneByList(s, others);
  return { newest, gone: [newest, ...found.gone], checked, requests: 1 + found.requests, how: found.how };
}

/**
 * Which of `remembered` the list read whole from `since` lacks: gone, found at no request (the
 * list was read anyway). A record whose memory line was written once the list began to be read
 * may have been made after its page went by, and is not judged. Undefined: none lacking.
 * `newest` is the newest gone, which the plan names.
 */
export function goneFromList(
  remembered: readonly RememberedRecord[],
  list: { readonly ids: ReadonlySet<number>; readonly since: number },
): GoneCheck | undefined {
  const before = remembered.filter((r) => r.at === undefined || Date.parse(r.at) < list.since);
  const gone = before.filter((r) => !list.ids.has(r.id));
  if (gone.length === 0) return undefined;
  const newest = gone.reduce((a, b) => (b.id > a.id ? b : a));
  return { newest, gone, checked: before.length, requests: 0, how: 'listed' };
}

/** An ISO date as a report shows it: 2026-12-02 16:40 UTC. */
const when = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The record a row's create makes again, as its report row says it. */
export function goneNote(r: RememberedRecord, dryRun: boolean): string {
  const made = r.at ? `made ${when(r.at)}` : 'made by an earlier run of this import';
  return `record ${r.id} ${made} is gone from the service; ${dryRun ? 'would be created again' : 'created again'}`;
}

/** What the plan says of a check that found records gone. */
export function goneWarning(c: GoneCheck): string {
  const run = c.newest.at
    ? `made by the run of ${c.newest.file ?? 'an earlier import'} on ${when(c.newest.at)}`
    : 'made by an earlier run of this import';
  const lost = `the service no longer has record ${c.newest.id}, ${run}`;
  if (c.how === 'listed') return `${lost}: ${listedSaid(c)}`;
  const all = c.gone.length === c.checked ? `all ${c.checked} are` : `${c.gone.length} of ${c.checked} are`;
  return (
    `${lost}: the records this run's memory holds are checked against the service ` +
    `(${c.requests} request${c.requests === 1 ? '' : 's'}, ${c.how === 'list' ? "the resource's list" : 'a read by id each'}): ` +
    `${all} gone, and their rows are created again`
  );
}

/** A check against the list the run read: how many of the records are not in it. */
function listedSaid(c: GoneCheck): string {
  const one = c.gone.length === 1;
  const which = c.gone.length === c.checked ? (one ? 'the one' : `all ${c.checked}`) : `${c.gone.length}`;
  return (
    `of the ${c.checked} record${c.checked === 1 ? '' : 's'} this run's memory holds, ${which} ${one ? 'is' : 'are'} ` +
    `not in the resource's list this run read (no request of its own), and ${one ? 'its row is' : 'their rows are'} created again`
  );
}

/** The gone records, each given to the one row that made it (by its key, else its body). */
export class GoneRecords {
  private readonly left: RememberedRecord[];

  constructor(readonly check: GoneCheck) {
    this.left = [...check.gone];
  }

  /** The gone record of a row with this key, or body (fingerprint, values), taken. */
  take(key: string | undefined, fp: string, values: string): RememberedRecord | undefined {
    const i = key
      ? this.left.findIndex((r) => r.key === key)
      : this.left.findIndex((r) => !r.key && (r.fp === fp || r.values === values));
    return i < 0 ? undefined : this.left.splice(i, 1)[0];
  }
}
