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
import { withQuarter } from '../../i18n/title-words.ts';
import type { TextParam } from '../../i18n/text.ts';

/** A quarter's survey: its annual plan's name and the quarter's first and last day (YYYY-MM-DD). */
interface QuarterSurvey {
  plan: string;
  startDate: string;
  endDate: string;
}

/**
 * The dates of a plan's quarter, which its organisational survey runs over: the quarter record found by plan and
 * quarter number (no reference leads there), else, while the plan has no quarters yet, the plan's own dates.
 */
async function quarterSurvey(
  ctx: CallContext,
  annualPlanId: number,
  quarterIndex: number,
): Promise<QuarterSurvey | undefined> {
  const [r] = await ctx.tx.query<{ plan: string; start_date: string; end_date: string }>(
    `SELECT p.name AS plan,
            to_char(coalesce(q.start_date, p.start_date), 'YYYY-MM-DD') AS start_date, to_char(coalesce(q.end_date, p.end_date), 'YYYY-MM-DD') AS end_date
       FROM annual_plan p
       LEFT JOIN quarter q ON q.company_id = p.company_id AND q.annual_plan_id = p.id AND q.quarter_index = $3
      WHERE p.company_id = $1 AND p.id = $2`,
    [ctx.companyId, annualPlanId, quarterIndex],
  );
  return r && { plan: r.plan, startDate: r.start_date, endDate: r.end_date };
}

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
  const contact = await colleagueContact(ctx, record.employeeId, record.email);
  // the survey's last day, which its links work to the end of (publicFlow.expiresWith); kept with the reviewer, as
  // the quarter is found by plan and number, and refreshed by every write of the reviewer
  const survey = await quarterSurvey(ctx, record.annualPlanId, record.quarterIndex);
  return { ...contact, endDate: survey?.endDate ?? null };
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
  survey: { name: TextParam; startDate: string; endDate: string },
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
  const [rv] = await ctx.tx.query<{ annual_plan_id: number; quarter_index: number }>(
    `SELECT annual_plan_id, quarter_index FROM organizational_survey_reviewer WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, input.id],
  );
  const r = rv && (await quarterSurvey(ctx, Number(rv.annual_plan_id), Number(rv.quarter_index)));
  if (!rv || !r) throw notFound(ctx.registry.entity('organizational-survey-reviewer'), input.id);
  // the quarter as the screens word it, in the reader's language ("FY2026 (৪র্থ প্রান্তিক)")
  const name = withQuarter(r.plan, Number(rv.quarter_index));
  assertQuarterTakesAnswers(ctx, { name, startDate: r.startDate, endDate: r.endDate });
  const scale = await ctx.tx.query<{ value: number; name: string }>(
    `SELECT value, name FROM organizational_survey_scale WHERE company_id = $1 AND annual_plan_id = $2 AND quarter_index = $3 ORDER BY value`,
    [ctx.companyId, rv.annual_plan_id, rv.quarter_index],
  );
  const questions = await ctx.tx.query<{ id: number; question: string; competency: string; value: string | null }>(
    `SELECT q.id, q.question, c.name AS competency, v.name AS value
       FROM organizational_survey_question q
       JOIN organizational_survey_competency c ON c.company_id = q.company_id AND c.id = q.organizational_survey_competency_id
       LEFT JOIN organizational_value v ON v.company_id = c.company_id AND v.id = c.organizational_value_id
      WHERE q.company_id = $1 AND q.annual_plan_id = $2 AND q.quarter_index = $3 ORDER BY c.id, q.id`,
    [ctx.companyId, rv.annual_plan_id, rv.quarter_index],
  );
  const options = ratingOptions(scale);
  return {
    title: text('publicFlow.organizationalSurvey.title', { survey: name }),
    intro: sentences(
      text('publicFlow.organizationalSurvey.intro'),
      text('publicFlow.savedAsYouGoBy', { day: dayMonthYear(r.endDate) }),
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
    annualPlanId: Number(rv.annual_plan_id),
    quarterIndex: Number(rv.quarter_index),
  };
};
