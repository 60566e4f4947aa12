// Resolve stage: names in the sheet → ids, through the service's lists. Each list is read
// at most once per run (and cached on disk per base URL and company), and where the list
// has a name filter and the sheet names only a few entries, one filtered call per name is
// cheaper than reading every page: every request counts against the account's limit. A name
// a list lacks is answered with the match `mapping suggest` would write (suggest-values.ts).
import { mkdir, readFile, writeFile, rename } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '../api/client.js';
import { fetchPage, listAll, pagesFor, type ListOptions, type Page } from '../api/paginate.js';
import type { LookupKind, ResourceDef } from '../resources/fields.js';
import { LOOKUP_LIST } from '../resources/index.js';
import { COUNTRIES } from '../resources/countries.js';
import { splitCategory } from '../resources/category.js';
import { closest, compactName, didYouMean, normalizeName } from '../map/normalize.js';
import { countryCodeByName } from './countries.js';
import { notFoundHint, suggestValue, type ValueSuggestion } from './suggest-values.js';
import { sha256Hex } from '../util/hash.js';

export interface LookupEntry {
  readonly id: number;
  /** The name as the service spells it. */
  readonly name: string;
  /** Other keys this entry is found by (asset owner email, country codes and aliases). */
  readonly keys?: readonly string[];
  /** Categories: their subcategories. */
  readonly subcategories?: readonly string[] | null;
}

export type Resolution =
  | { readonly ok: true; readonly entry: LookupEntry; readonly subcategory?: string }
  | {
      readonly ok: false;
      readonly code: 'E_LOOKUP_NOT_FOUND' | 'E_LOOKUP_AMBIGUOUS';
      readonly message: string;
      /** A name the list lacks: the match `mapping suggest` would write for it, if any. */
      readonly suggestion?: ValueSuggestion;
    };

const KIND_WORD: Record<LookupKind, string> = {
  country: 'country',
  category: 'category',
  usage_status: 'usage status',
  business_unit: 'business unit',
  asset_owner: 'asset owner',
  supplier: 'supplier',
  hardware_model: 'hardware model',
  contract: 'contract',
  customer: 'customer',
  company: 'company',
};

/** The filter a list offers for finding one entry by its name, if any. */
const NAME_FILTER: Partial<Record<LookupKind, string>> = {
  category: 'name',
  usage_status: 'name',
  hardware_model: 'name',
  contract: 'contract_no',
};

/** Reference lists change rarely and are cached on disk; the user's own records are not. */
/**
 * Seconds a list stays fresh in the cache where an hour is too short: the countries are the
 * world's (ISO 3166), the same for every account, and some 10 requests a read; a name the
 * service adds is read with --refresh-lookups.
 */
const LIST_TTL: Readonly<Record<string, number>> = { country: 7 * 24 * 3600 };

const CACHEABLE: ReadonlySet<LookupKind> = new Set<LookupKind>([
  'country',
  'category',
  'usage_status',
  'business_unit',
  'supplier',
  'hardware_model',
  'asset_owner',
  'company',
]);

/** Turn a list record into an entry. */
export function toEntry(kind: LookupKind, r: Record<string, unknown>): LookupEntry {
  switch (kind) {
    case 'country': {
      const numeric = Number(r.country_numeric_code);
      const iso = COUNTRIES.find((c) => c.numeric === numeric);
      return {
        id: numeric,
        name: String(r.country_name),
        keys: iso
          ? [
              iso.alpha2,
              iso.alpha3,
              iso.name,
              ...iso.aliases,
              String(numeric),
              String(numeric).padStart(3, '0'),
            ]
          : [String(numeric)],
      };
    }
    case 'category':
      return {
        id: Number(r.id),
        name: String(r.category ?? r.name),
        subcategories: (r.subcategories as string[] | null) ?? null,
      };
    case 'hardware_model':
      return { id: Number(r.id), name: String(r.asset_hardware_model ?? r.name) };
    case 'asset_owner':
      return { id: Number(r.id), name: String(r.name), keys: r.email ? [String(r.email)] : [] };
    case 'contract':
      return { id: Number(r.id), name: String(r.number), keys: [] };
    default:
      return { id: Number(r.id), name: String(r.name) };
  }
}

/** A name index over one list: case-, accent- and punctuation-insensitive. */
export class LookupIndex {
  readonly kind: LookupKind;
  private readonly byKey = new Map<string, LookupEntry[]>();
  /** The same keys without spaces: "DellTechnologies", "Dell  Technologies" and "HewlettPackard" find their entry too. */
  private readonly byCompact = new Map<string, LookupEntry[]>();
  private readonly entries: LookupEntry[] = [];
  private readonly ids = new Map<number, LookupEntry>();
  /** True once every entry of the list is in the index (misses are then final). */
  complete = false;

  constructor(kind: LookupKind) {
    this.kind = kind;
  }

  add(e: LookupEntry): void {
    if (this.ids.has(e.id)) return;
    this.ids.set(e.id, e);
    this.entries.push(e);
    const keys = new Set([e.name, ...(e.keys ?? [])].map(normalizeName));
    for (const k of keys) {
      const list = this.byKey.get(k) ?? [];
      list.push(e);
      this.byKey.set(k, list);
    }
    for (const k of new Set([...keys].map((x) => x.replace(/ /g, '')))) {
      const list = this.byCompact.get(k) ?? [];
      list.push(e);
      this.byCompact.set(k, list);
    }
  }

  get size(): number {
    return this.entries.length;
  }

  has(name: string): boolean {
    return this.byKey.has(normalizeName(name));
  }

  /** The name of the entry with this id, if the index holds it. */
  nameOf(id: number): string | undefined {
    return this.ids.get(id)?.name;
  }

  /** All entries, for templates' drop-downs and suggestions. */
  all(): readonly LookupEntry[] {
    return this.entries;
  }

  find(name: string): Resolution {
    const word = KIND_WORD[this.kind];
    const text = name.trim();
    // Countries by code are matched on the exact code, and case matters less than shape.
    const key = normalizeName(text);
    const hits = this.byKey.get(key) ?? this.byCompact.get(key.replace(/ /g, '')) ?? [];
    const distinct = [...new Map(hits.map((h) => [h.id, h])).values()];
    if (distinct.length === 1) return { ok: true, entry: distinct[0] };
    if (distinct.length > 1) {
      return {
        ok: false,
        code: 'E_LOOKUP_AMBIGUOUS',
        message: `${word} '${text}' matches ${distinct.length} records (${distinct.map((d) => `id ${d.id}`).join(', ')}); rename one in the service or give the id`,
      };
    }
    // What it may be instead is the Resolver's to say (suggest-values.ts), as `mapping suggest` says it.
    return { ok: false, code: 'E_LOOKUP_NOT_FOUND', message: `${word} '${text}' not found` };
  }
}

/** The reference lists read whole, not looked names up in (Resolver.wholeList). */
export type WholeList = 'custom-field-template' | 'custom-form-template';

export interface LookupPlanItem {
  readonly kind: LookupKind | WholeList;
  readonly names: number;
  readonly strategy: 'full list' | 'filtered calls' | 'cache';
  readonly requests: number;
}

export interface ResolverOptions {
  readonly company: number;
  readonly cacheDir?: string;
  /** Seconds a cached list stays fresh. Default 3600 (the countries a week: LIST_TTL). 0 = no cache. */
  readonly cacheTtl?: number;
  readonly refresh?: boolean;
  readonly concurrency?: number;
}

function defaultCacheDir(): string {
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'assetbatch', 'lookups');
}

/** Loads lists on demand and answers name → id questions for one run. */
export class Resolver {
  private readonly indexes = new Map<LookupKind, LookupIndex>();
  readonly plan: LookupPlanItem[] = [];
  requests = 0;

  constructor(
    private readonly client: ApiClient | undefined,
    private readonly opts: ResolverOptions,
  ) {}

  /** The name of a lookup id the run's lists hold (a list read part-way may not). */
  nameOf(kind: LookupKind, id: number): string | undefined {
    return this.indexes.get(kind)?.nameOf(id);
  }

  index(kind: LookupKind): LookupIndex {
    let idx = this.indexes.get(kind);
    if (!idx) {
      idx = new LookupIndex(kind);
      this.indexes.set(kind, idx);
    }
    return idx;
  }

  private listOpts(): ListOptions {
    return { company: this.opts.company, concurrency: this.opts.concurrency ?? 4 };
  }

  /** A cached list's file: per base URL, company and list (a lookup kind, or a template list). */
  private cachePath(name: string): string {
    const key = sha256Hex(`${this.client?.baseUrl}|${this.opts.company}|${name}`).slice(0, 24);
    return join(this.opts.cacheDir ?? defaultCacheDir(), `${key}.json`);
  }

  private readCache(kind: LookupKind): Promise<LookupEntry[] | undefined> {
    return CACHEABLE.has(kind) ? this.readCached<LookupEntry>(kind) : Promise.resolve(undefined);
  }

  private async writeCache(kind: LookupKind, entries: readonly LookupEntry[]): Promise<void> {
    if (CACHEABLE.has(kind)) await this.writeCached(kind, entries);
  }

  private async readCached<T>(name: string): Promise<T[] | undefined> {
    const ttl = this.opts.cacheTtl ?? LIST_TTL[name] ?? 3600;
    if (ttl <= 0 || this.opts.refresh) return undefined;
    try {
      const data = JSON.parse(await readFile(this.cachePath(name), 'utf8')) as { at: number; entries: T[] };
      return Date.now() - data.at < ttl * 1000 ? data.entries : undefined;
    } catch {
      return undefined;
    }
  }

  private async writeCached(name: string, entries: readonly unknown[]): Promise<void> {
    if ((this.opts.cacheTtl ?? 3600) <= 0) return;
    const path = this.cachePath(name);
    try {
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(`${path}.tmp`, JSON.stringify({ at: Date.now(), entries }));
      await rename(`${path}.tmp`, path);
    } catch {
      // A cache we cannot write only costs requests next time.
    }
  }

  /**
   * A reference list read whole and not looked names up in (the custom field and form
   * templates): from the cache while fresh, as the lookup lists are, else fetched and cached.
   * A repeat run of a sheet with a column of its own (an IP address) so costs no request for it.
   */
  async wholeList<T>(name: WholeList, fetch: () => Promise<T[]>): Promise<T[]> {
    // Its place in the plan is taken at once: lists read side by side are named in the order asked.
    const at = this.planned({ kind: name, names: 0, strategy: 'cache', requests: 0 });
    const cached = await this.readCached<T>(name);
    if (cached) return cached;
    const items = await fetch();
    // Its pages, as the plan counts a lookup list's: one for an empty list.
    const requests = pagesFor(items.length);
    this.requests += requests;
    this.planned({ kind: name, names: 0, strategy: 'full list', requests }, at);
    await this.writeCached(name, items);
    return items;
  }

  private countRequests<T>(p: Promise<T>): Promise<T> {
    this.requests++;
    return p;
  }

  /** Lists read part-way (page 1, then filtered calls): what is known, to go on from there. */
  private readonly partial = new Map<
    LookupKind,
    {
      first: Page<Record<string, unknown>>;
      pages: number;
      asked: Set<string>;
      wanted: Set<string>;
      plan: number;
    }
  >();

  /** Every name asked for, by list: the plan says how many names a list answered. */
  private readonly asked = new Map<LookupKind, Set<string>>();

  private askedFor(kind: LookupKind): Set<string> {
    let set = this.asked.get(kind);
    if (!set) this.asked.set(kind, (set = new Set()));
    return set;
  }

  /** A list loaded already (by the mapping's look at the first rows) asked again, by the scan, for all the sheet's names. */
  private recount(kind: LookupKind, wanted: readonly string[]): void {
    const set = this.askedFor(kind);
    for (const n of wanted) set.add(n);
    const at = this.plan.findIndex((p) => p.kind === kind);
    if (at >= 0 && this.plan[at].names < set.size) this.plan[at] = { ...this.plan[at], names: set.size };
  }

  /** Record (or, for a list loaded again, update) the list's line in the plan. */
  private planned(item: LookupPlanItem, at?: number): number {
    if (at === undefined) return this.plan.push(item) - 1;
    this.plan[at] = item;
    return at;
  }

  /**
   * Whether `text` can be answered for `kind` without loading more: the list is complete,
   * or its entry was fetched. A one-pass run asks before each row with a name not seen
   * in its look-ahead.
   */
  covers(kind: LookupKind, text: string): boolean {
    const idx = this.indexes.get(kind);
    if (idx?.complete) return true;
    if (!idx) return false;
    const t = text.trim();
    return t === '' || idx.has(kind === 'category' ? splitCategory(t).name : t);
  }

  /** Load `kind`'s list from the cache alone, while fresh (no request): whether it is now known whole. */
  async loadCached(kind: LookupKind): Promise<boolean> {
    if (this.index(kind).complete) return true;
    if (this.partial.has(kind) || !(await this.readCache(kind))) return false;
    await this.load(kind, []);
    return true;
  }

  /**
   * Make sure `names` can be answered for `kind`, at the least cost: the cache, else
   * page 1 (which tells the count), then either the other pages or one filtered call
   * per name still missing, whichever is fewer requests. Called again with more names
   * (a one-pass run meeting new ones), it goes on from there: more filtered calls while
   * they stay cheaper than the rest of the list, else the rest of the list.
   */
  async load(kind: LookupKind, names: Iterable<string>): Promise<void> {
    const idx = this.index(kind);
    const wanted = [...new Set([...names].map((n) => n.trim()).filter(Boolean))];
    if (idx.complete) return this.recount(kind, wanted);
    for (const n of wanted) this.askedFor(kind).add(n);
    let state = this.partial.get(kind);
    if (!state) {
      const cached = await this.readCache(kind);
      if (cached) {
        for (const e of cached) idx.add(e);
        idx.complete = true;
        // Names asked before the list loaded were answered "not found": ask again.
        this.memo.get(kind)?.clear();
        this.plan.push({ kind, names: wanted.length, strategy: 'cache', requests: 0 });
        return;
      }
      if (!this.client) throw new Error('no service to resolve names against');
      const first = await this.countRequests(
        fetchPage<Record<string, unknown>>(this.client, LOOKUP_LIST[kind], this.listOpts(), 1),
      );
      for (const r of first.results) idx.add(toEntry(kind, r));
      const pages = pagesFor(first.count);
      if (pages <= 1) {
        idx.complete = true;
        this.memo.get(kind)?.clear();
        this.plan.push({ kind, names: wanted.length, strategy: 'full list', requests: 1 });
        await this.writeCache(kind, idx.all());
        return;
      }
      state = {
        first,
        pages,
        asked: new Set(),
        wanted: new Set(),
        plan: this.planned({ kind, names: 0, strategy: 'filtered calls', requests: 1 }),
      };
      this.partial.set(kind, state);
    }
    const def: ResourceDef = LOOKUP_LIST[kind];
    const before = this.plan[state.plan];
    for (const n of wanted) state.wanted.add(n);
    const names0 = state.wanted.size;
    const lookupName = (n: string) => (kind === 'category' ? splitCategory(n).name : n);
    // A name found on page 1 may have a namesake on a later page (names are not unique in
    // the service), so it is asked for too, by the service's spelling: the exact filter
    // then returns every record of that name, and an ambiguous name stays ambiguous.
    const queries = [
      ...new Set(
        wanted.map((n) => {
          const hit = idx.find(lookupName(n));
          return hit.ok ? hit.entry.name : lookupName(n);
        }),
      ),
    ].filter((q) => !state.asked.has(q));
    const filter = NAME_FILTER[kind];
    // Filtered calls made before falling back to the whole list still count in the plan.
    let filtered = 0;
    if (filter && state.asked.size + queries.length < state.pages - 1) {
      filtered = queries.length;
      for (const q of queries) {
        state.asked.add(q);
        const page = await this.countRequests(
          fetchPage<Record<string, unknown>>(
            this.client!,
            def,
            { ...this.listOpts(), filters: { [filter]: q } },
            1,
          ),
        );
        for (const r of page.results) idx.add(toEntry(kind, r));
      }
      this.memo.get(kind)?.clear();
      // Names still missing (a filter that matches exactly, a typo) need the whole list for suggestions.
      const still = wanted.filter((n) => !idx.has(lookupName(n)));
      if (still.length === 0) {
        this.planned(
          { kind, names: names0, strategy: 'filtered calls', requests: before.requests + queries.length },
          state.plan,
        );
        return;
      }
    }
    let requests = 0;
    for await (const r of listAll<Record<string, unknown>>(this.client!, def, {
      ...this.listOpts(),
      first: state.first,
      onPage: ({ page }) => void (page > 1 && requests++),
    }))
      idx.add(toEntry(kind, r));
    this.requests += requests;
    idx.complete = true;
    this.partial.delete(kind);
    this.memo.get(kind)?.clear();
    this.planned(
      { kind, names: names0, strategy: 'full list', requests: before.requests + filtered + requests },
      state.plan,
    );
    await this.writeCache(kind, idx.all());
  }

  /**
   * Answers by (kind, text): a register names the same few hundred things in thousands of
   * rows, and normalising and matching each time costs more than the rest of a row.
   */
  private readonly memo = new Map<LookupKind, Map<string, Resolution | Map<string, Resolution>>>();

  /** Resolve a name; for categories, "Name / Sub" or a separate subcategory. */
  resolve(kind: LookupKind, name: string, subcategory?: string): Resolution {
    let memo = this.memo.get(kind);
    if (!memo) this.memo.set(kind, (memo = new Map()));
    // By name, then (categories with a subcategory column) by subcategory: no key to build for each row.
    let byName = memo.get(name);
    if (subcategory === undefined) {
      if (byName !== undefined && !(byName instanceof Map)) return byName;
    } else {
      if (!(byName instanceof Map)) memo.set(name, (byName = new Map()));
      const hit = byName.get(subcategory);
      if (hit) return hit;
    }
    const res = this.withSuggestion(kind, name, this.lookUp(kind, name, subcategory));
    if (memo.size >= 50_000) {
      memo.clear();
      byName = undefined;
    }
    if (subcategory === undefined) memo.set(name, res);
    else {
      if (!(byName instanceof Map)) memo.set(name, (byName = new Map()));
      byName.set(subcategory, res);
    }
    return res;
  }

  /** A name looked up as it is: no memo, no suggestion for a miss (a suggestion looks its targets up through this). */
  lookUp(kind: LookupKind, name: string, subcategory?: string): Resolution {
    const idx = this.index(kind);
    if (kind === 'country') return resolveCountry(idx, name);
    if (kind === 'category') return resolveCategory(idx, name, subcategory);
    return idx.find(name);
  }

  /**
   * A name the list lacks, with the match `mapping suggest` would write for it: computed
   * here once per distinct name (resolve's memo), however many rows repeat it. A
   * subcategory its category lacks keeps its own hint (the category's subcategories).
   */
  private withSuggestion(kind: LookupKind, name: string, res: Resolution): Resolution {
    if (res.ok || res.code !== 'E_LOOKUP_NOT_FOUND') return res;
    const text = kind === 'category' ? splitCategory(name).name : name.trim();
    if (kind === 'category' && this.index(kind).find(text).ok) return res;
    const s = suggestValue(this, kind, text);
    return s ? { ...res, message: `${res.message}; ${notFoundHint(s)}`, suggestion: s } : res;
  }

  /** Add a record created during this run (a customer or contract referenced later in the workbook). */
  remember(kind: LookupKind, entry: LookupEntry): void {
    // A remembered name may answer a question that was "not found" before.
    this.memo.get(kind)?.clear();
    this.index(kind).add(entry);
  }
}

/** A category by name, then its subcategory ("Name / Sub", or a subcategory column's). */
function resolveCategory(idx: LookupIndex, name: string, subcategory?: string): Resolution {
  const split = splitCategory(name);
  const res = idx.find(split.name);
  const sub = subcategory ?? split.sub;
  if (!res.ok || sub === undefined) return res;
  const subs = res.entry.subcategories ?? [];
  const hit =
    subs.find((s) => normalizeName(s) === normalizeName(sub)) ??
    subs.find((s) => compactName(s) === compactName(sub));
  if (hit) return { ok: true, entry: res.entry, subcategory: hit };
  const sugg = closest(sub, subs);
  return {
    ok: false,
    code: 'E_LOOKUP_NOT_FOUND',
    message: subs.length
      ? `subcategory '${sub}' is not in category '${res.entry.name}'${sugg.length ? `; ${didYouMean(sugg)}` : ` (it has: ${subs.join(', ')})`}`
      : `category '${res.entry.name}' has no subcategories, so '${sub}' cannot be used`,
  };
}

/** Countries: by numeric code, alpha-2, alpha-3, name or alias, or a name in any language; then checked against the service's list. */
export function resolveCountry(idx: LookupIndex, text: string): Resolution {
  const t = text.trim();
  if (/^\d{1,3}$/.test(t)) {
    const hit = idx.all().find((e) => e.id === Number(t));
    if (hit) return { ok: true, entry: hit };
    return {
      ok: false,
      code: 'E_LOOKUP_NOT_FOUND',
      message: `country code ${t} is not an ISO 3166 numeric code the service knows`,
    };
  }
  const iso = COUNTRIES.find((c) => c.alpha2 === t.toUpperCase() || c.alpha3 === t.toUpperCase());
  if (iso && /^[A-Za-z]{2,3}$/.test(t)) {
    const hit = idx.all().find((e) => e.id === iso.numeric);
    if (hit) return { ok: true, entry: hit };
  }
  const res = idx.find(t);
  if (res.ok || res.code !== 'E_LOOKUP_NOT_FOUND') return res;
  // A name in another language (or another CLDR form): the library knows which country.
  const code = countryCodeByName(t);
  const hit = code === undefined ? undefined : idx.all().find((e) => e.id === code);
  return hit ? { ok: true, entry: hit } : res;
}
