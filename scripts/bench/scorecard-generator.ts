import type { Db } from '../../engine/db/db.ts';
import { setModuleEnablement } from '../../engine/hooks/organisation/module-commands.ts';
import { addRecord } from '../../engine/records/record-store.ts';
import { scopedCall, type Caller, type Engine } from '../../engine/records/scoped-call.ts';
import { bulkInsert, resetIdentity, type BulkColumn } from './bulk-insert.ts';

/** What the scorecard cases need to know: the plan, and the contiguous ids of its employee scorecards (all Draft, weights 100), one for every span ÷ count-th employee. */
export interface GeneratedScorecards {
  annualPlanId: number;
  scorecardIds: { first: number; last: number };
  kpisPerScorecard: number;
}

/** A rating scale a little off the default bands, so that the reports must read it rather than assume the default. */
const BAND_TARGETS = [49, 69, 89, 109, 1000];

const SCORECARD_COLUMNS: BulkColumn[] = [
  { name: 'company_id', type: 'bigint' },
  { name: 'id', type: 'bigint' },
  { name: 'name', type: 'text' },
  { name: 'level', type: 'text' },
  { name: 'period', type: 'text' },
  { name: 'annual_plan_id', type: 'bigint' },
  { name: 'employee_id', type: 'bigint' },
  { name: 'include_key_performance_area', type: 'text' },
  { name: 'status', type: 'text' },
  { name: 'created_by', type: 'bigint' },
  { name: 'updated_by', type: 'bigint' },
];

const KPI_COLUMNS: BulkColumn[] = [
  { name: 'company_id', type: 'bigint' },
  { name: 'id', type: 'bigint' },
  { name: 'scorecard_id', type: 'bigint' },
  { name: 'name', type: 'text' },
  { name: 'kpi_type', type: 'text' },
  { name: 'option_type', type: 'text' },
  { name: 'weight', type: 'numeric' },
  { name: 'target', type: 'numeric' },
  { name: 'actual', type: 'numeric' },
  { name: 'periodic_target1', type: 'numeric' },
  { name: 'actual1', type: 'numeric' },
  { name: 'manual_rating_score', type: 'numeric' },
  { name: 'adjusted_score', type: 'numeric' },
  { name: 'created_by', type: 'bigint' },
  { name: 'updated_by', type: 'bigint' },
];

/**
 * Company A's performance year for the scorecard cases: the modules switched on and the plans added through the
 * engine (so the quarters and audit entries are real), then `count` employee scorecards of `kpis` KPIs each written
 * with set-based SQL. Weights are equal (they total 100); most KPIs are quantitative with a Q1 actual, some are
 * scored by hand, a few carry an adjusted score, and now and then a target or an actual is zero or missing.
 */
export async function generateScorecards(
  db: Db,
  engine: Engine,
  holder: Caller,
  company: { id: number; executive: Caller; employeeIds: { first: number; last: number } },
  count: number,
  kpis: number,
  rnd: () => number,
): Promise<GeneratedScorecards> {
  for (const code of ['strategic', 'performance']) {
    const [m] = await db.query<{ id: number }>(`SELECT id FROM module WHERE code = $1`, [code]);
    await scopedCall(engine, holder, company.id, (ctx) =>
      setModuleEnablement(ctx, ctx.registry.entity('company-module'), { moduleId: Number(m.id), enabled: 'Yes' }),
    );
  }
  const year = new Date().getFullYear();
  const { result: annualPlanId } = await scopedCall(engine, company.executive, company.id, async (ctx) => {
    const add = (entity: string, values: Record<string, unknown>) =>
      addRecord(ctx, ctx.registry.entity(entity), values);
    const strategic = await add('strategic-plan', {
      description: 'Bench strategy',
      startDate: `${year - 1}-01-01`,
      endDate: `${year + 4}-12-31`,
    });
    for (const [i, target] of BAND_TARGETS.entries())
      await add('rating-scale', {
        description: `Level ${i + 1}`,
        rating: i + 1,
        target,
        strategicPlanId: strategic.id,
      });
    const plan = await add('annual-plan', {
      name: `FY ${year}`,
      strategicPlanId: strategic.id,
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
    });
    return Number(plan.id);
  });

  const accountId = company.executive.accountId;
  const firstScorecard = Number(
    (await db.query<{ n: number }>(`SELECT coalesce(max(id), 0)::bigint + 1 AS n FROM performance_scorecard`))[0].n,
  );
  let kpiId = Number(
    (await db.query<{ n: number }>(`SELECT coalesce(max(id), 0)::bigint + 1 AS n FROM performance_kpi`))[0].n,
  );
  const scorecards: unknown[][] = [];
  const kpiRows: unknown[][] = [];
  const weight = 100 / kpis;
  // Employees are written unit by unit, so the first 10,000 of 100,000 would all sit in one business unit: every
  // span ÷ count-th employee instead, which spreads the scorecards over every business unit and department.
  const span = company.employeeIds.last - company.employeeIds.first + 1;
  for (let i = 0; i < count; i++) {
    const id = firstScorecard + i;
    const employeeId = company.employeeIds.first + Math.floor((i * span) / count);
    scorecards.push([
      company.id,
      id,
      `Scorecard ${i + 1}`,
      'employee',
      'Annual',
      annualPlanId,
      employeeId,
      'No',
      'Draft',
      accountId,
      accountId,
    ]);
    for (let k = 0; k < kpis; k++) {
      const manual = rnd() < 0.15;
      const target = rnd() < 0.01 ? 0 : Math.round(10 + rnd() * 990);
      const actual = rnd() < 0.03 ? null : rnd() < 0.01 ? 0 : Math.round(target * (0.3 + rnd() * 1.1));
      const adjusted = rnd() < 0.05 ? 1 + Math.floor(rnd() * 5) : null;
      kpiRows.push([
        company.id,
        kpiId++,
        id,
        `KPI ${k + 1}`,
        manual ? 'Qualitative' : 'Quantitative',
        rnd() < 0.8 ? 'ASC' : 'DESC',
        weight,
        target,
        actual,
        target,
        actual,
        manual || rnd() < 0.1 ? 1 + Math.floor(rnd() * 5) : null,
        adjusted,
        accountId,
        accountId,
      ]);
    }
  }
  await bulkInsert(db, 'performance_scorecard', SCORECARD_COLUMNS, scorecards);
  await resetIdentity(db, 'performance_scorecard');
  await bulkInsert(db, 'performance_kpi', KPI_COLUMNS, kpiRows, 10_000);
  await resetIdentity(db, 'performance_kpi');
  for (const t of ['performance_scorecard', 'performance_kpi', 'rating_scale', 'annual_plan'])
    await db.query(`VACUUM ANALYZE "${t}"`);
  return {
    annualPlanId,
    scorecardIds: { first: firstScorecard, last: firstScorecard + count - 1 },
    kpisPerScorecard: kpis,
  };
}
