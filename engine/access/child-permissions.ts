import type { Row } from '../db/db.ts';
import type { AllowedOnRecord } from './record-permissions.ts';
import type { EntityDef } from '../metadata/registry.ts';
import type { CallContext } from '../records/call-context.ts';
import { allows, decidedByRecord, recordAdmits } from './access-policy.ts';
import { loadReach } from './record-reach.ts';
import { unreadParents } from './parent-reads.ts';

/**
 * A child as it would be added to `parent` before anything is chosen on its form: it names the parent (`via`), and it
 * carries what it shares with the parent under the same name (an assessment's employee, for its KPI assessments).
 */
export function childOf(child: EntityDef, via: string, parent: Row): Row {
  const row: Row = { [via]: parent.id };
  for (const f of child.fields)
    if (f.name !== via && !f.computed && parent[f.name] !== undefined && parent[f.name] !== null)
      row[f.name] = parent[f.name];
  return row;
}

/**
 * "May I add a child here": on the record's `_allowed`, the keys of its children the caller may add to it now
 * (`addChildren`), judged by the child's add roles on the child as it would be (childOf), by the same predicate that
 * refuses the add. A collection the record's lock closes (a final report's sections: `lockedChildren`) takes no new
 * children. A child panel shows Add by this answer. A child added with its file (`attach`: a submission's evidence) is
 * added by that command, so its roles decide, as they do the attach itself (engine/records/command-runner.ts).
 */
export async function attachChildAdd(ctx: CallContext, entity: EntityDef, row: Row): Promise<void> {
  const allowed = row._allowed as AllowedOnRecord | undefined;
  if (!allowed || !entity.children.length) return;
  const keys: string[] = [];
  const closed = new Set(allowed.lockedChildren ?? []);
  for (const c of entity.children.filter((x) => !closed.has(x.key))) {
    const child = ctx.registry.entity(c.entity);
    const roles = child.commands.find((x) => x.kind === 'attach')?.access ?? child.access.add;
    const record = childOf(child, c.via, row);
    const admitted =
      allows(roles, ctx.actor, child.module) ||
      (decidedByRecord(roles, ctx.actor, child) &&
        recordAdmits(roles, ctx.actor, child, record, await loadReach(ctx.tx, ctx.actor, child, roles)));
    // and only under parents the caller may read, as the add itself asks
    if (admitted && !(await unreadParents(ctx.tx, ctx.actor, child, record)).length) keys.push(c.key);
  }
  allowed.addChildren = keys;
}
