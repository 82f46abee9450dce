import type { ReplyCheck } from './openapi-validator.ts';

type Json = Record<string, unknown>;

export interface SweepCaller {
  name: string;
  email: string;
  token: string;
  /** the holder names the company its company-record calls are about */
  companyId?: number;
}

export interface SweepCall {
  caller: string;
  path: string;
  url: string;
  status: number;
  problem: string;
  /** a record the call needed (a required parameter, the id to read) is one the caller has none of */
  wanting: boolean;
}

/** How many operations are swept at once: enough to keep the server and this process busy together on two cores. */
const CONCURRENT_OPERATIONS = 4;

/** A record id no company has: reads of it are refused 404. */
const UNKNOWN_ID = 999_999_999;

/**
 * Calls every GET operation of the served document as one caller, with the parameters it requires filled from the
 * caller's own data (a required `x-ref` parameter: the first record of that entity the caller can list; an enum: each
 * value; a record read: the first record of the list), and judges each reply by the document. Returns every call.
 */
export async function sweepGets(
  baseUrl: string,
  doc: Json,
  caller: SweepCaller,
  check: ReplyCheck,
): Promise<SweepCall[]> {
  const parametersOf = (op: Json): Json[] =>
    ((op.parameters ?? []) as Json[]).map((p) =>
      typeof p.$ref === 'string'
        ? ((doc.components as Json).parameters as Record<string, Json>)[p.$ref.split('/').pop()!]!
        : p,
    );
  const headers = { token: caller.token };
  const withCompany = (params: URLSearchParams) => {
    if (caller.companyId !== undefined) params.set('companyId', String(caller.companyId));
    return params;
  };
  const firstIds = new Map<string, Promise<number | undefined>>();
  const firstId = (entity: string) => {
    let id = firstIds.get(entity);
    if (!id) {
      id = fetch(`${baseUrl}/api/v1/${entity}?${withCompany(new URLSearchParams({ limit: '1' }))}`, { headers })
        .then((r) => r.json() as Promise<Json>)
        .then((b) => {
          const data = b.data as Record<string, unknown> | null;
          const list = data ? (Object.values(data).find(Array.isArray) as Json[] | undefined) : undefined;
          return list?.[0]?.id as number | undefined;
        });
      firstIds.set(entity, id);
    }
    return id;
  };
  /** The calls of one GET operation, in the order made; `wanting` is this operation's own (see SweepCall). */
  const sweepOperation = async (path: string, op: Json): Promise<SweepCall[]> => {
    const calls: SweepCall[] = [];
    let wanting = false;
    const call = async (url: string) => {
      const r = await fetch(`${baseUrl}${url}`, { headers, redirect: 'manual' });
      const type = r.headers.get('content-type') ?? '';
      const body = type.startsWith('application/json') ? await r.json() : await r.text();
      calls.push({
        caller: caller.name,
        path,
        url,
        status: r.status,
        problem: check('GET', path, r.status, type, body),
        wanting,
      });
    };
    /** Fills the named parameters: a record by its first id, a choice by its first value, an e-mail by the caller's; whether any was filled. */
    const fill = async (query: URLSearchParams, params: Json[], required: boolean) => {
      let filled = false;
      for (const p of params) {
        const schema = p.schema as Json;
        const ref = schema['x-ref'] as string | undefined;
        const value = ref
          ? await firstId(ref)
          : Array.isArray(schema.enum)
            ? schema.enum[0]
            : p.name === 'email'
              ? caller.email
              : undefined;
        if (value !== undefined) {
          query.set(p.name as string, String(value));
          filled = true;
        } else if (required) wanting = true;
      }
      return filled;
    };
    const send = async (url: string, query: URLSearchParams) => {
      if (path.endsWith('/export'))
        for (const format of ['csv', 'xlsx'])
          await call(`${url}?${new URLSearchParams({ ...Object.fromEntries(query), format })}`);
      else await call(`${url}${query.size ? `?${query}` : ''}`);
    };
    const params = parametersOf(op);
    // each value of a required choice (a report's grouping), else one call
    const choice = params.find((p) => p.in === 'query' && p.required && Array.isArray((p.schema as Json).enum));
    const variants = choice
      ? ((choice.schema as Json).enum as unknown[]).map((v) => ({ [choice.name as string]: String(v) }))
      : [{}];
    const pathValues: Record<string, string[]> = {};
    for (const p of params.filter((x) => x.in === 'path')) {
      const schema = p.schema as Json;
      const entity = entityOf(path);
      if (Array.isArray(schema.enum)) pathValues[p.name as string] = schema.enum.map(String);
      else if (p.name === 'provider') pathValues.provider = ['platform'];
      else {
        const id = entity ? await firstId(entity) : undefined;
        if (id === undefined) wanting = true;
        pathValues[p.name as string] = [String(id ?? UNKNOWN_ID)];
      }
    }
    const concrete = Object.entries(pathValues).reduce<string[]>(
      (urls, [name, values]) => urls.flatMap((u) => values.map((v) => u.replace(`{${name}}`, v))),
      [path],
    );
    for (const url of concrete)
      for (const variant of variants) {
        const query = withCompany(new URLSearchParams(variant));
        await fill(
          query,
          params.filter((x) => x.in === 'query' && x.required && !((x.name as string) in variant)),
          true,
        );
        const mark = calls.length;
        await send(url, query);
        // a call that needs one of several optional records (an annual or an operational plan) is tried again with each
        for (const p of params.filter((x) => x.in === 'query' && !x.required && (x.schema as Json)['x-ref'])) {
          if (calls.at(-1)!.status !== 422) break;
          const retry = new URLSearchParams(query);
          if (!(await fill(retry, [p], false))) continue;
          calls.splice(mark);
          await send(url, retry);
        }
      }
    return calls;
  };
  // a record's read and its history are asked of the entity's first record
  const entityOf = (path: string) => /^\/api\/v1\/([a-z0-9-]+)\/\{id\}(?:\/history)?$/.exec(path)?.[1];
  // the operations are independent reads: a few at a time (the server answers one while the next is on its way and
  // this process judges the last), each operation's own calls still one after another, as its retries need
  const operations = Object.entries(doc.paths as Record<string, Json>).filter(([, item]) => item.get);
  const perOperation: SweepCall[][] = new Array(operations.length);
  let next = 0;
  const worker = async () => {
    while (next < operations.length) {
      const i = next++;
      const [path, item] = operations[i]!;
      perOperation[i] = await sweepOperation(path, item.get as Json);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_OPERATIONS }, worker));
  return perOperation.flat();
}
