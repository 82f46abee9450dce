import { isDeepStrictEqual } from 'node:util';
import type { Fixture } from './bench-cases.ts';

/**
 * Before anything is measured: the baseline must answer the read cases with the same data as the engine, or the
 * ratio compares different work. Returns one line per difference (none when they agree).
 */
export async function replyDifferences(engine: { url: string; token: string }, baseline: { url: string; token: string }, f: Fixture): Promise<string[]> {
  const span = f.readIds.last - f.readIds.first;
  const paths = [
    `/api/v1/employee/${f.readIds.first + Math.floor(span / 3)}`,
    '/api/v1/employee?limit=50',
    `/api/v1/employee?limit=50&offset=${f.deepPage.offset}`,
    `/api/v1/employee?limit=50&after=${f.deepPage.afterId}`,
    `/api/v1/employee?departmentId=${f.departmentIds[0]}&limit=50`,
    '/api/v1/audit-trail?limit=50',
  ];
  const out: string[] = [];
  const get = async (s: { url: string; token: string }, path: string) => {
    const r = await fetch(s.url + path, { headers: { token: s.token } });
    return { status: r.status, body: (await r.json()) as { data: Record<string, unknown> } };
  };
  for (const path of paths) {
    const [e, b] = await Promise.all([get(engine, path), get(baseline, path)]);
    if (e.status !== 200 || b.status !== 200) out.push(`${path}: engine ${e.status}, baseline ${b.status}`);
    else if (!isDeepStrictEqual(e.body.data, b.body.data)) out.push(`${path}: the replies' data differ`);
  }
  // The deep page asked by offset and by ?after= is one page.
  const [byOffset, byAfter] = await Promise.all([get(engine, paths[2]), get(engine, paths[3])]);
  const ids = (r: typeof byOffset) => JSON.stringify((r.body.data?.list as { id: number }[] | undefined)?.map((x) => x.id));
  if (ids(byOffset) !== ids(byAfter)) out.push(`the deep page by offset and by ?after= differ`);
  return out;
}
