import type { LoadResult } from './load-driver.ts';

/**
 * One server's figures for one case over its runs: throughput is the mean of the runs, p50 their median and p99
 * the worst run's (a budget on latency should hold in every run, not on average); errors and timeouts add up.
 */
export interface SideSummary {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  runs: LoadResult[];
}

export interface CaseSummary {
  case: string;
  db: 'postgres' | 'pglite';
  engine: SideSummary;
  baseline: SideSummary | null;
  /** engine ÷ baseline throughput */
  ratio: number | null;
  /** the bare floor's figures, for the cases it answers (floor-server.ts) */
  floor: SideSummary | null;
  /** engine ÷ floor throughput */
  floorRatio: number | null;
  /** the floor under the engine's isolation (floor-server.ts, FLOOR_SCOPED): a read transaction under row-level security */
  scopedFloor: SideSummary | null;
  /** engine ÷ scoped floor throughput */
  scopedFloorRatio: number | null;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export function summarise(runs: LoadResult[]): SideSummary {
  const statuses: Record<string, number> = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return {
    rps: runs.reduce((n, r) => n + r.rps, 0) / runs.length,
    p50: median(runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
    statuses,
    runs,
  };
}

export function caseSummary(
  caseName: string,
  db: CaseSummary['db'],
  engine: LoadResult[],
  baseline: LoadResult[],
  floor: LoadResult[] = [],
  scopedFloor: LoadResult[] = [],
): CaseSummary {
  const e = summarise(engine);
  const b = baseline.length ? summarise(baseline) : null;
  const f = floor.length ? summarise(floor) : null;
  const sf = scopedFloor.length ? summarise(scopedFloor) : null;
  return {
    case: caseName,
    db,
    engine: e,
    baseline: b,
    ratio: b && b.rps > 0 ? e.rps / b.rps : null,
    floor: f,
    floorRatio: f && f.rps > 0 ? e.rps / f.rps : null,
    scopedFloor: sf,
    scopedFloorRatio: sf && sf.rps > 0 ? e.rps / sf.rps : null,
  };
}
