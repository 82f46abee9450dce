import { AppError } from '../../app-error.ts';
import { sentences, type PublicFlowInfo } from '../../public-flows/public-flow-info.ts';
import type { BeforeWriteHook, CommandHook } from '../hook-registry.ts';
import { ratingOptions } from '../degree-360/review-info.ts';
import { surveyStatus } from '../degree-360/survey.ts';
import { today } from '../performance/quarter-windows.ts';
import type { CallContext } from '../../records/call-context.ts';
import { colleagueContact, ratingProblem } from '../degree-360/reviewer-placement.ts';
import { noSuchRecord } from '../../records/record-validator.ts';
import { notFound } from '../../records/record-store.ts';
import { text } from '../../i18n/text.ts';
import { dayMonthYear } from '../../i18n/day-month-year.ts';

const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'];

/**
 * An organisational survey reviewer is a colleague (the survey asks the company's own people how it lives its values):
 * the invitation takes the employee's name and e-mail.
 */
export const placeOrganizationalReviewer: BeforeWriteHook<'organizational-survey-reviewer'> = async (
  ctx,
  _entity,
  _before,
  record,
) => {
  // once submitted, who reviewed which quarter holds: entity.json lockedWhen
  return colleagueContact(ctx, record.employeeId, record.email);
};

/** A question belongs to the quarter (of the annual plan) of its competency. */
export const placeOrganizationalQuestion: BeforeWriteHook<'organizational-survey-question'> = async (
  ctx,
  _entity,
  _before,
  record,
) => {
  const [c] = await ctx.tx.query<{ annual_plan_id: number; quarter_index: number }>(
    `SELECT annual_plan_id, quarter_index FROM organizational_survey_competency WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, record.organizationalSurveyCompetencyId],
  );
  if (!c)
    throw AppError.validation([
      noSuchRecord('organizationalSurveyCompetencyId', ctx.registry.entity('organizational-survey-competency')),
    ]);
  return { annualPlanId: Number(c.annual_plan_id), quarterIndex: Number(c.quarter_index) as 0 | 1 | 2 | 3 };
};

/** An organisational answer's rating is one of its quarter's scale values. */
export const checkOrganizationalAnswer: BeforeWriteHook<'organizational-survey-answer'> = async (
  ctx,
  _entity,
  _before,
  record,
) => {
  const rows = await ctx.tx.query<{ value: number }>(
    `SELECT sc.value FROM organizational_survey_scale sc
       JOIN organizational_survey_reviewer rv ON rv.company_id = sc.company_id AND rv.annual_plan_id = sc.annual_plan_id AND rv.quarter_index = sc.quarter_index
      WHERE sc.company_id = $1 AND rv.id = $2 ORDER BY sc.value`,
    [ctx.companyId, record.organizationalSurveyReviewerId],
  );
  const problem = ratingProblem(
    record.rating,
    rows.map((r) => Number(r.value)),
  );
  if (problem) throw AppError.validation([problem]);
  return {};
};

/**
 * A quarter's survey takes answers only while the quarter is open; links may go out before it opens, never after it
 * closed. The respondent's calls (their actor's role is respondent) need it open, the share command only not closed.
 */
function assertQuarterTakesAnswers(
  ctx: CallContext,
  survey: { name: string; startDate: string; endDate: string },
): void {
  const status = surveyStatus(survey, today());
  // Kept in code: the quarter's dates are those of the quarter record found by plan and quarter number (no reference), else the plan's own; a condition compares a field of the record or of a record it references
  if (status === 'Closed')
    throw AppError.worded(
      'invalid_state',
      text('refusal.survey.closed', { survey: survey.name, day: dayMonthYear(survey.endDate) }),
    );
  // Kept in code: as above, a quarter not open yet by its start date
  if (status === 'Not Open' && ctx.actor.role === 'respondent')
    throw AppError.worded(
      'invalid_state',
      text('refusal.survey.notOpen', { survey: survey.name, day: dayMonthYear(survey.startDate) }),
    );
}

/**
 * What an organisational survey reviewer sees: the quarter's questions by competency (and the value it stands for),
 * rated on the quarter's scale; open from the quarter's start through its end. That the quarter has its scale and
 * questions is the flow's and the share command's `when` (organizational-survey-reviewer/entity.json).
 */
export const organizationalReviewInfo: CommandHook = async (ctx, _entity, input): Promise<PublicFlowInfo> => {
  // the quarter's dates come from the annual plan's quarters; a plan without them yet runs over its own dates
  const [r] = await ctx.tx.query<{
    annual_plan_id: number;
    quarter_index: number;
    plan: string;
    start_date: string;
    end_date: string;
  }>(
    `SELECT rv.annual_plan_id, rv.quarter_index, p.name AS plan,
            to_char(coalesce(q.start_date, p.start_date), 'YYYY-MM-DD') AS start_date, to_char(coalesce(q.end_date, p.end_date), 'YYYY-MM-DD') AS end_date
       FROM organizational_survey_reviewer rv
       JOIN annual_plan p ON p.company_id = rv.company_id AND p.id = rv.annual_plan_id
       LEFT JOIN quarter q ON q.company_id = rv.company_id AND q.annual_plan_id = rv.annual_plan_id AND q.quarter_index = rv.quarter_index
      WHERE rv.company_id = $1 AND rv.id = $2`,
    [ctx.companyId, input.id],
  );
  if (!r) throw notFound(ctx.registry.entity('organizational-survey-reviewer'), input.id);
  const name = `${r.plan} ${QUARTERS[Number(r.quarter_index)] ?? ''}`.trim();
  assertQuarterTakesAnswers(ctx, { name, startDate: r.start_date, endDate: r.end_date });
  const scale = await ctx.tx.query<{ value: number; name: string }>(
    `SELECT value, name FROM organizational_survey_scale WHERE company_id = $1 AND annual_plan_id = $2 AND quarter_index = $3 ORDER BY value`,
    [ctx.companyId, r.annual_plan_id, r.quarter_index],
  );
  const questions = await ctx.tx.query<{ id: number; question: string; competency: string; value: string | null }>(
    `SELECT q.id, q.question, c.name AS competency, v.name AS value
       FROM organizational_survey_question q
       JOIN organizational_survey_competency c ON c.company_id = q.company_id AND c.id = q.organizational_survey_competency_id
       LEFT JOIN organizational_value v ON v.company_id = c.company_id AND v.id = c.organizational_value_id
      WHERE q.company_id = $1 AND q.annual_plan_id = $2 AND q.quarter_index = $3 ORDER BY c.id, q.id`,
    [ctx.companyId, r.annual_plan_id, r.quarter_index],
  );
  const options = ratingOptions(scale);
  return {
    title: text('publicFlow.organizationalSurvey.title', { survey: name }),
    intro: sentences(
      text('publicFlow.organizationalSurvey.intro'),
      text('publicFlow.savedAsYouGoBy', { day: dayMonthYear(r.end_date) }),
    ),
    questions: questions.map((q) => ({
      id: Number(q.id),
      text: q.question,
      group: q.value ? `${q.value}: ${q.competency}` : q.competency,
      type: 'rating' as const,
      options,
      required: true,
      field: 'rating',
    })),
    annualPlanId: Number(r.annual_plan_id),
    quarterIndex: Number(r.quarter_index),
  };
};
