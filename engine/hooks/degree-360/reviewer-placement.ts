import { AppError, type FieldError } from '../../app-error.ts';
import type { CallContext } from '../../records/call-context.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';
import { fieldProblem, noSuchRecord, wordedProblem } from '../../records/record-validator.ts';
import { optionLabel } from '../../i18n/message-words.ts';
import { fieldLabel, text } from '../../i18n/text.ts';

/** How a reviewer stands to the reviewed employee; the result report groups the raters by it. */
export const RELATIONSHIPS = ['Self', 'Supervisor', 'Peer', 'Subordinate', 'Outsider'] as const;

/**
 * A colleague's name and e-mail, which the invitation uses: the link goes to the address the company holds for the
 * employee; only an employee without one may be given another address (the share command needs one).
 */
export async function colleagueContact(
  ctx: CallContext,
  employeeId: unknown,
  given: unknown,
  field = 'employeeId',
): Promise<{ name: string; email: string | null }> {
  const [e] = await ctx.tx.query<{ first_name: string; last_name: string; email: string | null }>(
    `SELECT first_name, last_name, email FROM employee WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, employeeId],
  );
  if (!e) throw AppError.validation([noSuchRecord(field, ctx.registry.entity('employee'))]);
  return { name: `${e.first_name} ${e.last_name}`, email: e.email ?? ((given as string | null | undefined) || null) };
}

/**
 * A 360 reviewer belongs to the survey of the employee they review. A colleague (self, supervisor, peer, subordinate)
 * is an employee, whose name and e-mail the invitation takes (for a self-review, the reviewed employee); an outsider
 * is not, and is given by name and e-mail.
 */
export const placeReviewer: BeforeWriteHook<'survey-reviewer'> = async (ctx, entity, before, record) => {
  // once submitted, who reviews whom holds: entity.json lockedWhen
  const [reviewed] = await ctx.tx.query<{ survey_id: number; employee_id: number }>(
    `SELECT survey_id, employee_id FROM reviewed_employee WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, record.reviewedEmployeeId],
  );
  if (!reviewed)
    throw AppError.validation([noSuchRecord('reviewedEmployeeId', ctx.registry.entity('reviewed-employee'))]);
  const surveyId = Number(reviewed.survey_id);
  if (record.relationship === 'Outsider') {
    const faults = [
      ...(record.employeeId != null ? [fieldProblem(entity, 'employeeId', 'refusal.survey.colleaguesOnly')] : []),
      ...(!String(record.name ?? '').trim() ? [fieldProblem(entity, 'name', 'refusal.survey.outsiderName')] : []),
      ...(!String(record.email ?? '').trim() ? [fieldProblem(entity, 'email', 'refusal.survey.outsiderEmail')] : []),
    ];
    if (faults.length) throw AppError.validation(faults);
    return { surveyId };
  }
  // a self-review is the reviewed employee's own: no one need be chosen
  const employeeId = record.employeeId ?? (record.relationship === 'Self' ? Number(reviewed.employee_id) : null);
  if (employeeId == null)
    throw AppError.validation([
      fieldProblem(entity, 'employeeId', 'refusal.survey.chooseColleague', {
        relationship: optionLabel(record.relationship),
      }),
    ]);
  // the colleague first: an id that names no employee of the company is refused as such
  const contact = await colleagueContact(ctx, employeeId, record.email);
  // a colleague's name is the one on their employee record; another one typed in would be silently lost
  const typed = String(record.name ?? '').trim();
  if (typed && typed !== contact.name && typed !== before?.name)
    throw AppError.validation([fieldProblem(entity, 'name', 'refusal.survey.colleagueName')]);
  const isSelf = Number(employeeId) === Number(reviewed.employee_id);
  if (record.relationship === 'Self' && !isSelf)
    throw AppError.validation([fieldProblem(entity, 'employeeId', 'refusal.survey.selfIsReviewed')]);
  if (record.relationship !== 'Self' && isSelf)
    throw AppError.validation([
      fieldProblem(entity, 'relationship', 'refusal.survey.reviewedIsSelf', { self: optionLabel('Self') }),
    ]);
  return { surveyId, employeeId, ...contact };
};

/** A question belongs to the survey of its competency. */
export const placeQuestion: BeforeWriteHook<'survey-question'> = async (ctx, _entity, _before, record) => {
  const [c] = await ctx.tx.query<{ survey_id: number }>(
    `SELECT survey_id FROM survey_competency WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, record.surveyCompetencyId],
  );
  if (!c) throw AppError.validation([noSuchRecord('surveyCompetencyId', ctx.registry.entity('survey-competency'))]);
  return { surveyId: Number(c.survey_id) };
};

/** The problem with a rating that is not one of the scale's values, or none. */
export function ratingProblem(rating: unknown, scale: readonly number[]): FieldError | null {
  if (rating === null || rating === undefined) return null;
  if (!scale.includes(Number(rating)))
    return wordedProblem(
      'rating',
      scale.length
        ? text('refusal.survey.notOnScale', { field: fieldLabel('rating'), values: { list: scale, join: 'series' } })
        : text('refusal.survey.noScale', { field: fieldLabel('rating') }),
    );
  return null;
}

/** A 360 answer's rating is one of its survey's scale values. */
export const checkAnswer: BeforeWriteHook<'survey-answer'> = async (ctx, _entity, _before, record) => {
  const rows = await ctx.tx.query<{ value: number }>(
    `SELECT sc.value FROM survey_scale sc JOIN survey_reviewer rv ON rv.company_id = sc.company_id AND rv.survey_id = sc.survey_id WHERE sc.company_id = $1 AND rv.id = $2 ORDER BY sc.value`,
    [ctx.companyId, record.surveyReviewerId],
  );
  const problem = ratingProblem(
    record.rating,
    rows.map((r) => Number(r.value)),
  );
  if (problem) throw AppError.validation([problem]);
  return {};
};

/** A reviewed employee is named by the employee, so that selects and the result show who it is. */
export const nameReviewedEmployee: BeforeWriteHook<'reviewed-employee'> = async (ctx, _entity, _before, record) => {
  const [e] = await ctx.tx.query<{ name: string }>(
    `SELECT first_name || ' ' || last_name AS name FROM employee WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, record.employeeId],
  );
  if (!e) throw AppError.validation([noSuchRecord('employeeId', ctx.registry.entity('employee'))]);
  return { name: e.name };
};
