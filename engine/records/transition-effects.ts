import type { Row } from '../db/db.ts';
import { actionLabel, optionLabel } from '../i18n/message-words.ts';
import { text } from '../i18n/text.ts';
import { linkTo } from '../mail/record-link.ts';
import type { EntityDef, Role, WorkflowMeta } from '../metadata/registry.ts';
import { recordTitleText } from './record-title-text.ts';
import { reminderRecipients } from '../reminders/reminder-recipients.ts';
import type { CallContext } from './call-context.ts';
import { calendarToday } from './calendar-today.ts';

type Transition = WorkflowMeta['transitions'][number];

/**
 * What a transition writes besides its state (workflow.json `stamp` and `set`, checked at start by
 * engine/metadata/workflow-conditions.ts): the caller into the fields it stamps with "caller", the moment (or the day,
 * in a date field) into those it stamps with "now", and its constants. They join the state in the one update the
 * transition makes through the record store, so one audit entry holds them all.
 */
export function effectChanges(ctx: CallContext, entity: EntityDef, t: Transition): Row {
  const changes: Row = { ...t.set };
  const now = new Date();
  for (const [name, what] of Object.entries(t.stamp ?? {}))
    changes[name] =
      what === 'caller'
        ? ctx.actor.employeeId
        : entity.field.get(name)!.format === 'date'
          ? calendarToday()
          : now.toISOString();
  return changes;
}

/**
 * A transition's notices (workflow.json `notify`): each mail to the employees its roles name on the record as it is
 * now (its owner, the supervisor, an approver field, a team, the module's administrators), put in the outbox of the
 * transition's transaction, so it leaves only if the transition commits. Each is worded in its recipient's language.
 */
export async function sendNotices(ctx: CallContext, entity: EntityDef, t: Transition, after: Row): Promise<void> {
  if (!t.notify?.length || ctx.companyId === null) return;
  const values = { by: ctx.actor.name, link: linkTo(ctx, entity, Number(after.id)) };
  // the entity by its label as written (it may begin the subject); the title in the recipient's words where it holds
  // the product's (a review's quarter), the company's own words as typed
  const worded = {
    entity: text(entity.label),
    action: actionLabel(t.action),
    state: optionLabel(t.to),
    title: recordTitleText(entity, after),
  };
  for (const n of t.notify) {
    const to =
      (await reminderRecipients(ctx.tx, ctx.companyId, entity, n.to as Role[], [after])).get(Number(after.id)) ?? [];
    for (const address of new Set(to))
      ctx.mail.push({
        to: address,
        template: n.mail as 'stateNotice',
        values,
        worded,
        ...(n.subject ? { subjectKey: n.subject } : {}),
      });
  }
}
