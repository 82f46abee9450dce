import { AppError } from '../../../app-error.ts';
import { text } from '../../../i18n/text.ts';
import type { CallContext } from '../../../records/call-context.ts';

/** Whether the caller administers the performance module (the QA lists' owners). */
export const isPerformanceAdmin = (ctx: CallContext): boolean =>
  ctx.actor.role === 'employee' && ctx.actor.adminModules.has('performance');

/** The caller as an employee: QA is work of employees, never of the platform administrator. */
export function callerEmployee(ctx: CallContext): number {
  if (ctx.actor.employeeId === null) throw AppError.worded('forbidden', text('refusal.employeesOnly'));
  return ctx.actor.employeeId;
}
