import { AppError } from '../../app-error.ts';
import type { BeforeWriteHook, ComputedHook, FilterHook } from '../hook-registry.ts';
import { noSuchRecord } from '../../records/record-validator.ts';

/**
 * A recipient belongs to its audit: its auditor and audit manager (who may send it) come from the engagement (a closed
 * audit holds its recipients: entity.json heldBy). Once answered, its e-mail no longer changes (entity.json lockedWhen).
 */
export const placeRecipient: BeforeWriteHook<'audit-questionnaire-recipient'> = async (
  ctx,
  _entity,
  _before,
  record,
) => {
  const [audit] = await ctx.tx.query<{
    auditor_id: number | null;
    audit_manager_id: number | null;
    status: string;
    name: string;
  }>(`SELECT auditor_id, audit_manager_id, status, name FROM audit_engagement WHERE company_id = $1 AND id = $2`, [
    ctx.companyId,
    record.auditEngagementId,
  ]);
  if (!audit) throw AppError.validation([noSuchRecord('auditEngagementId', ctx.registry.entity('audit-engagement'))]);
  return { auditorId: audit.auditor_id, auditManagerId: audit.audit_manager_id };
};

/**
 * An answer is filed under its recipient's audit, so that the response screen lists an audit's answers, and named by
 * its question and who answers it (the audit trail's "Who releases payments? — Tess Treasury", not "#3").
 */
export const placeAnswer: BeforeWriteHook<'audit-questionnaire-answer'> = async (ctx, _entity, _before, record) => {
  const [r] = await ctx.tx.query<{
    audit_engagement_id: number | null;
    respondent: string | null;
    question: string | null;
  }>(
    `SELECT r.audit_engagement_id, coalesce(nullif(r.name, ''), r.email) AS respondent,
            (SELECT q.question FROM audit_questionnaire_question q WHERE q.company_id = r.company_id AND q.id = $3) AS question
       FROM audit_questionnaire_recipient r WHERE r.company_id = $1 AND r.id = $2`,
    [ctx.companyId, record.auditQuestionnaireRecipientId, record.auditQuestionnaireQuestionId],
  );
  const title = [r?.question, r?.respondent].filter(Boolean).join(' — ').slice(0, 500);
  return { auditEngagementId: r?.audit_engagement_id ?? null, title: title || null };
};

/** Not Sent until the link goes out, then Sent, then Submitted. */
export const recipientStatus: ComputedHook<'audit-questionnaire-recipient'> = (r) =>
  r.submittedAt ? 'Submitted' : r.sentAt ? 'Sent' : 'Not Sent';

/** The same status as a list filter in SQL (?status=Sent), agreeing with recipientStatus. */
export const recipientStatusFilter: FilterHook = (value, sql) => {
  const submitted = sql.column('submittedAt');
  const sent = sql.column('sentAt');
  if (value === 'Submitted') return `${submitted} IS NOT NULL`;
  if (value === 'Sent') return `${submitted} IS NULL AND ${sent} IS NOT NULL`;
  if (value === 'Not Sent') return `${submitted} IS NULL AND ${sent} IS NULL`;
  return 'false';
};
