import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/**
 * A server's first start on an empty data folder migrates the embedded database (some 800 changes: ten to twenty
 * seconds on a busy two-core machine), the same for every e2e file that starts a plain server. The run migrates one
 * folder once, with a real start of the server, and each such file starts on a copy of it: a folder of its own (no
 * state shared between files), whose start then finds the schema in place, as a restarted server does.
 *
 * The folder lives in the run's temporary folder (tests/support/global-setup.ts), so every run migrates the metadata it
 * tests; outside a run (no such folder) there is no template and a server starts on an empty folder.
 */
const runFolder = (): string | null => (basename(tmpdir()).startsWith('stratum-run-') ? tmpdir() : null);

/** What the copy leaves out: the pid file of the server that migrated it (server/data-dir-lock.ts). */
const PID_FILE = 'server.pid';

/**
 * A fresh data folder holding the run's migrated database, or an empty one outside a run. `migrate` starts a server
 * on the folder it is given and stops it once it serves; the first file of the run to ask does it, under a lock the
 * test processes share (a folder made with mkdir, which only one of them can make), and the others wait for it.
 */
export async function migratedDataDir(migrate: (dataDir: string) => Promise<void>): Promise<string> {
  const fresh = mkdtempSync(join(tmpdir(), 'stratum-e2e-'));
  const run = runFolder();
  if (!run) return fresh;
  const base = join(run, 'stratum-migrated-data-dir');
  const template = join(base, 'data');
  const ready = join(base, 'ready');
  const failed = join(base, 'failed');
  let building = false;
  try {
    mkdirSync(base);
    building = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  if (building) {
    try {
      mkdirSync(template);
      await migrate(template);
      writeFileSync(ready, '');
    } catch (e) {
      writeFileSync(failed, e instanceof Error ? (e.stack ?? e.message) : String(e));
      throw e;
    }
  }
  // as long as startServer waits for a start (three minutes), and a little more
  else
    for (let i = 0; !existsSync(ready); i++) {
      if (existsSync(failed))
        throw new Error(`the run's migrated data folder could not be made:\n${readFileSync(failed, 'utf8')}`);
      if (i > 2_000) throw new Error(`the run's migrated data folder was not made in time (${base})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  cpSync(template, fresh, {
    recursive: true,
    filter: (src) => src !== join(template, PID_FILE),
  });
  return fresh;
}
