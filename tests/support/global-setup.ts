import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { postgresAvailable, startCluster, PG_BIN } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

/**
 * One temporary folder for the whole run, removed at its end: every folder a test makes under the system temp dir
 * (metadata copies, data folders, the cluster, browser profiles) lands in it, because the test processes inherit
 * TMPDIR, so a run leaves nothing behind however a test ends.
 */
function runFolder(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'stratum-run-'));
  chmodSync(dir, 0o755); // the cluster's postgres user must reach its folder inside
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

/** One throwaway PostgreSQL 15 cluster for the whole run; each test file makes its own database in it. */
export default async function setup(project: TestProject) {
  const removeRunFolder = runFolder();
  if (!postgresAvailable()) {
    const msg = `PostgreSQL server binaries are not at ${PG_BIN}: the PostgreSQL suites cannot run`;
    if (process.env.CI === 'true') throw new Error(msg);
    console.warn(`\n!!! ${msg}; they are SKIPPED (install postgresql-15 to run them) !!!\n`);
    project.provide('pgUrl', null);
    return removeRunFolder;
  }
  const cluster = await startCluster();
  project.provide('pgUrl', cluster.url);
  return () => {
    try {
      cluster.stop();
    } finally {
      removeRunFolder();
    }
  };
}
