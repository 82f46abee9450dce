import { saveAnswer } from '../../engine/public-flows/public-flow-service.ts';
import type { Engine } from '../../engine/records/scoped-call.ts';
import { add, asEmployee, perform, type DemoCast } from './demo-calls.ts';
import { inDays } from './demo-days.ts';

const SCALE = ['Rarely', 'Sometimes', 'Often', 'Usually', 'Always'];
const COMPETENCIES: [string, string[]][] = [
  ['Direction', ['Sets clear goals for the team', 'Explains why a change is needed']],
  ['Care', ['Listens before deciding', 'Gives credit where it is due']],
];

/**
 * A 360-degree round open now on Nusrat: the module administrator sets up the survey (a five-point scale, two
 * competencies with their questions), names Nusrat as the reviewed employee with a colleague (a department head of the
 * same unit) and an outside reviewer, and mails each their link; the outside reviewer has answered one question
 * through the link, as a respondent does, and not submitted.
 */
export async function seed360(engine: Engine, cast: DemoCast): Promise<void> {
  const year = new Date().getUTCFullYear();
  const { firstQuestion, link } = await asEmployee(engine, cast.companyId, cast.admin, async (ctx) => {
    const survey = await add(ctx, 'survey', {
      name: `Leadership 360 ${year}`,
      description: 'Feedback on the department heads from the people they work with',
      startDate: inDays(-7),
      endDate: inDays(30),
    });
    for (const [i, name] of SCALE.entries())
      await add(ctx, 'survey-scale', { surveyId: survey.id, value: i + 1, name });
    let firstQuestion = 0;
    for (const [name, questions] of COMPETENCIES) {
      const competency = await add(ctx, 'survey-competency', { surveyId: survey.id, name });
      for (const question of questions) {
        const q = await add(ctx, 'survey-question', { surveyCompetencyId: competency.id, question });
        firstQuestion ||= Number(q.id);
      }
    }
    const reviewed = await add(ctx, 'reviewed-employee', { surveyId: survey.id, employeeId: cast.manager });
    const peer = await add(ctx, 'survey-reviewer', {
      reviewedEmployeeId: reviewed.id,
      relationship: 'Peer',
      employeeId: cast.qaMember,
    });
    const outsider = await add(ctx, 'survey-reviewer', {
      reviewedEmployeeId: reviewed.id,
      relationship: 'Outsider',
      name: 'Meher Afroz',
      email: 'meher.afroz@partner.example',
    });
    await perform(ctx, 'survey-reviewer', 'share', { id: peer.id });
    await perform(ctx, 'survey-reviewer', 'share', { id: outsider.id });
    // the outsider's link, as the mail carries it: the token is stored only hashed
    const link = String(ctx.mail.at(-1)!.values.link);
    return { firstQuestion, link };
  });
  const token = /#token=([A-Za-z0-9_-]+)/.exec(link)![1];
  await saveAnswer(engine, 'survey-review', { token, questionId: firstQuestion, rating: 4 });
}
