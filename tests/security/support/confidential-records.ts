import type { Registry } from '../../../engine/metadata/registry.ts';
import { isoDay } from '../../support/iso-day.ts';
import { addSample } from '../../support/sample-records.ts';
import type { Client, Reply, TestStratum } from '../../support/test-stratum.ts';

/** Words planted in Nusrat's confidential records: no reply to anyone who may not read them may carry one. */
export const MARKERS = ['Nusrat confidential card', 'Nusrat secret KPI', 'Nusrat secret note', 'Nusrat labour matter'] as const;

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
}

export async function confidentialWorld(t: TestStratum, registry: Registry): Promise<ConfidentialWorld> {
  const must = (r: Reply, what: string) => {
    if (r.status !== 200) throw new Error(`confidential records set-up, ${what}: ${r.status} ${r.body.err_msg}`);
    return r.body.data;
  };
  const exec = (await t.addCompany('Leak Co', { modules: ['strategic', 'performance', 'personal-development', 'audit-management', 'contract-management'] })).executive;
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

  const strategic = must(await exec.post('strategic-plan/add', { description: 'Vision', startDate: isoDay(-400), endDate: isoDay(2000) }), 'strategic plan').strategic;
  const plan = must(await exec.post('annual-plan/add', { name: 'FY', strategicPlanId: strategic.id, startDate: isoDay(-10), endDate: isoDay(354) }), 'annual plan').annualPlan.id as number;
  must(await exec.post('qa-member/add', { annualPlanId: plan, list: 'Scorecard', employeeId: id.quinn }), 'QA member');
  const records: Record<string, number> = {};
  records['performance-scorecard'] = must(await exec.post('performance-scorecard/add', { name: MARKERS[0], level: 'employee', annualPlanId: plan, employeeId: id.nusrat, includeKeyPerformanceArea: 'No' }), 'scorecard').scorecard.id;
  const saved = must(await exec.post('performance-scorecard/save-kpis', { id: records['performance-scorecard'], kpis: [{ name: MARKERS[1], kpiType: 'Qualitative', weight: 100 }] }), 'KPIs');
  records['performance-kpi'] = saved.item.kpiList[0].id;
  // Sabbir's own scorecard: the one he may list
  records.sabbirScorecard = must(await exec.post('performance-scorecard/add', { name: 'Sabbir card', level: 'employee', annualPlanId: plan, employeeId: id.sabbir, includeKeyPerformanceArea: 'No' }), 'Sabbir scorecard').scorecard.id;
  const assessment = must(await clients.nusrat.post('performance-assessment/add', { scorecardId: records['performance-scorecard'], quarterIndex: 0, personalNote: `<p>${MARKERS[2]}</p>` }), 'assessment').assessment;
  records['performance-assessment'] = assessment.id;
  must(await clients.nusrat.post('performance-assessment/save-scores', { id: assessment.id, scores: [{ kpiId: records['performance-kpi'], selfScore: 4, comment: MARKERS[2] }] }), 'self scores');
  records['kpi-assessment'] = must(await exec.get(`kpi-assessment?assessmentId=${assessment.id}`), 'KPI assessment').list[0].id;
  records['performance-agreement'] = must(await clients.nusrat.post('performance-agreement/add', { scorecardId: records['performance-scorecard'], personalNote: `<p>${MARKERS[2]}</p>` }), 'agreement').agreement.id;
  records['employee-training'] = (await addSample(exec, registry, 'employee-training', { employeeId: id.nusrat })).record.id;
  records['labour-matter'] = (await addSample(exec, registry, 'labour-matter', { employeeId: id.nusrat, title: MARKERS[3] })).record.id;
  // audit and contract records whose parties (a sample auditor, a contract team without members) are none of them
  for (const name of ['audit-engagement', 'audit-working-paper', 'audit-finding']) records[name] = (await addSample(exec, registry, name)).record.id;
  const team = (await addSample(exec, registry, 'contract-team')).record.id;
  records.contract = (await addSample(exec, registry, 'contract', { contractTeamId: team })).record.id;
  return { exec, clients, id, plan, records };
}
