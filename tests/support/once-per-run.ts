import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** The run's temporary folder (tests/support/global-setup.ts), which its test processes share; null outside a run. */
export const runFolder = (): string | null => (basename(tmpdir()).startsWith('stratum-run-') ? tmpdir() : null);

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Something the test processes of a run prepare once and each then uses a copy of (a migrated database): the first
 * process to ask makes it in `folder` (the run's `name` folder), under a lock they share (the folder made with mkdir,
 * which only one of them can make); the others wait until it is ready, or fail with its maker's error. Null outside a
 * run: nothing is kept between runs, so each prepares what the code under test makes now.
 */
export async function oncePerRun(name: string, make: (folder: string) => Promise<void>): Promise<string | null> {
  const run = runFolder();
  if (!run) return null;
  const folder = join(run, name);
  const ready = join(folder, '.ready');
  const failed = join(folder, '.failed');
  let maker = false;
  try {
    mkdirSync(folder);
    maker = true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const makerPid = join(folder, '.maker');
  if (maker) {
    writeFileSync(makerPid, String(process.pid));
    try {
      await make(folder);
      writeFileSync(ready, '');
    } catch (e) {
      writeFileSync(failed, e instanceof Error ? (e.stack ?? e.message) : String(e));
      throw e;
    }
    return folder;
  }
  // as long as its maker lives: the waiting file's own hook timeout bounds the wait, as it bounds a start of its own
  for (;;) {
    if (existsSync(ready)) break;
    if (existsSync(failed)) throw new Error(`${name} could not be prepared:\n${readFileSync(failed, 'utf8')}`);
    if (existsSync(makerPid) && !alive(Number(readFileSync(makerPid, 'utf8')))) {
      if (existsSync(ready)) break;
      throw new Error(`${name} was not prepared: the test process preparing it has ended (${folder})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return folder;
}
