import type { Hono } from 'hono';
import { AppError } from '../../engine/app-error.ts';
import { text } from '../../engine/i18n/text.ts';
import { success } from '../envelope.ts';
import { jsonBody } from '../request-body.ts';
import type { AppEnv, Stratum } from '../stratum-context.ts';
import { runRemindersOnce, todayHere } from '../reminder-schedule.ts';

/** The holder sends the reminders due now (or on a given day) without waiting for the schedule. */
export function mountReminderRoutes(app: Hono<AppEnv>, s: Stratum): void {
  app.post('/api/v1/reminders/run', async (c) => {
    const caller = c.get('caller');
    if (!caller) throw AppError.worded('not_authenticated', text('refusal.auth.signInFirst'));
    if (caller.role !== 'holder')
      throw AppError.worded(
        'forbidden',
        text('refusal.access.holderOnly', { what: text('refusal.access.sendReminders') }),
      );
    const body = ((await jsonBody(c)) ?? {}) as Record<string, unknown>;
    const extra = Object.keys(body).filter((k) => k !== 'today');
    if (extra.length) throw AppError.validation(extra.map((field) => ({ field, message: 'is not a known field' })));
    if (
      body.today !== undefined &&
      (typeof body.today !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}$/.test(body.today) ||
        Number.isNaN(Date.parse(body.today)))
    )
      throw AppError.validation([{ field: 'today', message: 'must be a date as YYYY-MM-DD' }]);
    s.metrics.reminderRun('holder');
    // another process's run under way: this one waits for it, and then sends what it left
    const result = (await runRemindersOnce(s, (body.today as string | undefined) ?? todayHere(), true))!;
    return success(c, { reminders: result });
  });
}
