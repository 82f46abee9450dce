import { calendarToday } from '../records/calendar-today.ts';
import { filterSql, personSql, type BranchInput, type InboxBranch } from './inbox-branch.ts';

/**
 * The page a review opens at from My inbox: the flow's page, told which recipient to take a pass for (the signed-in
 * colleague's, POST /api/v1/public/<flow>/mine) instead of a mailed link's token.
 */
function reviewLink({ ctx }: BranchInput, entity: string): string {
  const flow = ctx.registry.entity(entity).publicFlow!;
  return `concat('${flow.page}/${flow.authPage}#recipient=', t.id)`;
}

/**
 * 360-degree reviews the caller is to answer: a reviewer record naming the caller's employee (never matched by
 * e-mail), sent and not submitted, of a survey that is open today and has its scale and questions (the flow's `when`
 * in survey-reviewer/entity.json, which the answer page judges again). Titled by the survey, about the reviewed
 * employee (none for a self-review), dated by the survey's last day.
 */
export function surveyReviewsToAnswer(input: BranchInput): InboxBranch {
  const { bind, filters } = input;
  const today = `${bind(calendarToday())}::date`;
  const where = [
    't.company_id = $1 AND t.employee_id = $2 AND t.sent_at IS NOT NULL AND t.submitted_at IS NULL',
    `s.start_date <= ${today} AND s.end_date >= ${today}`,
    'EXISTS (SELECT 1 FROM survey_scale sc WHERE sc.company_id = $1 AND sc.survey_id = s.id)',
    'EXISTS (SELECT 1 FROM survey_question q WHERE q.company_id = $1 AND q.survey_id = s.id)',
    ...filterSql(bind, filters, { date: 's.end_date' }),
  ];
  return {
    kind: 'surveyReviewsToAnswer',
    area: 'reviews',
    module: 'degree-360',
    select: `SELECT 'surveyReviewsToAnswer' AS kind, 'reviews' AS area, 'degree-360' AS module, t.id, s.name::text AS title,
        ${personSql('re.employee_id')} AS person, NULL::text AS state, s.end_date AS date, ${reviewLink(input, 'survey-reviewer')} AS link
      FROM survey_reviewer t
      JOIN survey s ON s.company_id = $1 AND s.id = t.survey_id
      JOIN reviewed_employee re ON re.company_id = $1 AND re.id = t.reviewed_employee_id
      WHERE ${where.join(' AND ')}`,
  };
}

/**
 * Organisational surveys the caller is to answer: their reviewer record of a plan's quarter, sent and not submitted,
 * while the quarter is open (its quarter record's dates, else the plan's, as the survey's questions are judged:
 * engine/hooks/organizational-survey) and it has its scale and questions (the flow's `when`). Titled by the plan and
 * quarter as the review titles are ("FY2026 (Q2)"), dated by the quarter's last day.
 */
export function organizationalSurveysToAnswer(input: BranchInput): InboxBranch {
  const { bind, filters } = input;
  const today = `${bind(calendarToday())}::date`;
  const same = 'x.company_id = $1 AND x.annual_plan_id = t.annual_plan_id AND x.quarter_index = t.quarter_index';
  const where = [
    't.company_id = $1 AND t.employee_id = $2 AND t.sent_at IS NOT NULL AND t.submitted_at IS NULL',
    `w.start_date <= ${today} AND w.end_date >= ${today}`,
    `EXISTS (SELECT 1 FROM organizational_survey_scale x WHERE ${same})`,
    `EXISTS (SELECT 1 FROM organizational_survey_question x WHERE ${same})`,
    ...filterSql(bind, filters, { annualPlan: 't.annual_plan_id', quarter: 't.quarter_index', date: 'w.end_date' }),
  ];
  return {
    kind: 'organizationalSurveysToAnswer',
    area: 'reviews',
    module: 'organizational-survey',
    select: `SELECT 'organizationalSurveysToAnswer' AS kind, 'reviews' AS area, 'organizational-survey' AS module, t.id,
        concat(w.plan, ' (Q', t.quarter_index + 1, ')') AS title, NULL::text AS person, NULL::text AS state, w.end_date AS date,
        ${reviewLink(input, 'organizational-survey-reviewer')} AS link
      FROM organizational_survey_reviewer t
      CROSS JOIN LATERAL (
        SELECT p.name AS plan, coalesce(q.start_date, p.start_date) AS start_date, coalesce(q.end_date, p.end_date) AS end_date
          FROM annual_plan p
          LEFT JOIN quarter q ON q.company_id = p.company_id AND q.annual_plan_id = p.id AND q.quarter_index = t.quarter_index
         WHERE p.company_id = $1 AND p.id = t.annual_plan_id) w
      WHERE ${where.join(' AND ')}`,
  };
}
