import type { Registry } from '../../../engine/metadata/registry.ts';
import { isoDay } from '../../support/iso-day.ts';
import { addSample } from '../../support/sample-records.ts';
import type { Client, Reply, TestStratum } from '../../support/test-stratum.ts';

/**
 * Words planted in confidential records (Nusrat's own, comments on them, and a draft corporate scorecard nobody has
 * shown to employees): no reply to anyone who may not read them may carry one.
 */
export const MARKERS = [
  'Nusrat confidential card',
  'Nusrat secret KPI',
  'Nusrat secret note',
  'Nusrat labour matter',
  'Boss remark on Nusrat card',
  'Boss remark on Nusrat KPI',
  'Nusrat disputes her targets',
  'Draft corporate secret card',
  'Draft corporate secret KPI',
  'Draft corporate secret area',
  'Draft corporate progress note',
  'Remark on the draft corporate card',
] as const;

/** Words planted in the records of a corporate scorecard shown to employees: every employee reads them. */
export const SHOWN = ['Shown corporate card', 'Shown corporate KPI', 'Remark on the shown card'] as const;

/**
 * The people of the leak users found: Nusrat, a manager, owns the confidential records; Boss supervises her, Sabbir
 * (an officer) reports to her, Pia is her peer in the same department, Otto works in another business unit, Quinn is
 * a QA member of the plan, and the executive is module admin (the PM committee) of every module.
 */
export interface ConfidentialWorld {
  exec: Client;
  clients: Record<'nusrat' | 'boss' | 'sabbir' | 'pia' | 'otto' | 'quinn', Client>;
  id: Record<'nusrat' | 'boss' | 'sabbir' | 'pia' | 'otto' | 'quinn', number>;
  plan: number;
  /** Nusrat's records by entity name, and a record each of the audit and contract entities nobody of them takes part in */
  records: Record<string, number>;
  /**
   * Every confidential record an outsider must neither list nor read, as [entity, id, what it is]: Nusrat's (her
   * scorecard, its KPI and comments, her agreement in dispute, assessment and its KPI scores, training, labour matter,
   * 360 result), a draft corporate scorecard with its area, KPI, comment and monthly progress, audit and contract records.
   */
  confidential: [string, number, string][];
  /** the records of a corporate scorecard a module admin has made visible: every employee reads them */
  shown: [string, number, string][];
}

export async function confidentialWorld(t: TestStratum, registry: Registry): Promise<ConfidentialWorld> {
  const must = (r: Reply, what: string) => {
    if (r.status !== 200) throw new Error(`confidential records set-up, ${what}: ${r.status} ${r.body.err_msg}`);
    return r.body.data;
  };
  const exec = (
    await t.addCompany('Leak Co', {
      modules: [
        'strategic',
        'performance',
        'personal-development',
        'audit-management',
        'contract-management',
        'degree-360',
      ],
    })
  ).executive;
  const unitA = (await addSample(exec, registry, 'business-unit', { name: 'Unit A' })).record.id;
  const unitB = (await addSample(exec, registry, 'business-unit', { name: 'Unit B' })).record.id;
  const deptA = (await addSample(exec, registry, 'department', { name: 'Dept A', businessUnitId: unitA })).record.id;
  const deptB = (await addSample(exec, registry, 'department', { name: 'Dept B', businessUnitId: unitB })).record.id;
  const names = ['nusrat', 'boss', 'sabbir', 'pia', 'otto', 'quinn'] as const;
  const clients = {} as ConfidentialWorld['clients'];
  const id = {} as ConfidentialWorld['id'];
  for (const who of names) {
    clients[who] = await t.addEmployee(exec, who[0].toUpperCase() + who.slice(1), 'Leak', `${who}@leak.example`);
    id[who] = must(await exec.get(`employee?email=${who}@leak.example`), `find ${who}`).list[0].id;
  }
  const place = async (who: (typeof names)[number], changes: Record<string, number>) => {
    const e = must(await exec.get(`employee/${id[who]}`), `read ${who}`).employee;
    must(await exec.post('employee/update', { id: id[who], version: e.version, ...changes }), `place ${who}`);
  };
  await place('nusrat', { businessUnitId: unitA, departmentId: deptA, supervisorId: id.boss });
  await place('sabbir', { businessUnitId: unitA, departmentId: deptA, supervisorId: id.nusrat });
  await place('pia', { businessUnitId: unitA, departmentId: deptA, supervisorId: id.boss });
  await place('boss', { businessUnitId: unitA, departmentId: deptA });
  await place('otto', { businessUnitId: unitB, departmentId: deptB });
  await place('quinn', { businessUnitId: unitB, departmentId: deptB });

  const strategic = must(
    await exec.post('strategic-plan/add', { description: 'Vision', startDate: isoDay(-400), endDate: isoDay(2000) }),
    'strategic plan',
  ).strategic;
  const plan = must(
    await exec.post('annual-plan/add', {
      name: 'FY',
      strategicPlanId: strategic.id,
      startDate: isoDay(-10),
      endDate: isoDay(354),
    }),
    'annual plan',
  ).annualPlan.id as number;
  must(await exec.post('qa-member/add', { annualPlanId: plan, list: 'Scorecard', employeeId: id.quinn }), 'QA member');
  const records: Record<string, number> = {};
  records['performance-scorecard'] = must(
    await exec.post('performance-scorecard/add', {
      name: MARKERS[0],
      level: 'employee',
      annualPlanId: plan,
      employeeId: id.nusrat,
      includeKeyPerformanceArea: 'No',
    }),
    'scorecard',
  ).scorecard.id;
  const saved = must(
    await exec.post('performance-scorecard/save-kpis', {
      id: records['performance-scorecard'],
      kpis: [{ name: MARKERS[1], kpiType: 'Qualitative', weight: 100 }],
    }),
    'KPIs',
  );
  records['performance-kpi'] = saved.item.kpiList[0].id;
  // Sabbir's own scorecard: the one he may list
  records.sabbirScorecard = must(
    await exec.post('performance-scorecard/add', {
      name: 'Sabbir card',
      level: 'employee',
      annualPlanId: plan,
      employeeId: id.sabbir,
      includeKeyPerformanceArea: 'No',
    }),
    'Sabbir scorecard',
  ).scorecard.id;
  const assessment = must(
    await clients.nusrat.post('performance-assessment/add', {
      scorecardId: records['performance-scorecard'],
      quarterIndex: 0,
      personalNote: `<p>${MARKERS[2]}</p>`,
    }),
    'assessment',
  ).assessment;
  records['performance-assessment'] = assessment.id;
  must(
    await clients.nusrat.post('performance-assessment/save-scores', {
      id: assessment.id,
      scores: [{ kpiId: records['performance-kpi'], selfScore: 4, comment: MARKERS[2] }],
    }),
    'self scores',
  );
  records['kpi-assessment'] = must(
    await exec.get(`kpi-assessment?assessmentId=${assessment.id}`),
    'KPI assessment',
  ).list[0].id;
  records['performance-agreement'] = must(
    await clients.nusrat.post('performance-agreement/add', {
      scorecardId: records['performance-scorecard'],
      personalNote: `<p>${MARKERS[2]}</p>`,
    }),
    'agreement',
  ).agreement.id;
  records['employee-training'] = (
    await addSample(exec, registry, 'employee-training', { employeeId: id.nusrat })
  ).record.id;
  records['labour-matter'] = (
    await addSample(exec, registry, 'labour-matter', { employeeId: id.nusrat, title: MARKERS[3] })
  ).record.id;
  // audit and contract records whose parties (a sample auditor, a contract team without members) are none of them
  for (const name of ['audit-engagement', 'audit-working-paper', 'audit-finding'])
    records[name] = (await addSample(exec, registry, name)).record.id;
  const team = (await addSample(exec, registry, 'contract-team')).record.id;
  records.contract = (await addSample(exec, registry, 'contract', { contractTeamId: team })).record.id;

  // comments on Nusrat's scorecard and KPI by her supervisor: read by whoever reads the scorecard
  records['scorecard-comment'] = must(
    await clients.boss.post('scorecard-comment/add', {
      scorecardId: records['performance-scorecard'],
      authorId: id.boss,
      quarterIndex: 0,
      kind: 'employee',
      comment: MARKERS[4],
    }),
    'scorecard comment',
  ).comment.id;
  records['kpi-comment'] = must(
    await clients.boss.post('kpi-comment/add', {
      kpiId: records['performance-kpi'],
      authorId: id.boss,
      quarterIndex: 0,
      kind: 'employee',
      comment: MARKERS[5],
    }),
    'KPI comment',
  ).comment.id;
  // Nusrat disputes her agreement in the agreement window
  const q1 = must(await exec.get(`quarter?annualPlanId=${plan}&quarterIndex=0`), 'quarter').list[0];
  must(
    await exec.post('quarter/update-agreement', {
      id: q1.id,
      version: q1.version,
      agreementStartDate: isoDay(-1),
      agreementEndDate: isoDay(10),
    }),
    'agreement window',
  );
  must(
    await clients.nusrat.post('performance-agreement/dispute', {
      id: records['performance-agreement'],
      disputedNote: `<p>${MARKERS[6]}</p>`,
    }),
    'dispute',
  );
  // her 360-degree result
  const survey = must(
    await exec.post('survey/add', { name: 'Leak 360', startDate: isoDay(0), endDate: isoDay(30) }),
    'survey',
  ).survey.id;
  records['reviewed-employee'] = must(
    await exec.post('reviewed-employee/add', { surveyId: survey, employeeId: id.nusrat }),
    '360 reviewed employee',
  ).reviewedEmployee.id;

  // a draft corporate scorecard nobody has shown to employees: its area, KPI, comment and monthly progress stay the PM committee's
  const draft = must(
    await exec.post('performance-scorecard/add', {
      name: MARKERS[7],
      level: 'corporate',
      annualPlanId: plan,
      includeKeyPerformanceArea: 'Yes',
    }),
    'draft corporate scorecard',
  ).scorecard.id;
  const area = must(
    await exec.post('performance-kpa/add', { scorecardId: draft, name: MARKERS[9], weight: 100 }),
    'draft area',
  ).keyPerformanceArea.id;
  const draftKpi = must(
    await exec.post('performance-kpi/add', {
      scorecardId: draft,
      keyPerformanceAreaId: area,
      name: MARKERS[8],
      kpiType: 'Quantitative',
      optionType: 'ASC',
      weight: 100,
      target: 10,
    }),
    'draft KPI',
  ).kpi.id;
  const execId = must(await exec.get('auth/me'), 'the executive').user.employeeId as number;
  const draftComment = must(
    await exec.post('scorecard-comment/add', {
      scorecardId: draft,
      authorId: execId,
      quarterIndex: 0,
      kind: 'company',
      comment: MARKERS[11],
    }),
    'draft comment',
  ).comment.id;
  const period = must(await exec.get(`monthly-progress-period?annualPlanId=${plan}&limit=1&sort=startDate`), 'month')
    .list[0];
  must(await exec.post('monthly-progress-period/open', { id: period.id, version: period.version }), 'open month');
  must(
    await exec.post('company-progress/set', {
      periodId: period.id,
      entries: [{ kpiId: draftKpi, actual: 3, comment: MARKERS[10] }],
    }),
    'draft progress',
  );
  const progress = must(await exec.get(`company-progress?kpiId=${draftKpi}`), 'draft progress read').list[0].id;

  // a corporate scorecard the module admin has made visible
  const shownCard = must(
    await exec.post('performance-scorecard/add', {
      name: SHOWN[0],
      level: 'corporate',
      annualPlanId: plan,
      includeKeyPerformanceArea: 'No',
    }),
    'shown scorecard',
  ).scorecard;
  must(
    await exec.post('performance-scorecard/set-visible', {
      id: shownCard.id,
      version: shownCard.version,
      visible: true,
    }),
    'set visible',
  );
  const shownKpi = must(
    await exec.post('performance-kpi/add', {
      scorecardId: shownCard.id,
      name: SHOWN[1],
      kpiType: 'Qualitative',
      weight: 100,
    }),
    'shown KPI',
  ).kpi.id;
  const shownComment = must(
    await exec.post('scorecard-comment/add', {
      scorecardId: shownCard.id,
      authorId: execId,
      quarterIndex: 0,
      kind: 'company',
      comment: SHOWN[2],
    }),
    'shown comment',
  ).comment.id;

  const confidential: [string, number, string][] = [
    ...Object.entries(records)
      .filter(([name]) => name !== 'sabbirScorecard')
      .map(([name, record]): [string, number, string] => [
        name,
        record,
        `${name} (Nusrat's, or of an audit or contract none of them takes part in)`,
      ]),
    ['performance-scorecard', draft, 'the draft corporate scorecard'],
    ['performance-kpa', area, "the draft corporate scorecard's area"],
    ['performance-kpi', draftKpi, "the draft corporate scorecard's KPI"],
    ['scorecard-comment', draftComment, 'a comment on the draft corporate scorecard'],
    ['company-progress', progress, "the draft corporate KPI's monthly progress"],
  ];
  const shown: [string, number, string][] = [
    ['performance-scorecard', shownCard.id, 'the shown corporate scorecard'],
    ['performance-kpi', shownKpi, "the shown corporate scorecard's KPI"],
    ['scorecard-comment', shownComment, 'a comment on the shown corporate scorecard'],
  ];
  return { exec, clients, id, plan, records, confidential, shown };
}
