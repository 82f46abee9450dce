import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oncePerRun } from '../../support/once-per-run.ts';

/**
 * A server's first start on an empty data folder migrates the embedded database (some 800 changes: ten to twenty
 * seconds on a busy two-core machine), and with DEMO=1 seeds the demo (as long again), the same for every e2e file that
 * starts a server with the same settings. The run prepares one folder per such setting once, with a real start of the
 * server, and each file starts on a copy of it: a folder of its own (no state shared between files), whose start then
 * finds the schema and the demo in place, as a restarted server does. The demo's mails in the copy's outbox carry the
 * address of the server that seeded it (no test follows them; a test that did would fail, not pass unseen).
 */

/** What the copy leaves out: the pid file of the server that prepared it (server/data-dir-lock.ts). */
const PID_FILE = 'server.pid';

/**
 * A fresh data folder holding the run's database prepared for `settings` (a short name of them, safe in a file name),
 * or an empty one outside a run (tests/support/once-per-run.ts). `prepare` starts a server with those settings on the
 * folder it is given and stops it once it serves.
 */
export async function migratedDataDir(settings: string, prepare: (dataDir: string) => Promise<void>): Promise<string> {
  const fresh = mkdtempSync(join(tmpdir(), 'stratum-e2e-'));
  const prepared = await oncePerRun(`stratum-migrated-data-dir-${settings}`, async (folder) => {
    mkdirSync(join(folder, 'data'));
    await prepare(join(folder, 'data'));
  });
  if (!prepared) return fresh;
  const template = join(prepared, 'data');
  cpSync(template, fresh, { recursive: true, filter: (src) => src !== join(template, PID_FILE) });
  return fresh;
}
