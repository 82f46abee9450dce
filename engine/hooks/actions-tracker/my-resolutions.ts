import { listRecords } from '../../records/record-store.ts';
import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { CommandHook } from '../hook-registry.ts';

/**
 * GET resolution/mine: the spec's "my resolutions", a page of the resolutions the signed-in employee owns or whose
 * resolution team they are a member of (any list filter, sort and paging applies on top). One query, a subquery for
 * the teams.
 */
export const myResolutions: CommandHook = async (ctx, entity, input) => {
  const me = ctx.actor.employeeId;
  if (me === null) throw AppError.worded('bad_request', text('refusal.employeesOnly'));
  const query = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, [String(v)]]));
  const r = await listRecords(ctx, entity, query, (param) => {
    const p = param(me);
    return `"owner_id" = ${p} OR "resolution_team_id" IN (SELECT resolution_team_id FROM resolution_team_member WHERE company_id = ${param(ctx.companyId)} AND employee_id = ${p})`;
  });
  return { list: r.rows, total: r.total, totalCapped: r.totalCapped, limit: r.limit, offset: r.offset };
};
