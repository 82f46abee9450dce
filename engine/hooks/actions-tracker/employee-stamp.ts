import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';

/**
 * A read-only reference to the employee who added the record (a committee's creator, a comment's author), taken from
 * the signed-in caller, never from the body, so that "my committees" and "only the author deletes" can be trusted.
 * It is set once, on add; updates keep it.
 */
export function stampEmployee(field: string): BeforeWriteHook {
  return async (ctx, _entity, before) => {
    if (before) return {};
    if (ctx.actor.employeeId === null) throw AppError.worded('forbidden', text('refusal.employeesOnly'));
    return { [field]: ctx.actor.employeeId };
  };
}

export const stampCreator = stampEmployee('creatorId');
export const stampAuthor = stampEmployee('authorId');
