import type { Client } from './test-stratum.ts';

/**
 * A QA review as users make one, for the suites that need a record of every entity: a module admin puts the reviewer
 * on the Scorecard QA list of a plan, and the reviewer (only a member may, as themselves) reviews a scorecard of it.
 */
export async function writeQaReview(
  admin: Client,
  reviewer: Client,
  reviewerId: number,
  subjectEmployeeId: number,
): Promise<void> {
  const must = (r: { status: number; body: { err_msg: string | null; data: any } }, what: string) => {
    if (r.status !== 200) throw new Error(`QA review set-up, ${what}: ${r.status} ${r.body.err_msg}`);
    return r.body.data;
  };
  const strategic = must(
    await admin.post('strategic-plan/add', {
      description: 'QA vision',
      startDate: '2026-01-01',
      endDate: '2030-12-31',
    }),
    'strategic plan',
  ).strategic;
  const plan = must(
    await admin.post('annual-plan/add', {
      name: 'QA year',
      strategicPlanId: strategic.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    }),
    'annual plan',
  ).annualPlan;
  const card = must(
    await admin.post('performance-scorecard/add', {
      name: 'Reviewed card',
      level: 'employee',
      employeeId: subjectEmployeeId,
      annualPlanId: plan.id,
      includeKeyPerformanceArea: 'No',
    }),
    'scorecard',
  ).scorecard;
  const member = must(
    await admin.post('qa-member/add', { annualPlanId: plan.id, list: 'Scorecard', employeeId: reviewerId }),
    'QA member',
  ).member;
  must(
    await reviewer.post('qa-review/add', {
      qaMemberId: member.id,
      scorecardId: card.id,
      comment: 'Weights and targets checked',
    }),
    'QA review',
  );
}
