import { dayMonthYear } from '../../i18n/day-month-year.ts';
import type { CommandHook, TransitionHook } from '../hook-registry.ts';

/** notify (planning notification letter): the letter goes by mail to the employee it is addressed to (the transition's condition has made sure they have an address). */
export const mailNotification: TransitionHook<'audit-notification-letter'> = async (ctx, _entity, letter) => {
  const [to] = await ctx.tx.query<{ email: string | null; name: string }>(
    `SELECT email, concat_ws(' ', first_name, last_name) AS name FROM employee WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, letter.addresseeId],
  );
  const [audit] = await ctx.tx.query<{ name: string }>(
    `SELECT name FROM audit_engagement WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, letter.auditEngagementId],
  );
  ctx.mail.push({
    to: to.email!,
    template: 'auditLetter',
    values: {
      name: to.name,
      subject: String(letter.subject ?? ''),
      body: String(letter.body ?? ''),
      date: dayMonthYear(letter.letterDate),
      audit: audit?.name ?? '',
      link: `${ctx.publicUrl}/app/audit-management/audits/manage/${letter.auditEngagementId}`,
    },
  });
};

/** audit-plan/years: the years of the company's audit plans, newest first (the spec's audit year list). */
export const planYears: CommandHook = async (ctx) =>
  (
    await ctx.tx.query<{ year: number }>(
      `SELECT DISTINCT year FROM audit_plan WHERE company_id = $1 ORDER BY year DESC`,
      [ctx.companyId],
    )
  ).map((r) => Number(r.year));

/** audit-engagement/names: the audits' names with their ids, by name (the spec's audit name list, for filters). */
export const engagementNames: CommandHook = async (ctx) =>
  ctx.tx.query<{ id: number; name: string }>(
    `SELECT id, name FROM audit_engagement WHERE company_id = $1 ORDER BY name, id LIMIT 1000`,
    [ctx.companyId],
  );
