import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { BeforeWriteHook, EntityName, EntityRecord } from '../hook-registry.ts';

/**
 * A read-only reference to the employee who added the record (a committee's creator, a comment's author), taken from
 * the signed-in caller, never from the body, so that "my committees" and "only the author deletes" can be trusted.
 * It is set once, on add; updates keep it.
 */
export function stampEmployee<E extends EntityName>(field: keyof EntityRecord<E> & string): BeforeWriteHook<E> {
  return async (ctx, _entity, before) => {
    if (before) return {};
    if (ctx.actor.employeeId === null) throw AppError.worded('forbidden', text('refusal.employeesOnly'));
    // the field is one of E's (its type says so); TypeScript cannot follow a computed key into Partial<E>
    return { [field]: ctx.actor.employeeId } as Partial<EntityRecord<E>>;
  };
}

export const stampCreator = stampEmployee<'committee'>('creatorId');
export const stampAuthor = stampEmployee<'resolution-comment' | 'resolution-progress'>('authorId');
