import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded PGlite may be opened by one process at a time: two that write the same folder ruin it. The process
 * that opens it (a server, a backup, a restore) writes its process id into DATA_DIR/server.pid, and the others refuse
 * while that process lives (a pid file left by a process that was killed is no obstacle).
 */
const pidFile = (dataDir: string) => join(dataDir, 'server.pid');

export function claimDataDir(dataDir: string): () => void {
  const file = pidFile(dataDir);
  const other = serverOnDataDir(dataDir);
  if (other !== null) throw new DataDirInUse(dataDir, other);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** The process id of a live server on this data folder, if one runs. */
export function serverOnDataDir(dataDir: string): number | null {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    // EPERM: it lives, under another user
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** The name of the pid file, which a backup does not copy. */
export const PID_FILE_NAME = 'server.pid';

/** Another live process has the embedded database open. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Stratum process (${pid}) has the embedded database under ${dataDir} open: a server, a backup or a restore. One process at a time may open it; wait for it to finish or stop it, then try again.`,
    );
    this.name = 'DataDirInUse';
  }
}
