import { aggregateReportPaths, type AggregateReport, type Fixture } from './bench-cases.ts';

/**
 * The score report read whole, page after page of 50, by one client: the time a person exporting the report waits.
 * Issue 4's measure is the engine's time against the hand-written SQL's (the baseline's), within 1.5×.
 */
export async function sweepScoreReport(
  server: { url: string; token: string },
  f: Fixture,
): Promise<{ ms: number; pages: number; scorecards: number }> {
  const started = performance.now();
  let pages = 0;
  let scorecards = 0;
  for (let offset = 0; offset < f.scores.scorecards; offset += 50) {
    const r = await fetch(
      `${server.url}/api/v1/performance-scorecard/scores?annualPlanId=${f.scores.annualPlanId}&level=employee&quarter=0&limit=50&offset=${offset}`,
      { headers: { token: server.token } },
    );
    const body = (await r.json()) as { data?: { scores?: { rows: unknown[] } }; err_msg?: string };
    if (r.status !== 200 || !body.data?.scores)
      throw new Error(`score report page at ${offset}: ${r.status} ${body.err_msg}`);
    pages++;
    scorecards += body.data.scores.rows.length;
  }
  return { ms: Math.round(performance.now() - started), pages, scorecards };
}

/** Median of three sweeps, so that one hiccup does not decide. */
export async function timeScoreReport(
  server: { url: string; token: string },
  f: Fixture,
): Promise<{ ms: number; pages: number; scorecards: number }> {
  const runs = [
    await sweepScoreReport(server, f),
    await sweepScoreReport(server, f),
    await sweepScoreReport(server, f),
  ].sort((a, b) => a.ms - b.ms);
  return runs[1];
}

/**
 * An aggregate report asked as a person goes through it: the whole company, then each business unit, one call after
 * another by one client; each call aggregates every scorecard (or assessment) it covers. The median of the sweeps.
 */
export async function timeAggregateReport(
  server: { url: string; token: string },
  report: AggregateReport,
  f: Fixture,
  sweeps = 3,
): Promise<{ ms: number; calls: number }> {
  const sweep = async () => {
    const started = performance.now();
    const paths = aggregateReportPaths(report, f);
    for (const path of paths) {
      const r = await fetch(server.url + path, { headers: { token: server.token } });
      const body = (await r.json()) as { data?: { report?: { list: unknown[] } }; err_msg?: string };
      if (r.status !== 200 || !body.data?.report) throw new Error(`${report} ${path}: ${r.status} ${body.err_msg}`);
    }
    return { ms: Math.round(performance.now() - started), calls: paths.length };
  };
  const runs: { ms: number; calls: number }[] = [];
  for (let i = 0; i < sweeps; i++) runs.push(await sweep());
  return runs.sort((a, b) => a.ms - b.ms)[Math.floor(sweeps / 2)];
}
