import type { MetadataFault } from './metadata-error.ts';
import type { ChildDef, EntityDef, LockDef, LockRoute, Role, WorkflowMeta } from './registry.ts';

/**
 * A workflow's `locks` as the engine uses them (engine/records/state-locks.ts), each checked: its states are states of
 * the workflow and in one lock at most; each name it opens is a field of the record (not its state, which only
 * transitions move), a child collection by its key path, or a field of that collection's records.
 */
export function buildLocks(
  file: string,
  wf: WorkflowMeta,
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
  faults: MetadataFault[],
): LockDef[] {
  const lockOf = new Map<string, number>();
  return (wf.locks ?? []).map((lock, i) => {
    const pointer = `/locks/${i}`;
    for (const s of lock.states) {
      if (!wf.states.includes(s))
        faults.push({ file, pointer: `${pointer}/states`, message: `"${s}" is not one of the states` });
      else if (lockOf.has(s))
        faults.push({
          file,
          pointer: `${pointer}/states`,
          message: `"${s}" is already locked by lock ${lockOf.get(s)}; a state is in one lock at most`,
        });
      lockOf.set(s, i);
    }
    const fields: string[] = [];
    const openChildren: string[] = [];
    const childFields: Record<string, string[]> = {};
    (lock.editable ?? []).forEach((name, j) => {
      const opened = resolveEditable(name, wf, entity, entities);
      if (typeof opened === 'string') faults.push({ file, pointer: `${pointer}/editable/${j}`, message: opened });
      else if (opened.kind === 'field') fields.push(opened.field);
      else if (opened.kind === 'children') openChildren.push(opened.path);
      else (childFields[opened.path] ??= []).push(opened.field);
    });
    return { states: lock.states, fields, openChildren, childFields, exceptRoles: (lock.exceptRoles ?? []) as Role[] };
  });
}

type Opened =
  | { kind: 'field'; field: string }
  | { kind: 'children'; path: string }
  | { kind: 'childField'; path: string; field: string };

/** What one name of a lock's `editable` opens, or why it opens nothing. */
function resolveEditable(
  name: string,
  wf: WorkflowMeta,
  entity: EntityDef,
  entities: ReadonlyMap<string, EntityDef>,
): Opened | string {
  const parts = name.split('.');
  let at = entity;
  let children: readonly ChildDef[] = entity.children;
  const keys: string[] = [];
  for (const [i, part] of parts.entries()) {
    const child = children.find((c) => c.key === part);
    const next = child && entities.get(child.entity);
    if (child && next) {
      at = next;
      children = child.children ?? [];
      keys.push(part);
      continue;
    }
    const field = at.field.get(part);
    const collections = children.map((c) => c.key).join(', ') || 'none';
    if (i < parts.length - 1 || !field || field.computed)
      return `names "${name}": "${part}" is neither a stored field of ${at.name} nor one of its child collections (${collections})`;
    if (!keys.length && part === wf.stateField)
      return `names "${name}", the state field: only transitions move it, whatever the lock`;
    return keys.length ? { kind: 'childField', path: keys.join('.'), field: part } : { kind: 'field', field: part };
  }
  return { kind: 'children', path: keys.join('.') };
}

/**
 * Where the records of each entity sit under an entity that locks: for each child collection of a locking entity (and
 * each of theirs), the route from the child's records up to it. Set on every entity's `lockRoutes`.
 */
export function setLockRoutes(entities: ReadonlyMap<string, EntityDef>): void {
  const routes = new Map<string, LockRoute[]>();
  for (const holder of entities.values()) {
    if (!holder.locks.length) continue;
    const walk = (children: readonly ChildDef[], parent: EntityDef, path: string[], up: LockRoute['up']) => {
      for (const c of children) {
        const child = entities.get(c.entity);
        // a collection that holds its own ancestors would walk for ever; the loader has refused an unknown one already
        if (!child || path.length > 8) continue;
        const route: LockRoute = {
          holder: holder.name,
          path: [...path, c.key].join('.'),
          up: [{ via: c.via, entity: parent.name }, ...up],
        };
        routes.set(child.name, [...(routes.get(child.name) ?? []), route]);
        walk(c.children ?? [], child, [...path, c.key], route.up);
      }
    };
    walk(holder.children, holder, [], []);
  }
  for (const [name, list] of routes) (entities.get(name) as { lockRoutes: readonly LockRoute[] }).lockRoutes = list;
}
