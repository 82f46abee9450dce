import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { Row } from '../../db/db.ts';
import type { EntityDef } from '../../metadata/registry.ts';
import { titleFieldOf } from '../../metadata/title-field.ts';
import type { CallContext } from '../../records/call-context.ts';
import { addRecord, applyUpdate, deleteRecord, fetchOne } from '../../records/record-store.ts';
import { rowsForWrite, updateRecords } from '../../records/bulk-writes.ts';
import type { AfterWriteHook, EntityRecord, TransitionHook } from '../hook-registry.ts';
import type { ApprovalStep } from './engagement-parts.ts';
import { PARENT } from './engagement-placement.ts';

/**
 * The my-task lists: each item sent to someone (an approver, a management-response owner, a receiver) becomes a
 * pending audit task of theirs; deciding it (approve, not-approve, complete, submit) moves the task to their
 * completed list with the decision; reopening the item withdraws a task nobody decided.
 */
export const TASK_KIND: Readonly<Record<string, string>> = {
  'audit-scope': 'audit',
  'audit-process': 'process',
  'audit-risk-control-matrix': 'risk',
  'audit-working-paper': 'paper',
  'audit-management-response': 'response',
  'audit-overall-opinion': 'overall',
  'audit-completion-checklist': 'checklist',
  'audit-survey-response': 'survey',
  'audit-follow-up-work': 'follow-up-work-plan',
  'audit-finding': 'finding',
  'audit-report': 'report',
};

type TaskRole = 'approver' | 'responseOwner' | 'receiver' | 'auditManager' | 'auditor';

/** Who an action sends the record to. */
function recipientOf(action: string, record: Row): { assigneeId: unknown; role: TaskRole } {
  if (action === 'send-checklist' || action === 'send-survey' || action === 'resend-survey')
    return { assigneeId: record.receiverId, role: 'receiver' };
  return { assigneeId: record.approverId, role: 'approver' };
}

const taskEntity = (ctx: CallContext) => ctx.registry.entity('audit-task');

async function pendingTasks(ctx: CallContext, kind: string, recordId: unknown): Promise<Row[]> {
  const e = taskEntity(ctx);
  const rows = await ctx.tx.query<{ id: number }>(
    `SELECT id FROM audit_task WHERE company_id = $1 AND kind = $2 AND record_id = $3 AND status = 'Pending' ORDER BY id FOR UPDATE`,
    [ctx.companyId, kind, recordId],
  );
  return Promise.all(rows.map((r) => fetchOne(ctx, e, r.id)));
}

/**
 * What names the record in its own words: its title field, else its parent's (a response is the finding's); null when
 * it has none (a survey response), and the task list then names it by its kind, in the reader's language.
 */
async function ownTitle(ctx: CallContext, entity: EntityDef, record: Row): Promise<string | null> {
  const field = titleFieldOf(entity);
  if (field !== 'id' && record[field]) return String(record[field]);
  const parentField = PARENT[entity.name];
  const parentEntity = parentField ? ctx.registry.entity(entity.field.get(parentField)!.ref!) : undefined;
  if (parentEntity && parentEntity.name !== 'audit-engagement' && titleFieldOf(parentEntity) !== 'id') {
    const parent = await fetchOne(ctx, parentEntity, record[parentField!]);
    return String(parent[titleFieldOf(parentEntity)]);
  }
  return null;
}

/** "Audit name — working paper title": what the task list shows; null for an item without words of its own. */
async function taskTitle(ctx: CallContext, entity: EntityDef, record: Row): Promise<string | null> {
  const own = await ownTitle(ctx, entity, record);
  if (own === null) return null;
  if (typeof record.auditEngagementId !== 'number') return own.slice(0, 1000);
  const [engagement] = await ctx.tx.query<{ name: string }>(
    `SELECT name FROM audit_engagement WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, record.auditEngagementId],
  );
  return (engagement ? `${engagement.name} — ${own}` : own).slice(0, 1000);
}

/**
 * Moves a task to its assignee's completed list with the decision: the state the item moved to (a value the screen
 * words by its option label, never English written here) and the reason given with it, if any.
 */
async function settle(ctx: CallContext, task: Row, decision: string, reason?: unknown): Promise<void> {
  await applyUpdate(
    ctx,
    taskEntity(ctx),
    task,
    {
      status: 'Completed',
      decision: decision.slice(0, 200),
      reason: typeof reason === 'string' && reason ? reason.slice(0, 2000) : null,
      decidedAt: new Date().toISOString(),
    },
    'decide',
  );
}

/** Gives the record to an employee as a pending task; tasks on it that were someone else's are withdrawn (an owner's is settled as sent). */
export async function openTask(
  ctx: CallContext,
  entity: EntityDef,
  record: Row,
  assigneeId: unknown,
  role: TaskRole,
  settledAs = 'Sent',
): Promise<void> {
  const kind = TASK_KIND[entity.name];
  if (!kind || typeof assigneeId !== 'number') return;
  let kept = false;
  for (const task of await pendingTasks(ctx, kind, record.id)) {
    if (task.assigneeId === assigneeId && task.role === role) kept = true;
    else if (task.role === 'responseOwner') await settle(ctx, task, settledAs);
    else await deleteRecord(ctx, taskEntity(ctx), { id: task.id }, { checked: true });
  }
  if (kept) return;
  const title = await taskTitle(ctx, entity, record);
  await addRecord(
    ctx,
    taskEntity(ctx),
    {
      kind,
      ...(title !== null && { title }),
      recordId: record.id,
      assigneeId,
      role,
      status: 'Pending',
      ...(typeof record.auditEngagementId === 'number' ? { auditEngagementId: record.auditEngagementId } : {}),
    },
    { checked: true, action: 'assign' },
  );
}

/** send, send-response, send-checklist, send-survey, resend-survey: the record is now with its approver or receiver. */
export const openApproval: TransitionHook<ApprovalStep> = async (ctx, entity, record, action) => {
  // the transition's condition (workflow.json) has made sure the approver or receiver is named
  const { assigneeId, role } = recipientOf(action, record);
  await openTask(ctx, entity, record, assigneeId as number, role);
};

/** approve, not-approve, complete: the approver's (receiver's) task is done, with the decision; a not-approved response goes back to its owner. */
export const closeApproval: TransitionHook<ApprovalStep> = async (ctx, entity, record) => {
  const kind = TASK_KIND[entity.name];
  if (!kind) return;
  for (const task of await pendingTasks(ctx, kind, record.id))
    if (task.role !== 'responseOwner')
      await settle(ctx, task, String(record.status), record.status === 'Not Approved' ? record.reason : null);
  if (entity.name === 'audit-management-response' && record.status === 'Not Approved')
    await openTask(
      ctx,
      entity,
      record,
      (record as EntityRecord<'audit-management-response'>).responseOwnerId,
      'responseOwner',
    );
};

/** allow-update, allow-change, cancel: the record is back with its author; a task nobody decided is withdrawn. */
export const reopenApproval: TransitionHook<ApprovalStep> = async (ctx, entity, record) => {
  const kind = TASK_KIND[entity.name];
  if (!kind) return;
  for (const task of await pendingTasks(ctx, kind, record.id))
    if (task.role !== 'responseOwner') await deleteRecord(ctx, taskEntity(ctx), { id: task.id }, { checked: true });
  if (entity.name === 'audit-management-response')
    await openTask(
      ctx,
      entity,
      record,
      (record as EntityRecord<'audit-management-response'>).responseOwnerId,
      'responseOwner',
    );
};

/** approve (working paper): nobody approves a working paper they prepared themselves. */
export const approvePaper: TransitionHook<'audit-working-paper'> = async (ctx, entity, record, action) => {
  if (record.preparedById !== null && record.preparedById === ctx.actor.employeeId)
    throw AppError.worded('forbidden', text('refusal.audit.ownPaper'));
  await closeApproval(ctx, entity, record, action);
};

/** afterWrite (management response): a requested response is a pending task of its owner, and follows the owner when it changes. */
export const requestResponse: AfterWriteHook<'audit-management-response'> = async (ctx, entity, before, after) => {
  if (after.status !== 'Requested' && after.status !== 'Not Approved') return;
  if (before && before.responseOwnerId === after.responseOwnerId) return;
  if (before) {
    for (const task of await pendingTasks(ctx, TASK_KIND[entity.name]!, after.id))
      if (task.role === 'responseOwner') await deleteRecord(ctx, taskEntity(ctx), { id: task.id }, { checked: true });
  }
  await openTask(ctx, entity, after, after.responseOwnerId, 'responseOwner');
};

/** Who validates a finding: its audit manager, else the audit's approver (both may; the task goes to one). */
const validatorOf = (finding: EntityRecord<'audit-finding'>) => finding.auditManagerId ?? finding.approverId;

/**
 * afterWrite (audit finding): a finding awaiting validation is a pending task of its audit manager (else the audit's
 * approver), so that it waits in their My tasks; it follows them when the audit's roles change. A rejected finding
 * resubmitted leaves its auditor's list of pending tasks as done.
 */
export const findingToValidate: AfterWriteHook<'audit-finding'> = async (ctx, entity, before, after) => {
  if (before && before.title !== after.title) await responsesFollowTitle(ctx, after);
  if (after.status !== 'Awaiting Validation') return;
  if (before && before.status === after.status && validatorOf(before) === validatorOf(after)) return;
  if (before?.status === 'Rejected')
    for (const task of await pendingTasks(ctx, TASK_KIND[entity.name]!, after.id))
      if (task.role === 'auditor') await settle(ctx, task, after.status);
  await openTask(ctx, entity, after, validatorOf(after), 'auditManager');
};

/**
 * A management response is named by its finding's title (engagement-placement.ts): a finding renamed (reworked after a
 * rejection) renames its responses, whatever their state, as a copy of the finding's words.
 */
async function responsesFollowTitle(ctx: CallContext, finding: EntityRecord<'audit-finding'>): Promise<void> {
  const responses = ctx.registry.entity('audit-management-response');
  const rows = await rowsForWrite(ctx, responses, 'audit_finding_id = $2', [finding.id]);
  await updateRecords(
    ctx,
    responses,
    rows.map((r) => ({ before: r, set: { title: finding.title } })),
    'follow-finding',
    { derived: true },
  );
}

/**
 * validate, reject (audit finding): the validator's task is done, with the decision (a rejection with its reason); a
 * rejected finding goes back to its auditor, in whose My tasks it waits, with the reason, to be reworked and resubmitted.
 */
export const findingDecided: TransitionHook<'audit-finding'> = async (ctx, entity, record) => {
  for (const task of await pendingTasks(ctx, TASK_KIND[entity.name]!, record.id))
    await settle(ctx, task, String(record.status), record.status === 'Rejected' ? record.reason : null);
  if (record.status === 'Rejected') await openTask(ctx, entity, record, record.auditorId, 'auditor');
};

/** submit-draft, recall-final-report: the draft report waits for its audit manager, who returns it or makes it final. */
export const reportToManager: TransitionHook<'audit-report'> = async (ctx, entity, record) => {
  await openTask(ctx, entity, record, record.auditManagerId, 'auditManager');
};

/** return-draft, make-final-report: the audit manager's task is done, with the report's new state. */
export const reportDecided: TransitionHook<'audit-report'> = async (ctx, entity, record) => {
  for (const task of await pendingTasks(ctx, TASK_KIND[entity.name]!, record.id))
    await settle(ctx, task, String(record.status));
};
