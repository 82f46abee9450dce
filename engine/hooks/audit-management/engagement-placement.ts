import { AppError } from '../../app-error.ts';
import type { Row } from '../../db/db.ts';
import type { EntityDef } from '../../metadata/registry.ts';
import { moduleLabel } from '../../i18n/message-words.ts';
import { text } from '../../i18n/text.ts';
import type { CallContext } from '../../records/call-context.ts';
import { fetchOne } from '../../records/record-store.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';
import type { EngagementPart } from './engagement-parts.ts';
import { fieldProblem, labelOf, noSuchRecord } from '../../records/record-validator.ts';

/**
 * Every record of an engagement hangs from one parent: the engagement itself, or a record of it (a working paper's
 * sample selection hangs from the paper). The parent gives the record its engagement and the employees whose
 * relationship roles (field:auditorId, field:auditManagerId, field:approverId, field:responseOwnerId) decide who may
 * write it and take its transitions.
 */
export const PARENT: Readonly<Record<string, string>> = {
  'audit-notification-letter': 'auditEngagementId',
  'audit-entrance-meeting': 'auditEngagementId',
  'audit-questionnaire-area': 'auditEngagementId',
  'audit-questionnaire-question': 'auditQuestionnaireAreaId',
  'audit-control-objective': 'auditEngagementId',
  'audit-scope': 'auditEngagementId',
  'audit-memorandum': 'auditEngagementId',
  'audit-description-interview': 'auditEngagementId',
  'audit-interviewer': 'auditDescriptionInterviewId',
  'audit-personnel': 'auditEngagementId',
  'audit-process': 'auditEngagementId',
  'audit-process-documentation': 'auditProcessId',
  'audit-risk-control-background': 'auditEngagementId',
  'audit-risk-control-matrix': 'auditEngagementId',
  'audit-risk-control': 'auditRiskControlMatrixId',
  'audit-procedure': 'auditRiskControlId',
  'audit-working-paper': 'auditEngagementId',
  'audit-sample-selection': 'auditWorkingPaperId',
  'audit-sample-documentation': 'auditWorkingPaperId',
  'audit-finding': 'auditEngagementId',
  'audit-issue-progress': 'auditFindingId',
  'audit-overall-opinion': 'auditEngagementId',
  'audit-report': 'auditEngagementId',
  'audit-report-section': 'auditReportId',
  'audit-management-response': 'auditFindingId',
  'audit-management-action': 'auditManagementResponseId',
  'audit-completion-checklist': 'auditEngagementId',
  'audit-survey-response': 'auditEngagementId',
  'audit-follow-up-work': 'auditFollowUpPlanId',
};

/** The fields a record takes over from its parent (when it declares them read-only). */
const INHERITED = ['auditEngagementId', 'auditorId', 'auditManagerId', 'approverId', 'responseOwnerId'] as const;

async function parentOf(
  ctx: CallContext,
  entity: EntityDef,
  record: Row,
): Promise<{ parent: Row; parentEntity: EntityDef } | null> {
  const field = PARENT[entity.name];
  if (!field) return null;
  const parentEntity = ctx.registry.entity(entity.field.get(field)!.ref!);
  try {
    return { parent: await fetchOne(ctx, parentEntity, record[field]), parentEntity };
  } catch (e) {
    if (e instanceof AppError && (e.code === 'not_found' || e.code === 'bad_request'))
      throw AppError.validation([noSuchRecord(field, parentEntity, entity)]);
    throw e;
  }
}

/** What some records derive beyond their place: who prepared a working paper; a closed action is done. */
function derivedOf(ctx: CallContext, entity: EntityDef, before: Row | null, record: Row): Row {
  if (entity.name === 'audit-working-paper' && !before) return { preparedById: ctx.actor.employeeId };
  if (entity.name === 'audit-management-action' && record.status === 'Closed' && before?.status !== 'Closed')
    return { progress: 100 };
  return {};
}

/**
 * beforeWrite of every engagement record: its engagement and roles from its parent, its derived fields. (What holds
 * it is declared: its own workflow's locks, its parent's locks on their child collections, and a closed audit by
 * entity.json heldBy.)
 */
export const placeInEngagement: BeforeWriteHook<EngagementPart> = async (ctx, entity, before, record) => {
  const found = await parentOf(ctx, entity, record);
  const out: Row = {};
  if (found) {
    const { parent, parentEntity } = found;
    for (const f of INHERITED) {
      const def = entity.field.get(f);
      if (!def?.readOnly) continue;
      if (f === 'auditEngagementId' && parentEntity.name === 'audit-engagement') out[f] = parent.id;
      else if (parent[f] !== undefined) out[f] = parent[f];
    }
    // a management response has no words of its own until its owner writes them: it is named by its finding's title,
    // so that an action's reference to it shows that, never an id
    if (entity.name === 'audit-management-response') out.title = parent.title;
  }
  return { ...out, ...derivedOf(ctx, entity, before, { ...record, ...out }) };
};

/**
 * beforeWrite of an engagement and a follow-up plan: the approver is someone other than the auditor, and only a module
 * administrator names the auditor, the audit manager or the approver (nobody picks their own approver).
 */
export const checkRoles: BeforeWriteHook<'audit-engagement' | 'audit-follow-up-plan'> = async (
  ctx,
  entity,
  before,
  record,
) => {
  const moved = before
    ? (['auditorId', 'auditManagerId', 'approverId'] as const).filter((f) => before[f] !== record[f])
    : [];
  if (moved.length && !ctx.actor.adminModules.has(entity.module))
    throw AppError.worded(
      'forbidden',
      text('refusal.audit.rolesAdminOnly', {
        module: moduleLabel(entity.module),
        fields: { list: moved.map((f) => labelOf(entity, f)), join: 'and', midSentence: true },
      }),
    );
  if (record.approverId !== null && record.approverId !== undefined && record.approverId === record.auditorId)
    throw AppError.validation([fieldProblem(entity, 'approverId', 'refusal.audit.ownApprover')]);
  return {};
};
