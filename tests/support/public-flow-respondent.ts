import type { EntityDef } from '../../engine/metadata/registry.ts';
import { addSample, type ParentCache } from './sample-records.ts';
import { decodeMail, type Client, type TestStratum } from './test-stratum.ts';

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let made = 0;

/**
 * What a flow's generated recipient needs beyond a valid record, where the flow's own rules ask for it: parents to
 * reuse (an open survey rather than one dated in the past, with a scale and a question) and field values. A flow
 * without an entry gets a generated recipient as it is.
 */
const READY: Record<
  string,
  (admin: Client, t: TestStratum) => Promise<{ shared?: ParentCache; overrides?: Record<string, unknown> }>
> = {
  // an audit with a question to answer
  'audit-questionnaire': async (admin, t) => {
    const { record: audit } = await addSample(admin, t.stratum.registry, 'audit-engagement');
    const area = (await admin.post('audit-questionnaire-area/add', { auditEngagementId: audit.id, name: 'Controls' }))
      .body.data.item;
    await admin.post('audit-questionnaire-question/add', {
      auditQuestionnaireAreaId: area.id,
      question: 'Who approves changes?',
      answerType: 'Text',
    });
    return { overrides: { auditEngagementId: audit.id } };
  },
  // a 360 survey that is open today; the outsider needs a name
  'survey-review': async (admin) => {
    const survey = (
      await admin.post('survey/add', { name: `Open survey ${++made}`, startDate: isoDay(-1), endDate: isoDay(30) })
    ).body.data.survey;
    for (const [value, name] of [
      [1, 'Low'],
      [2, 'High'],
    ] as const)
      await admin.post('survey-scale/add', { surveyId: survey.id, value, name });
    const competency = (await admin.post('survey-competency/add', { surveyId: survey.id, name: 'Care' })).body.data
      .surveyCompetency;
    await admin.post('survey-question/add', { surveyCompetencyId: competency.id, question: 'Listens well?' });
    return {
      shared: new Map([['survey', survey.id]]),
      overrides: { relationship: 'Outsider', name: 'Outside reviewer' },
    };
  },
  // an organisational survey runs with its quarter: an annual plan whose first quarter is under way
  'organizational-survey-review': async (admin) => {
    const strategic = await admin.post('strategic-plan/add', {
      description: 'Plan',
      startDate: isoDay(-400),
      endDate: isoDay(1000),
    });
    const plan = await admin.post('annual-plan/add', {
      name: `Running year ${++made}`,
      strategicPlanId: strategic.body.data.strategic.id,
      startDate: isoDay(-10),
      endDate: isoDay(354),
    });
    const quarter = { annualPlanId: plan.body.data.annualPlan.id, quarterIndex: 0 };
    for (const [value, name] of [
      [1, 'Rarely'],
      [2, 'Always'],
    ] as const)
      await admin.post('organizational-survey-scale/add', { ...quarter, value, name });
    const value = (await admin.post('organizational-value/add', { name: `Integrity ${made}` })).body.data
      .organizationalValue;
    const competency = await admin.post('organizational-survey-competency/add', {
      ...quarter,
      organizationalValueId: value.id,
      name: 'Keeping promises',
    });
    await admin.post('organizational-survey-question/add', {
      organizationalSurveyCompetencyId: competency.body.data.organizationalSurveyCompetency.id,
      question: 'Keeps promises?',
    });
    return { overrides: quarter };
  },
};

/**
 * A recipient of the flow that its rules let answer, added by a module admin of every module, its link mailed: the
 * record, the token from the newest mail to its address, and the share reply's text.
 */
export async function sentRecipient(
  t: TestStratum,
  admin: Client,
  entity: EntityDef,
): Promise<{ id: number; token: string; shareReply: string }> {
  const flow = entity.publicFlow!;
  const email = `respondent.${Math.random().toString(36).slice(2)}@outside.example`;
  const ready = (await READY[flow.name]?.(admin, t)) ?? {};
  const { record } = await addSample(
    admin,
    t.stratum.registry,
    entity.name,
    { ...ready.overrides, [flow.email]: email },
    ready.shared,
  );
  const share = entity.commands.find((c) => c.kind === 'share')!;
  const r = await admin.post(`${entity.name}/${share.name}`, { id: record.id });
  if (r.status !== 200) throw new Error(`share ${entity.name}: ${r.status} ${r.body.err_msg}`);
  const mail = decodeMail((await t.mails()).reverse().find((m) => decodeMail(m).includes(`To: ${email}`))!);
  const token = new RegExp(`${flow.page}/${flow.authPage}#token=([A-Za-z0-9_-]{40,})`).exec(mail)![1];
  return { id: record.id, token, shareReply: JSON.stringify(r.body) };
}

/** Answers every question the link opens, each with a value of its kind; returns the questions. */
export async function answerAll(t: TestStratum, entity: EntityDef, token: string): Promise<{ id: number }[]> {
  const flow = entity.publicFlow!.name;
  const info = (await t.anonymous.post(`public/${flow}/auth`, { token })).body.data.info;
  for (const q of info.questions as { id: number; type: string; options?: { value: unknown }[]; field?: string }[]) {
    const field = q.field ?? (q.type === 'text' ? 'answer' : q.type);
    const r = await t.anonymous.post(`public/${flow}/answer`, {
      token,
      questionId: q.id,
      [field]: q.type === 'text' ? 'An answer' : q.options![0].value,
    });
    if (r.status !== 200) throw new Error(`answer ${flow} ${q.id}: ${r.status} ${r.body.err_msg}`);
  }
  return info.questions;
}
