import type { HookCatalog } from '../hook-catalog.ts';
import type { KeyCheck } from '../i18n-key-check.ts';
import type { MetadataFault } from '../metadata-error.ts';
import { entityDefinition } from '../entity-definition.ts';
import { moduleHome } from '../module-home.ts';
import { kebabToCamel } from '../naming.ts';
import { resolveRelationshipRoles } from '../relationship-roles.ts';
import { buildLocks, setLockRoutes } from '../workflow-locks.ts';
import { addReferenceHolds } from '../reference-holds.ts';
import type { EntityDef, ModuleDef, ModuleMeta, WorkflowMeta } from '../registry.ts';
import type { Located, ValidMetadata } from './validate.ts';

/** What phase 3 (resolve) hands on: the definitions the registry will hold, and the files they came from (for messages). */
export interface ResolvedMetadata {
  readonly entities: ReadonlyMap<string, EntityDef>;
  readonly modules: ReadonlyMap<string, ModuleDef>;
  readonly moduleFiles: ValidMetadata['modules'];
  readonly entityFiles: ValidMetadata['entities'];
  /** each workflow.json with the entity it drives */
  readonly workflows: readonly (Located<WorkflowMeta> & { readonly entity: EntityDef })[];
}

/**
 * Phase 3, resolve: the valid files turned into the definitions the engine uses, and the references between them tied:
 * one EntityDef per entity.json (its own file's faults reported on the way, entity-definition.ts), each workflow on
 * the entity of its folder with its locks, the routes by which child records reach a locking ancestor, the tables and
 * entities behind relationship roles (member:, parent:, child:), and one ModuleDef per module.json with its entities
 * and screens (the routes the renderer serves). Checks that only judge the whole are phase 4's (check.ts).
 */
export function resolveMetadata(
  valid: ValidMetadata,
  hooks: HookCatalog,
  faults: MetadataFault[],
  key: KeyCheck,
): ResolvedMetadata {
  const entities = new Map<string, EntityDef>();
  for (const ef of valid.entities) {
    if (entities.has(ef.data.name)) {
      faults.push({ file: ef.file, pointer: '/name', message: `duplicates the entity "${ef.data.name}"` });
      continue;
    }
    entities.set(ef.data.name, entityDefinition(ef, hooks, faults, key));
  }
  const workflows: (Located<WorkflowMeta> & { entity: EntityDef })[] = [];
  for (const wf of valid.workflows) {
    const entity = entities.get(wf.data.entity);
    if (!entity || wf.data.entity !== wf.folder) {
      faults.push({
        file: wf.file,
        pointer: '/entity',
        message: `must name the entity of its folder ("${wf.folder}")`,
      });
      continue;
    }
    Object.assign(entity as { workflow?: WorkflowMeta; locks: EntityDef['locks'] }, {
      workflow: wf.data,
      locks: buildLocks(wf.file, wf.data, entity, entities, faults),
    });
    workflows.push({ file: wf.file, data: wf.data, entity });
  }
  setLockRoutes(entities);
  addReferenceHolds(entities, faults);
  for (const entity of entities.values()) resolveRelationshipRoles(entity, entities, faults);

  const modules = new Map<string, ModuleDef>();
  for (const { data: m } of valid.modules) {
    // as validated: JSON holds no undefined values in its maps (contract/meta-reply.ts, ScreenMeta)
    const screens = (m.screens ?? []) as ModuleDef['screens'];
    const home = moduleHome(m, screens);
    modules.set(m.id, {
      id: m.id,
      label: moduleLabel(m),
      role: m.role ?? 'employee',
      core: m.core ?? false,
      routeBase: m.routeBase,
      screens,
      ...(home && { home }),
      entities: [...entities.values()].filter((e) => e.module === m.id).map((e) => e.name),
    });
  }
  return { entities, modules, moduleFiles: valid.modules, entityFiles: valid.entities, workflows };
}

/** A module's label: the i18n key it declares, else module.<its id in camelCase>. */
export function moduleLabel(m: ModuleMeta): string {
  return m.label ?? `module.${kebabToCamel(m.id)}`;
}
