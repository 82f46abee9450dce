import type { MetadataFault } from './metadata-error.ts';
import type { EntityDef, FieldDef } from './registry.ts';

/**
 * Checks every `x-refMatch` (a reference whose options and accepted records must match a field of the form: a
 * pillar's perspective of the pillar's own plan) so that a name it gets wrong fails the start, not a save: the
 * referenced entity has the field and lists by it (the select narrows its options through that filter), and the
 * form's side is a field of the record, or `<reference>.<field>` of the record a reference names, holding the same kind
 * of value (both naming records of one entity).
 */
export function checkRefMatches(entities: ReadonlyMap<string, EntityDef>, faults: MetadataFault[]): void {
  for (const entity of entities.values()) {
    for (const f of entity.fields) {
      const match = f.schema['x-refMatch'] as Record<string, string> | undefined;
      if (!match) continue;
      const at = `/schema/properties/${f.name}/x-refMatch`;
      const fault = (message: string) => faults.push({ file: entity.source, pointer: at, message });
      const target = f.ref ? entities.get(f.ref) : undefined;
      if (!target) {
        fault('belongs on a reference to a known entity');
        continue;
      }
      for (const [theirs, ours] of Object.entries(match)) {
        const their = target.field.get(theirs);
        if (!their) fault(`names "${theirs}", which ${target.name} does not have`);
        else if (!target.list.filters.includes(theirs))
          fault(
            `"${theirs}" must be a list filter of ${target.name}, so that the select can offer only matching records`,
          );
        const our = ownSide(entity, ours, entities);
        if (typeof our === 'string') fault(our);
        else if (their && (our.ref ?? our.type) !== (their.ref ?? their.type))
          fault(`"${ours}" and ${target.name}'s "${theirs}" hold different kinds of value`);
      }
    }
  }
}

/**
 * Checks every `x-refExcept` (a record a select leaves out, for a rule a hook holds: a 360 reviewer is anyone but the
 * reviewed employee): the referenced entity lists by its field, the form's side holds the same kind of value, and each
 * field `unless` names is the entity's, with values it can hold.
 */
export function checkRefExcepts(entities: ReadonlyMap<string, EntityDef>, faults: MetadataFault[]): void {
  for (const entity of entities.values()) {
    for (const f of entity.fields) {
      const except = f.schema['x-refExcept'] as
        | { field: string; equals: string; unless?: Record<string, readonly (string | number)[]> }
        | undefined;
      if (!except) continue;
      const fault = (at: string, message: string) =>
        faults.push({ file: entity.source, pointer: `/schema/properties/${f.name}/x-refExcept${at}`, message });
      const target = f.ref ? entities.get(f.ref) : undefined;
      if (!target) {
        fault('', 'belongs on a reference to a known entity');
        continue;
      }
      // id is always a list filter (engine/records/list-query.ts)
      const their = except.field === 'id' ? { ref: target.name, type: 'integer' } : target.field.get(except.field);
      if (!their) fault('/field', `names "${except.field}", which ${target.name} does not have`);
      else if (except.field !== 'id' && !target.list.filters.includes(except.field))
        fault(
          '/field',
          `"${except.field}" must be a list filter of ${target.name}, so that the select can leave it out`,
        );
      const our = ownSide(entity, except.equals, entities);
      if (typeof our === 'string') fault('/equals', our);
      else if (their && (our.ref ?? our.type) !== (their.ref ?? their.type))
        fault('/equals', `"${except.equals}" and ${target.name}'s "${except.field}" hold different kinds of value`);
      for (const [name, values] of Object.entries(except.unless ?? {})) {
        const own = entity.field.get(name);
        if (!own) fault(`/unless/${name}`, `names "${name}", which ${entity.name} does not have`);
        else if (own.enum && values.some((v) => !own.enum!.includes(v)))
          fault(`/unless/${name}`, `lists a value "${name}" cannot hold (${own.enum.join(', ')})`);
      }
    }
  }
}

/** The field `ours` names (`field`, or `reference.field` through a reference of the entity), or why it names none. */
function ownSide(entity: EntityDef, ours: string, entities: ReadonlyMap<string, EntityDef>): FieldDef | string {
  const [first, second, ...rest] = ours.split('.');
  const own = entity.field.get(first);
  if (!own) return `names "${first}", which ${entity.name} does not have`;
  if (second === undefined) return own;
  if (rest.length) return `"${ours}" may go through one reference only`;
  const via = own.ref ? entities.get(own.ref) : undefined;
  if (!via) return `"${first}" is not a reference, so "${ours}" names nothing`;
  return via.field.get(second) ?? `names "${second}", which ${via.name} does not have`;
}

/**
 * Checks every `x-pickAmong` (an employee named among those a list keeps: a management action's owner among the
 * management action owners): it is on a reference to employee, and the list is a company entity whose field names
 * employees.
 */
export function checkPickAmongs(entities: ReadonlyMap<string, EntityDef>, faults: MetadataFault[]): void {
  for (const entity of entities.values()) {
    for (const f of entity.fields) {
      const among = f.schema['x-pickAmong'] as { entity: string; field: string } | undefined;
      if (!among) continue;
      const fault = (message: string) =>
        faults.push({ file: entity.source, pointer: `/schema/properties/${f.name}/x-pickAmong`, message });
      if (f.ref !== 'employee') fault('belongs on a reference to employee');
      const list = entities.get(among.entity);
      if (!list || list.scope !== 'company') fault(`names "${among.entity}", which is no entity of a company`);
      else if (list.field.get(among.field)?.ref !== 'employee')
        fault(`names "${among.field}", which is no reference to employee of ${list.name}`);
    }
  }
}
