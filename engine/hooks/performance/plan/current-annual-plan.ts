import { calendarToday } from '../../../records/calendar-today.ts';
import type { CommandHook } from '../../hook-registry.ts';

/**
 * The annual plan a screen opens on when none is named (a report, the dashboard's company cards, monthly progress):
 * of the plans with scorecards, the one whose period holds today, else the newest; with none, the plan of today, else
 * the newest. The newest alone opened the reports on next year's plan, set up and still empty, while this year's held
 * every figure; a plan of today that is still empty (a year just begun) would show nothing either, so what has
 * scorecards comes first. Among plans alike, an Active one and then the later start come first. `company`: the SQL
 * parameter holding the company's id.
 */
export function currentAnnualPlanSql(company: string): string {
  // today as the server's calendar has it (the windows' and workflows' today), a YYYY-MM-DD made here, not sent in
  const today = calendarToday();
  return `(SELECT p.id FROM annual_plan p WHERE p.company_id = ${company}
    ORDER BY EXISTS (SELECT 1 FROM performance_scorecard s WHERE s.company_id = p.company_id AND s.annual_plan_id = p.id) DESC,
      (p.start_date <= DATE '${today}' AND p.end_date >= DATE '${today}') DESC NULLS LAST,
      (p.status = 'Active') DESC, p.start_date DESC NULLS LAST, p.id DESC
    LIMIT 1)`;
}

/** GET annual-plan/current: the plan screens open on (currentAnnualPlanSql), its id and name; null when there is none. */
export const currentAnnualPlan: CommandHook = async (ctx) => {
  const [plan] = await ctx.tx.query<{ id: number; name: string }>(
    `SELECT id, name FROM annual_plan WHERE company_id = $1 AND id = ${currentAnnualPlanSql('$1')}`,
    [ctx.companyId],
  );
  return plan ?? null;
};
