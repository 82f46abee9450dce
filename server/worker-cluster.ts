import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger.ts';

/** A worker that dies this soon after it started is not started again: it would only die again (a bad setting). */
const EARLY_DEATH_MS = 10_000;

/**
 * The primary of WORKERS server processes on one port (node:cluster: the primary accepts the connections and hands
 * them round the workers). It starts one worker and waits until it listens, so that the first boot's work (migration,
 * module sync, the holder, the demo seed, the secret key file) is done once; then it starts the others, which find it
 * done. A worker that stops unexpectedly is started again; SIGTERM / SIGINT stop every worker cleanly, then the
 * primary. What the workers share lives in PostgreSQL: remembered callers are forgotten everywhere over
 * LISTEN/NOTIFY (engine/auth/caller-forgetting.ts), reminder runs and boots take advisory locks
 * (engine/db/process-lock.ts), the mail queue is claimed with SKIP LOCKED (engine/mail/mail-delivery.ts).
 */
export async function runPrimary(workers: number, logger: Logger): Promise<void> {
  let stopping = false;
  const startedAt = new Map<number, number>();

  const fork = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork();
      startedAt.set(worker.id, Date.now());
      const early = (code: number | null) =>
        reject(new Error(`the first server process stopped before it served (exit code ${code}); see its lines above`));
      worker.once('exit', early);
      worker.once('listening', () => {
        worker.off('exit', early);
        resolve(worker);
      });
    });

  await fork();
  await Promise.all(Array.from({ length: workers - 1 }, fork));
  logger.info({ workers }, `Stratum runs ${workers} server processes on one port`);

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (lived < EARLY_DEATH_MS) {
      logger.error(
        { pid: worker.process.pid, code, signal },
        `a server process stopped ${lived} ms after it started; not starting it again`,
      );
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(1);
      return;
    }
    logger.warn({ pid: worker.process.pid, code, signal }, 'a server process stopped; starting another');
    fork().catch((e: Error) => logger.error(e.message));
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    const live = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (!live.length) process.exit(0);
    let left = live.length;
    for (const w of live) {
      w.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      w.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
