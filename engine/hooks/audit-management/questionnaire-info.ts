import type { Row } from '../../db/db.ts';
import { sentences, type PublicFlowInfo, type PublicQuestion } from '../../public-flows/public-flow-info.ts';
import { text } from '../../i18n/text.ts';
import type { CommandHook } from '../hook-registry.ts';

const RATINGS = [1, 2, 3, 4, 5].map((value) => ({ value, label: String(value) }));

/** How each answer type of a question is asked, and the answer's field it is kept in. */
export function askedAs(answerType: string): Pick<PublicQuestion, 'type' | 'options' | 'field'> {
  if (answerType === 'Yes/No')
    return {
      type: 'choice',
      options: [
        { value: 'Yes', label: 'Yes' },
        { value: 'No', label: 'No' },
      ],
      field: 'choice',
    };
  if (answerType === 'Rating') return { type: 'rating', options: RATINGS, field: 'rating' };
  return { type: 'text', field: 'answer' };
}

/**
 * What an auditee sees of the questionnaire: the audit's name, its questions by area (in the order they were written),
 * every one required. The complete page's address names the audit and the recipient.
 */
export const info: CommandHook = async (ctx, _entity, input): Promise<PublicFlowInfo> => {
  const [recipient] = await ctx.tx.query<Row>(
    `SELECT r.audit_engagement_id, r.name, e.name AS audit FROM audit_questionnaire_recipient r JOIN audit_engagement e ON e.company_id = r.company_id AND e.id = r.audit_engagement_id
     WHERE r.company_id = $1 AND r.id = $2`,
    [ctx.companyId, input.id],
  );
  const questions = await ctx.tx.query<{ id: number; question: string; answer_type: string; area: string }>(
    `SELECT q.id, q.question, q.answer_type, a.name AS area FROM audit_questionnaire_question q
     JOIN audit_questionnaire_area a ON a.company_id = q.company_id AND a.id = q.audit_questionnaire_area_id
     WHERE q.company_id = $1 AND a.audit_engagement_id = $2 ORDER BY a.id, q.id`,
    [ctx.companyId, recipient.audit_engagement_id],
  );
  return {
    title: text('publicFlow.auditQuestionnaire.title', { audit: String(recipient.audit) }),
    intro: recipient.name
      ? sentences(
          text('publicFlow.auditQuestionnaire.for', { name: String(recipient.name) }),
          text('publicFlow.savedAsYouGo'),
        )
      : undefined,
    questions: questions.map((q) => ({
      id: Number(q.id),
      text: q.question,
      group: q.area,
      required: true,
      ...askedAs(q.answer_type),
    })),
    auditQuestionnaireId: Number(recipient.audit_engagement_id),
    userId: Number(input.id),
  };
};
