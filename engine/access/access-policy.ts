import { AppError } from '../app-error.ts';
import type { EntityDef, ModuleDef, Registry, Role } from '../metadata/registry.ts';
import type { Actor } from './actor.ts';

/** Whether a module is usable by a company: core modules always are; the others when the holder has enabled them. */
export function moduleEnabled(module: ModuleDef, actor: Actor): boolean {
  return module.core || actor.enabledModules.has(module.id);
}

/** The one predicate every call goes through: may this actor take this action, declared by these roles, on this entity's module? */
export function allows(roles: readonly Role[], actor: Actor, moduleId: string): boolean {
  if (actor.role === 'holder') return roles.includes('holder');
  return roles.includes('employee') || (roles.includes('employee:moduleAdmin') && actor.adminModules.has(moduleId));
}

/** Throws the 403 that names what is missing. */
export function assertAllowed(registry: Registry, entity: EntityDef, roles: readonly Role[], actor: Actor, what: string): void {
  const module = registry.modules.get(entity.module)!;
  if (actor.role === 'employee' && module.role === 'holder' && entity.scope !== 'platform') throw new AppError('forbidden', `Only the platform administrator may ${what}`);
  if (actor.role === 'employee' && !moduleEnabled(module, actor))
    throw new AppError('module_disabled', `The module "${module.id}" is not enabled for your company`);
  if (allows(roles, actor, entity.module)) return;
  if (roles.length === 0) throw new AppError('forbidden', `Nobody may ${what}`);
  if (actor.role === 'employee' && roles.includes('employee:moduleAdmin'))
    throw new AppError('forbidden', `You need admin access to the module "${entity.module}" to ${what}`);
  throw new AppError('forbidden', `Your role may not ${what}`);
}
