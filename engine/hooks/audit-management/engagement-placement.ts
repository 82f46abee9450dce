import { AppError } from '../../app-error.ts';
import type { Row } from '../../db/db.ts';
import type { EntityDef } from '../../metadata/registry.ts';
import { moduleLabel, optionLabel } from '../../i18n/message-words.ts';
import { text, type Text } from '../../i18n/text.ts';
import type { CallContext } from '../../records/call-context.ts';
import { fetchOne } from '../../records/record-store.ts';
import { fieldValue, type BeforeDeleteHook, type BeforeWriteHook } from '../hook-registry.ts';
import type { EngagementPart } from './engagement-parts.ts';
import { entityLabel, fieldProblem, labelOf, noSuchRecord } from '../../records/record-validator.ts';

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

/** States in which a record is with someone else (an approver, a receiver) or settled: its content no longer changes. */
export const LOCKED: Readonly<Record<string, readonly string[]>> = {
  'audit-scope': ['Pending Approval', 'Approved'],
  'audit-process': ['Pending Approval', 'Approved'],
  'audit-risk-control-matrix': ['Pending Approval', 'Approved'],
  'audit-working-paper': ['Pending Approval', 'Approved'],
  'audit-overall-opinion': ['Pending Approval', 'Approved'],
  'audit-follow-up-work': ['Pending Approval', 'Approved'],
  'audit-management-response': ['Sent', 'Approved'],
  'audit-report': ['Final'],
  'audit-completion-checklist': ['Sent', 'Completed'],
  // (sent and saved surveys move on by transitions that keep their state: resend-survey, save)
  'audit-survey-response': ['Submitted'],
  'audit-management-action': ['Closed'],
  'audit-notification-letter': ['Sent'],
};

/** Records whose content is part of their parent's: they change only while the parent may. */
const PART_OF_PARENT = new Set(['audit-process-documentation', 'audit-risk-control', 'audit-sample-selection', 'audit-sample-documentation', 'audit-report-section']);

/** How to reopen a record, for the message that refuses a change. */
function reopenHint(entity: string): Text {
  if (entity === 'audit-management-response') return text('refusal.audit.reopen.response');
  if (entity === 'audit-report') return text('refusal.audit.reopen.report');
  if (entity === 'audit-scope') return text('refusal.audit.reopen.scope');
  if (LOCKED[entity]?.includes('Pending Approval')) return text('refusal.audit.reopen.allowUpdate');
  if (entity === 'audit-management-action') return text('refusal.audit.reopen.action');
  return text('refusal.audit.reopen.never');
}

export function lockedRefusal(entity: EntityDef, state: string): AppError {
  return AppError.worded('invalid_state', text('refusal.audit.locked', { entity: entityLabel(entity), state: optionLabel(state), hint: reopenHint(entity.name) }));
}

async function parentOf(ctx: CallContext, entity: EntityDef, record: Row): Promise<{ parent: Row; parentEntity: EntityDef } | null> {
  const field = PARENT[entity.name];
  if (!field) return null;
  const parentEntity = ctx.registry.entity(entity.field.get(field)!.ref!);
  try {
    return { parent: await fetchOne(ctx, parentEntity, record[field]), parentEntity };
  } catch (e) {
    if (e instanceof AppError && (e.code === 'not_found' || e.code === 'bad_request')) throw AppError.validation([noSuchRecord(field, parentEntity, entity)]);
    throw e;
  }
}

/** Refuses a change of a record that is locked (a transition, which changes its state, is how it moves on). */
function assertOpen(entity: EntityDef, before: Row | null, record: Row): void {
  const states = LOCKED[entity.name];
  if (!before || !states || !entity.workflow) return;
  const field = entity.workflow.stateField;
  if (record[field] !== before[field]) return;
  if (states.includes(String(before[field]))) throw lockedRefusal(entity, String(before[field]));
}

/** What some records derive beyond their place: who prepared a working paper; a closed action is done. */
function derivedOf(ctx: CallContext, entity: EntityDef, before: Row | null, record: Row): Row {
  if (entity.name === 'audit-working-paper' && !before) return { preparedById: ctx.actor.employeeId };
  if (entity.name === 'audit-management-action' && record.status === 'Closed' && before?.status !== 'Closed') return { progress: 100 };
  return {};
}

/** beforeWrite of every engagement record: its engagement and roles from its parent, its lock, its derived fields. */
export const placeInEngagement: BeforeWriteHook<EngagementPart> = async (ctx, entity, before, record) => {
  assertOpen(entity, before, record);
  const found = await parentOf(ctx, entity, record);
  const out: Row = {};
  if (found) {
    const { parent, parentEntity } = found;
    if (PART_OF_PARENT.has(entity.name) && parentEntity.workflow) {
      const state = String(parent[parentEntity.workflow.stateField]);
      if (LOCKED[parentEntity.name]?.includes(state)) throw lockedRefusal(parentEntity, state);
    }
    if (parentEntity.name === 'audit-engagement' && parent.status === 'Closed' && (!before || fieldValue(record, 'status') === fieldValue(before, 'status')))
      throw AppError.worded('invalid_state', text('refusal.audit.closed', { audit: String(parent.name) }));
    for (const f of INHERITED) {
      const def = entity.field.get(f);
      if (!def?.readOnly) continue;
      if (f === 'auditEngagementId' && parentEntity.name === 'audit-engagement') out[f] = parent.id;
      else if (parent[f] !== undefined) out[f] = parent[f];
    }
  }
  return { ...out, ...derivedOf(ctx, entity, before, { ...record, ...out }) };
};

/** beforeDelete of every engagement record: a record with an approver or settled stays (reopen it first). */
export const keepDecided: BeforeDeleteHook<EngagementPart> = async (ctx, entity, record) => {
  const states = LOCKED[entity.name];
  if (states && entity.workflow && states.includes(String(fieldValue(record, entity.workflow.stateField))))
    throw lockedRefusal(entity, String(fieldValue(record, entity.workflow.stateField)));
  const found = PART_OF_PARENT.has(entity.name) ? await parentOf(ctx, entity, record) : null;
  if (found?.parentEntity.workflow) {
    const state = String(found.parent[found.parentEntity.workflow.stateField]);
    if (LOCKED[found.parentEntity.name]?.includes(state)) throw lockedRefusal(found.parentEntity, state);
  }
};

/**
 * beforeWrite of an engagement and a follow-up plan: the approver is someone other than the auditor, and only a module
 * administrator names the auditor, the audit manager or the approver (nobody picks their own approver).
 */
export const checkRoles: BeforeWriteHook<'audit-engagement' | 'audit-follow-up-plan'> = async (ctx, entity, before, record) => {
  const moved = before ? (['auditorId', 'auditManagerId', 'approverId'] as const).filter((f) => before[f] !== record[f]) : [];
  if (moved.length && !ctx.actor.adminModules.has(entity.module))
    throw AppError.worded('forbidden', text('refusal.audit.rolesAdminOnly', { module: moduleLabel(entity.module), fields: { list: moved.map((f) => labelOf(entity, f)), join: 'and', midSentence: true } }));
  if (record.approverId !== null && record.approverId !== undefined && record.approverId === record.auditorId)
    throw AppError.validation([fieldProblem(entity, 'approverId', 'refusal.audit.ownApprover')]);
  return {};
};
