import type { Fixture } from './bench-cases.ts';

/**
 * The score report read whole, page after page of 50, by one client: the time a person exporting the report waits.
 * Issue 4's measure is the engine's time against the hand-written SQL's (the baseline's), within 1.5×.
 */
export async function sweepScoreReport(server: { url: string; token: string }, f: Fixture): Promise<{ ms: number; pages: number; scorecards: number }> {
  const started = performance.now();
  let pages = 0;
  let scorecards = 0;
  for (let offset = 0; offset < f.scores.scorecards; offset += 50) {
    const r = await fetch(`${server.url}/api/v1/performance-scorecard/scores?annualPlanId=${f.scores.annualPlanId}&level=employee&quarter=0&limit=50&offset=${offset}`, { headers: { token: server.token } });
    const body = (await r.json()) as { data?: { scores?: { rows: unknown[] } }; err_msg?: string };
    if (r.status !== 200 || !body.data?.scores) throw new Error(`score report page at ${offset}: ${r.status} ${body.err_msg}`);
    pages++;
    scorecards += body.data.scores.rows.length;
  }
  return { ms: Math.round(performance.now() - started), pages, scorecards };
}

/** Median of three sweeps, so that one hiccup does not decide. */
export async function timeScoreReport(server: { url: string; token: string }, f: Fixture): Promise<{ ms: number; pages: number; scorecards: number }> {
  const runs = [await sweepScoreReport(server, f), await sweepScoreReport(server, f), await sweepScoreReport(server, f)].sort((a, b) => a.ms - b.ms);
  return runs[1];
}
