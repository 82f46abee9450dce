import type { Db } from '../../engine/db/db.ts';
import { bulkInsert, resetIdentity, type BulkColumn } from './bulk-insert.ts';

/** What the performance-curve case needs to know: the quarter assessed, and how many assessments are Completed or still open. */
export interface GeneratedAssessments {
  quarterIndex: number;
  completed: number;
  /** Q3 assessments not yet completed (Assessed, with scores): the curve of the year must leave them out */
  unfinished: number;
}

const ASSESSMENT_COLUMNS: BulkColumn[] = [
  { name: 'company_id', type: 'bigint' },
  { name: 'id', type: 'bigint' },
  { name: 'scorecard_id', type: 'bigint' },
  { name: 'quarter_index', type: 'integer' },
  { name: 'title', type: 'text' },
  { name: 'employee_id', type: 'bigint' },
  { name: 'annual_plan_id', type: 'bigint' },
  { name: 'type', type: 'text' },
  { name: 'status', type: 'text' },
  { name: 'self_score', type: 'numeric' },
  { name: 'score', type: 'numeric' },
  { name: 'final_score', type: 'numeric' },
  { name: 'window_start_date', type: 'date' },
  { name: 'window_end_date', type: 'date' },
  { name: 'created_by', type: 'bigint' },
  { name: 'updated_by', type: 'bigint' },
];

const twoDecimals = (x: number) => Math.round(x * 100) / 100;

/**
 * A final score as an assessed year gives them: bunched around the middle of 0..5 (the mean of three draws), with
 * now and then a whole number, exactly on a rating, or a 0 (nothing scored), so that the edges of the bands are met.
 */
function finalScore(rnd: () => number): number {
  const r = rnd();
  if (r < 0.01) return 0;
  const x = ((rnd() + rnd() + rnd()) / 3) * 5;
  return r < 0.06 ? Math.round(x) : twoDecimals(x);
}

/**
 * Every employee scorecard of the plan gets a Completed Q4 assessment with its scores (the year's final assessment,
 * which the performance curve reads when no quarter is chosen), as the review workflow leaves it (personal, title
 * and window dates derived from the scorecard and the quarter); every tenth also an unfinished Q3 one (Assessed,
 * scored) that the curve of the year must not count. Written with set-based SQL.
 */
export async function generateAssessments(
  db: Db,
  company: { id: number; accountId: number },
  annualPlanId: number,
  rnd: () => number,
): Promise<GeneratedAssessments> {
  const scorecards = await db.query<{ id: number; name: string; employee_id: number }>(
    `SELECT id, name, employee_id FROM performance_scorecard WHERE company_id = $1 AND annual_plan_id = $2 AND level = 'employee' AND employee_id IS NOT NULL ORDER BY id`,
    [company.id, annualPlanId],
  );
  const windows = new Map(
    (
      await db.query<{ q: number; s: string | null; e: string | null }>(
        `SELECT quarter_index AS q, to_char(assessment_start_date, 'YYYY-MM-DD') AS s, to_char(assessment_end_date, 'YYYY-MM-DD') AS e FROM quarter WHERE company_id = $1 AND annual_plan_id = $2`,
        [company.id, annualPlanId],
      )
    ).map((w) => [Number(w.q), w]),
  );
  let id = Number(
    (await db.query<{ n: number }>(`SELECT coalesce(max(id), 0)::bigint + 1 AS n FROM performance_assessment`))[0].n,
  );
  const rows: unknown[][] = [];
  const row = (s: (typeof scorecards)[number], quarterIndex: number, status: string) => {
    const final = finalScore(rnd);
    // the adjusted (final) score differs from the weighted score where the supervisor adjusted a KPI
    const score = rnd() < 0.2 ? twoDecimals(Math.min(5, Math.max(0, final + (rnd() - 0.5)))) : final;
    const w = windows.get(quarterIndex);
    rows.push([
      company.id,
      id++,
      Number(s.id),
      quarterIndex,
      `${s.name} (Q${quarterIndex + 1})`,
      Number(s.employee_id),
      annualPlanId,
      'Personal',
      status,
      twoDecimals(rnd() * 5),
      score,
      final,
      w?.s ?? null,
      w?.e ?? null,
      company.accountId,
      company.accountId,
    ]);
  };
  let unfinished = 0;
  for (const [k, s] of scorecards.entries()) {
    row(s, 3, 'Completed');
    if (k % 10 === 9) {
      row(s, 2, 'Assessed');
      unfinished++;
    }
  }
  await bulkInsert(db, 'performance_assessment', ASSESSMENT_COLUMNS, rows, 10_000);
  await resetIdentity(db, 'performance_assessment');
  await db.query(`VACUUM ANALYZE performance_assessment`);
  return { quarterIndex: 3, completed: scorecards.length, unfinished };
}
