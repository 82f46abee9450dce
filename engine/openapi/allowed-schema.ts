import type { AllowedOnRecord } from '../access/record-permissions.ts';
import type { CommandDef, EntityDef, JsonSchema } from '../metadata/registry.ts';
import { object } from './schema-shapes.ts';

/** The commands `_allowed.commands` may name: those that act on one record (engine/access/record-permissions.ts). */
const actsOnRecord = (c: CommandDef) =>
  c.method === 'POST' && (c.kind === 'patch' || c.kind === 'upload' || c.kind === 'share' || c.kind === 'hook');

const names = (values: readonly string[]): JsonSchema =>
  values.length ? { type: 'array', uniqueItems: true, items: { enum: [...values] } } : { type: 'array', maxItems: 0 };

/**
 * `_allowed` of one of the entity's records: what the caller may do with it now. Keyed by AllowedOnRecord's own keys,
 * so that a key added there fails the type check here until the document describes it.
 */
export function allowedSchema(entity: EntityDef): JsonSchema {
  const transitions = entity.workflow?.transitions.map((t) => t.action) ?? [];
  const properties = {
    update: { type: 'boolean', description: 'the caller may change the record now (update)' },
    delete: { type: 'boolean', description: 'the caller may delete the record now' },
    transitions: {
      ...names(transitions),
      description: 'the workflow transitions open now to the caller, from the record’s state',
    },
    commands: {
      ...names(entity.commands.filter(actsOnRecord).map((c) => c.name)),
      description: 'the commands about this record the caller may run on it',
    },
    inPlaceOf: {
      type: 'object',
      description:
        'the open transitions the caller would take in place of the employee the record names for them (its approver): that employee’s name, by action',
      ...(transitions.length ? { propertyNames: { enum: transitions } } : { maxProperties: 0 }),
      additionalProperties: { type: 'string' },
    },
    addChildren: {
      ...names(entity.children.map((c) => c.key)),
      description: 'on a record read by id: the child collections the caller may add to now',
    },
    fields: {
      type: 'array',
      uniqueItems: true,
      items: { type: 'string' },
      description:
        'the record is locked by its state (or its parent’s) but these fields stay open: update holds for them alone',
    },
    lockedChildren: {
      ...names(entity.children.map((c) => c.key)),
      description: 'the child collections the record’s lock closes: nothing is added there',
    },
    closed: {
      type: 'object',
      description:
        'the transitions the caller could take but for their window: its first and last day by action (null while not set)',
      ...(transitions.length ? { propertyNames: { enum: transitions } } : { maxProperties: 0 }),
      additionalProperties: object({ from: { type: ['string', 'null'] }, to: { type: ['string', 'null'] } }),
    },
    readOnlyFields: {
      ...names(entity.fields.filter((f) => f.writeRoles !== undefined).map((f) => f.name)),
      description:
        'fields the metadata gives to another party (x-writeRoles): the caller sees them, and may not change them',
    },
    awaiting: {
      type: 'object',
      description:
        'the transitions the caller could take but for a condition the record fails now: the refusal a call would get, by action, as a text (an i18n key and its values) to word in the reader’s language',
      ...(transitions.length ? { propertyNames: { enum: transitions } } : { maxProperties: 0 }),
      additionalProperties: {
        type: 'object',
        required: ['key'],
        properties: {
          key: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
          params: { type: 'object' },
          fallback: { type: 'string' },
        },
      },
    },
  } satisfies Record<keyof AllowedOnRecord, JsonSchema>;
  return {
    ...object(properties, [
      'inPlaceOf',
      'addChildren',
      'fields',
      'lockedChildren',
      'closed',
      'readOnlyFields',
      'awaiting',
    ]),
    description: 'what the caller may do with this record now; the screens show exactly these controls',
  };
}
