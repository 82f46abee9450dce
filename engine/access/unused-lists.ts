import { quoteIdent } from '../metadata/naming.ts';
import type { EntityDef, ModuleDef, Registry } from '../metadata/registry.ts';
import type { CallContext } from '../records/call-context.ts';
import type { Actor } from './actor.ts';
import { allows, moduleEnabled } from './caller-roles.ts';
import { mayTry } from './caller-screens.ts';
import { recordRoleWhere } from './record-role-sql.ts';

/**
 * The entities whose lists a module home would offer the caller although only records naming them could ever fill
 * those lists (an audit's auditor, manager or approver; a finding's response owner): the caller reads them by no
 * role of their own, may not add one as their own nor write one by a command of their role. Whether such a list is of
 * use to them is a question of the data.
 */
function recordDecidedOnly(registry: Registry, actor: Actor): EntityDef[] {
  if (actor.role !== 'employee') return [];
  const homed = (m: ModuleDef) =>
    m.role === 'employee' && moduleEnabled(m, actor) && m.home !== undefined ? m.screens : [];
  const names = new Set([...registry.modules.values()].flatMap(homed).flatMap((s) => (s.entity ? [s.entity] : [])));
  return [...names]
    .map((n) => registry.entity(n))
    .filter(
      (e) =>
        !allows(e.access.read, actor, e.module) &&
        mayTry(e.access.read, actor, e) &&
        !allows(e.access.add, actor, e.module) &&
        !(e.owner !== undefined && e.access.add.includes('self')) &&
        // a command any employee may run writes its records (monthly progress is entered by employee-progress/set)
        !e.commands.some((c) => c.method !== 'GET' && allows(c.access, actor, e.module)),
    );
}

/**
 * Of those entities, the ones of which the caller reads no record at all, in one statement: a home offers no tab over
 * them (an employee named on no audit is not shown the auditors' empty lists); the screens still open by their path.
 */
export async function unusedLists(ctx: CallContext): Promise<ReadonlySet<string>> {
  const candidates = recordDecidedOnly(ctx.registry, ctx.actor);
  if (!candidates.length || ctx.companyId === null) return new Set();
  const params: unknown[] = [ctx.companyId];
  const bind = (value: unknown) => `$${params.push(value)}`;
  const caller = { actor: ctx.actor, companyId: ctx.companyId };
  const held = candidates.map((e, i) => {
    const where = [
      ...(e.scope === 'company' ? ['t.company_id = $1'] : []),
      recordRoleWhere(caller, e, bind, 't') ?? 'TRUE',
    ];
    return `EXISTS (SELECT 1 FROM ${quoteIdent(e.table)} t WHERE ${where.join(' AND ')}) AS h${i}`;
  });
  const [row] = await ctx.tx.query<Record<string, boolean>>(
    `SELECT $1::bigint AS company, ${held.join(', ')}`,
    params,
    {
      prepare: false,
    },
  );
  return new Set(candidates.filter((_, i) => !row![`h${i}`]).map((e) => e.name));
}
