import type { EntityName, EntityRecord } from '../../engine/hooks/hook-registry.ts';

/** A record of entity E with only the fields a hook's test is about (the hook reads no others); the names are checked. */
export const partialRecord = <E extends EntityName>(_entity: E, fields: Partial<EntityRecord<E>>): EntityRecord<E> =>
  fields as EntityRecord<E>;
