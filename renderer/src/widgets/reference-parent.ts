import type { EntityMeta, FieldSchema } from '../meta/meta-types.ts';

/**
 * Whether `field` of `target` links each of its records to the record it belongs to (a department's business unit):
 * a reference the target cannot be without (a required field), or one a parent entity declares as the way to its
 * children. An optional reference (an employee's business unit) is a fact about the record, not where it belongs.
 */
export function isParentLink(target: EntityMeta, field: string, entities: readonly EntityMeta[]): boolean {
  if (!target.schema.properties[field]?.['x-ref']) return false;
  if (target.schema.required?.includes(field)) return true;
  return entities.some((e) => e.children.some((c) => c.entity === target.name && c.via === field));
}

/**
 * The list filter a reference select narrows its choices by: when the records it offers belong to a parent (their
 * parent link is a list filter) and the form already names a record of that parent's entity, only that parent's
 * children are offered (the departments of the chosen business unit). Nothing else narrows the choices: a
 * supervisor is any employee, whatever business unit the form's employee is in.
 */
export function parentFilter(
  target: EntityMeta,
  formProperties: Readonly<Record<string, Pick<FieldSchema, 'x-ref'>>>,
  formData: Readonly<Record<string, unknown>>,
  entities: readonly EntityMeta[],
): { filter: string; value: number } | undefined {
  for (const [name, f] of Object.entries(target.schema.properties)) {
    if (!f['x-ref'] || !target.list.filters.includes(name) || !isParentLink(target, name, entities)) continue;
    const formField = Object.entries(formProperties).find(([, ff]) => ff['x-ref'] === f['x-ref'])?.[0];
    const value = formField === undefined ? undefined : formData[formField];
    if (value != null && value !== '') return { filter: name, value: Number(value) };
  }
  return undefined;
}
