import { assertRecordAllowed } from '../../access/access-policy.ts';
import { text } from '../../i18n/text.ts';
import { fetchOne } from '../../records/record-store.ts';
import type { CommandHook } from '../hook-registry.ts';
import { RELATIONSHIPS } from './reviewer-placement.ts';

/** The rater groups of a result, in the order shown: each relationship, then all raters but the employee together. */
export const RATER_GROUPS = [...RELATIONSHIPS, 'Others'] as const;
export type RaterGroup = (typeof RATER_GROUPS)[number];
/** A group of other raters is shown only when at least this many of them submitted, so that no one's rating can be told. */
export const MIN_RATERS = 3;

/** One cell of the result: a group's average rating of a competency, or hidden when too few of the group answered. */
export type GroupResult =
  | { average: number; reviewers: number; hidden: false }
  | { average: null; reviewers: null; hidden: true };
export interface CompetencyResult {
  competencyId: number;
  competency: string;
  groups: Partial<Record<RaterGroup, GroupResult>>;
}

/** One row of the result query: a competency, a rater group, and the group's average (null when hidden) and size. */
export interface ResultRow {
  competencyId: number;
  competency: string;
  raterGroup: RaterGroup | null;
  reviewers: number;
  average: number | string | null;
}

/**
 * The rows of the query as the report: competencies in survey order, each with its groups. A group of others with
 * fewer than MIN_RATERS submitted reviewers carries no number at all; the employee's own rating is always shown.
 */
export function shapeResult(rows: readonly ResultRow[]): CompetencyResult[] {
  const byId = new Map<number, CompetencyResult>();
  for (const r of rows) {
    const id = Number(r.competencyId);
    if (!byId.has(id)) byId.set(id, { competencyId: id, competency: r.competency, groups: {} });
    if (!r.raterGroup) continue;
    const shown = r.average !== null && (r.raterGroup === 'Self' || Number(r.reviewers) >= MIN_RATERS);
    byId.get(id)!.groups[r.raterGroup] = shown
      ? { average: Number(r.average), reviewers: Number(r.reviewers), hidden: false }
      : { average: null, reviewers: null, hidden: true };
  }
  return [...byId.values()];
}

/**
 * GET reviewed-employee/result?id=: the reviewed employee's average rating per competency, by rater group, from the
 * submitted reviews only, in one query. The averages of hidden groups never leave the database.
 */
export const reviewResult: CommandHook = async (ctx, entity, input) => {
  const command = entity.commands.find((c) => c.hook === 'degree360.result')!;
  const reviewed = await fetchOne(ctx, entity, Number(input.id));
  // the roles that depend on the record (the employee reviewed) are decided here, on it
  await assertRecordAllowed(ctx.tx, entity, command.access, ctx.actor, reviewed, text('refusal.access.see360Result'));
  const rows = await ctx.tx.query<ResultRow>(
    `WITH rated AS (
       SELECT q.survey_competency_id, g.rater_group, a.survey_reviewer_id, a.rating
         FROM survey_answer a
         JOIN survey_reviewer rv ON rv.company_id = a.company_id AND rv.id = a.survey_reviewer_id
         JOIN survey_question q ON q.company_id = a.company_id AND q.id = a.survey_question_id
         CROSS JOIN LATERAL (VALUES (rv.relationship), (CASE WHEN rv.relationship <> 'Self' THEN 'Others' END)) g(rater_group)
        WHERE a.company_id = $1 AND rv.reviewed_employee_id = $2 AND rv.submitted_at IS NOT NULL AND a.rating IS NOT NULL AND g.rater_group IS NOT NULL
     )
     SELECT c.id AS "competencyId", c.name AS competency, r.rater_group AS "raterGroup",
            count(DISTINCT r.survey_reviewer_id)::int AS reviewers,
            CASE WHEN r.rater_group = 'Self' OR count(DISTINCT r.survey_reviewer_id) >= $4 THEN round(avg(r.rating), 2) END AS average
       FROM survey_competency c
       LEFT JOIN rated r ON r.survey_competency_id = c.id
      WHERE c.company_id = $1 AND c.survey_id = $3
      GROUP BY c.id, c.name, r.rater_group
      ORDER BY c.id, r.rater_group`,
    [ctx.companyId, reviewed.id, reviewed.surveyId, MIN_RATERS],
  );
  const groups = RATER_GROUPS.filter((g) => rows.some((r) => r.raterGroup === g));
  return {
    reviewedEmployeeId: reviewed.id,
    employeeId: reviewed.employeeId,
    name: reviewed.name,
    surveyId: reviewed.surveyId,
    minRaters: MIN_RATERS,
    groups,
    competencies: shapeResult(rows),
  };
};
