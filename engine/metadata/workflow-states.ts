import type { HookCatalog } from './hook-catalog.ts';
import type { KeyCheck } from './i18n-key-check.ts';
import type { MetadataFault } from './metadata-error.ts';
import { OWNER_ROLE_WITHOUT_OWNER } from './owner-roles.ts';
import type { EntityDef, WorkflowMeta } from './registry.ts';

/**
 * A workflow's states and transitions against its entity: the state field is an enum holding every state, the initial
 * state is one, each transition moves between states, names a known hook, fields the entity has (`requires`, the
 * window's dates) and an English error title, no owner role on an entity without owner, and no command's name.
 * (Conditions and effects: workflow-conditions.ts; locks: workflow-locks.ts.)
 */
export function checkWorkflow(
  wf: { readonly file: string; readonly data: WorkflowMeta },
  entity: EntityDef,
  hooks: HookCatalog,
  faults: MetadataFault[],
  key: KeyCheck,
): void {
  const { file, data } = wf;
  const state = entity.field.get(data.stateField);
  if (!state)
    faults.push({
      file,
      pointer: '/stateField',
      message: `names "${data.stateField}", which is not a field of ${entity.name}`,
    });
  else if (!state.enum || data.states.some((s) => !state.enum!.includes(s)))
    faults.push({ file, pointer: '/states', message: `every state must be in the enum of ${data.stateField}` });
  if (!data.states.includes(data.initial))
    faults.push({ file, pointer: '/initial', message: `"${data.initial}" is not one of the states` });
  for (const [state, fields] of Object.entries(data.reasons ?? {})) {
    if (!data.states.includes(state))
      faults.push({ file, pointer: `/reasons/${state}`, message: `"${state}" is not one of the states` });
    for (const f of fields ?? [])
      if (!entity.field.has(f))
        faults.push({ file, pointer: `/reasons/${state}`, message: `names "${f}", which is not a field` });
  }
  (data.locks ?? []).forEach((l, i) => {
    if (!entity.owner && l.exceptRoles?.some((r) => r === 'self' || r === 'supervisor' || r === 'unowned'))
      faults.push({ file, pointer: `/locks/${i}/exceptRoles`, message: OWNER_ROLE_WITHOUT_OWNER });
  });
  data.transitions.forEach((t, i) => {
    const p = `/transitions/${i}`;
    for (const s of [...t.from, t.to])
      if (!data.states.includes(s)) faults.push({ file, pointer: p, message: `"${s}" is not one of the states` });
    if (t.hook && !hooks.has('transition', t.hook))
      faults.push({ file, pointer: `${p}/hook`, message: `names the unknown hook "${t.hook}"` });
    for (const r of t.requires ?? [])
      if (!entity.field.has(r))
        faults.push({ file, pointer: `${p}/requires`, message: `names "${r}", which is not a field` });
    for (const end of ['from', 'to'] as const) {
      const name = t.window?.[end];
      if (name !== undefined && entity.field.get(name)?.format !== 'date')
        faults.push({ file, pointer: `${p}/window/${end}`, message: `names "${name}", which is not a date field` });
    }
    const of = t.window?.of;
    if (of !== undefined && (!entity.field.has(of) || entity.field.get(of)!.computed))
      faults.push({ file, pointer: `${p}/window/of`, message: `names "${of}", which is not a stored field` });
    key(file, `${p}/error`, t.error);
    if (!entity.owner && t.access?.some((r) => r === 'self' || r === 'supervisor' || r === 'unowned'))
      faults.push({ file, pointer: `${p}/access`, message: OWNER_ROLE_WITHOUT_OWNER });
    if (entity.commands.some((c) => c.name === t.action))
      faults.push({ file, pointer: `${p}/action`, message: `"${t.action}" is also a command of ${entity.name}` });
  });
}
