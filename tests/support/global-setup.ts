import type { TestProject } from 'vitest/node';
import { postgresAvailable, startCluster, PG_BIN } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

/** One throwaway PostgreSQL 15 cluster for the whole run; each test file makes its own database in it. */
export default async function setup(project: TestProject) {
  if (!postgresAvailable()) {
    const msg = `PostgreSQL server binaries are not at ${PG_BIN}: the PostgreSQL suites cannot run`;
    if (process.env.CI === 'true') throw new Error(msg);
    console.warn(`\n!!! ${msg}; they are SKIPPED (install postgresql-15 to run them) !!!\n`);
    project.provide('pgUrl', null);
    return;
  }
  const cluster = await startCluster();
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
