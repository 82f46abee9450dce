import type { CommandHook } from '../hook-registry.ts';
import { inboxPage } from '../../inbox/inbox-query.ts';
import type { InboxArea, InboxFilters } from '../../inbox/inbox-branch.ts';

const id = (value: unknown) => (value === undefined || value === '0' ? undefined : Number(value));

/**
 * GET dashboard-item/inbox: what waits for the caller across the company's modules (engine/inbox), the page of one tab
 * with the counts of every tab, narrowed by the spec's filters (0 or none: every plan, quarter, type, month). The
 * command's input schema has checked every value.
 */
export const myInbox: CommandHook = async (ctx, _entity, input) => {
  const filters: InboxFilters = {
    strategicPlanId: id(input.strategicPlanId),
    annualPlanId: id(input.annualPlanId),
    quarterId: id(input.quarterId),
    type: ['Annual', 'Periodic', 'mine', 'reports'].includes(input.type as string)
      ? (input.type as InboxFilters['type'])
      : undefined,
    month: (input.month as string | undefined) || undefined,
  };
  return inboxPage(
    ctx,
    ((input.tab as string | undefined) ?? 'all') as 'all' | InboxArea,
    filters,
    Math.min(Number(input.limit ?? 50), 200),
    Number(input.offset ?? 0),
  );
};
