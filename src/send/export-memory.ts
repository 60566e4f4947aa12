// The memory of exports: what each export of a list that update and sync take showed of its
// records (exported.ts's fingerprints), one small JSON file per service, company and
// resource beside the memory of what was sent:
//   $XDG_STATE_HOME/assetbatch/exports/<host>-<hash of the base URL>.company-<N>.<resource>.json
// A later export of a record replaces its entry (merged by id): a filtered export touches only
// its records. Written whole beside itself and renamed into place (atomic-file.ts), so a run
// reads the old file or the new one, never half of one. Two exports finishing at the same
// moment: the later rename wins, and the other's records are as if never exported (an update
// then sends their cells as it always did).
import { readFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { AssetbatchError } from '../errors.js';
import { openAtomic } from '../util/atomic-file.js';
import type { ExportedRecord } from './exported.js';
import { memoryPath, stateFolder, type MemoryScope } from './memory.js';

/** One export remembered: when, to which file, and the fields each of its records' prints stand for. */
interface ExportEntry {
  readonly at: string;
  readonly file?: string;
  readonly fields: readonly string[];
}

/**
 * The file: the exports, and each record's entry by id as one string, "<export index>:<prints>",
 * its prints in that export's fields' order, comma-separated, an empty value's print empty
 * ("0:Xc3a_Q,,k9Zt-2"): about 200 bytes an asset.
 */
interface ExportsFile {
  readonly v: 1;
  readonly exports: readonly ExportEntry[];
  readonly records: Readonly<Record<string, string>>;
}

/** A record's entry: the export it is of, and its prints. */
function entryOf(text: string): { at: number; prints: string[] } | undefined {
  const colon = text.indexOf(':');
  const at = Number(text.slice(0, colon));
  return colon > 0 && Number.isInteger(at) ? { at, prints: text.slice(colon + 1).split(',') } : undefined;
}

/** An export just written: its records' prints, by id, in the order of `fields`. */
export interface ExportShown {
  readonly at: string;
  readonly file?: string;
  readonly fields: readonly string[];
  readonly records: ReadonlyMap<number, readonly string[]>;
}

/** The memory of exports' file for a scope, under `folder` (stateFolder()/exports by default). */
export function exportsPath(scope: MemoryScope, folder = join(stateFolder(), 'exports')): string {
  return memoryPath(scope, folder).replace(/\.ndjson$/, '.json');
}

const EMPTY: ExportsFile = { v: 1, exports: [], records: {} };

/** The file as read; a missing or unreadable one is no memory (an update then does as it always did). */
function readFile(path: string): ExportsFile {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<ExportsFile>;
    if (data.v !== 1 || !Array.isArray(data.exports) || !data.records || typeof data.records !== 'object')
      return EMPTY;
    return data as ExportsFile;
  } catch {
    return EMPTY;
  }
}

/** What the exports remembered showed of each record: the latest export of it. */
export class ExportedRecords {
  constructor(private readonly data: ExportsFile) {}

  static read(path: string): ExportedRecords {
    return new ExportedRecords(readFile(path));
  }

  get size(): number {
    return Object.keys(this.data.records).length;
  }

  of(id: number): ExportedRecord | undefined {
    const text = this.data.records[String(id)];
    const entry = typeof text === 'string' ? entryOf(text) : undefined;
    const ex = entry && this.data.exports[entry.at];
    if (!entry || !ex || ex.fields.length !== entry.prints.length) return undefined;
    const prints: Record<string, string> = {};
    ex.fields.forEach((f, i) => (prints[f] = entry.prints[i]));
    return { at: ex.at, file: ex.file, prints };
  }
}

/** The file with an export's records laid over it; exports no record names any more are dropped. */
export function withExport(data: ExportsFile, shown: ExportShown): ExportsFile {
  const kept = new Map<string, { at: number; prints: string[] }>();
  for (const [id, text] of Object.entries(data.records)) {
    const entry = shown.records.has(Number(id)) ? undefined : entryOf(text);
    if (entry && data.exports[entry.at]) kept.set(id, entry);
  }
  const used = [...new Set([...kept.values()].map((e) => e.at))].sort((a, b) => a - b);
  const renumber = new Map(used.map((old, i) => [old, i]));
  const records: Record<string, string> = {};
  for (const [id, e] of kept) records[id] = `${renumber.get(e.at)!}:${e.prints.join(',')}`;
  const exports = [
    ...used.map((i) => data.exports[i]),
    { at: shown.at, file: shown.file, fields: shown.fields },
  ];
  const at = exports.length - 1;
  for (const [id, prints] of shown.records) records[String(id)] = `${at}:${prints.join(',')}`;
  return { v: 1, exports, records };
}

/** Remember what an export showed, replacing the entries of its records. */
export async function rememberExport(path: string, shown: ExportShown): Promise<void> {
  const next = withExport(readFile(path), { ...shown, file: shown.file && resolvePath(shown.file) });
  try {
    const out = await openAtomic(path);
    out.stream.write(JSON.stringify(next));
    await out.commit();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code ?? String(e);
    throw new AssetbatchError(
      'E_STATE_UNWRITABLE',
      `the export was written, but what it showed could not be remembered (${code}): ${path}`,
      {
        location: { file: path },
        hint: 'assetbatch remembers each export under $XDG_STATE_HOME/assetbatch (default ~/.local/state/assetbatch), so that an update of it sent back keeps what changed in the service since. Make that folder writable, or set XDG_STATE_HOME to a folder that is.',
        cause: e,
      },
    );
  }
}
