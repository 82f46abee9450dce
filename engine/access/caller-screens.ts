import type { HomeTab, ModuleHomeShape } from '../../contract/meta-reply.ts';
import type { EntityDef, ModuleDef, Registry, Role } from '../metadata/registry.ts';
import type { Actor } from './actor.ts';
import { allows, decidedByRecord, moduleEnabled } from './access-policy.ts';

type Screen = ModuleDef['screens'][number];

/** Whether the caller may try these roles on the entity: by role, or on records the roles decide (own, reports', team's). */
export const mayTry = (roles: readonly Role[], actor: Actor, entity: EntityDef) =>
  allows(roles, actor, entity.module) || decidedByRecord(roles, actor, entity);

/** What a screen asks of its caller: what it `needs` (an action or a command of its entity), its report or page command, adding for an add form, else reading the entity. */
function screenRoles(screen: Screen, entity: EntityDef): readonly Role[] {
  // a report or a list of a command's page asks for that command
  const command = screen.needs ?? screen.report ?? screen.source;
  if (command && !['add', 'update', 'delete'].includes(command))
    return entity.commands.find((c) => c.name === command)!.access;
  // a form is an add form unless it says edit (as the renderer decides: renderer/src/screens/entity-screens.ts formMode)
  const needs =
    screen.needs ??
    (screen.kind === 'form' && (screen.mode ?? (/edit/i.test(screen.path) ? 'edit' : 'add')) === 'add'
      ? 'add'
      : 'read');
  return entity.access[needs as 'read' | 'add' | 'update' | 'delete'];
}

/**
 * The modules and screens this caller can reach, for /meta: the holder's modules for the holder; for an employee the
 * company's enabled employee modules, each with only the screens whose entity (of a module the company has on) the
 * caller may read (or do what the screen needs), tabs screens with only those tabs and its home with only
 * those tabs and tiles. A module left with no screen is left out.
 */
export function callerModules(registry: Registry, actor: Actor): ModuleDef[] {
  const modules = [...registry.modules.values()].filter((m) =>
    actor.role === 'holder' ? m.role === 'holder' : m.role === 'employee' && moduleEnabled(m, actor),
  );
  if (actor.role === 'holder') return modules;
  // a screen of one module may show another's entity (the dashboard's project progress): that module must be on too
  const reachable = (s: Screen) => {
    if (!s.entity) return true;
    const entity = registry.entity(s.entity);
    const home = registry.modules.get(entity.module);
    return (!home || moduleEnabled(home, actor)) && mayTry(screenRoles(s, entity), actor, entity);
  };
  const paths = new Set(modules.flatMap((m) => m.screens.filter(reachable).map((s) => s.path)));
  return modules
    .map((m) => {
      const screens = m.screens.flatMap((s): Screen[] => {
        if (!paths.has(s.path)) return [];
        if (s.kind !== 'tabs') return [s];
        const [first, ...rest] = s.tabs!.filter((t) => paths.has(t));
        return first ? [{ ...s, tabs: [first, ...rest] }] : [];
      });
      return { ...m, screens, home: m.home && callerHome(m.home, new Set(screens.map((s) => s.path))) };
    })
    .filter((m) => m.screens.length > 0);
}

/** A module home with only the tabs and group tiles the caller may open; none when no tab is left. */
function callerHome(home: ModuleHomeShape, open: ReadonlySet<string>): ModuleHomeShape | undefined {
  const tabs = home.tabs.flatMap((t): HomeTab[] => {
    if ('path' in t) return open.has(t.path) ? [t] : [];
    const screens = t.screens.filter((p) => open.has(p));
    return screens.length ? [{ ...t, screens }] : [];
  });
  return tabs.length ? { ...home, tabs } : undefined;
}
