// The sandbox's data: records per resource, each scoped to a company (or to none for
// user, company and country), with ids allocated like a database sequence per resource.
// Writable resources (asset, contract, customer, asset-owner) keep their normalised
// write body; reference lists keep their read shape. The state is plain JSON so that
// --state can save and load it.
import { rename, readFile, writeFile } from 'node:fs/promises';

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
    return this.all(resource).find((r) => r.id === id && (r.company === null || company === null || r.company === company));
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
  if (parsed.version !== 1 || typeof parsed.records !== 'object') throw new Error(`${file} is not a sandbox state file`);
  return parsed;
}

/** Write through a temporary file and rename, so a crash never leaves half a state file. */
export async function saveState(file: string, state: StoreState): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(state), 'utf8');
  await rename(tmp, file);
}
