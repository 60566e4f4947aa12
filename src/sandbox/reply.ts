// The sandbox's answers: a status, a JSON body and headers, written as DRF writes them;
// and the request body, read whole and parsed as DRF's JSON parser does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Stats } from './context.js';

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const MAX_BODY = 5 * 1024 * 1024;

export const detail = (status: number, text: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { detail: text },
  headers,
});

/** A request the handlers refuse from deep inside (bad JSON, bad query): its answer. */
export class BadRequest extends Error {
  constructor(readonly reply: Reply) {
    super('bad request');
  }
}

/** Writes the reply; counts its status in `stats` when given (the admin view's are not counted). */
export function sendReply(res: ServerResponse, reply: Reply, stats?: Stats): void {
  if (stats) stats.byStatus[String(reply.status)] = (stats.byStatus[String(reply.status)] ?? 0) + 1;
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...reply.headers,
  });
  res.end(text);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new BadRequest(detail(413, 'Request body too large.'));
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJson(raw: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch (e) {
    throw new BadRequest(detail(400, `JSON parse error - ${(e as Error).message}`));
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    const got = Array.isArray(body) ? 'list' : body === null ? 'NoneType' : typeof body;
    throw new BadRequest({
      status: 400,
      body: { non_field_errors: [`Invalid data. Expected a dictionary, but got ${got}.`] },
    });
  }
  return body as Record<string, unknown>;
}
