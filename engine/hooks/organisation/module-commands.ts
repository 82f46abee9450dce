import { AppError } from '../../app-error.ts';
import { fieldProblem, wordedProblem } from '../../records/record-validator.ts';
import { text } from '../../i18n/text.ts';
import { moduleLabel } from '../../i18n/message-words.ts';
import type { CallContext } from '../../records/call-context.ts';
import { addRecord, applyUpdate, fetchOne } from '../../records/record-store.ts';
import type { CommandHook } from '../hook-registry.ts';
import { setEmployeeModule } from './module-access.ts';

async function moduleById(ctx: CallContext, moduleId: number) {
  const [m] = await ctx.tx.query<{ id: number; code: string }>(`SELECT id, code FROM module WHERE id = $1`, [moduleId]);
  if (!m) throw AppError.validation([fieldProblem(null, 'moduleId', 'validation.noSuchRecord')]);
  const def = ctx.registry.modules.get(m.code);
  if (!def) throw AppError.validation([fieldProblem(null, 'moduleId', 'validation.noSuchRecord')]);
  return def;
}

/** The holder switches a module on or off for the company; switching on gives the company's executive admin access to it. */
export const setModuleEnablement: CommandHook = async (ctx, entity, input) => {
  const moduleId = Number(input.moduleId);
  const enabled = input.enabled as 'Yes' | 'No';
  const def = await moduleById(ctx, moduleId);
  if (def.core || def.role !== 'employee')
    throw AppError.validation([
      wordedProblem('moduleId', text('refusal.module.alwaysOn', { module: moduleLabel(def.id) })),
    ]);
  const [existing] = await ctx.tx.query<{ id: number }>(
    `SELECT id FROM company_module WHERE company_id = $1 AND module_id = $2`,
    [ctx.companyId, moduleId],
  );
  const row = existing
    ? await applyUpdate(ctx, entity, await fetchOne(ctx, entity, existing.id, true), { enabled }, 'set-enablement')
    : await addRecord(ctx, entity, { moduleId, enabled }, { checked: true });
  if (enabled === 'Yes') {
    const [company] = await ctx.tx.query<{ executive_id: number | null }>(
      `SELECT executive_id FROM company WHERE id = $1`,
      [ctx.companyId],
    );
    if (company?.executive_id) await setEmployeeModule(ctx, company.executive_id, moduleId, 'Yes');
  }
  return row;
};

/** Every module a company can have, with whether it has it: the holder's switchboard and the renderer's navigation. */
export const companyModuleStates: CommandHook = async (ctx) => {
  const rows = await ctx.tx.query<{
    id: number;
    code: string;
    enabled: string | null;
    control_effectiveness: string | null;
  }>(
    `SELECT m.id, m.code, cm.enabled, cm.control_effectiveness FROM module m
     LEFT JOIN company_module cm ON cm.module_id = m.id AND cm.company_id = $1
     WHERE m.role = 'employee' ORDER BY m.id`,
    [ctx.companyId],
  );
  return rows.map((r) => {
    const def = ctx.registry.modules.get(r.code);
    return {
      moduleId: r.id,
      code: r.code,
      label: def?.label,
      core: def?.core ? 'Yes' : 'No',
      enabled: def?.core ? 'Yes' : (r.enabled ?? 'No'),
      controlEffectiveness: r.control_effectiveness ?? 'No',
    };
  });
};

/** Gives or takes an employee's admin access to a module: the holder, or an employee who administers that module. */
export const setModuleAdminAccess: CommandHook = async (ctx, _entity, input) => {
  const def = await moduleById(ctx, Number(input.moduleId));
  if (ctx.actor.role !== 'holder' && !ctx.actor.adminModules.has(def.id))
    throw AppError.worded('forbidden', text('refusal.module.grantNeedsAdmin', { module: moduleLabel(def.id) }));
  await fetchOne(ctx, ctx.registry.entity('employee'), Number(input.employeeId));
  return setEmployeeModule(ctx, Number(input.employeeId), Number(input.moduleId), input.adminAccess as 'Yes' | 'No');
};
