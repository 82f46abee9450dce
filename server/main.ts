import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { openDatabase } from '../engine/db/open-database.ts';
import { MetadataError } from '../engine/metadata/metadata-error.ts';
import { DestructiveMigrationError } from '../engine/migrator/migration-refusals.ts';
import { RequestRoleError } from '../engine/migrator/request-role.ts';
import { configFromEnv } from './config.ts';
import { claimDataDir, DataDirInUse } from './data-dir-lock.ts';
import { createLogger } from './logger.ts';
import { runPrimary } from './worker-cluster.ts';

/**
 * The server's entry, kept small on purpose (what it imports, the primary of several workers loads, and each server
 * process loads before it can open its database): the engine comes in with serve-process.ts, imported only by a
 * process that serves, after its database began to open. PGlite's start (its WebAssembly compiled, PostgreSQL started
 * in a thread of its own) then runs beside the loading of the engine's modules, not after it; a primary starts its
 * workers without loading the engine at all.
 */
try {
  const config = configFromEnv();
  if (cluster.isPrimary && config.workers > 1 && !config.databaseUrl) {
    createLogger(config.logLevel).info(
      { workers: 1, asked: config.workers },
      'WORKERS is 1 on the embedded PGlite, which one process alone may open (set DATABASE_URL for several)',
    );
    config.workers = 1;
  }
  if (cluster.isPrimary && config.workers > 1) await runPrimary(config.workers, createLogger(config.logLevel));
  else {
    // the embedded database is one process's: a backup or restore must not open it while this one runs
    const releaseDataDir = config.databaseUrl
      ? () => {}
      : (mkdirSync(config.dataDir, { recursive: true }), claimDataDir(config.dataDir));
    const opening = openDatabase(config);
    // a failed open is the boot's to report (it awaits this); until then it must not end the process unhandled
    opening.catch(() => undefined);
    const { serveProcess } = await import('./serve-process.ts');
    await serveProcess(config, opening, releaseDataDir);
  }
} catch (e) {
  // A start that cannot go on is told in plain text on stderr, not as a JSON line: the person starting the server
  // reads it (the settings or the logger may be what failed), and what it asks them to do is theirs, not a stack's.
  if (
    e instanceof MetadataError ||
    e instanceof DestructiveMigrationError ||
    e instanceof RequestRoleError ||
    e instanceof DataDirInUse
  )
    console.error(e.message);
  else
    console.error(
      e instanceof Error && cluster.isPrimary && /first server process stopped/.test(e.message) ? e.message : e,
    );
  process.exit(1);
}
