import { oneProcessAtATime, PROCESS_LOCK, unlessElsewhere } from '../engine/db/process-lock.ts';
import { runReminders, type ReminderRunResult } from '../engine/reminders/reminder-run.ts';
import type { Stratum } from './stratum-context.ts';

/** Today's calendar date where the server runs. */
export function todayHere(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * One reminder run at a time across all server processes over the database, so that two never race for the same
 * records: wait, for a run that must happen (the holder's, which then finds sent what the other run sent); otherwise a
 * process that finds another one's run under way sends nothing (null). Each run records what it sent, so a later run
 * sends nothing twice.
 */
export async function runRemindersOnce(s: Stratum, today: string, wait: boolean): Promise<ReminderRunResult | null> {
  const run = () => runReminders({ ...s, publicUrl: s.config.publicUrl }, today);
  return wait
    ? oneProcessAtATime(s.db, PROCESS_LOCK.reminders, run)
    : unlessElsewhere(s.db, PROCESS_LOCK.reminders, run);
}

/**
 * Sends due reminders shortly after start and then every `everyMinutes` (0: never). Each run is idempotent (what was
 * sent is recorded, and one process at a time runs), so several servers behind a load balancer send nothing twice. Returns a stop function.
 */
export function scheduleReminders(s: Stratum, everyMinutes: number): () => void {
  if (everyMinutes <= 0) return () => {};
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    s.metrics.reminderRun('schedule');
    try {
      const r = await runRemindersOnce(s, todayHere(), false);
      if (r?.mails)
        s.logger.info({ reminders: r.reminders, mails: r.mails }, `reminders: ${r.reminders} due, ${r.mails} mails`);
    } catch (e) {
      s.logger.error({ err: e }, `reminders failed: ${(e as Error).message}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 30_000);
  const every = setInterval(run, everyMinutes * 60_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
