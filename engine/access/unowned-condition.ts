import type { Row } from '../db/db.ts';
import type { EntityDef } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';

/**
 * Which records of nobody the role unowned admits (`access.unownedWhen`): a corporate scorecard once a module admin
 * has made it visible, a library scorecard always; every one where the entity does not say. Judged on a record here,
 * and as SQL by `unownedSql`, the same conditions.
 */
export function unownedAdmits(entity: EntityDef, record: Row): boolean {
  return (
    !entity.unownedWhen ||
    entity.unownedWhen.some((condition) =>
      Object.entries(condition).every(([name, values]) => values.includes(record[name] as string | number | boolean)),
    )
  );
}

/**
 * `unownedAdmits` as a condition on the entity's columns (qualified by `alias`); `bind` binds a value and returns its
 * placeholder. Each value is bound on its own: a driver types an array by its first element (true: boolean, not boolean[]).
 */
export function unownedSql(entity: EntityDef, bind: (value: unknown) => string, alias?: string): string {
  if (!entity.unownedWhen) return 'TRUE';
  const column = (name: string) => `${alias ? `${alias}.` : ''}${quoteIdent(entity.field.get(name)!.column)}`;
  return `(${entity.unownedWhen
    .map(
      (condition) =>
        `(${Object.entries(condition)
          .map(([name, values]) => `${column(name)} IN (${values.map(bind).join(', ')})`)
          .join(' AND ')})`,
    )
    .join(' OR ')})`;
}
