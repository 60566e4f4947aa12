// The sandbox's data: records per resource, each scoped to a company (or to none for
// user, company and country), with ids allocated like a database sequence per resource.
// Writable resources (asset, contract, customer, asset-owner) keep their normalised
// write body; reference lists keep their read shape. The state is plain JSON so that
// --state can save and load it.
import { open, rename, readFile, rm } from 'node:fs/promises';

export interface StoredRecord {
  id: number;
  /** Owning company; null for lists the service does not scope (user, company, country). */
  company: number | null;
  data: Record<string, unknown>;
}

export interface StoreState {
  version: 1;
  nextId: Record<string, number>;
  records: Record<string, StoredRecord[]>;
}

export class Store {
  private state: StoreState;

  constructor(state: StoreState) {
    this.state = state;
  }

  snapshot(): StoreState {
    return this.state;
  }

  replace(state: StoreState): void {
    this.state = state;
  }

  all(resource: string): StoredRecord[] {
    return this.state.records[resource] ?? [];
  }

  /** Records visible to a company, ascending id; unscoped lists ignore the company. */
  list(resource: string, company: number | null): StoredRecord[] {
    return this.all(resource)
      .filter((r) => r.company === null || company === null || r.company === company)
      .sort((a, b) => a.id - b.id);
  }

  get(resource: string, id: number, company: number | null): StoredRecord | undefined {
    return this.all(resource).find(
      (r) => r.id === id && (r.company === null || company === null || r.company === company),
    );
  }

  insert(resource: string, company: number | null, data: Record<string, unknown>, id?: number): StoredRecord {
    const next = this.state.nextId[resource] ?? 1;
    const rid = id ?? next;
    this.state.nextId[resource] = Math.max(next, rid + 1);
    const rec: StoredRecord = { id: rid, company, data };
    (this.state.records[resource] ??= []).push(rec);
    return rec;
  }

  update(resource: string, id: number, data: Record<string, unknown>): void {
    const rec = this.all(resource).find((r) => r.id === id);
    if (rec) rec.data = data;
  }

  counts(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.state.records).map(([k, v]) => [k, v.length]));
  }
}

export function emptyState(): StoreState {
  return { version: 1, nextId: {}, records: {} };
}

export async function loadState(file: string): Promise<StoreState | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  const parsed = JSON.parse(text) as StoreState;
  if (parsed.version !== 1 || typeof parsed.records !== 'object')
    throw new Error(`${file} is not a sandbox state file`);
  return parsed;
}

/**
 * Write through a temporary file and rename, so a crash never leaves half a state file.
 * The JSON is made and written a slice of records at a time, with the event loop free in
 * between, so that a stop (`signal`) is heard at once whatever the state's size; stopped
 * before the rename, the temporary file is removed and the file kept as it was.
 */
export async function saveState(file: string, state: StoreState, signal?: AbortSignal): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  const pieces = statePieces(copyLists(state));
  const out = await open(tmp, 'w');
  try {
    for (const piece of pieces) {
      signal?.throwIfAborted();
      await out.write(piece);
    }
    await out.close();
    // A stop that came while the last piece was written or the file closed: not renamed either.
    signal?.throwIfAborted();
  } catch (e) {
    await out.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw e;
  }
  await rename(tmp, file);
}

const SLICE = 2000;

/**
 * The state as it is now, its lists copied (not their records): writes during the save
 * change what comes after it, and a later save writes them.
 */
function copyLists(state: StoreState): StoreState {
  const records = Object.fromEntries(
    Object.entries(state.records).map(([name, list]) => [name, list.slice()]),
  );
  return { ...state, nextId: { ...state.nextId }, records };
}

/**
 * Each record's JSON as last saved, while its data is the same object (an update replaces
 * it): a save after a few writes then makes the JSON of those records only, so the final
 * save on exit is about the time of writing the file. It costs the file's size in memory.
 */
const savedJson = new WeakMap<StoredRecord, { data: object; json: string }>();

function recordJson(r: StoredRecord): string {
  const known = savedJson.get(r);
  if (known?.data === r.data) return known.json;
  const json = JSON.stringify(r);
  savedJson.set(r, { data: r.data, json });
  return json;
}

/** The state as JSON (what JSON.stringify gives), in pieces of up to SLICE records. */
function* statePieces(state: StoreState): Generator<string> {
  const { records, ...rest } = state;
  yield `${JSON.stringify(rest).slice(0, -1)},"records":{`;
  let first = true;
  for (const [name, list] of Object.entries(records)) {
    yield `${first ? '' : ','}${JSON.stringify(name)}:[`;
    first = false;
    for (let i = 0; i < list.length; i += SLICE)
      yield (
        (i ? ',' : '') +
        list
          .slice(i, i + SLICE)
          .map(recordJson)
          .join(',')
      );
    yield ']';
  }
  yield '}}';
}
