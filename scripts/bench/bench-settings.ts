import { resolve } from 'node:path';

/**
 * What one `npm run bench` does, from the environment. The defaults keep a full run (PostgreSQL engine and baseline,
 * three interleaved measured runs each per case, then PGlite) under ten minutes on a 2-core machine; the issue's own
 * method (10 s measured after a 3 s warm-up) is `BENCH_SECONDS=10 BENCH_WARMUP=3`, about twice as long.
 */
export interface BenchSettings {
  /** measured seconds per run */
  seconds: number;
  /** seconds of load before the first measured run of a case on a server, not counted */
  warmup: number;
  connections: number;
  /** engine and baseline runs per case on PostgreSQL (interleaved) */
  rounds: number;
  /** employees of company A (the 100,000; smaller only to try the bench itself quickly) */
  employees: number;
  postgres: boolean;
  pglite: boolean;
  soak: boolean;
  soakSeconds: number;
  /** comma-separated case names to run (all when unset) */
  only: string[] | null;
  /** BENCH_PROFILE: a folder for a CPU profile of the engine's PostgreSQL process (node --cpu-prof), none when unset */
  profileDir: string | null;
  /**
   * BENCH_SCOPED_FLOOR: how the scoped floor isolates a read (floor-server.ts, FLOOR_SCOPED): `1` (default) as the
   * engine does, a read transaction under row-level security; `session`, the scope held by the connection
   */
  scopedFloor: '1' | 'session';
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number; got "${raw}"`);
  return n;
}

const flag = (name: string, fallback: boolean) => {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : raw === '1' || raw === 'true';
};

function scopedFloor(raw: string | undefined): BenchSettings['scopedFloor'] {
  if (raw === undefined || raw === '' || raw === '1') return '1';
  if (raw === 'session') return 'session';
  throw new Error(`BENCH_SCOPED_FLOOR must be 1 or session; got "${raw}"`);
}

export function benchSettings(): BenchSettings {
  return {
    seconds: positive('BENCH_SECONDS', 4),
    warmup: positive('BENCH_WARMUP', 2),
    connections: Math.round(positive('BENCH_CONNECTIONS', 50)),
    rounds: Math.round(positive('BENCH_ROUNDS', 3)),
    employees: Math.round(positive('BENCH_EMPLOYEES', 100_000)),
    postgres: flag('BENCH_POSTGRES', true),
    pglite: flag('BENCH_PGLITE', true),
    soak: flag('BENCH_SOAK', false),
    soakSeconds: positive('BENCH_SOAK_SECONDS', 180),
    profileDir: process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : null,
    scopedFloor: scopedFloor(process.env.BENCH_SCOPED_FLOOR),
    only: process.env.BENCH_ONLY
      ? process.env.BENCH_ONLY.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : null,
  };
}
