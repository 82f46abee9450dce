import type { Engine } from '../../engine/records/scoped-call.ts';
import { add, asEmployee, perform, type DemoCast } from './demo-calls.ts';
import { inDays } from './demo-days.ts';

/**
 * Personal development: the module administrator keeps a training catalogue and this year's training plan; Sabbir has
 * requested a training, which waits for Nusrat (his supervisor) to plan it; Tanvir has planned one for Nusrat.
 */
export async function seedTrainings(engine: Engine, cast: DemoCast): Promise<void> {
  const as = <T>(who: number, fn: Parameters<typeof asEmployee<T>>[3]) => asEmployee(engine, cast.companyId, who, fn);
  const year = new Date().getUTCFullYear();
  const { plan, lean, coaching } = await as(cast.admin, async (ctx) => {
    const technical = await add(ctx, 'training-category', { name: 'Technical', description: 'Skills of the trade' });
    const leadership = await add(ctx, 'training-category', { name: 'Leadership', description: 'Leading people' });
    const lean = await add(ctx, 'training', {
      name: 'Lean production basics',
      trainingCategoryId: technical.id,
      provider: 'Dhaka Productivity Centre',
      durationDays: 2,
    });
    const coaching = await add(ctx, 'training', {
      name: 'Coaching conversations',
      trainingCategoryId: leadership.id,
      provider: 'In-house',
      durationDays: 1,
    });
    const plan = await add(ctx, 'annual-training-plan', {
      name: `Training plan ${year}`,
      year,
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
    });
    return { plan, lean, coaching };
  });
  await as(cast.officer, (ctx) =>
    add(ctx, 'employee-training', {
      employeeId: cast.officer,
      trainingId: lean.id,
      annualTrainingPlanId: plan.id,
      notes: 'To cut the rework on my line',
    }),
  );
  await as(cast.supervisor, async (ctx) => {
    const request = await add(ctx, 'employee-training', {
      employeeId: cast.manager,
      trainingId: coaching.id,
      annualTrainingPlanId: plan.id,
    });
    await perform(ctx, 'employee-training', 'add-to-planned', { id: request.id, plannedDate: inDays(21) });
  });
}
