import type { Row } from '../db/db.ts';
import { lifecycleOf } from '../metadata/lifecycle.ts';
import type { EntityDef } from '../metadata/registry.ts';
import type { CallContext } from '../records/call-context.ts';
import { openRecordTrail } from './record-trail.ts';

/** One move of a record into a state: into which, from which (none for the add), when, by whom, in place of whom. */
export interface StateEntry {
  state: string;
  from: string | null;
  /** the trail entry's action: "add", a transition's, or the command or hook that moved the state ("update") */
  action: string;
  doneAt: string;
  doneByName: string | null;
  inPlaceOfName: string | null;
}

/**
 * The moves of a record's workflow state (or stage, engine/metadata/lifecycle.ts), oldest first, from its audit trail:
 * the add (into the initial state) and every write that changed the state field, whatever made it (a transition, a
 * command hook signing a contract, QA's completion, a project's form). For whoever may read the record; one query for the record, so a stepper reads its dates and people
 * without a call per state.
 */
export async function recordTransitions(ctx: CallContext, entity: EntityDef, id: number): Promise<StateEntry[]> {
  const lifecycle = lifecycleOf(entity);
  // mounted only for entities with a lifecycle (server/routes/entity-routes.ts)
  if (!lifecycle) return [];
  const companyId = await openRecordTrail(ctx, entity, id);
  const field = lifecycle.field;
  const computed = entity.field.get(field)?.computed;
  if (computed) return computedMoves(ctx, entity, id, companyId, computed);
  const rows = await ctx.tx.query<Row>(
    companyId !== null
      ? `SELECT action, done_at AS "doneAt", done_by_name AS "doneByName", in_place_of_name AS "inPlaceOfName",
                before->>$4 AS "from", after->>$4 AS state
           FROM audit_trail
          WHERE company_id = $1 AND entity = $2 AND record_id = $3 AND after IS NOT NULL
            AND (before IS NULL OR before->>$4 IS DISTINCT FROM after->>$4)
          ORDER BY done_at, id`
      : `SELECT action, done_at AS "doneAt", done_by_name AS "doneByName", NULL AS "inPlaceOfName",
                before->>$4 AS "from", after->>$4 AS state
           FROM platform_audit_trail
          WHERE $1::bigint IS NULL AND entity = $2 AND record_id = $3 AND after IS NOT NULL
            AND (before IS NULL OR before->>$4 IS DISTINCT FROM after->>$4)
          ORDER BY done_at, id`,
    [companyId, entity.name, id, field],
  );
  return rows.filter((r) => r.state !== null).map(stateEntry);
}

const isoOf = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

function stateEntry(r: Row): StateEntry {
  return {
    state: String(r.state),
    from: (r.from as string | null) ?? null,
    action: String(r.action),
    doneAt: isoOf(r.doneAt),
    doneByName: (r.doneByName as string | null) ?? null,
    inPlaceOfName: (r.inPlaceOfName as string | null) ?? null,
  };
}

/**
 * A computed stage (a contract's phase) is stored nowhere: it is computed on each entry's record before and after, as
 * of the entry's day, and an entry where it changes is a move (the upload that signed it into Monitored, the status set
 * to Terminated into Ended). A stage reached by the calendar alone (the end date passed) has no entry and so no move.
 */
async function computedMoves(
  ctx: CallContext,
  entity: EntityDef,
  id: number,
  companyId: number | null,
  hook: string,
): Promise<StateEntry[]> {
  const rows = await ctx.tx.query<Row>(
    companyId !== null
      ? `SELECT action, done_at AS "doneAt", done_by_name AS "doneByName", in_place_of_name AS "inPlaceOfName", before, after
           FROM audit_trail WHERE company_id = $1 AND entity = $2 AND record_id = $3 AND after IS NOT NULL
          ORDER BY done_at, id`
      : `SELECT action, done_at AS "doneAt", done_by_name AS "doneByName", NULL AS "inPlaceOfName", before, after
           FROM platform_audit_trail WHERE $1::bigint IS NULL AND entity = $2 AND record_id = $3 AND after IS NOT NULL
          ORDER BY done_at, id`,
    [companyId, entity.name, id],
  );
  const stage = (record: unknown, day: string) => {
    if (record === null || record === undefined) return null;
    const r = (typeof record === 'string' ? JSON.parse(record) : record) as Row;
    const v = ctx.hooks.computed[hook](r, ctx.registry, day);
    return v === null || v === undefined ? null : String(v);
  };
  const moves: StateEntry[] = [];
  for (const r of rows) {
    const day = isoOf(r.doneAt).slice(0, 10);
    const [from, state] = [stage(r.before, day), stage(r.after, day)];
    if (state !== null && (r.before === null || from !== state)) moves.push(stateEntry({ ...r, from, state }));
  }
  return moves;
}
