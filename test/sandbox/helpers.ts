// Shared helpers for the sandbox tests: a sandbox per file, and small fetch wrappers.
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import type { Json } from '../json.js';

interface Answer {
  status: number;
  headers: Headers;
  // The body is JSON of whatever shape the endpoint answers.
  body: Json;
}

export interface Client {
  sb: Sandbox;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  get(path: string): Promise<Answer>;
  post(path: string, body: unknown): Promise<Answer>;
  put(path: string, body: unknown): Promise<Answer>;
  patch(path: string, body: unknown): Promise<Answer>;
  stats(): Promise<Json>;
  close(): Promise<void>;
}

export async function sandbox(options: SandboxOptions = {}): Promise<Client> {
  const sb = await startSandbox({ port: 0, rateLimit: 0, ...options });
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer> => {
    const res = await fetch(sb.url + path, {
      method,
      headers: { Authorization: `Bearer ${sb.token}`, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
  };
  return {
    sb,
    call,
    get: (p) => call('GET', p),
    post: (p, b) => call('POST', p, b),
    put: (p, b) => call('PUT', p, b),
    patch: (p, b) => call('PATCH', p, b),
    stats: async () => (await sb.admin(`/__sandbox/stats`)).json(),
    close: () => sb.close(),
  };
}

/** Follow a path of keys and indexes into a JSON value. */
export function at(value: unknown, path: readonly (string | number)[]): unknown {
  let cur: unknown = value;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return cur;
}

let contractSeq = 0;

/** A valid buy-side contract body of company 1 (supplier 1 = Dell Technologies). */
export function buyContract(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    company: 1,
    contract_type: 'buy_side',
    name: 'Test contract',
    number: `T-${++contractSeq}`,
    supplier: 1,
    country: 840,
    status: 'active',
    category: { id: 1, subcategory: 'Laptop' },
    contract_start_date: '2024-01-01',
    contract_end_date: '2024-12-31',
    total_contract_spend_value: 1000,
    ...overrides,
  };
}
