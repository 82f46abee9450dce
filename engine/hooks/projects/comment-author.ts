import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { BeforeWriteHook } from '../hook-registry.ts';

/** beforeWrite of milestone and task comments: a comment is written by the signed-in employee and stays theirs. */
export const stampAuthor: BeforeWriteHook<'milestone-comment' | 'task-comment'> = async (ctx, _entity, before) => {
  if (before) return { authorId: before.authorId };
  if (ctx.actor.employeeId === null) throw AppError.worded('forbidden', text('refusal.employeesOnly'));
  return { authorId: ctx.actor.employeeId };
};
