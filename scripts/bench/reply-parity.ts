import { isDeepStrictEqual } from 'node:util';
import { aggregateReportPaths, type Fixture } from './bench-cases.ts';

/**
 * Before anything is measured: the baseline must answer the read cases with the same data as the engine, or the
 * ratio compares different work. Returns one line per difference (none when they agree).
 */
export async function replyDifferences(
  engine: { url: string; token: string },
  baseline: { url: string; token: string },
  f: Fixture,
): Promise<string[]> {
  const span = f.readIds.last - f.readIds.first;
  const paths = [
    `/api/v1/employee/${f.readIds.first + Math.floor(span / 3)}`,
    '/api/v1/employee?limit=50',
    `/api/v1/employee?limit=50&offset=${f.deepPage.offset}`,
    `/api/v1/employee?limit=50&after=${f.deepPage.afterId}`,
    `/api/v1/employee?departmentId=${f.departmentIds[0]}&limit=50`,
    '/api/v1/audit-trail?limit=50',
    ...[0, Math.floor(f.scores.scorecards / 100) * 50].map(
      (offset) =>
        `/api/v1/performance-scorecard/scores?annualPlanId=${f.scores.annualPlanId}&level=employee&quarter=0&limit=50&offset=${offset}`,
    ),
    // the aggregate reports, every call the load makes: the whole company and each business unit
    ...aggregateReportPaths('company-performance', f),
    ...aggregateReportPaths('performance-curve', f),
    // and their other filters once: a quarter, a department, a quarter with no completed assessment (every band 0)
    `/api/v1/performance-scorecard/company-performance?annualPlanId=${f.scores.annualPlanId}&quarterIndex=0&departmentId=${f.departmentIds[0]}`,
    `/api/v1/performance-assessment/performance-curve?annualPlanId=${f.scores.annualPlanId}&quarterIndex=3&departmentId=${f.departmentIds[0]}`,
    `/api/v1/performance-assessment/performance-curve?annualPlanId=${f.scores.annualPlanId}&quarterIndex=2`,
  ];
  // the score report's pages too: the engine scores with the hooks, the baseline in one SQL statement
  const out: string[] = [];
  const get = async (s: { url: string; token: string }, path: string) => {
    const r = await fetch(s.url + path, { headers: { token: s.token } });
    return { status: r.status, body: (await r.json()) as { data: Record<string, unknown> } };
  };
  for (const path of paths) {
    const [e, b] = await Promise.all([get(engine, path), get(baseline, path)]);
    if (e.status !== 200 || b.status !== 200) out.push(`${path}: engine ${e.status}, baseline ${b.status}`);
    else if (!isDeepStrictEqual(e.body.data, b.body.data))
      out.push(`${path}: the replies' data differ${firstDifference(e.body.data, b.body.data)}`);
  }
  // The deep page by offset is the page after the row before it.
  const ids = (r: Awaited<ReturnType<typeof get>>) =>
    (r.body.data?.list as { id: number }[] | undefined)?.map((x) => x.id) ?? [];
  const [before] = ids(await get(engine, `/api/v1/employee?limit=1&offset=${f.deepPage.offset - 1}`));
  const [byOffset, byAfter] = await Promise.all([
    get(engine, paths[2]),
    get(engine, `/api/v1/employee?limit=50&after=${before}`),
  ]);
  if (JSON.stringify(ids(byOffset)) !== JSON.stringify(ids(byAfter)))
    out.push(`the deep page by offset and by ?after= differ`);
  return out;
}

/** Where two replies first part, for the warning: the first row of a list or of a report that differs. */
function firstDifference(a: Record<string, unknown>, b: Record<string, unknown>): string {
  const rows = (d: Record<string, unknown>) =>
    ((d.list ??
      (d.scores as Record<string, unknown> | undefined)?.rows ??
      (d.report as Record<string, unknown> | undefined)?.list) as unknown[] | undefined) ?? [];
  const [ra, rb] = [rows(a), rows(b)];
  const i = ra.findIndex((r, k) => !isDeepStrictEqual(r, rb[k]));
  return i < 0 ? '' : ` (row ${i}: engine ${JSON.stringify(ra[i])}, baseline ${JSON.stringify(rb[i])})`;
}
