import type { FieldDef, Registry } from '../metadata/registry.ts';
import { quoteIdent } from '../metadata/naming.ts';

/** `x-pickAmong` on a reference to employee: the entity whose records list the employees it may name, and the field that names them. */
export interface PickAmong {
  readonly entity: string;
  readonly field: string;
}

export const pickAmongOf = (f: FieldDef | undefined): PickAmong | undefined =>
  f?.schema['x-pickAmong'] as PickAmong | undefined;

/**
 * The employees a field declaring `x-pickAmong` may name, as SQL over the employee table: those a record of the list
 * names (a management action's owner is one of the company's management action owners), or anyone while the company
 * keeps no such list (a company that has not drawn one up still names owners). Null where the field declares none.
 * `companyParam` is the company's placeholder.
 */
export function pickAmongWhere(registry: Registry, field: FieldDef | undefined, companyParam: string): string | null {
  const among = pickAmongOf(field);
  if (!among) return null;
  const list = registry.entity(among.entity);
  const table = quoteIdent(list.table);
  const column = quoteIdent(list.field.get(among.field)!.column);
  return `(NOT EXISTS (SELECT 1 FROM ${table} WHERE company_id = ${companyParam}) OR id IN (SELECT ${column} FROM ${table} WHERE company_id = ${companyParam}))`;
}
