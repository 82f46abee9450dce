import type { Engine } from '../../engine/records/scoped-call.ts';
import { add, asEmployee, perform, type DemoCast } from './demo-calls.ts';
import { currentQuarter } from './demo-reviews.ts';

const SCALE = ['Never', 'Rarely', 'Often', 'Always'];
const VALUES: [string, string, string[]][] = [
  ['Integrity', 'Keeping promises', ['Deadlines we agree are kept', 'Bad news is told early']],
  ['Customer focus', 'Knowing the customer', ['We know what our customers need from us', 'Complaints are followed up']],
];

/**
 * The organisational survey of the current quarter, open now: the module administrator sets up the company's values,
 * the quarter's scale, competencies and questions, and mails Tanvir, Nusrat and Sabbir their links.
 */
export async function seedOrganisationalSurvey(engine: Engine, cast: DemoCast, annualPlanId: number): Promise<void> {
  const { quarterIndex } = await currentQuarter(engine, cast, annualPlanId);
  const inQuarter = { annualPlanId, quarterIndex };
  await asEmployee(engine, cast.companyId, cast.admin, async (ctx) => {
    for (const [i, name] of SCALE.entries())
      await add(ctx, 'organizational-survey-scale', { ...inQuarter, value: i + 1, name });
    for (const [value, competency, questions] of VALUES) {
      const v = await add(ctx, 'organizational-value', { name: value });
      const c = await add(ctx, 'organizational-survey-competency', {
        ...inQuarter,
        organizationalValueId: v.id,
        name: competency,
      });
      for (const question of questions)
        await add(ctx, 'organizational-survey-question', { organizationalSurveyCompetencyId: c.id, question });
    }
    for (const employeeId of [cast.supervisor, cast.manager, cast.officer]) {
      const reviewer = await add(ctx, 'organizational-survey-reviewer', { ...inQuarter, employeeId });
      await perform(ctx, 'organizational-survey-reviewer', 'share', { id: reviewer.id });
    }
  });
}
