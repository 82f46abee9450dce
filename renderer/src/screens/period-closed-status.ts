/** The special status a review holds when its window has closed (spec 001: { id: -1, status: 'Period is closed' }). */
export const PERIOD_CLOSED_STATUS = Object.freeze({ id: -1, status: 'Period is closed' } as const);
export type HeldStatus = typeof PERIOD_CLOSED_STATUS;

/**
 * The status a failed workflow step leaves a record in the screen's eyes: the period-closed status when the server's
 * stable error code says so (code period_closed), else none. Never read from the message text (defect D16).
 */
export function heldStatusOf(failure: { code?: string | null } | null | undefined): HeldStatus | null {
  return failure?.code === 'period_closed' ? PERIOD_CLOSED_STATUS : null;
}
