import { AppError } from '../../../app-error.ts';
import { text, type Text } from '../../../i18n/text.ts';
import { moduleLabel } from '../../../i18n/message-words.ts';
import type { Row } from '../../../db/db.ts';
import type { CallContext } from '../../../records/call-context.ts';

/** Who a review waits for: the employee it belongs to, that employee's supervisor (or acting supervisor), or the PM committee (the performance module's admins). */
export type ReviewParty = 'employee' | 'supervisor' | 'committee';

export const isCommittee = (ctx: CallContext): boolean =>
  ctx.actor.role === 'employee' && ctx.actor.adminModules.has('performance');

/** Whether the caller supervises (or stands in as acting supervisor for) an employee. */
export async function supervises(ctx: CallContext, employeeId: unknown): Promise<boolean> {
  if (ctx.actor.employeeId === null || employeeId === null || employeeId === undefined) return false;
  const rows = await ctx.tx.query(
    `SELECT 1 FROM employee WHERE company_id = $1 AND id = $2 AND (supervisor_id = $3 OR acting_supervisor_id = $3)`,
    [ctx.companyId, employeeId, ctx.actor.employeeId],
  );
  return rows.length > 0;
}

/**
 * Refuses (403) a caller who is not the party a step of this review belongs to. A corporate review's every step is
 * the PM committee's; a personal one's are the employee's own or the supervisor's.
 */
export async function assertParty(
  ctx: CallContext,
  record: Row,
  party: Exclude<ReviewParty, 'committee'>,
  what: Text,
): Promise<void> {
  if (record.type === 'Corporate') {
    if (!isCommittee(ctx))
      throw AppError.worded(
        'forbidden',
        text('refusal.review.committeeOnly', { what, module: moduleLabel('performance') }),
      );
    return;
  }
  if (party === 'employee') {
    if (record.employeeId !== ctx.actor.employeeId)
      throw AppError.worded('forbidden', text('refusal.review.employeeOnly', { what }));
    return;
  }
  if (!(await supervises(ctx, record.employeeId)))
    throw AppError.worded('forbidden', text('refusal.review.supervisorOnly', { what }));
}
