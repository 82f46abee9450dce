import { AppError } from '../../app-error.ts';
import { text } from '../../i18n/text.ts';
import type { Row } from '../../db/db.ts';
import type { EntityDef } from '../../metadata/registry.ts';
import { quoteIdent } from '../../metadata/naming.ts';
import type { CallContext } from '../../records/call-context.ts';
import { columnOf, selectColumns } from '../../records/record-columns.ts';
import { withComputed } from '../../records/record-store.ts';
import { validateInput } from '../../records/record-validator.ts';
import type { CommandHook } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';
import { dueSoonUntilSql } from './activity-due-status.ts';

const PAGE_INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'string', pattern: '^[0-9]+$' }, offset: { type: 'string', pattern: '^[0-9]+$' } },
};

/**
 * The activities the caller's compliance teams must act on: due soon or overdue (the dueStatus rule), and not already
 * waiting for approval. `t` names the activity's table (or its alias); $1 is the company, $2 the caller, `today` the
 * placeholder of today. My inbox lists them by the same rule (engine/inbox/compliance-required.ts).
 */
export function requiredActionsWhere(entity: EntityDef, t: string, today: string): string {
  const column = (f: string) => `${t}.${quoteIdent(columnOf(entity, f)!)}`;
  return `${t}.company_id = $1
    AND ${t}.compliance_team_id IN (SELECT compliance_team_id FROM compliance_team_member WHERE company_id = $1 AND employee_id = $2)
    AND ${column('nextComplianceDate')} <= ${dueSoonUntilSql({ column }, today)}
    AND NOT EXISTS (SELECT 1 FROM compliance_submission s WHERE s.company_id = $1 AND s.compliance_activity_id = ${t}.id AND s.status = 'Submitted')`;
}

/** The states of a submission still being prepared: the one a required action continues (the newest) rather than starts. */
export const OPEN_SUBMISSION_STATES = ['Draft', 'Declined'] as const;

const requiredWhere = (entity: EntityDef) => requiredActionsWhere(entity, 'compliance_activity', '$3');

function callerOf(ctx: CallContext): number {
  if (ctx.actor.employeeId === null) throw AppError.worded('bad_request', text('refusal.employeesOnly'));
  return ctx.actor.employeeId;
}

/**
 * GET compliance-activity/required-actions[?limit=&offset=]: the caller's required actions, the most urgent first, each
 * with its due status and the draft or declined submission it already has (openSubmissionId), if any.
 */
export const requiredActions: CommandHook = async (ctx, entity, input) => {
  validateInput(PAGE_INPUT, input);
  const limit = Math.min(Number(input.limit ?? 50), 500);
  const offset = Number(input.offset ?? 0);
  if (limit < 1) throw new AppError('bad_request', 'limit must be at least 1');
  const params = [ctx.companyId, callerOf(ctx), today()];
  const where = requiredWhere(entity);
  const [rows, [{ n }]] = await Promise.all([
    ctx.tx.query(
      `SELECT ${selectColumns(entity)} FROM compliance_activity WHERE ${where} ORDER BY next_compliance_date, id LIMIT ${limit} OFFSET ${offset}`,
      params,
      { prepare: false },
    ),
    ctx.tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM compliance_activity WHERE ${where}`, params),
  ]);
  const list = withComputed(ctx, entity, rows);
  const open = list.length
    ? await ctx.tx.query<{ id: number; activityId: number; status: string }>(
        `SELECT DISTINCT ON (compliance_activity_id) id, compliance_activity_id AS "activityId", status FROM compliance_submission
          WHERE company_id = $1 AND compliance_activity_id = ANY($2) AND status IN (${OPEN_SUBMISSION_STATES.map((x) => `'${x}'`).join(', ')}) ORDER BY compliance_activity_id, id DESC`,
        [ctx.companyId, list.map((r) => r.id)],
      )
    : [];
  const byActivity = new Map(open.map((s) => [s.activityId, s]));
  for (const r of list as Row[]) {
    const s = byActivity.get(r.id as number);
    r.openSubmissionId = s?.id ?? null;
    r.openSubmissionStatus = s?.status ?? null;
  }
  return { list, total: n, limit, offset };
};

/** GET compliance-activity/required-action-count: how many required actions the caller has (data.count). */
export const requiredActionCount: CommandHook = async (ctx, entity) => {
  const [{ n }] = await ctx.tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM compliance_activity WHERE ${requiredWhere(entity)}`,
    [ctx.companyId, callerOf(ctx), today()],
  );
  return n;
};
