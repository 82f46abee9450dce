import { AppError } from '../app-error.ts';
import type { Row } from '../db/db.ts';
import { humanize } from '../metadata/naming.ts';
import type { EntityDef } from '../metadata/registry.ts';

/** The state a record is settled in (its workflow's `readOnly` states: a final report, an approved item), if it is. */
export function settledState(entity: EntityDef, row: Row): string | undefined {
  const wf = entity.workflow;
  if (!wf?.readOnly?.length) return undefined;
  const state = row[wf.stateField];
  return typeof state === 'string' && wf.readOnly.includes(state) ? state : undefined;
}

/** Update and delete leave a settled record alone; a transition (recall, reopen) is what moves it on. */
export function assertNotSettled(entity: EntityDef, row: Row, doing: 'changed' | 'deleted'): void {
  const state = settledState(entity, row);
  if (state === undefined) return;
  const reopen = entity.workflow!.transitions.filter((t) => t.from.includes(state)).map((t) => `"${humanize(t.action)}"`);
  throw new AppError('invalid_state', `This ${humanize(entity.name)} is ${state} and can no longer be ${doing}${reopen.length ? `; ${reopen.join(' or ')} opens it again` : ''}`);
}
