// Send stage: one prepared row → one record in the service, exactly once. The journal
// says what earlier runs did; an ambiguous failure (no answer after the request may
// have arrived) is answered by looking the record up by its natural key before any
// second attempt; a 400 becomes the row's errors, mapped back to the sheet's columns.
import { AmbiguousWriteError, ApiError, type ApiClient } from '../api/client.js';
import { fetchPage, listAll } from '../api/paginate.js';
import type { ResourceDef, WriteBody } from '../resources/fields.js';
import type { Mapping } from '../map/headers.js';
import type { RowIssue } from '../validate/validate.js';
import { Journal, payloadHash, type JournalState } from './journal.js';
import { diffBodies, mergeForUpdate, patchBody, readToWrite, type FieldChange } from './merge.js';
import { UpdateMethod, type ProbeOutcome, type UpdateVerb } from './update-method.js';
import type { Gate } from '../api/rate-limit.js';

/** Fields an update never carries (contract_type, approver, signer, signed_date, form_template). */
export function stripCreateOnly(def: ResourceDef, body: WriteBody): WriteBody {
  const out: WriteBody = { ...body };
  for (const f of def.fields) if (f.createOnly && !f.name.includes('.')) delete out[f.name];
  delete out.form_template;
  return out;
}

export type OnExisting = 'skip' | 'update' | 'error';

export interface SendResult {
  readonly status: 'created' | 'updated' | 'skipped' | 'failed';
  readonly id?: number;
  readonly note?: string;
  readonly issues?: readonly RowIssue[];
}

/** The filter that finds a record by its natural key, where the list has one. */
const KEY_FILTER: Record<string, Record<string, string>> = {
  asset: { serial_number: 'serial_number', name: 'name' },
  contract: { number: 'contract_no' },
};

/** Read-shape value of a natural key field. */
function recordKey(r: Record<string, unknown>, field: string): string | undefined {
  const v = r[field];
  return typeof v === 'string' ? v.trim() : undefined;
}

/** Flatten a DRF error body ({field: [msg]}, nested objects, detail) into field → message pairs. */
export function flattenServiceErrors(body: unknown, prefix = ''): { field?: string; message: string }[] {
  if (typeof body === 'string') return [{ field: prefix || undefined, message: body.slice(0, 300) }];
  if (Array.isArray(body)) return body.flatMap((b) => flattenServiceErrors(b, prefix));
  if (body && typeof body === 'object') {
    return Object.entries(body as Record<string, unknown>).flatMap(([k, v]) => {
      if (k === 'detail' || k === 'non_field_errors') return flattenServiceErrors(v, prefix);
      return flattenServiceErrors(v, prefix ? `${prefix}.${k}` : k);
    });
  }
  return [{ field: prefix || undefined, message: String(body) }];
}

export function serviceIssues(body: unknown, mapping: Mapping): RowIssue[] {
  return flattenServiceErrors(body).map(({ field, message }) => {
    const col = field
      ? mapping.columns.find((c) => c.target.kind === 'field' && (c.target.field.name === field || c.target.field.name.startsWith(field + '.') || field.startsWith(c.target.field.name + '.')))
      : undefined;
    return { code: 'E_SERVICE_REJECTED' as const, column: col?.header, field, message: `the service says: ${message}` };
  });
}

const isDuplicateMessage = (issues: readonly RowIssue[]) => issues.some((i) => /already exists|unique/i.test(i.message));

export interface WriterOptions {
  readonly client: ApiClient;
  readonly def: ResourceDef;
  readonly company: number;
  readonly mapping: Mapping;
  readonly journal?: Journal;
  readonly prior?: JournalState;
  readonly uniqueField?: 'name' | 'serial_number';
  readonly onExisting: OnExisting;
  /** Records that existed before the run, by natural key (when the full list was cheaper). */
  readonly existing?: Map<string, number[]>;
  /** True when `existing` holds the whole list; otherwise ask per row. */
  readonly existingComplete: boolean;
  /** Attempts after an ambiguous failure before the row is failed. */
  readonly maxAmbiguousRetries?: number;
  /** Country name → numeric code, to turn a read record back into a write body. */
  readonly countryCode?: (name: string) => number | undefined;
  /** Called before a record is read back (loads the country list for countryCode). */
  readonly beforeRead?: () => Promise<void>;
}

export interface UpdateOptions {
  /** Fields whose cell was empty, to blank (--clear-empty). */
  readonly clearEmpty?: readonly string[];
  /** Send the sheet's body as the whole record (--replace): no read, no merge. */
  readonly replace?: boolean;
  /** Compute the changes only (dry run). */
  readonly dryRun?: boolean;
}

/** Records exactly once, with recovery; one instance per run. */
export class RowWriter {
  /** Ids taken by rows of this run, so two rows never adopt the same record. */
  private readonly claimed = new Set<number>();
  recovered = 0;
  lookups = 0;

  constructor(private readonly o: WriterOptions) {
    // Records the journal gives to rows are theirs, whichever row this run reaches first.
    for (const r of o.prior?.rows.values() ?? []) if (r.done) this.claimed.add(r.done.id);
  }

  private keyFilter(field: string): string | undefined {
    return KEY_FILTER[this.o.def.name]?.[field];
  }

  /** Find records with this natural key in the service (filtered call, or the whole list). */
  async findByKey(key: { field: string; value: string }): Promise<Array<{ id: number }>> {
    const { client, def, company } = this.o;
    this.lookups++;
    const filter = this.keyFilter(key.field);
    const matches: Array<{ id: number }> = [];
    if (filter) {
      for await (const r of listAll<Record<string, unknown>>(client, def, { company, filters: { [filter]: key.value } })) {
        if (recordKey(r, key.field) === key.value) matches.push({ id: Number(r.id) });
      }
    } else {
      for await (const r of listAll<Record<string, unknown>>(client, def, { company })) {
        if (recordKey(r, key.field) === key.value) matches.push({ id: Number(r.id) });
      }
    }
    return matches;
  }

  /** True when the records that existed before the run were all read (no per-row calls). */
  get complete(): boolean {
    return this.o.existingComplete;
  }

  /** The existing record with this key, from the list read before the run; undefined if unknown. */
  knownExistingId(key: { field: string; value: string } | undefined): number | undefined {
    if (!key || !this.o.existingComplete) return undefined;
    return this.o.existing?.get(`${key.field}=${key.value}`)?.[0];
  }

  /** Is there already a record with this key (before our run)? */
  async existingId(key: { field: string; value: string } | undefined): Promise<number | undefined> {
    return (await this.existingIds(key))[0];
  }

  /** Every record with this key, from the list read before the run or one filtered call. */
  async existingIds(key: { field: string; value: string } | undefined): Promise<number[]> {
    if (!key) return [];
    if (this.o.existingComplete) return this.o.existing?.get(`${key.field}=${key.value}`) ?? [];
    return (await this.findByKey(key)).map((f) => f.id);
  }

  private async adopt(key: { field: string; value: string } | undefined): Promise<number | undefined> {
    if (!key) return undefined;
    // A row is only ever sent when no record had its key before the run (else it was
    // skipped, failed or updated), so a record with the key now is this row's, unless
    // another row of this run or of the journal has already taken it.
    const found = await this.findByKey(key);
    return found
      .map((f) => f.id)
      .filter((id) => !this.claimed.has(id))
      .sort((a, b) => b - a)[0];
  }

  /** Take the record an earlier attempt created as this row's result, if there is one. */
  private async recover(row: number, hash: string, key: { field: string; value: string } | undefined, note: string): Promise<SendResult | undefined> {
    const id = await this.adopt(key);
    if (id === undefined) return undefined;
    this.claimed.add(id);
    this.recovered++;
    this.o.journal?.done(row, hash, 'created', id, true);
    return { status: 'created', id, note };
  }

  /** Create one row's record, exactly once. */
  async create(row: number, body: WriteBody, key: { field: string; value: string } | undefined): Promise<SendResult> {
    const { client, def, journal, prior, mapping } = this.o;
    const hash = payloadHash(body);
    const keyText = key ? `${key.field}=${key.value}` : undefined;
    const before = prior?.rows.get(row);

    if (before?.done) {
      this.claimed.add(before.done.id);
      if (before.hash === hash) return { status: before.done.status, id: before.done.id, note: 'done by an earlier run of this import (journal)' };
      return { status: 'skipped', id: before.done.id, note: `${before.done.status} by an earlier run (id ${before.done.id}) but the row has changed since; use \`assetbatch update\` to change the record` };
    }
    if (before?.inFlight) {
      // The process stopped while this row was being sent: it may exist already.
      const found = await this.recover(row, hash, key, 'recovered: sent by an interrupted run, found in the service');
      if (found) return found;
    } else {
      const ids = await this.existingIds(key);
      const existing = ids[0];
      if (existing !== undefined) {
        if (this.o.onExisting === 'skip') return { status: 'skipped', id: existing, note: `already in the service (id ${ids.join(', ')}, ${keyText})` };
        if (this.o.onExisting === 'error') {
          return { status: 'failed', id: existing, issues: [{ code: 'E_DUPLICATE_ROW', field: key?.field, message: `already in the service (id ${ids.join(', ')}, ${keyText})` }] };
        }
        if (ids.length > 1) {
          return { status: 'failed', issues: [{ code: 'E_LOOKUP_AMBIGUOUS', field: key?.field, message: `${ids.length} records have ${keyText} (ids ${ids.join(', ')}); which to update is unclear — use \`assetbatch update\` with an ID column` }] };
        }
        return this.updateMerged(row, existing, body, {}, hash);
      }
    }

    journal?.intent(row, hash, keyText);
    const query = def.name === 'asset' && this.o.uniqueField ? { unique_field: this.o.uniqueField } : undefined;
    let ambiguous = 0;
    for (;;) {
      try {
        const rec = await client.write<Record<string, unknown>>('POST', client.path(def.path, undefined, false), body, query);
        const id = Number(rec?.id);
        this.claimed.add(id);
        journal?.done(row, hash, 'created', id);
        return { status: 'created', id };
      } catch (e) {
        if (e instanceof AmbiguousWriteError) {
          ambiguous++;
          const found = await this.recover(row, hash, key, 'recovered: the answer was lost, the record was found in the service');
          if (found) return found;
          if (ambiguous > (this.o.maxAmbiguousRetries ?? 5)) {
            journal?.failed(row, hash, e.message);
            return { status: 'failed', issues: [{ code: 'E_NETWORK', message: `${e.message}; tried ${ambiguous} times` }] };
          }
          if (!key) {
            // Without a natural key there is no way to tell; sending again could duplicate.
            journal?.failed(row, hash, e.message);
            return { status: 'failed', issues: [{ code: 'E_NETWORK', message: `${e.message}; the row has no natural key to check, so it was not sent again — check the service before re-running` }] };
          }
          continue;
        }
        if (e instanceof ApiError && e.status === 400) {
          const issues = serviceIssues(e.body, mapping);
          if (ambiguous > 0 && isDuplicateMessage(issues)) {
            const found = await this.recover(row, hash, key, 'recovered after a lost answer');
            if (found) return found;
          }
          journal?.failed(row, hash, issues.map((i) => i.message).join('; '));
          return { status: 'failed', issues };
        }
        throw e;
      }
    }
  }

  // Updates. PUT replaces the whole record, so a field someone else changed between our read
  // and our write would be reverted; PATCH sends only the fields the sheet changes. Where
  // the service refuses PATCH (405), the record is read just before its PUT instead.

  /** PATCH or PUT for this run's updates: the first update finds out, every row shares it. */
  private readonly updateMethod = new UpdateMethod();
  /** What the user must hear once about this run, not once per row (shown with the summary). */
  readonly warnings: string[] = [];

  /** Read a record in write form (for merges and dry-run diffs); `gate`: the lease of a read-then-write. */
  async current(id: number, gate?: Gate): Promise<WriteBody> {
    const { client, def, company } = this.o;
    // Loading the country list makes requests of its own, which a held lease would block.
    if (!gate) await this.o.beforeRead?.();
    const rec = await client.get<Record<string, unknown>>(client.path(def.path, id), { company }, { gate });
    return readToWrite(def, rec, this.o.countryCode ?? (() => undefined));
  }

  /**
   * Update a record with the sheet's values without wiping the rest: read, merge, then PATCH
   * the fields that change (or PUT the merged record where PATCH is refused).
   * contract_type and create-only fields are never sent on update.
   */
  async updateMerged(row: number, id: number, sheet: WriteBody, opts: UpdateOptions = {}, sheetHash = payloadHash(sheet)): Promise<UpdateResult> {
    const { def, company } = this.o;
    const clean = stripCreateOnly(def, sheet);
    try {
      if (opts.dryRun) return await this.previewUpdate(id, clean, opts);
      // --replace means the sheet is the whole record: a PUT, with nothing to read first.
      if (opts.replace) return await this.update(row, id, { ...clean, company }, sheetHash);
      return await this.updateChanged(row, id, clean, opts.clearEmpty, sheetHash);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        return { status: 'failed', id, issues: [{ code: 'E_HTTP_NOT_FOUND', field: 'id', message: `record ${id} not found in company ${company}` }] };
      }
      throw e;
    }
  }

  /** A dry run: what an update would change, field by field; nothing is sent. */
  private async previewUpdate(id: number, clean: WriteBody, opts: UpdateOptions): Promise<UpdateResult> {
    const { def, company } = this.o;
    const cur = await this.current(id);
    const next = opts.replace ? { ...clean, company } : { ...mergeForUpdate(cur, clean, { clearEmpty: opts.clearEmpty }), company };
    const changes = diffBodies(def, cur, next);
    return { status: 'skipped', id, changes, note: changes.length === 0 ? 'no change' : undefined };
  }

  /**
   * Read, merge and write one record with the run's verb. A PATCH refused with 405 turns the
   * run to PUT (said once) and the row is read again and PUT: no row fails for the probe.
   */
  private async updateChanged(row: number, id: number, clean: WriteBody, clearEmpty: readonly string[] | undefined, hash: string): Promise<UpdateResult> {
    await this.o.beforeRead?.();
    for (;;) {
      const ticket = await this.updateMethod.take();
      let outcome: ProbeOutcome = 'unknown';
      try {
        const { result, answered } = await this.readAndWrite(row, id, clean, clearEmpty, hash, ticket.verb);
        if (answered) outcome = 'accepted';
        return result;
      } catch (e) {
        if (!(ticket.verb === 'PATCH' && e instanceof ApiError && e.status === 405)) throw e;
        outcome = 'refused';
        if (this.updateMethod.refused()) this.warnings.push(putOnlyWarning(this.o.def));
      } finally {
        ticket.settle(outcome);
      }
    }
  }

  /**
   * The read and the write of one update, through one lease of the rate limiter: the write
   * takes the slot right after the read's, so the window in which someone else's change can
   * be overwritten is the read's round trip, not a wait behind other rows for the budget.
   */
  private async readAndWrite(row: number, id: number, clean: WriteBody, clearEmpty: readonly string[] | undefined, hash: string, verb: UpdateVerb): Promise<{ result: UpdateResult; answered: boolean }> {
    const { client, def, company } = this.o;
    // Two requests: the first waits until both fit the window, so the write never waits.
    const lease = await client.limiter.lease(2);
    try {
      const cur = await this.current(id, lease);
      const next = { ...mergeForUpdate(cur, clean, { clearEmpty }), company };
      const changes = diffBodies(def, cur, next);
      if (changes.length === 0) return { result: { status: 'skipped', id, note: 'no change: the record already has these values' }, answered: false };
      const body = verb === 'PATCH' ? patchBody(def, cur, next) : next;
      // The journal keeps the sheet's hash: a rerun of the same row is then recognised as done.
      const res = await this.update(row, id, body, hash, verb, lease.last);
      return { result: { ...res, changes }, answered: true };
    } finally {
      lease.release();
    }
  }

  /** PATCH some fields of a record, or PUT a whole body (the caller merged it first when it must not wipe fields). */
  async update(row: number, id: number, body: WriteBody, hash = payloadHash(body), verb: UpdateVerb = 'PUT', gate?: Gate): Promise<SendResult> {
    const { client, def, journal, mapping } = this.o;
    journal?.intent(row, hash);
    try {
      await client.write(verb, client.path(def.path, id, false), body, undefined, { gate });
      this.claimed.add(id);
      journal?.done(row, hash, 'updated', id);
      return { status: 'updated', id };
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 404)) {
        const issues = e.status === 404 ? [{ code: 'E_HTTP_NOT_FOUND' as const, field: 'id', message: `record ${id} not found in company ${this.o.company}` }] : serviceIssues(e.body, mapping);
        journal?.failed(row, hash, issues.map((i) => i.message).join('; '));
        return { status: 'failed', id, issues };
      }
      throw e;
    }
  }
}

export type UpdateResult = SendResult & { changes?: FieldChange[] };

/** The run's one warning when the service takes only PUT for a resource. */
function putOnlyWarning(def: ResourceDef): string {
  return (
    `the service refused PATCH for ${def.plural} (405), so updates were sent as whole-record PUTs, each record read just before its write; ` +
    'a change someone else makes to the same record in the moment between that read and the write is overwritten (see docs/update.md)'
  );
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
): Promise<{ map?: Map<string, number[]>; requests: number; strategy: 'full list' | 'filtered calls' }> {
  const first = await fetchPage<Record<string, unknown>>(client, def, { company }, 1);
  const pages = Math.max(1, Math.ceil(first.count / 25));
  const hasFilter = keyFields.every((f) => KEY_FILTER[def.name]?.[f]);
  if (hasFilter && rowsToCheck < pages) return { requests: 1, strategy: 'filtered calls' };
  // Keys compare exactly, as the service's filters do; several records may share one.
  const map = new Map<string, number[]>();
  let requests = 1;
  for await (const r of listAll<Record<string, unknown>>(client, def, { company, first, onPage: ({ page }) => void (page > 1 && requests++) })) {
    for (const f of keyFields) {
      const v = recordKey(r, f);
      if (v) map.set(`${f}=${v}`, [...(map.get(`${f}=${v}`) ?? []), Number(r.id)]);
    }
  }
  return { map, requests, strategy: 'full list' };
}
