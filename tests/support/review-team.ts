import { isoDay } from './iso-day.ts';
import type { Client, Reply, TestStratum } from './test-stratum.ts';

export interface ReviewTeam {
  /** the executive: the PM committee, admin of the performance module */
  exec: Client;
  sam: Client;
  emma: Client;
  olga: Client;
  eric?: Client;
  /** the employees' ids by first name in lower case */
  id: Record<string, number>;
  plan: Record<string, any> & { id: number };
}

/**
 * The team the performance review suites start from: a company with the strategic and performance modules; Sam
 * supervises Emma (and Eric, when asked for, whose acting supervisor is Olga; otherwise Olga is nobody's); and an
 * annual plan that started ten days ago, so that today lies in its first quarter.
 */
export async function reviewTeam(t: TestStratum, company: string, { eric = false } = {}): Promise<ReviewTeam> {
  const must = (r: Reply, what: string) => {
    if (r.status !== 200) throw new Error(`review team set-up, ${what}: ${r.status} ${r.body.err_msg}`);
    return r.body.data;
  };
  const domain = `${company.toLowerCase()}.example`;
  const exec = (await t.addCompany(company, { modules: ['strategic', 'performance'] })).executive;
  const people: [string, string][] = [
    ['Sam', 'Super'],
    ['Emma', 'Ployee'],
    ...(eric ? [['Eric', 'Second'] as [string, string]] : []),
    ['Olga', eric ? 'Acting' : 'Other'],
  ];
  const clients: Record<string, Client> = {};
  const id: Record<string, number> = {};
  for (const [first, last] of people) {
    const who = first.toLowerCase();
    clients[who] = await t.addEmployee(exec, first, last, `${who}@${domain}`);
    id[who] = must(await exec.get(`employee?email=${who}@${domain}`), `find ${first}`).list[0].id;
  }
  const update = async (who: string, command: string, changes: Record<string, number>) => {
    const e = must(await exec.get(`employee/${id[who]}`), `read ${who}`).employee;
    must(await exec.post(`employee/${command}`, { id: id[who], version: e.version, ...changes }), `${command} ${who}`);
  };
  for (const who of eric ? ['emma', 'eric'] : ['emma']) await update(who, 'update', { supervisorId: id.sam });
  if (eric) await update('eric', 'set-acting-supervisor', { actingSupervisorId: id.olga });
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
  ).annualPlan;
  return { exec, sam: clients.sam, emma: clients.emma, olga: clients.olga, eric: clients.eric, id, plan };
}
