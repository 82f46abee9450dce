import { AppError } from '../app-error.ts';
import { isDbError } from '../db/db.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { humanize } from '../metadata/naming.ts';

/**
 * Turns a constraint violation into the 4xx a user understands. Constraint names are the migrator's
 * (fk_<table>__<column>, uq_<table>__<columns>, ck_<table>__<column>), so the field can be named.
 */
export function mapDbError(e: unknown, registry: Registry, entity: EntityDef, action: 'add' | 'update' | 'delete'): unknown {
  if (!isDbError(e)) return e;
  const constraint = e.constraint ?? e.constraint_name ?? '';
  const [, table, columns] = /^(?:fk|uq|ck)_(.+?)__(.+)$/.exec(constraint) ?? [];
  const fieldOf = (ent: EntityDef | undefined, column: string | undefined) => ent?.fields.find((f) => f.column === column)?.name ?? column ?? 'a field';
  switch (e.code) {
    case '23001':
    case '23503': {
      if (action === 'delete' || (table && table !== entity.table)) {
        const referrer = [...registry.entities.values()].find((x) => x.table === table);
        return new AppError('in_use', `Cannot delete this ${humanize(entity.name)}: ${referrer ? 'a ' + humanize(referrer.name) : 'another record'} still refers to it`);
      }
      const f = entity.fields.find((x) => x.column === columns);
      const field = f?.name ?? columns ?? 'reference';
      return new AppError('validation_failed', `${field}: no ${f?.ref ? humanize(f.ref) : 'record'} with that id`, [{ field, message: `no ${f?.ref ? humanize(f.ref) : 'record'} with that id` }]);
    }
    case '23505': {
      const fields = (columns ?? '').split('__').map((c) => fieldOf(entity, c));
      return new AppError('conflict', `Another ${humanize(entity.name)} already has this ${fields.join(' and ')}`, fields.map((field) => ({ field, message: 'is already taken' })));
    }
    case '23514': {
      const field = fieldOf(entity, columns?.split('__')[0]);
      return new AppError('validation_failed', `${field}: value is not allowed`, [{ field, message: 'value is not allowed' }]);
    }
    case '23502': {
      const field = fieldOf(entity, e.column ?? e.column_name);
      return new AppError('validation_failed', `${field}: is required`, [{ field, message: 'is required' }]);
    }
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return new AppError('validation_failed', `A value is out of range or malformed: ${e.message}`);
    case '42501':
      return new AppError('forbidden', 'This record belongs to another company');
    default:
      return e;
  }
}
