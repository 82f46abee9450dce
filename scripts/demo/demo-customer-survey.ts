import type { Engine } from '../../engine/records/scoped-call.ts';
import { add, asEmployee, perform, type DemoCast } from './demo-calls.ts';
import { inDays } from './demo-days.ts';

const SCALE = ['Very dissatisfied', 'Dissatisfied', 'Neutral', 'Satisfied', 'Very satisfied'];
const AREAS: [string, string[]][] = [
  ['Planning', ['The audit’s scope and timing were explained beforehand', 'Requests for documents were reasonable']],
  ['Conduct', ['The auditors were professional and courteous', 'Findings were discussed before the report']],
];

/**
 * An audit in fieldwork and its customer satisfaction survey: the module administrator sets up the audit plan, the
 * engagement (the QA department head audits, Tanvir manages, the administrator approves) and the survey with its
 * scale, areas and questions; Tanvir sends the survey to Nusrat, the auditee, whose task it now is.
 */
export async function seedCustomerSurvey(engine: Engine, cast: DemoCast): Promise<void> {
  const year = new Date().getUTCFullYear();
  const { engagement, survey } = await asEmployee(engine, cast.companyId, cast.admin, async (ctx) => {
    const plan = await add(ctx, 'audit-plan', { name: `Audit plan ${year}`, year });
    const engagement = await add(ctx, 'audit-engagement', {
      name: 'Yarn procurement review',
      auditPlanId: plan.id,
      auditorId: cast.qaMember,
      auditManagerId: cast.supervisor,
      approverId: cast.admin,
      startDate: inDays(-14),
      endDate: inDays(30),
      objective: 'Whether yarn is bought at agreed prices from approved suppliers',
    });
    const survey = await add(ctx, 'customer-satisfaction-survey', {
      name: 'Auditee satisfaction',
      description: 'How the audited department found the audit',
    });
    for (const [i, name] of SCALE.entries())
      await add(ctx, 'audit-survey-rating-scale', { customerSatisfactionSurveyId: survey.id, name, value: i + 1 });
    for (const [name, questions] of AREAS) {
      const area = await add(ctx, 'audit-survey-area', { customerSatisfactionSurveyId: survey.id, name });
      for (const question of questions)
        await add(ctx, 'audit-survey-question', {
          customerSatisfactionSurveyId: survey.id,
          auditSurveyAreaId: area.id,
          question,
        });
    }
    return { engagement, survey };
  });
  await asEmployee(engine, cast.companyId, cast.qaMember, (ctx) =>
    perform(ctx, 'audit-engagement', 'start-fieldwork', { id: engagement.id }),
  );
  await asEmployee(engine, cast.companyId, cast.supervisor, async (ctx) => {
    const response = await add(ctx, 'audit-survey-response', {
      auditEngagementId: engagement.id,
      customerSatisfactionSurveyId: survey.id,
      receiverId: cast.manager,
    });
    await perform(ctx, 'audit-survey-response', 'send-survey', { id: response.id });
  });
}
