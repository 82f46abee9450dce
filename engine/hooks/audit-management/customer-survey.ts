import { AppError, type FieldError } from '../../app-error.ts';
import { fieldProblem, wordedProblem } from '../../records/record-validator.ts';
import { text } from '../../i18n/text.ts';
import type { Row } from '../../db/db.ts';
import type { TransitionHook } from '../hook-registry.ts';
import { closeApproval } from './audit-tasks.ts';

interface Answer {
  auditSurveyQuestionId: number;
  value: number;
  comment?: string;
}

/** The problems of a set of answers against the survey's questions and rating scale; `complete` asks that every question is answered. */
export function answerProblems(
  answers: readonly Answer[],
  questionIds: readonly number[],
  scaleValues: readonly number[],
  complete: boolean,
): FieldError[] {
  const problems: FieldError[] = [];
  const seen = new Set<number>();
  answers.forEach((a, i) => {
    if (!questionIds.includes(a.auditSurveyQuestionId))
      problems.push(fieldProblem(null, `answers.${i}.auditSurveyQuestionId`, 'refusal.survey.notAQuestion'));
    else if (seen.has(a.auditSurveyQuestionId))
      problems.push(fieldProblem(null, `answers.${i}.auditSurveyQuestionId`, 'refusal.survey.answeredTwice'));
    seen.add(a.auditSurveyQuestionId);
    if (!scaleValues.includes(a.value))
      problems.push(
        fieldProblem(null, `answers.${i}.value`, 'refusal.survey.notOnScale', {
          // each value in the reader's digits
          values: { list: scaleValues, join: 'series' },
        }),
      );
  });
  if (complete) {
    const missing = questionIds.filter((q) => !seen.has(q));
    if (missing.length)
      problems.push(
        wordedProblem(
          'answers',
          text('refusal.survey.unanswered', { count: missing.length, total: questionIds.length }),
        ),
      );
  }
  return problems;
}

async function surveyShape(
  ctx: Parameters<TransitionHook<'audit-survey-response'>>[0],
  record: Row,
): Promise<{ questionIds: number[]; scaleValues: number[] }> {
  const q = await ctx.tx.query<{ id: number }>(
    `SELECT id FROM audit_survey_question WHERE company_id = $1 AND customer_satisfaction_survey_id = $2 ORDER BY id`,
    [ctx.companyId, record.customerSatisfactionSurveyId],
  );
  const s = await ctx.tx.query<{ value: number }>(
    `SELECT value FROM audit_survey_rating_scale WHERE company_id = $1 AND customer_satisfaction_survey_id = $2 ORDER BY value`,
    [ctx.companyId, record.customerSatisfactionSurveyId],
  );
  return { questionIds: q.map((x) => Number(x.id)), scaleValues: s.map((x) => Number(x.value)) };
}

/** save (receiver): the answers so far must belong to the survey and its scale; nothing is submitted yet. */
export const checkSurveyAnswers: TransitionHook<'audit-survey-response'> = async (ctx, _entity, record) => {
  const { questionIds, scaleValues } = await surveyShape(ctx, record);
  const problems = answerProblems((record.answers ?? []) as Answer[], questionIds, scaleValues, false);
  if (problems.length) throw AppError.validation(problems);
};

/** submit (receiver): every question answered on the scale; the receiver's task is done. */
export const submitSurvey: TransitionHook<'audit-survey-response'> = async (ctx, entity, record, action) => {
  const { questionIds, scaleValues } = await surveyShape(ctx, record);
  const problems = answerProblems((record.answers ?? []) as Answer[], questionIds, scaleValues, true);
  if (problems.length) throw AppError.validation(problems);
  await closeApproval(ctx, entity, record, action);
};
