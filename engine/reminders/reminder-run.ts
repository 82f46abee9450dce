import { dayMonthYear } from '../i18n/day-month-year.ts';
import type { EntityDef, ReminderDef } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';
import { titleFieldOf } from '../metadata/title-field.ts';
import { recordTitleText } from '../records/record-title-text.ts';
import type { CallContext } from '../records/call-context.ts';
import { holderCaller, scopedCall, type Engine } from '../records/scoped-call.ts';
import { reminderRecipients } from './reminder-recipients.ts';
import { reminderWindow } from './reminder-window.ts';
import { linkTo } from '../mail/record-link.ts';

/** Records handled per reminder and company in one run; the rest follow in the next run. */
const BATCH = 500;

export interface ReminderRunResult {
  /** reminders recorded as sent (a record with nobody to tell counts too: it is not looked at again) */
  reminders: number;
  mails: number;
}

/**
 * Sends every reminder that is due on `today` (an ISO date), company by company, each company in one transaction
 * under its tenant setting: the records whose date falls in the reminder's window and that have not been reminded of
 * for that date value, one mail per recipient in the outbox, and a reminder_sent row each. Running it twice sends
 * nothing twice; a record whose date moves is reminded of again.
 */
export async function runReminders(engine: Engine, today: string): Promise<ReminderRunResult> {
  const withReminders = [...engine.registry.entities.values()].filter(
    (e) => e.scope === 'company' && e.reminders.length,
  );
  const total = { reminders: 0, mails: 0 };
  if (!withReminders.length) return total;
  const holder = await holderCaller(engine.db);
  const companies = await engine.db.query<{ id: number }>(`SELECT id FROM company WHERE status = 'Active' ORDER BY id`);
  for (const company of companies) {
    const { result } = await scopedCall(engine, holder, Number(company.id), async (ctx) => {
      const enabled = new Set(
        (
          await ctx.tx.query<{ code: string }>(
            `SELECT m.code FROM company_module cm JOIN module m ON m.id = cm.module_id WHERE cm.company_id = $1 AND cm.enabled = 'Yes'`,
            [ctx.companyId],
          )
        ).map((r) => r.code),
      );
      const counts = { reminders: 0, mails: 0 };
      for (const entity of withReminders) {
        if (!engine.registry.modules.get(entity.module)?.core && !enabled.has(entity.module)) continue;
        for (const reminder of entity.reminders) {
          const sent = await sendReminder(ctx, entity, reminder, today);
          counts.reminders += sent.reminders;
          counts.mails += sent.mails;
        }
      }
      return counts;
    });
    total.reminders += result.reminders;
    total.mails += result.mails;
  }
  return total;
}

async function sendReminder(
  ctx: CallContext,
  entity: EntityDef,
  reminder: ReminderDef,
  today: string,
): Promise<ReminderRunResult> {
  const col = (name: string) => quoteIdent(entity.field.get(name)!.column);
  const window = reminderWindow(reminder, today);
  const params: unknown[] = [ctx.companyId, entity.name, reminder.name, window.to];
  const where = ['t.company_id = $1', `t.${col(reminder.date)} <= $4`];
  if (window.from !== null) {
    params.push(window.from);
    where.push(`t.${col(reminder.date)} >= $${params.length}`);
  }
  for (const [field, values] of Object.entries(reminder.onlyWhen)) {
    params.push(values.map(String));
    where.push(`t.${col(field)}::text = ANY($${params.length})`);
  }
  for (const field of reminder.skipWhenSet) where.push(`t.${col(field)} IS NULL`);
  where.push(
    `NOT EXISTS (SELECT 1 FROM reminder_sent s WHERE s.company_id = t.company_id AND s.entity = $2 AND s.reminder = $3 AND s.record_id = t.id AND s.date_value = t.${col(reminder.date)})`,
  );
  // what the recipients and the message need: the title, the date, the owner and every field a role names
  const title = titleFieldOf(entity);
  const wanted = new Set([
    title,
    ...(entity.owner ? [entity.owner] : []),
    ...reminder.to.filter((r) => r.includes(':') && !r.startsWith('employee')).map((r) => r.split(':')[1]),
  ]);
  const columns = [...wanted]
    .filter((f) => f !== 'id' && entity.field.get(f) && !entity.field.get(f)!.computed)
    .map((f) => `t.${col(f)} AS ${quoteIdent(f)}`);
  const records = await ctx.tx.query(
    `SELECT t.id, to_char(t.${col(reminder.date)}, 'YYYY-MM-DD') AS "reminderDate"${columns.map((c) => ', ' + c).join('')}
       FROM ${quoteIdent(entity.table)} t WHERE ${where.join(' AND ')} ORDER BY t.${col(reminder.date)}, t.id LIMIT ${BATCH}`,
    params,
  );
  if (!records.length) return { reminders: 0, mails: 0 };
  const recipients = await reminderRecipients(ctx.tx, ctx.companyId!, entity, reminder.to, records);
  // another run may have got there first: only the rows this run records are mailed
  const recorded = await ctx.tx.query<{ recordId: number }>(
    `INSERT INTO reminder_sent (company_id, entity, reminder, record_id, date_value, recipients)
     SELECT $1, $2, $3, r.id, r.d::date, r.n FROM unnest($4::bigint[], $5::text[], $6::int[]) AS r(id, d, n)
     ON CONFLICT DO NOTHING RETURNING record_id AS "recordId"`,
    [
      ctx.companyId,
      entity.name,
      reminder.name,
      records.map((r) => r.id),
      records.map((r) => r.reminderDate),
      records.map((r) => recipients.get(Number(r.id))!.length),
    ],
  );
  const mine = new Set(recorded.map((r) => Number(r.recordId)));
  let mails = 0;
  for (const r of records) {
    if (!mine.has(Number(r.id))) continue;
    const values = { date: dayMonthYear(String(r.reminderDate)), link: linkTo(ctx, entity, Number(r.id)) };
    // the title in the recipient's words where it holds the product's (engine/records/record-title-text.ts)
    const worded = { title: recordTitleText(entity, r) };
    for (const to of recipients.get(Number(r.id))!) {
      ctx.mail.push({ to, template: 'reminder', subjectKey: reminder.subject, values, worded });
      mails++;
    }
  }
  return { reminders: mine.size, mails };
}
