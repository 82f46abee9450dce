import { recordRoleWhere } from '../access/record-role-sql.ts';
import { today } from '../hooks/performance/quarter-windows.ts';
import { filterSql, personSql, type BranchInput, type InboxBranch } from './inbox-branch.ts';

/**
 * Strategy execution's performance reviews (an initiative's actual in a review cycle) waiting for a step: a submitted
 * one for the plan's approver to accept or return; a draft one for the initiative's owner to submit, once returned
 * (it carries the return reason) or while its cycle is open today. A draft of a cycle not yet open, or long closed
 * without a return, waits for no one. Titled by the initiative and the cycle, dated by the cycle's last day, about the
 * owner; the review's page is where both act.
 */
export function executionReviews(input: BranchInput, step: 'accept' | 'submit'): InboxBranch {
  const { ctx, bind, filters } = input;
  const entity = ctx.registry.entity('performance-review');
  const read = recordRoleWhere({ actor: ctx.actor, companyId: ctx.companyId }, entity, bind, 't');
  const kind = step === 'accept' ? 'performanceReviewsToAccept' : 'performanceReviewsToSubmit';
  // today is bound only where it is used: every value a statement binds must be used
  const waiting = () => {
    if (step === 'accept') return `t.status = 'Submitted' AND t.approver_id = $2`;
    const day = `${bind(today())}::date`;
    return `t.status = 'Draft' AND t.owner_id = $2 AND (t.return_reason IS NOT NULL OR (c.start_date <= ${day} AND c.end_date >= ${day}))`;
  };
  const where = [
    't.company_id = $1',
    waiting(),
    ...(read ? [read] : []),
    ...filterSql(bind, filters, { date: 'c.end_date' }),
  ];
  return {
    kind,
    area: 'strategy',
    module: 'strategy-execution',
    select: `SELECT '${kind}' AS kind, 'strategy' AS area, 'strategy-execution' AS module, t.id,
        concat(ai.name, ' (', c.name, ')') AS title, ${personSql('t.owner_id')} AS person, t.status::text AS state,
        c.end_date AS date, concat('/app/strategy-execution/performance-reviews/edit?id=', t.id) AS link
      FROM performance_review t
      JOIN performance_review_cycle c ON c.company_id = $1 AND c.id = t.performance_review_cycle_id
      JOIN annual_initiative ai ON ai.company_id = $1 AND ai.id = t.annual_initiative_id
      WHERE ${where.join(' AND ')}`,
  };
}
