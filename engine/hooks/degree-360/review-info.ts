import { notFound } from '../../records/record-store.ts';
import { text } from '../../i18n/text.ts';
import { dayMonthYear } from '../../i18n/day-month-year.ts';
import { sentences, type PublicFlowInfo } from '../../public-flows/public-flow-info.ts';
import { inSentence, optionLabel } from '../../i18n/message-words.ts';
import type { CommandHook } from '../hook-registry.ts';

/** The rating options of a scale, lowest first: "3 – Meets expectations". */
export const ratingOptions = (scale: { value: number; name: string }[]) =>
  scale.map((s) => ({ value: Number(s.value), label: `${s.value} – ${s.name}` }));

/**
 * What a 360 reviewer sees: the survey and the employee under review, and every question of the survey by competency,
 * each rated on the survey's scale (all required). That the survey is open and has its scale and questions is the
 * flow's and the share command's `when` (survey-reviewer/entity.json), judged before this runs.
 */
export const reviewInfo: CommandHook = async (ctx, _entity, input): Promise<PublicFlowInfo> => {
  const [r] = await ctx.tx.query<{
    survey_id: number;
    name: string;
    description: string | null;
    start_date: string;
    end_date: string;
    relationship: string;
    reviewer: string | null;
    employee: string;
  }>(
    `SELECT s.id AS survey_id, s.name, s.description, to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
            rv.relationship, rv.name AS reviewer, e.first_name || ' ' || e.last_name AS employee
       FROM survey_reviewer rv
       JOIN survey s ON s.company_id = rv.company_id AND s.id = rv.survey_id
       JOIN reviewed_employee re ON re.company_id = rv.company_id AND re.id = rv.reviewed_employee_id
       JOIN employee e ON e.company_id = re.company_id AND e.id = re.employee_id
      WHERE rv.company_id = $1 AND rv.id = $2`,
    [ctx.companyId, input.id],
  );
  if (!r) throw notFound(ctx.registry.entity('survey-reviewer'), input.id);
  const scale = await ctx.tx.query<{ value: number; name: string }>(
    `SELECT value, name FROM survey_scale WHERE company_id = $1 AND survey_id = $2 ORDER BY value`,
    [ctx.companyId, r.survey_id],
  );
  const questions = await ctx.tx.query<{ id: number; question: string; competency: string }>(
    `SELECT q.id, q.question, c.name AS competency FROM survey_question q JOIN survey_competency c ON c.company_id = q.company_id AND c.id = q.survey_competency_id
        WHERE q.company_id = $1 AND q.survey_id = $2 ORDER BY c.id, q.id`,
    [ctx.companyId, r.survey_id],
  );
  const options = ratingOptions(scale);
  const self = r.relationship === 'Self';
  return {
    title: self
      ? text('publicFlow.review360.selfTitle', { survey: r.name })
      : text('publicFlow.review360.title', { survey: r.name, employee: r.employee }),
    intro: sentences(
      self
        ? text('publicFlow.review360.selfIntro')
        : text('publicFlow.review360.intro', {
            employee: r.employee,
            relationship: inSentence(optionLabel(r.relationship)),
          }),
      r.description,
      text('publicFlow.savedAsYouGoBy', { day: dayMonthYear(r.end_date) }),
    ),
    questions: questions.map((q) => ({
      id: Number(q.id),
      text: q.question,
      group: q.competency,
      type: 'rating' as const,
      options,
      required: true,
      field: 'rating',
    })),
    surveyId: Number(r.survey_id),
    reviewedEmployee: r.employee,
    relationship: r.relationship,
  };
};
