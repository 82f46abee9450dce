import type { Row } from '../../engine/db/db.ts';
import type { CallContext } from '../../engine/records/call-context.ts';
import type { Engine } from '../../engine/records/scoped-call.ts';
import { add, asEmployee, perform, type DemoCast } from './demo-calls.ts';

/** The current quarter of a plan, with the dates its windows are set from. */
export interface DemoQuarter {
  id: number;
  quarterIndex: number;
  startDate: string;
  endDate: string;
}

/**
 * The quarter of the plan today falls in (the last one once the plan is over), read as the company's administrator:
 * on PostgreSQL row-level security shows a company's rows only under its tenant setting.
 */
export async function currentQuarter(engine: Engine, cast: DemoCast, annualPlanId: number): Promise<DemoQuarter> {
  const [q] = await asEmployee(engine, cast.companyId, cast.admin, (ctx) =>
    ctx.tx.query<DemoQuarter>(
      `SELECT id, quarter_index AS "quarterIndex", to_char(start_date, 'YYYY-MM-DD') AS "startDate", to_char(end_date, 'YYYY-MM-DD') AS "endDate"
         FROM quarter WHERE company_id = $1 AND annual_plan_id = $2 AND start_date <= current_date
        ORDER BY quarter_index DESC LIMIT 1`,
      [cast.companyId, annualPlanId],
    ),
  );
  return q;
}

/** The KPIs of an officer's scorecard: rated by hand on the plan's scale (qualitative), not from actuals. */
const OFFICER_KPIS = [
  { name: 'Orders processed on time', weight: 70 },
  { name: 'Rework kept below the line limit', weight: 30 },
];

/** Self scores per KPI of each reviewed person, on the plan's 1–5 rating scale. */
const SELF_SCORES = { manager: [4, 3], officer: [4, 4], secondOfficer: [5, 4] };
/**
 * The supervisor's ratings of the officer's qualitative KPIs; a head's quantitative KPIs are scored from their
 * actuals, so his supervisor only comments.
 */
const SUPERVISOR_SCORES = { secondOfficer: [3, 2] };
/** Nusrat's actuals of this quarter, percent of target, by KPI. */
const MANAGER_ACTUALS = [108, 91];

/**
 * The performance review in progress for the current annual plan, each step taken by the person whose step it is:
 * the module administrator opens this quarter's windows (an agreement belongs to the quarter it is made in, and its
 * assessment); Tanvir approves Nusrat's scorecard
 * and she accepts and agrees it; Nusrat writes and approves her officers' scorecards: Sabbir's agreement waits for him,
 * he has self-assessed this quarter and waits for her assessment; Tanvir has assessed Nusrat, whose assessment now
 * waits for her to agree or dispute; the second officer disputed Nusrat's assessment (the administrator's to resolve);
 * a department head of the unit sits on the plan's Performance QA list, with Nusrat's assessment to review.
 */
export async function seedReviews(engine: Engine, cast: DemoCast, annualPlanId: number): Promise<void> {
  const as = <T>(who: number, fn: (ctx: CallContext) => Promise<T>) => asEmployee(engine, cast.companyId, who, fn);
  const quarter = await currentQuarter(engine, cast, annualPlanId);

  await as(cast.admin, async (ctx) => {
    const version = async (id: number) =>
      (
        await ctx.tx.query<{ version: number }>(`SELECT version FROM quarter WHERE company_id = $1 AND id = $2`, [
          ctx.companyId,
          id,
        ])
      )[0].version;
    // an agreement belongs to the quarter running when it is made: this quarter's agreement window is open
    await perform(ctx, 'quarter', 'update-agreement', {
      id: quarter.id,
      version: await version(quarter.id),
      agreementStartDate: quarter.startDate,
      agreementEndDate: quarter.endDate,
    });
    await perform(ctx, 'quarter', 'update-assessment', {
      id: quarter.id,
      version: await version(quarter.id),
      assessmentStartDate: quarter.startDate,
      assessmentEndDate: quarter.endDate,
    });
    await add(ctx, 'qa-member', { annualPlanId, list: 'Performance', employeeId: cast.qaMember });
  });

  // Nusrat's scorecard, written with the heads' (seed-demo.ts): Tanvir approves it, she accepts it and agrees
  const [managerCard] = await as(cast.admin, (ctx) =>
    ctx.tx.query<{ id: number }>(
      `SELECT id FROM performance_scorecard WHERE company_id = $1 AND employee_id = $2 AND annual_plan_id = $3`,
      [cast.companyId, cast.manager, annualPlanId],
    ),
  );
  await as(cast.supervisor, (ctx) => perform(ctx, 'performance-scorecard', 'approve', { id: managerCard.id }));
  await as(cast.manager, async (ctx) => {
    await perform(ctx, 'performance-scorecard', 'accept', { id: managerCard.id });
    const agreement = await add(ctx, 'performance-agreement', { scorecardId: managerCard.id });
    await perform(ctx, 'performance-agreement', 'agree', { id: agreement.id });
  });

  // her officers' scorecards, which she writes and approves; the agreements she opens for them
  const officerCards: Record<'officer' | 'secondOfficer', Row> = {} as never;
  await as(cast.manager, async (ctx) => {
    for (const who of ['officer', 'secondOfficer'] as const) {
      const [person] = await ctx.tx.query<{ name: string }>(
        `SELECT concat_ws(' ', first_name, last_name) AS name FROM employee WHERE company_id = $1 AND id = $2`,
        [ctx.companyId, cast[who]],
      );
      const card = await add(ctx, 'performance-scorecard', {
        name: `${person.name} ${(await planName(ctx, annualPlanId)) ?? ''}`.trim(),
        level: 'employee',
        employeeId: cast[who],
        annualPlanId,
        includeKeyPerformanceArea: 'No',
      });
      await perform(ctx, 'performance-scorecard', 'save-kpis', {
        id: card.id,
        kpis: OFFICER_KPIS.map((k) => ({ ...k, kpiType: 'Qualitative' })),
      });
      await perform(ctx, 'performance-scorecard', 'approve', { id: card.id });
      officerCards[who] = card;
    }
  });
  await as(cast.officer, (ctx) => perform(ctx, 'performance-scorecard', 'accept', { id: officerCards.officer.id }));
  await as(cast.manager, (ctx) => add(ctx, 'performance-agreement', { scorecardId: officerCards.officer.id }));
  await as(cast.secondOfficer, async (ctx) => {
    await perform(ctx, 'performance-scorecard', 'accept', { id: officerCards.secondOfficer.id });
    const agreement = await add(ctx, 'performance-agreement', { scorecardId: officerCards.secondOfficer.id });
    await perform(ctx, 'performance-agreement', 'agree', { id: agreement.id });
  });

  // this quarter's assessments: each person self-assesses, then the supervisor assesses where the demo has got that far
  const selfAssess = (who: 'manager' | 'officer' | 'secondOfficer', scorecardId: number) =>
    as(cast[who], async (ctx) => {
      const assessment = await add(ctx, 'performance-assessment', { scorecardId, quarterIndex: quarter.quarterIndex });
      const kpis = await kpisOf(ctx, scorecardId);
      await perform(ctx, 'performance-assessment', 'save-scores', {
        id: assessment.id,
        scores: kpis.map((k, i) => ({ kpiId: k.id, selfScore: SELF_SCORES[who][i] })),
      });
      await perform(ctx, 'performance-assessment', 'submit-self-assessment', { id: assessment.id });
      return Number(assessment.id);
    });
  const assess = (supervisor: number, id: number, scorecardId: number, ratings?: readonly number[]) =>
    as(supervisor, async (ctx) => {
      const kpis = await kpisOf(ctx, scorecardId);
      await perform(ctx, 'performance-assessment', 'save-scores', {
        id,
        scores: kpis.map((k, i) =>
          ratings
            ? { kpiId: k.id, manualRatingScore: ratings[i] }
            : { kpiId: k.id, supervisorComment: i === 0 ? 'Output ahead of plan this quarter' : 'Watch the spending' },
        ),
      });
      await perform(ctx, 'performance-assessment', 'assess', { id });
    });

  // Nusrat's KPIs are measured: she enters this quarter's actuals (percent of target) before she self-assesses
  await as(cast.manager, async (ctx) =>
    perform(ctx, 'performance-scorecard', 'update-actuals', {
      id: managerCard.id,
      quarter: quarter.quarterIndex,
      actuals: (await kpisOf(ctx, managerCard.id)).map((k, i) => ({ kpiId: k.id, actual: MANAGER_ACTUALS[i] })),
    }),
  );
  const managerAssessment = await selfAssess('manager', managerCard.id);
  await assess(cast.supervisor, managerAssessment, managerCard.id);
  await selfAssess('officer', Number(officerCards.officer.id));
  const colleagueAssessment = await selfAssess('secondOfficer', Number(officerCards.secondOfficer.id));
  await assess(
    cast.manager,
    colleagueAssessment,
    Number(officerCards.secondOfficer.id),
    SUPERVISOR_SCORES.secondOfficer,
  );
  await as(cast.secondOfficer, (ctx) =>
    perform(ctx, 'performance-assessment', 'dispute', {
      id: colleagueAssessment,
      disputedNote: 'The rework figure counts the machine breakdown in week 3, which was not my line.',
    }),
  );
}

const kpisOf = (ctx: CallContext, scorecardId: unknown) =>
  ctx.tx.query<{ id: number }>(
    `SELECT id FROM performance_kpi WHERE company_id = $1 AND scorecard_id = $2 ORDER BY id`,
    [ctx.companyId, scorecardId],
  );

async function planName(ctx: CallContext, annualPlanId: number): Promise<string | undefined> {
  const [p] = await ctx.tx.query<{ name: string }>(`SELECT name FROM annual_plan WHERE company_id = $1 AND id = $2`, [
    ctx.companyId,
    annualPlanId,
  ]);
  return p?.name;
}
