import { AppError } from '../../../app-error.ts';
import { text } from '../../../i18n/text.ts';
import type { EntityDef } from '../../../metadata/registry.ts';
import type { CallContext } from '../../../records/call-context.ts';
import { selectColumns } from '../../../records/record-columns.ts';
import { withComputed } from '../../../records/record-store.ts';
import { validateInput } from '../../../records/record-validator.ts';
import type { CommandHook } from '../../hook-registry.ts';
import { today } from '../quarter-windows.ts';
import { isCommittee } from './review-parties.ts';

/**
 * The states in which a review waits for each party, and the step it waits for: the employee's own personal reviews,
 * the supervisor's reports', the PM committee's corporate ones, and `disputes`: any review, a personal one too, that
 * only the PM committee takes further (a disputed assessment, which it resolves or refers back; never the member's own).
 */
export const WAITING: Readonly<
  Record<
    'agreement' | 'assessment',
    {
      employee: Record<string, string>;
      supervisor: Record<string, string>;
      committee: Record<string, string>;
      disputes: Record<string, string>;
    }
  >
> = {
  agreement: {
    employee: { Pending: 'agree' },
    supervisor: { Disputed: 'resolve' },
    committee: { Pending: 'agree', Disputed: 'resolve' },
    disputes: {},
  },
  assessment: {
    employee: { Open: 'submit-self-assessment', Assessed: 'agree' },
    supervisor: { SelfAssessed: 'assess', ReferredBack: 'reassess' },
    committee: { Open: 'assess', SelfAssessed: 'assess', ReferredBack: 'reassess', Assessed: 'agree' },
    disputes: { Disputed: 'resolve-dispute' },
  },
};

/** The condition on a review row `t` that it is a dispute the PM committee takes further, not the caller's own ($2). */
const committeeDispute = (kind: 'agreement' | 'assessment'): string | null => {
  const states = Object.keys(WAITING[kind].disputes);
  return states.length
    ? `(t.type = 'Personal' AND t.status IN (${sqlList(states)}) AND t.employee_id IS DISTINCT FROM $2)`
    : null;
};

const INPUT = {
  type: 'object',
  additionalProperties: false,
  properties: {
    annualPlanId: { type: 'string', pattern: '^[1-9][0-9]*$' },
    quarterIndex: { enum: ['0', '1', '2', '3'] },
    limit: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    offset: { type: 'string', pattern: '^[0-9]{1,7}$' },
    status: { type: 'string', maxLength: 40 },
    type: { enum: ['Personal', 'Corporate'] },
    // a list screen sends its sort; a queue is always in the order its windows close
    sort: { type: 'string', maxLength: 100 },
  },
};

const sqlList = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
const caseOf = (states: Record<string, string>) =>
  Object.entries(states)
    .map(([s, a]) => `WHEN '${s}' THEN '${a}'`)
    .join(' ');

/**
 * The SQL condition on a review row `t` that it waits for the caller ($1 company, $2 caller): their own personal ones in
 * the employee's states, their reports' in the supervisor's, and (for the PM committee) the corporate ones in the
 * committee's. The queues list by it, the dashboard counts by it.
 */
export function waitingForCaller(ctx: CallContext, kind: 'agreement' | 'assessment'): string {
  const w = WAITING[kind];
  const own = `(t.type = 'Personal' AND t.employee_id = $2 AND t.status IN (${sqlList(Object.keys(w.employee))}))`;
  const reports = `(t.type = 'Personal' AND t.status IN (${sqlList(Object.keys(w.supervisor))}) AND t.employee_id IN (SELECT id FROM employee WHERE company_id = $1 AND (supervisor_id = $2 OR acting_supervisor_id = $2)))`;
  const disputes = committeeDispute(kind);
  const committee = isCommittee(ctx)
    ? ` OR (t.type = 'Corporate' AND t.status IN (${sqlList(Object.keys(w.committee))}))${disputes ? ` OR ${disputes}` : ''}`
    : '';
  return `(${own} OR ${reports}${committee})`;
}

/**
 * The records of a review entity waiting for the caller: the caller's own personal ones in the employee's states, those
 * of the employees the caller supervises or stands in for in the supervisor's, and (for the PM committee) the
 * corporate ones in the committee's; `currentQuarter` keeps those of the quarter running today. Each row carries
 * `waitingFor` (the step it waits for). $1 company, $2 caller.
 */
function queue(kind: 'agreement' | 'assessment', currentQuarter: boolean): CommandHook {
  return async (ctx, entity, input) => {
    validateInput(INPUT, input);
    if (ctx.actor.employeeId === null) throw AppError.worded('bad_request', text('refusal.employeesOnly'));
    const w = WAITING[kind];
    const where = [`t.company_id = $1`, waitingForCaller(ctx, kind)];
    const params: unknown[] = [ctx.companyId, ctx.actor.employeeId];
    if (input.annualPlanId !== undefined) where.push(`t.annual_plan_id = $${params.push(Number(input.annualPlanId))}`);
    if (input.quarterIndex !== undefined)
      where.push(
        `${kind === 'agreement' ? 'coalesce(t.quarter_index, 0)' : 't.quarter_index'} = $${params.push(Number(input.quarterIndex))}`,
      );
    if (input.status !== undefined) where.push(`t.status = $${params.push(input.status)}`);
    if (input.type !== undefined) where.push(`t.type = $${params.push(input.type)}`);
    if (currentQuarter)
      where.push(`EXISTS (SELECT 1 FROM quarter q WHERE q.company_id = $1 AND q.annual_plan_id = t.annual_plan_id AND q.quarter_index = ${kind === 'agreement' ? 'coalesce(t.quarter_index, 0)' : 't.quarter_index'}
                    AND q.start_date <= $${params.push(today())}::date AND q.end_date >= $${params.length}::date)`);
    const limit = Math.min(Number(input.limit ?? 50), 500);
    const offset = Number(input.offset ?? 0);
    const disputes = isCommittee(ctx) ? committeeDispute(kind) : null;
    const waitingFor = `CASE WHEN t.type = 'Corporate' THEN CASE t.status ${caseOf(w.committee)} END
      ${disputes ? `WHEN ${disputes} THEN CASE t.status ${caseOf(w.disputes)} END` : ''}
      WHEN t.employee_id = $2 THEN CASE t.status ${caseOf(w.employee)} END ELSE CASE t.status ${caseOf(w.supervisor)} END END`;
    const [rows, [{ n }]] = await Promise.all([
      ctx.tx.query(
        `SELECT ${columnsOf(entity)}, ${waitingFor} AS "waitingFor" FROM ${entity.table} t WHERE ${where.join(' AND ')} ORDER BY t.window_end_date NULLS LAST, t.id LIMIT ${limit} OFFSET ${offset}`,
        params,
        { prepare: false },
      ),
      ctx.tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${entity.table} t WHERE ${where.join(' AND ')}`,
        params,
        { prepare: false },
      ),
    ]);
    return { list: withComputed(ctx, entity, rows), total: n, limit, offset };
  };
}

const columnsOf = (entity: EntityDef) =>
  selectColumns(entity)
    .split(', ')
    .map((c) => `t.${c}`)
    .join(', ');

/** GET performance-agreement/inbox: the agreements waiting for the caller (agree, or resolve a dispute). */
export const agreementInbox = queue('agreement', false);
/** GET performance-assessment/inbox: the assessments waiting for the caller (self-assess, assess, agree, reassess). */
export const assessmentInbox = queue('assessment', false);
/** GET performance-agreement/required-actions: the agreements the caller must still act on in the quarter running today. */
export const agreementRequiredActions = queue('agreement', true);
/** GET performance-assessment/required-actions: the assessments the caller must still act on in the quarter running today. */
export const assessmentRequiredActions = queue('assessment', true);
