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
/**
 * The groups whose raters the employee knows anyway: themself, and their supervisor (one person by definition). They
 * are not anonymous, so their ratings are shown however few they are.
 */
export const NAMED_GROUPS: readonly RaterGroup[] = ['Self', 'Supervisor'];

/**
 * Why a cell carries no number: its group has fewer than MIN_RATERS submitted reviewers (`fewerReviewers`), or, for
 * All others, shown beside the other columns it would give away the ratings of a group hidden for that reason
 * (`tellsHiddenGroup`: the raters in hidden groups are one or two).
 */
export type HiddenBecause = 'fewerReviewers' | 'tellsHiddenGroup';

/** One cell of the result: a group's average rating of a competency, or hidden (with why) when too few answered. */
export type GroupResult =
  | { average: number; reviewers: number; hidden: false }
  | { average: null; reviewers: number; hidden: true; because: HiddenBecause };
export interface CompetencyResult {
  competencyId: number;
  competency: string;
  groups: Partial<Record<RaterGroup, GroupResult>>;
}

/** One row of the result query: a competency, a rater group, its size, and its average, or why it is hidden. */
export interface ResultRow {
  competencyId: number;
  competency: string;
  raterGroup: RaterGroup | null;
  reviewers: number;
  average: number | string | null;
  hiddenBecause: HiddenBecause | null;
}

/** The rows of the query as the report: competencies in survey order, each with its groups as the query judged them. */
export function shapeResult(rows: readonly ResultRow[]): CompetencyResult[] {
  const byId = new Map<number, CompetencyResult>();
  for (const r of rows) {
    const id = Number(r.competencyId);
    if (!byId.has(id)) byId.set(id, { competencyId: id, competency: r.competency, groups: {} });
    if (!r.raterGroup) continue;
    // the query judges; a small anonymous group is hidden here too, should a number ever come with it
    const small = !NAMED_GROUPS.includes(r.raterGroup) && Number(r.reviewers) < MIN_RATERS;
    const because = r.hiddenBecause ?? (r.average === null || small ? 'fewerReviewers' : null);
    byId.get(id)!.groups[r.raterGroup] = because
      ? { average: null, reviewers: Number(r.reviewers), hidden: true, because }
      : { average: Number(r.average), reviewers: Number(r.reviewers), hidden: false };
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
  // a named group is always shown; another relationship's group from MIN_RATERS on; All others unless the raters of
  // the hidden groups are one or two, whose ratings it would give away beside the columns shown (a group of three or
  // more hidden together is as anonymous as a shown group)
  const rows = await ctx.tx.query<ResultRow>(
    `WITH rated AS (
       SELECT q.survey_competency_id, g.rater_group, a.survey_reviewer_id, a.rating
         FROM survey_answer a
         JOIN survey_reviewer rv ON rv.company_id = a.company_id AND rv.id = a.survey_reviewer_id
         JOIN survey_question q ON q.company_id = a.company_id AND q.id = a.survey_question_id
         CROSS JOIN LATERAL (VALUES (rv.relationship), (CASE WHEN rv.relationship <> 'Self' THEN 'Others' END)) g(rater_group)
        WHERE a.company_id = $1 AND rv.reviewed_employee_id = $2 AND rv.submitted_at IS NOT NULL AND a.rating IS NOT NULL AND g.rater_group IS NOT NULL
     ), grouped AS (
       SELECT survey_competency_id, rater_group, count(DISTINCT survey_reviewer_id)::int AS reviewers, avg(rating) AS average
         FROM rated
        GROUP BY survey_competency_id, rater_group
     ), judged AS (
       SELECT g.*,
              CASE
                WHEN g.rater_group = ANY($5::text[]) THEN NULL
                WHEN g.rater_group = 'Others' THEN
                  (SELECT CASE WHEN coalesce(sum(h.reviewers), 0) BETWEEN 1 AND $4 - 1 THEN 'tellsHiddenGroup' END
                     FROM grouped h
                    WHERE h.survey_competency_id = g.survey_competency_id AND h.rater_group <> 'Others'
                      AND h.rater_group <> ALL($5::text[]) AND h.reviewers < $4)
                WHEN g.reviewers < $4 THEN 'fewerReviewers'
              END AS hidden_because
         FROM grouped g
     )
     SELECT c.id AS "competencyId", c.name AS competency, j.rater_group AS "raterGroup", j.reviewers,
            CASE WHEN j.hidden_because IS NULL THEN round(j.average, 2) END AS average,
            j.hidden_because AS "hiddenBecause"
       FROM survey_competency c
       LEFT JOIN judged j ON j.survey_competency_id = c.id
      WHERE c.company_id = $1 AND c.survey_id = $3
      ORDER BY c.id, j.rater_group`,
    [ctx.companyId, reviewed.id, reviewed.surveyId, MIN_RATERS, NAMED_GROUPS],
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
