import type { ComputedHook, FilterHook } from '../hook-registry.ts';

/** A reviewer's invitation: Not Sent until the link goes out, then Sent, then Submitted once the review is in. */
export const invitationStatus: ComputedHook<'organizational-survey-reviewer' | 'survey-reviewer'> = (r) =>
  r.submittedAt ? 'Submitted' : r.sentAt ? 'Sent' : 'Not Sent';

/** ?status=Submitted (the completed reviews): the same rule as invitationStatus, as SQL. */
export const invitationStatusFilter: FilterHook = (value, sql) => {
  const submitted = sql.column('submittedAt');
  const sent = sql.column('sentAt');
  if (value === 'Submitted') return `${submitted} IS NOT NULL`;
  if (value === 'Sent') return `${submitted} IS NULL AND ${sent} IS NOT NULL`;
  if (value === 'Not Sent') return `${submitted} IS NULL AND ${sent} IS NULL`;
  return 'false';
};
