import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config.ts';
import { availableParallelism } from 'node:os';
import { databaseOnThisMachine, defaultWorkers } from '../../server/worker-count.ts';

describe('the default number of workers', () => {
  it('leaves a core to a PostgreSQL on this machine, and takes every core when the database is elsewhere', () => {
    expect(defaultWorkers('postgres://app@127.0.0.1:5432/stratum', 2)).toBe(1);
    expect(defaultWorkers('postgres://app@localhost/stratum', 8)).toBe(7);
    expect(defaultWorkers('postgres://app@[::1]:5432/stratum', 4)).toBe(3);
    expect(defaultWorkers('postgres://app@/stratum?host=/run/postgresql', 4)).toBe(3);
    expect(defaultWorkers('postgres://app@localhost/stratum', 1)).toBe(1);
    expect(defaultWorkers('postgres://app@db.internal:5432/stratum', 4)).toBe(4);
    // the embedded PGlite runs one process whatever this says (server/main.ts)
    expect(defaultWorkers(undefined, 4)).toBe(4);
  });

  it('knows a loopback host or a socket folder from another machine', () => {
    expect(databaseOnThisMachine('postgres://u@127.0.0.2/db')).toBe(true);
    expect(databaseOnThisMachine('postgres://u@10.0.0.5/db')).toBe(false);
    expect(databaseOnThisMachine('not a url')).toBe(false);
  });

  it('is what the configuration takes when WORKERS is unset, and WORKERS wins when set', () => {
    const cores = availableParallelism();
    expect(configFromEnv({ DATABASE_URL: 'postgres://u@127.0.0.1/db' }).workers).toBe(Math.max(1, cores - 1));
    expect(configFromEnv({ DATABASE_URL: 'postgres://u@db.example/db' }).workers).toBe(cores);
    expect(configFromEnv({ DATABASE_URL: 'postgres://u@127.0.0.1/db', WORKERS: '3' }).workers).toBe(3);
  });
});
