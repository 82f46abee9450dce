import type { Row } from '../db/db.ts';
import type { EntityDef, FieldCondition } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';

/** Whether the record matches one of the conditions (each: every field named holds one of its values); none given: yes. */
export function matchesAny(conditions: readonly FieldCondition[] | undefined, record: Row): boolean {
  return (
    !conditions ||
    conditions.some((condition) =>
      Object.entries(condition).every(([name, values]) => values.includes(record[name] as string | number | boolean)),
    )
  );
}

/**
 * `matchesAny` as a condition on the entity's columns (qualified by `alias`); `bind` binds a value and returns its
 * placeholder. Each value is bound on its own: a driver types an array by its first element (true: boolean, not boolean[]).
 */
export function matchesAnySql(
  entity: EntityDef,
  conditions: readonly FieldCondition[] | undefined,
  bind: (value: unknown) => string,
  alias?: string,
): string {
  if (!conditions) return 'TRUE';
  const column = (name: string) => `${alias ? `${alias}.` : ''}${quoteIdent(entity.field.get(name)!.column)}`;
  return `(${conditions
    .map(
      (condition) =>
        `(${Object.entries(condition)
          .map(([name, values]) => `${column(name)} IN (${values.map(bind).join(', ')})`)
          .join(' AND ')})`,
    )
    .join(' OR ')})`;
}

/**
 * Which records of nobody the role unowned admits (`access.unownedWhen`): a corporate scorecard once a module admin
 * has made it visible, a library scorecard always; every one where the entity does not say. Judged on a record here,
 * and as SQL by `unownedSql`, the same conditions.
 */
export const unownedAdmits = (entity: EntityDef, record: Row): boolean => matchesAny(entity.unownedWhen, record);

/** `unownedAdmits` as a condition on the entity's columns (qualified by `alias`). */
export const unownedSql = (entity: EntityDef, bind: (value: unknown) => string, alias?: string): string =>
  matchesAnySql(entity, entity.unownedWhen, bind, alias);

/**
 * Which records the owner roles self and supervisor judge (`access.ownedWhen`): a scorecard of an employee or a unit,
 * not a corporate, operational or library one, whoever it names; every one with an owner where the entity does not
 * say. Judged on a record here, and as SQL by `ownedSql`.
 */
export const ownedAdmits = (entity: EntityDef, record: Row): boolean => matchesAny(entity.ownedWhen, record);

/** `ownedAdmits` as a condition on the entity's columns (qualified by `alias`). */
export const ownedSql = (entity: EntityDef, bind: (value: unknown) => string, alias?: string): string =>
  matchesAnySql(entity, entity.ownedWhen, bind, alias);
