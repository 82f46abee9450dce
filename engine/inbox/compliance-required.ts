import { recordRoleWhere } from '../access/record-role-sql.ts';
import { OPEN_SUBMISSION_STATES, requiredActionsWhere } from '../hooks/compliance-management/required-actions.ts';
import { today } from '../hooks/performance/quarter-windows.ts';
import { filterSql, personSql, type BranchInput, type InboxBranch } from './inbox-branch.ts';

const OPEN = OPEN_SUBMISSION_STATES.map((s) => `'${s}'`).join(', ');

/**
 * The compliance activities a team of the caller's must act on, by the rule of Compliance › Required actions (due soon
 * or overdue, none of its submissions waiting for approval: `requiredActionsWhere`), split as that screen's buttons
 * are: one without a submission in the making is to start there; one with a draft or declined submission (the newest)
 * is to continue on that submission. Titled by the activity, dated by its next compliance date; the person is whoever
 * last submitted a declined one.
 */
export function complianceSubmissions(input: BranchInput, step: 'start' | 'continue'): InboxBranch {
  const { ctx, bind, filters } = input;
  const activity = ctx.registry.entity('compliance-activity');
  const read = recordRoleWhere({ actor: ctx.actor, companyId: ctx.companyId }, activity, bind, 't');
  const kind = step === 'start' ? 'complianceSubmissionsToStart' : 'complianceSubmissionsToContinue';
  // the submission it continues: the newest draft or declined one, as the required actions screen opens
  const open = `(SELECT s.id, s.status, s.submitted_by_id FROM compliance_submission s
      WHERE s.company_id = $1 AND s.compliance_activity_id = t.id AND s.status IN (${OPEN}) ORDER BY s.id DESC LIMIT 1)`;
  const where = [
    requiredActionsWhere(activity, 't', `${bind(today())}`),
    ...(read ? [read] : []),
    step === 'start' ? 'o.id IS NULL' : 'o.id IS NOT NULL',
    ...filterSql(bind, filters, { date: 't.next_compliance_date' }),
  ];
  const link =
    step === 'start'
      ? `'/app/compliance-management/required-actions'`
      : `concat('/app/compliance-management/edit-submission?id=', o.id)`;
  return {
    kind,
    area: 'strategy',
    module: 'compliance-management',
    select: `SELECT '${kind}' AS kind, 'strategy' AS area, 'compliance-management' AS module, ${step === 'start' ? 't.id' : 'o.id'} AS id,
        t.name::text AS title, ${personSql('o.submitted_by_id')} AS person, ${step === 'start' ? 'NULL::text' : 'o.status::text'} AS state,
        t.next_compliance_date AS date, ${link} AS link
      FROM compliance_activity t LEFT JOIN LATERAL ${open} o ON true WHERE ${where.join(' AND ')}`,
  };
}
