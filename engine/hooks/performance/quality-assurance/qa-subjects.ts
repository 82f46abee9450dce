import { AppError } from '../../../app-error.ts';
import type { Row } from '../../../db/db.ts';
import type { CallContext } from '../../../records/call-context.ts';
import { fetchOne } from '../../../records/record-store.ts';

/** The two QA lists of an annual plan: members who review scorecards, and members who review performance assessments. */
export type QaList = 'Scorecard' | 'Performance';
export const QA_LISTS: readonly QaList[] = ['Scorecard', 'Performance'];

/** What a review of each list is of: the field of qa-review naming it, its entity, and what a message calls it. */
export const SUBJECT: Readonly<
  Record<QaList, { field: 'scorecardId' | 'assessmentId'; column: string; entity: string; noun: string }>
> = {
  Scorecard: { field: 'scorecardId', column: 'scorecard_id', entity: 'performance-scorecard', noun: 'scorecard' },
  Performance: {
    field: 'assessmentId',
    column: 'assessment_id',
    entity: 'performance-assessment',
    noun: 'performance assessment',
  },
};

/** The assessment states a QA review looks at; from them QA refers an assessment back or completes it. */
export const REVIEWABLE_ASSESSMENT_STATES: readonly string[] = ['Assessed', 'Agreed', 'Disputed'];

/** One subject of QA: a scorecard or an assessment, with the plan and employee it belongs to. */
export interface Subject {
  readonly list: QaList;
  readonly id: number;
  readonly annualPlanId: number | null;
  readonly employeeId: number | null;
  readonly status: string;
  readonly record: Row;
}

export const subjectListOf = (review: Row): QaList => review.list as QaList;
export const subjectIdOf = (review: Row): number => review[SUBJECT[subjectListOf(review)].field] as number;

/** The subject a command names: exactly one of scorecardId (the Scorecard list) and assessmentId (the Performance list). */
export function subjectNamed(input: Record<string, unknown>): { list: QaList; id: number } {
  const given = QA_LISTS.filter((l) => input[SUBJECT[l].field] !== undefined && input[SUBJECT[l].field] !== null);
  if (given.length !== 1)
    throw AppError.validation([
      {
        field: 'scorecardId',
        message: 'name exactly one subject: scorecardId (a scorecard review) or assessmentId (a performance review)',
      },
    ]);
  return { list: given[0], id: input[SUBJECT[given[0]].field] as number };
}

/** The scorecard or assessment, locked when asked; 404 when the company has none with that id. */
export async function loadSubject(ctx: CallContext, list: QaList, id: number, lock = false): Promise<Subject> {
  const entity = ctx.registry.entity(SUBJECT[list].entity);
  const record = await fetchOne(ctx, entity, id, lock);
  return {
    list,
    id,
    annualPlanId: (record.annualPlanId as number | null) ?? null,
    employeeId: (record.employeeId as number | null) ?? null,
    status: String(record.status),
    record,
  };
}

/** The members of one QA list of one plan, with their employees' names, in the order they were added. */
export async function listMembers(ctx: CallContext, annualPlanId: number, list: QaList): Promise<Row[]> {
  return ctx.tx.query(
    `SELECT m.id, m.employee_id AS "employeeId", concat_ws(' ', e.first_name, e.last_name) AS "employeeName"
       FROM qa_member m JOIN employee e ON e.company_id = m.company_id AND e.id = m.employee_id
      WHERE m.company_id = $1 AND m.annual_plan_id = $2 AND m.list = $3 ORDER BY m.id`,
    [ctx.companyId, annualPlanId, list],
  );
}

/** The reviews of one subject, oldest first; locked when the caller is about to change them. */
export async function subjectReviews(ctx: CallContext, list: QaList, subjectId: number, lock = false): Promise<Row[]> {
  return ctx.tx.query(
    `SELECT id, qa_member_id AS "qaMemberId", reviewer_id AS "reviewerId", is_complete AS "isComplete", version
       FROM qa_review WHERE company_id = $1 AND list = $2 AND ${SUBJECT[list].column} = $3 ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    [ctx.companyId, list, subjectId],
  );
}
